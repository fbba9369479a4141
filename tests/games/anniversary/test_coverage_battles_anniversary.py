"""Battle, liberation and transport rules of the Anniversary checklist through the
``anniversary`` ruleset."""

from __future__ import annotations

from tests.games.anniversary.combat_kit import att, combat, types_in, unit

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
