"""An Italian club plays Anniversary Edition in headless Chromium: the new-game form with the
edition's options (scenario, victory cities, research, national objectives), the game page, the
map's space panel, the German player's first phases and the history read Italian, with no English
phrase of any message catalog (``tests/i18n_leaks.py``). The A&A 1941 run is
``tests/browser/test_italian_aa.py``, whose server and helpers this one shares."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, PHONE, Screen, click_space
from tests.browser.test_italian_aa import leaks, register, server, submit, take_seats, text_of

pytestmark = pytest.mark.browser
__all__ = ["server"]  # the fixture, shared


def test_AAE_an_italian_player_reads_no_english(browser: Any, server: tuple[str, Any], artifacts: Path) -> None:
    base, _app = server
    allies, axis = Screen(browser, base, PHONE, "anniversary"), Screen(browser, base, DESKTOP, "anniversary")
    register(allies, "carla-aae@club.example.org", "Carla")
    register(axis, "bruno-aae@club.example.org", "Bruno")
    found: list[str] = []

    axis.goto("/games/new?ruleset=anniversary")
    form = text_of(axis)
    found += leaks("new game form", form)
    assert axis.page.locator("#opt_scenario option").count() == 2
    axis.page.fill("#title", "Anniversario")
    axis.page.select_option("#opt_scenario", "1941")
    axis.page.select_option("#opt_dice", "low_luck")
    submit(axis, 'form[method=post][action$="/games/new"]')
    game_url = axis.page.url
    found += leaks("game page while forming", text_of(axis))
    take_seats(axis, ("germany", "japan", "italy"))
    allies.goto(game_url)
    take_seats(allies, ("ussr", "uk", "usa", "china"))
    axis.goto(game_url)
    submit(axis, 'form[action$="/start"]')
    page = axis.page
    start = text_of(axis)
    found += leaks("game page at the start", start)
    assert "Germania" in start and "Cina" in start and "Italia" in start
    click_space(axis, "Italy")
    panel = page.locator("#space-panel").inner_text()
    found += leaks("space panel", panel)
    page.locator("#space-panel-close").click()

    page.fill("#research-tokens", "1")  # research: one token, rolled at once
    submit(axis, "#research-form")
    if page.locator("#chart-form").count():  # a breakthrough: the chart
        found += leaks("chart choice", text_of(axis))
        submit(axis, "#chart-form")
    assert "Germania acquista 1 ricercatore per 5 IPC" in (page.locator(".aa-turn-log").text_content() or "")
    found += leaks("game page after research", text_of(axis))
    for _phase in range(2):  # research, purchase (nothing bought)
        with page.expect_navigation():
            page.locator("#end-phase").click()
        axis.settled()
        found += leaks("game page after a phase", text_of(axis))
    page.screenshot(path=str(artifacts / "italian-anniversary.png"), full_page=True)
    axis.goto(game_url.split("?")[0] + "/history?from=1")
    found += leaks("history", text_of(axis))
    allies.goto(game_url)
    found += leaks("game page of the other player, on a phone", text_of(allies))
    assert not found, found
