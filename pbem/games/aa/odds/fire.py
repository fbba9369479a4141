"""Who fires, at what, and the distribution of the hits a side scores (AA41-CMB-05/13, AAE-UNIT-INF-02).

Hits are vectors ``(S, A, N)`` (AA41-CMB-09): scored by submarines, by air units whose side has
no destroyer in the battle, by anything else. As in the referee's ``firing_dice``, a restriction
that cannot matter against the targets is dropped, so low luck pools every hit that may strike
the same units. A side's hit distribution is a flat array over its *grid* of hit vectors,
index ``(s * A1 + a) * N1 + n``.

The attacker's values are the referee's (``referee.Rules``: support and research), as are its
dice per unit (two for Anniversary's heavy bombers, AAE-TECH-12) and the dice of which the best
counts (Global 1940's heavy bombers, G40-TECH-19: a :class:`Roll` with ``best`` 2, at most one
hit). The chance and the low-luck strength of such a die are the referee's ``count_hits`` and
``low_luck`` applied to it (:func:`hit_chance`, :func:`strength`).

Low luck (the referee's ``battle.low_luck``): per category, hits = total strength // 6, and one
die hitting on the remainder.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from math import comb
from typing import NamedTuple

import numpy as np

from pbem.games.aa import battle as referee_dice
from pbem.games.aa.odds.referee import Rules
from pbem.games.aa.odds.side import Side

Key = tuple[str, bool, bool, bool]  # (stage, opponent has destroyer, has air units, has submarines)
TOP = 6  # die values 1-6 (a value above 6 hits on every face)


class Roll(NamedTuple):
    """``dice`` dice hitting on ``value``; with ``best`` > 1, ``dice`` units each rolling ``best`` such
    dice of which one hit at most counts (G40-TECH-19)."""

    value: int
    dice: int
    best: int = 1


@cache
def hit_chance(value: int, best: int = 1) -> float:
    """The chance a :class:`Roll` die (or best-of group) scores, by the referee's ``count_hits``."""
    dice = [{"target": min(value, TOP), "cat": "N", "group": 0} for _ in range(best)]
    hits: int = sum(referee_dice.count_hits(dice, faces)["N"] for faces in product(range(1, 7), repeat=best))
    return float(hits / 6**best)


@cache
def strength(value: int, best: int = 1) -> int:
    """A :class:`Roll` die's low-luck strength, by the referee's ``low_luck`` (a best-of group pools as
    one die at its value plus one per extra die, at most 6)."""
    dice = [{"target": min(value, TOP), "cat": "N", "group": 0} for _ in range(best)] if best > 1 else [
        {"target": min(value, TOP), "cat": "N"}]
    sure, rest = referee_dice.low_luck(dice)
    return int(sure["N"] * 6 + sum(d["target"] for d in rest))


@cache
def _binomial(n: int, p: float) -> np.ndarray:
    out = np.array([comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)])
    out.flags.writeable = False
    return out


def binomial(n: int, p: float) -> np.ndarray:
    return _binomial(n, p)


def category_pmf(groups: list[tuple[int, int]] | list[Roll], low_luck: bool) -> np.ndarray:
    """Hits of dice ``(value, count[, best])``: a convolution of binomials, or low luck."""
    rolls = [Roll(*g) for g in groups]
    if low_luck:
        total = sum(strength(r.value, r.best) * r.dice for r in rolls)
        pmf = np.zeros(total // 6 + 2)
        pmf[total // 6] = 1 - (total % 6) / 6
        pmf[total // 6 + 1] = (total % 6) / 6
        return pmf
    pmf = np.ones(1)
    for r in rolls:
        pmf = np.convolve(pmf, binomial(r.dice, hit_chance(r.value, r.best)))
    return pmf


class Firing:
    """The dice one side rolls from each of its states."""

    def __init__(self, side: Side, role: str, sea: bool, low_luck: bool, bombard: list[tuple[int, int]],
                 rules: Rules) -> None:
        self.side, self.role, self.sea, self.low_luck, self.bombard = side, role, sea, low_luck, bombard
        self.rules = rules
        types = side.types
        attacking = role == "attacker"
        #: per kind: dice each unit rolls (AAE-TECH-12) and of how many dice the best counts (G40-TECH-19)
        self.dice_per = [rules.dice_per.get(k.type, 1) if attacking else 1 for k in side.kinds]
        self.best = [rules.best_of.get(k.type, 1) if attacking else 1 for k in side.kinds]
        #: the die columns of the side's dice: (value, best), values 1-6 of each best-of size
        self.columns = [(v, b) for b in sorted({1, *self.best}) for v in range(1, TOP + 1)]
        self._paired = np.array([attacking and side.table[k.type].paired and not k.submerged for k in side.kinds],
                                dtype=bool)
        #: the value of each kind that never pairs (the referee's, asked once for one unit of each)
        alone = rules.attack_values({i: (k.type, 1) for i, k in enumerate(side.kinds)
                                     if not self._paired[i]}) if attacking else {}
        self._base = np.array([min(next(iter(alone[i])) if i in alone else 0 if attacking else types[k.type].defense,
                                   TOP) for i, k in enumerate(side.kinds)], dtype=np.int64)
        start = side.states[side.initial]
        dice = [n * d for n, d in zip(start, self.dice_per, strict=True)]
        subs = sum(n for k, n in zip(side.kinds, dice, strict=True) if types[k.type].submarine)
        air = sum(n for k, n in zip(side.kinds, dice, strict=True) if types[k.type].domain == "air")
        self.subs, self.air = subs, air
        self.dims = (subs + 1, air + 1, sum(dice) + sum(n for _v, n in bombard) + 1)
        self.size = self.dims[0] * self.dims[1] * self.dims[2]
        self._cache: dict[tuple[int, Key], np.ndarray] = {}
        self._info: dict[int, tuple[bool, bool]] = {}
        self._pmfs: dict[tuple[Roll, ...], np.ndarray] = {}
        self._values_of: dict[int, np.ndarray] = {}

    def facing(self, other: Side) -> None:
        """Drop hit categories that cannot occur against ``other``: submarine hits are their own
        category only against air units, air hits only against submarines (AA41-CMB-09)."""
        start = [(other.types[k.type], n) for k, n in zip(other.kinds, other.states[other.initial], strict=True)]
        opp_air = any(n and t.domain == "air" for t, n in start)
        opp_sub = any(n and t.submarine for t, n in start)
        self.dims = (self.subs + 1 if opp_air else 1, self.air + 1 if opp_sub else 1, self.dims[2])
        self.size = self.dims[0] * self.dims[1] * self.dims[2]

    def value(self, uid: str) -> int:
        """The unit type's own value (attack or defence), before support and research."""
        ut = self.side.types[uid]
        return ut.attack if self.role == "attacker" else ut.defense

    def values(self, counts: np.ndarray) -> np.ndarray:
        """``[state, kind, value]``: how many units of each kind fire at each value 0-6 in each state
        (rows of ``counts``): the referee's attack values (support pairs the units of the state
        together, AAE-UNIT-INF-02, G40-CMB-04; research, AAE-TECH, G40-TECH), the defence value
        on defence. Units of a kind that never pairs keep one value, asked once."""
        rows, n_kinds = counts.shape
        out = np.zeros((rows, n_kinds, TOP + 1), dtype=np.int64)
        fixed = np.flatnonzero(~self._paired)
        out[:, fixed, self._base[fixed]] = counts[:, fixed]
        cols = np.flatnonzero(self._paired)
        if not len(cols) or not rows:
            return out
        part = counts[:, cols]
        radix = part.max(axis=0) + 1
        packed = np.zeros(rows, dtype=np.int64)
        for c, base in enumerate(radix.tolist()):
            packed = packed * base + part[:, c]
        _keys, first, inverse = np.unique(packed, return_index=True, return_inverse=True)
        table = np.zeros((len(first), len(cols), TOP + 1), dtype=np.int64)
        kinds = self.side.kinds
        for row, key in enumerate(part[first].tolist()):
            got = self.rules.attack_values({int(k): (kinds[k].type, n) for k, n in zip(cols, key, strict=True)})
            for k, values in got.items():
                for v, n in values.items():
                    table[row, int(np.searchsorted(cols, k)), min(v, TOP)] += n
        out[:, cols] = table[inverse.ravel()]
        return out

    def groups(self, idx: int, key: Key) -> dict[str, list[Roll]]:
        """Dice by category: ``{"S"|"A"|"N": [Roll(hit on, dice, best)]}`` (AA41-CMB-05, AA41-CMB-14/15)."""
        stage, opp_destroyer, opp_air, opp_sub = key
        side = self.side
        act = side.active(idx)
        own_destroyer = any(side.types[k.type].destroyer for k, _n in act)
        strike = self.sea and not opp_destroyer  # our submarines strike first (AA41-CMB-11/13)
        out: dict[str, list[Roll]] = {"S": [], "A": [], "N": []}
        values = self._values_of.get(idx)
        if values is None:
            values = self._values_of[idx] = self.values(np.array([side.states[idx]], dtype=np.int64))[0]
        for k, kind in enumerate(side.kinds):
            n = side.states[idx][k]
            ut = side.types[kind.type]
            if not n or kind.submerged or ut.transport or (stage == "strike") != (ut.submarine and strike):
                continue
            cat = "S" if ut.submarine else "A" if ut.domain == "air" and not own_destroyer else "N"
            if cat == "S" and not opp_air or cat == "A" and not opp_sub:
                cat = "N"
            for v in range(1, TOP + 1):
                if values[k, v]:
                    out[cat].append(Roll(v, int(values[k, v]) * self.dice_per[k], self.best[k]))
        if stage == "opening":
            out["N"].extend(Roll(v, n) for v, n in self.bombard)
        return out

    def relevant(self, idx: int, key: Key) -> Key:
        """The key with the flags that cannot change this state's dice dropped (cache key)."""
        got = self._info.get(idx)
        if got is None:
            act = [self.side.types[k.type] for k, _n in self.side.active(idx)]
            subs = self.sea and any(t.submarine for t in act)
            loose_air = any(t.domain == "air" for t in act) and not any(t.destroyer for t in act)
            got = self._info[idx] = (subs, loose_air)
        subs, loose_air = got
        stage, destroyer, air, sub = key
        if stage == "strike" and not subs:
            return ("none", False, False, False)
        return (stage, destroyer and subs, air and subs, sub and loose_air)

    def dist(self, idx: int, key: Key) -> np.ndarray:
        """Probability of each hit vector of the grid, from state ``idx``."""
        key = self.relevant(idx, key)
        got = self._cache.get((idx, key))
        if got is None:
            if key[0] == "none":
                grid = np.zeros(self.size)
                grid[0] = 1.0
                got = self._cache[(idx, key)] = grid
                return got
            groups = self.groups(idx, key)
            ps, pa, pn = (self._pmf(tuple(groups[c])) for c in "SAN")
            if len(ps) == 1 and len(pa) == 1:
                grid = np.zeros(self.size)
                grid[:len(pn)] = pn
            else:
                cube = np.zeros(self.dims)
                cube[:len(ps), :len(pa), :len(pn)] = np.multiply.outer(np.multiply.outer(ps, pa), pn)
                grid = cube.ravel()
            got = self._cache[(idx, key)] = grid
        return got

    def _pmf(self, groups: tuple[Roll, ...]) -> np.ndarray:
        got = self._pmfs.get(groups)
        if got is None:
            pmf = category_pmf(list(groups), self.low_luck)
            nz = np.flatnonzero(pmf)
            got = self._pmfs[groups] = pmf[:nz[-1] + 1] if len(nz) else pmf[:1]
        return got

    def vectors(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        s1, a1, n1 = self.dims
        s, a, n = np.meshgrid(np.arange(s1), np.arange(a1), np.arange(n1), indexing="ij")
        return s.ravel(), a.ravel(), n.ravel()

