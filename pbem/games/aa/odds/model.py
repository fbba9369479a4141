"""A battle as a Markov chain over (attacker state, defender state), built from a :class:`BattleSpec`.

Each round is a sequence of *stages*; in each the two sides fire at once and each side's new
state depends only on its own state and the other side's hits, so a stage's transition is
``TA[d][a, a'] * TD[a][d, d']`` (AA41-CMB-06/07: casualties fire back in the same step):

* ``submerge``: submarines ordered to submerge leave when no enemy destroyer is in the battle;
* ``strike``: surprise strikes of submarines without an opposing destroyer (AA41-CMB-13);
* ``fire``: everything else (AA41-CMB-05), attacking infantry raised by artillery.

Before round 1 (the *opening*): kamikaze (G40-KAMI-05), AA fire (AAE-AA-03 one die per
aircraft; G40-AA-02 up to 3 per gun, the attacker choosing casualties), and round 1's fire adds
the bombarding ships' dice (AAE-BOMB-04/05; the ships take no hits).
"""

from __future__ import annotations

from itertools import product

import numpy as np

from pbem.games.aa.odds.fire import Firing, Key, apply_row, binomial
from pbem.games.aa.odds.side import Side
from pbem.games.aa.odds.spec import BattleSpec, Options
from pbem.games.aa.odds.units import table


class Battle:
    def __init__(self, spec: BattleSpec, options: Options, max_states: int = 0, closure: bool = True) -> None:
        self.spec, self.options = spec, options
        units = table(spec.edition)
        self.units = units
        self.sea = spec.kind == "sea"
        self.aa_guns = sum(n for u, n in spec.defender.items() if units[u].aa_gun) if not self.sea else 0
        fighting = {u: n for u, n in spec.defender.items() if units[u].casualty}
        self.att = Side(units, spec.attacker, spec.attacker_damaged, options.attacker.prefs(), options.keep_land)
        self.dfn = Side(units, fighting, spec.defender_damaged, options.defender.prefs())
        bombard = [(units[u].bombard, n) for u, n in spec.bombard.items()]
        self.fa = Firing(self.att, "attacker", self.sea, spec.low_luck, bombard)
        self.fd = Firing(self.dfn, "defender", self.sea, spec.low_luck, [])
        self.max_states = max_states
        self.opening = self._opening_states()
        if closure:
            self._closure()

    # -- the opening (before round 1) -----------------------------------------------------
    def _opening_states(self) -> dict[int, float]:
        """Attacker states at the start of round 1 with their probabilities."""
        dist = {self.att.initial: 1.0}
        for uid, n in self.spec.kamikaze.items():  # G40-KAMI-05: each attack hits on 2
            dist = self._spread(dist, binomial(n, 2 / 6), lambda a, k, u=uid: self.att.hit_types(a, {u: k}))
        if self.aa_guns:
            dist = self._aa(dist)
        return dist

    def _spread(self, dist: dict[int, float], pmf: np.ndarray, move: object) -> dict[int, float]:
        out: dict[int, float] = {}
        for a, p in dist.items():
            for k, q in enumerate(pmf):
                if q:
                    b = move(a, k)  # type: ignore[operator]
                    out[b] = out.get(b, 0.0) + p * q
        return out

    def _aa_pmf(self, n: int) -> np.ndarray:
        if self.spec.low_luck:  # the referee's low luck: strength // 6 sure, one die for the rest
            pmf = np.zeros(n // 6 + 2)
            pmf[n // 6], pmf[n // 6 + 1] = 1 - (n % 6) / 6, (n % 6) / 6
            return pmf
        return binomial(n, 1 / 6)

    def _aa(self, dist: dict[int, float]) -> dict[int, float]:
        air = [u for u in self.spec.attacker if self.units[u].type.domain == "air"]
        if self.spec.edition == "global1940":  # G40-AA-02: min(3 x guns, aircraft) dice, attacker chooses
            out: dict[int, float] = {}
            for a, p in dist.items():
                n = min(3 * self.aa_guns, self.att.count(a, lambda t: t.domain == "air"))
                part = self._spread({a: p}, self._aa_pmf(n), lambda b, k: self.att.hit_among(b, tuple(air), k))
                for b, q in part.items():
                    out[b] = out.get(b, 0.0) + q
            return out
        for uid in air:  # AAE-AA-03/05: one die per aircraft, each die naming its aircraft
            n = self.spec.attacker[uid]
            dist = self._spread(dist, self._aa_pmf(n), lambda a, k, u=uid: self.att.hit_types(a, {u: k}))
        return dist

    # -- state spaces -------------------------------------------------------------------
    def _closure(self) -> None:
        """Every state each side can reach, and where each hit vector takes it."""
        app_a: dict[int, np.ndarray] = {}
        app_d: dict[int, np.ndarray] = {}
        vec_a, vec_d = self.fd.vectors(), self.fa.vectors()
        todo = [(self.att, app_a, vec_a, list(self.opening)), (self.dfn, app_d, vec_d, [self.dfn.initial])]
        for side, app, vec, queue in todo:
            while queue:
                idx = queue.pop()
                if idx in app:
                    continue
                row = app[idx] = apply_row(side, idx, vec)
                queue.extend(int(i) for i in np.unique(row) if int(i) not in app)
                if self.max_states and len(side.states) > self.max_states:
                    from pbem.games.aa.odds.api import TooLarge

                    raise TooLarge(f"more than {self.max_states} states of one side")
                if self._submerges(side):
                    queue.append(side.submerge(idx))
        self.na, self.nd = len(self.att.states), len(self.dfn.states)
        self.order_a = sorted(range(self.na), key=lambda i: (-self.att.strength(i), i))
        self.order_d = sorted(range(self.nd), key=lambda i: (-self.dfn.strength(i), i))
        self.pos_a = np.empty(self.na, dtype=np.int64)
        self.pos_a[self.order_a] = np.arange(self.na)
        self.pos_d = np.empty(self.nd, dtype=np.int64)
        self.pos_d[self.order_d] = np.arange(self.nd)
        self.app_a = self.pos_a[np.stack([app_a[i] for i in self.order_a])]  # [a, defender hit vector]
        self.app_d = self.pos_d[np.stack([app_d[i] for i in self.order_d])]
        self.flags_a = [self.att.flags(i) for i in self.order_a]
        self.flags_d = [self.dfn.flags(i) for i in self.order_d]

    def _submerges(self, side: Side) -> bool:
        order = self.options.attacker if side is self.att else self.options.defender
        return self.sea and order.submerge

    # -- stages -------------------------------------------------------------------------
    def stages(self) -> list[str]:
        out = []
        if self._submerges(self.att) or self._submerges(self.dfn):
            out.append("submerge")
        if self.sea and (self.fa.dims[0] > 1 or self.fd.dims[0] > 1):
            out.append("strike")
        return out + ["fire"]

    def key_at(self, stage: str, flags: tuple[bool, bool, bool]) -> Key:
        return (stage, *flags)

    def rows(self, stage: str, a: int, d: int) -> tuple[np.ndarray, np.ndarray]:
        """One transition: distributions of the new attacker and defender states (positions)."""
        pa, pd = np.zeros(self.na), np.zeros(self.nd)
        if stage == "submerge":
            pa[self._dive(self.att, a, self.flags_d[d][0])] = 1
            pd[self._dive(self.dfn, d, self.flags_a[a][0])] = 1
            return pa, pd
        da = self.fa.dist(self.order_a[a], self.key_at(stage, self.flags_d[d]))
        dd = self.fd.dist(self.order_d[d], self.key_at("fire" if stage == "opening" else stage, self.flags_a[a]))
        np.add.at(pd, self.app_d[d], da)
        np.add.at(pa, self.app_a[a], dd)
        return pa, pd

    def _dive(self, side: Side, pos: int, enemy_destroyer: bool) -> int:
        order, where = (self.order_a, self.pos_a) if side is self.att else (self.order_d, self.pos_d)
        if enemy_destroyer or not self._submerges(side):
            return pos
        return int(where[side.submerge(order[pos])])

    def matrices(self, stage: str) -> tuple[np.ndarray, np.ndarray]:
        """Dense ``TA[d, a, a']`` and ``TD[a, d, d']`` of a stage."""
        na, nd = self.na, self.nd
        if stage == "submerge":
            ta, td = np.zeros((nd, na, na)), np.zeros((na, nd, nd))
            for a, d in product(range(na), range(nd)):
                pa, pd = self.rows(stage, a, d)
                ta[d, a], td[a, d] = pa, pd
            return ta, td
        td = self._build(stage, self.fa, self.order_a, self.flags_d, self.app_d, na, nd)
        ta = self._build(stage, self.fd, self.order_d, self.flags_a, self.app_a, nd, na)
        return ta, td

    def _build(self, stage: str, firing: Firing, order: list[int], flags: list[tuple[bool, bool, bool]],
               app: np.ndarray, n_shooter: int, n_target: int) -> np.ndarray:
        """``T[s, t, t']``: the target's move when the shooter in state ``s`` fires at it in ``t``."""
        groups: dict[Key, np.ndarray] = {}
        for key in set(self.key_at(stage, f) for f in flags):
            groups[key] = np.array([t for t in range(n_target) if self.key_at(stage, flags[t]) == key])
        out = np.zeros((n_shooter, n_target * n_target))
        base = np.arange(n_target)[:, None] * n_target
        for s in range(n_shooter):
            idx, w = [], []
            for key, ts in groups.items():
                dist = firing.dist(order[s], key)
                sup = np.nonzero(dist)[0]
                idx.append((app[ts][:, sup] + base[ts]).ravel())
                w.append(np.broadcast_to(dist[sup], (len(ts), len(sup))).ravel())
            out[s] = np.bincount(np.concatenate(idx), np.concatenate(w), minlength=n_target * n_target)
        return out.reshape(n_shooter, n_target, n_target)
