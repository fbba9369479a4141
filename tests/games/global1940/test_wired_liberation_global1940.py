"""Liberation and France's bonus played through the ruleset: settled at the end of the
liberator's Conduct Combat (G40-CMB-24, -36, G40-NO-FRA-01, AMB-19)."""

from __future__ import annotations

from pbem.engine import Game
from tests.games.global1940.facade import end, events, game_at, start_position


def _unit(game: Game, space: str, utype: str, owner: str) -> int:
    return next(u["id"] for u in game.state["units"][space]
                if u["type"] == utype and u["owner"] == owner and "aboard" not in u)


def _attack(game: Game, power: str, start: str, target: str) -> None:
    tank = _unit(game, start, "tank", power)
    game.submit(power, {"type": "move", "units": [tank], "route": [start, target]})
    end(game)
    while game.state["phase"] == "combat":
        end(game)


def test_G40_CMB_24_a_liberated_territory_returns_at_the_end_of_conduct_combat() -> None:
    position = start_position()
    position["owners"]["Normandy Bordeaux"] = "germany"
    position["units"]["Normandy Bordeaux"] = []
    game = game_at("uk", "combat_move", edit=position)
    _attack(game, "uk", "France", "Normandy Bordeaux")
    assert game.state["owners"]["Normandy Bordeaux"] == "france"
    assert events(game, "aa.g40_liberated")[0]["returns"] == [
        {"territory": "Normandy Bordeaux", "from": "uk", "to": "france"}]


def test_G40_CMB_24_the_liberator_keeps_it_while_the_capital_is_enemy_held() -> None:
    position = start_position()
    position["owners"].update({"Normandy Bordeaux": "germany", "France": "germany"})
    position["units"]["Normandy Bordeaux"] = []
    position["units"]["Southern France"] = [{"type": "tank", "owner": "uk"}]
    position["units"]["France"] = [{"type": "infantry", "owner": "germany"}]
    game = game_at("uk", "combat_move", edit=position)
    _attack(game, "uk", "Southern France", "Normandy Bordeaux")
    assert game.state["owners"]["Normandy Bordeaux"] == "uk"
    assert not events(game, "aa.g40_liberated")


def test_G40_CMB_36_G40_NO_FRA_01_paris_liberated_with_its_territories_and_bonus() -> None:
    position = start_position()
    position["owners"].update({"France": "germany", "Southern France": "uk"})
    position["units"]["France"] = []
    position["units"]["Southern France"] = [{"type": "tank", "owner": "uk"}]
    game = game_at("uk", "combat_move", edit=position)
    _attack(game, "uk", "Southern France", "France")
    assert game.state["owners"]["France"] == "france"
    assert game.state["owners"]["Southern France"] == "france"  # AMB-20
    french = [u["type"] for u in game.state["units"]["France"] if u["owner"] == "france"]
    assert french == ["infantry"] * 4  # AMB-23: the default 12 IPCs of units
    assert "G40-NO-FRA-01" in game.state["objectives_paid"]
    assert len(events(game, "aa.g40_france_bonus")) == 1
