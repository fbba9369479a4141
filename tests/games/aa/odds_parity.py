"""Shared by the editions' odds-parity tests: the referee's round-1 dice and the calculator's,
both as a count of dice per ``(target number, best of)``: ``best of`` is the size of the die's
best-of group (heavy bombers, G40-TECH-19), 1 for a die that scores on its own."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

import numpy as np

from pbem.games.aa import battle as referee_dice
from pbem.games.aa.odds.fire import Roll


def round_one_targets(rolled: list[dict[str, Any]], side: str, steps: tuple[str, ...]) -> Counter[tuple[int, int]]:
    """``(target, best of)`` of the referee's dice of ``side`` in round 1, in any of ``steps``."""
    out: Counter[tuple[int, int]] = Counter()
    for roll in rolled:
        ctx = roll["context"]
        if ctx.get("side") == side and ctx.get("step") in steps and ctx.get("round", 1) == 1:
            groups = Counter(d["group"] for d in roll["dice"] if "group" in d)
            out.update((d["target"], groups[d["group"]] if "group" in d else 1) for d in roll["dice"])
    return out


def odds_targets(groups: dict[str, list[Roll]]) -> Counter[tuple[int, int]]:
    """``(target, best of)`` of the calculator's dice groups (each unit of a best-of roll rolls ``best`` dice)."""
    out: Counter[tuple[int, int]] = Counter()
    for dice in groups.values():
        for roll in dice:
            out[(roll.value, roll.best)] += roll.dice * roll.best
    return out


def referee_hits(dice: list[dict[str, Any]]) -> np.ndarray:
    """The distribution of the hits of the referee's ``dice`` (one roll), by its ``count_hits`` over
    every combination of faces (a few dice only)."""
    out = np.zeros(len(dice) + 1)
    for faces in product(range(1, 7), repeat=len(dice)):
        out[sum(referee_dice.count_hits(dice, faces).values())] += 1
    out /= 6 ** len(dice)
    return out[:np.flatnonzero(out)[-1] + 1]
