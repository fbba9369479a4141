"""Monte Carlo odds: many battles at once, vectorised with numpy.

Used when the exact state space is too large (``odds`` picks it and labels the result), and by
the tests as an independent check of the exact solver: the dice are rolled unit group by unit
group (binomial draws, or low luck's sure hits and one die), round by round and stage by stage;
only the casualty rule (:class:`~pbem.games.aa.odds.side.Side`, the shared rule) and who fires
(:class:`~pbem.games.aa.odds.fire.Firing`) are the exact method's.
"""

from __future__ import annotations

import numpy as np

from pbem.games.aa.odds import casualties as cas
from pbem.games.aa.odds.fire import Firing, hit_chance, strength
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.outcome import ATTACKER, FIGHT, RETREAT, codes, profiles
from pbem.games.aa.odds.result import OddsResult, build
from pbem.games.aa.odds.side import Side
from pbem.games.aa.odds.spec import BattleSpec, Options

MAX_ROUNDS = 1000


def _unique(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct values and, for each entry, the index of its value (a counting sort when small)."""
    top = int(values.max()) + 1 if len(values) else 1
    if top > 50_000_000:
        uniq, inverse = np.unique(values, return_inverse=True)
        return uniq, inverse.ravel()
    seen = np.bincount(values, minlength=top)
    uniq = np.flatnonzero(seen)
    where = np.zeros(top, dtype=np.int64)
    where[uniq] = np.arange(len(uniq))
    return uniq, where[values]


def _groups_of(values: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """``(value, rows)`` for each distinct value of an int array."""
    uniq, inverse = _unique(values)
    if len(uniq) <= 24:
        return [(int(u), np.flatnonzero(inverse == i)) for i, u in enumerate(uniq.tolist())]
    order = np.argsort(inverse, kind="stable")
    bounds = np.concatenate([[0], np.cumsum(np.bincount(inverse, minlength=len(uniq)))])
    return [(int(u), order[bounds[i]:bounds[i + 1]]) for i, u in enumerate(uniq.tolist())]


def _flag_codes(side: Side, states: np.ndarray) -> np.ndarray:
    uniq, inverse = _unique(states)
    table = np.array([sum(b << i for i, b in enumerate(side.flags(s))) for s in uniq.tolist()], dtype=np.int64)
    codes_: np.ndarray = table[inverse]
    return codes_


def _hits(rng: np.random.Generator, firing: Firing, states: np.ndarray, stage: str, opp: np.ndarray,
          low_luck: bool) -> np.ndarray:
    """Sampled hit vectors ``(n, 3)`` (S, A, N) of shooters in ``states``; ``opp``: target flag codes."""
    out = np.zeros((len(states), 3), dtype=np.int64)
    for combo, idx in _groups_of(states * 8 + opp):
        flags = combo & 7
        groups = firing.groups(combo >> 3, (stage, bool(flags & 1), bool(flags & 2), bool(flags & 4)))
        for col, cat in enumerate("SAN"):
            if low_luck:
                total = sum(strength(r.value, r.best) * r.dice for r in groups[cat])
                extra = rng.random(len(idx)) < (total % 6) / 6
                out[idx, col] = total // 6 + extra
                continue
            for r in groups[cat]:
                out[idx, col] += rng.binomial(r.dice, hit_chance(r.value, r.best), size=len(idx))
    return out


def _apply(side: Side, states: np.ndarray, hits: np.ndarray) -> np.ndarray:
    d1, d2 = int(hits[:, 1].max()) + 1, int(hits[:, 2].max()) + 1
    d0 = int(hits[:, 0].max()) + 1
    packed = ((states * d0 + hits[:, 0]) * d1 + hits[:, 1]) * d2 + hits[:, 2]
    uniq, inverse = _unique(packed)
    new = np.empty(len(uniq), dtype=np.int64)
    for i, key in enumerate(uniq.tolist()):
        rest, hn = divmod(key, d2)
        rest, ha = divmod(rest, d1)
        s, hs = divmod(rest, d0)
        new[i] = side.apply(s, cas.limits({"S": hs, "A": ha, "N": hn}, side.caps(s)))
    out: np.ndarray = new[inverse]
    return out


def _dive(battle: Battle, side: Side, states: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """Submarines ordered to submerge do so when no enemy destroyer fights (flag bit 0)."""
    if not battle._submerges(side):
        return states
    out = states.copy()
    for state, idx in _groups_of(states * 2 + (opp & 1)):
        if not state & 1:
            out[idx] = side.submerge(state >> 1)
    return out


def _status(battle: Battle, a: np.ndarray, d: np.ndarray, retreats: bool) -> tuple[np.ndarray, np.ndarray]:
    """Status codes, and which attacker states can no longer retreat (amphibious assaults)."""
    ua, ia = _unique(a)
    ud, id_ = _unique(d)
    pa, pd = profiles(battle, ua.tolist(), ud.tolist())
    out = codes(battle, {k: v[ia] for k, v in pa.items()}, {k: v[id_] for k, v in pd.items()}, retreats)
    return out, pa["fixed"][ia] if "fixed" in pa else np.zeros(len(a), dtype=bool)


def _stay_behind(battle: Battle, a: np.ndarray, now: np.ndarray) -> None:
    """Retreats in an amphibious assault leave the seaborne units fighting on (AAE-AMPH-08), and
    paratroopers without land units that came overland (G40-TECH-10)."""
    going = np.flatnonzero(now == RETREAT)
    for state, idx in _groups_of(a[going]) if len(going) else []:
        target = battle.stay_behind(state)
        if target is not None:
            a[going[idx]] = target
            now[going[idx]] = FIGHT


def simulate(spec: BattleSpec, options: Options, runs: int | None = None) -> OddsResult:
    if options.retreat_below_win is not None:
        raise ValueError("Retreating below a chance of winning needs the exact method.")
    battle = Battle(spec, options)
    runs = runs or options.runs
    rng = np.random.default_rng(options.seed)
    starts = list(battle.opening)
    a = rng.choice(np.array(starts), size=runs, p=np.array([battle.opening[s] for s in starts]))
    d = np.full(runs, battle.dfn.initial)
    code = np.full(runs, FIGHT, dtype=np.int8)
    rounds = np.zeros(runs)
    live = np.arange(runs)
    after = options.retreat_after_round
    for rnd in range(1, MAX_ROUNDS + 1):
        now, left = _status(battle, a[live], d[live], retreats=rnd > 1)
        if after is not None and rnd > after:
            now[(now == FIGHT) & ~left] = RETREAT
        if battle.partial:
            here = a[live]
            _stay_behind(battle, here, now)
            a[live] = here
        code[live] = now
        live = live[now == FIGHT]
        if not len(live):
            break
        rounds[live] += 1
        for stage in battle.stages():
            la, ld = a[live], d[live]
            fa, fd = _flag_codes(battle.att, la), _flag_codes(battle.dfn, ld)
            if stage == "submerge":
                a[live] = _dive(battle, battle.att, la, fd)
                d[live] = _dive(battle, battle.dfn, ld, fa)
                continue
            name = "opening" if stage == "fire" and rnd == 1 else stage
            ha = _hits(rng, battle.fa, la, name, fd, spec.low_luck)
            hd = _hits(rng, battle.fd, ld, "fire" if name == "opening" else name, fa, spec.low_luck)
            d[live] = _apply(battle.dfn, ld, ha)
            a[live] = _apply(battle.att, la, hd)
    packed = (a * 2**24 + d) * 8 + code
    uniq, counts = np.unique(packed, return_counts=True)  # once per simulation
    outcomes = [(k >> 27, (k >> 3) & (2**24 - 1), k & 7, n / runs) for k, n in zip(uniq.tolist(), counts.tolist(),
                                                                                  strict=True)]
    result = build(battle, outcomes, float(rounds.mean()), "montecarlo")
    p = result.attacker_wins
    err = float(np.sqrt(max(p * (1 - p), 1e-12) / runs))
    result.runs, result.std_error = runs, err
    result.interval = (max(0.0, p - 1.96 * err), min(1.0, p + 1.96 * err))
    result.pruned = 0.0
    return result


__all__ = ["ATTACKER", "simulate"]
