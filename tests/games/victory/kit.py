"""Helpers for VICTORY rule tests: River Line with chosen blocks, scripted dice, refusals."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.engine import IllegalOrder, InvalidOrder, ScriptedDice, load_ruleset
from pbem.games.victory.scenario import load_builtin

RS = load_ruleset("victory")


def scenario() -> dict[str, Any]:
    return copy.deepcopy(load_builtin("river_line"))


def blk(bid: str, code: str, steps: int, hex_: str, **extra: Any) -> dict[str, Any]:
    return {"id": bid, "side": bid.split("-")[0], "type": code, "steps": steps, "hex": hex_, **extra}


def game(blocks: list[dict[str, Any]], dice: list[int] | None = None, active: str = "blue", **extra: Any):
    order = [active, "red" if active == "blue" else "blue"]
    pos = {"scenario": extra.pop("scenario", scenario()), "blocks": blocks, "phase": "move", "order": order,
           "pt": 0, **extra}
    opts = {"pursuit": extra.get("pursuit", False)}
    return RS.from_position(pos, dice=ScriptedDice(list(dice or [])), options=opts)


def refused(g, seat: str, order: dict[str, Any]) -> str:
    with pytest.raises((IllegalOrder, InvalidOrder)) as err:
        g.submit(seat, order)
    return err.value.rule_id


def move(g, seat: str, bid: str, path: list[str], mode: str = "normal", **extra: Any):
    return g.submit(seat, {"type": "move", "moves": [{"block": bid, "mode": mode, "path": path, **extra}]})


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def owed_kind(g) -> tuple[str, str]:
    o = g.owed()[0]
    return o["seat"], o["kind"]


def end_player_turn(g, seat: str, **end: Any) -> None:
    """End movement (no battles expected) and the player-turn: control, then the other side's supply."""
    g.submit(seat, {"type": "end_move"})
    g.submit(seat, {"type": "end_turn", **end})


def battle(blocks: list[dict[str, Any]], dice: list[int], moves: list[tuple[str, list[str]]], seat: str = "blue",
           cover: dict[str, str] | None = None, mode: str = "normal", **kw: Any):
    """Move into a battle, end movement and answer air cover; returns the game with the battle started."""
    g = game(blocks, dice=dice, active=seat, **kw)
    for bid, path in moves:
        move(g, seat, bid, path, mode=mode)
    g.submit(seat, {"type": "end_move"})
    g.submit("red" if seat == "blue" else "blue", {"type": "air_cover", "blocks": cover or {}})
    return g


def fire(g, seat: str, bid: str, target: str = "G"):
    return g.submit(seat, {"type": "act", "block": bid, "action": "fire", "target": target})
