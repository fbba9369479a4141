"""Lone enemy submarines and transports attacked or ignored (G40-CM-06, G40-CMB-38, and the
defender's side of it: G40-CM-21, G40-CMB-37), through the facade at positions edited from the
set-up; 1941 and the Anniversary keep their own rules (AA41-CM-22, AAE-CM-08)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, InvalidOrder, load_ruleset
from pbem.games.aa.global1940 import defending
from tests.games.global1940.facade import RS, advance, end, events, game_at, start_position
from tests.games.global1940.test_transports_ruleset_global1940 import ids, loaded, refused

IGNORE = {"type": "ignore_enemy", "sea_zone": "SZ 112"}


def _to_battles(game: Game) -> set[str]:
    """End Combat Move; the battles opened once the defenders have made their (default) choices."""
    end(game)
    while game.owed() and game.owed()[0]["seat"] != game.state["power"]:
        advance(game)
    return set(game.state["battles"])


def _leaving_a_hostile_zone() -> tuple[Game, list[int]]:
    """A British destroyer beside the German fleet (SZ 113), a lone British submarine in SZ 112;
    the German cruiser leaves the hostile zone and ends its move beside the submarine (G40-CM-03b)."""
    position = start_position()
    position["units"]["SZ 113"].append({"type": "destroyer", "owner": "uk", "count": 1})
    position["units"]["SZ 112"] = [{"type": "submarine", "owner": "uk", "count": 1}]
    game = game_at("germany", "combat_move", edit=position, dice=[6] * 30)
    cruiser = ids(game, "SZ 113", "cruiser")
    game.submit("germany", {"type": "move", "units": cruiser, "route": ["SZ 113", "SZ 112"]})
    return game, cruiser


def test_G40_CM_06_the_mover_may_ignore_lone_submarines_where_its_ships_end() -> None:
    game, cruiser = _leaving_a_hostile_zone()
    sub = ids(game, "SZ 112", "submarine", "uk")
    offer = game.legal_options("germany")["ignore_enemy"]
    assert offer == {"SZ 112": {"ignored": False, "enemies": sub, "attackers": cruiser}}
    game.submit("germany", IGNORE)
    (ignored,) = events(game, "aa.g40_enemy_ignored")
    assert ignored == {"power": "germany", "sea_zone": "SZ 112", "ignore": True, "enemies": sub}
    assert game.legal_options("germany")["ignore_enemy"]["SZ 112"]["ignored"] is True
    assert refused(game, "germany", IGNORE) == "G40-CM-06"  # once
    battles = _to_battles(game)
    assert "SZ 112" not in battles and "SZ 113" in battles  # the destroyer is fought, the submarine not
    assert ids(game, "SZ 112", "submarine", "uk") == sub and ids(game, "SZ 112", "cruiser") == cruiser


def test_G40_CM_06_attacking_is_the_default_and_the_ignore_may_be_taken_back() -> None:
    game, cruiser = _leaving_a_hostile_zone()
    assert refused(game, "germany", {**IGNORE, "ignore": False}) == "G40-CM-06"  # nothing to take back
    game.submit("germany", IGNORE)
    game.submit("germany", {**IGNORE, "ignore": False})
    assert game.state["declared"]["ignored"] == []
    assert "SZ 112" in _to_battles(game)
    assert game.state["battles"]["SZ 112"]["attackers"] == cruiser


def test_G40_CM_06_ships_that_came_only_to_attack_cannot_ignore_and_every_enemy_is_attacked() -> None:
    position = start_position()
    position["units"]["SZ 112"] = [{"type": "submarine", "owner": "uk", "count": 1},
                                   {"type": "transport", "owner": "uk", "count": 1}]
    game = game_at("germany", "combat_move", edit=position, dice=[6] * 30)
    cruiser = ids(game, "SZ 113", "cruiser")
    game.submit("germany", {"type": "move", "units": cruiser, "route": ["SZ 113", "SZ 112"]})
    # G40-CM-03: with the enemy ignored the cruiser would end its combat move for nothing
    assert refused(game, "germany", IGNORE) == "G40-CM-03"
    assert "ignore_enemy" not in game.legal_options("germany")
    assert "SZ 112" in _to_battles(game)
    battle = game.state["battles"]["SZ 112"]
    assert battle["attackers"] == cruiser and battle["defenders"] == ["uk"]
    assert sorted(events(game, "aa.battle_opened")[0]["attackers"]) == cruiser


def test_G40_CM_06_no_ignoring_warships_nor_where_nothing_of_yours_attacks() -> None:
    game, _cruiser = _leaving_a_hostile_zone()
    assert refused(game, "germany", {**IGNORE, "sea_zone": "SZ 113"}) == "G40-CM-06"  # a destroyer
    assert refused(game, "germany", {**IGNORE, "sea_zone": "SZ 111"}) == "G40-CM-06"  # warships there
    assert refused(game, "germany", {**IGNORE, "sea_zone": "SZ 125"}) == "G40-CM-06"  # no enemy
    with pytest.raises(InvalidOrder):  # no sea zone
        game.submit("germany", {**IGNORE, "sea_zone": "Germany"})
    game = game_at("germany", "noncombat_move")
    assert refused(game, "germany", IGNORE) == "G40-CM-06"


def test_G40_CM_06_an_aircraft_sent_after_the_ignore_is_caught_and_the_deadline_attacks() -> None:
    game, _cruiser = _leaving_a_hostile_zone()
    game.submit("germany", IGNORE)
    fighter = ids(game, "Western Germany", "fighter")[:1]
    game.submit("germany", {"type": "move", "units": fighter, "route": ["Western Germany", "SZ 112"],
                            "landing": {str(fighter[0]): "Western Germany"}})
    assert refused(game, "germany", {"type": "end_phase"}) == "G40-CM-03"  # nothing to attack there
    # the deadline policy's default takes the ignore back: attacking there is always legal
    assert RS.default_order(game.state, "germany") == {**IGNORE, "ignore": False}
    advance(game)
    assert "SZ 112" in _to_battles(game)


def _assault(ignore: bool, dice: list[int]) -> tuple[Game, list[int]]:
    """A lone British transport in SZ 110; a German cruiser and a loaded transport sail there and
    assault Normandy Bordeaux (the family would make the cruiser destroy the transport)."""
    position = loaded(zone="SZ 112")
    position["units"]["SZ 110"] = [{"type": "transport", "owner": "uk", "count": 1}]
    game = game_at("germany", "combat_move", edit=position, dice=dice)
    cruiser, transport = ids(game, "SZ 113", "cruiser"), ids(game, "SZ 112", "transport")
    game.submit("germany", {"type": "move", "units": cruiser, "route": ["SZ 113", "SZ 112", "SZ 110"]})
    game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 112", "SZ 110"]})
    declaration: dict[str, Any] = {"type": "declare_amphibious", "target": "Normandy Bordeaux",
                                   "sea_zone": "SZ 110", "transports": transport}
    game.submit("germany", declaration)
    assert refused(game, "germany", {**declaration, "bombard": cruiser}) == "G40-CMB-37"  # a sea battle
    if ignore:
        game.submit("germany", {**IGNORE, "sea_zone": "SZ 110"})
        game.submit("germany", {**declaration, "bombard": cruiser})  # no naval combat there now
        assert refused(game, "germany", {**declaration, "sea_battle": True}) == "G40-CMB-38"
    end(game)
    return game, cruiser


def test_G40_CMB_38_an_assault_may_ignore_the_lone_transport_its_cruiser_meets() -> None:
    game, _cruiser = _assault(False, [1] * 60)
    advance(game)  # the British defence: no scramble
    assert ids(game, "SZ 110", "transport", "uk") == []  # destroyed by the cruiser, as before
    game, cruiser = _assault(True, [1] * 60)
    advance(game)
    assert "SZ 110" not in game.state["battles"] and len(ids(game, "SZ 110", "transport", "uk")) == 1
    assert game.state["battles"]["Normandy Bordeaux"]["amphibious"]
    while game.state["phase"] == "combat":
        advance(game)
    (bombarded,) = events(game, "aa.bombarded")  # G40-CMB-37: no naval combat in SZ 110
    assert bombarded["ships"] == cruiser


def test_G40_CM_21_defenders_scramble_against_the_assault_not_to_save_ignored_ships() -> None:
    game, _cruiser = _leaving_a_hostile_zone()
    assert defending.combat_zones(RS, game.state) == {"SZ 112": True}
    game.submit("germany", IGNORE)
    assert defending.combat_zones(RS, game.state) == {}  # no combat there: nothing to scramble to
    game, _cruiser = _assault(True, [1] * 60)
    assert defending.combat_zones(RS, game.state) == {"SZ 110": False}  # against the assault only
    scramble = game.state["defence"]["options"]["uk"]["scramble"]["United Kingdom"]["SZ 110"][:1]
    game.submit("uk", {"type": "defend", "scramble": {"United Kingdom": {"SZ 110": scramble}}})
    # G40-CMB-38: scrambled aircraft make the sea battle mandatory, against every enemy unit there
    battle = game.state["battles"]["SZ 110"]
    assert battle["defenders"] == ["uk"]
    assert set(ids(game, "SZ 110", "transport", "uk") + scramble) <= {
        u["id"] for u in game.state["units"]["SZ 110"] if u["owner"] == "uk"}


def test_G40_CM_06_1941_and_the_anniversary_keep_their_own_rule() -> None:
    for key in ("aa1941", "anniversary"):
        rs = load_ruleset(key)
        assert "ignore_enemy" not in rs.orders and "aa.g40_enemy_ignored" not in rs.evolvers
