"""Playing A&A in Chromium by clicking: a player's tab (no sideways scrolling, the orders panel in
view after every order), clicks on the map at a space's label point, moves picked "N of M" by
type, battles fought with the pre-set casualties. Shared by the browser tests of the A&A pages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pbem.ui.aa.board_svg import board_data

PASSWORD = "correct horse battery"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}


class Screen:
    """A player's browser tab, checking after every page load that nothing scrolls sideways."""

    def __init__(self, browser: Any, base: str, viewport: dict[str, int], board: str = "aa1941") -> None:
        self.board = board  # the rules folder whose board.json the game's map is drawn from
        self.context = browser.new_context(viewport=viewport, bypass_csp=True)
        self.context.set_default_timeout(10_000)
        self.page = self.context.new_page()
        self.base = base
        self.errors: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))

    def goto(self, path: str) -> None:
        self.page.goto(self.base + path if path.startswith("/") else path)
        self.settled()

    def settled(self, orders: bool = False) -> None:
        """After a page load: no sideways scrolling, no script error; ``orders``: the orders
        panel is on screen (every order lands there)."""
        self.page.wait_for_load_state("load")
        wide = self.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        widest = self.page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 3).map((e) => e.tagName + '.' + e.className)""") if wide[0] > wide[1] else []
        assert wide[0] <= wide[1], f"the page scrolls sideways ({wide[0]} > {wide[1]}) at {self.page.url}: {widest}"
        assert not self.errors, self.errors
        if orders:
            self.page.wait_for_function("""() => { const r = document.getElementById('orders').getBoundingClientRect();
                return r.top >= -2 && r.top < window.innerHeight * 0.5; }""", timeout=3000)

    def click(self, *args: Any, orders: bool = False, **kwargs: Any) -> None:
        with self.page.expect_navigation():
            self.page.get_by_role("button", *args, **kwargs).first.click()
        self.settled(orders)

    def order(self, selector: str) -> None:
        """Submit an order with the button ``selector``: the page comes back at the orders panel."""
        with self.page.expect_navigation():
            self.page.locator(selector).first.click()
        self.settled(orders=True)


def register(screen: Screen, email: str, name: str) -> None:
    screen.goto("/auth/register")
    page = screen.page
    page.fill("#email", email)
    page.fill("#display_name", name)
    page.fill("#password", PASSWORD)
    page.fill("#confirm", PASSWORD)
    screen.click(name="Create account")
    # registering logs the new player in: no log-in page follows (issue 10)
    assert "/auth/" not in page.url and not page.locator("#password").count(), page.url


ALLIES = ("Soviet Union", "United Kingdom", "United States")
AXIS = ("Germany", "Japan")
#: Global 1940's seats in the order the players take them (the Allies' player, the Axis' player).
G40_ALLIES = ("Soviet Union", "United States", "China", "United Kingdom", "ANZAC", "France")
G40_AXIS = ("Germany", "Japan", "Italy")


def start_game(browser: Any, base: str, viewport: dict[str, int], tag: str, title: str, ruleset: str = "aa1941",
               options: dict[str, str] | None = None, allies_seats: tuple[str, ...] = ALLIES,
               axis_seats: tuple[str, ...] = AXIS,
               position: dict[str, Any] | None = None,
               checks: tuple[str, ...] = ()) -> tuple[Screen, Screen, str]:
    """Two players register; "Alleati" creates an A&A game (``ruleset``; ``options``: option name
    -> value chosen in the form, by default low-luck dice, ``{}`` for the form's defaults;
    ``checks``: option checkboxes ticked) and takes the Allies, "Asse" the Axis; the game starts
    (from ``position``, uploaded as the organiser's JSON file, if given). Returns both tabs and
    the game's address."""
    allies, axis = Screen(browser, base, viewport, ruleset), Screen(browser, base, viewport, ruleset)
    register(allies, f"alleati-{tag}@example.com", "Alleati")
    register(axis, f"asse-{tag}@example.com", "Asse")
    allies.goto(f"/games/new?ruleset={ruleset}")
    allies.page.fill("#title", title)
    for name, value in ({"dice": "low_luck"} if options is None else options).items():
        allies.page.select_option(f"#opt_{name}", value)
    for name in checks:
        allies.page.check(f"#opt_{name}")
    allies.click(name="Create the game")
    game_url = allies.page.url
    for seat in allies_seats:
        allies.click(name=f"Take seat {seat}")
    axis.goto(game_url)
    for seat in axis_seats:
        axis.click(name=f"Take seat {seat}")
    allies.goto(game_url)
    if position is not None:
        allies.page.set_input_files("#start-position", files=[{
            "name": "position.json", "mimeType": "application/json", "buffer": json.dumps(position).encode()}])
    allies.click(name="Start the game")
    return allies, axis, game_url


WHERE = """(p, lab) => { const svg = p.ownerSVGElement; const pt = svg.createSVGPoint(); pt.x = lab[0]; pt.y = lab[1];
    const c = pt.matrixTransform(svg.getScreenCTM()); const s = svg.getBoundingClientRect();
    const inside = c.x > s.left + 2 && c.x < s.right - 2 && c.y > s.top + 2 && c.y < s.bottom - 2 && c.y > 0
        && c.y < window.innerHeight;
    return {x: c.x, y: c.y, cx: s.left + s.width / 2, cy: s.top + s.height / 2, w: s.width, h: s.height, inside,
            hit: inside && document.elementFromPoint(c.x, c.y) === p}; }"""


def click_space(screen: Screen, name: str) -> None:
    """Click a space on the map at its label point, as a player would: when that point is off
    the part of the map on screen, drag the map to bring it to the middle first."""
    lx, ly = board_data(screen.board)["spaces"][name]["label"]
    page = screen.page
    path = page.locator(f'path[data-space="{name}"]')
    page.locator("#board-wrap").scroll_into_view_if_needed()
    pos = path.evaluate(WHERE, [lx, ly])
    for _attempt in range(16):  # Global 1940 on a phone: the far side of a 7705-unit board
        if pos["inside"]:
            break
        dx = max(-pos["w"] * 0.45, min(pos["w"] * 0.45, pos["cx"] - pos["x"]))
        dy = max(-pos["h"] * 0.45, min(pos["h"] * 0.45, pos["cy"] - pos["y"]))
        page.mouse.move(pos["cx"], pos["cy"])
        page.mouse.down()
        page.mouse.move(pos["cx"] + dx / 2, pos["cy"] + dy / 2, steps=3)
        page.mouse.move(pos["cx"] + dx, pos["cy"] + dy, steps=3)
        page.mouse.up()
        pos = path.evaluate(WHERE, [lx, ly])
    assert pos["hit"], (name, pos)
    page.mouse.click(pos["x"], pos["y"])


def pick(screen: Screen, wanted: dict[str, int | str]) -> None:
    """In the open space panel, set how many units of each row move: ``{"infantry": 2, "tank":
    "all", "infantry (aboard": "all"}`` (a row matches its label's start; a plain type name does
    not match a row with qualifiers such as "aboard")."""
    rows = screen.page.locator("#space-panel input[data-ids]")
    done = []
    for i in range(rows.count()):
        row = rows.nth(i)
        label = re.sub(r" \(moved \d+\)", "", row.get_attribute("data-label") or "")
        for key, n in wanted.items():
            if label.startswith(key) and ("(" in key or "(" not in label):
                row.fill(str(row.get_attribute("max")) if n == "all" else str(n))
                done.append(key)
    assert set(done) == set(wanted), (wanted, screen.page.locator("#space-panel").inner_text())


def move(screen: Screen, start: str, wanted: dict[str, int | str], dest: str | None, ends: str | None = None,
         landing: str | None = None) -> str:
    """Open ``start``, pick the units, ask where they can go, pick ``dest`` on the map (or the first
    destination where a battle is fought), optionally change the landing plan, send. The page
    comes back at the orders panel with "Order accepted.". Returns the destination."""
    page = screen.page
    click_space(screen, start)
    assert page.locator("#space-panel-h").inner_text() == start
    pick(screen, wanted)
    page.locator("#where-button").click()
    page.locator(".dest-list button").first.wait_for()
    if dest is None:
        dest = page.locator(".dest-list button", has_text="a battle will be fought there").first.get_attribute(
            "data-dest")
    assert "dest" in (page.locator(f'path[data-space="{dest}"]').get_attribute("class") or "")
    click_space(screen, dest)
    confirm = page.locator(".move-confirm")
    assert confirm.count(), (dest, page.locator("#space-panel").inner_text(), screen.errors)
    if ends:
        assert ends in confirm.inner_text(), confirm.inner_text()
    if landing:
        select = confirm.locator(".landing-plans select").first
        select.wait_for()
        page.wait_for_function("(s) => s.options.length > 1", arg=select.element_handle())
        select.select_option(label=landing)
    with page.expect_navigation():
        page.locator("#send-move").click()
    screen.settled(orders=True)
    assert "Order accepted." in page.locator("#order-status").inner_text()
    return str(dest)


def wrapped(screen: Screen, selector: str) -> list[str]:
    """The texts of the elements ``selector`` finds that break onto a second line (a column
    heading broken inside its word on a phone: "Co / st")."""
    return list(screen.page.locator(selector).evaluate_all("""(els) => els.filter((e) => {
        const r = document.createRange(); r.selectNodeContents(e);
        return new Set([...r.getClientRects()].map((c) => Math.round(c.top))).size > 1; })
        .map((e) => e.textContent.trim())"""))


def end_phase(screen: Screen) -> None:
    screen.order("#end-phase")


def fight(screen: Screen, shots: Path | None) -> int:
    """Fight every battle to its end; a casualty choice comes pre-set to the standing orders (as
    many units as hits) and is confirmed with one click. Returns the choices made."""
    page, chosen = screen.page, 0
    for _step in range(40):
        form = page.locator("#casualties-form")
        if form.count():
            if shots is not None and chosen == 0:
                form.screenshot(path=str(shots.with_name(shots.name.replace("battle", "casualties"))))
            hits = int(form.get_attribute("data-hits") or "1")
            preset = sum(int(v) for v in form.locator("input[type=number]").evaluate_all(
                "(xs) => xs.map((x) => x.value)"))
            assert preset == hits, (preset, hits)
            screen.order("#casualties-form button[type=submit]")
            chosen += 1
            continue
        fight_button = page.locator(".aa-battle-order button.primary")
        if not fight_button.count():
            return chosen
        screen.order(".aa-battle-order button.primary")
        if shots is not None and chosen == 0:
            page.locator("#orders").screenshot(path=str(shots))
    raise AssertionError("the battle did not end")


def place(screen: Screen, unit: str, count: int, where: str) -> None:
    page = screen.page
    page.select_option("#place-unit", unit)
    page.fill("#place-count", str(count))
    page.select_option("#place-at", where)
    screen.order("#place-form button[type=submit]")


def buy(screen: Screen, units: dict[str, int]) -> None:
    for unit, n in units.items():
        screen.page.fill(f"#buy-{unit}", str(n))
    screen.order("#purchase-form button[type=submit]")
