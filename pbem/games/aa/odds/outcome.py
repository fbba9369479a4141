"""How a battle stands at the start of a round: over (and who won), or fighting on (AA41-CMB-18..22).

:func:`status` gives a code per (attacker, defender) state position:
``FIGHT``, ``ATTACKER`` (defender destroyed, or only defenseless transports left, AA41-CMB-20),
``DEFENDER``, ``BOTH`` (both destroyed), ``STALEMATE`` (no unit can hit an enemy, AA41-CMB-21),
``RETREAT`` (the attacker's retreat options, at step 6 of a round: AA41-CMB-22).
"""

from __future__ import annotations

import numpy as np

from pbem.games.aa.odds import casualties as cas
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.side import Side

FIGHT, ATTACKER, DEFENDER, BOTH, STALEMATE, RETREAT = range(6)
NAMES = {ATTACKER: "attacker", DEFENDER: "defender", BOTH: "both_destroyed", STALEMATE: "stalemate",
         RETREAT: "retreat"}


def _profile(side: Side, order: list[int], role: str) -> dict[str, np.ndarray]:
    cols: dict[str, list[bool]] = {k: [] for k in ("alive", "sub_sh", "air_sh", "oth_sh", "dest", "air", "sub",
                                                   "other", "trn", "only_trn", "only_air")}
    counts: list[int] = []
    for idx in order:
        act = [(side.types[k.type], n) for k, n in side.active(idx)]
        val = [(t, (t.attack if role == "attacker" else t.defense) > 0 and not t.transport) for t, _n in act]
        classes = {cas.target_class(t) for t, _n in act if side.table[t.id].casualty}
        cols["alive"].append(bool(act))
        cols["sub_sh"].append(any(v and t.submarine for t, v in val))
        cols["air_sh"].append(any(v and t.domain == "air" for t, v in val))
        cols["oth_sh"].append(any(v and not t.submarine and t.domain != "air" for t, v in val))
        cols["dest"].append(any(t.destroyer for t, _n in act))
        for cls in ("air", "sub", "other", "trn"):
            cols[cls].append(cls in classes)
        cols["only_trn"].append(bool(act) and all(t.transport for t, _n in act))
        cols["only_air"].append(bool(act) and all(t.domain == "air" for t, _n in act))
        counts.append(sum(n for _t, n in act))
    out = {k: np.array(v, dtype=bool) for k, v in cols.items()}
    out["count"] = np.array(counts)
    return out


def _can_hit(s: dict[str, np.ndarray], t: dict[str, np.ndarray]) -> np.ndarray:
    """Could some shooter of the first side hit some unit of the second (AA41-CMB-09)?"""
    anything = t["air"] | t["sub"] | t["other"] | t["trn"]
    by_sub = s["sub_sh"] & (t["sub"] | t["other"] | t["trn"])
    by_air = s["air_sh"] & (t["air"] | t["other"] | t["trn"] | (t["sub"] & s["dest"]))
    out: np.ndarray = by_sub | by_air | (s["oth_sh"] & anything)
    return out


def profiles(battle: Battle, att: list[int], dfn: list[int]) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Profiles of attacker and defender states (side indices)."""
    return _profile(battle.att, att, "attacker"), _profile(battle.dfn, dfn, "defender")


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
        out[retreat & (out == FIGHT)] = RETREAT
    out[~d_alive & a_alive] = ATTACKER
    out[~a_alive & d_alive] = DEFENDER
    out[~a_alive & ~d_alive] = BOTH
    return out

