"""Exact odds: the battle's Markov chain solved attacker level by attacker level.

Each side's states (:class:`~pbem.games.aa.odds.space.Space`) are numbered by falling hit points,
so every transition goes to a later state of each side or stays. All attacker states of one
level (*rows*) only receive from earlier rows and from themselves, and are solved together: a
round's stages compose, within a row, into ``P`` (the attacker not hit), and the expected round
starts ``q`` of the row solve ``q (I - P) = c`` (``c``: what earlier rows sent), a small dense
system per row. What a row sends on is one batched matrix product per stage. Rounds without
casualties are thus summed exactly; nothing is truncated, so the mass lost is only rounding.

Round 1 is pushed on its own (no retreat before it; bombardment fires in it, AAE-BOMB-05), and
so are rounds before a fixed retreat round. For ``retreat_below_win`` a backward pass first finds
the attacker's chance of winning from every state (:func:`win_chances`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from pbem.games.aa.odds.dice import Dice, Grids
from pbem.games.aa.odds.fire import Firing
from pbem.games.aa.odds.kernel import Stage, dive_stage, fire_stage
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.outcome import ATTACKER, FIGHT, RETREAT, codes, counts_profile
from pbem.games.aa.odds.side import Side
from pbem.games.aa.odds.space import Space, TooLarge

SMALL = 24  # defender states up to which a row's system is solved directly


@dataclass
class Solution:
    att: Space
    dfn: Space
    final: np.ndarray  # probability of ending in each (attacker, defender) state
    code: np.ndarray  # how the battle ended there (outcome codes)
    rounds: float  # expected rounds fought


class Chain:
    """The battle's states and stage tables."""

    def __init__(self, battle: Battle, max_states: int, max_work: float) -> None:
        self.battle = battle
        names = battle.stages()
        shooting = [s for s in names if s != "submerge"] + (["opening"] if battle.spec.bombard else [])
        self.dice_a, self.dice_d = Dice(battle.fa), Dice(battle.fd)
        # The side facing the smaller grid of hit vectors is explored first; the other only
        # against the hit vectors the first can actually roll.
        att_first = battle.fd.size <= battle.fa.size
        first, second = (("att", "dfn") if att_first else ("dfn", "att"))
        spaces: dict[str, Space] = {}
        grids: dict[str, Grids] = {}
        for role in (first, second):
            me, foe = (battle.fa, battle.fd) if role == "att" else (battle.fd, battle.fa)
            inc = np.stack(foe.vectors(), axis=1)
            if role == first:
                rolled = _rollable(foe, inc)
            else:
                rolled = np.flatnonzero(grids[first].pmf.any(axis=0))
            starts = list(battle.opening) if role == "att" else [battle.dfn.initial]
            spaces[role] = Space(me.side, starts, inc, battle._submerges(me.side), max_states, rolled)
            if role == "att" and battle.spec.seaborne_units:  # amphibious: where retreats leave units behind
                behind = sorted({t for i in spaces[role].ids if (t := battle.stay_behind(i)) is not None})
                if behind:
                    spaces[role] = Space(me.side, starts + behind, inc, False, max_states, rolled)
            dice = self.dice_a if role == "att" else self.dice_d
            other = battle.dfn if role == "att" else battle.att
            keys = [(s, *f) for s in shooting if role == "att" or s != "opening" for f in _possible_flags(other)]
            grids[role] = dice.grids(spaces[role].counts, keys)
        self.att, self.dfn = spaces["att"], spaces["dfn"]
        self.grids_a, self.grids_d = grids["att"], grids["dfn"]
        # jump[a]: where a retreat from ``a`` leaves the units that stay behind (-1: a plain retreat)
        self.jump = np.array([self.att.start.get(t, -1) if (t := battle.stay_behind(i)) is not None else -1
                              for i in self.att.ids], dtype=np.int64)
        na, nd = self.att.n, self.dfn.n
        if na * nd * nd * (len(names) + 1) > max_work:
            raise TooLarge(f"{na} x {nd} states")
        self.fl_a, self.fl_d = self.dice_a.flags(self.att.counts), self.dice_d.flags(self.dfn.counts)
        self.stages = [self._stage(s) for s in names]
        self.opening = (self._stage("fire", "opening") if battle.spec.bombard else self.stages[-1])
        pa = counts_profile(battle.att, self.att.counts, "attacker")
        self.fixed = np.array([battle.fixed(i) for i in self.att.ids], dtype=bool)
        if battle.spec.seaborne_units:
            pa["fixed"] = self.fixed
        pd = counts_profile(battle.dfn, self.dfn.counts, "defender")
        col = {k: v[:, None] for k, v in pa.items()}
        row = {k: v[None, :] for k, v in pd.items()}
        self.first = codes(battle, col, row, retreats=False)
        self.later = codes(battle, col, row, retreats=True)

    def _stage(self, name: str, att_key: str | None = None) -> Stage:
        b = self.battle
        if name == "submerge":
            return dive_stage(self.att, self.dfn, self.fl_a, self.fl_d, b._submerges(b.att), b._submerges(b.dfn))
        return fire_stage(self.att, self.dfn, self.fl_a, self.fl_d, self.grids_a, self.grids_d, name, att_key)

    def push(self, x: np.ndarray, stages: list[Stage]) -> np.ndarray:
        """One round from the round-start masses ``x`` (transition by transition)."""
        na, nd = x.shape
        for st in stages:
            rows = np.flatnonzero(x.any(axis=1))
            y = np.matmul(st.pa[rows] * x[rows][:, None, :], st.td[rows])
            out = np.zeros((na + 1, nd))
            np.add.at(out, st.succ[rows].ravel(), y.reshape(-1, nd))
            x = out[:na]
        return x


def _rollable(firing: Firing, hits: np.ndarray) -> np.ndarray:
    """Hit vectors ``(S, A, N)`` a side can roll at all: submarine hits come only from its
    submarines and air hits only from its aircraft, and those dice are then not plain."""
    s, a, n = hits[:, 0], hits[:, 1], hits[:, 2]
    dice = firing.dims[2] - 1
    plain = dice - np.where(s > 0, firing.subs, 0) - np.where(a > 0, firing.air, 0)
    out: np.ndarray = np.flatnonzero((s + a + n <= dice) & (n <= plain))
    return out


def _possible_flags(side: Side) -> list[tuple[bool, bool, bool]]:
    """Every ``(destroyer, air, submarine)`` a side may show in the battle (a flag it never has
    at the start it never gets)."""
    d, a, s = ((False, True) if flag else (False,) for flag in side.flags(side.initial))
    return [(x, y, z) for x, y, z in product(d, a, s)]


def solve(battle: Battle, max_states: int = 5000, max_work: float = 6e6) -> Solution:
    ch = Chain(battle, max_states, max_work)
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


def _settle(ch: Chain, x: np.ndarray, fight: np.ndarray, leave: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Round-start masses: ``(fighting on, over)``; those retreating in an amphibious assault
    move to the state of the units left behind."""
    moving = np.where(leave, x, 0.0)
    out = np.where(fight, x, 0.0)
    rows = np.flatnonzero(moving.any(axis=1))
    np.add.at(out, ch.jump[rows], moving[rows])
    return out, np.where(fight | leave, 0.0, x)


def _levels(space: Space) -> list[slice]:
    cuts = np.flatnonzero(np.diff(space.level)) + 1
    bounds = [0, *cuts.tolist(), space.n]
    return [slice(lo, hi) for lo, hi in zip(bounds[:-1], bounds[1:], strict=True)]


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


def _rows(ch: Chain, start: np.ndarray, fight: np.ndarray, leave: np.ndarray | None = None) -> np.ndarray:
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
    for r in _levels(ch.att):
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


def win_chances(ch: Chain, fight: np.ndarray) -> np.ndarray:
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
    for r in reversed(_levels(ch.att)):
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
