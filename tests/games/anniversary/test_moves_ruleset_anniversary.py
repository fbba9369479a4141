"""The family's movement and mobilization rules on the Anniversary board, through the facade."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.routes import movement_left
from tests.games.anniversary.facade import RS, advance, end, events, game_at, start_position


def _unit(game: Any, space: str, utype: str) -> int:
    return int(next(u["id"] for u in game.state["units"][space] if u["type"] == utype))


def _empty(position: dict[str, Any], *spaces: str) -> dict[str, Any]:
    for space in spaces:
        position["units"][space] = []
    return position


def test_AAE_CM_01_entering_an_empty_hostile_territory_is_a_combat_move() -> None:
    position = _empty(start_position(), "Belorussia")
    position["units"]["Baltic States"] = [{"type": "infantry", "owner": "germany", "count": 1}]
    game = game_at("germany", "combat_move", edit=position)
    game.submit("germany", {"type": "move", "units": [_unit(game, "Baltic States", "infantry")],
                            "route": ["Baltic States", "Belorussia"]})
    end(game)
    while game.state["phase"] == "combat":
        advance(game)
    assert game.state["owners"]["Belorussia"] == "germany"


def test_AAE_CM_03_SEQ_08_no_combat_move_into_an_allied_space() -> None:
    game = game_at("germany", "combat_move")
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move",
                                "units": [_unit(game, "Bulgaria Romania", "infantry")],
                                "route": ["Bulgaria Romania", "Balkans"]})


def test_AAE_CM_06_no_unit_enters_a_neutral() -> None:
    game = game_at("germany", "combat_move")
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": [_unit(game, "France", "infantry")],
                                "route": ["France", "Spain"]})


def test_AAE_CM_17_AAE_UNIT_ARM_02_a_tank_blitzes_an_empty_territory() -> None:
    position = _empty(start_position(), "Belorussia", "Russia")
    position["units"]["Baltic States"] = [{"type": "tank", "owner": "germany", "count": 1}]
    game = game_at("germany", "combat_move", edit=position)
    game.submit("germany", {"type": "move", "units": [_unit(game, "Baltic States", "tank")],
                            "route": ["Baltic States", "Belorussia", "Russia"]})
    assert game.state["owners"]["Belorussia"] == "germany"  # taken at once


def test_AAE_NCM_03_land_units_never_enter_hostile_territory_in_noncombat() -> None:
    position = _empty(start_position(), "Belorussia")
    position["units"]["Baltic States"] = [{"type": "infantry", "owner": "germany", "count": 1}]
    game = game_at("germany", "noncombat_move", edit=position)
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move",
                                "units": [_unit(game, "Baltic States", "infantry")],
                                "route": ["Baltic States", "Belorussia"]})


def test_AAE_MAP_12_control_stays_when_every_unit_leaves() -> None:
    game = game_at("germany", "noncombat_move")
    ids = [u["id"] for u in game.state["units"]["Finland"]]
    game.submit("germany", {"type": "move", "units": ids, "route": ["Finland", "Norway"]})
    assert game.state["units"]["Finland"] == [] and game.state["owners"]["Finland"] == "germany"


def test_AAE_NCM_11_aa_guns_move_only_in_noncombat_move() -> None:
    game = game_at("germany", "combat_move")
    gun = _unit(game, "Germany", "aa_gun")
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "move", "units": [gun], "route": ["Germany", "Poland"]})
    assert err.value.rule_id == "AAE-NCM-11"
    end(game, times=2)
    game.submit("germany", {"type": "move", "units": [gun], "route": ["Germany", "Poland"]})
    assert any(u["id"] == gun for u in game.state["units"]["Poland"])


def test_AAE_UNIT_INF_01_AAE_UNIT_FTR_01_AAE_UNIT_BMB_01_AAE_UNIT_TT_01_costs_and_moves() -> None:
    game = game_at("germany", "purchase")
    costs = game.legal_options("germany")["purchase"]["costs"]
    assert (costs["infantry"], costs["tank"], costs["fighter"], costs["bomber"],
            costs["transport"]) == (3, 5, 10, 12, 7)
    moves = {u["type"]: movement_left(RS, u, game.state)
             for space in ("Germany", "Poland", "SZ 5") for u in game.state["units"][space]}
    assert (moves["infantry"], moves["tank"], moves["fighter"], moves["bomber"],
            moves["transport"]) == (1, 2, 4, 6, 2)


def test_AAE_MOB_04_land_units_only_in_the_complex_territory() -> None:
    game = game_at("germany", "mobilize", edit={"bought": {"infantry": 1, "destroyer": 1}})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "place", "units": {"infantry": 1}, "at": "SZ 5"})
    assert err.value.rule_id == "AAE-MOB-04"
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "place", "units": {"infantry": 1}, "at": "Poland"})
    assert err.value.rule_id == "AAE-MOB-04"


def test_AAE_MOB_05_sea_units_next_to_the_complex() -> None:
    game = game_at("germany", "mobilize", edit={"bought": {"destroyer": 1}})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "place", "units": {"destroyer": 1}, "at": "Germany"})
    assert err.value.rule_id == "AAE-MOB-05"
    game.submit("germany", {"type": "place", "units": {"destroyer": 1}, "at": "SZ 5"})
    assert events(game, "aa.placed")[0]["factory"] == "Germany"


def test_AAE_MOB_01_a_complex_taken_this_turn_is_not_usable() -> None:
    position = start_position()
    position["owners"]["Karelia S.S.R."] = "germany"
    position["owners_at_turn_start"] = {**position["owners"], "Karelia S.S.R.": "ussr"}
    game = game_at("germany", "mobilize", edit={**position, "bought": {"infantry": 1}})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "place", "units": {"infantry": 1}, "at": "Karelia S.S.R."})
    assert err.value.rule_id == "AAE-MOB-04"
    assert "Karelia S.S.R." not in game.legal_options("germany")["mobilize"]["capacity"]


def test_AAE_SEQ_07_no_order_gives_ipcs_to_another_power() -> None:
    game = game_at("germany", "purchase")
    with pytest.raises((IllegalOrder, InvalidOrder)):
        game.submit("germany", {"type": "give_ipcs", "to": "italy", "ipcs": 5})
    assert not any("ipcs" in kind or "give" in kind for kind in RS.orders)


def test_AAE_MAP_03_friendly_hostile_and_neutral_territories() -> None:
    from pbem.games.aa.routes import territory_hostile

    state = game_at("germany", "combat_move").state
    assert not territory_hostile(RS, state, "Balkans", "germany")  # Italian: same side
    assert territory_hostile(RS, state, "Russia", "germany")
    assert state["owners"]["Spain"] is None and not territory_hostile(RS, state, "Spain", "germany")


def test_AAE_MAP_06_a_sea_zone_is_hostile_only_with_enemy_surface_warships() -> None:
    from pbem.games.aa.routes import zone_hostile

    position = start_position()
    position["units"]["SZ 4"] = [{"type": "submarine", "owner": "ussr", "count": 1}]
    position["units"]["SZ 6"] = [{"type": "destroyer", "owner": "uk", "count": 1}]
    state = game_at("germany", "combat_move", edit=position).state
    assert not zone_hostile(RS, state, "SZ 4", "germany")  # a lone submarine
    assert zone_hostile(RS, state, "SZ 6", "germany")
    assert not zone_hostile(RS, state, "SZ 6", "usa")


def test_AAE_MAP_05_production_is_the_sum_of_territory_values() -> None:
    game = game_at("germany", "mobilize")
    end(game)
    owned = [t for t, p in game.state["owners"].items() if p == "germany"]
    assert events(game, "aa.aae_income_collected")[0]["production"] == sum(
        RS.data.spaces[t].value for t in owned) == 31


def test_AAE_NCM_01_units_that_moved_in_combat_move_stay() -> None:
    position = _empty(start_position(), "Belorussia")
    position["units"]["Baltic States"] = [{"type": "infantry", "owner": "germany", "count": 1}]
    game = game_at("germany", "combat_move", edit=position)
    infantry = _unit(game, "Baltic States", "infantry")
    game.submit("germany", {"type": "move", "units": [infantry],
                            "route": ["Baltic States", "Belorussia"]})
    end(game)
    while game.state["phase"] == "combat":
        advance(game)
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": [infantry],
                                "route": ["Belorussia", "Baltic States"]})


def test_AAE_MAP_10_a_canal_needs_the_side_holding_it_at_turn_start() -> None:
    position = start_position()
    position["units"]["SZ 15"] = [{"type": "cruiser", "owner": "italy", "count": 1}]
    game = game_at("italy", "noncombat_move", edit=position)
    cruiser = _unit(game, "SZ 15", "cruiser")
    with pytest.raises(IllegalOrder):
        game.submit("italy", {"type": "move", "units": [cruiser], "route": ["SZ 15", "SZ 34"]})
    position["owners"].update({"Egypt": "italy", "Trans-Jordan": "italy"})
    game = game_at("italy", "noncombat_move", edit=position)
    game.submit("italy", {"type": "move", "units": [cruiser], "route": ["SZ 15", "SZ 34"]})


def test_AAE_MAP_11_canals_never_block_land_movement() -> None:
    game = game_at("uk", "noncombat_move")
    infantry = _unit(game, "Egypt", "infantry")
    game.submit("uk", {"type": "move", "units": [infantry], "route": ["Egypt", "Trans-Jordan"]})


def test_AAE_MAP_13_allies_share_territories_but_not_income() -> None:
    game = game_at("germany", "noncombat_move")
    infantry = _unit(game, "Bulgaria Romania", "infantry")
    game.submit("germany", {"type": "move", "units": [infantry],
                            "route": ["Bulgaria Romania", "Balkans"]})
    assert game.state["owners"]["Balkans"] == "italy"
    end(game, times=1)
    end(game)  # Mobilize: Collect Income
    owned = [t for t, p in game.state["owners"].items() if p == "germany"]
    assert "Balkans" not in owned
    assert events(game, "aa.aae_income_collected")[0]["production"] == 31


def test_AAE_NCM_09_AAE_CM_07_ships_stop_at_enemy_surface_warships() -> None:
    position = start_position()
    position["units"]["SZ 6"] = [{"type": "destroyer", "owner": "uk", "count": 1}]
    game = game_at("germany", "noncombat_move", edit=position)
    cruiser = _unit(game, "SZ 5", "cruiser")
    with pytest.raises(IllegalOrder):  # noncombat: never into a hostile zone
        game.submit("germany", {"type": "move", "units": [cruiser], "route": ["SZ 5", "SZ 6"]})
    game = game_at("germany", "combat_move", edit=position)
    with pytest.raises(IllegalOrder):  # combat: it stops where the destroyer is
        game.submit("germany", {"type": "move", "units": [cruiser],
                                "route": ["SZ 5", "SZ 6", "SZ 7"]})
    game.submit("germany", {"type": "move", "units": [cruiser], "route": ["SZ 5", "SZ 6"]})


def test_AAE_PUR_02_AAE_PUR_04_bought_units_are_paid_and_wait_for_mobilize() -> None:
    game = game_at("germany", "purchase")
    before = sum(len(units) for units in game.state["units"].values())
    game.submit("germany", {"type": "purchase", "units": {"tank": 2}})
    assert game.state["bought"] == {"tank": 2} and game.state["ipcs"]["germany"] == 21
    assert sum(len(units) for units in game.state["units"].values()) == before


def test_AAE_UNIT_SS_07_a_lone_submarine_never_makes_a_zone_hostile() -> None:
    position = start_position()
    position["units"]["SZ 6"] = [{"type": "submarine", "owner": "uk", "count": 1}]
    game = game_at("germany", "noncombat_move", edit=position)
    cruiser = _unit(game, "SZ 5", "cruiser")
    game.submit("germany", {"type": "move", "units": [cruiser], "route": ["SZ 5", "SZ 6"]})


def test_AAE_UNIT_SEA_02_ships_never_enter_territories() -> None:
    game = game_at("germany", "noncombat_move")
    with pytest.raises((IllegalOrder, InvalidOrder)):
        game.submit("germany", {"type": "move", "units": [_unit(game, "SZ 5", "cruiser")],
                                "route": ["SZ 5", "Germany"]})


def test_AAE_CM_05_a_land_unit_stops_where_enemy_units_are() -> None:
    position = start_position()
    position["units"]["Baltic States"] = [{"type": "tank", "owner": "germany", "count": 1}]
    position["units"]["Russia"] = []
    game = game_at("germany", "combat_move", edit=position)
    with pytest.raises(IllegalOrder):  # Belorussia holds Soviet infantry
        game.submit("germany", {"type": "move", "units": [_unit(game, "Baltic States", "tank")],
                                "route": ["Baltic States", "Belorussia", "Russia"]})


def test_AAE_UNIT_DD_01_AAE_UNIT_SS_01_shipyard_prices() -> None:
    game = game_at("germany", "purchase",
                   edit={"research": {"germany": {"advances": ["improved_shipyards"]}}})
    costs = game.legal_options("germany")["purchase"]["costs"]
    assert (costs["destroyer"], costs["submarine"], costs["transport"], costs["cruiser"]) == (
        7, 5, 6, 10)
    game.submit("germany", {"type": "purchase", "units": {"submarine": 2}})
    assert game.state["ipcs"]["germany"] == 31 - 10


def test_AAE_MOB_06_AAE_UNIT_FTR_02_AAE_UNIT_CV_02_two_fighters_on_a_new_carrier() -> None:
    game = game_at("germany", "mobilize", edit={"bought": {"carrier": 1, "fighter": 3}})
    game.submit("germany", {"type": "place", "units": {"carrier": 1}, "at": "SZ 5"})
    game.submit("germany", {"type": "place", "units": {"fighter": 2}, "at": "SZ 5"})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "place", "units": {"fighter": 1}, "at": "SZ 5"})
    assert err.value.rule_id == "AAE-MOB-06"
    carrier = next(u["id"] for u in game.state["units"]["SZ 5"] if u["type"] == "carrier")
    assert sum(1 for u in game.state["units"]["SZ 5"] if u.get("aboard") == carrier) == 2
