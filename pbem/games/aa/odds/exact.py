"""Exact odds: the battle's Markov chain solved attacker level by attacker level.

Each side's states (:class:`~pbem.games.aa.odds.space.Space`) are numbered by falling hit points,
so every transition goes to a later state of each side or stays. All attacker states of one
level (*rows*) only receive from earlier rows and from themselves, and are solved together: a
round's stages compose, within a row, into ``P`` (the attacker not hit), and the expected round
starts ``q`` of the row solve ``q (I - P) = c`` (``c``: what earlier rows sent), a small dense
system per row, or, when the defender has many states, Jacobi steps (exact after as many steps
as the defender has levels). What a row sends on is one batched matrix product per stage. Rounds
without casualties are thus summed exactly; nothing is truncated, so the mass lost is only
rounding. The tables come from :class:`~pbem.games.aa.odds.tables.Tables`.

Round 1 is pushed on its own (no retreat before it; bombardment fires in it, AAE-BOMB-05), and
so are rounds before a fixed retreat round. For ``retreat_below_win`` a backward pass first finds
the attacker's chance of winning from every state (:func:`~pbem.games.aa.odds.retreat.win_chances`);
in an amphibious assault a retreat moves the units left behind to their own states.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.outcome import FIGHT, RETREAT
from pbem.games.aa.odds.retreat import win_chances
from pbem.games.aa.odds.space import Space
from pbem.games.aa.odds.tables import Tables

SMALL = 24  # defender states up to which a row's system is solved directly


@dataclass
class Solution:
    att: Space
    dfn: Space
    final: np.ndarray  # probability of ending in each (attacker, defender) state
    code: np.ndarray  # how the battle ended there (outcome codes)
    rounds: float  # expected rounds fought


def solve(battle: Battle, max_states: int = 5000, max_work: float = 6e6) -> Solution:
    ch = Tables(battle, max_states, max_work)
    na, nd = ch.att.n, ch.dfn.n
    x = np.zeros((na, nd))
    d0 = ch.dfn.start[battle.dfn.initial]
    for a, p in battle.opening.items():
        x[ch.att.start[a], d0] += p
    fighting = ch.first == FIGHT
    final = np.where(fighting, 0.0, x)
    code = ch.later.copy()
    code[final > 0] = ch.first[final > 0]  # decided before round 1
    x = np.where(fighting, x, 0.0)
    rounds = float(x.sum())
    x = ch.push(x, ch.stages[:-1] + [ch.opening])  # round 1
    fight = ch.later == FIGHT
    options = battle.options
    if options.retreat_below_win is not None:
        fight = win_chances(ch, fight)
        code[(ch.later == FIGHT) & ~fight] = RETREAT
    leave = (code == RETREAT) & (ch.jump >= 0)[:, None]  # amphibious: the seaborne units fight on
    after = options.retreat_after_round
    if after is not None:
        for _round in range(1, after):
            x, done = _settle(ch, x, fight, leave)
            final += done
            rounds += float(x.sum())
            x = ch.push(x, ch.stages)
        behind = ch.fixed[:, None] & fight  # they never retreat, not even at the round limit
        forced = fight & ~behind
        leave |= forced & (ch.jump >= 0)[:, None]
        code[forced] = RETREAT
        fight = behind
    q = _rows(ch, x, fight, leave)
    final += np.where(fight | leave, 0.0, q)
    rounds += float(q[fight].sum())
    return Solution(ch.att, ch.dfn, final, code, rounds)


def _settle(ch: Tables, x: np.ndarray, fight: np.ndarray, leave: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Round-start masses: ``(fighting on, over)``; those retreating in an amphibious assault
    move to the state of the units left behind."""
    moving = np.where(leave, x, 0.0)
    out = np.where(fight, x, 0.0)
    rows = np.flatnonzero(moving.any(axis=1))
    np.add.at(out, ch.jump[rows], moving[rows])
    return out, np.where(fight | leave, 0.0, x)


def _send(box: np.ndarray, rows: np.ndarray, values: np.ndarray) -> None:
    """``box[rows[i]] += values[i]`` with repeated rows (a sorted ``add.reduceat``)."""
    order = np.argsort(rows, kind="stable")
    ranked = rows[order]
    starts = np.flatnonzero(np.concatenate([[True], ranked[1:] != ranked[:-1]]))
    box[ranked[starts]] += np.add.reduceat(values[order], starts, axis=0)


def _vecmat(x: np.ndarray, m: np.ndarray) -> np.ndarray:
    out: np.ndarray = np.matmul(x[:, None, :], m)[:, 0]
    return out


def _within_row(c: np.ndarray, mask: np.ndarray, diag: np.ndarray, stay: list[np.ndarray], td: list[np.ndarray],
                steps: int) -> np.ndarray:
    """The round starts ``q`` of a batch of rows: ``q = c + q P`` with ``P`` the round's moves
    that keep the attacker's state, ``diag`` its diagonal."""
    nd = c.shape[1]
    if nd <= SMALL:  # a dense solve is cheapest
        tail = stay[-1][:, :, None] * td[-1]
        for s in range(len(td) - 2, -1, -1):
            tail = np.matmul(stay[s][:, :, None] * td[s], tail)
        system = np.eye(nd)[None] - mask[:, :, None] * tail
        out: np.ndarray = np.linalg.solve(system.transpose(0, 2, 1), c[:, :, None])[:, :, 0]
        return out
    keep = 1.0 / (1.0 - diag)
    q = c * keep
    for _step in range(steps):
        moved = q * mask
        for p, t in zip(stay, td, strict=True):
            moved = _vecmat(moved * p, t)
        nxt = (c + moved - diag * q) * keep
        change = float(np.abs(nxt - q).sum())
        q = nxt
        if change <= 1e-16 * float(q.sum()):
            break
    return q


def _rows(ch: Tables, start: np.ndarray, fight: np.ndarray, leave: np.ndarray | None = None) -> np.ndarray:
    """Expected round starts in every (attacker, defender) state from round 2 on.

    Within a row the defender's moves (the attacker not hit) only go to later states, so
    ``q (I - P) = c`` is solved by Jacobi steps ``q <- (c + q (P - D)) / (1 - D)``: exact after as
    many steps as the defender has levels (``P - D`` is nilpotent), and stopped earlier once a
    step changes nothing at double precision."""
    na, nd = start.shape
    m = len(ch.stages)
    inbox = [np.zeros((na + 1, nd)) for _ in range(m)]
    inbox[0][:na] = start
    q_all = np.zeros((na, nd))
    steps = len(np.unique(ch.dfn.level)) + 1
    diag_idx = np.arange(nd)
    for r in ch.att.levels():
        if not any(box[r].any() for box in inbox):
            continue
        width = [int((st.succ[r] < na).sum(axis=1).max()) for st in ch.stages]
        pa = [st.pa[r, :w] for st, w in zip(ch.stages, width, strict=True)]
        td = [st.td[r] for st in ch.stages]
        stay = [p[:, 0] for p in pa]  # the attacker not hit, per defender state
        c = inbox[0][r].copy()
        late = np.zeros_like(c)
        for s in range(1, m):  # mid-round arrivals finish their round in this row
            late = _vecmat((late + inbox[s][r]) * stay[s], td[s])
        c += late
        mask = fight[r]
        diag = mask.astype(float)
        for s in range(m):
            diag = diag * stay[s] * td[s][:, diag_idx, diag_idx]
        q = _within_row(c, mask, diag, stay, td, steps)
        q_all[r] = q
        if leave is not None and leave[r].any():  # retreats leaving the seaborne units behind
            moving = q * leave[r]
            rows = np.flatnonzero(moving.any(axis=1))
            _send(inbox[0], ch.jump[r][rows], moving[rows])
        x = q * mask
        for s, st in enumerate(ch.stages):
            if width[s] > 1:
                y = np.matmul(pa[s][:, 1:] * x[:, None, :], td[s])
                succ = st.succ[r, 1:width[s]].ravel()
                ok = succ < na
                _send(inbox[(s + 1) % m], succ[ok], y.reshape(-1, nd)[ok])
            if s + 1 < m:
                x = inbox[s + 1][r] + _vecmat(x * stay[s], td[s])
    return q_all


