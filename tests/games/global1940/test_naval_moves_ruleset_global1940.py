"""Global 1940's warships, submarines and carriers in Combat Move (G40-CM-06/07/08/13/14),
through the facade at positions edited from the set-up."""

from __future__ import annotations

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.facade import advance, end, events, game_at, start_position
from tests.games.global1940.test_transports_ruleset_global1940 import ids, refused


def battles_opened(game: Game) -> set[str]:
    """End Combat Move; the battles once the defenders have made their choices."""
    end(game)
    while game.owed()[0]["seat"] != game.state["power"]:
        advance(game)
    return set(game.state["battles"])


def test_G40_CM_06_enemy_submarines_and_transports_block_no_ship() -> None:
    position = start_position()
    position["units"]["SZ 112"] = [{"type": "submarine", "owner": "uk", "count": 1},
                                   {"type": "transport", "owner": "uk", "count": 1}]
    game = game_at("germany", "combat_move", edit=position)
    battleship, cruiser = ids(game, "SZ 113", "battleship"), ids(game, "SZ 113", "cruiser")
    # one ship passes through to attack the fleet beyond, another stops beside them
    game.submit("germany", {"type": "move", "units": battleship,
                            "route": ["SZ 113", "SZ 112", "SZ 111"]})
    game.submit("germany", {"type": "move", "units": cruiser, "route": ["SZ 113", "SZ 112"]})
    assert battleship[0] in ids(game, "SZ 111", "battleship")
    # ending there is an attack on every enemy unit in the zone (the cruiser came only to
    # attack: it may not ignore them, test_ignoring_ruleset_global1940.py)
    assert {"SZ 111", "SZ 112"} <= battles_opened(game)
    assert game.state["battles"]["SZ 112"]["defenders"] == ["uk"]


def test_G40_CM_07_ships_starting_beside_enemy_warships_leave_or_stay_and_fight() -> None:
    position = start_position()
    position["units"]["SZ 113"].append({"type": "destroyer", "owner": "uk", "count": 1})
    game = game_at("germany", "combat_move", edit=position)
    transport = ids(game, "SZ 113", "transport")
    staying = ids(game, "SZ 113", "battleship") + ids(game, "SZ 113", "cruiser")
    boarding = {"type": "move", "units": ids(game, "Denmark", "infantry")[:1],
                "route": ["Denmark", "SZ 113"], "transport": transport[0]}
    with pytest.raises(IllegalOrder):  # never loading in the hostile zone
        game.submit("germany", boarding)
    game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 113", "SZ 114"]})
    assert "SZ 113" in battles_opened(game)
    assert sorted(game.state["battles"]["SZ 113"]["attackers"]) == sorted(staying)
    assert events(game, "aa.attacked_in_place")[0]["space"] == "SZ 113"


def test_G40_CM_08_ships_that_moved_in_combat_move_stay_in_noncombat_move() -> None:
    position = start_position()
    position["units"]["SZ 112"] = [{"type": "transport", "owner": "uk", "count": 1}]
    game = game_at("germany", "combat_move", edit=position, dice=[1] * 20)
    cruiser = ids(game, "SZ 113", "cruiser")
    battleship = ids(game, "SZ 113", "battleship")
    game.submit("germany", {"type": "move", "units": cruiser, "route": ["SZ 113", "SZ 112"]})
    end(game)
    while game.state["phase"] == "combat":
        advance(game)
    assert game.state["phase"] == "noncombat_move"
    assert refused(game, "germany", {"type": "move", "units": cruiser,
                                     "route": ["SZ 112", "SZ 113"]}) == "G40-NCM-01"
    game.submit("germany", {"type": "move", "units": battleship, "route": ["SZ 113", "SZ 114"]})
    assert battleship[0] in ids(game, "SZ 114", "battleship")


def test_G40_CM_13_G40_CM_27_a_carrier_attacks_only_with_a_fighting_unit() -> None:
    position = start_position()
    position["units"]["SZ 112"] = [
        {"type": "carrier", "owner": "germany", "count": 1},
        {"type": "fighter", "owner": "germany", "count": 1, "aboard_entry": 0},
        {"type": "fighter", "owner": "italy", "count": 1, "aboard_entry": 0}]
    game = game_at("germany", "combat_move", edit=position)
    carrier = ids(game, "SZ 112", "carrier")
    own, allied = ids(game, "SZ 112", "fighter"), ids(game, "SZ 112", "fighter", "italy")
    game.submit("germany", {"type": "move", "units": carrier, "route": ["SZ 112", "SZ 111"]})
    # its own aircraft took off and stay behind; the allied fighter rides along as cargo
    assert own == ids(game, "SZ 112", "fighter")
    assert [u.get("aboard") for u in game.state["units"]["SZ 111"]
            if u["id"] in allied] == carrier
    assert refused(game, "germany", {"type": "end_phase"}) == "G40-CM-27"  # alone, attack 0
    game.submit("germany", {"type": "move", "units": ids(game, "SZ 113", "cruiser"),
                            "route": ["SZ 113", "SZ 112", "SZ 111"]})
    assert "SZ 111" in battles_opened(game)


def test_G40_CM_14_submarines_pass_warships_but_stop_at_destroyers() -> None:
    position = start_position()
    position["units"]["SZ 112"] = [{"type": "cruiser", "owner": "uk", "count": 1}]
    position["units"]["SZ 113"].append({"type": "submarine", "owner": "germany", "count": 1})
    game = game_at("germany", "combat_move", edit=position)
    submarine = ids(game, "SZ 113", "submarine")
    with pytest.raises(IllegalOrder):  # a cruiser stops at the enemy cruiser
        game.submit("germany", {"type": "move", "units": ids(game, "SZ 113", "cruiser"),
                                "route": ["SZ 113", "SZ 112", "SZ 111"]})
    game.submit("germany", {"type": "move", "units": submarine,
                            "route": ["SZ 113", "SZ 112", "SZ 111"]})
    assert submarine == ids(game, "SZ 111", "submarine")
    position["units"]["SZ 112"] = [{"type": "destroyer", "owner": "uk", "count": 1}]
    game = game_at("germany", "combat_move", edit=position)
    assert refused(game, "germany", {"type": "move", "units": submarine,
                                     "route": ["SZ 113", "SZ 112", "SZ 111"]}) == "G40-CM-14"
    game.submit("germany", {"type": "move", "units": submarine, "route": ["SZ 113", "SZ 112"]})
    assert "SZ 112" in battles_opened(game)
