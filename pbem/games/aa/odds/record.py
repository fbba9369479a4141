"""Odds in the record (issue 17, item 3): the pre-battle odds of a battle the referee opened, and
how lucky its outcome was (``AARuleset.battle_odds`` / ``battle_luck``; docs/odds.md).

Both read only the *public* view (what every seat and a spectator see: unit types, owners,
damage, research advances, units dropped by air), never standing orders: the odds use the
calculator's default order of loss (cheapest first, AA41-CMB-33's default) and no retreat.
Deterministic: the exact method, or Monte Carlo with a fixed seed when the battle is too large
for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.games.aa.odds.api import odds
from pbem.games.aa.odds.referee import advances_of
from pbem.games.aa.odds.spec import BattleSpec, Options, check_spec
from pbem.games.aa.odds.units import EDITIONS, table

OPENED, ENDED = "aa.battle_opened", "aa.battle_ended"
RUNS = 20_000  # Monte Carlo battles when the exact method does not fit (about half a second at most)
SUMMARY = ("method", "attacker_wins", "defender_wins", "both_destroyed", "takes_territory", "attacker_ipc_loss",
           "defender_ipc_loss", "average_rounds", "pruned")


def _units(view: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    return {u["id"]: u for us in (view.get("units") or {}).values() for u in us}


def battle_odds(edition: str, sides: Mapping[str, Sequence[str]], view: Mapping[str, Any],
                event: Mapping[str, Any]) -> dict[str, Any] | None:
    """The record of the battle ``event`` (``aa.battle_opened``) opens; ``view``: the public view
    just after it. ``None`` for another event, or a battle the calculator cannot take."""
    if event.get("type") != OPENED or edition not in EDITIONS:
        return None
    p = event["payload"]
    place, attacker = p["place"], p["attacker"]
    units = table(edition)
    side_of = {power: side for side, powers in sides.items() for power in powers}
    everywhere = _units(view)
    landing = {i for d in p.get("landing") or [] for i in d.get("units", [])}
    att_ids = [i for i in [*p.get("attackers", []), *sorted(landing)] if i in everywhere
               and everywhere[i]["type"] in units]
    dfn_ids = [u["id"] for u in (view.get("units") or {}).get(place, [])
               if u["type"] in units and "aboard" not in u and u["owner"] != attacker
               and side_of.get(u["owner"]) != side_of.get(attacker)]
    if not att_ids or not dfn_ids:
        return None

    def count(ids: list[int], hurt: bool = False) -> dict[str, int]:
        out: dict[str, int] = {}
        for i in ids:
            if not hurt or everywhere[i].get("hits"):
                out[everywhere[i]["type"]] = out.get(everywhere[i]["type"], 0) + 1
        return out

    seaborne = count(sorted(landing & set(att_ids)))
    spec = BattleSpec(edition=edition, kind=p.get("kind", "land"), attacker=count(att_ids), defender=count(dfn_ids),
                      attacker_damaged=count(att_ids, True), defender_damaged=count(dfn_ids, True),
                      seaborne_units=seaborne, seaborne=sum(seaborne.values()) if seaborne else None,
                      low_luck=(view.get("options") or {}).get("dice") == "low_luck",
                      attacker_advances=advances_of(view, [attacker]),
                      defender_advances=advances_of(view, sorted({everywhere[i]["owner"] for i in dfn_ids})),
                      paratroopers=count([i for i in att_ids if everywhere[i].get("t_paratrooper")]))
    try:
        check_spec(spec)
        result = odds(spec, Options(runs=RUNS))
    except ValueError:
        return None
    scores: dict[float, float] = {}
    for o in result.outcomes:
        scores[o["score"]] = scores.get(o["score"], 0.0) + o["probability"]
    return {"place": place, "attacker": attacker, "defenders": sorted(p.get("defenders") or []), "kind": spec.kind,
            "edition": edition,
            **{k: getattr(result, k) for k in SUMMARY},
            "attacker_units": {str(i): everywhere[i]["type"] for i in att_ids},
            "defender_units": {str(i): everywhere[i]["type"] for i in dfn_ids},
            "costs": {u: units[u].type.cost for u in {*spec.attacker, *spec.defender}},
            "scores": sorted([s, p] for s, p in scores.items())}


def battle_luck(record: Mapping[str, Any], view: Mapping[str, Any], event: Mapping[str, Any]) -> float | None:
    """The percentile of the outcome of the battle of ``record`` when ``event`` (``aa.battle_ended``
    in its place) ends it: the chance of an outcome worse for the attacker, plus half the chance of
    one as good (0.5: average luck). Outcomes are ranked as in
    :func:`~pbem.games.aa.odds.result.percentile_of_outcome`: the IPC value the attacker kept minus
    the value the defender kept; a unit kept is one of the battle still on the board (retreated or not)."""
    if event.get("type") != ENDED or event["payload"].get("place") != record.get("place"):
        return None
    alive = _units(view)
    costs = record.get("costs") or {}

    def kept(units: Mapping[str, str]) -> float:
        return float(sum(costs.get(t, 0) for i, t in units.items() if int(i) in alive))

    seen = kept(record.get("attacker_units") or {}) - kept(record.get("defender_units") or {})
    below = same = total = 0.0
    for score, p in record.get("scores") or []:
        total += p
        if abs(score - seen) < 1e-9:
            same += p
        elif score < seen:
            below += p
    return (below + same / 2) / total if total else None
