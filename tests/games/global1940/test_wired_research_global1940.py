"""Research advances played through the ruleset: rockets from air bases (G40-TECH-09)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.facade import end, events, game_at, start_position


def _refused(game: Game, seat: str, order: dict[str, Any]) -> str:
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, order)
    return err.value.rule_id


def _game(*advances: str) -> Game:
    position = start_position()
    position["research"] = {"germany": {"advances": list(advances)}}
    return game_at("germany", "combat_move", edit=position, dice=[5], research=True)


ROCKET = {"type": "declare_rocket", "from": "Western Germany", "target": "United Kingdom"}


def test_G40_TECH_09_a_rocket_from_an_air_base_damages_an_enemy_complex() -> None:
    game = _game("rockets")
    game.submit("germany", ROCKET)
    assert _refused(game, "germany", {**ROCKET, "kind": "air_base"}) == "G40-TECH-09"  # once
    end(game)
    (fired,) = events(game, "aa.g40_rocket_fired")
    assert fired["kind"] == "major_complex" and fired["damage"] == 5
    assert game.state["installations"]["United Kingdom"]["major_complex"] == 5


def test_G40_TECH_09_no_rocket_without_the_advance_nor_from_a_site_without_air_base() -> None:
    assert _refused(_game(), "germany", ROCKET) == "G40-TECH-09"
    assert _refused(_game("rockets"), "germany", {**ROCKET, "from": "Germany"}) == "G40-TECH-09"


def _drop_game(*advances: str) -> Game:
    position = start_position()
    position["research"] = {"germany": {"advances": list(advances)}}
    position["units"]["Normandy Bordeaux"] = [{"type": "infantry", "owner": "france"}]
    return game_at("germany", "combat_move", edit=position, dice=[6] * 20, research=True)


def _infantry(game: Game, space: str) -> list[int]:
    return [u["id"] for u in game.state["units"][space]
            if u["type"] == "infantry" and u["owner"] == "germany"]


def test_G40_TECH_10_paratroopers_drop_from_an_air_base_beside_a_land_attack() -> None:
    drop = {"type": "paradrop", "route": ["Western Germany", "Normandy Bordeaux"]}
    game = _drop_game()
    assert _refused(game, "germany", {**drop, "infantry": _infantry(game, "Western Germany")[0]}
                    ) == "G40-TECH-10"  # no advance
    game = _drop_game("paratroopers")
    first, second, third = _infantry(game, "Western Germany")[:3]
    game.submit("germany", {**drop, "infantry": first})
    game.submit("germany", {**drop, "infantry": second})
    assert _refused(game, "germany", {**drop, "infantry": third}) == "G40-TECH-10"  # 2 a base
    assert _refused(game, "germany", {"type": "end_phase"}) == "G40-TECH-10"  # alone
    tank = next(u["id"] for u in game.state["units"]["Holland Belgium"] if u["type"] == "tank")
    game.submit("germany", {"type": "move", "units": [tank],
                            "route": ["Holland Belgium", "Normandy Bordeaux"]})
    end(game)
    assert len(events(game, "aa.g40_paradropped")) == 2
    assert game.state["phase"] == "combat"
