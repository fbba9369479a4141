"""Issue 17: the "Odds" button of the A&A move builder opens the battle odds calculator filled with
the units picked on the map and the defenders the page shows in the target, and the result
appears; on a desktop and on a 375x812 phone, without sideways scrolling. Screenshots:
``test-artifacts/odds-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, PHONE, click_space, end_phase, pick, start_game

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
