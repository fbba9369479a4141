"""The game state (a JSON dict) and the queries every rules module shares.

A block record: ``{"id", "side", "type", "steps", "hex", "carrier", "unsupplied", "sea", "moved",
"path", "entered", "river", "airborne", "landed_ab", "launched"}``: ``sea`` is ``None``, ``"convoy"`` (an
army at sea, VIC-STRAT-06) or ``"afloat"`` (marines not yet landed, VIC-UNIT-MA-03); ``moved`` is the
mode of this player-turn's move (VIC-MOVE-02); ``entered`` the hex it entered its final hex from
(VIC-MOVE-12); ``river`` whether that entry crossed a river (VIC-TERR-RIVER-03).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pbem.games.victory.board import Board, build_board
from pbem.games.victory.units import AIR_STACK, UNITS

State = dict[str, Any]
Block = dict[str, Any]
SIDES = ("blue", "red")

_BOARDS: dict[str, Board] = {}


def other(side: str) -> str:
    return "red" if side == "blue" else "blue"


def map_key(scenario_map: dict[str, Any]) -> str:
    raw = json.dumps(scenario_map, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(raw).hexdigest()[:16]


def board_of(state: State) -> Board:
    """The board of this game's scenario (built once per distinct map, then cached)."""
    key = state["map_key"]
    board = _BOARDS.get(key)
    if board is None:
        board = _BOARDS[key] = build_board(state["scenario"]["map"])
    return board


def cls(block: Block) -> str:
    return UNITS[block["type"]].cls


def blocks_at(state: State, hex_: str, side: str | None = None) -> list[Block]:
    return [b for b in state["blocks"].values() if b["hex"] == hex_ and (side is None or b["side"] == side)]


def sides_in(state: State, hex_: str) -> set[str]:
    return {b["side"] for b in state["blocks"].values() if b["hex"] == hex_}


def enemy_in(state: State, hex_: str, side: str) -> bool:
    return any(b["hex"] == hex_ and b["side"] != side for b in state["blocks"].values())


def is_airborne(b: Block) -> bool:
    """Air blocks and dropped AB not yet landed count as air (VIC-UNIT-AB-03)."""
    return cls(b) == "air" or bool(b.get("airborne"))


def stack_counts(state: State, hex_: str, side: str) -> dict[str, int]:
    """Per class counts for stacking (VIC-MOVE-04, VIC-TERR-COAST-01, VIC-AIR-13, VIC-UNIT-AB-05)."""
    counts = {"army": 0, "naval": 0, "air": 0}
    for b in blocks_at(state, hex_, side):
        c = cls(b)
        if c == "air":
            counts["air"] += 1  # carried air too: air stacking is 2 per hex (§4.4.2), not naval (VIC-AIR-13)
        elif c == "naval":
            counts["naval"] += 1
        elif b.get("sea"):
            counts["naval"] += 1  # convoys and afloat marines (VIC-STRAT-10, VIC-UNIT-MA-06)
        elif b.get("airborne"):
            counts["air"] += 1
        else:
            counts["army"] += 1
            if b.get("landed_ab"):
                counts["air"] += 1
    return counts


def over_stack(state: State, hex_: str, side: str) -> str | None:
    """The class over its limit in ``hex_`` for ``side``, or None."""
    board = board_of(state)
    counts = stack_counts(state, hex_, side)
    if counts["army"] > board.army_stack(hex_):
        return "army"
    if counts["naval"] > board.naval_stack(hex_):
        return "naval"
    if counts["air"] > AIR_STACK:
        return "air"
    return None


def carried(state: State, carrier_id: str) -> list[Block]:
    return [b for b in state["blocks"].values() if b.get("carrier") == carrier_id]


def controller(state: State, hex_: str) -> str | None:
    owner = state["control"].get(hex_)
    return str(owner) if owner is not None else None


def new_block(bid: str, side: str, code: str, steps: int, hex_: str, carrier: str | None = None) -> Block:
    return {"id": bid, "side": side, "type": code, "steps": steps, "hex": hex_, "carrier": carrier,
            "unsupplied": False, "sea": None, "moved": None, "path": [], "entered": None, "river": False,
            "airborne": False, "landed_ab": False, "launched": False}


def reset_turn_flags(state: State) -> None:
    """Clear the per-player-turn records of every block (VIC-MOVE-01: each block moves once a turn)."""
    for b in state["blocks"].values():
        b.update(moved=None, path=[], entered=None, river=False, landed_ab=False, launched=False)
    state["port_use"] = {}
    state["hexside_use"] = {}
    state["captured"] = []
    state["fought"] = []
