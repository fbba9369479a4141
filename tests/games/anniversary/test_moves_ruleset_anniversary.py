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


def test_AAE_CM_03_AAE_SEQ_08_no_combat_move_into_an_allied_space() -> None:
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


def test_AAE_NCM_11_AAE_CM_21_aa_guns_move_only_in_noncombat_move() -> None:
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
    with pytest.raises(IllegalOrder) as err:  # noncombat: never into a hostile zone
        game.submit("germany", {"type": "move", "units": [cruiser], "route": ["SZ 5", "SZ 6"]})
    assert err.value.rule_id == "AAE-NCM-09"
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


def _mechanized(phase: str) -> Any:
    position = start_position()
    position["units"]["Germany"] = [{"type": "infantry", "owner": "germany", "count": 2},
                                    {"type": "tank", "owner": "germany", "count": 1}]
    return game_at("germany", phase, edit={
        **position, "research": {"germany": {"advances": ["mechanized_infantry"]}}})


def test_AAE_TECH_06_AAE_TECH_19_an_infantry_moves_two_with_a_tank() -> None:
    game = _mechanized("noncombat_move")
    infantry = [u["id"] for u in game.state["units"]["Germany"] if u["type"] == "infantry"]
    tank = _unit(game, "Germany", "tank")
    with pytest.raises(IllegalOrder) as err:  # alone
        game.submit("germany", {"type": "move", "units": [infantry[0]],
                                "route": ["Germany", "Poland", "Bulgaria Romania"]})
    assert err.value.rule_id == "AAE-TECH-19"
    with pytest.raises(IllegalOrder) as err:  # two infantry, one tank
        game.submit("germany", {"type": "move", "units": [*infantry, tank],
                                "route": ["Germany", "Poland", "Bulgaria Romania"]})
    assert err.value.rule_id == "AAE-TECH-19"
    game.submit("germany", {"type": "move", "units": [infantry[0], tank],
                            "route": ["Germany", "Poland", "Bulgaria Romania"]})
    assert {u["id"] for u in game.state["units"]["Bulgaria Romania"]} >= {infantry[0], tank}


def _blitz_pair(advances: list[str]) -> Any:
    position = _empty(start_position(), "Belorussia", "Russia")
    position["units"]["Baltic States"] = [{"type": "infantry", "owner": "germany", "count": 2},
                                          {"type": "tank", "owner": "germany", "count": 1}]
    return game_at("germany", "combat_move", edit={
        **position, "research": {"germany": {"advances": advances}}})


def test_AAE_TECH_19_mechanized_infantry_follows_its_tank_through_a_blitz() -> None:
    """Spec E-09: the paired infantry passes with the tank through the territory it blitzes."""
    game = _blitz_pair(["mechanized_infantry"])
    infantry = [u["id"] for u in game.state["units"]["Baltic States"] if u["type"] == "infantry"]
    tank = _unit(game, "Baltic States", "tank")
    route = ["Baltic States", "Belorussia", "Russia"]
    with pytest.raises(IllegalOrder):  # the infantry alone must stop in Belorussia
        game.submit("germany", {"type": "move", "units": [infantry[0]], "route": route})
    with pytest.raises(IllegalOrder) as err:  # one infantry per tank
        game.submit("germany", {"type": "move", "units": [*infantry, tank], "route": route})
    assert err.value.rule_id == "AAE-TECH-19"
    game.submit("germany", {"type": "move", "units": [infantry[0], tank], "route": route})
    assert game.state["owners"]["Belorussia"] == "germany"  # the tank took it on the way
    assert {u["id"] for u in game.state["units"]["Russia"]} >= {infantry[0], tank}
    assert infantry[1] in {u["id"] for u in game.state["units"]["Baltic States"]}


def test_AAE_TECH_19_without_the_advance_no_infantry_follows_a_blitz() -> None:
    game = _blitz_pair([])
    infantry = _unit(game, "Baltic States", "infantry")
    tank = _unit(game, "Baltic States", "tank")
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": [infantry, tank],
                                "route": ["Baltic States", "Belorussia", "Russia"]})
    assert game.state["owners"]["Belorussia"] != "germany"


def test_AAE_TECH_06_without_the_advance_infantry_moves_one() -> None:
    position = start_position()
    position["units"]["Germany"] = [{"type": "infantry", "owner": "germany", "count": 1},
                                    {"type": "tank", "owner": "germany", "count": 1}]
    game = game_at("germany", "noncombat_move", edit=position)
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move",
                                "units": [u["id"] for u in game.state["units"]["Germany"]],
                                "route": ["Germany", "Poland", "Bulgaria Romania"]})


def _paratroopers(advances: list[str]) -> Any:
    return game_at("germany", "combat_move",
                   edit={"research": {"germany": {"advances": advances}}})


def test_AAE_TECH_03_a_bomber_drops_an_infantry_on_the_first_hostile_territory() -> None:
    game = _paratroopers(["paratroopers"])
    bomber, infantry = _unit(game, "Germany", "bomber"), _unit(game, "Germany", "infantry")
    offered = game.legal_options("germany")["paradrop"]
    assert {"bomber": bomber, "space": "Germany"}.items() <= next(
        o for o in offered if o["bomber"] == bomber).items()
    with pytest.raises(IllegalOrder) as err:  # East Poland is hostile: the bomber stops there
        game.submit("germany", {"type": "paradrop", "bomber": bomber, "infantry": infantry,
                                "route": ["Germany", "Poland", "East Poland", "Belorussia"]})
    assert err.value.rule_id == "AAE-TECH-03"
    game.submit("germany", {"type": "paradrop", "bomber": bomber, "infantry": infantry,
                            "route": ["Germany", "Poland", "Baltic States"],
                            "landing": {str(bomber): "Germany"}})
    there = {u["id"]: u for u in game.state["units"]["Baltic States"]}
    assert there[infantry]["t_paratrooper"] and there[bomber]["t_paratroopers"]
    assert events(game, "aa.aae_paradropped")[0]["at"] == "Baltic States"


def test_AAE_TECH_03_needs_the_advance() -> None:
    game = _paratroopers([])
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "paradrop", "bomber": _unit(game, "Germany", "bomber"),
                                "infantry": _unit(game, "Germany", "infantry"),
                                "route": ["Germany", "Poland", "Baltic States"]})
    assert err.value.rule_id == "AAE-TECH-03"


def test_AAE_TECH_16_the_paratrooper_starts_the_turn_with_its_bomber() -> None:
    game = _paratroopers(["paratroopers"])
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "paradrop", "bomber": _unit(game, "Germany", "bomber"),
                                "infantry": _unit(game, "Poland", "infantry"),
                                "route": ["Germany", "Poland", "Baltic States"]})
    assert err.value.rule_id == "AAE-TECH-16"


def test_AAE_CM_11_aircraft_fly_over_hostile_territory() -> None:
    game = game_at("germany", "combat_move")
    bomber = _unit(game, "Germany", "bomber")
    game.submit("germany", {"type": "move", "units": [bomber],
                            "route": ["Germany", "Poland", "Baltic States", "Belorussia"],
                            "landing": {str(bomber): "Germany"}})
    assert any(u["id"] == bomber for u in game.state["units"]["Belorussia"])


def test_AAE_CM_12_no_air_unit_flies_beyond_its_way_back() -> None:
    game = game_at("germany", "combat_move")
    bomber = _unit(game, "Germany", "bomber")
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": [bomber],
                                "route": ["Germany", "Poland", "East Poland", "Belorussia",
                                          "Russia"],
                                "landing": {str(bomber): "Germany"}})


def test_AAE_UNIT_INF_03_only_infantry_are_paratroopers() -> None:
    position = start_position()
    position["units"]["Germany"].append({"type": "tank", "owner": "germany", "count": 1})
    game = game_at("germany", "combat_move", edit={
        **position, "research": {"germany": {"advances": ["paratroopers"]}}})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "paradrop", "bomber": _unit(game, "Germany", "bomber"),
                                "infantry": _unit(game, "Germany", "tank"),
                                "route": ["Germany", "Poland", "Baltic States"]})
    assert err.value.rule_id == "AAE-TECH-03"


def test_AAE_CM_16_submarines_pass_warships_but_stop_at_destroyers() -> None:
    position = start_position()
    position["units"]["SZ 6"] = [{"type": "cruiser", "owner": "uk", "count": 1}]
    game = game_at("germany", "noncombat_move", edit=position)
    sub = _unit(game, "SZ 7", "submarine")
    game.submit("germany", {"type": "move", "units": [sub], "route": ["SZ 7", "SZ 6", "SZ 5"]})
    position["units"]["SZ 6"] = [{"type": "destroyer", "owner": "uk", "count": 1}]
    game = game_at("germany", "noncombat_move", edit=position)
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": [sub], "route": ["SZ 7", "SZ 6", "SZ 5"]})


def test_AAE_NCM_02_only_aircraft_pass_hostile_spaces_in_noncombat() -> None:
    position = _empty(start_position(), "Belorussia", "Baltic States", "Karelia S.S.R.")
    position["owners"].update({"Baltic States": "germany", "Karelia S.S.R.": "germany"})
    position["units"]["Baltic States"] = [{"type": "tank", "owner": "germany", "count": 1}]
    game = game_at("germany", "noncombat_move", edit=position)
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": [_unit(game, "Baltic States", "tank")],
                                "route": ["Baltic States", "Belorussia", "Karelia S.S.R."]})
    bomber = _unit(game, "Germany", "bomber")
    game.submit("germany", {"type": "move", "units": [bomber],
                            "route": ["Germany", "Poland", "East Poland", "Belorussia",
                                      "Karelia S.S.R."]})
    assert any(u["id"] == bomber for u in game.state["units"]["Karelia S.S.R."])


def test_AAE_NCM_04_AAE_CM_14_no_landing_plan_where_captured_this_turn() -> None:
    position = _empty(start_position(), "Belorussia", "Russia")
    position["units"]["Baltic States"] = [{"type": "tank", "owner": "germany", "count": 1}]
    game = game_at("germany", "combat_move", edit=position)
    game.submit("germany", {"type": "move", "units": [_unit(game, "Baltic States", "tank")],
                            "route": ["Baltic States", "Belorussia", "Russia"]})
    bomber = _unit(game, "Germany", "bomber")
    with pytest.raises(IllegalOrder) as err:  # the refusal names the Anniversary rule
        game.submit("germany", {"type": "move", "units": [bomber],
                                "route": ["Germany", "Poland", "East Poland"],
                                "landing": {str(bomber): "Belorussia"}})
    assert err.value.rule_id == "AAE-CM-12"  # no suicide: no valid landing (AAE-NCM-04)
    game.submit("germany", {"type": "move", "units": [bomber],
                            "route": ["Germany", "Poland", "East Poland"],
                            "landing": {str(bomber): "Poland"}})


def test_AAE_every_family_rule_id_named_in_refusals_exists_in_the_spec() -> None:
    import re
    from pathlib import Path

    from pbem.games.aa.editions.anniversary import EDITION

    root = Path(__file__).resolve().parents[3]
    spec = set((root / "tests/games/anniversary/anniversary_rule_ids.txt").read_text().split())
    family = set()
    for path in (root / "pbem/games/aa").glob("*.py"):
        family.update(re.findall(r'"(AA41-(?:AIR|AMP|MNF|UNIT-TRN|GEN|CM|NCM|MOB|PUR|SEQ)-\d+)"', path.read_text()))
    assert family and all(EDITION.rule_id(i) in spec for i in family)


def test_AAE_MAP_07_AAE_MAP_08_an_island_group_is_one_territory_beside_its_sea_zone() -> None:
    islands = [s for s, sp in RS.data.spaces.items() if sp.island]
    assert "Hawaiian Islands" in islands and "Caroline Islands" in islands
    for island in islands:
        assert RS.map.land_neighbours(island) == () and RS.map.sea_zones_of(island)
    # the island and its zone are two spaces: a fighter on Hawaii is not in SZ 53
    game = game_at("usa", "noncombat_move")
    fighter = _unit(game, "Hawaiian Islands", "fighter")
    assert all(u["id"] != fighter for u in game.state["units"]["SZ 53"])
    game.submit("usa", {"type": "move", "units": [fighter],
                        "route": ["Hawaiian Islands", "SZ 53", "Hawaiian Islands"]})


def test_AAE_CM_02_one_space_attacked_from_several() -> None:
    position = start_position()
    position["units"]["Germany"].append({"type": "tank", "owner": "germany", "count": 1})
    game = game_at("germany", "combat_move", edit=position)
    infantry, tank = _unit(game, "Poland", "infantry"), _unit(game, "Germany", "tank")
    game.submit("germany", {"type": "move", "units": [infantry], "route": ["Poland", "Baltic States"]})
    game.submit("germany", {"type": "move", "units": [tank],
                            "route": ["Germany", "Poland", "Baltic States"]})
    end(game)
    assert {infantry, tank} <= set(game.state["battles"]["Baltic States"]["attackers"])


def test_AAE_UNIT_TT_04_AAE_NCM_10_load_then_move_in_noncombat() -> None:
    game = game_at("germany", "noncombat_move", edit=_empty(start_position(), "SZ 6"))
    transport, infantry = _unit(game, "SZ 5", "transport"), _unit(game, "Germany", "infantry")
    game.submit("germany", {"type": "move", "units": [infantry], "route": ["Germany", "SZ 5"],
                            "transport": transport})
    game.submit("germany", {"type": "move", "units": [transport], "route": ["SZ 5", "SZ 6"]})
    aboard = [u for u in game.state["units"]["SZ 6"] if u.get("aboard") == transport]
    assert [u["id"] for u in aboard] == [infantry]


def test_AAE_CM_22_loading_is_a_land_units_whole_move() -> None:
    game = game_at("germany", "noncombat_move")
    transport, infantry = _unit(game, "SZ 5", "transport"), _unit(game, "Poland", "infantry")
    game.submit("germany", {"type": "move", "units": [infantry], "route": ["Poland", "Germany"]})
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": [infantry], "route": ["Germany", "SZ 5"],
                                "transport": transport})


def test_AAE_UNIT_TT_05_no_loading_in_a_hostile_sea_zone() -> None:
    position = start_position()
    position["units"]["SZ 5"].append({"type": "destroyer", "owner": "uk", "count": 1})
    game = game_at("germany", "noncombat_move", edit=position)
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": [_unit(game, "Germany", "infantry")],
                                "route": ["Germany", "SZ 5"],
                                "transport": _unit(game, "SZ 5", "transport")})
