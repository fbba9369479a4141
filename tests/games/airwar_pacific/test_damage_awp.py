"""Damage Allocation, landing, the Convoy, bases and carriers (AWP-DMG, AWP-CONV, AWP-BASE, AWP-CARRIER)."""

from __future__ import annotations

from typing import Any

from pbem.engine import Game
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
    to_carrier_stage,
)

RES = {"kind": "resources"}


def raid(mission: list[str], target: Any = RES, *, stage: str = "airbase", carriers: tuple[str, ...] = ("kaga",),
         options: dict[str, Any] | None = None, game: Game | None = None) -> tuple[Game, list[str]]:
    """The Axis flies ``mission`` at ``target`` (a dict, or an Allied base card id to mobilize and hit)."""
    game = game or dealt(options)
    for c in carriers:
        base(game, "axis", c)
    if isinstance(target, str):
        target = {"kind": "base", "base": target if target.startswith("allies-") else base(game, "allies", target)}
    ids = [take(game, "axis", c) for c in mission]
    (to_carrier_stage if stage == "carrier" else to_attack)(game)
    attack(game, ids, target)
    return game, ids


def unopposed(game: Game, convoy: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    game.submit("allies", {"type": "pass"})
    if game.state["phase"] == "allocate":
        game.submit("axis", {"type": "allocate", "convoy": convoy or [], **extra})
    return events_of(game, "awp.damage_dealt")[-1]["payload"]


def allies(game: Game) -> dict[str, Any]:
    return player(game.state, "allies")


def test_AWP_DMG_01_hidden_and_scouted_survivors_all_deal_damage() -> None:
    game, ids = raid(["g4m-betty", "d3a-val"])
    p400, w = take(game, "allies", "p-400"), take(game, "allies", "p40-warhawk")
    game.submit("allies", {"type": "intercept", "cards": [{"card": p400}, {"card": w}]})
    game.submit("allies", {"type": "engage", "interceptor": p400, "target": {"slot": slot_of(game, ids[0])}})
    pass_battles(game)
    game.submit("allies", {"type": "end_combat"})
    game.submit("axis", {"type": "allocate", "convoy": []})
    assert allies(game)["industry"] == 60 - 4 - 2


def test_AWP_DMG_02_the_value_used_depends_on_the_target() -> None:
    game, _ = raid(["b5n-kate"], "enterprise")
    assert unopposed(game)["hits"][0]["value"] == 4  # Carrier value
    game, _ = raid(["b5n-kate"], "henderson")
    assert unopposed(game)["hits"][0]["value"] == 2  # Bombing value


def test_AWP_DMG_03_resource_split_whole_aircraft_convoy_needs_a_convoy_value() -> None:
    game, ids = raid(["g4m-betty", "a6m2-zero"])
    game.submit("allies", {"type": "pass"})
    refused("AWP-CONV-02", game, "axis", {"type": "allocate", "convoy": [ids[1]]})
    game.submit("axis", {"type": "allocate", "convoy": [ids[0]]})
    assert (allies(game)["industry"], allies(game)["convoy"]) == (60, 13)


def test_AWP_DMG_04_industry_loses_bombing_never_below_0_AWP_WIN_01() -> None:
    game, _ = raid(["g4m-betty"])
    allies(game)["industry"] = 3
    unopposed(game)
    assert allies(game)["industry"] == 0
    assert game.result() is not None and game.result()["winner"] == "axis"


def test_AWP_DMG_05_AWP_BASE_03_an_airbase_falls_to_damage_at_least_its_defense() -> None:
    game, _ = raid(["g4m-betty", "d3a-val"], "espiritu-santo")  # 4 + 2 = 6 >= 6
    assert unopposed(game)["base"]["destroyed"] is True
    game, _ = raid(["g4m-betty", "d3a-val"], "port-moresby")  # 6 < 9
    assert unopposed(game)["base"]["destroyed"] is False


def test_AWP_DMG_06_a_carrier_sinks_to_carrier_damage_at_least_its_defense() -> None:
    game, _ = raid(["b5n-kate", "d3a-val"], "enterprise")  # 4 + 3 = 7 < 8
    assert unopposed(game)["base"]["destroyed"] is False
    game, _ = raid(["b5n-kate", "b5n-kate"], "enterprise")  # 8
    assert unopposed(game)["base"]["destroyed"] is True


def test_AWP_DMG_07_AWP_CARRIER_08_damage_never_carries_over() -> None:
    game, _ = raid(["b5n-kate", "d3a-val"], "enterprise")
    unopposed(game)
    ent = next(b for b in allies(game)["bases"] if game.state["cards"][b["id"]] == "enterprise")
    assert ent["damaged_turn"] is None
    ids = [take(game, "axis", "d3a-val")]
    game.submit("axis", {"type": "attack", "target": {"kind": "base", "base": ent["id"]}, "mission": ids})
    game.submit("allies", {"type": "pass"})
    second = events_of(game, "awp.damage_dealt")[-1]["payload"]["base"]
    assert second["total"] == 6 and second["destroyed"] is False  # 7 + 6 would have sunk it


def test_AWP_DMG_08_AWP_SPECIAL_AKAGI_AWP_ERRATA_02_akagi_doubles_bombing_against_airbases() -> None:
    game, _ = raid(["d3a-val", "d3a-val"], "henderson", stage="carrier", carriers=("akagi",))
    assert unopposed(game)["base"]["total"] == 8  # (2 x 2) + (2 x 2)
    game, _ = raid(["d3a-val", "d3a-val"], "henderson", stage="carrier", carriers=("kaga",))
    assert unopposed(game)["base"]["total"] == 4  # AWP-CARRIER-04: Bombing is not doubled
    game, _ = raid(["d3a-val"], stage="carrier", carriers=("akagi",))
    assert unopposed(game)["industry"]["damage"] == 2  # Industry is never doubled


def test_AWP_DMG_09_AWP_DMG_10_aircraft_land_on_their_base_of_launch() -> None:
    game, ids = raid(["d3a-val"], stage="carrier")
    kaga = next(b for b in player(game.state, "axis")["bases"] if game.state["cards"][b["id"]] == "kaga")
    unopposed(game)
    assert ids[0] in kaga["landed"]


def test_AWP_DMG_11_landed_aircraft_stay_until_the_next_mobilization() -> None:
    game, ids = raid(["g4m-betty"])
    unopposed(game)
    assert ids[0] in player(game.state, "axis")["bases"][0]["landed"]
    assert ids[0] not in player(game.state, "axis")["hand"]


def test_AWP_DMG_12_blank_values_count_as_0() -> None:
    game, _ = raid(["ki43-oscar"])
    assert unopposed(game)["industry"]["damage"] == 0


def test_AWP_CONV_01_AWP_CARD_CONVOY_01_the_convoy_starts_at_15() -> None:
    assert player(dealt().state, "allies")["convoy"] == 15


def test_AWP_CONV_02_only_aircraft_with_a_convoy_value_attack_the_convoy() -> None:
    game, ids = raid(["g4m-betty", "ki43-oscar"])
    game.submit("allies", {"type": "pass"})
    assert game.legal_options("axis")["convoy_eligible"] == [ids[0]]


def test_AWP_CONV_03_carrier_launched_convoy_values_double() -> None:
    game, ids = raid(["b5n-kate"], stage="carrier")
    assert unopposed(game, [ids[0]])["convoy"]["damage"] == 6


def test_AWP_CONV_04_damage_beyond_zero_is_lost() -> None:
    game, ids = raid(["b5n-kate", "b5n-kate"], stage="carrier")
    allies(game)["convoy"] = 4
    allies(game)["hand"] = allies(game)["hand"][:2]
    payload = unopposed(game, ids)
    assert payload["convoy"] == {"before": 4, "after": 15, "damage": 12, "zeroed": True}


def test_AWP_CONV_05_AWP_ERRATA_01_zeroed_convoy_discard_2_industry_minus_4_reset_15() -> None:
    game, ids = raid(["d3a-val"])
    allies(game)["convoy"] = 2
    unopposed(game, ids)
    assert game.owed()[0]["seat"] == "allies" and game.owed()[0]["kind"] == "convoy_discard"
    two = allies(game)["hand"][:2]
    game.submit("allies", {"type": "convoy_discard", "cards": two})
    assert (allies(game)["industry"], allies(game)["convoy"]) == (56, 15)
    assert set(two) <= set(allies(game)["discard"])


def test_AWP_CONV_06_eligible_cards_exclude_war_and_resources() -> None:
    game, ids = raid(["d3a-val"])
    aaa = take(game, "allies", "heavy-aaa-allies")
    allies(game)["hand"].remove(aaa)
    allies(game)["resource_war"]["industry"].append(aaa)
    allies(game)["convoy"] = 2
    unopposed(game, ids)
    refused("AWP-CONV-06", game, "allies", {"type": "convoy_discard", "cards": [aaa, allies(game)["hand"][0]]})
    refused("AWP-CONV-06", game, "allies", {"type": "convoy_discard", "cards": ["allies-industry",
                                                                                allies(game)["hand"][0]]})


def test_AWP_CONV_07_a_discarded_base_loses_its_war_cards_and_returns_its_aircraft() -> None:
    game, ids = raid(["d3a-val"])
    hend = base(game, "allies", "henderson")
    radar, p40 = take(game, "allies", "radar-allies"), take(game, "allies", "p40-warhawk")
    entry = next(b for b in allies(game)["bases"] if b["id"] == hend)
    for i, where in ((radar, "war"), (p40, "landed")):
        allies(game)["hand"].remove(i)
        entry[where].append(i)
    allies(game)["convoy"] = 2
    unopposed(game, ids)
    game.submit("allies", {"type": "convoy_discard", "cards": [hend, allies(game)["hand"][0]]})
    assert radar in allies(game)["discard"] and p40 in allies(game)["hand"]


def test_AWP_CONV_07_under_AWP_OPT_01_the_starting_base_cannot_be_discarded() -> None:
    game, ids = raid(["d3a-val"], options={"indestructible_bases": True})
    allies(game)["convoy"] = 2
    unopposed(game, ids)
    refused("AWP-CONV-06", game, "allies", {"type": "convoy_discard", "cards": ["allies-start",
                                                                                allies(game)["hand"][0]]})


def test_AWP_CONV_08_the_convoy_reaches_0_once_per_attack() -> None:
    game, ids = raid(["b5n-kate", "b5n-kate", "b5n-kate"], stage="carrier")
    allies(game)["convoy"] = 1
    payload = unopposed(game, ids)
    assert payload["convoy"]["after"] == 15 and payload["industry"]["after"] == 56


def test_AWP_CONV_09_AWP_SPECIAL_HEAVYAAA_heavy_aaa_cuts_each_attack_by_2() -> None:
    game, ids = raid(["d3a-val", "d3a-val"])
    aaa = take(game, "allies", "heavy-aaa-allies")
    allies(game)["hand"].remove(aaa)
    allies(game)["resource_war"]["convoy"].append(aaa)
    assert unopposed(game, ids)["convoy"]["damage"] == 2  # 2 + 2 - 2
    game, ids = raid(["g4m-betty"] * 3)
    aaa = take(game, "allies", "heavy-aaa-allies")
    allies(game)["hand"].remove(aaa)
    allies(game)["resource_war"]["industry"].append(aaa)
    assert unopposed(game, [])["industry"]["damage"] == 10  # FAQ: 4 + 4 + 4 - 2


def test_AWP_BASE_01_AWP_BASE_02_all_aircraft_fly_from_airbases_within_capacity() -> None:
    game = dealt()
    base(game, "axis", "truk")
    ids = [take(game, "axis", c) for c in ("a6m2-zero", "g4m-betty", "b5n-kate")]
    to_attack(game)
    opts = game.legal_options("axis")
    assert set(ids) <= {a["id"] for a in opts["aircraft"]} and opts["capacity"] == 4 + 3


def test_AWP_BASE_04_lost_airbase_war_discarded_one_landed_lost_rest_to_hand() -> None:
    game, _ = raid(["g4m-betty"] * 3 + ["d3a-val"], "henderson")  # 14 >= 12
    hend = game.state["attack"]["target"]["base"]
    entry = next(b for b in allies(game)["bases"] if b["id"] == hend)
    landed = [take(game, "allies", "p40-warhawk"), take(game, "allies", "f4f-wildcat")]
    for i in landed:
        allies(game)["hand"].remove(i)
    entry["landed"] += landed
    unopposed(game)
    assert game.owed()[0]["kind"] == "base_loss" and game.owed()[0]["seat"] == "allies"
    game.submit("allies", {"type": "base_loss", "discard": landed[1]})
    assert landed[1] in allies(game)["discard"] and landed[0] in allies(game)["hand"]
    assert hend in allies(game)["discard"]


def test_AWP_BASE_05_unused_interceptor_of_a_lost_base_goes_back_to_hand() -> None:
    game, ids = raid(["g4m-betty", "g4m-betty"], "espiritu-santo")  # 8 >= 6
    target = game.state["attack"]["target"]["base"]
    allies(game)["bases"] = [b for b in allies(game)["bases"] if b["id"] == target]
    fighters = [take(game, "allies", "p-400"), take(game, "allies", "p40-warhawk")]
    game.submit("allies", {"type": "intercept", "cards": [{"card": f, "base": target} for f in fighters]})
    game.submit("allies", {"type": "engage", "interceptor": fighters[0], "target": {"slot": 0}})
    pass_battles(game)  # P-400 (A2A 2) and Betty (A2A 1): neither destroyed
    game.submit("allies", {"type": "end_combat"})
    assert allies(game)["bases"] == [] and set(fighters) <= set(allies(game)["hand"])
    landed = events_of(game, "awp.landed")[-1]["payload"]
    assert landed["returned"] == 2


def test_AWP_BASE_06_AWP_BASE_07_airbase_launched_and_land_based_aircraft_land_on_airbases() -> None:
    game, ids = raid(["g4m-betty"])
    unopposed(game)
    assert events_of(game, "awp.landed")[-1]["payload"]["attacker"] == [{"id": ids[0], "base": "axis-start"}]


def test_AWP_BASE_08_AWP_OPT_01_lae_and_midway_start_in_play_and_may_be_indestructible() -> None:
    game, _ = raid(["g4m-betty"] * 3, "allies-start", options={"indestructible_bases": True})
    payload = unopposed(game)
    assert payload["base"].get("indestructible") and any(b["id"] == "allies-start" for b in allies(game)["bases"])
    game, _ = raid(["g4m-betty"] * 3, "allies-start")
    assert unopposed(game)["base"]["destroyed"] is True


def test_AWP_CARRIER_03_the_carrier_stage_runs_the_same_phases() -> None:
    game, _ = raid(["d3a-val"], stage="carrier")
    assert game.owed()[0]["kind"] == "intercept" and game.state["stage"] == "carrier"


def test_AWP_CARRIER_04_carrier_launched_carrier_values_double_bombing_does_not() -> None:
    game, _ = raid(["d3a-val"], "enterprise", stage="carrier")
    assert unopposed(game)["base"]["total"] == 6


def test_AWP_CARRIER_07_a_sunk_carrier_loses_one_landed_aircraft_the_rest_to_hand() -> None:
    game, _ = raid(["b5n-kate", "b5n-kate"], "enterprise")
    ent = game.state["attack"]["target"]["base"]
    w = take(game, "allies", "f4f-wildcat")
    allies(game)["hand"].remove(w)
    next(b for b in allies(game)["bases"] if b["id"] == ent)["landed"].append(w)
    unopposed(game)
    assert w in allies(game)["discard"] and ent in allies(game)["discard"]  # the only one: no choice


def test_AWP_CARRIER_09_the_end_of_the_carrier_stage_ends_the_turn() -> None:
    game, _ = raid(["d3a-val"], stage="carrier")
    unopposed(game)
    assert game.state["active"] == "allies" and game.state["phase"] == "mobilize"
