"""Anniversary Edition's board in headless Chromium, on a desktop and on a 375×812 phone: a click
at the label point of every one of its 162 spaces (the map dragged there first when it is off
screen) opens that space's panel, islands inside their sea zones included; the page stays small."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, PHONE, click_space, start_game
from tests.browser.test_play_anniversary import ALLIES, AXIS, OPTIONS

pytestmark = pytest.mark.browser


def click_every_space(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path) -> None:
    from pbem.ui.aa.board_svg import board_data

    allies, axis, game_url = start_game(browser, base, viewport, tag, f"Every space {tag}", "anniversary", OPTIONS,
                                        ALLIES, AXIS)
    axis.context.close()
    page = allies.page
    size = page.evaluate("document.documentElement.outerHTML.length")
    assert size < 400_000, size
    spaces = board_data("anniversary")["spaces"]
    assert len(spaces) == 162
    opened = []
    for name in sorted(spaces):
        click_space(allies, name)
        heading = page.locator("#space-panel-h")
        heading.wait_for()
        assert heading.inner_text() == name, (name, heading.inner_text())
        opened.append(name)
        page.locator("#space-panel-close").click()
    assert len(opened) == 162
    page.locator("#board-wrap").screenshot(path=str(artifacts / f"anniversary-board-{tag}.png"))
    allies.context.close()


def test_AAE_MAP_every_space_opens_from_its_label_point_on_a_desktop(browser, live_server, artifacts) -> None:
    click_every_space(browser, live_server, DESKTOP, "aae-board-desktop", artifacts)


def test_AAE_MAP_every_space_opens_from_its_label_point_on_a_phone(browser, live_server, artifacts) -> None:
    click_every_space(browser, live_server, PHONE, "aae-board-phone", artifacts)
