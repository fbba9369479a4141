"""Global 1940 rules carried by the family's code or the edition's wiring, through the facade."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from pbem.games.aa.invariants import violations
from pbem.games.aa.routes import movement_left
from tests.games.global1940.facade import RS, end, events, game_at, start_position


def refused(game: Game, seat: str, order: dict[str, Any]) -> str:
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, order)
    return err.value.rule_id


def first(game: Game, space: str, utype: str, owner: str) -> int:
    return next(u["id"] for u in game.state["units"][space]
                if u["type"] == utype and u["owner"] == owner and "aboard" not in u)


def test_G40_VIC_02_G40_VIC_04_the_axis_wins_after_nine_turn_ends_in_a_row() -> None:
    position = start_position()
    for city in ("France", "United Kingdom", "Egypt", "Novgorod", "Russia"):
        position["owners"][city] = "germany"
    position["victory_track"] = {"axis": 7, "allies": 0}
    game = game_at("germany", "mobilize", edit=position, dice=[6] * 60)
    end(game)
    assert game.state["victory_track"]["axis"] == 8 and game.result() is None
    position["victory_track"] = {"axis": 8, "allies": 0}
    game = game_at("germany", "mobilize", edit=position, dice=[6] * 60)
    end(game)
    assert game.result() is not None and game.result()["winner"] == "axis"


def test_G40_VIC_04_the_track_restarts_when_the_condition_breaks() -> None:
    position = start_position()
    position["victory_track"] = {"axis": 5, "allies": 0}
    game = game_at("germany", "mobilize", edit=position, dice=[6] * 60)
    end(game)
    assert game.state["victory_track"] == {"axis": 0, "allies": 0}


def test_G40_VIC_05_G40_VIC_06_which_captures_take_ipcs() -> None:
    game = RS.new_game({}, seed="vic")
    seize = RS.edition.seize_treasury
    assert seize is not None
    assert seize(RS, game.state, "Western United States", "japan") is None  # San Francisco
    assert seize(RS, game.state, "Eastern United States", "germany") == {
        "ipcs": 52, "ipcs_from": "usa", "ipcs_to": "germany"}  # Washington
    assert seize(RS, game.state, "New South Wales", "japan")["ipcs_from"] == "anzac"


def test_G40_PUR_02_every_power_but_china_buys_every_unit_at_its_cost() -> None:
    game = game_at("italy", "purchase")
    costs = RS.legal_options(game.state, "italy")["purchase"]["costs"]
    assert costs == {"infantry": 3, "artillery": 4, "mech_infantry": 4, "tank": 6, "aa_gun": 5,
                     "fighter": 10, "tactical_bomber": 11, "bomber": 12, "transport": 7,
                     "submarine": 6, "destroyer": 8, "cruiser": 12, "carrier": 16,
                     "battleship": 20, "minor_complex": 12, "major_complex": 30,
                     "complex_upgrade": 20, "air_base": 15, "naval_base": 15}
    china = game_at("china", "purchase")  # infantry and artillery only (G40-CHINA-03)
    assert refused(china, "china", {"type": "purchase", "units": {"tank": 1}}) == \
        "G40-CHINA-03"


def test_G40_PUR_03_bought_units_wait_off_the_board_until_mobilize() -> None:
    game = game_at("italy", "purchase")
    on_board = sum(len(units) for units in game.state["units"].values())
    game.submit("italy", {"type": "purchase", "units": {"infantry": 2}})
    assert game.state["bought"] == {"infantry": 2} and game.state["ipcs"]["italy"] == 4
    assert sum(len(units) for units in game.state["units"].values()) == on_board


def test_G40_REP_02_G40_REP_06_repairs_at_once_by_the_economy_of_the_territory() -> None:
    position = start_position()
    position["installations"]["United Kingdom"]["major_complex"] = 4
    game = game_at("uk", "purchase", edit=position)
    repair = {"type": "repair", "installations": {"United Kingdom": {"major_complex": 3}}}
    assert refused(game, "uk", {**repair, "treasury": "uk_pacific"}) == "G40-REP-06"
    game.submit("uk", repair)
    assert game.state["installations"]["United Kingdom"]["major_complex"] == 1
    assert game.state["ipcs"]["uk_europe"] == 25
    assert RS.edition.capacity is not None
    assert RS.edition.capacity(RS, game.state, "uk", "United Kingdom") == 9  # G40-MOB-03


def test_G40_MOB_02_G40_MOB_04_G40_MOB_05_own_complexes_only_ships_next_to_them() -> None:
    game = game_at("germany", "purchase", dice=[6] * 40)
    game.submit("germany", {"type": "purchase", "units": {"destroyer": 1, "infantry": 1}})
    end(game, times=4)
    assert game.state["phase"] == "mobilize"
    assert refused(game, "germany", {"type": "place", "units": {"infantry": 1},
                                     "at": "Northern Italy"}) == "G40-MOB-04"
    assert refused(game, "germany", {"type": "place", "units": {"destroyer": 1},
                                     "at": "SZ 106"}) == "G40-MOB-05"
    game.submit("germany", {"type": "place", "units": {"destroyer": 1}, "at": "SZ 112"})
    assert any(u["type"] == "destroyer" and u["owner"] == "germany"
               for u in game.state["units"]["SZ 112"])


def test_G40_TECH_18_G40_CM_10_long_range_aircraft_adds_one_space() -> None:
    position = start_position()
    position["research"] = {"germany": {"tokens": 0, "advances": ["long_range_aircraft"]}}
    game = game_at("germany", "purchase", edit=position)
    end(game)
    fighters = {u["id"]: movement_left(RS, u, game.state) for u in game.state["units"]["Norway"]
                if u["type"] == "fighter"}
    assert set(fighters.values()) == {5}


def test_G40_TECH_12_G40_INC_05_war_bonds_add_a_die_at_income() -> None:
    position = start_position()
    position["research"] = {"italy": {"tokens": 0, "advances": ["war_bonds"]}}
    game = game_at("italy", "mobilize", edit=position, dice=[4] + [6] * 40)
    end(game)
    paid = events(game, "aa.g40_income_collected")[0]
    assert paid["war_bonds"] == 4
    assert paid["total"] == paid["production"] + sum(o["bonus"] for o in paid["objectives"]) + 4


def test_G40_CONV_03_G40_CONV_05_G40_CONV_06_G40_CONV_07_convoy_dice_and_caps() -> None:
    position = start_position()
    position["units"]["SZ 119"] = [{"type": "submarine", "owner": "germany", "count": 2}]
    position["units"]["SZ 109"] = position["units"].get("SZ 109", []) + [
        {"type": "destroyer", "owner": "germany", "count": 1},
        {"type": "carrier", "owner": "germany", "count": 1},
        {"type": "fighter", "owner": "germany", "count": 1, "aboard_entry": 3}]
    # SZ 109: destroyer 1 + carrier 0 + fighter aboard 2 dice; SZ 119: two submarines 2 each
    game = game_at("uk", "mobilize", edit=position, dice=[3, 3, 3] + [1, 1, 6, 6] + [6] * 40)
    end(game)
    uk = events(game, "aa.g40_income_collected")[0]
    assert uk["treasury"] == "uk_europe"
    assert {z: len(f) for z, f in uk["convoy_dice"].items()} == {"SZ 109": 3, "SZ 119": 4}
    # SZ 109: 9 capped at the 8 of United Kingdom and Scotland next to it (G40-CONV-05);
    # SZ 119's 2 would come from Scotland, already spent (G40-CONV-06): 8 in all, not 10
    assert uk["convoy"] == 8
    assert uk["total"] == max(0, uk["production"] + sum(o["bonus"] for o in uk["objectives"]) - 8)


def test_G40_MOB_01_units_are_placed_only_in_mobilize() -> None:
    game = game_at("italy", "purchase")
    game.submit("italy", {"type": "purchase", "units": {"infantry": 1}})
    assert refused(game, "italy", {"type": "place", "units": {"infantry": 1},
                                   "at": "Northern Italy"}) == "G40-MOB-01"


def test_G40_TECH_11_G40_REP_04_increased_factory_production() -> None:
    position = start_position()
    position["research"] = {"germany": {"tokens": 0,
                                        "advances": ["increased_factory_production"]}}
    position["installations"]["Germany"]["major_complex"] = 4
    game = game_at("germany", "purchase", edit=position)
    assert RS.edition.capacity is not None
    assert RS.edition.capacity(RS, game.state, "germany", "Germany") == 12 - 4
    game.submit("germany", {"type": "repair",
                            "installations": {"Germany": {"major_complex": 4}}})
    assert game.state["ipcs"]["germany"] == 30 - 2  # two damage points per IPC


def test_G40_TECH_16_G40_TECH_06_improved_shipyards_prices_at_once() -> None:
    position = start_position()
    position["research"] = {"japan": {"tokens": 0, "advances": ["improved_shipyards"]}}
    game = game_at("japan", "purchase", edit=position)
    costs = RS.legal_options(game.state, "japan")["purchase"]["costs"]
    assert (costs["battleship"], costs["carrier"], costs["cruiser"], costs["destroyer"],
            costs["transport"], costs["submarine"]) == (17, 13, 9, 7, 6, 5)
    game.submit("japan", {"type": "purchase", "units": {"battleship": 1}})
    assert game.state["ipcs"]["japan"] == 26 - 17


def test_G40_GEN_02_G40_GEN_04_nine_seats_each_with_its_own_ipcs() -> None:
    seats = RS.seats({})
    assert len(seats) == 9 and len({s["id"] for s in seats}) == 9
    game = RS.new_game({}, seed="seats")
    assert set(game.state["ipcs"]) == {s["id"] for s in seats if s["id"] != "uk"} | {
        "uk_europe", "uk_pacific"}
    # no order moves IPCs between powers; a treasury never goes below zero
    assert not {"transfer", "give_ipcs", "lend"} & set(RS.orders)
    broken = {**game.state, "ipcs": {**game.state["ipcs"], "italy": -1}}
    assert any("italy" in problem for problem in violations(RS, broken))
