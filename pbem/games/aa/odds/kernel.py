"""The transitions of one stage of a round, for every attacker state at once.

Both sides fire at once and each side's new state depends only on its own state and the hits of
the other (AA41-CMB-06/07), so from ``(a, d)`` a stage moves to ``(a', d')`` with probability
``PA[a, k, d] * TD[a, d, d']``, ``a' = succ[a, k]`` (column 0 is ``a`` itself). Both tables come
from the shooters' hit distributions (:class:`~pbem.games.aa.odds.fire.Firing`) and where each
hit vector takes the target (:class:`~pbem.games.aa.odds.space.Space`), aggregated by one matrix
product per kind of target instead of state by state.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pbem.games.aa.odds.dice import Grids
from pbem.games.aa.odds.space import Space


@dataclass
class Stage:
    succ: np.ndarray  # (na, K): attacker successor states, column 0 = the state itself
    pa: np.ndarray  # (na, K, nd)
    td: np.ndarray  # (na, nd, nd)


def _runs(probs: np.ndarray, dims: tuple[int, int, int], app: np.ndarray, targets: np.ndarray,
          n: int) -> tuple[np.ndarray, np.ndarray]:
    """For the target states ``targets`` (rows of ``app``), each shooter state's hit distribution
    (``probs[s, g]``) summed by where it takes each target: ``(cells, values)``, ``cells`` the
    (target, new state) pairs and ``values[s, cell]``.

    With the submarine and air hits fixed, more plain hits never lead back to a state left
    behind, so each target's new state is constant on runs of consecutive hit vectors: a run's
    probability is a difference of cumulative sums, taken from whichever end is nearer (no
    cancellation in the tails)."""
    support = np.flatnonzero(probs.any(axis=0))  # hit vectors some shooter can roll, in grid order
    probs = probs[:, support]
    width = len(support)
    succ = app[targets][:, support]
    cut = np.ones(succ.shape, dtype=bool)
    block = support // dims[2]
    cut[:, 1:] = (succ[:, 1:] != succ[:, :-1]) | (block[1:] != block[:-1])[None, :]
    row, g0 = np.nonzero(cut)
    g1 = np.empty_like(g0)
    g1[:-1] = g0[1:]
    g1[np.concatenate([row[1:] != row[:-1], [True]])] = width  # a target's last run
    cols = np.ascontiguousarray(probs.T)  # (hit vectors, shooters): runs gather whole rows
    zero = np.zeros((1, len(probs)))
    left = np.concatenate([zero, np.cumsum(cols, axis=0)])
    right = np.concatenate([np.cumsum(cols[::-1], axis=0)[::-1], zero])
    lo, hi = left[g1], right[g0]
    runs = np.maximum(np.where(lo <= hi, lo - left[g0], hi - right[g1]), 0.0)  # (runs, shooters)
    keys = targets[row] * n + succ[row, g0]
    order = np.argsort(keys, kind="stable")
    ranked = keys[order]
    starts = np.flatnonzero(np.concatenate([[True], ranked[1:] != ranked[:-1]]))
    values = runs[order] if len(starts) == len(ranked) else np.add.reduceat(runs[order], starts, axis=0)
    return ranked[starts], values.T


def _matmul(probs: np.ndarray, app: np.ndarray, targets: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """As :func:`_runs`, by a product with the 0/1 matrix of (hit vector, cell): cheaper when
    few hit vectors share a run (BLAS against element-wise work), a few targets at a time."""
    support = np.flatnonzero(probs.any(axis=0))
    probs = probs[:, support]
    cells_all, values_all = [], []
    step = max(1, 2_000_000 // max(1, len(support) * len(support)))
    for lo in range(0, len(targets), step):
        part = targets[lo:lo + step]
        pairs = part[:, None] * n + app[part][:, support]
        cells, inverse = np.unique(pairs, return_inverse=True)
        onehot = np.zeros((len(support), len(cells)))
        onehot[np.broadcast_to(np.arange(len(support)), pairs.shape).ravel(), inverse.ravel()] = 1.0
        cells_all.append(cells)
        values_all.append(probs @ onehot)
    return np.concatenate(cells_all), np.concatenate(values_all, axis=1)


def _aggregate(probs: np.ndarray, dims: tuple[int, int, int], app: np.ndarray, targets: np.ndarray,
               n: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_runs` for the shooters without air hits (their own category) apart from the others,
    so that most look only at the hit vectors they can roll."""
    width = int(np.count_nonzero(probs.any(axis=0)))
    if len(probs) * width * width * len(targets) <= 4e8:  # ~ cells x support x shooters flops
        return _matmul(probs, app, targets, n)
    box = (probs.reshape(len(probs), dims[0], dims[1], dims[2])[:, :, 1:].any(axis=(1, 2, 3))).astype(np.int64)
    kinds = np.unique(box)
    if len(kinds) == 1:
        return _runs(probs, dims, app, targets, n)
    parts = [(np.flatnonzero(box == k), *_runs(probs[box == k], dims, app, targets, n)) for k in kinds.tolist()]
    cells = np.unique(np.concatenate([c for _r, c, _v in parts]))
    values = np.zeros((len(probs), len(cells)))
    for rows, got, vals in parts:
        values[rows[:, None], np.searchsorted(cells, got)[None, :]] = vals
    return cells, values


Flags = list[tuple[bool, bool, bool]]


def dive_stage(att: Space, dfn: Space, fl_a: Flags, fl_d: Flags, dive_a: bool, dive_d: bool) -> Stage:
    """Submarines ordered to submerge do so when no enemy destroyer fights (AA41-CMB-12)."""
    na, nd = att.n, dfn.n
    dest_a = np.array([f[0] for f in fl_a], dtype=bool)
    dest_d = np.array([f[0] for f in fl_d], dtype=bool)
    to_a = att.dive if dive_a else np.arange(na)
    to_d = dfn.dive if dive_d else np.arange(nd)
    moves = to_a != np.arange(na)
    succ = np.stack([np.arange(na), np.where(moves, to_a, na)], axis=1)
    pa = np.zeros((na, 2, nd))
    pa[:, 0] = np.where(moves[:, None], dest_d[None, :], 1.0)
    pa[:, 1] = np.where(moves[:, None], ~dest_d[None, :], 0.0)
    td = np.zeros((na, nd, nd))
    rows = np.arange(nd)
    td[:, rows, rows] = dest_a[:, None]
    td[:, rows, to_d] += ~dest_a[:, None]
    return Stage(succ, pa, td)


def _by_shooters(grids: Grids, stage: str, flags: Flags) -> list[tuple[np.ndarray, np.ndarray]]:
    """Targets grouped by the shooters' distributions they face: ``(targets, row of each shooter)``."""
    groups: dict[bytes, tuple[list[int], np.ndarray]] = {}
    by_flag: dict[tuple[bool, bool, bool], list[int]] = {}
    for t, f in enumerate(flags):
        by_flag.setdefault(f, []).append(t)
    for f, targets in by_flag.items():
        rows = grids.rows[(stage, *f)]
        got = groups.setdefault(rows.tobytes(), ([], rows))
        got[0].extend(targets)
    return [(np.array(sorted(t)), rows) for t, rows in groups.values()]


def _table(grids: Grids, stage: str, flags: Flags, app: np.ndarray, n: int
           ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per group of targets: ``(cells, distinct values[row, cell], row of each shooter)``
    (cells: target * n + new state)."""
    out = []
    for targets, rows in _by_shooters(grids, stage, flags):
        used, inverse = np.unique(rows, return_inverse=True)
        cells, values = _aggregate(grids.pmf[used], grids.dims, app, targets, n)
        out.append((cells, values, inverse.ravel()))
    return out


def fire_stage(att: Space, dfn: Space, fl_a: Flags, fl_d: Flags, grids_a: Grids, grids_d: Grids, stage: str,
               att_stage: str | None = None) -> Stage:
    """A firing stage (``strike`` or ``fire``); ``att_stage``: the attacker's key when it differs
    (``opening``: round 1 with the bombarding ships' dice, AAE-BOMB-05). ``grids_*``: the hit
    distributions of every state per key (:meth:`Dice.grids <pbem.games.aa.odds.dice.Dice.grids>`)."""
    na, nd = att.n, dfn.n
    td = np.zeros((na, nd * nd))
    for cells, values, shooters in _table(grids_a, att_stage or stage, fl_d, dfn.app, nd):
        td[:, cells] = values[shooters]
    parts = _table(grids_d, stage, fl_a, att.app, na)  # cells: attacker state * na + its successor
    cells = np.concatenate([c for c, _v, _s in parts])
    order = np.argsort(cells)
    ranked = cells[order]
    rows, new = ranked // na, ranked % na
    first = np.searchsorted(rows, np.arange(na))
    k = np.arange(len(rows)) - first[rows]  # column of each successor (the state itself first)
    width = int(k.max()) + 1
    succ = np.full((na, width), na, dtype=np.int64)
    succ[rows, k] = new
    slot = np.empty(len(cells), dtype=np.int64)
    slot[order] = rows * width + k
    flat = np.zeros((na * width, nd))
    done = 0
    for part, values, shooters in parts:
        flat[slot[done:done + len(part)]] = values[shooters].T
        done += len(part)
    return Stage(succ, flat.reshape(na, width, nd), td.reshape(na, nd, nd))
