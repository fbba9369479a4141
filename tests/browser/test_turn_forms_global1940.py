"""Global 1940 in headless Chromium, from uploaded positions, as a new player meets them: on a
375×812 phone Japan builds the minor complex it bought in Korea by choosing it in the Mobilize
panel (G40-PUR-04), then places its transport in SZ 6 without being asked which complex counts it
(G40-MOB-02); on a desktop Germany reads where its tanks may go "(1 movement point)" and how many
IPCs it may spend; nothing scrolls sideways."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.games.aa.global1940.data import global1940
from tests.browser.aa_helpers import DESKTOP, G40_ALLIES, G40_AXIS, PHONE, Screen, click_space, pick, place, start_game

pytestmark = pytest.mark.browser

ALLIES, AXIS = G40_ALLIES, G40_AXIS


def uploaded_game(browser: Any, base: str, viewport: dict[str, int], tag: str,
                  changes: dict[str, Any]) -> tuple[Screen, str]:
    """Two players; the organiser starts from the rulebook setup with ``changes``. Returns the Axis tab."""
    position: dict[str, Any] = copy.deepcopy(global1940().setup())
    position.update(changes)
    allies, axis, game_url = start_game(browser, base, viewport, tag, f"Global 1940 {tag}", "global1940", {},
                                        ALLIES, AXIS, position)
    allies.context.close()
    return axis, game_url


def test_G40_PUR_04_japan_builds_its_complex_and_places_a_ship_on_a_phone(browser, live_server, artifacts,
                                                                         tmp_path) -> None:
    axis, game_url = uploaded_game(browser, live_server, PHONE, "g40-build", {
        "power": "japan", "phase": "mobilize", "bought": {"transport": 1}, "mobilizing": "japan",
        "to_build": {"minor_complex": 1}})
    axis.goto(game_url + "?seat=japan")
    page = axis.page
    panel = page.locator("#orders")
    assert "Installations to build" in panel.inner_text()
    page.select_option("#build-at-1", "Korea")
    panel.screenshot(path=str(artifacts / "g40-build-phone.png"))
    axis.order("#build-form-1 button[type=submit]")
    assert "Order accepted." in page.locator("#order-status").inner_text()
    assert "Japan builds in Korea: minor industrial complex" in page.locator(".aa-turn-log").text_content()
    assert not page.locator("#place-factory").count()  # Korea's new complex places nothing this turn
    place(axis, "transport", 1, "SZ 6")
    assert "Order accepted." in page.locator("#order-status").inner_text(), page.locator("#orders").inner_text()
    axis.context.close()


def test_G40_CM_the_move_form_counts_movement_points_and_the_purchase_form_the_ipcs(browser, live_server,
                                                                                   artifacts, tmp_path) -> None:
    axis, game_url = uploaded_game(browser, live_server, DESKTOP, "g40-points", {})
    axis.goto(game_url)
    page = axis.page
    assert "IPCs to spend: 30." in page.locator("#purchase-form").inner_text()
    cost = page.locator("#purchase-form thead th").nth(1)
    lines = "(e) => { const r = document.createRange(); r.selectNodeContents(e); return r.getClientRects().length; }"
    assert cost.inner_text() == "Cost" and cost.evaluate(lines) == 1  # not "Co / st" on two lines
    axis.order("#end-phase")
    click_space(axis, "Holland Belgium")
    pick(axis, {"tank": 1})
    page.locator("#where-button").click()
    page.locator(".dest-list button").first.wait_for()
    choices = page.locator(".dest-list").inner_text()
    assert "France: a battle will be fought there (1 movement point)" in choices, choices
    page.locator("#space-panel").screenshot(path=str(artifacts / "g40-destinations.png"))
    axis.context.close()
