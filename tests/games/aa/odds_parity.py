"""Shared by the editions' odds-parity tests: the referee's round-1 dice and the calculator's,
both as a count of dice per target number."""

from __future__ import annotations

from collections import Counter
from typing import Any


def round_one_targets(rolled: list[dict[str, Any]], side: str, steps: tuple[str, ...]) -> Counter[int]:
    """Target numbers of the referee's dice of ``side`` in round 1, in any of ``steps``."""
    out: Counter[int] = Counter()
    for roll in rolled:
        ctx = roll["context"]
        if ctx.get("side") == side and ctx.get("step") in steps and ctx.get("round", 1) == 1:
            out.update(d["target"] for d in roll["dice"])
    return out


def odds_targets(groups: dict[str, list[tuple[int, int]]]) -> Counter[int]:
    """Target numbers of the calculator's dice groups (value, count)."""
    out: Counter[int] = Counter()
    for dice in groups.values():
        for value, n in dice:
            out[value] += n
    return out
