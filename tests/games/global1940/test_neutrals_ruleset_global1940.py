"""Neutral territories through the facade: attack, cascade, capture, friendly entry."""

from __future__ import annotations

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.facade import RS, end, events, game_at, start_position


def _sweden_attacked(dice: list[int]) -> Game:
    position = start_position()
    position["units"]["Norway"] = [{"type": "tank", "owner": "germany", "count": 6}]
    game = game_at("germany", "combat_move", edit=position, dice=dice)
    game.submit("germany", {"type": "attack_neutral", "territory": "Sweden"})
    return game


def _fight(game: Game) -> None:
    while game.state["phase"] == "combat":
        seat = game.owed()[0]["seat"]
        order = RS.default_order(game.state, seat)
        assert order is not None
        game.submit(seat, order)


def test_G40_NEUT_08_G40_NEUT_10_G40_NEUT_12_an_attack_places_the_army_and_cascades() -> None:
    game = _sweden_attacked([])
    army = [u for u in game.state["units"]["Sweden"] if u.get("neutral_army")]
    assert len(army) == 6 and {u["type"] for u in army} == {"infantry"}
    operator = game.state["owners"]["Sweden"]
    assert RS.edition.at_war(RS, game.state, "germany", operator)  # AMB-32
    # every remaining strict neutral now favours the Allies
    assert game.state["neutrals"]["Spain"] == "pro_allies"
    assert game.state["neutrals"]["Turkey"] == "pro_allies"
    assert events(game, "aa.g40_neutral_attacked")[0]["joins"] == "allies"


def test_G40_NEUT_04_G40_NEUT_11_a_neutral_taken_by_force_is_an_ordinary_territory() -> None:
    game = _sweden_attacked([1] * 6 + [6] * 46)
    tanks = [u["id"] for u in game.state["units"]["Norway"]]
    game.submit("germany", {"type": "move", "units": tanks, "route": ["Norway", "Sweden"]})
    end(game)
    _fight(game)
    assert game.state["owners"]["Sweden"] == "germany"
    assert "Sweden" not in game.state["neutrals"]
    assert not any(u.get("neutral_army") for u in game.state["units"]["Sweden"])


def test_G40_NEUT_09_an_attacked_neutral_not_taken_is_neutral_again() -> None:
    game = _sweden_attacked([6] * 40)
    end(game)
    _fight(game)
    assert game.state["owners"]["Sweden"] is None
    assert game.state["neutrals"]["Sweden"] == "pro_allies"
    assert len(game.state["units"]["Sweden"]) == 6  # its army stays (G40-NEUT-09)


def test_G40_NEUT_08_moving_into_a_neutral_needs_the_declared_attack() -> None:
    game = game_at("germany", "combat_move")
    tank = next(u["id"] for u in game.state["units"]["Norway"] if u["type"] == "infantry")
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "move", "units": [tank], "route": ["Norway", "Sweden"]})
    assert err.value.rule_id == "G40-NEUT-08"


def test_G40_NEUT_06_the_favoured_side_never_attacks_its_friendly_neutral() -> None:
    game = game_at("uk", "combat_move")
    with pytest.raises(IllegalOrder) as err:
        game.submit("uk", {"type": "attack_neutral", "territory": "Persia"})
    assert err.value.rule_id == "G40-NEUT-06"


def test_G40_NEUT_05_G40_CM_26_no_aircraft_flies_over_a_neutral() -> None:
    game = game_at("germany", "noncombat_move")
    fighter = next(u["id"] for u in game.state["units"]["Norway"] if u["type"] == "fighter")
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "move", "units": [fighter],
                                "route": ["Norway", "Sweden", "Finland"]})
    assert err.value.rule_id == "G40-NEUT-05"


def test_G40_NEUT_07_a_belligerent_land_unit_enters_a_friendly_neutral_and_takes_it() -> None:
    position = start_position()
    position["units"]["Iraq"] = [{"type": "infantry", "owner": "uk", "count": 1}]
    position["owners"]["Iraq"] = "uk"
    game = game_at("uk", "noncombat_move", edit=position, dice=[6] * 40)
    unit = next(u["id"] for u in game.state["units"]["Iraq"] if u["owner"] == "uk")
    game.submit("uk", {"type": "move", "units": [unit], "route": ["Iraq", "Persia"]})
    end(game)
    assert game.state["owners"]["Persia"] == "uk" and "Persia" not in game.state["neutrals"]
    assert sum(1 for u in game.state["units"]["Persia"] if u["owner"] == "uk") == 3


def test_G40_NEUT_09_a_second_attack_meets_only_the_survivors() -> None:
    position = start_position()
    position["neutrals"]["Sweden"] = "pro_allies"
    position["units"]["Sweden"] = [{"type": "infantry", "owner": "uk", "count": 2,
                                    "neutral_army": True}]
    game = game_at("germany", "combat_move", edit=position)
    game.submit("germany", {"type": "attack_neutral", "territory": "Sweden"})
    assert len(game.state["units"]["Sweden"]) == 2
    assert events(game, "aa.g40_neutral_attacked")[0]["army"] == 0


def test_G40_NEUT_13_no_blitz_through_a_neutral() -> None:
    position = start_position()
    position["units"]["Norway"] = [{"type": "tank", "owner": "germany", "count": 1}]
    game = game_at("germany", "noncombat_move", edit=position)
    tank = next(u["id"] for u in game.state["units"]["Norway"] if u["type"] == "tank")
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "move", "units": [tank],
                                "route": ["Norway", "Sweden", "Finland"]})
    assert err.value.rule_id == "G40-NEUT-13"
