"""End to end in headless Chromium: two players register, create an Airwar Pacific! game and play
its first turns by clicking: the deal, Mobilization, an attack mission picked card by card, the
interception, the engagements and Battle-card picks, damage and landing, until each side has
played a full turn. The Axis plays on a desktop screen, the Allies on a 375x812 phone (no page
may scroll sideways). Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, PHONE, Screen, register

pytestmark = pytest.mark.browser


def turn_number(screen: Screen) -> int:
    found = re.search(r"turn (\d+)", screen.page.locator(".awp-turn").inner_text())
    return int(found.group(1)) if found else 0


def act(screen: Screen, attacked: set[str], seat: str) -> str | None:
    """Make the decision the page asks for, by clicking; the decision's kind, or None if none."""
    page = screen.page
    decision = page.locator("#awp-decision")
    if not decision.count():
        return None
    if page.locator("#awp-mobilize").count():
        for box in page.locator("#awp-mobilize input[type=checkbox]:not([disabled])").all():
            box.check()
        page.locator("#awp-mobilize button[type=submit]").click()
        page.wait_for_load_state("load")
        if page.locator("#order-error").count():  # e.g. a War card whose host was mobilized at once
            screen.goto(page.url.split("#")[0])
            page.locator("#awp-mobilize button[type=submit]").click()
        screen.settled()
        return "mobilize"
    if page.locator("#awp-attack-form").count():
        boxes = page.locator("#awp-attack-form input[name=mission]")
        if seat not in attacked and boxes.count():
            attacked.add(seat)
            for i in range(min(2, boxes.count())):
                boxes.nth(i).check()
            screen.click(name="Launch the mission")
            if not page.locator("#order-error").count():
                return "attack"
        screen.click(name="Do not attack")
        return "attack"
    if page.locator("#awp-intercept-form").count():
        boxes = page.locator("#awp-intercept-form input[name=cards]:not([disabled])")
        if boxes.count():
            boxes.first.check()
            screen.click(name="Intercept with the ticked aircraft")
            if not page.locator("#order-error").count():
                return "intercept"
        screen.click(name="Do not intercept")
        return "intercept"
    for form_id, button in (("#awp-allocate-form", "Deal the damage"), ("#awp-convoy-form", "Discard them")):
        if page.locator(form_id).count():
            if form_id == "#awp-convoy-form":
                need = int(re.search(r"(\d+)", page.locator(form_id + " p").first.inner_text()).group(1))
                for i in range(need):
                    page.locator(form_id + " input[type=checkbox]").nth(i).check()
            screen.click(name=button)
            return form_id
    picks = page.locator(".awp-pick")
    no_battle = page.locator(".awp-pick", has_text="Play no Battle card")
    target = no_battle if no_battle.count() else picks.first
    with page.expect_navigation():
        target.first.click()
    screen.settled()
    return "pick"


def test_airwar_two_players_play_full_turns_by_clicking(browser: Any, live_server: str, artifacts: Path) -> None:
    axis, allies = Screen(browser, live_server, DESKTOP), Screen(browser, live_server, PHONE)
    register(axis, "asse-awp@example.com", "Asse")
    register(allies, "alleati-awp@example.com", "Alleati")
    axis.goto("/games/new?ruleset=airwar_pacific")
    assert "Sample card list (invented values" in axis.page.locator("#opt_card_list").inner_text()
    axis.page.fill("#title", "Coral Sea")
    axis.click(name="Create the game")
    game_url = axis.page.url
    axis.click(name="Take seat Axis")
    allies.goto(game_url)
    allies.click(name="Take seat Allies")
    axis.goto(game_url)
    axis.click(name="Start the game")

    screens = {"axis": axis, "allies": allies}
    kinds: list[str] = []
    attacked: set[str] = set()
    shots: set[str] = set()
    for _step in range(150):
        acted = False
        for seat, screen in screens.items():
            screen.goto(game_url + f"?seat={seat}")
            if turn_number(screen) >= 3:  # both sides have played a whole turn
                break
            page = screen.page
            for name, selector in (("mission", "#awp-attack-form"), ("intercept", "#awp-intercept-form"),
                                   ("fight", "#awp-fight"), ("mobilize", "#awp-mobilize")):
                key = f"{name}-{seat}"
                if key not in shots and page.locator(selector).count():
                    shots.add(key)
                    page.screenshot(path=str(artifacts / f"airwar-{key}.png"), full_page=True)
            kind = act(screen, attacked, seat)
            if kind:
                kinds.append(kind)
                acted = True
        else:
            if acted:
                continue
            break
        break
    axis.goto(game_url + "?seat=axis")
    allies.goto(game_url + "?seat=allies")
    axis.page.screenshot(path=str(artifacts / "airwar-axis-desktop.png"), full_page=True)
    allies.page.screenshot(path=str(artifacts / "airwar-allies-phone.png"), full_page=True)
    assert turn_number(axis) >= 3, kinds
    assert {"mobilize", "attack", "pick"} <= set(kinds), kinds
    assert "mission-axis" in shots or "mission-allies" in shots
    log = allies.page.locator(".awp-log").inner_text() if allies.page.locator(".awp-log").count() else ""
    assert "begins the turn" in log
    assert allies.page.locator("#awp-hand li").count() >= 1
