"""Acceptance (issue 10): a club plays a whole round of A&A 1941 by clicking, on a desktop and on a
375×812 phone.

Every one of the 120 spaces opens when its label point on the map is clicked (the islands
included: they are drawn above their sea zones). Then the five powers play round 1: the Soviet
Union attacks West Russia and retreats after the first round; Germany attacks from Eastern
Europe; the United Kingdom buys and places; Japan loads two infantry from Japan onto its
transport, sends a fighter whose landing plan it changes, and declares an amphibious assault on
Siberia (the form offers only the loaded transport, no carrier, and only Siberia); the United
States loads infantry, sails and unloads them in Eastern Canada. After every order the orders
panel is on screen with the message; no page scrolls sideways. Low-luck dice make the first
round of each battle certain (a casualty choice, pre-set to the standing orders); the later
rounds depend on the dice and the script plays on until each battle ends.

Screenshots are kept in ``test-artifacts/club-<run>-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem.ui.aa.board_svg import board_data
from tests.browser.aa_helpers import (
    DESKTOP,
    PHONE,
    Screen,
    buy,
    click_space,
    end_phase,
    fight,
    move,
    place,
    start_game,
)

pytestmark = pytest.mark.browser


def every_space_opens(screen: Screen) -> None:
    page = screen.page
    for name in board_data()["spaces"]:
        click_space(screen, name)
        assert page.locator("#space-panel-h").inner_text() == name, name


def turn_line(screen: Screen) -> str:
    return screen.page.locator(".aa-turn").inner_text()


def shot(screen: Screen, artifacts: Path, tag: str, what: str, full: bool = False) -> None:
    screen.page.screenshot(path=str(artifacts / f"club-{tag}-{what}.png"), full_page=full)


def soviet_turn(allies: Screen, artifacts: Path, tag: str) -> None:
    page = allies.page
    buy(allies, {"infantry": 2})
    assert "Order accepted." in page.locator("#order-status").inner_text()
    shot(allies, artifacts, tag, "1-purchase")
    end_phase(allies)
    move(allies, "Russia", {"infantry": "all", "tank": "all"}, "West Russia", "a battle will be fought there")
    move(allies, "Caucasus", {"tank": 1}, "West Russia")
    end_phase(allies)
    allies.order(".aa-battle-order button.primary")  # round 1: one hit each way (low luck)
    form = page.locator("#casualties-form")
    assert form.count() and page.locator("#cas-infantry").input_value() == "1"  # the standing orders
    shot(allies, artifacts, tag, "2-casualties")
    allies.order("#casualties-form button[type=submit]")
    page.select_option("#retreat-1", "Russia")
    allies.order(".aa-battle-order button:has-text('Retreat')")
    assert "retreat" in page.locator("#orders").inner_text().lower() or \
        "retreat" in (page.locator(".aa-turn-log").text_content() or "").lower()
    shot(allies, artifacts, tag, "3-retreat")
    end_phase(allies)  # combat
    end_phase(allies)  # noncombat move
    place(allies, "infantry", 1, "Russia")
    assert page.locator("#place-at").input_value() == "Russia"  # the last place is kept
    place(allies, "infantry", 1, "Russia")
    end_phase(allies)


def german_turn(axis: Screen, artifacts: Path, tag: str) -> None:
    page = axis.page
    assert "Round 1: Germany, purchase units" in turn_line(axis)
    buy(axis, {"tank": 2})
    end_phase(axis)
    target = move(axis, "Eastern Europe", {"infantry": "all", "tank": "all"}, None)
    end_phase(axis)
    assert fight(axis, artifacts / f"club-{tag}-4-battle.png") >= 1
    assert f"Battle in {target}" in page.locator("#orders").inner_text()
    end_phase(axis)
    end_phase(axis)
    place(axis, "tank", 2, "Germany")
    end_phase(axis)


def british_turn(allies: Screen) -> None:
    assert "Round 1: United Kingdom, purchase units" in turn_line(allies)
    buy(allies, {"infantry": 1})
    for _phase in range(4):  # purchase, combat move, combat, noncombat move
        end_phase(allies)
    place(allies, "infantry", 1, "United Kingdom")
    end_phase(allies)


def japanese_turn(axis: Screen, artifacts: Path, tag: str) -> None:
    page = axis.page
    assert "Round 1: Japan, purchase units" in turn_line(axis)
    buy(axis, {"infantry": 1})
    end_phase(axis)
    move(axis, "Japan", {"infantry": 2}, "SZ 45", "loads onto a transport")
    move(axis, "Japan", {"fighter": 1}, "Siberia", "a battle will be fought there", landing="Japan")
    form = page.locator("form.aa-amphibious")
    assert form.count() == 1
    assert form.locator("select[name=target] option").all_inner_texts() == ["Siberia"]
    boxes = form.locator("input[name=transports]")
    assert boxes.count() == 1 and "with 2 infantry" in form.inner_text()  # the loaded transport, no carrier
    shot(axis, artifacts, tag, "5-amphibious")
    axis.order("form.aa-amphibious button[type=submit]")
    end_phase(axis)
    fight(axis, None)
    assert "Battle in Siberia" in page.locator("#orders").inner_text() + page.locator("#aa-page").inner_text()
    end_phase(axis)  # combat
    siberia = page.evaluate("JSON.parse(document.getElementById('aa-data').textContent).spaces['Siberia'].units")
    if any(u["owner"] == "japan" and u["type"] == "fighter" for u in siberia):
        move(axis, "Siberia", {"fighter": "all"}, "Japan")
    end_phase(axis)  # noncombat move
    place(axis, "infantry", 1, "Japan")
    end_phase(axis)


def american_turn(allies: Screen, artifacts: Path, tag: str) -> None:
    page = allies.page
    assert "Round 1: United States, purchase units" in turn_line(allies)
    buy(allies, {"infantry": 1})
    for _phase in range(3):  # purchase, combat move, combat
        end_phase(allies)
    move(allies, "Eastern United States", {"infantry": "all"}, "SZ 11", "loads onto a transport")
    move(allies, "SZ 11", {"transport": "all"}, "SZ 10")
    move(allies, "SZ 10", {"infantry (aboard": "all"}, "Eastern Canada", "unloads from the transport")
    shot(allies, artifacts, tag, "6-unloaded")
    end_phase(allies)
    place(allies, "infantry", 1, "Eastern United States")
    end_phase(allies)
    assert "Round 2: Soviet Union, purchase units" in turn_line(allies)
    assert page.locator("#orders").count()


def play_round(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path) -> None:
    allies, axis, game_url = start_game(browser, base, viewport, f"club-{tag}", f"Club night {tag}")
    html = allies.page.content()
    assert len(html.encode()) < 400 * 1024, len(html.encode())
    shot(allies, artifacts, tag, "0-start")
    every_space_opens(allies)
    allies.goto(game_url)

    soviet_turn(allies, artifacts, tag)
    axis.goto(game_url)
    german_turn(axis, artifacts, tag)
    allies.goto(game_url)
    british_turn(allies)
    axis.goto(game_url)
    japanese_turn(axis, artifacts, tag)
    allies.goto(game_url)
    american_turn(allies, artifacts, tag)
    shot(allies, artifacts, tag, "7-round-2", full=True)
    allies.goto(game_url.rstrip("/") + "/dice")  # the dice audit: no sideways scrolling either
    assert allies.page.locator(".dice-table tbody tr").count() > 0
    shot(allies, artifacts, tag, "8-dice")
    allies.context.close()
    axis.context.close()


def test_a_club_plays_round_one_by_clicking_on_a_desktop(browser, live_server, artifacts) -> None:
    play_round(browser, live_server, DESKTOP, "desktop", artifacts)


def test_a_club_plays_round_one_by_clicking_on_a_phone(browser, live_server, artifacts) -> None:
    play_round(browser, live_server, PHONE, "phone", artifacts)
