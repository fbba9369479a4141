"""Small helpers shared by the A&A movement tests (positions, unit lookup, orders)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder, load_ruleset

RS = load_ruleset("aa1941")


def game(units: dict[str, list[dict[str, Any]]], power: str = "germany",
         phase: str = "combat_move", owners: dict[str, str] | None = None, **extra: Any) -> Game:
    """A game at ``phase`` of ``power``'s turn in round 2 with exactly ``units`` on the board."""
    if "owners_at_turn_start" in extra:  # given territories over the current owners
        current = {name: space.original_owner for name, space in RS.data.spaces.items()
                   if space.is_land and not space.neutral}
        current.update(owners or {})
        extra["owners_at_turn_start"] = {**current, **extra["owners_at_turn_start"]}
    position = {"round": 2, "power": power, "phase": phase, "owners": owners or {},
                "units": units, **extra}
    return RS.from_position(position, seed="movement-tests")


def ids(g: Game, space: str, type_: str, owner: str | None = None) -> list[int]:
    return [u["id"] for u in g.state["units"][space]
            if u["type"] == type_ and (owner is None or u["owner"] == owner)]


def uid(g: Game, space: str, type_: str, owner: str | None = None, n: int = 0) -> int:
    return ids(g, space, type_, owner)[n]


def where(g: Game, unit_id: int) -> str | None:
    for space, units in g.state["units"].items():
        if any(u["id"] == unit_id for u in units):
            return space
    return None


def unit(g: Game, unit_id: int) -> dict[str, Any]:
    for units in g.state["units"].values():
        for u in units:
            if u["id"] == unit_id:
                return u
    raise KeyError(unit_id)


def move(g: Game, units: list[int], route: list[str], **extra: Any) -> list[dict[str, Any]]:
    return g.submit(g.state["power"], {"type": "move", "units": units, "route": route, **extra})


def end_phase(g: Game) -> list[dict[str, Any]]:
    return g.submit(g.state["power"], {"type": "end_phase"})


def refused(g: Game, order: dict[str, Any], rule: str) -> IllegalOrder:
    """Submit ``order``; assert it is refused with ``rule`` and leaves no trace."""
    before = (g.fingerprint(), len(g.log()))
    with pytest.raises(IllegalOrder) as err:
        g.submit(g.state["power"], order)
    assert err.value.rule_id == rule, err.value
    assert (g.fingerprint(), len(g.log())) == before
    return err.value


def refused_move(g: Game, units: list[int], route: list[str], rule: str,
                 **extra: Any) -> IllegalOrder:
    return refused(g, {"type": "move", "units": units, "route": route, **extra}, rule)


def replays(g: Game) -> bool:
    return RS.replay(g.log()).state == g.state
