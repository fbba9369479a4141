"""The calculator's answer (:class:`OddsResult`) and the luck of an actual outcome (:func:`percentile_of_outcome`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.outcome import ATTACKER, BOTH, DEFENDER, NAMES, RETREAT, STALEMATE

CARRIER_AIR = ("fighter", "tactical_bomber")
TOP = 40  # survivor lines kept per side


@dataclass
class Survivors:
    units: dict[str, int]
    damaged: dict[str, int]
    probability: float
    cargo: dict[str, int] = field(default_factory=dict)  # land units aboard the surviving transports


@dataclass
class OddsResult:
    method: str  # "exact" | "montecarlo"
    attacker_wins: float
    defender_wins: float  # includes retreats and stalemates: the defender holds
    both_destroyed: float
    retreat: float
    stalemate: float
    takes_territory: float
    attacker_ipc_loss: float
    defender_ipc_loss: float
    average_rounds: float
    pruned: float  # probability mass not accounted for (exact: rounding only)
    attacker_survivors: list[Survivors] = field(default_factory=list)
    defender_survivors: list[Survivors] = field(default_factory=list)
    attacker_survivors_if_win: list[Survivors] = field(default_factory=list)  # given the attacker wins
    outcomes: list[dict[str, Any]] = field(default_factory=list)  # (attacker, defender, outcome, p), for luck
    runs: int = 0
    std_error: float = 0.0  # Monte Carlo: standard error of attacker_wins
    interval: tuple[float, float] = (0.0, 1.0)  # Monte Carlo: 95% confidence interval of attacker_wins
    unit_costs: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["interval"] = list(self.interval)
        if self.method == "exact":
            for key in ("runs", "std_error", "interval"):
                out.pop(key)
        return out


def _lost_at_sea(battle: Battle, units: dict[str, int], damaged: dict[str, int]) -> dict[str, int]:
    """Defending carrier air with nowhere to land is lost (AA41-AIR-14, AAE-CMB-30, G40-NCM-04)."""
    if not battle.sea or battle.spec.defender_air_can_land:
        return units
    carriers = units.get("carrier", 0)
    if battle.spec.edition == "global1940":
        carriers -= damaged.get("carrier", 0)  # G40-CMB-20: a damaged carrier lands no aircraft
    room = 2 * carriers
    out = dict(units)
    for uid in CARRIER_AIR:
        keep = min(out.get(uid, 0), room)
        room -= keep
        if uid in out:
            out[uid] = keep
    return {k: v for k, v in out.items() if v}


def _cost(battle: Battle, units: dict[str, int]) -> int:
    return sum(battle.units[u].type.cost * n for u, n in units.items())


def aboard(loads: tuple[dict[str, int], ...], transports: int, kept: int) -> dict[str, int]:
    """Cargo still aboard when ``kept`` of ``transports`` survive: transports are lost emptiest
    first (the referee's tie-break among transports, AA41-CMB-09c) and their cargo with them
    (AAE-CMB-14, AA41-CMB-27)."""
    full = sorted(loads, key=lambda load: sum(load.values()))
    lost = max(0, transports - kept) - (transports - len(full))
    out: dict[str, int] = {}
    for load in full[max(0, lost):]:
        for uid, n in load.items():
            out[uid] = out.get(uid, 0) + n
    return out


class _Memo:
    """Units, damage and value of a side's states, each worked out once."""

    def __init__(self, battle: Battle, attacker: bool) -> None:
        self.battle, self.attacker = battle, attacker
        self.side = battle.att if attacker else battle.dfn
        spec = battle.spec
        self.loads = spec.attacker_cargo if attacker else spec.defender_cargo
        self.transports = sum(n for u, n in (spec.attacker if attacker else spec.defender).items()
                              if battle.units[u].type.transport)
        self._got: dict[int, tuple[dict[str, int], dict[str, int], dict[str, int], int, tuple[Any, ...]]] = {}
        self._kinds = [(k.type, k.hits > 0) for k in self.side.kinds]
        self._cost = {u: v.type.cost for u, v in battle.units.items()}

    def get(self, idx: int, wiped: bool = False
            ) -> tuple[dict[str, int], dict[str, int], dict[str, int], int, tuple[Any, ...]]:
        """``(units, damaged, cargo aboard, IPC value with the cargo, survivor key)``; ``wiped``:
        nothing left."""
        key = -1 if wiped else idx
        got = self._got.get(key)
        if got is None:
            units: dict[str, int] = {}
            hurt: dict[str, int] = {}
            if not wiped:
                for (uid, damaged), n in zip(self._kinds, self.side.states[idx], strict=True):
                    if n:
                        units[uid] = units.get(uid, 0) + n
                        if damaged:
                            hurt[uid] = hurt.get(uid, 0) + n
            if not self.attacker:
                units = _lost_at_sea(self.battle, units, hurt)
            kept = sum(n for u, n in units.items() if self.battle.units[u].type.transport)
            cargo = aboard(self.loads, self.transports, kept) if self.loads else {}
            line = (tuple(sorted(units.items())), tuple(sorted(hurt.items())), tuple(sorted(cargo.items())))
            value = sum(self._cost[u] * n for u, n in units.items()) + sum(self._cost[u] * n for u, n in cargo.items())
            got = self._got[key] = (units, hurt, cargo, value, line)
        return got


def build(battle: Battle, outcomes: list[tuple[int, int, int, float]], rounds: float, method: str) -> OddsResult:
    """Aggregate ``(attacker side index, defender side index, code, probability)`` outcomes."""
    spec = battle.spec
    memo_a, memo_d = _Memo(battle, True), _Memo(battle, False)
    start_a = _cost(battle, spec.attacker) + sum(_cost(battle, load) for load in spec.attacker_cargo)
    start_d = _cost(battle, {u: n for u, n in spec.defender.items() if battle.units[u].casualty}) + \
        sum(_cost(battle, load) for load in spec.defender_cargo)
    by_code = dict.fromkeys((ATTACKER, DEFENDER, BOTH, RETREAT, STALEMATE), 0.0)
    take = loss_a = loss_d = 0.0
    surv_a: dict[tuple[Any, ...], float] = {}
    surv_d: dict[tuple[Any, ...], float] = {}
    surv_win: dict[tuple[Any, ...], float] = {}
    lines = []
    for a, d, code, p in outcomes:
        by_code[code] += p
        ua, _da, _ca, va, key_a = memo_a.get(a)
        ud, _dd, _cd, vd, key_d = memo_d.get(d, wiped=code == ATTACKER)  # defenceless transports go too (AA41-CMB-20)
        if code == ATTACKER and not battle.sea and any(battle.units[k.type].captures for k, _n in battle.att.active(a)):
            take += p
        loss_a += p * (start_a - va)
        loss_d += p * (start_d - vd)
        surv_a[key_a] = surv_a.get(key_a, 0.0) + p
        surv_d[key_d] = surv_d.get(key_d, 0.0) + p
        if code == ATTACKER:
            surv_win[key_a] = surv_win.get(key_a, 0.0) + p
        lines.append({"attacker": ua, "defender": ud, "outcome": NAMES[code], "probability": p, "score": va - vd})
    total = sum(by_code.values())

    def top(store: dict[tuple[Any, ...], float], scale: float = 1.0) -> list[Survivors]:
        ranked = sorted(store.items(), key=lambda kv: -kv[1])[:TOP]
        return [Survivors(dict(k[0]), dict(k[1]), v / scale, dict(k[2])) for k, v in ranked]

    return OddsResult(method=method, attacker_wins=by_code[ATTACKER],
                      defender_wins=by_code[DEFENDER] + by_code[RETREAT] + by_code[STALEMATE],
                      both_destroyed=by_code[BOTH], retreat=by_code[RETREAT], stalemate=by_code[STALEMATE],
                      takes_territory=take, attacker_ipc_loss=loss_a, defender_ipc_loss=loss_d,
                      average_rounds=rounds, pruned=max(0.0, 1.0 - total), attacker_survivors=top(surv_a),
                      defender_survivors=top(surv_d),
                      attacker_survivors_if_win=top(surv_win, by_code[ATTACKER] or 1.0), outcomes=lines,
                      unit_costs={u: v.type.cost for u, v in battle.units.items()})


def percentile_of_outcome(result: OddsResult, outcome: dict[str, dict[str, int]]) -> float:
    """How lucky the attacker was in ``outcome`` (``{"attacker": {type: n}, "defender": {type: n}}``,
    the survivors): the probability of outcomes worse for the attacker, plus half of those as good
    (0.5 is average luck). Outcomes are ranked by the IPC value the attacker kept minus the value
    the defender kept."""
    seen = sum(result.unit_costs.get(u, 0) * n for u, n in outcome.get("attacker", {}).items()) - \
        sum(result.unit_costs.get(u, 0) * n for u, n in outcome.get("defender", {}).items())
    scores = np.array([o["score"] for o in result.outcomes], dtype=float)
    probs = np.array([o["probability"] for o in result.outcomes], dtype=float)
    total = float(probs.sum()) or 1.0
    return float(probs[scores < seen].sum() + probs[scores == seen].sum() / 2) / total
