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

from pbem.games.aa.odds.fire import Firing
from pbem.games.aa.odds.space import Space


@dataclass
class Stage:
    succ: np.ndarray  # (na, K): attacker successor states, column 0 = the state itself
    pa: np.ndarray  # (na, nd, K)
    td: np.ndarray  # (na, nd, nd)


def flags(space: Space) -> list[tuple[bool, bool, bool]]:
    return [space.side.flags(i) for i in space.ids]


def pmfs(firing: Firing, space: Space, stage: str, opp_flags: list[tuple[bool, bool, bool]]
         ) -> dict[tuple[bool, bool, bool], np.ndarray]:
    """Hit distributions of every state of ``space`` (rows) per flag value of the targets."""
    return {f: np.stack([firing.dist(i, (stage, *f)) for i in space.ids]) for f in set(opp_flags)}


def _aggregate(probs: np.ndarray, app: np.ndarray, targets: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """For the target states ``targets`` (rows of ``app``), ``probs[s, g]`` of each shooter state
    summed by where hit vector ``g`` takes each target: ``(cells, values)`` with ``cells`` the
    (target, new state) pairs and ``values[s, cell]``."""
    support = np.flatnonzero(probs.any(axis=0))
    pairs = targets[:, None] * n + app[targets][:, support]  # (targets, support)
    cells, inverse = np.unique(pairs, return_inverse=True)
    onehot = np.zeros((len(support), len(cells)))
    onehot[np.broadcast_to(np.arange(len(support)), pairs.shape).ravel(), inverse.ravel()] = 1.0
    values: np.ndarray = probs[:, support] @ onehot
    return cells, values


def dive_stage(att: Space, dfn: Space, dive_a: bool, dive_d: bool) -> Stage:
    """Submarines ordered to submerge do so when no enemy destroyer fights (AA41-CMB-12)."""
    na, nd = att.n, dfn.n
    dest_a = np.array([f[0] for f in flags(att)])
    dest_d = np.array([f[0] for f in flags(dfn)])
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


def fire_stage(att: Space, dfn: Space, fa: Firing, fd: Firing, stage: str, att_stage: str | None = None) -> Stage:
    """A firing stage (``strike`` or ``fire``); ``att_stage``: the attacker's key when it differs
    (``opening``: round 1 with the bombarding ships' dice, AAE-BOMB-05)."""
    na, nd = att.n, dfn.n
    fl_a, fl_d = flags(att), flags(dfn)
    td = np.zeros((na, nd, nd))
    for f, probs in pmfs(fa, att, att_stage or stage, fl_d).items():
        targets = np.array([d for d in range(nd) if fl_d[d] == f])
        cells, values = _aggregate(probs, dfn.app, targets, nd)
        td[:, cells // nd, cells % nd] = values
    parts = []
    for f, probs in pmfs(fd, dfn, stage, fl_a).items():
        targets = np.array([a for a in range(na) if fl_a[a] == f])
        parts.append(_aggregate(probs, att.app, targets, na))
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
