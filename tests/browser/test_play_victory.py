"""End to end in headless Chromium (issue 13): two players register, create a VICTORY game on the
sample scenario River Line and play two game turns by clicking, on a desktop screen and on a
375×812 phone without sideways scrolling: the sealed deployment, moves by clicking a block then a
highlighted hex on the map (an attack when one is possible), every decision the defender and the
attacker owe as a form (air cover, battles round by round, retreats, rebasing), the end of each
player-turn and the sealed production. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, PHONE, Screen, register

pytestmark = pytest.mark.browser
REFUSED: list[str] = []  #: moves the engine refused (the page showed its message and rule ID)


def click_move(screen: Screen, shots: Path | None) -> bool:
    """Select a block on the map (one that can attack, if any) and click a highlighted hex."""
    page = screen.page
    data = json.loads(page.locator("#vic-data").text_content() or "{}")
    moves = data.get("moves") or {}
    if not moves:
        return False
    pick = next(((b, m) for b, ms in sorted(moves.items()) for m in ms if m["battle"]), None)
    if pick is None:
        pick = next((b, ms[-1]) for b, ms in sorted(moves.items()))
    block, entry = pick
    page.locator(f'#vic-map g.blk[data-block="{block}"]').first.click()
    assert block in page.locator("#vic-select-text").inner_text()
    target = page.locator(f"#hex-{entry['to']}")
    assert "target" in (target.get_attribute("class") or "")
    if shots is not None:
        page.locator("#vic-map").screenshot(path=str(shots))
    page.evaluate("window.vicBefore = true")
    target.click(force=True)  # its blocks may cover the hex: the click reaches the map's handler
    if page.locator(".vic-way").count():
        page.locator(".vic-way").first.click()
    page.wait_for_function("""() => !window.vicBefore || !document.getElementById('vic-problem').hidden""")
    problem = page.locator("#vic-problem")
    if problem.count() and problem.is_visible():  # refused by the engine, with its rule ID (e.g. a hexside limit)
        REFUSED.append(problem.inner_text())
        assert "VIC-" in REFUSED[-1], REFUSED[-1]
        return False
    screen.settled()
    return True


def decide(screen: Screen, moved: dict[str, int], artifacts: Path, tag: str) -> bool:
    """Make the decision the page's forms ask for; False when this player owes nothing."""
    page = screen.page
    if not page.locator("#vic-orders").count():
        return False
    if page.locator("#move-form").count():
        key = page.locator(".vic-turn").inner_text()
        shot = artifacts / f"victory-move-{tag}.png" if not moved else None
        if moved.get(key, 0) < 2 and len(REFUSED) < 5 and click_move(screen, shot):
            moved[key] = moved.get(key, 0) + 1
            return True
        screen.click(name="End movement")
        return True
    if page.locator("#produce-form").count():
        new = page.locator("#produce-form select[id^=new-]")
        if new.count():
            new.first.select_option(index=1)
        page.locator("#produce-form").screenshot(path=str(artifacts / f"victory-production-{tag}.png"))
        screen.click(name="Seal the production")
        return True
    if page.locator("#act-form").count() and not (artifacts / f"victory-battle-{tag}.png").exists():
        page.locator("#vic-battle-now").screenshot(path=str(artifacts / f"victory-battle-{tag}.png"))
    form = page.locator("#vic-orders form").first
    with page.expect_navigation():
        form.locator("button[type=submit]").first.click()
    screen.settled()
    return True


def turn_of(screen: Screen) -> int:
    text = screen.page.locator(".vic-turn").inner_text()
    return int(text.split()[1])


def play_two_turns(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path) -> None:
    blue, red = Screen(browser, base, viewport), Screen(browser, base, viewport)
    register(blue, f"blu-{tag}@example.com", "Bianca")
    register(red, f"rosso-{tag}@example.com", "Rocco")
    blue.goto("/games/new?ruleset=victory")
    blue.page.fill("#title", f"Linea del fiume {tag}")
    blue.click(name="Create the game")
    game_url = blue.page.url
    blue.click(name="Take seat Blue")
    red.goto(game_url)
    red.click(name="Take seat Red")
    blue.goto(game_url)
    blue.click(name="Start the game")
    assert blue.page.locator("#vic-map svg .blk.own").count() == 15
    assert blue.page.locator("#vic-map svg .blk.hidden").count() == 15
    blue.page.locator("#vic-map").screenshot(path=str(artifacts / f"victory-board-{tag}.png"))
    moved: dict[str, int] = {}
    screens = {"blue": blue, "red": red}
    idle = 0
    for _step in range(400):
        acted = False
        for seat, screen in screens.items():
            screen.goto(game_url + f"?seat={seat}")
            if turn_of(screen) >= 3 or "wins the game" in screen.page.content():
                screen.page.screenshot(path=str(artifacts / f"victory-game-{tag}.png"), full_page=True)
                assert moved, "no move was made by clicking"
                return
            acted = decide(screen, moved, artifacts, tag) or acted
        idle = 0 if acted else idle + 1
        assert idle < 3, "nobody owes a decision and the game does not go on"
    raise AssertionError("two game turns were not played")


def test_two_game_turns_by_clicking_on_a_desktop(browser: Any, live_server: str, artifacts: Path) -> None:
    play_two_turns(browser, live_server, DESKTOP, "desktop", artifacts)


def test_two_game_turns_by_clicking_on_a_phone(browser: Any, live_server: str, artifacts: Path) -> None:
    play_two_turns(browser, live_server, PHONE, "phone", artifacts)
