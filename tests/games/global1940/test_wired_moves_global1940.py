"""Rules of entering spaces played through the ruleset: the Dutch territories, canals and
straits, blitzes (G40-POL-13, -21, G40-MAP-10…16, G40-CM-12)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.facade import events, game_at, start_position


def _refused(game: Game, seat: str, order: dict[str, Any]) -> str:
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, order)
    return err.value.rule_id


def _unit(game: Game, space: str, utype: str, owner: str) -> int:
    return next(u["id"] for u in game.state["units"][space]
                if u["type"] == utype and u["owner"] == owner and "aboard" not in u)


def test_G40_POL_21_a_uk_land_unit_entering_a_dutch_territory_takes_it_at_once() -> None:
    position = start_position()
    position["units"]["British Guiana"] = [{"type": "infantry", "owner": "uk"}]
    game = game_at("uk", "noncombat_move", edit=position)
    assert game.state["owners"]["Suriname"] is None
    game.submit("uk", {"type": "move", "units": [_unit(game, "British Guiana", "infantry",
                                                       "uk")],
                       "route": ["British Guiana", "Suriname"]})
    assert game.state["owners"]["Suriname"] == "uk"
    assert events(game, "aa.g40_dutch_taken") == [{"territory": "Suriname", "power": "uk"}]


def _ship_game(power: str, zone: str, *types: str, **owners: str) -> Game:
    position = start_position()
    position["owners"].update(owners)
    position["units"][zone] = [{"type": t, "owner": power} for t in types]
    return game_at(power, "noncombat_move", edit=position)


def test_G40_MAP_14_G40_MAP_15_an_enemy_strait_bars_ships_but_not_submarines() -> None:
    game = _ship_game("italy", "SZ 92", "destroyer", "submarine")
    move = {"type": "move", "units": [_unit(game, "SZ 92", "destroyer", "italy")],
            "route": ["SZ 92", "SZ 91"]}
    assert _refused(game, "italy", move) == "G40-MAP-14"
    game.submit("italy", {"type": "move", "units": [_unit(game, "SZ 92", "submarine", "italy")],
                          "route": ["SZ 92", "SZ 91"]})
    assert any(u["type"] == "submarine" for u in game.state["units"]["SZ 91"])


def test_G40_MAP_14_the_turkish_straits_stay_shut_while_turkey_is_neutral() -> None:
    game = _ship_game("italy", "SZ 99", "destroyer")
    move = {"type": "move", "units": [_unit(game, "SZ 99", "destroyer", "italy")],
            "route": ["SZ 99", "SZ 100"]}
    assert _refused(game, "italy", move) == "G40-MAP-14"


def test_G40_MAP_13_suez_split_between_the_alliances_is_closed() -> None:
    game = _ship_game("uk", "SZ 98", "destroyer", Egypt="italy")
    move = {"type": "move", "units": [_unit(game, "SZ 98", "destroyer", "uk")],
            "route": ["SZ 98", "SZ 81"]}
    assert _refused(game, "uk", move) == "G40-MAP-13"


def test_G40_MAP_10_an_own_canal_held_since_the_turn_began_is_open() -> None:
    game = _ship_game("uk", "SZ 98", "destroyer")
    game.submit("uk", {"type": "move", "units": [_unit(game, "SZ 98", "destroyer", "uk")],
                       "route": ["SZ 98", "SZ 81"]})
