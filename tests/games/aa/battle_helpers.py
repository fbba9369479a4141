"""Helpers for the combat tests: small positions that end combat move into Conduct combat."""

from __future__ import annotations

from typing import Any

from pbem.engine import Game, ScriptedDice, load_ruleset

RS = load_ruleset("aa1941")


def combat(units: dict[str, list[dict[str, Any]]], *, power: str = "germany", dice: list[int] | None = None,
           owners: dict[str, str] | None = None, options: dict[str, Any] | None = None,
           declared: dict[str, Any] | None = None, standing: dict[str, Any] | None = None,
           ipcs: dict[str, int] | None = None) -> Game:
    """A game in ``power``'s combat move with ``units`` placed, then moved on to Conduct combat.

    Attacking units carry ``t_combat`` / ``t_route_from`` as movement would have left them.
    """
    position: dict[str, Any] = {"round": 1, "power": power, "phase": "combat_move", "owners": owners or {},
                                "units": units, "declared": declared or {}, "standing": standing or {}}
    if ipcs:
        position["ipcs"] = ipcs
    game = RS.from_position(position, dice=ScriptedDice(list(dice or [])), options=options or {})
    game.submit(power, {"type": "end_phase"})
    assert game.state["phase"] == "combat"
    return game


def att(type_: str, count: int = 1, owner: str = "germany", came_from: str | None = None, **extra: Any) -> dict:
    """An attacking unit entry (moved in combat move)."""
    entry = {"type": type_, "owner": owner, "count": count, "t_combat": True, "t_moved": 1, **extra}
    if came_from:
        entry["t_route_from"] = came_from
        entry["t_from"] = came_from
    return entry


def unit(type_: str, owner: str, count: int = 1, **extra: Any) -> dict:
    return {"type": type_, "owner": owner, "count": count, **extra}


def ids(game: Game, space: str, type_: str | None = None, owner: str | None = None) -> list[int]:
    return [u["id"] for u in game.state["units"][space]
            if (type_ is None or u["type"] == type_) and (owner is None or u["owner"] == owner)]


def types_in(game: Game, space: str, owner: str | None = None) -> list[str]:
    return sorted(u["type"] for u in game.state["units"][space] if owner is None or u["owner"] == owner)


def events(game: Game, type_: str) -> list[dict[str, Any]]:
    return [e["payload"] for e in game.log() if e["type"] == type_]


def dice_events(game: Game) -> list[dict[str, Any]]:
    return events(game, "dice.rolled")


def replays_equal(game: Game) -> bool:
    again = RS.replay(game.log())
    return again.state == game.state
