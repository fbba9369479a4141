"""Turn structure and the Mobilization stage (AWP-SEQ, AWP-MOB, AWP-CARD-AIRBASE/CARRIER/WAR, AWP-OPT-02)."""

from __future__ import annotations

import pytest

from pbem.engine import NotYourTurn
from pbem.games.airwar_pacific.state import player
from tests.games.airwar_pacific.awp_kit import (
    attack,
    base,
    dealt,
    empty_hand,
    events_of,
    refused,
    take,
    to_attack,
)


def pass_turn(game) -> None:  # type: ignore[no-untyped-def]
    seat = game.state["active"]
    game.submit(seat, {"type": "mobilize", "cards": []})
    while game.state["active"] == seat and game.owed() and game.owed()[0]["kind"] == "attack":
        game.submit(seat, {"type": "pass"})


def test_AWP_SEQ_01_a_round_is_axis_then_allies() -> None:
    game = dealt()
    seen = []
    for _ in range(4):
        seen.append((game.state["round"], game.state["active"]))
        pass_turn(game)
    assert seen == [(1, "axis"), (1, "allies"), (2, "axis"), (2, "allies")]


def test_AWP_SEQ_02_mobilization_then_airbase_then_carrier_stage() -> None:
    game = dealt()
    base(game, "axis", "akagi")
    stages = [(game.state["phase"], game.state["stage"])]
    to_attack(game)
    stages.append((game.state["phase"], game.state["stage"]))
    game.submit("axis", {"type": "pass"})
    stages.append((game.state["phase"], game.state["stage"]))
    game.submit("axis", {"type": "pass"})
    assert stages == [("mobilize", None), ("attack", "airbase"), ("attack", "carrier")]
    assert game.state["active"] == "allies"  # AWP-CARRIER-09: the Carrier stage ends the turn


def test_AWP_SEQ_03_attack_intercept_combat_damage_landing_in_order() -> None:
    game = dealt()
    zero = take(game, "axis", "a6m2-zero")
    wildcat = take(game, "allies", "f4f-wildcat")
    to_attack(game)
    attack(game, [zero])
    assert game.owed()[0]["kind"] == "intercept"
    game.submit("allies", {"type": "intercept", "cards": [{"card": wildcat, "slot": "airbase"}]})
    assert game.owed()[0]["kind"] == "engage"
    types = [e["type"] for e in game.submit("allies", {"type": "engage", "interceptor": wildcat,
                                                       "target": {"slot": 0}})]
    assert types[-1] == "awp.engaged"
    game.submit("axis", {"type": "battle_pass"})
    types = [e["type"] for e in game.submit("allies", {"type": "battle_pass"})]
    assert types.index("awp.fight_resolved") < types.index("awp.combat_ended") < types.index("awp.damage_dealt") \
        < types.index("awp.landed") < types.index("awp.stage_ended")


def test_AWP_SEQ_04_the_active_player_attacks_in_both_stages_the_other_defends() -> None:
    game = dealt()
    to_attack(game)
    assert game.owed()[0]["seat"] == "axis"
    with pytest.raises(NotYourTurn):
        game.submit("allies", {"type": "pass"})
    zero = take(game, "axis", "a6m2-zero")
    attack(game, [zero])
    assert [o["seat"] for o in game.owed()] == ["allies"]


def test_AWP_SEQ_05_bases_and_war_cards_mobilize_only_in_mobilization() -> None:
    game = dealt()
    to_attack(game)
    carrier = take(game, "axis", "kaga")
    refused("AWP-SEQ-03", game, "axis", {"type": "mobilize", "cards": [{"card": carrier}]})


def test_AWP_MOB_01_no_draw_on_each_players_first_turn_then_two() -> None:
    game = dealt()
    assert len(player(game.state, "axis")["hand"]) == 7
    pass_turn(game)
    assert len(player(game.state, "allies")["hand"]) == 7  # the Allies' first turn: no draw either
    pass_turn(game)
    assert len(player(game.state, "axis")["hand"]) == 9


def test_AWP_MOB_01_option_axis_only_skips_only_the_games_first_turn() -> None:
    game = dealt({"first_turn_draw": "axis_only"})
    pass_turn(game)
    assert len(player(game.state, "allies")["hand"]) == 9


def test_AWP_MOB_02_short_pile_draws_what_is_left_without_reshuffle() -> None:
    game = dealt()
    p = player(game.state, "axis")
    p["hand"] += p["pile"][1:]
    p["pile"] = p["pile"][:1]
    size = len(p["hand"])
    pass_turn(game)
    pass_turn(game)
    assert len(player(game.state, "axis")["hand"]) == size + 1 and player(game.state, "axis")["pile"] == []
    assert len(events_of(game, "dice.shuffled")) == 2


def test_AWP_MOB_03_landed_aircraft_return_to_hand() -> None:
    game = dealt()
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    attack(game, [zero])
    game.submit("allies", {"type": "pass"})
    assert zero in player(game.state, "axis")["bases"][0]["landed"]
    pass_turn(game)  # the Axis has no Carrier: its Carrier stage passed by itself
    assert zero in player(game.state, "axis")["hand"]


def test_AWP_MOB_04_attached_battle_cards_return_to_their_owner() -> None:
    game = dealt()
    vet = take(game, "axis", "veteran-axis")
    zero = take(game, "axis", "a6m2-zero")
    game.state["attached"][vet] = {"on": zero, "owner": "axis"}
    player(game.state, "axis")["hand"].remove(vet)
    pass_turn(game)
    pass_turn(game)
    assert vet in player(game.state, "axis")["hand"] and game.state["attached"] == {}


def test_AWP_MOB_05_mobilize_any_number_face_up_AWP_CARD_AIRBASE_01_AWP_CARD_CARRIER_01() -> None:
    game = dealt()
    ids = [take(game, "axis", c) for c in ("rabaul", "kaga", "zuikaku")]
    game.submit("axis", {"type": "mobilize", "cards": [{"card": i} for i in ids]})
    view = game.view("allies")["players"]["axis"]
    assert [b["card"] for b in view["bases"]] == ["lae", "rabaul", "kaga", "zuikaku"]


def test_AWP_MOB_05_only_cards_from_hand() -> None:
    game = dealt()
    empty_hand(game, "axis")
    pile_card = player(game.state, "axis")["pile"][0]
    refused("AWP-MOB-05", game, "axis", {"type": "mobilize", "cards": [{"card": pile_card}]})


def test_AWP_MOB_06_bases_may_stay_in_hand_for_later() -> None:
    game = dealt()
    kaga = take(game, "axis", "kaga")
    pass_turn(game)
    pass_turn(game)
    game.submit("axis", {"type": "mobilize", "cards": [{"card": kaga}]})
    assert any(b["id"] == kaga for b in player(game.state, "axis")["bases"])


def test_AWP_MOB_07_war_card_attaches_to_a_legal_host_AWP_CARD_WAR_01() -> None:
    game = dealt()
    radar = take(game, "axis", "radar-axis")
    refused("AWP-MOB-07", game, "axis", {"type": "mobilize", "cards": [{"card": radar, "host": "industry"}]})
    game.submit("axis", {"type": "mobilize", "cards": [{"card": radar, "host": "axis-start"}]})
    assert player(game.state, "axis")["bases"][0]["war"] == [radar]
    assert game.view("allies")["players"]["axis"]["bases"][0]["war"] == [{"id": radar, "card": "radar-axis"}]


def test_AWP_MOB_07_a_base_mobilized_in_the_same_order_can_host() -> None:
    game = dealt()
    kaga, hangar = take(game, "axis", "kaga"), take(game, "axis", "hangar-axis")
    game.submit("axis", {"type": "mobilize", "cards": [{"card": kaga}, {"card": hangar, "host": kaga}]})
    entry = next(b for b in player(game.state, "axis")["bases"] if b["id"] == kaga)
    assert entry["war"] == [hangar]
    assert game.view("axis")["players"]["axis"]["bases"][1]["capacity"] == 4


def test_AWP_CARD_WAR_02_war_card_lost_with_its_host() -> None:
    game = dealt()
    radar = take(game, "allies", "radar-allies")
    henderson = base(game, "allies", "henderson")
    next(b for b in player(game.state, "allies")["bases"] if b["id"] == henderson)["war"].append(radar)
    player(game.state, "allies")["hand"].remove(radar)
    bombers = [take(game, "axis", "g4m-betty") for _ in range(3)] + [take(game, "axis", "d3a-val")]
    to_attack(game)
    attack(game, bombers, {"kind": "base", "base": henderson})  # 4+4+4+2 = 14 >= 12 + 2 (radar)
    game.submit("allies", {"type": "pass"})
    assert radar in player(game.state, "allies")["discard"] and henderson in player(game.state, "allies")["discard"]


def test_AWP_MOB_08_AWP_OPT_02_single_mobilization() -> None:
    game = dealt({"single_mobilization": True})
    a, b = take(game, "axis", "kaga"), take(game, "axis", "rabaul")
    refused("AWP-OPT-02", game, "axis", {"type": "mobilize", "cards": [{"card": a}, {"card": b}]})
    game.submit("axis", {"type": "mobilize", "cards": [{"card": a}]})
