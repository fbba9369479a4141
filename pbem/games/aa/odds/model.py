"""A battle as a Markov chain over (attacker state, defender state), built from a :class:`BattleSpec`.

Each round is a sequence of *stages*; in each the two sides fire at once and each side's new
state depends only on its own state and the other side's hits, so a stage's transition is
``TA[d][a, a'] * TD[a][d, d']`` (AA41-CMB-06/07: casualties fire back in the same step):

* ``submerge``: submarines ordered to submerge leave when no enemy destroyer is in the battle;
* ``strike``: surprise strikes of submarines without an opposing destroyer (AA41-CMB-13);
* ``fire``: everything else (AA41-CMB-05), attacking infantry raised by artillery.

Before round 1 (the *opening*): kamikaze (G40-KAMI-05), AA fire (AAE-AA-03 one die per
aircraft; G40-AA-02 up to 3 per gun, the attacker choosing casualties; paratroopers fired on as
aircraft, G40-AA-07), and round 1's fire adds the bombarding ships' dice (AAE-BOMB-04/05; the ships
take no hits). What research changes (attack values, dice, the AA gun) is asked of the referee's
combat hooks (:mod:`~pbem.games.aa.odds.referee`).
"""

from __future__ import annotations

import numpy as np

from pbem.games.aa.odds.fire import Firing, binomial
from pbem.games.aa.odds.referee import Rules
from pbem.games.aa.odds.side import Kind, Side
from pbem.games.aa.odds.spec import BattleSpec, Options
from pbem.games.aa.odds.units import table


class Battle:
    def __init__(self, spec: BattleSpec, options: Options) -> None:
        self.spec, self.options = spec, options
        units = table(spec.edition)
        self.units = units
        self.sea = spec.kind == "sea"
        self.rules = Rules(spec.edition, spec.advances("attacker"), spec.advances("defender"))
        guns = {u: n for u, n in spec.defender.items() if units[u].aa_gun} if not self.sea else {}
        self.aa_guns = sum(guns.values())
        self.gun = min(guns) if guns else ""
        self.airborne = {u: n for u, n in spec.paratroopers.items() if self.rules.airborne(u)}
        self.partial = bool(spec.seaborne_units or self.airborne)  # units may stay when others retreat
        fighting = {u: n for u, n in spec.defender.items() if units[u].casualty}
        self.att = Side(units, spec.attacker, spec.attacker_damaged, options.attacker.prefs(), options.keep_land,
                        can_leave=self.partial, airborne=self.airborne)
        self.dfn = Side(units, fighting, spec.defender_damaged, options.defender.prefs())
        bombard = [(units[u].bombard, n) for u, n in spec.bombard.items()]
        self.fa = Firing(self.att, "attacker", self.sea, spec.low_luck, bombard, self.rules)
        self.fd = Firing(self.dfn, "defender", self.sea, spec.low_luck, [], self.rules)
        self.fa.facing(self.dfn)
        self.fd.facing(self.att)
        #: the attacker's kinds AA guns fire at (aircraft, and paratroopers, G40-AA-07): kind index -> type
        self.aa_targets = {i: k.type for i, k in enumerate(self.att.kinds)
                           if not k.submerged and self.rules.fired_on_as_aircraft(k.type, k.airborne)}
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
        """Hits of ``n`` AA dice at the gun's hit value (the referee's ``aa_hit``: 1, Radar 1-2,
        AAE-TECH-10, G40-TECH-17)."""
        value = self.rules.aa_hit(self.gun)
        if self.spec.low_luck:  # the referee's low luck: strength // 6 sure, one die for the rest
            strength = value * n
            pmf = np.zeros(strength // 6 + 2)
            pmf[strength // 6], pmf[strength // 6 + 1] = 1 - (strength % 6) / 6, (strength % 6) / 6
            return pmf
        return binomial(n, value / 6)

    def aa_dice(self, idx: int) -> int:
        """AA dice fired at the attacker in state ``idx``: G40-AA-02 min(shots x guns, targets);
        else one die per target (AAE-AA-03)."""
        if not self.aa_guns:
            return 0
        here = sum(n for i, n in enumerate(self.att.states[idx]) if i in self.aa_targets)
        shots = self.rules.aa_shots(self.gun)
        return here if shots is None else min(shots * self.aa_guns, here)

    def _aa(self, dist: dict[int, float]) -> dict[int, float]:
        targets = self.aa_targets
        if self.rules.aa_shots(self.gun) is not None:  # G40-AA-02: the attacker chooses among all targets
            out: dict[int, float] = {}
            for a, p in dist.items():
                part = self._spread({a: p}, self._aa_pmf(self.aa_dice(a)),
                                    lambda b, k: self.att.hit_among(b, set(targets), k))
                for b, q in part.items():
                    out[b] = out.get(b, 0.0) + q
            return out
        for utype in sorted(set(targets.values())):  # AAE-AA-03/05: one die per aircraft, aimed at it
            kinds = {i for i, t in targets.items() if t == utype}
            n = sum(self.att.states[self.att.initial][i] for i in kinds)
            dist = self._spread(dist, self._aa_pmf(n), lambda a, k, ks=kinds: self.att.hit_among(a, ks, k))
        return dist

    def fixed(self, idx: int) -> bool:
        """Whether the attacker in state ``idx`` can no longer retreat: only seaborne units are
        left, or they stayed behind after the others retreated (AAE-AMPH-08, AA41-AMP-11), or only
        paratroopers (and seaborne units) with no land unit that came overland (G40-TECH-10)."""
        if not self.partial:
            return False
        side = self.att
        if any(n and k.submerged for k, n in zip(side.kinds, side.states[idx], strict=True)):
            return True
        _state, stays, leaves = self._split(idx)
        if stays and not leaves:
            return True
        return bool(self.spec.seaborne_units) and not (stays and leaves) and any(
            n and self.spec.seaborne_units.get(k.type, 0) for k, n in zip(side.kinds, side.states[idx], strict=True))

    def stay_behind(self, idx: int) -> int | None:
        """The attacker's state after a retreat in an amphibious assault or with paratroopers: land
        units that came from the sea stay and fight on, and so do paratroopers when no land unit
        that came overland leaves with them; everything else leaves (AAE-AMPH-08, AA41-AMP-11,
        G40-TECH-10). A type's seaborne units are taken as lost first (those that can leave are
        kept). None: nobody stays, or nobody leaves (then no retreat is possible)."""
        if not self.partial:
            return None
        state, stays, leaves = self._split(idx)
        if not stays or not leaves:
            return None
        return self.att.add(tuple(state))

    def _split(self, idx: int) -> tuple[list[int], int, int]:
        """``(state after the units that can leave have left, units staying, units leaving)``."""
        side = self.att
        state = list(side.states[idx])
        stays = leaves = overland = 0
        dropped = []
        for i, kind in enumerate(side.kinds):
            if kind.submerged or not state[i]:
                continue
            if kind.airborne:
                dropped.append(i)
                continue
            came = self.spec.attacker.get(kind.type, 0) - self.spec.seaborne_units.get(kind.type, 0) - \
                self.airborne.get(kind.type, 0)
            go = min(state[i], came)
            stays += state[i] - go
            leaves += go
            overland += go if side.types[kind.type].domain == "land" else 0
            self._leave(state, i, go)
        for i in dropped:  # G40-TECH-10: with the land units that came overland, or not at all
            if overland:
                leaves += state[i]
                self._leave(state, i, state[i])
            else:
                stays += state[i]
        return state, stays, leaves

    def _leave(self, state: list[int], i: int, n: int) -> None:
        if n:
            state[i] -= n
            state[self.att.kind_index[Kind(self.att.kinds[i].type, 0, True)]] += n

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
