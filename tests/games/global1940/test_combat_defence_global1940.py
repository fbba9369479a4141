"""The defender's decisions when Conduct Combat starts: kamikaze attacks and scrambles
(G40-KAMI-01…06, G40-CM-20…24, G40-CMB-02/37/38), through the ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder, InvalidOrder, NotYourTurn
from tests.games.global1940.combat_kit import RS, att, combat, events, ids, replays_equal, rolls, unit

OKINAWA, SZ19, SZ6 = "Okinawa", "SZ 19", "SZ 6"


def _okinawa(dice: list[int], **kw: Any) -> Game:
    """The US attacks Okinawa from the air; its battleship, cruiser and transport wait in SZ 19."""
    return combat({OKINAWA: [unit("infantry", "japan"), att("fighter", 1, came_from=SZ19)],
                   SZ19: [unit("battleship", "usa"), unit("cruiser", "usa"), unit("transport", "usa")]},
                  dice=dice, **kw)


def _sz6(dice: list[int], **kw: Any) -> Game:
    """US destroyers attack a Japanese transport in SZ 6, next to Japan's air base and its four fighters."""
    return combat({"Japan": [unit("fighter", "japan", 4)],
                   SZ6: [unit("transport", "japan"), att("destroyer", 2, came_from="SZ 7")]}, dice=dice, **kw)


def test_G40_KAMI_03_an_attack_on_a_kamikaze_island_lets_japan_strike_in_its_zone() -> None:
    game = _okinawa([])
    assert [o["seat"] for o in game.owed()] == ["japan"]
    options = RS.legal_options(game.state, "japan")["defence"]
    battleship, cruiser = ids(game, SZ19, "battleship") + ids(game, SZ19, "cruiser")
    assert options["kamikaze"] == {SZ19: [battleship, cruiser]}  # G40-KAMI-04: no transport
    with pytest.raises(NotYourTurn):
        game.submit("usa", {"type": "battle", "place": OKINAWA})  # the defender decides first


def test_G40_KAMI_05_G40_CMB_02_hits_on_two_before_the_battles() -> None:
    game = _okinawa([2, 3, 2] + [6, 6])
    battleship, cruiser = ids(game, SZ19, "battleship") + ids(game, SZ19, "cruiser")
    game.submit("japan", {"type": "defend", "kamikaze": {SZ19: [battleship, cruiser, cruiser]}})
    (strike,) = events(game, "aa.kamikaze")
    assert strike["damaged"] == [battleship] and strike["sunk"] == [cruiser]
    assert game.state["kamikaze_tokens"] == 3  # G40-KAMI-01: six in the whole game
    assert [u["hits"] for u in game.state["units"][SZ19] if u["type"] == "battleship"] == [1]
    assert rolls(game)[0]["context"]["step"] == "kamikaze attack"
    assert game.state["battles"][OKINAWA]["status"] == "open"  # G40-CMB-02: action 1 before the battles
    assert replays_equal(game)


def test_G40_KAMI_06_G40_CMB_37_a_struck_zone_is_not_bombarded_this_turn() -> None:
    game = _okinawa([6])
    game.submit("japan", {"type": "defend", "kamikaze": {SZ19: ids(game, SZ19, "cruiser")}})
    assert game.state["no_bombardment"] == [SZ19]
    assert RS.edition.combat.bombardment_blocked is not None
    assert RS.edition.combat.bombardment_blocked(RS, game.state, SZ19)


@pytest.mark.parametrize(("targets", "rule"), [("transport", "G40-KAMI-04"), ("seven", "G40-KAMI-01")])
def test_G40_KAMI_01_G40_KAMI_04_tokens_and_targets_are_checked(targets: str, rule: str) -> None:
    game = _okinawa([])
    ship = ids(game, SZ19, "transport" if targets == "transport" else "battleship")
    with pytest.raises(IllegalOrder) as err:
        game.submit("japan", {"type": "defend", "kamikaze": {SZ19: ship * (1 if targets == "transport" else 7)}})
    assert err.value.rule_id == rule


def test_G40_KAMI_01_no_kamikaze_once_the_tokens_are_spent() -> None:
    game = combat({OKINAWA: [unit("infantry", "japan"), att("fighter", 1, came_from=SZ19)],
                   SZ19: [unit("battleship", "usa")]}, position_extra={"kamikaze_tokens": 0})
    assert game.owed()[0]["seat"] == "usa"


def test_G40_CM_21_G40_BASE_03_G40_UNIT_FTR_01_fighters_scramble_into_an_attacked_zone_and_defend_it() -> None:
    game = _sz6([6, 6] + [1, 1, 1])
    fighters = ids(game, "Japan", "fighter")
    game.submit("japan", {"type": "defend", "scramble": {"Japan": {SZ6: fighters[:3]}}})
    assert sorted(ids(game, SZ6, "fighter", "japan")) == fighters[:3]
    assert ids(game, "Japan", "fighter") == fighters[3:]
    game.submit("usa", {"type": "battle", "place": SZ6})
    (first,) = [e for e in events(game, "aa.battle_round")][:1]
    assert {d["type"] for d in first["defenders"]} == {"fighter", "transport"}  # G40-CM-23
    assert replays_equal(game)


def test_G40_CM_22_at_most_three_aircraft_scramble_from_a_base() -> None:
    game = _sz6([])
    with pytest.raises(IllegalOrder) as err:
        game.submit("japan", {"type": "defend", "scramble": {"Japan": {SZ6: ids(game, "Japan", "fighter")}}})
    assert err.value.rule_id == "G40-CM-22"


def test_G40_CM_21_G40_BASE_05_no_scramble_from_a_base_that_is_not_operational() -> None:
    damaged = {"Japan": {"air_base": 3, "major_complex": 0, "naval_base": 0}}
    game = _sz6([], installations=damaged)
    assert game.owed()[0]["seat"] == "usa"


def test_G40_CM_24_scrambled_survivors_return_to_their_base_after_combat() -> None:
    game = _sz6([6, 6] + [6, 6])
    fighters = ids(game, "Japan", "fighter")
    game.submit("japan", {"type": "defend", "scramble": {"Japan": {SZ6: fighters[:1]}}})
    game.submit("usa", {"type": "battle", "place": SZ6})
    game.submit("usa", {"type": "retreat", "place": SZ6, "to": "SZ 7"})
    game.submit("usa", {"type": "end_phase"})
    (back,) = events(game, "aa.scramble_returned")
    assert back["returned"] == [[SZ6, "Japan", fighters[0]]]
    assert sorted(ids(game, "Japan", "fighter")) == fighters and game.state["defence"] is None


def test_G40_CM_20_standing_orders_decide_when_the_defender_is_not_asked() -> None:
    standing = {"japan": {"scramble": "ships", "auto_defence": True}}
    game = _sz6([], standing=standing)
    (chosen,) = events(game, "aa.defence_chosen")
    assert chosen["by"] == "standing orders" and len(chosen["scramble"]["Japan"][SZ6]) == 3
    assert game.owed()[0]["seat"] == "usa"


def test_G40_CM_20_the_deadline_default_is_no_scramble_and_no_kamikaze() -> None:
    game = _okinawa([])
    assert RS.default_order(game.state, "japan") == {"type": "defend", "scramble": {}, "kamikaze": {},
                                                      "intercept": {}}


def test_standing_orders_take_the_defender_keys() -> None:
    game = _okinawa([])
    game.submit("japan", {"type": "standing", "kamikaze": 2})
    default = RS.default_order(game.state, "japan")
    # the costliest targets first, one attack each in turn
    assert default is not None and default["kamikaze"] == {SZ19: ids(game, SZ19, "battleship") + ids(
        game, SZ19, "cruiser")}
    with pytest.raises(InvalidOrder):
        game.submit("japan", {"type": "standing", "scramble": "always"})


@pytest.mark.parametrize("order", [
    {"scramble": "Japan"}, {"scramble": {"Japan": {"SZ 6": ["x"]}}}, {"scramble": {"Japan": {"SZ 99": [1]}}},
    {"scramble": {"Korea": {SZ6: [1]}}}, {"scramble": {"Japan": {SZ6: [1, 1]}}}, {"kamikaze": {SZ6: [1]}},
    {"kamikaze": [1]}, {"intercept": {"Japan": [1]}}, {"intercept": {"Japan": "all"}}])
def test_G40_CM_21_a_malformed_or_illegal_defence_is_refused_by_rule(order: dict[str, Any]) -> None:
    game = _sz6([])
    with pytest.raises((IllegalOrder, InvalidOrder)) as err:
        game.submit("japan", {"type": "defend", **order})
    assert err.value.rule_id.startswith(("G40-", "ENGINE-ORDER-"))  # the schema refuses wrong JSON types
    assert game.owed()[0]["seat"] == "japan"
