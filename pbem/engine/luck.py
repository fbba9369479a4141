"""Luck statistics over rolled dice (pure: stdlib ``math`` only).

A *die* here is a dict with at least ``sides`` and ``face``; a die rolled against a
target also has ``target`` (hit when ``face <= target``). For low-luck battles the
target of the one die rolled is the remainder of the total strength, so the same
formulas hold; the hits low luck assigns without dice are not luck and are not counted.

* hits against expected hits: ``E = sum(p)``, ``Var = sum(p(1 - p))`` with
  ``p = clamp(target, 0, sides) / sides``;
* ``z = (hits - E) / sqrt(Var)`` and its percentile ``Phi(z)`` (normal approximation);
* face distribution and Pearson's chi-square statistic against uniform faces.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any


@dataclass
class HitStats:
    dice: int = 0
    hits: int = 0
    expected: float = 0.0
    variance: float = 0.0

    @property
    def z(self) -> float | None:
        """Standard score of the hits, ``None`` when no die could have gone either way."""
        if self.variance <= 0:
            return None
        return (self.hits - self.expected) / math.sqrt(self.variance)

    @property
    def percentile(self) -> float | None:
        """Share of equally placed players expected to do worse (0..100)."""
        z = self.z
        return None if z is None else 100.0 * normal_cdf(z)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "z": self.z, "percentile": self.percentile}


def normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def hit_probability(target: float, sides: int) -> float:
    return min(max(float(target), 0.0), float(sides)) / sides


def hit_stats(dice: Iterable[dict[str, Any]]) -> HitStats:
    """Hits, expected hits and variance over the dice that were rolled against a target."""
    stats = HitStats()
    for die in dice:
        if die.get("target") is None:
            continue
        p = hit_probability(die["target"], int(die["sides"]))
        stats.dice += 1
        stats.hits += 1 if die["face"] <= die["target"] else 0
        stats.expected += p
        stats.variance += p * (1.0 - p)
    return stats


def face_counts(dice: Iterable[dict[str, Any]], sides: int = 6) -> list[int]:
    """How often each face ``1..sides`` came up among the ``sides``-sided dice."""
    counts = [0] * sides
    for die in dice:
        if int(die["sides"]) == sides and 1 <= die["face"] <= sides:
            counts[die["face"] - 1] += 1
    return counts


def chi_square(counts: list[int]) -> tuple[float, int]:
    """Pearson's statistic of ``counts`` against equal counts, and its degrees of freedom."""
    total = sum(counts)
    k = len(counts)
    if total == 0 or k < 2:
        return 0.0, max(k - 1, 0)
    expected = total / k
    return sum((c - expected) ** 2 / expected for c in counts), k - 1


def by_player(dice: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Dice grouped by their ``roller`` (in order of first appearance)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for die in dice:
        groups.setdefault(str(die.get("roller") or "?"), []).append(die)
    return groups
