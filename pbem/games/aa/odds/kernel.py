"""The transitions of one stage of a round, for every attacker state at once.

Both sides fire at once and each side's new state depends only on its own state and the hits of
the other (AA41-CMB-06/07), so from ``(a, d)`` a stage moves to ``(a', d')`` with probability
``PA[a, d, k] * TD[a, d, d']``, ``a' = succ[a, k]`` (column 0 is ``a`` itself). Both tables come
from the shooters' hit distributions (:class:`~pbem.games.aa.odds.fire.Firing`) and where each
hit vector takes the target (:class:`~pbem.games.aa.odds.space.Space`), aggregated by one matrix
product per kind of target instead of state by state.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pbem.games.aa.odds.fire import Key
from pbem.games.aa.odds.space import Space


@dataclass
class Stage:
    succ: np.ndarray  # (na, K): attacker successor states, column 0 = the state itself
    pa: np.ndarray  # (na, nd, K)
    td: np.ndarray  # (na, nd, nd)


def _aggregate(probs: np.ndarray, app: np.ndarray, targets: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """For the target states ``targets`` (rows of ``app``), ``probs[s, g]`` of each shooter state
    summed by where hit vector ``g`` takes each target: ``(cells, values)`` with ``cells`` the
    (target, new state) pairs and ``values[s, cell]`` (a sorted gather and ``add.reduceat``: each
    hit vector moves each target to one state)."""
    support = np.flatnonzero(probs.any(axis=0))
    pairs = (targets[:, None] * n + app[targets][:, support]).ravel()  # (targets x support)
    order = np.argsort(pairs, kind="stable")
    ranked = pairs[order]
    starts = np.flatnonzero(np.concatenate([[True], ranked[1:] != ranked[:-1]]))
    cells = ranked[starts]
    cols = support[order % len(support)]
    step = max(1, 2_000_000 // max(1, len(probs)))  # columns gathered at once
    values = np.empty((len(probs), len(cells)))
    done = 0
    while done < len(cells):
        hi = min(len(cells), done + max(1, step * len(cells) // len(cols)))
        lo_col, hi_col = starts[done], (starts[hi] if hi < len(cells) else len(cols))
        block = probs[:, cols[lo_col:hi_col]]
        values[:, done:hi] = np.add.reduceat(block, starts[done:hi] - lo_col, axis=1)
        done = hi
    return cells, values


Flags = list[tuple[bool, bool, bool]]


def dive_stage(att: Space, dfn: Space, fl_a: Flags, fl_d: Flags, dive_a: bool, dive_d: bool) -> Stage:
    """Submarines ordered to submerge do so when no enemy destroyer fights (AA41-CMB-12)."""
    na, nd = att.n, dfn.n
    dest_a = np.array([f[0] for f in fl_a])
    dest_d = np.array([f[0] for f in fl_d])
    to_a = att.dive if dive_a else np.arange(na)
    to_d = dfn.dive if dive_d else np.arange(nd)
    moves = to_a != np.arange(na)
    succ = np.stack([np.arange(na), np.where(moves, to_a, na)], axis=1)
    pa = np.zeros((na, nd, 2))
    pa[:, :, 0] = np.where(moves[:, None], dest_d[None, :], 1.0)
    pa[:, :, 1] = np.where(moves[:, None], ~dest_d[None, :], 0.0)
    td = np.zeros((na, nd, nd))
    rows = np.arange(nd)
    td[:, rows, rows] = dest_a[:, None]
    td[:, rows, to_d] += ~dest_a[:, None]
    return Stage(succ, pa, td)


def fire_stage(att: Space, dfn: Space, fl_a: Flags, fl_d: Flags, grids_a: dict[Key, np.ndarray],
               grids_d: dict[Key, np.ndarray], stage: str, att_stage: str | None = None) -> Stage:
    """A firing stage (``strike`` or ``fire``); ``att_stage``: the attacker's key when it differs
    (``opening``: round 1 with the bombarding ships' dice, AAE-BOMB-05). ``grids_*``: the hit
    distributions of every state per key (:meth:`Dice.grids <pbem.games.aa.odds.dice.Dice.grids>`)."""
    na, nd = att.n, dfn.n
    td = np.zeros((na, nd, nd))
    for f in set(fl_d):
        targets = np.array([d for d in range(nd) if fl_d[d] == f])
        cells, values = _aggregate(grids_a[(att_stage or stage, *f)], dfn.app, targets, nd)
        td[:, cells // nd, cells % nd] = values
    parts = []
    for f in set(fl_a):
        targets = np.array([a for a in range(na) if fl_a[a] == f])
        parts.append(_aggregate(grids_d[(stage, *f)], att.app, targets, na))
    cells = np.concatenate([c for c, _v in parts])
    values = np.concatenate([v for _c, v in parts], axis=1)  # (nd, cells)
    rows, new = cells // na, cells % na
    order = np.lexsort((new, rows))
    rows, new, values = rows[order], new[order], values[:, order]
    first = np.searchsorted(rows, np.arange(na))
    k = np.arange(len(rows)) - first[rows]  # column of each successor (the state itself first)
    width = int(k.max()) + 1
    succ = np.full((na, width), na, dtype=np.int64)
    succ[rows, k] = new
    pa = np.zeros((na, nd, width))
    pa[rows, :, k] = values.T
    return Stage(succ, pa, td)
