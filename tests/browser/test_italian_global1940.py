"""An Italian club plays Global 1940 in headless Chromium: the new-game form, the game page with
its table of treasuries and wars, the map's space panel (a neutral, installations), Germany's
purchase, declaration of war and combat move, the standing orders with the defender's choices and
the history read Italian, with no English phrase of any message catalog (``tests/i18n_leaks.py``).
Shares the server and helpers of ``tests/browser/test_italian_aa.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, PHONE, Screen, click_space
from tests.browser.test_italian_aa import leaks, register, server, submit, take_seats, text_of

pytestmark = pytest.mark.browser
__all__ = ["server"]  # the fixture, shared


def test_G40_an_italian_player_reads_no_english(browser: Any, server: tuple[str, Any], artifacts: Path) -> None:
    base, _app = server
    allies, axis = Screen(browser, base, PHONE, "global1940"), Screen(browser, base, DESKTOP, "global1940")
    register(allies, "carla-g40@club.example.org", "Carla")
    register(axis, "bruno-g40@club.example.org", "Bruno")
    found: list[str] = []

    axis.goto("/games/new?ruleset=global1940")
    found += leaks("new game form", text_of(axis))
    axis.page.fill("#title", "Globale")
    axis.page.select_option("#opt_dice", "low_luck")
    submit(axis, 'form[method=post][action$="/games/new"]')
    game_url = axis.page.url
    take_seats(axis, ("germany", "japan", "italy"))
    allies.goto(game_url)
    take_seats(allies, ("ussr", "usa", "china", "uk", "anzac", "france"))
    axis.goto(game_url)
    submit(axis, 'form[action$="/start"]')
    page = axis.page
    start = text_of(axis)
    found += leaks("game page at the start", start)
    assert "Regno Unito (Europa)" in start and "In guerra con" in start and "nessuno (neutrale)" in start
    for space in ("Spain", "France"):
        click_space(axis, space)
        panel = page.locator("#space-panel").inner_text()
        found += leaks(f"space panel of {space}", panel)
        page.locator("#space-panel-close").click()
    click_space(axis, "Spain")
    assert "neutrale stretto" in page.locator("#space-panel").inner_text()
    page.locator("#space-panel-close").click()

    page.fill("#buy-infantry", "1")
    submit(axis, "#purchase-form")
    with page.expect_navigation():
        page.locator("#end-phase").click()
    axis.settled()
    page.select_option("#declare-target", "ussr")
    submit(axis, "#declare-form")
    log = page.locator(".aa-turn-log").text_content() or ""
    assert "Germania dichiara guerra all'Unione Sovietica" in log, log[-600:]
    found += leaks("game page after the declaration", text_of(axis))
    page.screenshot(path=str(artifacts / "italian-global1940.png"), full_page=True)
    axis.goto(game_url.split("?")[0] + "/history?from=1")
    found += leaks("history", text_of(axis))
    allies.goto(game_url.split("?")[0] + "/standing?seat=uk")
    standing = text_of(allies)
    found += leaks("standing orders", standing)
    assert "Decollo su allarme" in standing
    allies.goto(game_url)
    found += leaks("game page of the other player, on a phone", text_of(allies))
    assert not found, found
