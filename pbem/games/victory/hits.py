"""Firing and hit allocation (VIC-CMB-08 to VIC-CMB-19): pure functions over the battle state."""

from __future__ import annotations

from typing import Any

from pbem.games.victory.board import DOUBLE_DEFENSE
from pbem.games.victory.state import Block, State, board_of, cls
from pbem.games.victory.units import UNITS


def in_battle(state: State) -> list[Block]:
    battle = state["battle"]
    return sorted((b for b in state["blocks"].values() if b["hex"] == battle["hex"]), key=lambda b: b["id"])


def group_of(b: Block) -> str:
    """The target class a block belongs to (VIC-CMB-10)."""
    c = cls(b)
    if c == "air" or b.get("airborne"):
        return "A"
    if c == "naval" or b.get("sea"):
        return "N"
    return "G"


def group(state: State, side: str, klass: str) -> list[Block]:
    return [b for b in in_battle(state) if b["side"] == side and group_of(b) == klass]


def firepower(state: State, b: Block, klass: str) -> int:
    """The block's firepower against a class in this battle, 0 if it cannot fire at it (VIC-UNIT-GEN-02)."""
    fp = UNITS[b["type"]].fire.get(klass, 0)
    battle = state["battle"]
    board = board_of(state)
    if b["type"] == "IN" and klass == "G" and b["side"] == battle["defender"] and battle["hex"] in board.cities:
        fp = 3  # VIC-UNIT-IN-02, VIC-CMB-13
    if b["type"] == "BB" and klass == "G":
        foe_naval = any(cls(e) == "naval" for e in in_battle(state) if e["side"] != b["side"])
        if battle["hex"] not in board.coastal or foe_naval:  # VIC-NAV-08
            return 0
    return fp


def cannot_fire(state: State, b: Block) -> str | None:
    """Why the block may not fire this round (VIC-CMB-12), or None."""
    battle = state["battle"]
    if b.get("river") and battle["round"] == 1 and b["side"] == battle["attacker"]:
        return "VIC-TERR-RIVER-03"
    if b.get("airborne"):
        return "VIC-UNIT-AB-04"
    if b.get("sea") == "afloat" or b.get("landed_round") == battle["round"]:
        return "VIC-UNIT-MA-03"
    if b.get("sea") == "convoy":
        return "VIC-STRAT-07"
    if battle.get("rounds") == 4 and battle["round"] == 4 and b["side"] == battle["attacker"]:
        return "VIC-OPT-01"
    return None


def fire_classes(state: State, b: Block) -> list[str]:
    """Classes the block may name now: it has a value and the enemy has blocks there (VIC-CMB-09)."""
    if cannot_fire(state, b):
        return []
    foe = "red" if b["side"] == "blue" else "blue"
    return [k for k in ("A", "N", "G") if firepower(state, b, k) > 0 and group(state, foe, k)]


def strongest(state: State, side: str, klass: str) -> list[Block]:
    """The blocks that take the next hit (VIC-CMB-14)."""
    blocks = group(state, side, klass)
    if not blocks:
        return []
    top = max(b["steps"] for b in blocks)
    return [b for b in blocks if b["steps"] == top]


def _signature(state: State, b: Block) -> tuple[Any, ...]:
    return (b["type"], b["steps"], b["id"] in state["battle"]["halves"], b.get("carrier") is not None,
            b.get("sea"), b.get("airborne"), b.get("river"))


def needs_choice(state: State, tied: list[Block]) -> bool:
    """A tie matters only when the tied blocks differ in something (otherwise the lowest id takes it)."""
    return len({_signature(state, b) for b in tied}) > 1


def hit_effect(state: State, b: Block, by_army: bool) -> str:
    """What one hit does to the block: "step", "half" (VIC-CMB-19) or "lost" (VIC-CMB-16, AMB-V-28)."""
    board = board_of(state)
    on_land = cls(b) == "army" and not b.get("sea") and not b.get("airborne")
    if not on_land:
        return "step"  # convoys and afloat marines can be eliminated by any fire (VIC-CMB-17)
    if not by_army and b["steps"] == 1:
        return "lost"
    if board.terrain(b["hex"]) in DOUBLE_DEFENSE and board.is_land(b["hex"]):
        if b["id"] not in state["battle"]["halves"]:
            return "half"
        return "step" if by_army else "lost"
    return "step"
