"""Global 1940's limits on moves and the consequences of captures, through the facade."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from pbem.games.aa.routes import movement_left
from tests.games.global1940.facade import RS, advance, end, events, game_at, start_position


def unit_id(game: Game, space: str, utype: str, owner: str) -> int:
    return next(u["id"] for u in game.state["units"][space]
                if u["type"] == utype and u["owner"] == owner and "aboard" not in u)


def refused(game: Game, seat: str, order: dict[str, Any]) -> str:
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, order)
    return err.value.rule_id


def test_G40_MAP_08_no_unit_enters_an_impassable_space() -> None:
    game = game_at("uk", "noncombat_move")
    move = {"type": "move", "units": [unit_id(game, "Burma", "infantry", "uk")],
            "route": ["Burma", "Himalayas"]}
    assert refused(game, "uk", move) == "G40-MAP-08"


def test_G40_POL_14_no_allied_unit_enters_china_before_war_with_japan() -> None:
    game = game_at("uk", "noncombat_move")
    move = {"type": "move", "units": [unit_id(game, "Burma", "infantry", "uk")],
            "route": ["Burma", "Yunnan"]}
    assert refused(game, "uk", move) == "G40-POL-14"


def test_G40_POL_28_a_non_belligerent_stays_out_of_other_powers_territories() -> None:
    game = game_at("usa", "noncombat_move")
    move = {"type": "move", "units": [unit_id(game, "Eastern United States", "infantry", "usa")],
            "route": ["Eastern United States", "Quebec"]}
    assert refused(game, "usa", move) == "G40-POL-28"


def test_G40_POL_27_allies_share_a_territory_only_when_both_are_at_war() -> None:
    game = game_at("uk", "noncombat_move")
    move = {"type": "move", "units": [unit_id(game, "Quebec", "infantry", "uk")],
            "route": ["Quebec", "Eastern United States"]}
    assert refused(game, "uk", move) == "G40-POL-27"


def test_G40_CMB_25_G40_CMB_23_paris_taken_with_its_treasury_and_installations() -> None:
    position = start_position()
    position["units"]["France"] = []
    game = game_at("germany", "combat_move", edit=position, dice=[6] * 40)
    tank = unit_id(game, "Holland Belgium", "tank", "germany")
    game.submit("germany", {"type": "move", "units": [tank], "route": ["Holland Belgium",
                                                                       "France"]})
    end(game)
    while game.state["phase"] == "combat":
        end(game)
    assert game.state["owners"]["France"] == "germany"
    assert game.state["ipcs"]["france"] == 0 and game.state["ipcs"]["germany"] == 30 + 19
    # G40-CMB-23: a major complex becomes minor; captured installations idle until next turn
    assert game.state["installations"]["France"] == {"air_base": 0, "minor_complex": 0}
    assert ["France", "germany"] in game.state["installations_idle"]
    assert events(game, "aa.g40_captured")[0]["territory"] == "France"


def test_G40_UK_09_london_seized_pays_only_the_europe_economy() -> None:
    game = RS.new_game({}, seed="seize")
    seized = RS.edition.seize_treasury
    assert seized is not None
    assert seized(RS, game.state, "United Kingdom", "germany") == {
        "ipcs": 28, "ipcs_from": "uk_europe", "ipcs_to": "germany"}
    assert seized(RS, game.state, "India", "japan") == {
        "ipcs": 17, "ipcs_from": "uk_pacific", "ipcs_to": "japan"}
    assert seized(RS, game.state, "Germany", "uk")["ipcs_to"] == "uk_europe"
    assert seized(RS, game.state, "Japan", "uk")["ipcs_to"] == "uk_pacific"


def test_G40_CM_18_G40_CM_19_G40_BASE_03_G40_BASE_04_bases_add_movement_from_where_units_start() -> None:
    game = game_at("germany", "purchase")
    end(game)
    assert game.state["phase"] == "combat_move"
    state = game.state
    based = unit_id(game, "Western Germany", "fighter", "germany")  # air base there
    away = unit_id(game, "Norway", "fighter", "germany")
    served = unit_id(game, "SZ 113", "cruiser", "germany")  # next to Western Germany's base
    unserved = unit_id(game, "SZ 114", "cruiser", "germany")
    left = {u["id"]: movement_left(RS, u, state) for units in state["units"].values()
            for u in units}
    assert (left[based], left[away], left[served], left[unserved]) == (5, 4, 3, 2)


def test_G40_NCM_06_an_aa_gun_moves_only_in_noncombat_move() -> None:
    game = game_at("germany", "combat_move")
    move = {"type": "move", "units": [unit_id(game, "Western Germany", "aa_gun", "germany")],
            "route": ["Western Germany", "Germany"]}
    assert refused(game, "germany", move) == "G40-NCM-06"


def test_G40_MAP_04_G40_POL_26_no_attack_on_a_power_not_at_war() -> None:
    game = game_at("germany", "combat_move")
    move = {"type": "move", "units": [unit_id(game, "Poland", "infantry", "germany")],
            "route": ["Poland", "Baltic States"]}
    assert refused(game, "germany", move) == "G40-POL-26"


def test_G40_CM_02_G40_NCM_05_entering_a_hostile_territory_is_a_combat_move() -> None:
    game = game_at("germany", "noncombat_move")
    move = {"type": "move", "units": [unit_id(game, "Holland Belgium", "infantry", "germany")],
            "route": ["Holland Belgium", "France"]}
    assert refused(game, "germany", move) == "G40-NCM-05"


def test_G40_NCM_10_a_non_belligerent_lands_no_aircraft_in_others_territories() -> None:
    game = game_at("usa", "noncombat_move")
    move = {"type": "move", "units": [unit_id(game, "Eastern United States", "fighter", "usa")],
            "route": ["Eastern United States", "Quebec"]}
    assert refused(game, "usa", move) == "G40-POL-28"


def test_G40_CM_11_G40_CM_09_an_attacking_aircraft_names_where_it_lands() -> None:
    game = game_at("germany", "combat_move")
    move = {"type": "move", "units": [unit_id(game, "Western Germany", "fighter", "germany")],
            "route": ["Western Germany", "France"]}
    assert refused(game, "germany", move) == "G40-CM-11"


def test_G40_CM_15_G40_CM_31_a_blitz_stops_in_a_territory_with_enemy_units() -> None:
    game = game_at("germany", "combat_move")
    move = {"type": "move", "units": [unit_id(game, "Holland Belgium", "tank", "germany")],
            "route": ["Holland Belgium", "France", "Normandy Bordeaux"]}
    assert refused(game, "germany", move) == "G40-CM-31"


def test_G40_CM_03_no_combat_move_ends_in_a_friendly_territory() -> None:
    game = game_at("germany", "combat_move")
    move = {"type": "move", "units": [unit_id(game, "Holland Belgium", "infantry", "germany")],
            "route": ["Holland Belgium", "Western Germany"]}
    assert refused(game, "germany", move) == "G40-CM-03"


def test_G40_CM_05_a_unit_moves_up_to_its_movement() -> None:
    game = game_at("germany", "combat_move")
    move = {"type": "move", "units": [unit_id(game, "Holland Belgium", "infantry", "germany")],
            "route": ["Holland Belgium", "France", "Southern France"]}
    assert refused(game, "germany", move) == "G40-CM-05"


def test_G40_NCM_11_G40_NCM_03_ships_move_only_through_friendly_zones_in_noncombat_move() -> None:
    game = game_at("germany", "noncombat_move")
    move = {"type": "move", "units": [unit_id(game, "SZ 113", "cruiser", "germany")],
            "route": ["SZ 113", "SZ 112", "SZ 111"]}
    assert refused(game, "germany", move) == "G40-NCM-11"


def test_G40_CM_01_no_unit_moves_once_combat_began() -> None:
    game = game_at("germany", "combat")
    move = {"type": "move", "units": [unit_id(game, "Holland Belgium", "infantry", "germany")],
            "route": ["Holland Belgium", "Western Germany"]}
    assert refused(game, "germany", move) == "G40-CM-01"


def test_G40_MAP_02_G40_MAP_03_the_joined_board_adjacencies() -> None:
    joins = [("11", "64"), ("28", "64"), ("51", "64"), ("51", "65"), ("51", "66"), ("52", "66")]
    assert all(RS.map.adjacent(f"SZ {a}", f"SZ {b}") for a, b in joins)
    assert not RS.map.adjacent("United Kingdom", "SZ 111")  # a point is no border


def test_G40_POL_25_G40_MAP_05_G40_CMB_01_ships_of_powers_not_at_war_share_a_zone() -> None:
    game = game_at("germany", "combat_move")
    cruiser = unit_id(game, "SZ 114", "cruiser", "germany")
    # the Soviet cruiser does not make SZ 115 hostile: no attack there (a move into a
    # friendly zone ends no combat move)
    assert refused(game, "germany", {"type": "move", "units": [cruiser],
                                     "route": ["SZ 114", "SZ 115"]}) == "G40-CM-03"
    end(game, times=2)
    assert game.state["phase"] == "noncombat_move"
    game.submit("germany", {"type": "move", "units": [cruiser], "route": ["SZ 114", "SZ 115"]})
    owners = {u["owner"] for u in game.state["units"]["SZ 115"]}
    assert owners == {"germany", "ussr"} and not game.state["battles"]


def test_G40_UK_05_uk_units_move_as_one_power_whichever_economy_bought_them() -> None:
    game = game_at("uk", "noncombat_move")
    europe = unit_id(game, "Quebec", "infantry", "uk")
    pacific = unit_id(game, "Burma", "infantry", "uk")
    game.submit("uk", {"type": "move", "units": [europe], "route": ["Quebec", "Ontario"]})
    game.submit("uk", {"type": "move", "units": [pacific], "route": ["Burma", "India"]})
    assert any(u["id"] == pacific for u in game.state["units"]["India"])


def test_G40_CM_04_a_territory_emptied_stays_its_owners() -> None:
    game = game_at("uk", "noncombat_move")
    leaving = [u["id"] for u in game.state["units"]["Quebec"] if u["owner"] == "uk"]
    game.submit("uk", {"type": "move", "units": leaving, "route": ["Quebec", "Ontario"]})
    assert game.state["units"]["Quebec"] == [] and game.state["owners"]["Quebec"] == "uk"


def test_G40_CMB_21_G40_CMB_22_aircraft_alone_never_take_a_territory() -> None:
    position = start_position()
    position["units"]["France"] = []
    game = game_at("germany", "combat_move", edit=position, dice=[6] * 40)
    fighter = unit_id(game, "Western Germany", "fighter", "germany")
    game.submit("germany", {"type": "move", "units": [fighter],
                            "route": ["Western Germany", "France"],
                            "landing": {str(fighter): "Western Germany"}})
    assert refused(game, "germany", {"type": "end_phase"}) == "G40-CM-03"  # alone: no attack
    tank = unit_id(game, "Holland Belgium", "tank", "germany")
    game.submit("germany", {"type": "move", "units": [tank],
                            "route": ["Holland Belgium", "France"]})
    end(game)
    while game.state["phase"] == "combat":
        end(game)
    assert game.state["owners"]["France"] == "germany"  # taken by the tank (G40-CMB-22)


def test_G40_NCM_01_G40_NCM_02_after_combat_only_aircraft_move_on_their_movement_left() -> None:
    position = start_position()
    position["units"]["France"] = []
    game = game_at("germany", "purchase", edit=position, dice=[6] * 40)
    end(game)  # Combat Move begins: the fighter at the air base moves 5 (G40-CM-18)
    fighter = unit_id(game, "Western Germany", "fighter", "germany")
    tank = unit_id(game, "Holland Belgium", "tank", "germany")
    game.submit("germany", {"type": "move", "units": [tank],
                            "route": ["Holland Belgium", "France"]})
    game.submit("germany", {"type": "move", "units": [fighter],
                            "route": ["Western Germany", "France"],
                            "landing": {str(fighter): "Western Germany"}})
    end(game)
    while game.state["phase"] == "combat":
        end(game)
    unit = next(u for u in game.state["units"]["France"] if u["id"] == fighter)
    assert movement_left(RS, unit, game.state) == 4
    assert refused(game, "germany", {"type": "move", "units": [tank],
                                     "route": ["France", "Holland Belgium"]}) == "G40-NCM-01"
    game.submit("germany", {"type": "move", "units": [fighter],
                            "route": ["France", "Western Germany"]})


def test_G40_POL_21_the_axis_never_walks_into_a_dutch_territory() -> None:
    position = start_position()
    position["wars"] = position["wars"] + [["japan", "uk"], ["anzac", "japan"]]
    position["units"]["New Guinea"] = [{"type": "infantry", "owner": "japan", "count": 1}]
    position["owners"]["New Guinea"] = "japan"
    game = game_at("japan", "noncombat_move", edit=position)
    move = {"type": "move", "units": [unit_id(game, "New Guinea", "infantry", "japan")],
            "route": ["New Guinea", "Dutch New Guinea"]}
    assert refused(game, "japan", move) == "G40-POL-21"
    # without the check the family would accept the move: the unowned territory is not hostile
    assert RS.map.adjacent("New Guinea", "Dutch New Guinea")


def _dutch_front(wars: list[list[str]]) -> Game:
    position = start_position()
    position["wars"] = position["wars"] + wars
    position["units"]["New Guinea"] = [{"type": "infantry", "owner": "japan", "count": 1}]
    position["owners"]["New Guinea"] = "japan"
    return game_at("japan", "combat_move", edit=position)


def test_G40_POL_21_the_axis_at_war_with_the_uk_takes_a_dutch_territory_by_attack() -> None:
    game = _dutch_front([["japan", "uk"], ["anzac", "japan"]])
    game.submit("japan", {"type": "move",
                          "units": [unit_id(game, "New Guinea", "infantry", "japan")],
                          "route": ["New Guinea", "Dutch New Guinea"]})
    end(game)
    while game.state["phase"] == "combat":
        advance(game)
    assert game.state["owners"]["Dutch New Guinea"] == "japan"


def test_G40_POL_21_no_axis_attack_on_a_dutch_territory_before_war_with_the_uk() -> None:
    game = _dutch_front([])
    move = {"type": "move", "units": [unit_id(game, "New Guinea", "infantry", "japan")],
            "route": ["New Guinea", "Dutch New Guinea"]}
    assert refused(game, "japan", move) == "G40-POL-13"  # not at war: no attack on the UK's
    assert game.state["owners"].get("Dutch New Guinea") is None


def test_G40_BASE_05_a_base_with_three_damage_gives_no_bonus() -> None:
    position = start_position()
    position["installations"]["Western Germany"].update(air_base=3, naval_base=3)
    game = game_at("germany", "purchase", edit=position)
    end(game)
    state = game.state
    fighter = unit_id(game, "Western Germany", "fighter", "germany")
    cruiser = unit_id(game, "SZ 113", "cruiser", "germany")
    left = {u["id"]: movement_left(RS, u, state) for units in state["units"].values()
            for u in units}
    assert (left[fighter], left[cruiser]) == (4, 2)
