"""Installations: air and naval bases, their bonuses, damage caps, repair and capture
(G40-BASE-01…06, G40-CM-18/19, G40-REP-01…06, G40-SBR-10, G40-CMB-23, G40-MOB-03).

State: ``installations = {territory: {kind: damage}}`` (kinds ``major_complex``,
``minor_complex``, ``air_base``, ``naval_base``; they belong to the territory's controller);
``installations_idle = [[territory, power]]``: captured there, unusable by ``power`` until
its next turn starts (G40-CMB-23, G40-BASE-06).
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import friendly, treasury_capital_lost, treasury_for
from pbem.games.aa.state import State


def damage(state: State, territory: str, kind: str) -> int:
    return int(state.get("installations", {}).get(territory, {}).get(kind, 0))


def has(state: State, territory: str, kind: str) -> bool:
    return kind in state.get("installations", {}).get(territory, {})


def operational(data: G40Data, state: State, territory: str, kind: str, power: str) -> bool:
    """G40-BASE-01/05/06: present, at most 2 damage, friendly to ``power`` and not captured
    this turn by it."""
    if not has(state, territory, kind):
        return False
    if damage(state, territory, kind) > data.unit(kind).max_operational_damage:
        return False
    owner = state["owners"].get(territory)
    if [territory, owner] in state.get("installations_idle", []):
        return False
    return friendly(data, state, power, owner, data.space(territory).map)


def air_move(data: G40Data, state: State, power: str, utype: str, start: str) -> int:
    """G40-CM-18, G40-TECH-18: +1 from an operational friendly air base (not from a carrier
    next to one), +1 with Long-Range Aircraft."""
    unit = data.unit(utype)
    move = unit.move + (1 if "long_range_aircraft" in advances(state, power) else 0)
    if data.spaces[start].is_land and operational(data, state, start, "air_base", power):
        move += data.unit("air_base").move_bonus
    return move


def naval_base_serving(data: G40Data, state: State, power: str, zone: str) -> str | None:
    """G40-BASE-04: a territory next to ``zone`` with an operational friendly naval base."""
    for territory in data.adjacency[zone]:
        if data.spaces[territory].is_land and operational(data, state, territory, "naval_base",
                                                          power):
            return territory
    return None


def sea_move(data: G40Data, state: State, power: str, utype: str, start: str) -> int:
    """G40-CM-19: a ship starting in a zone served by a friendly naval base moves 3."""
    bonus = data.unit("naval_base").move_bonus if naval_base_serving(data, state, power,
                                                                     start) else 0
    return data.unit(utype).move + bonus


def free_repairs(data: G40Data, state: State, power: str) -> list[int]:
    """G40-REP-03: the power's damaged capital ships in zones served by an operational
    friendly naval base (checked after paid repairs: a base repaired first counts)."""
    out = []
    for zone, units in sorted(state["units"].items()):
        if not data.spaces[zone].is_sea:
            continue
        for unit in units:
            if (unit["owner"] == power and unit["hits"] and data.unit(unit["type"]).has(
                    "capital_ship") and naval_base_serving(data, state, power, zone)):
                out.append(unit["id"])
    return out


def add_damage(data: G40Data, state: State, territory: str, kind: str, points: int) -> int:
    """G40-SBR-10: damage up to the cap (20 major complex, 6 otherwise); returns what stuck."""
    cap = data.unit(kind).max_damage
    current = damage(state, territory, kind)
    placed = max(0, min(points, cap - current))
    state["installations"][territory][kind] = current + placed
    return placed


def check_repair(data: G40Data, state: State, power: str, treasury: str,
                 repairs: dict[str, dict[str, int]]) -> int:
    """G40-REP-01, -04, -06, G40-UK-04: 1 IPC per point (2 points per IPC with Increased
    Factory Production), own installations in the economy's territories, capital held; China
    never repairs. Returns the cost."""
    if power == "china" or treasury_capital_lost(data, state, treasury):
        raise IllegalOrder("G40-REP-06", "{treasury} cannot repair.", {"treasury": treasury})
    points = 0
    for territory, kinds in sorted(repairs.items()):
        if state["owners"].get(territory) != power or treasury_for(
                data, power, territory) != treasury:
            raise IllegalOrder("G40-REP-06", "{treasury} repairs only its own installations, "
                               "not in {space}.", {"treasury": treasury, "space": territory})
        for kind, count in sorted(kinds.items()):
            if not (0 < count <= damage(state, territory, kind)):
                raise IllegalOrder("G40-REP-01", "{space} has {damage} damage on its {kind}.",
                                   {"space": territory, "kind": kind,
                                    "damage": damage(state, territory, kind)})
            points += count
    ifp = "increased_factory_production" in advances(state, power)
    cost = (points + 1) // 2 if ifp else points
    if cost > state["ipcs"][treasury]:
        raise IllegalOrder("G40-PUR-01", "Repairs cost {cost} IPCs; {treasury} holds {ipcs}.",
                           {"cost": cost, "treasury": treasury, "ipcs": state["ipcs"][treasury]})
    return cost


def repair(state: State, repairs: dict[str, dict[str, int]]) -> None:
    """Evolver of :func:`check_repair` (G40-REP-02: takes effect at once)."""
    for territory, kinds in repairs.items():
        for kind, count in kinds.items():
            state["installations"][territory][kind] -= count


def capture(data: G40Data, state: State, territory: str, conqueror: str) -> dict[str, Any]:
    """G40-CMB-23: installations pass to the conqueror, idle until its next turn; a major
    complex becomes minor and keeps at most 6 damage. G40-CHINA-10: a Japanese-built complex
    in a Chinese territory retaken by the Allies is removed."""
    sites = dict(state.get("installations", {}).get(territory, {}))
    if "major_complex" in sites:
        sites["minor_complex"] = min(sites.pop("major_complex"), data.unit(
            "minor_complex").max_damage)
    if data.space(territory).chinese and data.side_of(conqueror) == "allies":
        for kind in ("minor_complex", "major_complex"):
            sites.pop(kind, None)
    return {"territory": territory, "power": conqueror, "installations": sites}


def apply_capture(state: State, payload: dict[str, Any]) -> None:
    territory = payload["territory"]
    if payload["installations"]:
        # a copy: the state must never share a dict with the event (a later damage event would
        # change the logged payload, and a resume from a snapshot would then differ)
        state["installations"][territory] = dict(payload["installations"])
        state.setdefault("installations_idle", []).append([territory, payload["power"]])
    else:
        state.get("installations", {}).pop(territory, None)


def wake(state: State, power: str) -> None:
    """At the start of ``power``'s turn its captured installations come into use."""
    state["installations_idle"] = [e for e in state.get("installations_idle", [])
                                   if e[1] != power]
