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

import numpy as np

from pbem.games.aa.odds.fire import Firing, binomial
from pbem.games.aa.odds.side import Kind, Side
from pbem.games.aa.odds.spec import BattleSpec, Options
from pbem.games.aa.odds.units import table


class Battle:
    def __init__(self, spec: BattleSpec, options: Options) -> None:
        self.spec, self.options = spec, options
        units = table(spec.edition)
        self.units = units
        self.sea = spec.kind == "sea"
        self.aa_guns = sum(n for u, n in spec.defender.items() if units[u].aa_gun) if not self.sea else 0
        fighting = {u: n for u, n in spec.defender.items() if units[u].casualty}
        self.att = Side(units, spec.attacker, spec.attacker_damaged, options.attacker.prefs(), options.keep_land,
                        can_leave=bool(spec.seaborne_units))
        self.dfn = Side(units, fighting, spec.defender_damaged, options.defender.prefs())
        bombard = [(units[u].bombard, n) for u, n in spec.bombard.items()]
        self.fa = Firing(self.att, "attacker", self.sea, spec.low_luck, bombard)
        self.fd = Firing(self.dfn, "defender", self.sea, spec.low_luck, [])
        self.fa.facing(self.dfn)
        self.fd.facing(self.att)
        self.opening = self._opening_states()

    # -- the opening (before round 1) -----------------------------------------------------
    def _opening_states(self) -> dict[int, float]:
        """Attacker states at the start of round 1 with their probabilities."""
        dist = {self.att.initial: 1.0}
        for uid, n, hurt in self.spec.kamikaze_ships:  # G40-KAMI-04/05: attacks on one named ship
            dist = self._spread(dist, binomial(n, 2 / 6),
                                lambda a, k, u=uid, h=int(hurt): self.att.hit_ship(a, u, h, k))
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
        """Hits of ``n`` AA dice, on 1 (on 1-2 with Radar: AAE-TECH-10, G40-TECH-17)."""
        value = 2 if self.spec.radar else 1
        if self.spec.low_luck:  # the referee's low luck: strength // 6 sure, one die for the rest
            strength = value * n
            pmf = np.zeros(strength // 6 + 2)
            pmf[strength // 6], pmf[strength // 6 + 1] = 1 - (strength % 6) / 6, (strength % 6) / 6
            return pmf
        return binomial(n, value / 6)

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

    def fixed(self, idx: int) -> bool:
        """Whether the attacker in state ``idx`` can no longer retreat: only seaborne units are
        left, or they stayed behind after the others retreated (AAE-AMPH-08, AA41-AMP-11)."""
        if not self.spec.seaborne_units:
            return False
        side = self.att
        if any(n and k.submerged for k, n in zip(side.kinds, side.states[idx], strict=True)):
            return True
        return self.stay_behind(idx) is None and any(
            n and self.spec.seaborne_units.get(k.type, 0) for k, n in zip(side.kinds, side.states[idx], strict=True))

    def stay_behind(self, idx: int) -> int | None:
        """The attacker's state after a retreat in an amphibious assault: land units that came
        from the sea stay and fight on, everything else leaves (AAE-AMPH-08, AA41-AMP-11). A
        type's seaborne units are taken as lost first (those that can leave are kept). None:
        nobody stays, or nobody leaves (then no retreat is possible)."""
        if not self.spec.seaborne_units:
            return None
        side = self.att
        state = list(side.states[idx])
        stays = leaves = 0
        for i, kind in enumerate(side.kinds):
            if kind.submerged or not state[i]:
                continue
            overland = self.spec.attacker.get(kind.type, 0) - self.spec.seaborne_units.get(kind.type, 0)
            go = min(state[i], overland)
            stays += state[i] - go
            leaves += go
            state[i] -= go
            state[side.kind_index[Kind(kind.type, 0, True)]] += go
        if not stays or not leaves:
            return None
        return side.add(tuple(state))

    def _submerges(self, side: Side) -> bool:
        order = self.options.attacker if side is self.att else self.options.defender
        return self.sea and order.submerge

    # -- stages -------------------------------------------------------------------------
    def stages(self) -> list[str]:
        out = []
        if self._submerges(self.att) or self._submerges(self.dfn):
            out.append("submerge")
        if self.sea and (self.fa.subs or self.fd.subs):
            out.append("strike")
        return out + ["fire"]
