"""End to end in headless Chromium: Axis & Allies Global 1940, one full round by clicking (Germany,
the Soviet Union, Japan, the United States, China, the United Kingdom, Italy, ANZAC, France), on a
desktop screen and on a 375×812 phone without sideways scrolling: purchases (the United Kingdom
buying and placing for each of its two economies), Germany's declaration of war on the Soviet Union and its attack
on Eastern Poland moved on the map, its submarine's attack on British ships next to the
United Kingdom's air base, where the UK's fighters scramble by the defence form its standing orders
pre-set (scramble to defend ships), Japan's attack on Hunan (China), the battles with their casualties,
placements, income per treasury; the next round starts with Germany.

The game uses low-luck dice; a battle is fought until it is over, whatever the dice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import (
    DESKTOP,
    G40_ALLIES,
    G40_AXIS,
    PHONE,
    Screen,
    buy,
    end_phase,
    fight,
    move,
    place,
    start_game,
    wrapped,
)

pytestmark = pytest.mark.browser

ALLIES, AXIS = G40_ALLIES, G40_AXIS
OPTIONS = {"dice": "low_luck"}


def heading(screen: Screen) -> str:
    return screen.page.locator(".aa-turn").inner_text()


def log(screen: Screen) -> str:
    return screen.page.locator(".aa-turn-log").text_content() or ""


def until_phase(screen: Screen, phase: str) -> None:
    """End phases with nothing to do until ``phase`` (its English name) is the current one."""
    for _step in range(8):
        if phase in heading(screen):
            return
        end_phase(screen)
    raise AssertionError(f"{phase} never came: {heading(screen)}")


def turn(screen: Screen, power: str, units: dict[str, int], where: str | None, *, treasury: str | None = None,
         attack: tuple[str, dict[str, int | str], str] | None = None, declare: str | None = None,
         shots: Path | None = None, also: tuple[str, dict[str, int | str], str] | None = None,
         defender: Screen | None = None) -> None:
    """One power's turn: buy ``units`` (paying from ``treasury``), optionally declare war and attack
    on the map (``also``: a second attack), let the ``defender`` decide its scrambles, fight, then
    place what was bought at ``where`` (the first place offered if None)."""
    page = screen.page
    assert f"Round 1: {power}, purchase units" in heading(screen), heading(screen)
    if treasury:
        page.select_option("#purchase-treasury", treasury)
        if shots is not None:
            page.locator("#orders").screenshot(path=str(shots))
    if units:
        buy(screen, units)
        assert "Order accepted." in page.locator("#order-status").inner_text()
    end_phase(screen)
    assert "combat move" in heading(screen), heading(screen)
    if declare:
        page.select_option("#declare-target", label=declare)
        if shots is not None:
            page.locator("#declare-form").screenshot(path=str(shots.with_name(shots.name.replace("battle", "declare"))))
        screen.order("#declare-form button[type=submit]")
        assert f"{power} declares war on {declare}" in log(screen), log(screen)[-600:]
    for start, wanted, target in [a for a in (attack, also) if a]:
        move(screen, start, wanted, target, "a battle will be fought there")
    end_phase(screen)
    if defender is not None:
        defend(defender, page.url.split("#")[0], shots)
        screen.goto(page.url.split("#")[0])
    if attack:
        assert "conduct combat" in heading(screen)
        fight(screen, shots)
    until_phase(screen, "mobilize new units")
    if units:
        for unit, n in units.items():
            at = where or page.locator("#place-at option").first.get_attribute("value") or ""
            place(screen, unit, n, at)
            assert f"{power} places" in log(screen), log(screen)[-600:]
    end_phase(screen)  # mobilize; collect income is played by itself


def standing_scramble(screen: Screen, url: str) -> None:
    """The United Kingdom's standing orders: scramble to defend its side's ships (G40-CM-21)."""
    screen.goto(url.split("?")[0] + "/standing?seat=uk")
    screen.page.select_option("#std-scramble", "ships")
    screen.click(name="Save standing orders")
    assert "Standing orders saved." in screen.page.locator("body").inner_text()


def defend(screen: Screen, url: str, shots: Path | None) -> None:
    """The defender's decision before the battles, pre-set by its standing orders: sent as it is."""
    screen.goto(url)
    form = screen.page.locator("#defence-form")
    assert form.count(), screen.page.locator("#orders").inner_text()
    assert form.locator("input[name=scramble]:checked").count() >= 1  # standing orders: defend the ships
    if shots is not None:
        form.screenshot(path=str(shots.with_name(shots.name.replace("battle", "defence"))))
    screen.order("#defence-form button[type=submit]")
    assert "United Kingdom defends with: " in log(screen), log(screen)[-800:]
    assert "Aircraft scramble: " in log(screen), log(screen)[-800:]


def uk_turn(screen: Screen, shot: Path) -> None:
    """The United Kingdom buys for each economy, then places each economy's purchases at its own
    complexes: the Europe infantry in the United Kingdom, the Pacific one in India (G40-UK-04/06)."""
    page = screen.page
    assert "Round 1: United Kingdom, purchase units" in heading(screen), heading(screen)
    page.select_option("#purchase-treasury", "uk_europe")
    page.locator("#orders").screenshot(path=str(shot))
    buy(screen, {"infantry": 1})
    page.select_option("#purchase-treasury", "uk_pacific")
    page.fill("#buy-infantry", "1")
    assert page.locator("#purchase-left").inner_text() == "14"  # the Pacific economy's 17 IPCs less 3
    screen.order("#purchase-form button[type=submit]")
    text = log(screen)
    assert "United Kingdom (Europe) buys 1 infantry" in text and "United Kingdom (Pacific) buys 1 infantry" in text
    until_phase(screen, "mobilize new units")
    place(screen, "infantry", 1, "United Kingdom")
    screen.order(".aa-economy button")
    assert "United Kingdom (Pacific) now places 1 infantry" in log(screen), log(screen)[-800:]
    place(screen, "infantry", 1, "India")
    end_phase(screen)


def play_round(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path) -> None:
    allies, axis, game_url = start_game(browser, base, viewport, tag, f"Global 1940 {tag}", "global1940", OPTIONS,
                                        ALLIES, AXIS)
    standing_scramble(allies, game_url)  # an order of its own: before the Axis tab loads the game
    axis.goto(game_url)
    page = axis.page
    assert page.locator('path[data-space][tabindex="0"]').count() == 332
    table = page.locator(".aa-powers").inner_text()
    for words in ("United Kingdom (Europe)", "United Kingdom (Pacific)", "At war with", "nobody (neutral)"):
        assert words in table, (words, table)
    page.locator("#board-wrap").screenshot(path=str(artifacts / f"g40-board-start-{tag}.png"))
    page.locator(".aa-powers").screenshot(path=str(artifacts / f"g40-powers-{tag}.png"))
    page.screenshot(path=str(artifacts / f"g40-page-{tag}.png"), full_page=True)
    assert wrapped(axis, "#purchase-form thead th") == []  # "Cost" whole on a phone, not "Co / st"

    turn(axis, "Germany", {"infantry": 1}, "Germany", declare="Soviet Union",
         attack=("Poland", {"infantry": "all", "tank": "all"}, "Eastern Poland"),
         also=("SZ 108", {"submarine": "all"}, "SZ 109"), defender=allies,
         shots=artifacts / f"g40-battle-{tag}.png")
    assert "Germany collects" in log(axis) or "Germany collects" in axis.page.locator("body").inner_text()
    allies.goto(game_url)
    turn(allies, "Soviet Union", {"infantry": 1}, "Russia")
    axis.goto(game_url)
    turn(axis, "Japan", {"infantry": 1}, "Japan", attack=("Kiangsi", {"infantry": "all", "artillery": "all"}, "Hunan"))
    allies.goto(game_url)
    turn(allies, "United States", {"infantry": 1}, "Eastern United States")
    assert "Round 1: China" in heading(allies), heading(allies)
    until_phase(allies, "mobilize new units")
    end_phase(allies)
    uk_turn(allies, artifacts / f"g40-uk-purchase-{tag}.png")
    axis.goto(game_url)
    turn(axis, "Italy", {"infantry": 1}, "Northern Italy")
    allies.goto(game_url)
    turn(allies, "ANZAC", {"infantry": 1}, None)
    turn(allies, "France", {"infantry": 1}, "France")
    assert "Round 2: Germany" in heading(allies), heading(allies)
    allies.page.locator("#board-wrap").screenshot(path=str(artifacts / f"g40-board-round2-{tag}.png"))

    allies.goto(game_url.split("?")[0] + "/history?from=1")
    history = allies.page.locator(".history-log").inner_text()
    for words in ("Germany buys 1 infantry", "Germany declares war on Soviet Union", "Battle in Eastern Poland",
                  "Battle in Hunan", "United Kingdom (Europe) buys 1 infantry", "United Kingdom (Europe) collects",
                  "United Kingdom (Pacific) collects", "France places 1 infantry in France", "Germany collects"):
        assert words in history, (words, history[-3000:])
    allies.page.screenshot(path=str(artifacts / f"g40-history-{tag}.png"))
    allies.context.close()
    axis.context.close()


def test_G40_SEQ_one_round_by_clicking_on_a_desktop(browser, live_server, artifacts) -> None:
    play_round(browser, live_server, DESKTOP, "g40-desktop", artifacts)


def test_G40_SEQ_one_round_by_clicking_on_a_phone(browser, live_server, artifacts) -> None:
    play_round(browser, live_server, PHONE, "g40-phone", artifacts)
