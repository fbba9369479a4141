"""Test kit: the ``global1940`` ruleset through the facade (positions, phases, events)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder, ScriptedDice, load_ruleset
from pbem.games.aa.global1940.data import global1940
from tests.games.anniversary.facade import end, events, step

__all__ = ["RS", "advance", "end", "events", "game_at", "refused", "start_position", "step",
           "unit_id"]

RS = load_ruleset("global1940")


def start_position() -> dict[str, Any]:
    """The rulebook's starting position (a copy to edit)."""
    return copy.deepcopy(global1940().setup())


def game_at(power: str, phase: str, *, dice: list[int] | None = None,
            edit: dict[str, Any] | None = None, **options: Any) -> Game:
    """A game from the set-up with ``power`` to play ``phase`` (``edit`` overrides keys)."""
    position = start_position()
    position.update({**(edit or {}), "power": power, "phase": phase})
    return RS.from_position(position, options=options, dice=ScriptedDice(list(dice or [])))


def advance(game: Game) -> None:
    """One order of the deadline policy's safe default for the seat owing."""
    seat = game.owed()[0]["seat"]
    order = RS.default_order(game.state, seat)
    assert order is not None
    game.submit(seat, order)


def refused(game: Game, seat: str, order: dict[str, Any]) -> str:
    """The rule ID with which the ruleset refuses ``order``."""
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, order)
    return err.value.rule_id


def unit_id(game: Game, space: str, utype: str, owner: str) -> int:
    """The id of the first ``utype`` of ``owner`` in ``space`` that is not aboard."""
    return next(u["id"] for u in game.state["units"][space]
                if u["type"] == utype and u["owner"] == owner and "aboard" not in u)
