"""Small positions for the family's movement rules on the Anniversary board (exact units)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder, ScriptedDice
from tests.games.anniversary.facade import RS

G = "germany"
NCM = "noncombat_move"


def u(type_: str, owner: str = G, count: int = 1, **extra: Any) -> dict[str, Any]:
    return {"type": type_, "owner": owner, "count": count, **extra}


def board(units: dict[str, list[dict[str, Any]]], power: str = G, phase: str = "combat_move",
          dice: list[int] | None = None, **extra: Any) -> Game:
    """A game at ``phase`` of ``power``'s turn in round 2 with exactly ``units`` on the board."""
    position = {"round": 2, "power": power, "phase": phase, "owners": {}, "units": units, **extra}
    return RS.from_position(position, options={"scenario": "1941"},
                            dice=ScriptedDice(list(dice or [])))


def ids(g: Game, space: str, type_: str, owner: str | None = None) -> list[int]:
    return [x["id"] for x in g.state["units"][space]
            if x["type"] == type_ and (owner is None or x["owner"] == owner)]


def uid(g: Game, space: str, type_: str, owner: str | None = None) -> int:
    return ids(g, space, type_, owner)[0]


def where(g: Game, unit_id: int) -> str | None:
    return next((s for s, units in g.state["units"].items()
                 if any(x["id"] == unit_id for x in units)), None)


def unit(g: Game, unit_id: int) -> dict[str, Any]:
    return next(x for units in g.state["units"].values() for x in units if x["id"] == unit_id)


def move(g: Game, units: list[int], route: list[str], **extra: Any) -> None:
    g.submit(g.state["power"], {"type": "move", "units": units, "route": route, **extra})


def refused(g: Game, order: dict[str, Any], rule: str) -> IllegalOrder:
    """Submit ``order``; assert it is refused naming ``rule`` and leaves no trace."""
    before = (g.fingerprint(), len(g.log()))
    with pytest.raises(IllegalOrder) as err:
        g.submit(g.state["power"], order)
    assert err.value.rule_id == rule, err.value
    assert (g.fingerprint(), len(g.log())) == before
    return err.value


def refused_move(g: Game, units: list[int], route: list[str], rule: str,
                 **extra: Any) -> IllegalOrder:
    return refused(g, {"type": "move", "units": units, "route": route, **extra}, rule)


def end_phase(g: Game) -> None:
    g.submit(g.state["power"], {"type": "end_phase"})
