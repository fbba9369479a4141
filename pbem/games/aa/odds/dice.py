"""The hit distributions of many states at once: :meth:`Firing.groups <pbem.games.aa.odds.fire.Firing.groups>`
and :meth:`Firing.dist <pbem.games.aa.odds.fire.Firing.dist>` vectorised over states and keys.

A state's dice are counted per hit category (S, A, N) and die column (value 1-6, and of how many dice
the best counts, G40-TECH-19), for every key; rows with
the same counts share one distribution (a batched convolution of binomials, or low luck), which
is spread over the firing side's grid of hit vectors. ``test_space.py`` checks it against
``Firing.dist`` state by state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from pbem.games.aa.odds.fire import TOP, Firing, Key, binomial, hit_chance, strength

S, A, N = range(3)


@cache
def _table(chance: float, top: int) -> np.ndarray:
    """``[n, k]``: probability of k hits from n dice each hitting with ``chance``."""
    out = np.zeros((top + 1, top + 1))
    for n in range(top + 1):
        out[n, :n + 1] = binomial(n, chance)
    out.flags.writeable = False
    return out


def _convolve(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    out = np.zeros((len(p), p.shape[1] + q.shape[1] - 1))
    for j in range(q.shape[1]):
        out[:, j:j + p.shape[1]] += p * q[:, j:j + 1]
    return out


def category_pmfs(counts: np.ndarray, low_luck: bool, width: int,
                  columns: list[tuple[int, int]] | None = None) -> np.ndarray:
    """Rows of dice counts per die column (``counts[r, c]``, column ``c`` = ``columns[c]``, a
    ``(value, best)``; by default values 1-6) -> hit distributions ``(rows, width)``."""
    columns = columns or [(v, 1) for v in range(1, 7)]
    rows = len(counts)
    out = np.zeros((rows, width))
    if low_luck:
        total = counts @ np.array([strength(v, b) for v, b in columns])
        sure, rest = np.divmod(total, 6)
        out[np.arange(rows), sure] = 1 - rest / 6
        out[np.arange(rows), np.minimum(sure + 1, width - 1)] += rest / 6
        return out
    pmf = np.ones((rows, 1))
    for c, (v, b) in enumerate(columns):
        top = int(counts[:, c].max()) if rows else 0
        if top:
            pmf = _convolve(pmf, _table(hit_chance(v, b), top)[counts[:, c]])
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
        self.sub = np.array([t.submarine for t in types], dtype=bool)
        self.air = np.array([t.domain == "air" for t in types], dtype=bool)
        self.submerged = np.array([k.submerged for k in kinds], dtype=bool)
        self.destroyer = np.array([t.destroyer and not k.submerged for t, k in zip(types, kinds, strict=True)],
                                  dtype=bool)
        self.fires = np.array([not t.transport and not k.submerged for t, k in zip(types, kinds, strict=True)],
                              dtype=bool)
        self.columns = firing.columns
        col = {c: i for i, c in enumerate(self.columns)}
        #: per kind, the die column of each value 1-6 (its best-of size), and the dice per unit
        self.col = np.array([[col[(v, firing.best[k])] for v in range(1, TOP + 1)] for k in range(len(kinds))],
                            dtype=np.int64).reshape(len(kinds), TOP)
        self.dice_per = np.array(firing.dice_per, dtype=np.int64)
        self.bombard = np.zeros(len(self.columns), dtype=np.int64)
        for v, n in firing.bombard:
            self.bombard[col[(min(v, TOP), 1)]] += n

    def flags(self, counts: np.ndarray) -> list[tuple[bool, bool, bool]]:
        """``(destroyer, air, submarine)`` among the fighting units of each state (``Side.flags``)."""
        cols = [self.destroyer, self.air & ~self.submerged, self.sub & ~self.submerged]
        out = np.stack([(counts[:, c] > 0).any(axis=1) for c in cols], axis=1)
        return [(bool(a), bool(b), bool(c)) for a, b, c in out.tolist()]

    def counts(self, counts: np.ndarray, keys: list[Key]) -> np.ndarray:
        """Dice ``[key, state, category, die column]`` of every state for every key (as
        ``Firing.groups``), kind by kind for all keys at once."""
        f = self.firing
        n_keys, n_states = len(keys), len(counts)
        out = np.zeros((n_keys, n_states, 3, len(self.columns)), dtype=np.int64)
        stage = np.array([k[0] for k in keys])
        opp_destroyer, opp_air, opp_sub = (np.array([k[i] for k in keys], dtype=bool) for i in (1, 2, 3))
        strike = f.sea & ~opp_destroyer  # our submarines strike first (AA41-CMB-11/13)
        values = f.values(counts) * self.dice_per[None, :, None]  # [state, kind, value]: dice
        present = np.asarray(values.any(axis=0))  # [kind, value]: some state rolls such dice
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
            for v in np.flatnonzero(present[k, 1:]).tolist():
                out[rows, states, cat[rows[:, 0]], self.col[k, v]] += values[:, k, v + 1][None, :]
        out[stage == "opening", :, N] += self.bombard
        return out

    def grids(self, counts: np.ndarray, keys: list[Key]) -> Grids:
        """Hit distributions over the side's grid: the distinct ones, and for each key the row of
        every state among them."""
        f = self.firing
        dice = self.counts(counts, keys)
        width = len(self.columns)
        flat = dice.reshape(-1, 3 * width).astype(np.int64)
        uniq, inverse = _unique_rows(flat)
        uniq = uniq.reshape(-1, 3, width)
        s1, a1, n1 = f.dims
        ps = category_pmfs(uniq[:, S], f.low_luck, s1, self.columns)
        pa = category_pmfs(uniq[:, A], f.low_luck, a1, self.columns)
        pn = category_pmfs(uniq[:, N], f.low_luck, n1, self.columns)
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
