"""Global 1940's rocket and paratrooper forms in headless Chromium on a 375×812 phone (G40-TECH-09,
G40-TECH-10): the organiser starts from an uploaded position where Germany holds both advances;
Germany's player fires a rocket at an installation and drops an infantry on a territory its land
units do not attack yet, which the phase's requirements then name; nothing scrolls sideways."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.games.aa.global1940.data import global1940
from tests.browser.aa_helpers import G40_ALLIES, G40_AXIS, PHONE, start_game

pytestmark = pytest.mark.browser

ALLIES, AXIS = G40_ALLIES, G40_AXIS


def advances_position() -> dict[str, Any]:
    position: dict[str, Any] = copy.deepcopy(global1940().setup())
    position.update(power="germany", phase="combat_move",
                    research={"germany": {"advances": ["rockets", "paratroopers"]}})
    return position


def test_G40_TECH_09_10_rocket_and_paradrop_forms_on_a_phone(browser, live_server, artifacts) -> None:
    allies, axis, game_url = start_game(browser, live_server, PHONE, "advances", "Rockets and paratroopers",
                                        "global1940", {}, ALLIES, AXIS, advances_position(), checks=("research",))
    assert "aa-rocket" not in allies.page.content()  # only the power that may fire sees the forms

    axis.goto(game_url)
    page = axis.page
    page.locator("#orders").screenshot(path=str(artifacts / "g40-advances-phone.png"))
    page.select_option("#rocket-1", "Scotland|air_base")
    axis.order("#rocket-form-1 button[type=submit]")
    assert "Order accepted." in page.locator("#order-status").inner_text()
    assert not page.locator("#rocket-form-1").count()  # one rocket per air base and turn
    page.select_option("#paradrop-1", "United Kingdom")
    axis.order("#paradrop-form-1 button[type=submit]")
    assert "Order accepted." in page.locator("#order-status").inner_text()
    assert "(1 left this turn)" in page.locator("#paradrop-form-1").inner_text()
    assert "G40-TECH-10" in page.locator(".aa-requirements").inner_text()  # a land attack is still needed
