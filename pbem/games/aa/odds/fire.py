"""Who fires, at what, and the distribution of the hits a side scores (AA41-CMB-05/13, AAE-UNIT-INF-02).

Hits are vectors ``(S, A, N)`` (AA41-CMB-09): scored by submarines, by air units whose side has
no destroyer in the battle, by anything else. As in the referee's ``firing_dice``, a restriction
that cannot matter against the targets is dropped, so low luck pools every hit that may strike
the same units. A side's hit distribution is a flat array over its *grid* of hit vectors,
index ``(s * A1 + a) * N1 + n``.

Low luck (the referee's ``battle.low_luck``): per category, hits = total strength // 6, and one
die hitting on the remainder.
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np

from pbem.games.aa.odds.side import Kind, Side

Key = tuple[str, bool, bool, bool]  # (stage, opponent has destroyer, has air units, has submarines)


@cache
def _binomial(n: int, p: float) -> np.ndarray:
    out = np.array([comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)])
    out.flags.writeable = False
    return out


def binomial(n: int, p: float) -> np.ndarray:
    return _binomial(n, p)


def category_pmf(groups: list[tuple[int, int]], low_luck: bool) -> np.ndarray:
    """Hits of dice ``(value, count)``: a convolution of binomials, or low luck."""
    if low_luck:
        strength = sum(v * n for v, n in groups)
        pmf = np.zeros(strength // 6 + 2)
        pmf[strength // 6] = 1 - (strength % 6) / 6
        pmf[strength // 6 + 1] = (strength % 6) / 6
        return pmf
    pmf = np.ones(1)
    for value, n in groups:
        pmf = np.convolve(pmf, binomial(n, min(value, 6) / 6))
    return pmf


class Firing:
    """The dice one side rolls from each of its states."""

    def __init__(self, side: Side, role: str, sea: bool, low_luck: bool, bombard: list[tuple[int, int]]) -> None:
        self.side, self.role, self.sea, self.low_luck, self.bombard = side, role, sea, low_luck, bombard
        types = side.types
        start = side.states[side.initial]
        total = sum(start)
        subs = sum(n for k, n in zip(side.kinds, start, strict=True) if types[k.type].submarine)
        air = sum(n for k, n in zip(side.kinds, start, strict=True) if types[k.type].domain == "air")
        self.subs, self.air = subs, air
        self.dims = (subs + 1, air + 1, total + sum(n for _v, n in bombard) + 1)
        self.size = self.dims[0] * self.dims[1] * self.dims[2]
        self._cache: dict[tuple[int, Key], np.ndarray] = {}
        self._info: dict[int, tuple[bool, bool]] = {}
        self._pmfs: dict[tuple[tuple[int, int], ...], np.ndarray] = {}

    def facing(self, other: Side) -> None:
        """Drop hit categories that cannot occur against ``other``: submarine hits are their own
        category only against air units, air hits only against submarines (AA41-CMB-09)."""
        start = [(other.types[k.type], n) for k, n in zip(other.kinds, other.states[other.initial], strict=True)]
        opp_air = any(n and t.domain == "air" for t, n in start)
        opp_sub = any(n and t.submarine for t, n in start)
        self.dims = (self.subs + 1 if opp_air else 1, self.air + 1 if opp_sub else 1, self.dims[2])
        self.size = self.dims[0] * self.dims[1] * self.dims[2]

    def value(self, uid: str) -> int:
        ut = self.side.types[uid]
        return ut.attack if self.role == "attacker" else ut.defense

    def groups(self, idx: int, key: Key) -> dict[str, list[tuple[int, int]]]:
        """Dice by category: ``{"S"|"A"|"N": [(hit on, count)]}`` (AA41-CMB-05, AA41-CMB-14/15)."""
        stage, opp_destroyer, opp_air, opp_sub = key
        side, table = self.side, self.side.table
        act = side.active(idx)
        own_destroyer = any(side.types[k.type].destroyer for k, _n in act)
        strike = self.sea and not opp_destroyer  # our submarines strike first (AA41-CMB-11/13)
        out: dict[str, list[tuple[int, int]]] = {"S": [], "A": [], "N": []}
        raised = self._raised(act) if self.role == "attacker" and stage != "strike" else {}
        for kind, n in act:
            ut = side.types[kind.type]
            if ut.transport or (stage == "strike") != (ut.submarine and strike):
                continue
            cat = "S" if ut.submarine else "A" if ut.domain == "air" and not own_destroyer else "N"
            if cat == "S" and not opp_air or cat == "A" and not opp_sub:
                cat = "N"
            up = min(raised.get(kind.type, 0), n)
            raised[kind.type] = raised.get(kind.type, 0) - up
            if up:
                out[cat].append((table[kind.type].supported_attack, up))
            if n - up and self.value(kind.type) > 0:
                out[cat].append((self.value(kind.type), n - up))
        if stage == "opening":
            out["N"].extend(self.bombard)
        return out

    def _raised(self, act: list[tuple[Kind, int]]) -> dict[str, int]:
        """Attacking units raised by a supporter, one each (AAE-UNIT-INF-02, G40-CMB-04)."""
        table = self.side.table
        have: dict[str, int] = {}
        for kind, n in act:
            have[kind.type] = have.get(kind.type, 0) + n
        out: dict[str, int] = {}
        done: set[tuple[str, ...]] = set()
        for uid in have:
            targets = table[uid].supports
            if not targets or targets in done:
                continue
            done.add(targets)
            supporters = sum(n for t, n in have.items() if table[t].supports == targets)
            for target in targets:
                up = min(have.get(target, 0), supporters)
                supporters -= up
                if up:
                    out[target] = up
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

    def _pmf(self, groups: tuple[tuple[int, int], ...]) -> np.ndarray:
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

