"""Helpers shared by the dice tests: play a race game with dice to its end or for some turns."""

from __future__ import annotations

from typing import Any


def play_turns(game: Any, turns: int, salts: dict[int, str] | None = None) -> Any:
    """Each turn the active seat rolls, the other answers a six, then the turn ends."""
    salts = salts or {}
    for turn in range(turns):
        if game.result() is not None:
            break
        seat = game.state["active"]
        if turn in salts:
            game.add_salt(seat, salts[turn])
        game.submit(seat, {"type": "roll"})
        if game.result() is not None:
            break
        if game.state["pending"]:
            other = game.owed()[0]["seat"]
            game.submit(other, {"type": "answer", "block": False})
        game.submit(seat, {"type": "end"})
    return game
