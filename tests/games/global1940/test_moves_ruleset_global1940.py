"""Global 1940's limits on moves and the consequences of captures, through the facade."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from pbem.games.aa.routes import movement_left
from tests.games.global1940.facade import RS, end, events, game_at, start_position


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


def test_G40_CM_18_G40_CM_19_bases_add_movement_from_where_units_start() -> None:
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
