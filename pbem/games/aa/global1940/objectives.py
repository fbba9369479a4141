"""National objectives (G40-NO-*), checked in the owner's Collect Income (G40-INC-04).

Each objective of ``objectives.json`` names its conditions; ``met`` evaluates them against the
board at that moment. One-time objectives are recorded in ``state["objectives_paid"]``
(G40-NO-SOV-03); France's liberation bonus (G40-NO-FRA-01) has its own trigger in
``liberation.py``. Off when the option ``national_objectives`` is false.
"""

from __future__ import annotations

from typing import Any

from pbem.games.aa.global1940.data import G40Data, G40Objective
from pbem.games.aa.global1940.queries import at_war, flags, treasury_capital_lost, units_in
from pbem.games.aa.state import State


def _controls(data: G40Data, state: State, obj: G40Objective, power: str, territory: str
              ) -> bool:
    owner: str | None = state["owners"].get(territory)
    if obj.control == "power":
        return owner == power
    return owner is not None and data.side_of(owner) == obj.control


def _original(data: G40Data, power: str, on_map: str) -> list[str]:
    return [t for t, s in data.spaces.items() if s.original_owner == power and (
        on_map == "any" or data.space(t).map == on_map)]


def _enemy_ships(data: G40Data, state: State, power: str, zone: str, surface: bool) -> bool:
    """AMB-27/28: only warships of powers at war with ``power`` count."""
    for unit in units_in(state, zone):
        utype = data.unit(unit["type"])
        if (utype.surface_warship if surface else utype.warship) and at_war(
                state, power, unit["owner"]):
            return True
    return False


def _other_allies_in_original(data: G40Data, state: State, power: str) -> bool:
    """G40-NO-SOV-02: a unit of another Allied power in a territory originally the power's."""
    for territory in _original(data, power, "any"):
        for unit in units_in(state, territory):
            if unit["owner"] != power and data.side_of(unit["owner"]) == data.side_of(power):
                return True
    return False


def _conditions(data: G40Data, state: State, obj: G40Objective, power: str) -> bool:
    if any(not at_war(state, power, p) for p in obj.at_war_with_all):
        return False
    if obj.at_war_with_any and not any(at_war(state, power, p) for p in obj.at_war_with_any):
        return False
    if any(at_war(state, power, p) for p in obj.not_at_war_with):
        return False
    if obj.sweden_not_allied:  # G40-NO-GER-04
        owner = state["owners"].get("Sweden")
        if state.get("neutrals", {}).get("Sweden") == "pro_allies" or (
                owner is not None and data.side_of(owner) == "allies"):
            return False
    if obj.own_land_unit_in and not any(
            u["owner"] == power and data.unit(u["type"]).domain == "land"
            for u in units_in(state, obj.own_land_unit_in)):
        return False
    if any(_enemy_ships(data, state, power, z, False) for z in obj.no_enemy_warships_in):
        return False
    if any(_enemy_ships(data, state, power, z, True) for z in obj.no_enemy_surface_warships_in):
        return False
    if obj.no_other_allied_units_in_original_territories and _other_allies_in_original(
            data, state, power):
        return False
    if obj.own_original_territories_on_map and any(
            state["owners"].get(t) != power
            for t in _original(data, power, obj.own_original_territories_on_map)):
        return False
    return not (obj.japan_never_attacked_west and flags(state).get("japan_attacked_west"))


def bonus(data: G40Data, state: State, obj: G40Objective) -> int:
    """The IPCs the objective pays now (0 when not met)."""
    power = data.treasury_by_id(obj.treasury).power
    if obj.on_liberation_of or (obj.one_time and obj.id in state.get("objectives_paid", [])):
        return 0
    if not _conditions(data, state, obj, power):
        return 0
    held = sum(1 for t in obj.territories if _controls(data, state, obj, power, t))
    if obj.each:
        return obj.bonus * held
    needed = len(obj.territories) if obj.needed is None else obj.needed
    return obj.bonus if held >= needed else 0


def evaluate(data: G40Data, state: State, treasury: str) -> list[dict[str, Any]]:
    """Every objective of the treasury: ``{"id", "met", "bonus"}`` (G40-INC-01/04)."""
    paying = state["options"].get("national_objectives", True) and not treasury_capital_lost(
        data, state, treasury)
    out = []
    for obj in data.g40_objectives:
        if obj.treasury == treasury and not obj.on_liberation_of:
            amount = bonus(data, state, obj) if paying else 0
            out.append({"id": obj.id, "met": amount > 0, "bonus": amount,
                        "one_time": obj.one_time})
    return out
