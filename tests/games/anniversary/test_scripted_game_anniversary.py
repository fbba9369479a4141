"""A scripted game of two rounds per scenario through the facade, with scripted dice, replayed.

* 1941, round 1: Germany buys a research token and rolls a 6 (AAE-RD-04), chooses chart 1 and
  rolls 5: War Bonds (AAE-RD-05), so its Collect Income rolls one more die (AAE-TECH-05); the
  Soviet Union buys two tokens and fails (kept, AAE-RD-04); the United States buys two
  infantry; China receives three free infantry (AAE-CHINA-03) and places them (AAE-CHINA-04);
  every power collects production and the objectives met (Germany's AAE-NO-11 paid, its
  AAE-NO-12 missed, AAE-INC-03).
* 1941, round 2: the Soviet Union rolls its kept tokens again (a 6, chart 2, 5: Long-Range
  Aircraft); China places its next three infantry.
* 1942: the same script in the 1942 order (Japan first); Japan's breakthrough is on chart 2.

The game replays to the same fingerprint.
"""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, ScriptedDice
from tests.games.anniversary.facade import RS, events

Order = dict[str, Any]

SCRIPTS: dict[str, dict[tuple[int, str, str], list[Order]]] = {
    "1941": {
        (1, "germany", "research"): [{"type": "research", "tokens": 1},
                                     {"type": "research_chart", "chart": 1}],
        (1, "ussr", "research"): [{"type": "research", "tokens": 2}],
        (1, "usa", "purchase"): [{"type": "purchase", "units": {"infantry": 2}}],
        (1, "usa", "mobilize"): [{"type": "place", "units": {"infantry": 2},
                                  "at": "Eastern United States"}],
        (2, "ussr", "research"): [{"type": "research", "tokens": 0},
                                  {"type": "research_chart", "chart": 2}],
    },
    "1942": {
        (1, "japan", "research"): [{"type": "research", "tokens": 1},
                                   {"type": "research_chart", "chart": 2}],
        (1, "ussr", "research"): [{"type": "research", "tokens": 2}],
        (1, "usa", "purchase"): [{"type": "purchase", "units": {"infantry": 2}}],
        (1, "usa", "mobilize"): [{"type": "place", "units": {"infantry": 2},
                                  "at": "Eastern United States"}],
        (2, "ussr", "research"): [{"type": "research", "tokens": 0},
                                  {"type": "research_chart", "chart": 2}],
    },
}

DICE = {
    # research 6, chart 1 -> 5 War Bonds; Germany's War Bonds die; USSR 1, 2;
    # round 2: Germany's War Bonds die; USSR 3, 6 then chart 2 -> 5 Long-Range Aircraft
    "1941": [6, 5, 3, 1, 2, 4, 3, 6, 5],
    # Japan 6, chart 2 -> 2 Jet Fighters; USSR 1, 2; round 2: USSR 6, 4 then chart 2 -> 5
    "1942": [6, 2, 1, 2, 6, 4, 5],
}


def play(scenario: str) -> Game:
    game = RS.new_game({"scenario": scenario}, dice=ScriptedDice(list(DICE[scenario])))
    script = {key: list(orders) for key, orders in SCRIPTS[scenario].items()}
    while game.state["round"] <= 2:
        seat = game.owed()[0]["seat"]
        state = game.state
        pending = script.get((state["round"], state["power"], state["phase"]))
        order = pending.pop(0) if pending else RS.default_order(state, seat)
        assert order is not None
        game.submit(seat, order)
    return game


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_AAE_scripted_two_rounds_replay_identically(scenario: str) -> None:
    game = play(scenario)
    replayed = RS.replay(game.log())
    assert replayed.fingerprint() == game.fingerprint()
    assert replayed.state == game.state


def test_AAE_RD_08_scripted_1941_breakthroughs_and_war_bonds() -> None:
    game = play("1941")
    advances = {p["power"]: p["advance"] for p in events(game, "aa.aae_breakthrough")}
    assert advances == {"germany": "war_bonds", "ussr": "long_range_aircraft"}
    german = [p for p in events(game, "aa.aae_income_collected") if p["power"] == "germany"]
    assert [p["war_bonds"] for p in german] == [3, 4]
    met = {o["id"]: o["met"] for o in german[0]["objectives"]}
    assert met["AAE-NO-11"] and not met["AAE-NO-12"]


def test_AAE_CHINA_03_04_scripted_free_infantry_each_us_turn() -> None:
    game = play("1941")
    assert [p["count"] for p in events(game, "aa.aae_china_infantry")] == [3, 3]
    placed = events(game, "aa.aae_free_infantry_placed")
    assert sum(len(p["ids"]) for p in placed) == 6 and game.state["china_pending"] == 0


def test_AAE_SEQ_03_scripted_1942_japan_first() -> None:
    game = play("1942")
    first = next(e for e in game.log() if e["type"] == "aa.aae_research_rolled")
    assert first["payload"]["power"] == "japan"
    assert {p["power"]: p["advance"] for p in events(game, "aa.aae_breakthrough")} == {
        "japan": "jet_fighters", "ussr": "long_range_aircraft"}
