"""The battle's states and stage tables, ready for the solver (:class:`Tables`).

Both sides' state spaces (:class:`~pbem.games.aa.odds.space.Space`), their hit distributions
(:class:`~pbem.games.aa.odds.dice.Dice`), a :class:`~pbem.games.aa.odds.kernel.Stage` per stage
of a round, and how every pair of states stands at the start of a round (outcome codes).
"""

from __future__ import annotations

from itertools import product

import numpy as np

from pbem.games.aa.odds.dice import Dice, Grids
from pbem.games.aa.odds.fire import Firing
from pbem.games.aa.odds.kernel import Stage, dive_stage, fire_stage
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.outcome import codes, counts_profile
from pbem.games.aa.odds.side import Side
from pbem.games.aa.odds.space import Space, TooLarge


class Tables:
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
            if role == "att" and battle.partial:  # amphibious, paratroopers: where retreats leave units behind
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
        if battle.partial:
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
