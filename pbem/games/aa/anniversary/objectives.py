"""National objectives (AAE-NO), evaluated at the power's Collect Income (AAE-INC-03).

Each objective is checked against the board at that moment and pays once (AAE-NO-02);
"the Axis/Allies control" counts any power of the side, China for the Allies (AAE-NO-03);
nothing pays while the capital is lost (AAE-NO-04) or when the optional rule is off
(AAE-NO-01).
"""

from __future__ import annotations

from typing import Any

from pbem.games.aa.anniversary.data import AnniversaryData, Objective
from pbem.games.aa.anniversary.queries import capital_lost
from pbem.games.aa.state import State


def _enemy_surface_warships(data: AnniversaryData, state: State, power: str, zone: str) -> bool:
    """AAE-NO-05: battleships, carriers, cruisers and destroyers of the other side."""
    return any(data.unit(u["type"]).has("surface_warship") and data.side_of(u["owner"])
               != data.side_of(power) for u in state["units"].get(zone, []))


def _other_allies_in_own_territories(data: AnniversaryData, state: State, power: str) -> bool:
    """AAE-NO-62: a unit of another Allied power in a territory the power controls."""
    side = data.side_of(power)
    for territory, owner in state["owners"].items():
        if owner != power:
            continue
        if any(u["owner"] != power and data.side_of(u["owner"]) == side
               for u in state["units"].get(territory, [])):
            return True
    return False


def met(data: AnniversaryData, state: State, objective: Objective) -> bool:
    power = objective.power
    owners = state["owners"]
    if objective.controlled_by == "power":
        held = sum(1 for t in objective.territories if owners.get(t) == power)
    else:
        held = sum(1 for t in objective.territories if owners.get(t) is not None
                   and data.side_of(owners[t]) == data.side_of(power))
    if held < objective.needed:
        return False
    if any(_enemy_surface_warships(data, state, power, z)
           for z in objective.no_enemy_surface_warships_in):
        return False
    return not (objective.no_other_allied_units_in_own_territories
                and _other_allies_in_own_territories(data, state, power))


def evaluate(data: AnniversaryData, state: State, power: str) -> list[dict[str, Any]]:
    """Every objective of ``power``: ``{"id", "met", "bonus"}`` (bonus 0 when not met)."""
    paying = state["options"].get("national_objectives", True) and not capital_lost(
        data, state, power)
    out = []
    for objective in data.objectives:
        if objective.power == power:
            ok = paying and met(data, state, objective)
            out.append({"id": objective.id, "met": ok, "bonus": objective.bonus if ok else 0})
    return out
