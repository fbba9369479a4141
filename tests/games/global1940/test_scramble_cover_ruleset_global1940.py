"""Air units sent in Combat Move to the zone an amphibious assault is launched from, to meet
defenders that might scramble into it (G40-CM-03c, G40-CM-29; rulebook: "se unità aeree nemiche
potessero potenzialmente essere soggette a scramble per difendere la Sea Zone interessata è
possibile muovervi unità aeree aggiuntive per combatterle nel caso lo scramble fosse realmente
lanciato"): they fight if a scramble comes, else they land in Noncombat Move; through the facade
at positions edited from the set-up. 1941 and the Anniversary have no scrambles (AA41-CM-21)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder, load_ruleset
from pbem.games.aa import combat_rules
from tests.games.global1940.facade import RS, advance, end, events, game_at, start_position
from tests.games.global1940.test_transports_ruleset_global1940 import ids, loaded, refused

SZ110, TARGET, BASE = "SZ 110", "Normandy Bordeaux", "Western Germany"


def _cover(zone_units: list[dict[str, Any]] | None = None, assault: bool = True,
           installations: dict[str, Any] | None = None) -> tuple[Game, list[int]]:
    """A loaded German transport sails into SZ 110 (empty, or holding ``zone_units``) to assault
    Normandy Bordeaux; a German fighter flies there too, next to the United Kingdom's air base
    and its fighters, naming Western Germany as its landing."""
    position = loaded(zone="SZ 112")
    position["units"][SZ110] = list(zone_units or [])
    if installations:
        position["installations"] = {**position["installations"], **installations}
    game = game_at("germany", "combat_move", edit=position, dice=[1] * 80)
    transport = ids(game, "SZ 112", "transport")
    game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 112", SZ110]})
    if assault:
        game.submit("germany", {"type": "declare_amphibious", "target": TARGET, "sea_zone": SZ110,
                                "transports": transport})
    fighter = ids(game, BASE, "fighter")[:1]
    game.submit("germany", {"type": "move", "units": fighter, "route": [BASE, "Holland Belgium", SZ110],
                            "landing": {str(fighter[0]): BASE}})
    return game, fighter


def test_G40_CM_03_G40_CM_29_air_units_may_wait_in_an_empty_assault_zone_and_fight_a_scramble() -> None:
    game, fighter = _cover()
    end(game)
    assert [o["seat"] for o in game.owed()] == ["uk"]
    scramble = game.state["defence"]["options"]["uk"]["scramble"]["United Kingdom"][SZ110][:1]
    game.submit("uk", {"type": "defend", "scramble": {"United Kingdom": {SZ110: scramble}}})
    battle = game.state["battles"][SZ110]
    assert fighter[0] in battle["attackers"] and battle["defenders"] == ["uk"]
    game.submit("germany", {"type": "battle", "place": SZ110})
    (first,) = events(game, "aa.battle_round")[:1]
    assert fighter[0] in [d["id"] for d in first["attackers"]]
    assert RS.replay(game.log()).state == game.state


def test_G40_CM_03_without_a_scramble_they_fight_nothing_and_land_in_noncombat_move() -> None:
    game, fighter = _cover()
    end(game)
    game.submit("uk", {"type": "defend"})  # no scramble
    assert SZ110 not in game.state["battles"]
    while game.state["phase"] == "combat":
        advance(game)
    assert game.state["phase"] == "noncombat_move" and ids(game, SZ110, "fighter") == fighter
    # G40-NCM-09: it must land, with the movement its combat move left it
    assert refused(game, "germany", {"type": "end_phase"}) == "G40-NCM-09"
    assert refused(game, "germany", {"type": "move", "units": fighter,
                                     "route": [SZ110, "SZ 112", "SZ 113", "Denmark"]}) == "G40-CM-09"
    game.submit("germany", {"type": "move", "units": fighter, "route": [SZ110, "Holland Belgium", BASE]})
    assert fighter[0] in ids(game, BASE, "fighter")


def test_G40_CM_03_G40_CM_06_they_may_wait_beside_an_ignored_enemy_too() -> None:
    game, fighter = _cover([{"type": "transport", "owner": "uk", "count": 1}])
    game.submit("germany", {"type": "ignore_enemy", "sea_zone": SZ110})  # the fighter does not forbid it
    end(game)
    game.submit("uk", {"type": "defend"})
    assert SZ110 not in game.state["battles"] and len(ids(game, SZ110, "transport", "uk")) == 1
    game, fighter = _cover([{"type": "transport", "owner": "uk", "count": 1}])
    game.submit("germany", {"type": "ignore_enemy", "sea_zone": SZ110})
    end(game)
    scramble = game.state["defence"]["options"]["uk"]["scramble"]["United Kingdom"][SZ110][:2]
    game.submit("uk", {"type": "defend", "scramble": {"United Kingdom": {SZ110: scramble}}})
    assert fighter[0] in game.state["battles"][SZ110]["attackers"]  # G40-CMB-38: the battle is fought


def test_G40_CM_03_not_without_an_assault_from_the_zone() -> None:
    game, _fighter = _cover(assault=False)
    assert refused(game, "germany", {"type": "end_phase"}) == "G40-CM-03"


def test_G40_CM_03_G40_BASE_05_not_where_no_aircraft_could_scramble() -> None:
    damaged = {"United Kingdom": {"air_base": 3, "major_complex": 0, "naval_base": 0}}
    with pytest.raises(IllegalOrder) as err:
        _cover(installations=damaged)
    assert err.value.rule_id == "G40-CM-03"


@pytest.mark.parametrize("key", ["aa1941", "anniversary"])
def test_AA41_CM_21_1941_and_the_anniversary_have_no_scrambles_to_wait_for(key: str) -> None:
    rs = load_ruleset(key)
    assert combat_rules.rules(rs).scramble_possible is None
    assert not combat_rules.may_meet_scramble(rs, {}, "SZ 5", "germany")


def _leaving(start: str, destination: str) -> tuple[Game, list[int]]:
    """A German destroyer alone in ``start`` (its set-up ships removed) at the start of
    Germany's Combat Move; ``destination`` emptied too."""
    position = start_position()
    position["units"][start] = [{"type": "destroyer", "owner": "germany", "count": 1}]
    position["units"][destination] = []
    game = game_at("germany", "combat_move", edit=position)
    return game, ids(game, start, "destroyer")


def test_G40_CM_03b_a_zone_defenders_could_scramble_into_counts_as_hostile_for_ships_leaving_it() -> None:
    """Rulebook §9 Combat Move: "una Sea Zone all'interno della quale unità aeree in difesa
    possono essere lanciate in intercettazione (Scramble) in reazione ad un assalto anfibio deve
    essere considerata come Sea Zone ostile": a ship may leave such a zone in Combat Move, to
    avoid combat, and end in a friendly zone; it owes nothing when the phase ends."""
    game, destroyer = _leaving(SZ110, "SZ 112")
    assert combat_rules.may_meet_scramble(RS, game.state, SZ110, "germany")  # the UK's air base
    game.submit("germany", {"type": "move", "units": destroyer, "route": [SZ110, "SZ 112"]})
    end(game)
    assert destroyer == ids(game, "SZ 112", "destroyer")
    assert RS.replay(game.log()).state == game.state


def test_G40_CM_03b_from_a_zone_no_defender_can_reach_the_move_is_noncombat() -> None:
    game, destroyer = _leaving("SZ 112", "SZ 113")
    assert not combat_rules.may_meet_scramble(RS, game.state, "SZ 112", "germany")
    order = {"type": "move", "units": destroyer, "route": ["SZ 112", "SZ 113"]}
    assert refused(game, "germany", order) == "G40-CM-03"
    assert destroyer == ids(game, "SZ 112", "destroyer")  # nothing moved
