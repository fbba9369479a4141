"""End to end in headless Chromium: two players register, create an A&A 1941 game and play the first
round's Soviet and German turns by clicking (purchase, a combat move on the map, a battle with
casualties, a placement), on a desktop screen and on a 375×812 phone without sideways scrolling.

The game uses low-luck dice, so the first round of each battle certainly asks the attacker to
choose a casualty (one hit against infantry and a tank); later rounds depend on the dice and the
test simply plays on until the battle is over.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.aa_helpers import DESKTOP, PHONE, Screen, end_phase, fight, move, start_game

pytestmark = pytest.mark.browser


def axe_check(screen: Screen) -> None:
    results = Axe().run(screen.page)
    critical = [v["id"] for v in results.response["violations"] if v["impact"] == "critical"]
    assert not critical, results.generate_report()


def play_first_round(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path,
                     checks: bool) -> None:
    allies, axis, game_url = start_game(browser, base, viewport, tag, f"Barbarossa {tag}")
    page = allies.page

    # Soviet purchase: an illegal list first (the engine's message and rule ID), then 2 infantry
    page.fill("#buy-battleship", "1")
    assert page.locator("#purchase-left").inner_text() == "-9"
    allies.click(name="Buy these units")
    assert "AA41-PUR-02" in page.locator("#order-error").inner_text()
    assert page.locator("#orders #order-error").count()  # the refusal is shown in the orders panel
    page.fill("#buy-battleship", "0")
    page.fill("#buy-infantry", "2")
    assert page.locator("#purchase-total").inner_text() == "6"
    allies.click(name="Buy these units", orders=True)
    if checks:
        axe_check(allies)
    end_phase(allies)

    # Soviet combat move: Russia's infantry and tank and Caucasus' tank attack West Russia
    move(allies, "Russia", {"infantry": "all", "tank": "all"}, "West Russia", "a battle will be fought there")
    move(allies, "Caucasus", {"tank": "all"}, "West Russia", "a battle will be fought there")
    page.locator("#board-wrap").screenshot(path=str(artifacts / f"board-{tag}.png"))
    end_phase(allies)
    assert fight(allies, artifacts / f"battle-{tag}.png") >= 1
    report = page.locator("#aa-page").inner_text()
    assert "Casualties of the" in report and re.search(r"Round 1", report)
    assert page.locator("#aa-page .die").count() >= 1  # low luck: a die for the remainder (strength 9)
    end_phase(allies)  # combat
    end_phase(allies)  # noncombat move
    page.select_option("#place-unit", "infantry")
    page.fill("#place-count", "2")
    page.select_option("#place-at", "Russia")
    allies.click(name="Place", orders=True)
    assert "Soviet Union places 2 infantry in Russia" in (page.locator(".aa-turn-log").text_content() or "")
    end_phase(allies)  # mobilize: the turn ends

    # German turn
    axis.goto(game_url)
    gpage = axis.page
    assert "Round 1: Germany, purchase units" in gpage.locator(".aa-turn").inner_text()
    gpage.fill("#buy-tank", "2")
    axis.click(name="Buy these units", orders=True)
    end_phase(axis)
    if checks:  # the board is reachable by keyboard: Tab from the zoom tools lands on a territory
        gpage.locator("[data-zoom=reset]").focus()
        gpage.keyboard.press("Tab")
        focused = gpage.evaluate("document.activeElement.dataset.space")
        assert focused, gpage.evaluate("document.activeElement.outerHTML.slice(0, 200)")
        gpage.keyboard.press("Enter")
        assert gpage.locator("#space-panel-h").inner_text() == focused
        gpage.locator("#space-panel-close").click()
    target = move(axis, "Eastern Europe", {"infantry": "all", "tank": "all"}, None, "a battle will be fought there")
    end_phase(axis)
    assert fight(axis, None) >= 1
    assert f"Battle in {target}" in gpage.locator("#aa-page").inner_text()
    end_phase(axis)
    end_phase(axis)
    gpage.select_option("#place-unit", "tank")
    gpage.fill("#place-count", "2")
    gpage.select_option("#place-at", "Germany")
    axis.click(name="Place", orders=True)
    end_phase(axis)
    assert "Round 1: United Kingdom" in gpage.locator(".aa-turn").inner_text()
    if checks:
        axe_check(axis)
    gpage.locator("#view-h").scroll_into_view_if_needed()
    gpage.screenshot(path=str(artifacts / f"game-{tag}.png"))

    # history: "since your last turn" for the Soviet player shows the German turn, step by step
    allies.goto(game_url)
    page.get_by_role("link", name="Since your last turn").click()
    allies.settled()
    log = page.locator(".history-log").inner_text()
    assert "Germany buys 2 tanks" in log and f"Battle in {target}" in log
    first = page.locator("#history-at").inner_text()
    page.locator("#history-next").click()
    page.wait_for_function("(t) => document.getElementById('history-at').textContent !== t", arg=first)
    assert page.locator("#board-at-h").inner_text() != "The board at event " + first.split()[-1]
    assert "Soviet Union" in page.locator(".chart table").inner_text()
    page.screenshot(path=str(artifacts / f"history-{tag}.png"))
    if checks:
        axe_check(allies)
        allies.goto(game_url.rstrip("/") + "/standing?seat=ussr")
        axe_check(allies)
    allies.context.close()
    axis.context.close()


def test_first_round_by_clicking_on_a_desktop(browser, live_server, artifacts) -> None:
    play_first_round(browser, live_server, DESKTOP, "desktop", artifacts, checks=True)


def test_first_round_by_clicking_on_a_phone(browser, live_server, artifacts) -> None:
    play_first_round(browser, live_server, PHONE, "phone", artifacts, checks=False)
