"""The hit distributions of many states at once: :meth:`Firing.groups <pbem.games.aa.odds.fire.Firing.groups>`
and :meth:`Firing.dist <pbem.games.aa.odds.fire.Firing.dist>` vectorised over states and keys.

A state's dice are counted per hit category (S, A, N) and value (1-6), for every key; rows with
the same counts share one distribution (a batched convolution of binomials, or low luck), which
is spread over the firing side's grid of hit vectors. ``test_space.py`` checks it against
``Firing.dist`` state by state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from pbem.games.aa.odds.fire import Firing, Key, binomial

S, A, N = range(3)


@cache
def _table(value: int, top: int) -> np.ndarray:
    """``[n, k]``: probability of k hits from n dice hitting on ``value``."""
    out = np.zeros((top + 1, top + 1))
    for n in range(top + 1):
        out[n, :n + 1] = binomial(n, value / 6)
    out.flags.writeable = False
    return out


def _convolve(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    out = np.zeros((len(p), p.shape[1] + q.shape[1] - 1))
    for j in range(q.shape[1]):
        out[:, j:j + p.shape[1]] += p * q[:, j:j + 1]
    return out


def category_pmfs(counts: np.ndarray, low_luck: bool, width: int) -> np.ndarray:
    """Rows of dice counts per value (``counts[r, v - 1]``) -> hit distributions ``(rows, width)``."""
    rows = len(counts)
    out = np.zeros((rows, width))
    if low_luck:
        strength = counts @ np.arange(1, 7)
        sure, rest = np.divmod(strength, 6)
        out[np.arange(rows), sure] = 1 - rest / 6
        out[np.arange(rows), np.minimum(sure + 1, width - 1)] += rest / 6
        return out
    pmf = np.ones((rows, 1))
    for v in range(1, 7):
        top = int(counts[:, v - 1].max()) if rows else 0
        if top:
            pmf = _convolve(pmf, _table(v, top)[counts[:, v - 1]])
    out[:, :min(width, pmf.shape[1])] = pmf[:, :width]
    return out


def _unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(rows, axis=0, return_inverse=True)``, by packing each row into one integer."""
    used = np.flatnonzero(rows.any(axis=0))
    radix = rows[:, used].max(axis=0) + 1 if len(rows) else np.ones(0, dtype=np.int64)
    if float(np.prod(radix.astype(float))) >= 2.0**62:
        uniq, inverse = np.unique(rows, axis=0, return_inverse=True)
        return uniq, inverse.ravel()
    packed = np.zeros(len(rows), dtype=np.int64)
    for col, base in zip(used.tolist(), radix.tolist(), strict=True):
        packed = packed * base + rows[:, col]
    _keys, first, inverse = np.unique(packed, return_index=True, return_inverse=True)
    return rows[first], inverse.ravel()


class Dice:
    """Per-kind facts of one firing side, for counting dice of many states at once."""

    def __init__(self, firing: Firing) -> None:
        self.firing = firing
        side = firing.side
        kinds = side.kinds
        types = [side.types[k.type] for k in kinds]
        self.value = np.array([min(firing.value(k.type), 6) for k in kinds], dtype=np.int64)
        self.raised = np.array([min(side.table[k.type].supported_attack, 6) for k in kinds], dtype=np.int64)
        self.sub = np.array([t.submarine for t in types], dtype=bool)
        self.air = np.array([t.domain == "air" for t in types], dtype=bool)
        self.submerged = np.array([k.submerged for k in kinds], dtype=bool)
        self.destroyer = np.array([t.destroyer and not k.submerged for t, k in zip(types, kinds, strict=True)],
                                  dtype=bool)
        self.fires = np.array([not t.transport and not k.submerged for t, k in zip(types, kinds, strict=True)],
                              dtype=bool)
        groups: dict[tuple[str, ...], list[int]] = {}
        for i, k in enumerate(kinds):
            if side.table[k.type].supports and not k.submerged:
                groups.setdefault(side.table[k.type].supports, []).append(i)
        self.support = [(sup, [[i for i, k in enumerate(kinds) if k.type == t and not k.submerged] for t in targets])
                        for targets, sup in groups.items()]
        self.bombard = np.zeros(6, dtype=np.int64)
        for v, n in firing.bombard:
            self.bombard[min(v, 6) - 1] += n

    def flags(self, counts: np.ndarray) -> list[tuple[bool, bool, bool]]:
        """``(destroyer, air, submarine)`` among the fighting units of each state (``Side.flags``)."""
        cols = [self.destroyer, self.air & ~self.submerged, self.sub & ~self.submerged]
        out = np.stack([(counts[:, c] > 0).any(axis=1) for c in cols], axis=1)
        return [(bool(a), bool(b), bool(c)) for a, b, c in out.tolist()]

    def _raised(self, counts: np.ndarray) -> np.ndarray:
        """Units raised by a supporter, per kind (AAE-UNIT-INF-02, G40-CMB-04)."""
        up = np.zeros_like(counts)
        for sup, targets in self.support:
            left = counts[:, sup].sum(axis=1)
            for kinds in targets:
                for k in kinds:
                    got = np.minimum(counts[:, k], left)
                    up[:, k] = got
                    left = left - got
        return up

    def counts(self, counts: np.ndarray, keys: list[Key]) -> np.ndarray:
        """Dice ``[key, state, category, value - 1]`` of every state for every key (as
        ``Firing.groups``), kind by kind for all keys at once."""
        f = self.firing
        n_keys, n_states = len(keys), len(counts)
        out = np.zeros((n_keys, n_states, 3, 6), dtype=np.int64)
        stage = np.array([k[0] for k in keys])
        opp_destroyer, opp_air, opp_sub = (np.array([k[i] for k in keys], dtype=bool) for i in (1, 2, 3))
        striking = (stage == "strike")[:, None]
        strike = f.sea & ~opp_destroyer  # our submarines strike first (AA41-CMB-11/13)
        up = self._raised(counts) if f.role == "attacker" else np.zeros_like(counts)
        loose = ~(counts[:, self.destroyer].sum(axis=1) > 0)  # no destroyer of its own (AA41-CMB-09)
        states = np.arange(n_states)[None, :]
        for k in range(counts.shape[1]):
            fires = (stage == "strike") == (self.sub[k] & strike)
            fires &= stage != "none"
            if not self.fires[k] or not fires.any():
                continue
            rows = np.flatnonzero(fires)[:, None]
            if self.sub[k]:
                cat = np.broadcast_to(np.where(opp_air, S, N)[:, None], (n_keys, n_states))
            elif self.air[k]:
                cat = np.where(opp_sub[:, None] & loose[None, :], A, N)
            else:
                cat = np.full((n_keys, n_states), N)
            raised = np.where(striking[rows[:, 0]], 0, up[:, k][None, :])  # never in a surprise strike
            if self.raised[k]:
                out[rows, states, cat[rows[:, 0]], self.raised[k] - 1] += raised
            if self.value[k]:
                out[rows, states, cat[rows[:, 0]], self.value[k] - 1] += counts[:, k][None, :] - raised
        out[stage == "opening", :, N] += self.bombard
        return out

    def grids(self, counts: np.ndarray, keys: list[Key]) -> Grids:
        """Hit distributions over the side's grid: the distinct ones, and for each key the row of
        every state among them."""
        f = self.firing
        dice = self.counts(counts, keys)
        flat = dice.reshape(-1, 18).astype(np.int64)
        uniq, inverse = _unique_rows(flat)
        uniq = uniq.reshape(-1, 3, 6)
        s1, a1, n1 = f.dims
        ps = category_pmfs(uniq[:, S], f.low_luck, s1)
        pa = category_pmfs(uniq[:, A], f.low_luck, a1)
        pn = category_pmfs(uniq[:, N], f.low_luck, n1)
        grid = (ps[:, :, None, None] * pa[:, None, :, None] * pn[:, None, None, :]).reshape(len(uniq), -1)
        per_key = inverse.reshape(len(keys), len(counts))
        return Grids(grid, {k: per_key[i] for i, k in enumerate(keys)}, f.dims)


@dataclass
class Grids:
    pmf: np.ndarray  # (distinct distributions, grid size)
    rows: dict[Key, np.ndarray]  # key -> the distribution of each state
    dims: tuple[int, int, int]

    def get(self, key: Key) -> np.ndarray:
        out: np.ndarray = self.pmf[self.rows[key]]
        return out
