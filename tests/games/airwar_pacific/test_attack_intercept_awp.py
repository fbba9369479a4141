"""Attack and Intercept phases (AWP-ATK, AWP-INT, AWP-CARRIER-01/02/05/06, AWP-BASE-09)."""

from __future__ import annotations

from pbem.games.airwar_pacific.state import free, player
from tests.games.airwar_pacific.awp_kit import (
    attack,
    base,
    dealt,
    empty_hand,
    pass_battles,
    refused,
    take,
    to_attack,
    to_carrier_stage,
)

RES = {"kind": "resources"}


def test_AWP_ATK_01_pass_or_exactly_one_attack_per_stage() -> None:
    game = dealt()
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    attack(game, [zero])
    assert game.state["phase"] == "intercept"
    game.submit("allies", {"type": "pass"})
    assert game.state["active"] == "allies"  # no second attack in the Airbase stage; no Carrier: turn over


def test_AWP_ATK_02_targets_are_resources_or_one_enemy_base() -> None:
    game = dealt()
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    refused("AWP-ATK-02", game, "axis", {"type": "attack", "target": {"kind": "base", "base": "axis-start"},
                                         "mission": [zero]})
    targets = game.legal_options("axis")["targets"]
    assert targets == [{"kind": "resources"}, {"kind": "airbase", "base": "allies-start"}]


def test_AWP_ATK_03_only_aircraft_fly_missions() -> None:
    game = dealt()
    ace = take(game, "axis", "ace-pilot-axis")
    to_attack(game)
    refused("AWP-ATK-03", game, "axis", {"type": "attack", "target": RES, "mission": [ace]})


def test_AWP_ATK_04_airbase_stage_capacity_is_the_sum_of_airbases() -> None:
    game = dealt()
    zeros = [take(game, "axis", "a6m2-zero") for _ in range(5)]
    to_attack(game)
    assert game.legal_options("axis")["capacity"] == 4  # Lae
    refused("AWP-ATK-04", game, "axis", {"type": "attack", "target": RES, "mission": zeros})
    attack(game, zeros[:4])


def test_AWP_ATK_05_carrier_stage_needs_carriers_and_carrier_capable_aircraft_AWP_CARRIER_02() -> None:
    game = dealt()
    kaga = base(game, "axis", "kaga")
    betty, zeros = take(game, "axis", "g4m-betty"), [take(game, "axis", "a6m2-zero") for _ in range(4)]
    to_carrier_stage(game)
    refused("AWP-ATK-05", game, "axis", {"type": "attack", "target": RES, "mission": [betty]})
    refused("AWP-ATK-05", game, "axis", {"type": "attack", "target": RES, "mission": zeros})  # Kaga holds 3
    attack(game, zeros[:3])
    assert set(game.state["attack"]["launch"].values()) == {kaga}


def test_AWP_CARRIER_01_no_carrier_no_carrier_stage_attack() -> None:
    game = dealt()
    take(game, "axis", "a6m2-zero")
    to_carrier_stage(game)
    assert game.state["active"] == "allies"  # the Axis had no Carrier: its Carrier stage passed by itself


def test_AWP_ATK_06_aircraft_of_the_airbase_stage_cannot_fly_in_the_carrier_stage() -> None:
    game = dealt()
    base(game, "axis", "kaga")
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    attack(game, [zero])
    game.submit("allies", {"type": "pass"})
    refused("AWP-ATK-06", game, "axis", {"type": "attack", "target": RES, "mission": [zero]})


def test_AWP_ATK_07_carrier_stage_never_launches_from_an_airbase() -> None:
    game = dealt()
    base(game, "axis", "kaga")
    zero = take(game, "axis", "a6m2-zero")
    to_carrier_stage(game)
    refused("AWP-ATK-08", game, "axis", {"type": "attack", "target": RES, "mission": [zero],
                                         "launch": {zero: "axis-start"}})


def test_AWP_ATK_08_each_mission_card_is_assigned_to_a_carrier_within_its_capacity() -> None:
    game = dealt()
    kaga, shoho = base(game, "axis", "kaga"), base(game, "axis", "shoho")
    zeros = [take(game, "axis", "a6m2-zero") for _ in range(3)]
    to_carrier_stage(game)
    refused("AWP-ATK-08", game, "axis", {"type": "attack", "target": RES, "mission": zeros,
                                         "launch": {z: shoho for z in zeros}})
    attack(game, zeros, launch={zeros[0]: shoho, zeros[1]: shoho, zeros[2]: kaga})
    assert game.state["attack"]["launch"][zeros[2]] == kaga


def test_AWP_ATK_09_the_mission_size_is_announced_its_cards_hidden() -> None:
    game = dealt()
    zeros = [take(game, "axis", "a6m2-zero") for _ in range(2)]
    to_attack(game)
    attack(game, zeros)
    seen = game.view("allies")["attack"]
    assert seen["size"] == 2 and "mission" not in seen and zeros[0] not in str(seen)
    assert sorted(c["id"] for c in game.view("axis")["attack"]["mission"]) == sorted(zeros)


def test_AWP_ATK_10_a_mission_holds_at_least_one_card() -> None:
    game = dealt()
    to_attack(game)
    refused("AWP-ATK-10", game, "axis", {"type": "attack", "target": RES, "mission": []})


def test_AWP_ATK_11_mission_aircraft_land_and_cannot_intercept_next_turn() -> None:
    game = dealt()
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    attack(game, [zero])
    game.submit("allies", {"type": "pass"})
    assert zero in player(game.state, "axis")["bases"][0]["landed"]
    wildcat = take(game, "allies", "f4f-wildcat")
    to_attack(game)
    attack(game, [wildcat])
    refused("AWP-INT-03", game, "axis", {"type": "intercept", "cards": [{"card": zero, "slot": "airbase"}]})


def test_AWP_ATK_12_fighters_and_bombers_may_be_mixed() -> None:
    game = dealt()
    mix = [take(game, "axis", "a6m2-zero"), take(game, "axis", "g4m-betty"), take(game, "axis", "b5n-kate")]
    to_attack(game)
    attack(game, mix)
    assert game.state["attack"]["size"] == 3


def intercept_setup(target: dict | None = None, stage: str = "airbase"):  # type: ignore[no-untyped-def]
    game = dealt()
    zero = take(game, "axis", "a6m2-zero")
    base(game, "axis", "kaga")  # so the Axis turn waits in its Carrier stage after the Airbase stage
    if stage == "carrier":
        to_carrier_stage(game)
    else:
        to_attack(game)
    attack(game, [zero], target)
    return game, zero


def test_AWP_INT_01_the_defender_may_pass() -> None:
    game, _ = intercept_setup()
    assert game.ruleset.default_order(game.state, "allies") == {"type": "pass"}
    game.submit("allies", {"type": "pass"})
    assert player(game.state, "allies")["industry"] == 60 - 0 and game.state["stage"] == "carrier"


def test_AWP_INT_02_bombers_with_air_to_air_0_never_intercept() -> None:
    game, _ = intercept_setup()
    tbd = take(game, "allies", "tbd-devastator")
    refused("AWP-INT-02", game, "allies", {"type": "intercept", "cards": [{"card": tbd, "slot": "airbase"}]})
    assert tbd not in [a["id"] for a in game.legal_options("allies")["aircraft"]]


def test_AWP_INT_03_landed_aircraft_are_not_available() -> None:
    game, _ = intercept_setup()
    p40 = take(game, "allies", "p40-warhawk")
    p = player(game.state, "allies")
    p["hand"].remove(p40)
    p["bases"][0]["landed"].append(p40)
    refused("AWP-INT-03", game, "allies", {"type": "intercept", "cards": [{"card": p40, "slot": "airbase"}]})


def test_AWP_INT_04_capacity_less_landed_aircraft() -> None:
    game, _ = intercept_setup()
    p = player(game.state, "allies")
    landed = [take(game, "allies", "f4f-wildcat") for _ in range(3)]
    for i in landed:
        p["hand"].remove(i)
    p["bases"][0]["landed"] += landed
    fighters = [take(game, "allies", "p40-warhawk") for _ in range(2)]
    refused("AWP-INT-04", game, "allies", {"type": "intercept", "cards": [{"card": f, "slot": "airbase"}
                                                                         for f in fighters]})
    game.submit("allies", {"type": "intercept", "cards": [{"card": fighters[0], "slot": "airbase"}]})


def test_AWP_INT_05_AWP_CARRIER_06_carrier_slots_in_the_airbase_stage_only_against_a_carrier() -> None:
    game, _ = intercept_setup()
    base(game, "allies", "enterprise")
    wildcat = take(game, "allies", "f4f-wildcat")
    refused("AWP-INT-05", game, "allies", {"type": "intercept", "cards": [{"card": wildcat, "slot": "carrier"}]})
    game2 = dealt()
    ent = base(game2, "allies", "enterprise")
    zero = take(game2, "axis", "a6m2-zero")
    to_attack(game2)
    attack(game2, [zero], {"kind": "base", "base": ent})
    w2 = take(game2, "allies", "f4f-wildcat")
    game2.submit("allies", {"type": "intercept", "cards": [{"card": w2, "slot": "carrier"}]})
    assert game2.state["attack"]["int_launch"][w2] == ent


def test_AWP_INT_06_AWP_CARRIER_05_airbase_slots_in_the_carrier_stage_only_against_an_airbase() -> None:
    game, _ = intercept_setup(stage="carrier")
    p40 = take(game, "allies", "p40-warhawk")
    refused("AWP-INT-06", game, "allies", {"type": "intercept", "cards": [{"card": p40, "slot": "airbase"}]})
    game2, _ = intercept_setup({"kind": "base", "base": "allies-start"}, stage="carrier")
    p40b = take(game2, "allies", "p40-warhawk")
    game2.submit("allies", {"type": "intercept", "cards": [{"card": p40b, "slot": "airbase"}]})


def test_AWP_INT_07_carrier_slots_take_carrier_capable_aircraft_only() -> None:
    game = dealt()
    ent = base(game, "allies", "enterprise")
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    attack(game, [zero], {"kind": "base", "base": ent})
    p40 = take(game, "allies", "p40-warhawk")
    refused("AWP-INT-07", game, "allies", {"type": "intercept", "cards": [{"card": p40, "slot": "carrier"}]})


def test_AWP_INT_08_a_destroyed_interceptor_keeps_its_slot() -> None:
    game, zero = intercept_setup()
    p = player(game.state, "allies")
    fillers = [take(game, "allies", "f4f-wildcat") for _ in range(2)]
    for i in fillers:
        p["hand"].remove(i)
    p["bases"][0]["landed"] += fillers
    p400, wildcat = take(game, "allies", "p-400"), take(game, "allies", "f4f-wildcat")
    game.submit("allies", {"type": "intercept", "cards": [{"card": p400, "slot": "airbase"},
                                                          {"card": wildcat, "slot": "airbase"}]})
    game.submit("allies", {"type": "engage", "interceptor": p400, "target": {"slot": 0}})
    pass_battles(game)  # Zero A2A 3 >= P-400 Defense 2; P-400 A2A 2 < Zero Defense 3
    assert p400 in p["discard"] and game.state["phase"] == "engage"
    assert free(game.state, p["bases"][0]) == 0  # 2 landed + 2 launched: the lost P-400's slot stays used


def test_AWP_INT_09_formed_once_and_not_all_need_be_used() -> None:
    game, zero = intercept_setup()
    w = [take(game, "allies", "f4f-wildcat") for _ in range(2)]
    game.submit("allies", {"type": "intercept", "cards": [{"card": i, "slot": "airbase"} for i in w]})
    refused("AWP-SEQ-03", game, "allies", {"type": "intercept", "cards": []})
    game.submit("allies", {"type": "engage", "interceptor": w[0], "target": {"slot": 0}})
    pass_battles(game)
    if game.state["phase"] == "engage":
        game.submit("allies", {"type": "end_combat"})
    assert w[1] in player(game.state, "allies")["bases"][0]["landed"]  # unused, but landed (AWP-INT-10)


def test_AWP_INT_10_unused_interceptors_land_face_down_and_use_capacity() -> None:
    game, zero = intercept_setup()
    w = [take(game, "allies", "f4f-wildcat") for _ in range(2)]
    game.submit("allies", {"type": "intercept", "cards": [{"card": i, "slot": "airbase"} for i in w]})
    game.submit("allies", {"type": "engage", "interceptor": w[0], "target": {"slot": 0}})
    pass_battles(game)
    if game.state["phase"] == "engage":
        game.submit("allies", {"type": "end_combat"})
    p = player(game.state, "allies")
    assert w[1] in p["face_down"]
    landed = game.view("axis")["players"]["allies"]["bases"][0]["landed"]
    assert {"face_down": True} in landed and w[1] not in str(game.view("axis"))


def test_AWP_INT_11_room_to_land_is_guaranteed_by_capacity() -> None:
    game, _ = intercept_setup()
    fighters = [take(game, "allies", "f4f-wildcat") for _ in range(4)]
    game.submit("allies", {"type": "intercept", "cards": [{"card": f, "slot": "airbase"} for f in fighters]})
    game.submit("allies", {"type": "engage", "interceptor": fighters[0], "target": {"slot": 0}})
    pass_battles(game)
    if game.state["phase"] == "engage":
        game.submit("allies", {"type": "end_combat"})
    landed = player(game.state, "allies")["bases"][0]["landed"]
    assert len(landed) <= 4 and set(landed) <= set(fighters)


def test_AWP_INT_12_the_defender_knows_only_target_and_size() -> None:
    game, zero = intercept_setup()
    opts = game.legal_options("allies")
    assert opts["size"] == 1 and opts["target"] == {"kind": "resources"}
    assert zero not in str(game.view("allies")) and zero not in str(opts)


def test_AWP_BASE_09_no_airbase_no_airbase_stage_attack() -> None:
    game = dealt()
    take(game, "axis", "a6m2-zero")
    player(game.state, "axis")["bases"] = []
    to_attack(game)
    assert game.state["active"] == "allies"  # both stages passed by themselves: no capacity


def test_AWP_CARRIER_02_land_based_aircraft_never_take_a_carrier_slot_in_the_carrier_stage() -> None:
    game, _ = intercept_setup(stage="carrier")
    base(game, "allies", "enterprise")
    p40 = take(game, "allies", "p40-warhawk")
    refused("AWP-INT-07", game, "allies", {"type": "intercept", "cards": [{"card": p40, "slot": "carrier"}]})


def test_empty_hand_attacker_still_gets_the_prompt_when_it_has_capacity() -> None:
    game = dealt()
    empty_hand(game, "axis")
    to_attack(game)
    assert game.owed()[0]["kind"] == "attack"  # AWP-HID-11: no hint about the hand
