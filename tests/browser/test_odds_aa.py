"""Issue 17: the "Odds" button of the A&A move builder opens the battle odds calculator filled with
the units picked on the map and the defenders the page shows in the target, and the result
appears; on a desktop and on a 375x812 phone, without sideways scrolling; in Global 1940 with both
sides' research advances and the paratroopers dropped there. Screenshots:
``test-artifacts/odds-*.png``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from pbem.games.aa.global1940.data import global1940
from tests.browser.aa_helpers import DESKTOP, PHONE, Screen, click_space, end_phase, pick, register, start_game

pytestmark = pytest.mark.browser


def open_odds_from_the_move_builder(browser: Any, base: str, viewport: dict[str, int], tag: str,
                                    artifacts: Path) -> None:
    allies, axis, _game_url = start_game(browser, base, viewport, f"odds-{tag}", f"Odds {tag}")
    page = allies.page
    end_phase(allies)  # purchase: nothing bought
    # Soviet combat move: Russia's infantry and tanks towards West Russia (German units there)
    click_space(allies, "Russia")
    russia = page.evaluate("JSON.parse(document.getElementById('aa-data').textContent).spaces")
    mine = [u for u in russia["Russia"]["units"] if u["owner"] == "ussr" and not u.get("aboard")]
    foes = [u for u in russia["West Russia"]["units"] if u["owner"] in ("germany", "japan")]
    picked = {"infantry": 2, "tank": "all"}
    pick(allies, picked)
    page.locator("#where-button").click()
    page.locator(".dest-list button").first.wait_for()
    click_space(allies, "West Russia")
    confirm = page.locator(".move-confirm")
    assert "a battle will be fought there" in confirm.inner_text()
    button = confirm.locator("#odds-button")
    assert button.inner_text() == "Odds"
    confirm.screenshot(path=str(artifacts / f"odds-button-{tag}.png"))
    with allies.context.expect_page() as opened:
        button.click()
    calc = opened.value
    calc.wait_for_load_state("load")
    calc.locator("#odds-result").wait_for()
    # filled from the board: the picked units attack, the enemy units in West Russia defend
    tanks = sum(1 for u in mine if u["type"] == "tank")
    assert calc.input_value("#odds-a-infantry") == "2"
    assert calc.input_value("#odds-a-tank") == str(tanks)
    for utype in {u["type"] for u in foes}:
        assert calc.input_value(f"#odds-d-{utype}") == str(sum(1 for u in foes if u["type"] == utype))
    wins = calc.locator("#odds-attacker-wins").inner_text()
    assert wins.endswith("%") and 0 <= float(wins[:-1]) <= 100
    assert calc.locator("#odds-method").inner_text() == "Exact odds."
    assert calc.locator("#odds-chart-attacker rect").count() >= 1
    wide = calc.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"the calculator scrolls sideways: {wide}"
    calc.screenshot(path=str(artifacts / f"odds-page-{tag}.png"), full_page=True)
    # the calculator answers a changed form too (no script needed: a GET form)
    calc.fill("#odds-a-tank", "0")
    with calc.expect_navigation():
        calc.locator("#odds-go").click()
    assert float(calc.locator("#odds-attacker-wins").inner_text()[:-1]) < float(wins[:-1])
    allies.context.close()
    axis.context.close()


def test_odds_button_fills_the_calculator_from_the_move_builder_on_a_desktop(browser, live_server, artifacts):
    open_odds_from_the_move_builder(browser, live_server, DESKTOP, "desktop", artifacts)


def test_odds_button_fills_the_calculator_from_the_move_builder_on_a_phone(browser, live_server, artifacts):
    open_odds_from_the_move_builder(browser, live_server, PHONE, "phone", artifacts)


def test_G40_TECH_10_odds_button_passes_both_sides_advances_and_the_paratroopers(browser, live_server, artifacts,
                                                                                tmp_path) -> None:
    """Global 1940: Germany (Heavy Bombers, Paratroopers) drops an infantry on Normandy Bordeaux
    (France: Radar, an AA gun), then picks a tank to attack it: the calculator opens with the
    paratrooper among the attackers, both sides' advances ticked, and the odds worked out."""
    position: dict[str, Any] = copy.deepcopy(global1940().setup())
    position.update(power="germany", phase="combat_move",
                    research={"germany": {"advances": ["heavy_bombers", "paratroopers"]},
                              "france": {"advances": ["radar"]}})
    position["units"]["Normandy Bordeaux"] = [{"type": "infantry", "owner": "france"},
                                              {"type": "aa_gun", "owner": "france"}]
    start = tmp_path / "paratroopers.json"
    start.write_text(json.dumps(position), encoding="utf-8")
    allies, axis = (Screen(browser, live_server, DESKTOP, "global1940") for _ in range(2))
    register(allies, "alleati-odds-g40@example.com", "Alleati")
    register(axis, "asse-odds-g40@example.com", "Asse")
    allies.goto("/games/new?ruleset=global1940")
    allies.page.fill("#title", "Odds with research")
    allies.page.check("#opt_research")
    allies.click(name="Create the game")
    game_url = allies.page.url
    for seat in ("Soviet Union", "United States", "China", "United Kingdom", "ANZAC", "France"):
        allies.click(name=f"Take seat {seat}")
    axis.goto(game_url)
    for seat in ("Germany", "Japan", "Italy"):
        axis.click(name=f"Take seat {seat}")
    allies.goto(game_url)
    allies.page.set_input_files("#start-position", str(start))
    allies.click(name="Start the game")
    axis.goto(game_url)
    page = axis.page
    page.select_option("#paradrop-1", "Normandy Bordeaux")
    axis.order("#paradrop-form-1 button[type=submit]")
    assert "Order accepted." in page.locator("#order-status").inner_text()
    click_space(axis, "Holland Belgium")
    pick(axis, {"tank": 1})
    page.locator("#where-button").click()
    page.locator(".dest-list button").first.wait_for()
    click_space(axis, "Normandy Bordeaux")
    confirm = page.locator(".move-confirm")
    assert "a battle will be fought there" in confirm.inner_text()
    with axis.context.expect_page() as opened:
        confirm.locator("#odds-button").click()
    calc = opened.value
    calc.wait_for_load_state("load")
    calc.locator("#odds-result").wait_for()
    assert calc.input_value("#odds-a-tank") == "1" and calc.input_value("#odds-a-infantry") == "1"
    assert calc.input_value("#odds-p-infantry") == "1"  # the paratrooper dropped there (G40-AA-07)
    assert calc.input_value("#odds-d-infantry") == "1" and calc.input_value("#odds-d-aa_gun") == "1"
    assert calc.is_checked("#odds-aadv-heavy_bombers") and calc.is_checked("#odds-aadv-paratroopers")
    assert calc.is_checked("#odds-dadv-radar") and not calc.is_checked("#odds-aadv-radar")
    assert calc.locator("#odds-method").inner_text() == "Exact odds."
    calc.locator("#odds-research").screenshot(path=str(artifacts / "odds-research-g40.png"))
    allies.context.close()
    axis.context.close()
