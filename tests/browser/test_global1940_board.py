"""Global 1940's board in headless Chromium, on a desktop and on a 375×812 phone: a click at the
label point of every one of its 332 spaces (the map dragged there first when it is off screen)
opens that space's panel, islands inside their sea zones and spaces split by the map's east-west
wrap included; the page the browser holds stays under 400 KB."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, PHONE, click_space, start_game
from tests.browser.test_play_global1940 import ALLIES, AXIS, OPTIONS

pytestmark = pytest.mark.browser


def click_every_space(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path) -> None:
    from pbem.ui.aa.board_svg import board_data

    allies, axis, game_url = start_game(browser, base, viewport, tag, f"Every space {tag}", "global1940", OPTIONS,
                                        ALLIES, AXIS)
    axis.context.close()
    page = allies.page
    size = page.evaluate("new TextEncoder().encode(document.documentElement.outerHTML).length")
    assert size < 400 * 1024, size
    spaces = board_data("global1940")["spaces"]
    assert len(spaces) == 332
    missed = []
    for name in sorted(spaces):
        try:
            click_space(allies, name)
        except AssertionError as problem:
            missed.append(str(problem)[:200])
            continue
        heading = page.locator("#space-panel-h")
        heading.wait_for()
        if heading.inner_text() != name:
            missed.append(f"{name}: opened {heading.inner_text()}")
        page.locator("#space-panel-close").click()
    assert not missed, missed[:10]
    page.locator("#board-wrap").screenshot(path=str(artifacts / f"g40-every-space-{tag}.png"))
    allies.context.close()


def test_G40_MAP_every_space_opens_from_its_label_point_on_a_desktop(browser, live_server, artifacts) -> None:
    click_every_space(browser, live_server, DESKTOP, "g40-board-desktop", artifacts)


def test_G40_MAP_every_space_opens_from_its_label_point_on_a_phone(browser, live_server, artifacts) -> None:
    click_every_space(browser, live_server, PHONE, "g40-board-phone", artifacts)
