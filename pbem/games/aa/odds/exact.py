"""Exact odds: the battle's Markov chain solved row by row (attacker state by attacker state).

States are numbered so that every transition goes to a later or the same position (fewer hit
points left). Row ``a`` (the attacker in state ``a``, the defender anywhere) only receives from
earlier rows and from itself; within the row, a round's stages compose into one upper
triangular matrix ``P`` and the expected number of round starts ``q`` in each state solves
``q (I - P) = c`` (``c``: what earlier rows sent), a triangular system. What the row sends on
to later rows is one matrix product per stage. Self-loops (rounds without casualties) are thus
summed exactly; nothing is truncated, so the mass lost is only rounding.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.linalg import solve_triangular  # type: ignore[import-untyped]

from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.outcome import FIGHT, RETREAT, status


@dataclass
class Solution:
    final: np.ndarray  # probability of ending in each (attacker, defender) position
    code: np.ndarray  # how the battle ended there (outcome codes)
    rounds: float  # expected rounds fought


def _push(battle: Battle, stage: str, x: np.ndarray) -> np.ndarray:
    """One stage from a sparse grid (round 1), transition by transition."""
    out = np.zeros_like(x)
    for a, d in zip(*np.nonzero(x), strict=True):
        pa, pd = battle.rows(stage, int(a), int(d))
        out += x[a, d] * np.multiply.outer(pa, pd)
    return out


def _push_dense(mats: tuple[np.ndarray, np.ndarray], x: np.ndarray) -> np.ndarray:
    ta, td = mats
    out = np.zeros_like(x)
    for a in np.nonzero(x.any(axis=1))[0]:
        out += (ta[:, a, :] * x[a][:, None]).T @ td[a]
    return out


def solve(battle: Battle) -> Solution:
    stages = battle.stages()
    first = status(battle, retreats=False)
    later = status(battle, retreats=True)
    x = np.zeros((battle.na, battle.nd))
    d0 = battle.pos_d[battle.dfn.initial]
    for a, p in battle.opening.items():
        x[battle.pos_a[a], d0] += p
    final = np.where(first != FIGHT, x, 0.0)
    code = later.copy()
    x = np.where(first == FIGHT, x, 0.0)
    final_first = final.copy()
    rounds = float(x.sum())
    for stage in stages:  # round 1 (bombardment with its fire, AAE-BOMB-05)
        x = _push(battle, "opening" if stage == "fire" else stage, x)
    mats = [battle.matrices(s) for s in stages]
    fight = later == FIGHT
    after = battle.options.retreat_after_round
    if after is not None:
        for _round in range(1, after):
            final += np.where(fight, 0.0, x)
            x = np.where(fight, x, 0.0)
            rounds += float(x.sum())
            for m in mats:
                x = _push_dense(m, x)
        final += x
        code[fight] = RETREAT
    else:
        q = _rows(battle, mats, x, fight)
        final += np.where(fight, 0.0, q)
        rounds += float(q[fight].sum())
    # absorbing before round 1: keep the code of the first check there
    mask = final_first > 0
    code[mask] = first[mask]
    return Solution(final=final, code=code, rounds=rounds)


def _rows(battle: Battle, mats: list[tuple[np.ndarray, np.ndarray]], start: np.ndarray,
          fight: np.ndarray) -> np.ndarray:
    na, nd = battle.na, battle.nd
    m = len(mats)
    inbox = [start.copy()] + [np.zeros((na, nd)) for _ in range(m - 1)]
    q_all = np.zeros((na, nd))
    eye = np.eye(nd)
    for a in range(na):
        ms = [ta[:, a, a][:, None] * td[a] for ta, td in mats]
        tails = [eye] * (m + 1)
        for s in range(m - 1, -1, -1):
            tails[s] = ms[s] @ tails[s + 1] if s < m - 1 else ms[s]
        mask = fight[a]
        c = inbox[0][a] + sum((inbox[s][a] @ tails[s] for s in range(1, m)), np.zeros(nd))
        if not any(box[a].any() for box in inbox):
            continue
        system = eye - mask[:, None] * tails[0]
        q = solve_triangular(system.T, c, lower=True, check_finite=False)
        q_all[a] = q
        x = q * mask
        for s, (ta, td) in enumerate(mats):
            if a + 1 < na and x.any():
                target = inbox[s + 1] if s + 1 < m else inbox[0]
                target[a + 1:] += (ta[:, a, a + 1:] * x[:, None]).T @ td[a]
            if s + 1 < m:
                x = inbox[s + 1][a] + x @ ms[s]
    return q_all
