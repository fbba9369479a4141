"""A scripted game of two rounds through the facade, replayed identically.

Round 1: Germany attacks neutral Sweden from Norway (the army is placed, every strict neutral
turns pro-Allied) and sends a submarine into SZ 119, where it disrupts the UK Europe convoys at
the UK's Collect Income; Germany's objective of peace with the USSR is paid; Japan declares war
on the UK (ANZAC with it) and so misses its objective of not attacking the West. Everything
else is the deadline policy's default order. Round 2 is played by default orders.
Hooks for the combat branch (h15combat): scrambles, kamikaze and raids/repairs would enter
at the marked steps.
"""

from __future__ import annotations

import functools
from typing import Any

from pbem.engine import Game
from pbem.games.aa.global1940.data import global1940
from tests.games.global1940.facade import RS, events


def _ids(game: Game, space: str, owner: str, *types: str) -> list[int]:
    return [u["id"] for u in game.state["units"][space]
            if u["owner"] == owner and u["type"] in types and "aboard" not in u]


def _until(game: Game, power: str, phase: str) -> None:
    """Default orders until ``power`` is to play ``phase``."""
    while (game.state["power"], game.state["phase"]) != (power, phase):
        seat = game.owed()[0]["seat"]
        order = RS.default_order(game.state, seat)
        assert order is not None
        game.submit(seat, order)


def _income(game: Game, treasury: str, round_: int) -> dict[str, Any]:
    paid = events(game, "aa.g40_income_collected")
    return [p for p in paid if p["treasury"] == treasury][round_ - 1]


def play_script() -> Game:
    game = RS.new_game({}, seed="scripted-g40")
    _until(game, "germany", "combat_move")
    game.submit("germany", {"type": "attack_neutral", "territory": "Sweden"})
    game.submit("germany", {"type": "move", "units": _ids(game, "Norway", "germany", "infantry"),
                            "route": ["Norway", "Sweden"]})
    # (h15combat: the defender's scrambles are declared here, after the combat moves)
    _until(game, "germany", "noncombat_move")
    game.submit("germany", {"type": "move", "units": _ids(game, "SZ 118", "germany", "submarine"),
                            "route": ["SZ 118", "SZ 119"]})
    _until(game, "japan", "combat_move")
    game.submit("japan", {"type": "declare_war", "target": "uk"})
    # (h15combat: kamikaze strikes and raids with repairs at the next Purchase & Repair)
    while game.state["round"] < 3:
        seat = game.owed()[0]["seat"]
        order = RS.default_order(game.state, seat)
        assert order is not None
        game.submit(seat, order)
    return game


@functools.cache
def scripted() -> Game:
    return play_script()


def test_G40_SEQ_01_scripted_two_rounds_replay_identically() -> None:
    game = play_script()
    assert (game.state["round"], game.state["power"]) == (3, "germany")
    again = RS.replay(game.log())
    assert again.fingerprint() == game.fingerprint() and again.state == game.state


def test_G40_NEUT_12_G40_POL_12_G40_CONV_01_G40_CONV_04_G40_CONV_05_G40_INC_04_the_script(
) -> None:
    game = scripted()
    attacked = events(game, "aa.g40_neutral_attacked")[0]
    assert attacked["territory"] == "Sweden" and attacked["changes"]["Spain"] == "pro_allies"
    assert game.state["neutrals"].get("Spain") == "pro_allies"
    # the battle took Sweden or left it neutral with its army (G40-NEUT-09, -11)
    assert (game.state["owners"]["Sweden"] == "germany") != ("Sweden" in game.state["neutrals"])
    assert ["anzac", "japan"] in game.state["wars"] and ["japan", "uk"] in game.state["wars"]
    uk = _income(game, "uk_europe", 1)
    faces = uk["convoy_dice"]["SZ 119"]
    assert len(faces) == 2  # a submarine rolls two convoy dice (G40-UNIT-SS-03)
    data = global1940()  # G40-CONV-05: at most the value of the UK land next to the zone
    cap = sum(data.spaces[t].value for t in data.adjacency["SZ 119"]
              if game.state["owners"].get(t) == "uk" and data.space(t).uk_economy == "uk_europe")
    assert uk["convoy"] == min(sum(f for f in faces if f <= 3), cap) and cap > 0


def test_G40_NO_GER_01_paid_while_germany_is_at_peace_with_the_ussr() -> None:
    game = scripted()
    german = {o["id"]: o for o in _income(game, "germany", 1)["objectives"]}
    assert german["G40-NO-GER-01"]["met"] and german["G40-NO-GER-01"]["bonus"] == 5
    paid = _income(game, "germany", 1)
    assert paid["total"] == paid["production"] + sum(o["bonus"] for o in paid["objectives"])


def test_G40_NO_JPN_01_missed_after_japan_declared_war_on_the_uk() -> None:
    game = scripted()
    assert game.state["politics"]["flags"]["japan_attacked_west"] is True  # AMB-26
    japanese = {o["id"]: o for o in _income(game, "japan", 1)["objectives"]}
    assert not japanese["G40-NO-JPN-01"]["met"] and japanese["G40-NO-JPN-01"]["bonus"] == 0
