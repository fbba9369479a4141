"""Combat: card-by-card interception, Battle-card windows (AWP-CMB-01..15, AWP-CARD-BATTLE-01)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, NotYourTurn
from pbem.games.airwar_pacific.state import player
from tests.games.airwar_pacific.awp_kit import (
    attack,
    base,
    dealt,
    events_of,
    pass_battles,
    refused,
    slot_of,
    take,
    to_attack,
)


def combat(mission: list[str], interceptors: list[str], target: dict[str, Any] | None = None) -> tuple[
        Game, list[str], list[str]]:
    """The Axis attacks with ``mission`` card ids; the Allies intercept with ``interceptors``."""
    game = dealt()
    base(game, "axis", "kaga")
    ids = [take(game, "axis", c) for c in mission]
    to_attack(game)
    attack(game, ids, target)
    defs = [take(game, "allies", c) for c in interceptors]
    game.submit("allies", {"type": "intercept", "cards": [{"card": d, "slot": "airbase"} for d in defs]})
    return game, ids, defs


def engage(game: Game, d: str, target: dict[str, Any]) -> None:
    game.submit("allies", {"type": "engage", "interceptor": d, "target": target})


def test_AWP_CMB_01_opening_is_a_blind_pick_and_cannot_be_skipped() -> None:
    game, ids, defs = combat(["a6m2-zero", "g4m-betty"], ["f4f-wildcat"])
    refused("AWP-CMB-01", game, "allies", {"type": "end_combat"})
    engage(game, defs[0], {"slot": 1})
    fight = game.state["attack"]["fight"]
    assert fight["attacker_card"] in ids and fight["penalized"] is None
    assert game.state["attack"]["slots"][1] is None


def test_AWP_CMB_02_simultaneous_both_can_die() -> None:
    game, ids, defs = combat(["a6m2-zero"], ["f4f-wildcat"])  # 3 vs 3 both ways
    engage(game, defs[0], {"slot": 0})
    pass_battles(game)
    resolved = events_of(game, "awp.fight_resolved")[-1]["payload"]
    assert sorted(resolved["destroyed"]) == sorted([ids[0], defs[0]]) and resolved["outcome"] == "both"


def test_AWP_CMB_03_destroyed_aircraft_are_discarded_at_once() -> None:
    game, ids, defs = combat(["a6m2-zero"], ["p40-warhawk"])
    engage(game, defs[0], {"slot": 0})
    pass_battles(game)
    assert defs[0] in player(game.state, "allies")["discard"]
    assert {"id": defs[0], "card": "p40-warhawk"} in game.view("axis")["players"]["allies"]["discard"]


def test_AWP_CMB_04_scouted_survivor_defends_at_minus_one() -> None:
    game, ids, defs = combat(["g4m-betty"], ["p-400", "p40-warhawk"])  # Betty D3: P-400 A2A 2 misses
    engage(game, defs[0], {"slot": 0})
    pass_battles(game)  # Betty A2A 1 vs P-400 D2: neither destroyed
    assert game.state["attack"]["ra"] == ids
    engage(game, defs[1], {"card": ids[0]})  # P-40 A2A 3 vs Betty D3-1 = 2
    assert game.state["attack"]["fight"]["penalized"] == ids[0]
    pass_battles(game)
    assert ids[0] in player(game.state, "axis")["discard"]


def test_AWP_CMB_05_new_cards_fight_without_penalty() -> None:
    game, ids, defs = combat(["g4m-betty"], ["p-400"])
    engage(game, defs[0], {"slot": 0})
    pass_battles(game)
    resolved = events_of(game, "awp.fight_resolved")[-1]["payload"]
    assert resolved["defense"] == {ids[0]: 3, defs[0]: 2}


def test_AWP_CMB_06_attacker_counters_the_surviving_interceptor_at_minus_one() -> None:
    game, ids, defs = combat(["b5n-kate", "a6m2-zero"], ["f4f-wildcat"])
    kate, zero = ids
    engage(game, defs[0], {"slot": slot_of(game, kate)})
    pass_battles(game)  # Kate A2A 0 dies; Wildcat survives
    assert game.owed()[0] == {**game.owed()[0], "seat": "axis", "kind": "counter"}
    game.submit("axis", {"type": "counter", "card": zero})
    assert game.state["attack"]["fight"]["penalized"] == defs[0]
    pass_battles(game)  # Zero A2A 3 vs Wildcat D3-1; Wildcat A2A 3 vs Zero D3: both die
    assert set(events_of(game, "awp.fight_resolved")[-1]["payload"]["destroyed"]) == {zero, defs[0]}


def test_AWP_CMB_07_after_the_attacker_wins_target_the_survivor_or_a_new_blind_card() -> None:
    game, ids, defs = combat(["a6m2-zero", "g4m-betty"], ["p40-warhawk", "f4f-wildcat"])
    zero, betty = ids
    engage(game, defs[0], {"slot": slot_of(game, zero)})
    pass_battles(game)  # Zero kills the P-40 (D2) and survives (P-40 A2A 3 >= Zero D3!) -> both die
    game2, ids2, defs2 = combat(["a6m2-zero", "g4m-betty"], ["p-400", "f4f-wildcat"])
    engage(game2, defs2[0], {"slot": slot_of(game2, ids2[0])})
    pass_battles(game2)  # P-400 A2A 2 < Zero D3; Zero kills P-400
    assert game2.state["attack"]["next"] == "after_win"
    targets = [o["target"] for o in game2.legal_options("allies")["orders"] if o["type"] == "engage"]
    assert {"card": ids2[0]} in targets and any("slot" in t for t in targets)
    engage(game2, defs2[1], {"card": ids2[0]})
    assert game2.state["attack"]["fight"]["penalized"] == ids2[0]


def test_AWP_CMB_08_after_both_or_neither_any_scouted_card_or_a_blind_one() -> None:
    game, ids, defs = combat(["g4m-betty", "d3a-val"], ["p-400", "f4f-wildcat"])
    betty, val_ = ids
    engage(game, defs[0], {"slot": slot_of(game, betty)})
    pass_battles(game)  # neither destroyed
    targets = [o["target"] for o in game.legal_options("allies")["orders"] if o["type"] == "engage"]
    assert {"card": betty} in targets and {"slot": slot_of(game, val_)} in targets
    assert {"type": "end_combat"} in game.legal_options("allies")["orders"]


def test_AWP_CMB_09_surviving_interceptors_never_start_another_fight() -> None:
    game, ids, defs = combat(["g4m-betty", "d3a-val"], ["p-400"])
    engage(game, defs[0], {"slot": slot_of(game, ids[0])})
    pass_battles(game)
    assert game.state["attack"]["int_played"] == [defs[0]]
    assert game.state["phase"] != "engage"  # I is empty: the combat ended by itself (AWP-CMB-10)


def test_AWP_CMB_10_combat_ends_when_the_defender_ends_it_or_has_no_interceptors() -> None:
    game, ids, defs = combat(["g4m-betty", "d3a-val"], ["p-400", "f4f-wildcat"])
    engage(game, defs[0], {"slot": slot_of(game, ids[0])})
    pass_battles(game)
    game.submit("allies", {"type": "end_combat"})
    ended = events_of(game, "awp.combat_ended")[-1]["payload"]
    assert ended["reason"] == "defender" and ended["revealed"] == [{"id": ids[1], "card": "d3a-val"}]


def test_AWP_CMB_11_either_player_plays_battle_cards_in_combat_AWP_CARD_BATTLE_01() -> None:
    game, ids, defs = combat(["a6m2-zero"], ["p-400"])
    ace_ax, ace_al = take(game, "axis", "ace-pilot-axis"), take(game, "allies", "ace-pilot-allies")
    with pytest.raises(NotYourTurn):  # no window before a fight: the defender opens
        game.submit("axis", {"type": "battle", "card": ace_ax, "on": ids[0]})
    engage(game, defs[0], {"slot": 0})
    game.submit("axis", {"type": "battle_pass"})
    game.submit("allies", {"type": "battle", "card": ace_al, "on": defs[0]})  # P-400 A2A 2+2
    game.submit("axis", {"type": "battle_pass"})
    game.submit("allies", {"type": "battle_pass"})
    assert ids[0] in player(game.state, "axis")["discard"]


def test_AWP_CMB_12_window_attacker_first_alternating_until_two_passes() -> None:
    game, ids, defs = combat(["a6m2-zero"], ["f4f-wildcat"])
    engage(game, defs[0], {"slot": 0})
    assert game.owed()[0]["seat"] == "axis"
    game.submit("axis", {"type": "battle_pass"})
    assert game.owed()[0]["seat"] == "allies"
    ev = take(game, "allies", "evasive-allies")
    game.submit("allies", {"type": "battle", "card": ev, "on": defs[0]})
    assert game.owed()[0]["seat"] == "axis" and game.state["phase"] == "battle"
    game.submit("axis", {"type": "battle_pass"})
    game.submit("allies", {"type": "battle_pass"})
    assert events_of(game, "awp.fight_resolved")[-1]["payload"]["destroyed"] == [ids[0]]


def test_AWP_CMB_13_battle_cards_discard_or_stay_attached() -> None:
    game, ids, defs = combat(["g4m-betty"], ["p-400"])
    vet, ace = take(game, "axis", "veteran-axis"), take(game, "axis", "ace-pilot-axis")
    engage(game, defs[0], {"slot": 0})
    game.submit("axis", {"type": "battle", "card": vet, "on": ids[0]})
    game.submit("allies", {"type": "battle_pass"})
    game.submit("axis", {"type": "battle", "card": ace, "on": ids[0]})
    pass_battles(game)
    assert game.state["attached"] == {vet: {"on": ids[0], "owner": "axis"}}
    assert ace in player(game.state, "axis")["discard"]


def test_AWP_CMB_14_bases_and_resources_take_no_part_in_combat() -> None:
    game, ids, defs = combat(["a6m2-zero"], ["f4f-wildcat"])
    engage(game, defs[0], {"slot": 0})
    ace = take(game, "axis", "ace-pilot-axis")
    refused("AWP-CMB-11", game, "axis", {"type": "battle", "card": ace, "on": "allies-start"})


def test_AWP_CMB_15_the_counter_may_use_an_air_to_air_0_card() -> None:
    game, ids, defs = combat(["b5n-kate", "b5n-kate"], ["f4f-wildcat"])
    engage(game, defs[0], {"slot": 0})
    pass_battles(game)
    other = [i for i in ids if i in game.state["attack"]["slots"]][0]
    game.submit("axis", {"type": "counter", "card": other})
    pass_battles(game)
    assert events_of(game, "awp.fight_resolved")[-1]["payload"]["destroyed"] == [other]


def test_cancel_battle_cancels_the_opponents_last_battle_card() -> None:
    game, ids, defs = combat(["a6m2-zero"], ["p-400"])
    ace, jam = take(game, "allies", "ace-pilot-allies"), take(game, "axis", "jamming-axis")
    engage(game, defs[0], {"slot": 0})
    game.submit("axis", {"type": "battle_pass"})
    game.submit("allies", {"type": "battle", "card": ace, "on": defs[0]})
    game.submit("axis", {"type": "battle", "card": jam, "on": ids[0]})
    pass_battles(game)
    assert events_of(game, "awp.fight_resolved")[-1]["payload"]["air_to_air"][defs[0]] == 2
