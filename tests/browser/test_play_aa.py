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

from pbem.ui.aa.board_svg import board_data

pytestmark = pytest.mark.browser
PASSWORD = "correct horse battery"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}


class Screen:
    """A player's browser tab, checking after every page load that nothing scrolls sideways."""

    def __init__(self, browser: Any, base: str, viewport: dict[str, int]) -> None:
        self.context = browser.new_context(viewport=viewport, bypass_csp=True)
        self.context.set_default_timeout(10_000)
        self.page = self.context.new_page()
        self.base = base
        self.errors: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))

    def goto(self, path: str) -> None:
        self.page.goto(self.base + path if path.startswith("/") else path)
        self.settled()

    def settled(self) -> None:
        self.page.wait_for_load_state("load")
        wide = self.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        widest = self.page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 3).map((e) => e.tagName + '.' + e.className)""") if wide[0] > wide[1] else []
        assert wide[0] <= wide[1], f"the page scrolls sideways ({wide[0]} > {wide[1]}) at {self.page.url}: {widest}"
        assert not self.errors, self.errors

    def click(self, *args: Any, **kwargs: Any) -> None:
        with self.page.expect_navigation():
            self.page.get_by_role("button", *args, **kwargs).first.click()
        self.settled()


def register(screen: Screen, email: str, name: str) -> None:
    screen.goto("/auth/register")
    page = screen.page
    page.fill("#email", email)
    page.fill("#display_name", name)
    page.fill("#password", PASSWORD)
    page.fill("#confirm", PASSWORD)
    screen.click(name="Create account")
    if "/auth/login" in page.url or page.locator("#password").count():
        page.fill("#email", email)
        page.fill("#password", PASSWORD)
        screen.click(name="Log in")


def click_space(screen: Screen, name: str) -> None:
    """Click a territory on the map at its label point (the outline's own centre may be elsewhere);
    when that point is outside the part of the map on screen, first show the whole map."""
    lx, ly = board_data()["spaces"][name]["label"]
    path = screen.page.locator(f'path[data-space="{name}"]')
    path.scroll_into_view_if_needed()
    where = """(p, lab) => { const bb = p.getBBox(); const r = p.getBoundingClientRect();
        const s = p.ownerSVGElement.getBoundingClientRect();
        const x = (lab[0] - bb.x) / bb.width * r.width, y = (lab[1] - bb.y) / bb.height * r.height;
        const cx = r.left + x, cy = r.top + y;
        const hit = document.elementFromPoint(cx, cy);
        return {x: cx, y: cy, inside: cx > s.left && cx < s.right && cy > s.top && cy < s.bottom && cy > 0
                && cy < window.innerHeight && hit === p}; }"""
    pos = path.evaluate(where, [lx, ly])
    if not pos["inside"]:
        screen.page.locator("[data-zoom=reset]").click()
        screen.page.locator("#board-wrap").scroll_into_view_if_needed()
        pos = path.evaluate(where, [lx, ly])
        assert pos["inside"], (name, pos)
    screen.page.mouse.click(pos["x"], pos["y"])


def end_phase(screen: Screen) -> None:
    with screen.page.expect_navigation():
        screen.page.locator("#end-phase").click()
    screen.settled()


def move(screen: Screen, start: str, types: tuple[str, ...], dest: str | None) -> str:
    """Open ``start``'s panel, tick units of ``types``, ask where they can go, pick ``dest`` on the map
    (or the first destination where a battle is fought), send. Returns the destination."""
    page = screen.page
    click_space(screen, start)
    assert page.locator("#space-panel-h").inner_text() == start
    for box in page.locator("#space-panel input[data-unit]").all():
        label = page.locator(f'label[for="{box.get_attribute("id")}"]').inner_text()
        if any(t in label for t in types) and "aboard" not in label:
            box.check()
    page.locator("#where-button").click()
    page.locator(".dest-list button").first.wait_for()
    if dest is None:
        dest = page.locator(".dest-list button", has_text="a battle will be fought there").first.get_attribute(
            "data-dest")
    assert "dest" in (page.locator(f'path[data-space="{dest}"]').get_attribute("class") or "")
    click_space(screen, dest)
    assert page.locator(".move-confirm").count(), (dest, page.locator("#space-panel").inner_text(), screen.errors)
    assert "a battle will be fought there" in page.locator(".move-confirm").inner_text()
    with page.expect_navigation():
        page.locator("#send-move").click()
    screen.settled()
    return dest


def fight(screen: Screen, shots: Path | None) -> int:
    """Fight every battle to its end, choosing casualties when asked; returns the choices made."""
    page, chosen = screen.page, 0
    for _step in range(30):
        form = page.locator("#casualties-form")
        if form.count():
            if shots is not None and chosen == 0:
                form.screenshot(path=str(shots.with_name(shots.name.replace("battle", "casualties"))))
            hits = int(form.get_attribute("data-hits") or "1")
            boxes = form.locator("input[type=checkbox]")
            for i in range(min(hits, boxes.count())):
                boxes.nth(i).check()
            screen.click(name="Take these casualties")
            chosen += 1
            continue
        fight_button = page.locator(".aa-battle-order button.primary")
        if not fight_button.count():
            return chosen
        with page.expect_navigation():
            fight_button.first.click()
        screen.settled()
        if shots is not None and chosen == 0:
            page.locator("#battles").screenshot(path=str(shots))
    raise AssertionError("the battle did not end")


def axe_check(screen: Screen) -> None:
    results = Axe().run(screen.page)
    critical = [v["id"] for v in results.response["violations"] if v["impact"] == "critical"]
    assert not critical, results.generate_report()


def play_first_round(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path,
                     checks: bool) -> None:
    allies, axis = Screen(browser, base, viewport), Screen(browser, base, viewport)
    register(allies, f"alleati-{tag}@example.com", "Alleati")
    register(axis, f"asse-{tag}@example.com", "Asse")

    allies.goto("/games/new?ruleset=aa1941")
    allies.page.fill("#title", f"Barbarossa {tag}")
    allies.page.select_option("#opt_dice", "low_luck")
    allies.click(name="Create the game")
    game_url = allies.page.url
    for seat in ("Soviet Union", "United Kingdom", "United States"):
        allies.click(name=f"Take seat {seat}")
    axis.goto(game_url)
    for seat in ("Germany", "Japan"):
        axis.click(name=f"Take seat {seat}")
    allies.goto(game_url)
    allies.click(name="Start the game")
    page = allies.page

    # Soviet purchase: an illegal list first (the engine's message and rule ID), then 2 infantry
    page.fill("#buy-battleship", "1")
    assert page.locator("#purchase-left").inner_text() == "-9"
    allies.click(name="Buy these units")
    assert "AA41-PUR-02" in page.locator("#order-error").inner_text()
    page.fill("#buy-battleship", "0")
    page.fill("#buy-infantry", "2")
    assert page.locator("#purchase-total").inner_text() == "6"
    allies.click(name="Buy these units")
    if checks:
        axe_check(allies)
    end_phase(allies)

    # Soviet combat move: Russia's infantry and tank and Caucasus' tank attack West Russia
    move(allies, "Russia", ("infantry", "tank"), "West Russia")
    move(allies, "Caucasus", ("tank",), "West Russia")
    page.locator("#board-wrap").screenshot(path=str(artifacts / f"board-{tag}.png"))
    end_phase(allies)
    assert fight(allies, artifacts / f"battle-{tag}.png") >= 1
    report = page.locator("#battles").inner_text()
    assert "Casualties of the" in report and re.search(r"Round 1", report)
    assert page.locator("#battles .die").count() >= 1  # low luck: a die for the remainder (strength 9)
    end_phase(allies)  # combat
    end_phase(allies)  # noncombat move
    page.select_option("#place-unit", "infantry")
    page.fill("#place-count", "2")
    page.select_option("#place-at", "Russia")
    allies.click(name="Place")
    assert "Soviet Union places 2 infantry in Russia" in (page.locator(".aa-turn-log").text_content() or "")
    end_phase(allies)  # mobilize: the turn ends

    # German turn
    axis.goto(game_url)
    gpage = axis.page
    assert "Round 1: Germany, purchase units" in gpage.locator(".aa-turn").inner_text()
    gpage.fill("#buy-tank", "2")
    axis.click(name="Buy these units")
    end_phase(axis)
    if checks:  # the board is reachable by keyboard: Tab from the zoom tools lands on a territory
        gpage.locator("[data-zoom=reset]").focus()
        gpage.keyboard.press("Tab")
        focused = gpage.evaluate("document.activeElement.dataset.space")
        assert focused, gpage.evaluate("document.activeElement.outerHTML.slice(0, 200)")
        gpage.keyboard.press("Enter")
        assert gpage.locator("#space-panel-h").inner_text() == focused
        gpage.locator("#space-panel-close").click()
    target = move(axis, "Eastern Europe", ("infantry", "tank"), None)
    end_phase(axis)
    assert fight(axis, None) >= 1
    assert f"Battle in {target}" in gpage.locator("#battles").inner_text()
    end_phase(axis)
    end_phase(axis)
    gpage.select_option("#place-unit", "tank")
    gpage.fill("#place-count", "2")
    gpage.select_option("#place-at", "Germany")
    axis.click(name="Place")
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
