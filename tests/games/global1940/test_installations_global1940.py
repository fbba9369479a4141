"""Bases, repair, bombing raids, scrambles, kamikaze and victory (G40-BASE, G40-REP, G40-SBR,
G40-CM-18…24, G40-KAMI, G40-VIC, G40-CMB-23, G40-CHINA-10)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940 import bases, defence, raids, victory
from tests.games.global1940.kit import add_unit, make_state, war


def _unit(state, space, utype, owner="germany"):  # type: ignore[no-untyped-def]
    return next(u for u in state["units"][space] if u["type"] == utype and u["owner"] == owner)


def test_G40_BASE_01_and_G40_BASE_05_operational_only_with_two_damage_or_less() -> None:
    data, state = make_state()
    assert bases.operational(data, state, "United Kingdom", "air_base", "uk")
    state["installations"]["United Kingdom"]["air_base"] = 3
    assert not bases.operational(data, state, "United Kingdom", "air_base", "uk")
    assert bases.air_move(data, state, "uk", "fighter", "United Kingdom") == 4


def test_G40_CM_18_and_G40_BASE_03_air_base_gives_one_more_move() -> None:
    data, state = make_state()
    assert bases.air_move(data, state, "uk", "fighter", "United Kingdom") == 5
    assert bases.air_move(data, state, "germany", "bomber", "Germany") == 6  # no air base
    assert bases.air_move(data, state, "germany", "bomber", "Western Germany") == 7
    assert bases.air_move(data, state, "uk", "fighter", "SZ 110") == 4  # carrier: no bonus


def test_G40_CM_19_and_G40_BASE_04_naval_base_serves_adjacent_zones() -> None:
    data, state = make_state()
    assert bases.sea_move(data, state, "uk", "battleship", "SZ 110") == 3
    assert bases.sea_move(data, state, "germany", "cruiser", "SZ 114") == 2


def test_G40_BASE_02_and_G40_BASE_06_captured_base_idle_until_the_conquerors_next_turn() -> None:
    data, state = make_state()
    payload = bases.capture(data, state, "Gibraltar", "italy")
    state["owners"]["Gibraltar"] = "italy"
    bases.apply_capture(state, payload)
    assert not bases.operational(data, state, "Gibraltar", "naval_base", "italy")
    bases.wake(state, "italy")
    assert bases.operational(data, state, "Gibraltar", "naval_base", "italy")
    assert not bases.operational(data, state, "Gibraltar", "naval_base", "uk")


def test_G40_CMB_23_and_G40_FAC_06_captured_major_complex_becomes_minor_with_six_damage() -> None:
    data, state = make_state()
    state["installations"]["France"]["major_complex"] = 15
    payload = bases.capture(data, state, "France", "germany")
    assert payload["installations"] == {"minor_complex": 6, "air_base": 0}


def test_G40_CHINA_10_japanese_complex_removed_when_china_retakes() -> None:
    data, state = make_state()
    state["installations"]["Kiangsu"] = {"minor_complex": 0, "air_base": 1}
    payload = bases.capture(data, state, "Kiangsu", "china")
    assert payload["installations"] == {"air_base": 1}


def test_G40_REP_01_and_G40_REP_02_and_G40_REP_04_and_G40_REP_06_repair_costs_and_owners() -> None:
    data, state = make_state()
    state["installations"]["India"]["major_complex"] = 5
    assert bases.check_repair(data, state, "uk", "uk_pacific", {"India": {"major_complex": 3}}
                              ) == 3
    with pytest.raises(IllegalOrder) as err:
        bases.check_repair(data, state, "uk", "uk_europe", {"India": {"major_complex": 3}})
    assert err.value.rule_id == "G40-REP-06"
    state["research"]["uk"] = {"tokens": 0, "advances": ["increased_factory_production"]}
    assert bases.check_repair(data, state, "uk", "uk_pacific", {"India": {"major_complex": 5}}
                              ) == 3
    bases.repair(state, {"India": {"major_complex": 5}})  # G40-REP-02: at once
    assert state["installations"]["India"]["major_complex"] == 0
    with pytest.raises(IllegalOrder):
        bases.check_repair(data, state, "china", "china", {})


def test_G40_REP_03_free_repair_of_capital_ships_at_a_friendly_naval_base() -> None:
    data, state = make_state()
    ship = _unit(state, "SZ 110", "battleship", "uk")
    ship["hits"] = 1
    enemy = _unit(state, "SZ 113", "battleship")
    enemy["hits"] = 1
    assert bases.free_repairs(data, state, "uk") == [ship["id"]]
    assert enemy["id"] in bases.free_repairs(data, state, "germany")


def test_G40_SBR_10_damage_caps() -> None:
    data, state = make_state()
    assert bases.add_damage(data, state, "United Kingdom", "major_complex", 25) == 20
    assert bases.add_damage(data, state, "Quebec", "minor_complex", 9) == 6
    assert bases.add_damage(data, state, "Scotland", "air_base", 8) == 6


def test_G40_SBR_01_and_G40_SBR_07_targets_of_bombers_and_tactical_bombers() -> None:
    data, state = make_state()
    bomber = _unit(state, "Germany", "bomber")
    tac = _unit(state, "Germany", "tactical_bomber")
    raids.check_target(data, state, "germany", bomber, "United Kingdom", "major_complex")
    raids.check_target(data, state, "germany", tac, "United Kingdom", "air_base")
    with pytest.raises(IllegalOrder) as err:
        raids.check_target(data, state, "germany", tac, "United Kingdom", "major_complex")
    assert err.value.rule_id == "G40-SBR-07"
    with pytest.raises(IllegalOrder):
        raids.check_target(data, state, "germany", bomber, "Russia", "major_complex")


def test_G40_SBR_02_and_G40_SBR_03_and_G40_SBR_04_and_G40_SBR_05_air_battle_one_round_fighters_only() -> None:
    data, state = make_state()
    bomber, fighter = _unit(state, "Germany", "bomber"), _unit(state, "Western Germany",
                                                                "fighter")
    interceptor = _unit(state, "United Kingdom", "fighter", "uk")
    raids.check_escorts_and_interceptors(data, [fighter], [interceptor])
    with pytest.raises(IllegalOrder):
        raids.check_escorts_and_interceptors(data, [_unit(state, "Germany",
                                                          "tactical_bomber")], [])
    assert raids.air_battle(data, state, [bomber, fighter], [interceptor], [1, 2], [1]) == {
        "attacker_hits": 1, "defender_hits": 1}
    state["research"]["germany"] = {"tokens": 0, "advances": ["jet_fighters"]}
    assert raids.air_battle(data, state, [fighter], [], [2], [])["attacker_hits"] == 1


def test_G40_SBR_06_and_G40_SBR_08_installation_fires_at_its_raiders_only_and_radar() -> None:
    _, state = make_state()
    assert raids.installation_aa(state, "uk", [1, 2, 3], [1, 2, 6]) == [1]
    state["research"]["uk"] = {"tokens": 0, "advances": ["radar"]}
    assert raids.installation_aa(state, "uk", [1, 2, 3], [1, 2, 6]) == [1, 2]


def test_G40_SBR_09_damage_dice_and_heavy_bombers() -> None:
    data, state = make_state()
    bomber, tac = _unit(state, "Germany", "bomber"), _unit(state, "Germany", "tactical_bomber")
    assert raids.damage_roll(data, state, bomber, [3]) == 5
    assert raids.damage_roll(data, state, tac, [3]) == 3
    state["research"]["germany"] = {"tokens": 0, "advances": ["heavy_bombers"]}
    assert raids.damage_roll(data, state, bomber, [2, 5]) == 7  # G40-TECH-19
    payload = raids.resolve(data, state, "Quebec", "minor_complex", [bomber, bomber],
                            [[6, 6], [6, 6]])
    assert (payload["rolled"], payload["damage"]) == (16, 6)


def test_G40_SBR_11_and_G40_SBR_12_raiders_land_later_interceptors_stay() -> None:
    data, _ = make_state()
    assert data.unit("bomber").carrier_cost == 0  # bombers land only in territories


def test_G40_CM_21_and_G40_CM_22_scramble_sources_and_limits() -> None:
    data, state = make_state()
    sources = defence.scramble_sources(data, state, "germany", "SZ 109")
    assert set(sources) == {"United Kingdom", "Scotland"}
    ids = sources["United Kingdom"]
    defence.check_scramble(data, state, "germany", {"United Kingdom": {"SZ 109": ids[:2]}},
                           ["SZ 109"])
    for _ in range(2):
        add_unit(state, "United Kingdom", "fighter", "uk")
    many = defence.scramble_sources(data, state, "germany", "SZ 109")["United Kingdom"]
    with pytest.raises(IllegalOrder) as err:
        defence.check_scramble(data, state, "germany", {"United Kingdom": {"SZ 109": many}},
                               ["SZ 109"])
    assert err.value.rule_id == "G40-CM-22"
    bomber = _unit(state, "United Kingdom", "bomber", "uk")
    with pytest.raises(IllegalOrder) as err:
        defence.check_scramble(data, state, "germany",
                               {"United Kingdom": {"SZ 109": [bomber["id"]]}}, ["SZ 109"])
    assert err.value.rule_id == "G40-CM-21"


def test_G40_CM_23_and_G40_CM_25_only_scrambled_aircraft_defend_a_sea_zone() -> None:
    data, state = make_state()
    state["installations"]["United Kingdom"]["air_base"] = 3
    assert "United Kingdom" not in defence.scramble_sources(data, state, "germany", "SZ 109")


def test_G40_KAMI_01_and_G40_KAMI_02_and_G40_KAMI_03_and_G40_KAMI_04_and_G40_KAMI_05_and_G40_KAMI_06_kamikaze() -> None:
    data, state = make_state()
    assert defence.kamikaze_zones(data, state, "usa", ["Iwo Jima"], []) == []  # not at war
    war(state, "japan", "usa")
    zones = defence.kamikaze_zones(data, state, "usa", ["Iwo Jima"], ["SZ 35"])
    assert zones == ["SZ 17", "SZ 35"]
    battleship = add_unit(state, "SZ 17", "battleship", "usa")
    cruiser = add_unit(state, "SZ 17", "cruiser", "usa")
    transport = add_unit(state, "SZ 17", "transport", "usa")
    with pytest.raises(IllegalOrder) as err:
        defence.check_kamikaze(data, state, "usa", zones, [("SZ 17", transport["id"])])
    assert err.value.rule_id == "G40-KAMI-04"
    with pytest.raises(IllegalOrder) as err:
        defence.check_kamikaze(data, state, "usa", zones, [("SZ 6", battleship["id"])])
    assert err.value.rule_id == "G40-KAMI-02"
    targets = [("SZ 17", battleship["id"]), ("SZ 17", cruiser["id"]), ("SZ 17", cruiser["id"])]
    defence.check_kamikaze(data, state, "usa", zones, targets)
    payload = defence.resolve_kamikaze(data, state, targets, [2, 3, 1])
    defence.apply_kamikaze(state, payload)
    assert battleship["hits"] == 1 and cruiser not in state["units"]["SZ 17"]
    assert state["kamikaze_tokens"] == 3 and "SZ 17" in state["no_bombardment"]
    with pytest.raises(IllegalOrder) as err:
        defence.check_kamikaze(data, state, "usa", zones, targets * 2)
    assert err.value.rule_id == "G40-KAMI-01"


def test_G40_VIC_02_and_G40_VIC_04_axis_wins_after_a_complete_round() -> None:
    data, state = make_state()
    for city in ("United Kingdom", "France", "Russia", "Novgorod", "Volgograd"):
        state["owners"][city] = "germany"
    assert victory.cities(data, state, "axis")["europe"] == 8
    for _ in range(8):
        assert victory.after_turn(data, state) is None
    assert victory.after_turn(data, state) == {"winner": "axis", "round": 1}


def test_G40_VIC_03_and_G40_VIC_05_and_G40_VIC_06_allied_condition() -> None:
    data, state = make_state()
    for capital in ("Germany", "Southern Italy", "Japan"):
        state["owners"][capital] = "uk"
    assert victory.condition(data, state, "allies")
    for capital in ("Eastern United States", "United Kingdom", "France", "Russia"):
        state["owners"][capital] = "germany"
    assert not victory.condition(data, state, "allies")  # Sydney/Calcutta don't count


def test_G40_CMB_23_a_captured_installation_shares_no_dict_with_its_event() -> None:
    """Found by the long fuzz: the state kept the capture event's own dict, so later damage to the
    captured base changed the logged payload and a resume from a snapshot differed."""
    state: dict[str, Any] = {"installations": {}}
    payload = {"territory": "Alexandria", "power": "italy", "installations": {"naval_base": 0}}
    bases.apply_capture(state, payload)
    state["installations"]["Alexandria"]["naval_base"] = 3
    assert payload["installations"] == {"naval_base": 0}
