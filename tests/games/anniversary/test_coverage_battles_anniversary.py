"""Battle, liberation and transport rules of the Anniversary checklist through the
``anniversary`` ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder
from tests.games.anniversary.combat_kit import KARELIA, SZ5, att, combat, ids, types_in, unit
from tests.games.anniversary.facade import advance, end, events, game_at, start_position, step

Z = "SZ 6"


def _transports_left() -> object:
    game = combat({Z: [unit("transport", "uk"), unit("destroyer", "uk"),
                       att("transport", came_from="SZ 5"), att("destroyer", came_from="SZ 5")]},
                  dice=[1, 1])
    game.submit("germany", {"type": "battle", "place": Z})  # both destroyers sink
    return game


def test_AAE_CMB_13_only_transports_left_the_attacker_stays() -> None:
    game = _transports_left()
    assert types_in(game, Z) == ["transport", "transport"]
    # only transports on both sides: the attacker chooses to stay (the battle ends) or retreat
    assert game.state["battles"][Z]["status"] == "fighting"
    game.submit("germany", {"type": "press", "place": Z})
    assert game.state["battles"][Z]["status"] == "over"
    assert types_in(game, Z) == ["transport", "transport"]


def test_AAE_CMB_13_only_transports_left_the_attacker_retreats() -> None:
    game = _transports_left()
    game.submit("germany", {"type": "retreat", "place": Z, "to": "SZ 5"})
    assert types_in(game, "SZ 5", "germany") == ["transport"]
    assert types_in(game, Z) == ["transport"]


def test_AAE_CMB_24_the_liberator_never_mobilizes_at_a_liberated_complex() -> None:
    position = start_position()
    position["owners"][KARELIA] = "germany"
    position["owners_at_turn_start"] = {**position["owners"]}
    position["units"][KARELIA] = []
    position["units"]["Archangel"] = [{"type": "infantry", "owner": "uk", "count": 1}]
    game = game_at("uk", "combat_move", edit={**position, "bought": {"infantry": 1}})
    infantry = next(u["id"] for u in game.state["units"]["Archangel"])
    game.submit("uk", {"type": "move", "units": [infantry], "route": ["Archangel", KARELIA]})
    end(game)
    while game.state["phase"] != "mobilize":
        advance(game)
    assert game.state["owners"][KARELIA] == "ussr"  # liberated for its original owner
    assert KARELIA not in game.legal_options("uk")["mobilize"]["capacity"]
    with pytest.raises(IllegalOrder) as err:  # the family's mobilization rule refuses it
        game.submit("uk", {"type": "place", "units": {"infantry": 1}, "at": KARELIA})
    assert err.value.rule_id == "AAE-MOB-04"
    while step(game) != ("ussr", "purchase"):
        advance(game)
    game.submit("ussr", {"type": "purchase", "units": {"infantry": 1}})
    while game.state["phase"] != "mobilize":
        advance(game)
    game.submit("ussr", {"type": "place", "units": {"infantry": 1}, "at": KARELIA})
    assert events(game, "aa.placed")[-1]["factory"] == KARELIA


def _failed_assault(dice: list[int]) -> Any:
    zone = [unit("cruiser", "ussr"), att("destroyer", came_from="SZ 6"),
            att("transport", came_from="SZ 6"), {"type": "infantry", "owner": "germany", "aboard_entry": 2}]
    game = combat({KARELIA: [unit("infantry", "ussr", 2), att("tank")], SZ5: zone,
                   "Baltic States": [unit("infantry", "germany")]}, dice=dice, end=False)
    game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                            "transports": ids(game, SZ5, "transport", "germany"),
                            "units": ids(game, SZ5, "infantry", "germany")})
    game.submit("germany", {"type": "end_phase"})
    game.submit("germany", {"type": "battle", "place": SZ5})  # the escorting destroyer sinks
    return game


def _land_attack_fights_one_round(game: Any) -> None:
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "retreat", "place": KARELIA, "to": "Baltic States"})
    assert err.value.rule_id == "AAE-CMB-08"
    game.submit("germany", {"type": "battle", "place": KARELIA})
    game.submit("germany", {"type": "retreat", "place": KARELIA, "to": "Baltic States"})
    assert types_in(game, "Baltic States", "germany") == ["infantry", "tank"]


def test_AAE_AMPH_07_no_cargo_survived_the_land_attack_still_fights_a_round() -> None:
    game = _failed_assault([6, 1, 1, 6, 6, 6])
    game.submit("germany", {"type": "battle", "place": SZ5})  # the transport and its cargo sink
    assert types_in(game, SZ5, "germany") == []
    _land_attack_fights_one_round(game)


def test_AAE_AMPH_07_the_fleet_retreated_the_land_attack_still_fights_a_round() -> None:
    game = _failed_assault([6, 1, 6, 6, 6])
    game.submit("germany", {"type": "retreat", "place": SZ5, "to": "SZ 6"})
    assert types_in(game, "SZ 6", "germany") == ["infantry", "transport"]
    _land_attack_fights_one_round(game)
