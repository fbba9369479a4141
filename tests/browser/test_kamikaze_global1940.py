"""End to end in headless Chromium: Japan's kamikaze attack (G40-KAMI-01…06) chosen by clicking,
on a desktop screen and on a 375×812 phone without sideways scrolling. The game starts from an
uploaded position in the United States' Combat Move of round 3 (at war with Japan): the US fighters
fly from their carrier in SZ 19 to attack Okinawa, a kamikaze island, while its battleship, cruiser
and carrier wait in SZ 19; Japan's player opens the defence form, raises the attacks on the
battleship with a click and sends it; the strike is told in the log before the battle is fought.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, G40_ALLIES, G40_AXIS, PHONE, end_phase, fight, move, start_game

pytestmark = pytest.mark.browser

ALLIES, AXIS = G40_ALLIES, G40_AXIS
#: The US Combat Move of round 3: the fleet in SZ 19, next to Okinawa (docs/aa_position.schema.json).
POSITION: dict[str, Any] = {
    "round": 3, "power": "usa", "phase": "combat_move",
    "units": {"SZ 19": [{"type": "battleship", "owner": "usa"}, {"type": "cruiser", "owner": "usa"},
                        {"type": "carrier", "owner": "usa"}, {"type": "fighter", "owner": "usa", "count": 2}],
              "Okinawa": [{"type": "infantry", "owner": "japan"}],
              "Japan": [{"type": "infantry", "owner": "japan", "count": 3}],
              "Western United States": [{"type": "infantry", "owner": "usa", "count": 3}]},
    "wars": [["japan", "usa"], ["japan", "uk"], ["japan", "anzac"], ["japan", "china"]],
}


def kamikaze_by_clicking(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path) -> None:
    allies, axis, game_url = start_game(browser, base, viewport, tag, f"Kamikaze {tag}", "global1940",
                                        {"dice": "low_luck"}, ALLIES, AXIS, position=POSITION)
    page = allies.page
    assert "Round 3: United States, combat move" in page.locator(".aa-turn").inner_text()
    move(allies, "SZ 19", {"fighter": "all"}, "Okinawa", "a battle will be fought there")
    end_phase(allies)
    assert "Japan" in page.locator("#orders").inner_text()  # the defender decides before the battles

    axis.goto(game_url)
    form = axis.page.locator("#defence-form")
    assert form.count(), axis.page.locator("#orders").inner_text()
    battleship = form.get_by_label("Attacks on battleship")
    assert battleship.input_value() == "0"  # the standing orders: no kamikaze attack
    battleship.click()
    axis.page.keyboard.press("ArrowUp")  # one attack on the battleship, by hand
    assert battleship.input_value() == "1"
    form.screenshot(path=str(artifacts / f"g40-kamikaze-form-{tag}.png"))
    axis.order("#defence-form button[type=submit]")
    told = axis.page.locator(".aa-turn-log").text_content() or ""
    assert "Japan makes 1 kamikaze attack in SZ 19" in told, told[-800:]
    assert "Japan defends with: 1 kamikaze attack" in told, told[-800:]
    axis.page.screenshot(path=str(artifacts / f"g40-kamikaze-page-{tag}.png"), full_page=True)

    allies.goto(game_url)
    assert "conduct combat" in page.locator(".aa-turn").inner_text()
    fight(allies, artifacts / f"g40-kamikaze-battle-{tag}.png")
    history = page.locator(".aa-turn-log").text_content() or ""
    assert "Battle in Okinawa is over" in history, history[-800:]
    allies.context.close()
    axis.context.close()


def test_G40_KAMI_japan_chooses_a_kamikaze_attack_by_clicking_on_a_desktop(browser, live_server, artifacts) -> None:
    kamikaze_by_clicking(browser, live_server, DESKTOP, "g40-kamikaze-desktop", artifacts)


def test_G40_KAMI_japan_chooses_a_kamikaze_attack_by_clicking_on_a_phone(browser, live_server, artifacts) -> None:
    kamikaze_by_clicking(browser, live_server, PHONE, "g40-kamikaze-phone", artifacts)
