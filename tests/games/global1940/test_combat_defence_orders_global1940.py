"""The defender's ``defend`` order and standing orders name each aircraft for one job, once
(G40-CM-21/22/23 scrambles, G40-SBR-04 interceptors, G40-KAMI-04 kamikaze targets), also across
the decisions of several defending powers (AMB-38), through the ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.combat_kit import RS, att, combat, ids, replays_equal, unit

JAPAN, SZ6 = "Japan", "SZ 6"
ITALY, SZ97 = "Southern Italy", "SZ 97"


def _raid_and_sea_battle(japanese: list[dict[str, Any]], **kw: Any) -> Game:
    """US destroyers attack a Japanese transport in SZ 6 and a US bomber raids Japan's complex:
    Japan's aircraft may scramble into SZ 6 and its fighters intercept over Japan."""
    kw.setdefault("dice", [6] * 20)
    game = combat({JAPAN: [*japanese, att("bomber", 1, came_from="SZ 7")],
                   SZ6: [unit("transport", "japan"), att("destroyer", 2, came_from="SZ 7")]}, end=False, **kw)
    game.submit("usa", {"type": "declare_raid", "target": JAPAN, "installation": "major_complex",
                        "units": ids(game, JAPAN, "bomber", "usa")})
    game.submit("usa", {"type": "end_phase"})
    return game


def _refused(game: Game, seat: str, order: dict[str, Any]) -> IllegalOrder:
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, {"type": "defend", **order})
    return err.value


def test_G40_CM_23_one_order_cannot_scramble_and_intercept_the_same_fighter() -> None:
    game = _raid_and_sea_battle([unit("fighter", "japan", 2)])
    first, second = ids(game, JAPAN, "fighter", "japan")
    options = RS.legal_options(game.state, "japan")["defence"]
    assert options["scramble"] == {JAPAN: {SZ6: [first, second]}} and options["intercept"] == {JAPAN: [first, second]}
    err = _refused(game, "japan", {"scramble": {JAPAN: {SZ6: [first]}}, "intercept": {JAPAN: [first, second]}})
    assert err.rule_id == "G40-CM-23" and str(first) in str(err)
    assert game.owed()[0]["seat"] == "japan"  # nothing was written
    game.submit("japan", {"type": "defend", "scramble": {JAPAN: {SZ6: [first]}}, "intercept": {JAPAN: [second]}})
    assert first in ids(game, SZ6, "fighter", "japan")
    assert replays_equal(game)


@pytest.mark.parametrize(("twice", "rule"), [("scramble", "G40-CM-22"), ("intercept", "G40-SBR-04")])
def test_G40_CM_22_G40_SBR_04_an_aircraft_named_twice_is_refused(twice: str, rule: str) -> None:
    game = _raid_and_sea_battle([unit("fighter", "japan", 2)])
    first = ids(game, JAPAN, "fighter", "japan")[0]
    order = {"scramble": {JAPAN: {SZ6: [first, first]}}} if twice == "scramble" else {
        "intercept": {JAPAN: [first, first]}}
    err = _refused(game, "japan", order)
    assert err.rule_id == rule and str(first) in str(err)


def test_G40_CM_21_G40_SBR_04_only_the_right_aircraft_in_the_right_place() -> None:
    game = _raid_and_sea_battle([unit("fighter", "japan"), unit("bomber", "japan")])
    fighter, bomber = ids(game, JAPAN, "fighter", "japan")[0], ids(game, JAPAN, "bomber", "japan")[0]
    transport = ids(game, SZ6, "transport", "japan")[0]
    assert _refused(game, "japan", {"scramble": {JAPAN: {SZ6: [bomber]}}}).rule_id == "G40-CM-21"  # a bomber
    assert _refused(game, "japan", {"intercept": {JAPAN: [bomber]}}).rule_id == "G40-SBR-04"
    assert _refused(game, "japan", {"intercept": {JAPAN: [transport]}}).rule_id == "G40-SBR-04"
    assert _refused(game, "japan", {"scramble": {JAPAN: {"SZ 7": [fighter]}}}).rule_id == "G40-CM-21"  # no combat
    assert _refused(game, "japan", {"scramble": {"Korea": {SZ6: [fighter]}}}).rule_id == "G40-CM-21"  # not there


def test_G40_KAMI_04_several_attacks_may_strike_one_ship_but_only_surface_warships_there() -> None:
    game = combat({"Okinawa": [unit("infantry", "japan"), att("fighter", 1, came_from="SZ 19")],
                   "SZ 19": [unit("battleship", "usa"), unit("transport", "usa")]}, dice=[6, 6])
    battleship, transport = ids(game, "SZ 19", "battleship") + ids(game, "SZ 19", "transport")
    assert _refused(game, "japan", {"kamikaze": {"SZ 19": [transport]}}).rule_id == "G40-KAMI-04"
    assert _refused(game, "japan", {"kamikaze": {"SZ 6": [battleship]}}).rule_id == "G40-KAMI-02"
    game.submit("japan", {"type": "defend", "kamikaze": {"SZ 19": [battleship, battleship]}})
    assert game.state["defence"] is not None and game.state["kamikaze_tokens"] == 4


def test_G40_CM_23_the_standing_orders_never_scramble_an_interceptor() -> None:
    standing = {"japan": {"scramble": "ships", "intercept": "all", "auto_defence": True}}
    game = _raid_and_sea_battle([unit("fighter", "japan", 2), unit("tactical_bomber", "japan", 2)],
                                standing=standing)
    chosen = next(e["payload"] for e in game.log() if e["type"] == "aa.defence_chosen")
    scrambled = chosen["scramble"][JAPAN][SZ6]
    fighters = sorted(u["id"] for units in game.state["units"].values() for u in units
                      if u["type"] == "fighter" and u["owner"] == "japan")
    tacticals = sorted(u["id"] for units in game.state["units"].values() for u in units
                       if u["type"] == "tactical_bomber" and u["owner"] == "japan")
    # up to 3 scramble: the tactical bombers first (they cannot intercept), then a fighter
    assert len(scrambled) == 3 and set(tacticals) <= set(scrambled)
    assert chosen["intercept"] == {JAPAN: [f for f in fighters if f not in scrambled]}


def _allied_fighter(**kw: Any) -> Game:
    """A German fighter at Italy's air base in Southern Italy, raided by a US bomber while US
    destroyers attack an Italian transport in SZ 97: Italy, the base's controller, may scramble it
    (AMB-38); Germany, its owner, may intercept with it (G40-SBR-04)."""
    kw.setdefault("dice", [6] * 20)
    game = combat({ITALY: [unit("fighter", "germany"), att("bomber", 1, came_from="SZ 96")],
                   SZ97: [unit("transport", "italy"), att("destroyer", 2, came_from="SZ 96")]}, end=False, **kw)
    game.submit("usa", {"type": "declare_raid", "target": ITALY, "installation": "air_base",
                        "units": ids(game, ITALY, "bomber", "usa")})
    game.submit("usa", {"type": "end_phase"})
    return game


def test_G40_CM_23_an_allied_fighter_scrambled_by_the_base_cannot_intercept_for_its_owner() -> None:
    game = _allied_fighter()
    (fighter,) = ids(game, ITALY, "fighter", "germany")
    assert sorted(o["seat"] for o in game.owed()) == ["germany", "italy"]
    game.submit("italy", {"type": "defend", "scramble": {ITALY: {SZ97: [fighter]}}})
    err = _refused(game, "germany", {"intercept": {ITALY: [fighter]}})
    assert err.rule_id == "G40-CM-23" and str(fighter) in str(err)
    assert "intercept" not in RS.legal_options(game.state, "germany")["defence"]
    game.submit("germany", {"type": "standing", "intercept": "all"})
    assert RS.default_order(game.state, "germany") == {"type": "defend", "scramble": {}, "kamikaze": {},
                                                        "intercept": {}}


def test_G40_CM_23_and_the_other_way_round_an_interceptor_is_not_scrambled() -> None:
    standing = {"germany": {"intercept": "all", "auto_defence": True}, "italy": {"scramble": "ships"}}
    game = _allied_fighter(standing=standing)
    (fighter,) = ids(game, ITALY, "fighter", "germany")
    assert game.state["defence"]["choices"]["germany"]["intercept"] == {ITALY: [fighter]}
    assert _refused(game, "italy", {"scramble": {ITALY: {SZ97: [fighter]}}}).rule_id == "G40-CM-23"
    assert RS.default_order(game.state, "italy") == {"type": "defend", "scramble": {}, "kamikaze": {},
                                                      "intercept": {}}
