"""How a battle stands at the start of a round: over (and who won), or fighting on (AA41-CMB-18..22).

:func:`status` gives a code per (attacker, defender) state position:
``FIGHT``, ``ATTACKER`` (defender destroyed, or only defenseless transports left, AA41-CMB-20),
``DEFENDER``, ``BOTH`` (both destroyed), ``STALEMATE`` (no unit can hit an enemy, AA41-CMB-21),
``RETREAT`` (the attacker's retreat options, at step 6 of a round: AA41-CMB-22).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pbem.games.aa.data import UnitType
from pbem.games.aa.odds import casualties as cas
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.side import Side

FIGHT, ATTACKER, DEFENDER, BOTH, STALEMATE, RETREAT = range(6)
NAMES = {ATTACKER: "attacker", DEFENDER: "defender", BOTH: "both_destroyed", STALEMATE: "stalemate",
         RETREAT: "retreat"}


def counts_profile(side: Side, counts: np.ndarray, role: str) -> dict[str, np.ndarray]:
    """What decides a battle's status, for states given as units per kind (rows of ``counts``)."""
    kinds = [(side.types[k.type], k.submerged) for k in side.kinds]
    act = counts * np.array([not dived for _t, dived in kinds], dtype=bool)[None, :]

    def having(pred: Callable[[UnitType], bool]) -> np.ndarray:
        cols = np.array([pred(t) for t, _dived in kinds], dtype=bool)
        out: np.ndarray = act[:, cols].sum(axis=1) > 0
        return out

    def shoots(t: UnitType) -> bool:
        return (t.attack if role == "attacker" else t.defense) > 0 and not t.transport

    total = act.sum(axis=1)
    out = {"alive": total > 0, "sub_sh": having(lambda t: shoots(t) and t.submarine),
           "air_sh": having(lambda t: shoots(t) and t.domain == "air"),
           "oth_sh": having(lambda t: shoots(t) and not t.submarine and t.domain != "air"),
           "dest": having(lambda t: t.destroyer)}
    for cls in ("air", "sub", "other", "trn"):
        out[cls] = having(lambda t, c=cls: side.table[t.id].casualty and cas.target_class(t) == c)  # type: ignore[misc]
    out["only_trn"] = (total > 0) & ~having(lambda t: not t.transport)
    out["only_air"] = (total > 0) & ~having(lambda t: t.domain != "air")
    out["count"] = total
    return out


def _profile(side: Side, order: list[int], role: str) -> dict[str, np.ndarray]:
    counts = np.array([side.states[i] for i in order], dtype=np.int64).reshape(len(order), len(side.kinds))
    return counts_profile(side, counts, role)


def _can_hit(s: dict[str, np.ndarray], t: dict[str, np.ndarray]) -> np.ndarray:
    """Could some shooter of the first side hit some unit of the second (AA41-CMB-09)?"""
    anything = t["air"] | t["sub"] | t["other"] | t["trn"]
    by_sub = s["sub_sh"] & (t["sub"] | t["other"] | t["trn"])
    by_air = s["air_sh"] & (t["air"] | t["other"] | t["trn"] | (t["sub"] & s["dest"]))
    out: np.ndarray = by_sub | by_air | (s["oth_sh"] & anything)
    return out


def profiles(battle: Battle, att: list[int], dfn: list[int]) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Profiles of attacker and defender states (side indices)."""
    pa = _profile(battle.att, att, "attacker")
    if battle.partial:
        pa["fixed"] = np.array([battle.fixed(i) for i in att], dtype=bool)
    return pa, _profile(battle.dfn, dfn, "defender")


def codes(battle: Battle, pa: dict[str, np.ndarray], pd: dict[str, np.ndarray], retreats: bool) -> np.ndarray:
    """Status codes for profiles that broadcast together (pairs, or a column against a row)."""
    ad = _can_hit(pa, pd)
    da = _can_hit(pd, pa)
    a_alive, d_alive = pa["alive"], pd["alive"]
    shape = np.broadcast(a_alive, d_alive).shape
    out = np.full(shape, FIGHT, dtype=np.int8)
    out[~ad & ~da] = STALEMATE
    if battle.sea:
        out[ad & pd["only_trn"]] = ATTACKER
    if retreats:
        opts = battle.options
        retreat = np.zeros(shape, dtype=bool)
        if opts.retreat_below_units is not None:
            retreat |= pa["count"] < opts.retreat_below_units
        if opts.retreat_only_air and not battle.sea:
            retreat |= pa["only_air"]
        if "fixed" in pa:  # seaborne units of an amphibious assault never retreat (AAE-AMPH-08)
            retreat &= ~pa["fixed"]
        out[retreat & (out == FIGHT)] = RETREAT
    out[~d_alive & a_alive] = ATTACKER
    out[~a_alive & d_alive] = DEFENDER
    out[~a_alive & ~d_alive] = BOTH
    return out

