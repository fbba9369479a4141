"""End to end in headless Chromium: Anniversary Edition's 1941 scenario, one full round by clicking
(Germany, the Soviet Union, Japan, the United Kingdom, Italy, the United States with China inside
its turn), on a desktop screen and on a 375×812 phone without sideways scrolling: research,
purchases, attacks moved on the map, battles with their casualties, placements, China's free
infantry, income with national objectives; the next round starts with Germany.

The game uses low-luck dice; a battle is fought until it is over, whatever the dice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.aa_helpers import DESKTOP, PHONE, Screen, buy, end_phase, fight, move, place, start_game

pytestmark = pytest.mark.browser

ALLIES = ("Soviet Union", "United Kingdom", "United States", "China")
AXIS = ("Germany", "Japan", "Italy")
OPTIONS = {"scenario": "1941", "dice": "low_luck"}


def turn_heading(screen: Screen) -> str:
    return screen.page.locator(".aa-turn").inner_text()


def until_phase(screen: Screen, phase: str) -> None:
    """End phases with nothing to do until ``phase`` (its English name) is the current one."""
    for _step in range(8):
        if phase in turn_heading(screen):
            return
        end_phase(screen)
    raise AssertionError(f"{phase} never came: {turn_heading(screen)}")


def research(screen: Screen, tokens: int) -> None:
    """Research and development: buy ``tokens`` tokens (rolled at once), or none."""
    page = screen.page
    assert "research and development" in turn_heading(screen)
    if tokens:
        page.fill("#research-tokens", str(tokens))
        screen.order("#research-form button[type=submit]")
        assert "for research" in (page.locator(".aa-turn-log").text_content() or "")
        if page.locator("#chart-form").count():  # a breakthrough: roll on a chart
            screen.order("#chart-form button[type=submit]")
            assert "in effect at once" in (page.locator(".aa-turn-log").text_content() or "")
    end_phase(screen)


def attack(screen: Screen, start: str, units: dict[str, int | str], target: str, shots: Path | None) -> None:
    """Combat move from ``start`` to ``target`` on the map, then conduct combat to its end."""
    until_phase(screen, "combat move")
    move(screen, start, units, target, "a battle will be fought there")
    end_phase(screen)
    assert "conduct combat" in turn_heading(screen)
    fight(screen, shots)
    end_phase(screen)  # combat


def raid(screen: Screen, start: str, target: str, shot: Path) -> None:
    """Combat move: the bomber of ``start`` flies to ``target`` and, asked whether it attacks or
    raids, is ticked to raid the industrial complex there (AAE-SBR-01)."""
    until_phase(screen, "combat move")
    move(screen, start, {"bomber": "all"}, target)
    form = screen.page.locator(f'form.aa-raid:has(input[name=target][value="{target}"])')
    assert form.count(), screen.page.locator("#orders").inner_text()
    form.locator("input[name=units]").first.check()
    form.screenshot(path=str(shot))
    screen.order(f'form.aa-raid:has(input[name=target][value="{target}"]) button[type=submit]')
    assert "will raid the industrial complex in " + target in (screen.page.locator(".aa-turn-log").text_content()
                                                               or "")


def bomber_in(screen: Screen, space: str, owner: str) -> bool:
    """Whether the page's position has a bomber of ``owner`` in ``space``."""
    return bool(screen.page.evaluate("""([space, owner]) => JSON.parse(document.getElementById('aa-data')
        .textContent).spaces[space].units.some((u) => u.type === 'bomber' && u.owner === owner)""", [space, owner]))


def mobilize(screen: Screen, unit: str, count: int, where: str) -> None:
    until_phase(screen, "mobilize new units")
    place(screen, unit, count, where)
    end_phase(screen)


def play_round(browser: Any, base: str, viewport: dict[str, int], tag: str, artifacts: Path) -> None:
    allies, axis, game_url = start_game(browser, base, viewport, tag, f"Anniversary {tag}", "anniversary", OPTIONS,
                                        ALLIES, AXIS)
    shown = allies.page.locator("body").text_content() or ""
    assert "Scenario" in shown and "1941" in shown  # the chosen options are shown on the game page

    # Germany: research, 1 artillery, Poland's army into East Poland, the artillery placed in Germany
    axis.goto(game_url)
    assert "Round 1: Germany, research and development" in turn_heading(axis)
    research(axis, 1)
    buy(axis, {"artillery": 1})
    end_phase(axis)
    attack(axis, "Poland", {"infantry": 2, "artillery": "all", "tank": "all"}, "East Poland",
           artifacts / f"aae-battle-{tag}.png")
    mobilize(axis, "artillery", 1, "Germany")
    axis.page.locator("#board-wrap").screenshot(path=str(artifacts / f"aae-board-germany-{tag}.png"))

    # Soviet Union: 2 infantry, Karelia's army into Finland, the infantry in Russia
    allies.goto(game_url)
    assert "Round 1: Soviet Union" in turn_heading(allies)
    research(allies, 0)
    buy(allies, {"infantry": 2})
    end_phase(allies)
    attack(allies, "Karelia S.S.R.", {"infantry": 3, "artillery": "all"}, "Finland", None)
    mobilize(allies, "infantry", 2, "Russia")

    # Japan: 1 infantry, Kiangsu's infantry into Hupeh (China's), the infantry in Japan
    axis.goto(game_url)
    assert "Round 1: Japan" in turn_heading(axis)
    research(axis, 0)
    buy(axis, {"infantry": 1})
    end_phase(axis)
    attack(axis, "Kiangsu", {"infantry": "all"}, "Hupeh", None)
    mobilize(axis, "infantry", 1, "Japan")

    # United Kingdom: 1 infantry, Egypt's army into Libya, the infantry in the United Kingdom
    allies.goto(game_url)
    assert "Round 1: United Kingdom" in turn_heading(allies)
    research(allies, 0)
    buy(allies, {"infantry": 1})
    end_phase(allies)
    raid(allies, "United Kingdom", "Germany", artifacts / f"aae-raid-{tag}.png")
    attack(allies, "Egypt", {"infantry": "all", "artillery": "all", "tank": "all"}, "Libya", None)
    report = allies.page.locator(".aa-turn-log").text_content() or ""  # this turn so far (folded)
    assert "Strategic bombing raid on Germany" in report, report[-2000:]
    assert "antiaircraft gun fires at" in report
    if bomber_in(allies, "Germany", "uk"):  # unless the AA gun shot it down: noncombat, it flies home
        move(allies, "Germany", {"bomber": "all"}, "United Kingdom")
    mobilize(allies, "infantry", 1, "United Kingdom")

    # Italy: 1 infantry placed in Italy, no attack
    axis.goto(game_url)
    assert "Round 1: Italy" in turn_heading(axis)
    research(axis, 0)
    buy(axis, {"infantry": 1})
    end_phase(axis)
    mobilize(axis, "infantry", 1, "Italy")

    # United States, with China inside its turn: the US buys and places 1 infantry; China
    # places its free infantry
    allies.goto(game_url)
    assert "Round 1: United States" in turn_heading(allies)
    research(allies, 0)
    buy(allies, {"infantry": 1})
    placed_chinese = False
    for _step in range(24):  # the US and Chinese phases, in the order the rules give
        heading = turn_heading(allies)
        if "Round 2" in heading:
            break
        if allies.page.locator("#free-infantry-form select").count():  # China's free infantry
            allies.page.fill("#free-count", "1")
            allies.order("#free-infantry-form button[type=submit]")
            assert "places its free infantry" in (allies.page.locator(".aa-turn-log").text_content() or "")
            placed_chinese = True
            continue
        if "mobilize new units" in heading and allies.page.locator("#place-form").count():
            where = "Eastern United States" if "United States" in heading else None
            if where is None:
                where = allies.page.locator("#place-at option").first.get_attribute("value") or ""
            unit = allies.page.locator("#place-unit option").first.get_attribute("value") or "infantry"
            count = allies.page.locator("#place-unit option").count() and 1
            place(allies, unit, count, where)
            continue
        end_phase(allies)
    log = allies.page.locator(".aa-turn-log").text_content() or ""
    assert "Round 2: Germany" in turn_heading(allies), turn_heading(allies)
    assert placed_chinese
    allies.goto(game_url.split("?")[0] + "/history?from=1")
    history = allies.page.locator(".history-log").inner_text()
    for words in ("Germany buys 1 research token for 5 IPCs", "Germany buys 1 artillery", "Battle in East Poland",
                  "Soviet Union places 2 infantry in Russia", "Battle in Hupeh",
                  "United Kingdom places 1 infantry in United Kingdom", "Strategic bombing raid on Germany",
                  "China receives",
                  "China places its free infantry", "Germany collects"):
        assert words in history, (words, history[-3000:])
    allies.page.screenshot(path=str(artifacts / f"aae-history-{tag}.png"))
    assert log is not None
    allies.context.close()
    axis.context.close()


def test_AAE_SEQ_one_round_of_1941_by_clicking_on_a_desktop(browser, live_server, artifacts) -> None:
    play_round(browser, live_server, DESKTOP, "aae-desktop", artifacts)


def test_AAE_SEQ_one_round_of_1941_by_clicking_on_a_phone(browser, live_server, artifacts) -> None:
    play_round(browser, live_server, PHONE, "aae-phone", artifacts)
