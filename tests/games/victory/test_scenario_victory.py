"""Scenario format and validator (VIC-SETUP-*, map rules of VIC-TERR-*)."""

from __future__ import annotations

import json

import jsonschema
import pytest

from pbem.engine import InvalidOrder
from pbem.games.victory import validate_scenario
from pbem.games.victory.board import build_board
from pbem.games.victory.hexgrid import distance, neighbour_coords, parse
from pbem.games.victory.scenario import schema
from tests.games.victory.kit import RS, scenario


def rules(sc) -> list[str]:
    return [p.rule_id for p in validate_scenario(sc)]


def test_VIC_SETUP_01_river_line_is_valid_and_names_its_sheets_and_owners() -> None:
    sc = scenario()
    assert validate_scenario(sc) == []
    jsonschema.validate(sc, schema())
    board = build_board(sc["map"])
    assert board.owner_of("0302") == "blue" and board.owner_of("1402") == "red"
    assert "not json" and rules({"format": "x"})[0] == "VIC-SETUP-01"


def test_VIC_SETUP_01_odd_column_offset_and_overlapping_sheets_are_refused() -> None:
    sc = scenario()
    sc["map"]["sheets"][1]["from"] = "0801"
    assert "VIC-SETUP-01" in rules(sc)


def test_VIC_SETUP_02_sheet_with_five_cities_is_refused_naming_the_rule() -> None:
    sc = scenario()
    sc["map"]["cities"] = [c for c in sc["map"]["cities"] if c["name"] != "Sapphire"]
    problems = validate_scenario(sc)
    assert [str(p) for p in problems if p.rule_id == "VIC-SETUP-02"] == [
        "Sheet west has 5 cities; each sheet needs 6. (VIC-SETUP-02)"]
    with pytest.raises(InvalidOrder) as err:
        RS.from_position({"scenario": sc})
    assert err.value.rule_id == "VIC-SETUP-02"


def test_VIC_SETUP_02_pp_total_must_be_ten_and_each_city_1_to_3() -> None:
    sc = scenario()
    sc["map"]["cities"][0]["pp"] = 2
    assert "VIC-SETUP-02" in rules(sc)
    sc = scenario()
    sc["map"]["cities"][0]["pp"] = 4
    sc["map"]["cities"][1]["pp"] = 1
    assert "VIC-SETUP-02" in rules(sc)


def test_VIC_SETUP_03_each_player_starts_controlling_its_sheets_cities_and_towns() -> None:
    g = RS.new_game({}, seed="s")
    control = g.state["control"]
    assert all(control[c["hex"]] == "blue" for c in scenario()["map"]["cities"][:6])
    assert control["0904"] == "red" and control["0104"] == "blue"


def test_VIC_SETUP_04_starting_blocks_and_victory_conditions_come_from_the_scenario() -> None:
    g = RS.new_game({}, seed="s")
    own = g.view("blue")["blocks"]
    assert len(own) == 15 and sum(b["steps"] for b in own.values()) == 35
    assert g.state["scenario"]["victory"]["turns"] == 8


def test_VIC_SETUP_05_blocks_start_only_in_friendly_cities_and_towns() -> None:
    sc = scenario()
    sc["blocks"]["blue"][0]["hex"] = "0403"
    assert "VIC-SETUP-05" in rules(sc)
    sc = scenario()
    sc["blocks"]["blue"][0]["hex"] = "1402"
    assert "VIC-SETUP-05" in rules(sc)


def test_VIC_SETUP_06_at_most_two_blocks_per_city_or_town_at_start() -> None:
    sc = scenario()
    sc["blocks"]["blue"].append({"hex": "0302", "type": "IN", "steps": 1})
    assert "VIC-SETUP-06" in rules(sc)


def test_VIC_SETUP_07_deployment_is_sealed_and_hidden_from_the_opponent() -> None:
    g = RS.new_game({}, seed="s")
    bid = next(b for b, r in g.state["blocks"].items() if r["side"] == "blue" and r["type"] == "HB")
    events = g.submit("blue", {"type": "deploy", "placements": {bid: "0104"}})
    red_copy = json.dumps([RS.event_view(e, "red") for e in events])
    assert bid not in red_copy and "0104" not in red_copy
    assert g.state["blocks"][bid]["hex"] == "0104"
    assert [o["seat"] for o in g.owed()] == ["red"]


def test_VIC_SETUP_08_naval_blocks_start_only_in_ports_and_air_aboard_carriers_within_capacity() -> None:
    sc = scenario()
    sc["blocks"]["blue"][1]["hex"] = "0505"  # the BB to inland Bluford
    assert "VIC-SETUP-08" in rules(sc)
    sc = scenario()
    sc["blocks"]["blue"][5]["aboard"] = 4  # FA 2 aboard CV 2: fits
    assert validate_scenario(sc) == []
    sc["blocks"]["blue"][5]["steps"] = 3
    assert "VIC-UNIT-CV-02" in rules(sc)


def test_VIC_TERR_GEN_01_grid_neighbours_and_distance_follow_the_spec_convention() -> None:
    for col, row in ((3, 3), (4, 4)):
        for nc, nr in neighbour_coords(col, row):
            assert distance(f"{col:02d}{row:02d}", f"{nc:02d}{nr:02d}") == 1
    assert neighbour_coords(3, 3)[4] == (4, 2)  # odd column: (c+1, r-1)
    assert neighbour_coords(4, 4)[5] == (5, 5)  # even column: (c+1, r+1)
    assert distance("0101", "0401") == 3 and parse("1208") == (12, 8)


def test_VIC_TERR_GEN_04_one_terrain_per_hex_water_cannot_have_land_terrain() -> None:
    sc = scenario()
    sc["map"]["terrain"]["forest"].append("0101")
    assert "VIC-TERR-GEN-04" in rules(sc)
    assert build_board(scenario()["map"]).terrain("0603") == "swamp"


def test_VIC_TERR_GEN_05_coastal_hex_takes_its_land_terrain_and_coast_is_derived() -> None:
    board = build_board(scenario()["map"])
    assert "0603" not in board.coastal and "0302" in board.coastal
    assert board.terrain("0302") == "clear" and board.army_stack("0302") == 4
    assert board.ports >= {"0302", "0702", "0502", "1402", "1002", "1202"} and "0505" not in board.ports


def test_VIC_TERR_CITY_01_six_cities_a_city_in_water_is_refused() -> None:
    sc = scenario()
    sc["map"]["cities"][0]["hex"] = "0301"
    assert "VIC-TERR-CITY-01" in rules(sc)


def test_VIC_TERR_ROAD_01_roads_join_adjacent_land_hexes() -> None:
    sc = scenario()
    sc["map"]["roads"].append(["0303", "0505"])
    assert "VIC-TERR-ROAD-01" in rules(sc)


def test_VIC_TERR_RIVER_01_river_overlays_only_between_land_hexes() -> None:
    sc = scenario()
    sc["map"]["hexsides"].append({"hexes": ["0101", "0102"], "river": True})
    assert "VIC-TERR-RIVER-01" in rules(sc)


def test_VIC_VIC_02_victory_conditions_naming_a_non_city_are_refused() -> None:
    sc = scenario()
    sc["victory"]["sudden_death"] = {"kind": "cities", "cities": ["0403"]}
    assert "VIC-VIC-02" in rules(sc)


def test_VIC_SETUP_01_rules_version_is_recorded_in_the_position_and_state() -> None:
    g = RS.new_game({}, seed="s")
    assert g.log()[0]["payload"]["position"]["rules_version"] == "1999-it"
    assert g.state["rules_version"] == "1999-it"
    sc = scenario()
    sc["rules_version"] = "2005"
    assert rules(sc) == ["VIC-SETUP-01"]
