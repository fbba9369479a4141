"""Retreating when the attacker's chance of winning drops below a threshold (AA41-CMB-22).

A backward pass over the solver's rows (:class:`~pbem.games.aa.odds.tables.Tables`), last rows
first, finds the chance of winning from the start of every round after the first in every state,
following the same rule in later rounds.
"""

from __future__ import annotations

import numpy as np

from pbem.games.aa.odds.outcome import ATTACKER, RETREAT
from pbem.games.aa.odds.tables import Tables


def win_chances(ch: Tables, fight: np.ndarray) -> np.ndarray:
    """Where the attacker fights on when it retreats as soon as its chance of winning drops below
    ``retreat_below_win`` (AA41-CMB-22): the chance of winning from the start of a round (2 or
    later) in every state, by a backward pass, last rows first; within a row the retreat set is
    grown until it is stable (retreating only lowers the chances of the states before it). After
    an amphibious retreat the chance is that of the units left behind."""
    threshold = ch.battle.options.retreat_below_win or 0.0
    na, nd = fight.shape
    m = len(ch.stages)
    value = [np.zeros((na + 1, nd)) for _ in range(m + 1)]  # value[s]: at the input of stage s
    eye = np.eye(nd)
    terminal = (ch.later == ATTACKER).astype(float)
    keep = fight.copy()
    for r in reversed(ch.att.levels()):
        pa = [st.pa[r] for st in ch.stages]
        td = [st.td[r] for st in ch.stages]
        stay = [p[:, 0, :, None] * t for p, t in zip(pa, td, strict=True)]
        rest = []  # value from leaving the row at stage s, for each input state
        for s, st in enumerate(ch.stages):
            nxt = value[s + 1] if s + 1 < m else value[0]
            ahead = nxt[st.succ[r][:, 1:]]  # (B, K-1, nd)
            rest.append((pa[s][:, 1:].transpose(0, 2, 1) * np.matmul(td[s], ahead.transpose(0, 2, 1))).sum(axis=2))
        total = rest[m - 1]
        for s in range(m - 2, -1, -1):
            total = rest[s] + np.matmul(stay[s], total[:, :, None])[:, :, 0]
        tail = stay[0]
        for s in range(1, m):
            tail = np.matmul(tail, stay[s])
        mask = fight[r].copy()
        jumps = ch.jump[r] >= 0
        behind = value[0][ch.jump[r]]  # chances of the units left behind by an amphibious retreat
        while True:
            system = eye[None] - mask[:, :, None] * tail
            retreat = jumps[:, None] & ((ch.later[r] == RETREAT) | (fight[r] & ~mask))
            rhs = np.where(mask, total, np.where(retreat, behind, terminal[r]))
            w = np.linalg.solve(system, rhs[:, :, None])[:, :, 0]
            drop = mask & (w < threshold)
            if not drop.any():
                break
            mask &= ~drop
        keep[r] = mask
        value[0][r] = w
        nxt_value = w
        for s in range(m - 1, 0, -1):
            nxt_value = rest[s] + np.matmul(stay[s], nxt_value[:, :, None])[:, :, 0]
            value[s][r] = nxt_value
    return keep
