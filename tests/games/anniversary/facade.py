"""Test kit: the ``anniversary`` ruleset through the facade (positions, phases, events)."""

from __future__ import annotations

import copy
from typing import Any

from pbem.engine import Game, ScriptedDice, load_ruleset
from pbem.games.aa.anniversary.data import anniversary

RS = load_ruleset("anniversary")


def start_position(scenario: str = "1941") -> dict[str, Any]:
    """The scenario's starting position (a copy to edit)."""
    return copy.deepcopy(anniversary(scenario).setup())


def game_at(power: str, phase: str, *, scenario: str = "1941", dice: list[int] | None = None,
            edit: dict[str, Any] | None = None, **options: Any) -> Game:
    """A game from the scenario's set-up with ``power`` to play ``phase`` (``edit`` overrides
    position keys)."""
    position = start_position(scenario)
    position.update({**(edit or {}), "power": power, "phase": phase})
    return RS.from_position(position, options={"scenario": scenario, **options},
                            dice=ScriptedDice(list(dice or [])))


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e["payload"] for e in game.log() if e["type"] == kind]


def end(game: Game, seat: str | None = None, times: int = 1) -> None:
    """End ``times`` phases of the acting power (or ``seat``)."""
    for _ in range(times):
        game.submit(seat or game.state["power"], {"type": "end_phase"})


def step(game: Game) -> tuple[str, str]:
    return game.state["power"], game.state["phase"]


def advance(game: Game) -> None:
    """One order of the deadline policy's safe default for the seat owing (end the phase,
    place China's free infantry...)."""
    seat = game.owed()[0]["seat"]
    order = RS.default_order(game.state, seat)
    assert order is not None
    game.submit(seat, order)
