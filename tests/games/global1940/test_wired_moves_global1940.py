"""Rules of entering spaces played through the ruleset: the Dutch territories, canals and
straits, blitzes (G40-POL-13, -21, G40-MAP-10…16, G40-CM-12)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder, InvalidOrder
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


def _blitz_game(*types: str, **installations: dict[str, int]) -> Game:
    position = start_position()
    position["units"]["Normandy Bordeaux"] = []
    position["units"]["Holland Belgium"] = [{"type": t, "owner": "germany"} for t in types]
    position["installations"].pop("Normandy Bordeaux")  # its minor complex and naval base
    position["installations"].update(installations)
    return game_at("germany", "combat_move", edit=position)


def _ids(game: Game, space: str) -> list[int]:
    return [u["id"] for u in game.state["units"][space] if u["owner"] == "germany"]


def test_G40_CM_32_G40_CM_15_each_blitzing_mech_infantry_needs_its_own_armour() -> None:
    game = _blitz_game("tank", "mech_infantry", "mech_infantry")
    move = {"type": "move", "units": _ids(game, "Holland Belgium"),
            "route": ["Holland Belgium", "Normandy Bordeaux", "France"]}
    assert _refused(game, "germany", move) == "G40-CM-32"
    pair = _ids(game, "Holland Belgium")[:2]
    game.submit("germany", {**move, "units": pair})
    assert game.state["owners"]["Normandy Bordeaux"] == "germany"  # blitzed, taken at once


def test_G40_TECH_13_improved_mechanized_infantry_blitzes_without_armour_pairs() -> None:
    position = start_position()
    position["units"]["Normandy Bordeaux"] = []
    position["installations"].pop("Normandy Bordeaux")
    position["units"]["Holland Belgium"] = [{"type": t, "owner": "germany"}
                                            for t in ("tank", "mech_infantry", "mech_infantry")]
    position["research"] = {"germany": {"advances": ["improved_mechanized_infantry"]}}
    game = game_at("germany", "combat_move", edit=position)
    game.submit("germany", {"type": "move", "units": _ids(game, "Holland Belgium"),
                            "route": ["Holland Belgium", "Normandy Bordeaux", "France"]})


def test_G40_CM_31_an_installation_stops_a_blitz() -> None:
    game = _blitz_game("tank", **{"Normandy Bordeaux": {"air_base": 0}})
    move = {"type": "move", "units": _ids(game, "Holland Belgium"),
            "route": ["Holland Belgium", "Normandy Bordeaux", "France"]}
    assert _refused(game, "germany", move) == "G40-CM-31"


def test_G40_UNIT_CV_02_no_aircraft_leaves_or_lands_on_a_damaged_carrier() -> None:
    position = start_position()
    position["units"]["SZ 110"] = [{"type": "carrier", "owner": "uk", "hits": 1},
                                   {"type": "fighter", "owner": "uk"}]
    game = game_at("uk", "noncombat_move", edit=position)
    carrier = _unit(game, "SZ 110", "carrier", "uk")
    fighter = next(u for u in game.state["units"]["SZ 110"] if u["type"] == "fighter")
    fighter["aboard"] = carrier  # set-up: a position names no cargo
    fighter = fighter["id"]
    move = {"type": "move", "units": [fighter], "route": ["SZ 110", "United Kingdom"]}
    assert _refused(game, "uk", move) == "G40-UNIT-CV-02"
    other = _unit(game, "United Kingdom", "fighter", "uk")
    land = {"type": "move", "units": [other], "route": ["United Kingdom", "SZ 110"],
            "landing": {str(other): {"space": "SZ 110", "carrier": carrier}}}
    assert _refused(game, "uk", land) == "G40-UNIT-CV-02"


def _convoy(**options: Any) -> Game:
    position = start_position()
    position["units"]["SZ 111"] = [{"type": "transport", "owner": "uk"}] * 2
    position["units"]["SZ 112"] = [{"type": "submarine", "owner": "germany"}]
    return game_at("uk", "noncombat_move", edit=position, dice=[2, 5], **options)


def test_G40_CMB_32_submarines_fire_at_unescorted_transports_passing_them() -> None:
    game = _convoy()
    transports = [u["id"] for u in game.state["units"]["SZ 111"]]
    game.submit("uk", {"type": "move", "units": transports, "route": ["SZ 111", "SZ 112"]})
    (shot,) = events(game, "aa.g40_intercepted")
    assert shot["dice"] == [2, 5] and shot["hits"] == 1 and shot["lost"] == [transports[0]]
    assert [u["id"] for u in game.state["units"]["SZ 112"] if u["owner"] == "uk"] == \
        [transports[1]]


def test_G40_CMB_32_the_mover_chooses_in_its_move_which_transports_are_lost() -> None:
    game = _convoy()
    transports = [u["id"] for u in game.state["units"]["SZ 111"]]
    game.submit("uk", {"type": "move", "units": transports, "route": ["SZ 111", "SZ 112"],
                       "interception_losses": [transports[1]]})
    (shot,) = events(game, "aa.g40_intercepted")
    assert shot["hits"] == 1 and shot["lost"] == [transports[1]]
    assert [u["id"] for u in game.state["units"]["SZ 112"] if u["owner"] == "uk"] == \
        [transports[0]]


def test_G40_CMB_32_by_default_an_empty_transport_is_lost_before_a_loaded_one() -> None:
    position = start_position()
    position["units"]["SZ 111"] = [{"type": "transport", "owner": "uk"}] * 2
    position["units"]["SZ 112"] = [{"type": "submarine", "owner": "germany"}]
    position["units"]["Scotland"] = [{"type": "infantry", "owner": "uk"}]
    game = game_at("uk", "combat_move", edit=position, dice=[6, 2])
    first, second = [u["id"] for u in game.state["units"]["SZ 111"]]
    game.submit("uk", {"type": "move", "units": [_unit(game, "Scotland", "infantry", "uk")],
                       "route": ["Scotland", "SZ 111"], "transport": first})
    options = game.query("uk", "reachable", {"units": [first, second]})["destinations"]["SZ 112"]
    assert options["interception"] == {"zones": ["SZ 112"], "transports": [second, first]}
    game.submit("uk", {"type": "move", "units": [first, second], "route": ["SZ 111", "SZ 112"]})
    (shot,) = events(game, "aa.g40_intercepted")
    assert shot["lost"] == [second]


@pytest.mark.parametrize(("losses", "rule"), [("other", "G40-CMB-32"), ("twice", "G40-CMB-32"),
                                               ("first", "ENGINE-ORDER-5"), ("bool", "ENGINE-ORDER-5")])
def test_G40_CMB_32_a_loss_preference_names_transports_of_the_move_once(losses: str, rule: str) -> None:
    game = _convoy()
    first, second = [u["id"] for u in game.state["units"]["SZ 111"]]
    named = {"other": [second], "twice": [first, first], "bool": [True]}.get(losses, losses)
    move = {"type": "move", "units": [first], "route": ["SZ 111", "SZ 112"], "interception_losses": named}
    with pytest.raises((IllegalOrder, InvalidOrder)) as err:
        game.submit("uk", move)
    assert err.value.rule_id == rule
    assert events(game, "aa.g40_intercepted") == [] and len(game.state["units"]["SZ 111"]) == 2


def test_G40_CMB_32_no_interception_with_the_option_off() -> None:
    game = _convoy(submarine_interception=False)
    transports = [u["id"] for u in game.state["units"]["SZ 111"]]
    game.submit("uk", {"type": "move", "units": transports, "route": ["SZ 111", "SZ 112"]})
    assert events(game, "aa.g40_intercepted") == []


def test_G40_MAP_05_G40_UNIT_SS_02_only_enemy_surface_warships_make_a_zone_hostile() -> None:
    position = start_position()
    position["units"]["SZ 111"] = [{"type": "transport", "owner": "uk"}]
    position["units"]["SZ 112"] = [{"type": "submarine", "owner": "germany"},
                                   {"type": "transport", "owner": "germany"}]
    position["units"]["SZ 125"] = [{"type": "destroyer", "owner": "germany"}]
    game = game_at("uk", "noncombat_move", edit=position, dice=[6],
                   submarine_interception=False)
    transport = _unit(game, "SZ 111", "transport", "uk")
    hostile = {"type": "move", "units": [transport], "route": ["SZ 111", "SZ 125"]}
    assert _refused(game, "uk", hostile) == "G40-NCM-11"  # an enemy destroyer: hostile
    game.submit("uk", {**hostile, "route": ["SZ 111", "SZ 112"]})  # submarine: not hostile
