"""Queries for interfaces and bots: where units can go, what blocks the end of a phase.

Both use the same validation code as the orders (a destination is listed only if the
``move`` order to it would be accepted), so a form built from them never offers an illegal
move.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from pbem.engine import RulesError
from pbem.engine.errors import Refusal, format_message
from pbem.games.aa.movement import validate_move
from pbem.games.aa.routes import (
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    domain,
    enemy_units,
    ignored_zones,
    movement_left,
    safe_territory,
    territory_hostile,
    unit_index,
)
from pbem.games.aa.transport import cargo_of, fits

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]


def phase_requirements(rs: AARuleset, state: State) -> list[dict[str, Any]]:
    """What still blocks ``end_phase`` now: ``[{"rule_id", "message", "key", "params"}]`` (empty: it may end).

    ``rule_id``, ``key`` and ``params`` are those of the refusal ``end_phase`` would raise (the
    rule ID in the edition's numbering, the key translatable); ``message`` is the English sentence.
    """
    found = []
    for rule, key, params in exit_problems(rs, state):
        found.append({"rule_id": rs.edition.rule_id(rule),
                      "message": format_message(key, params, rs.vocabulary),
                      "key": key, "params": params})
    return found


def exit_problems(rs: AARuleset, state: State) -> list[Refusal]:
    """What blocks ``end_phase`` now as ``(rule, key, params)``, rules in the family's numbering."""
    return [problem for check in rs.exit_checks.get(state["phase"], []) for problem in check(rs, state)]


def reachable(rs: AARuleset, state: State, unit_ids: list[int]) -> dict[str, dict[str, Any]]:
    """Where the stack ``unit_ids`` (one space, active power) may legally go in this phase.

    ``{space: {"cost", "route", "ends", ...}}``; ``ends`` is "battle" (enemy units there),
    "capture" (hostile territory without defenders), "blitz" (a tank taking an empty territory
    on the way and ending in a friendly one), "load", "unload", "amphibious" (combat move: a sea
    zone from which an assault may be declared), "landing_needed" (air, combat move: with the
    nearest landing plan in ``"landing"``), "landing" (air, noncombat move) or "move".
    """
    power, phase = state["power"], state["phase"]
    index = unit_index(state)
    found = [index.get(i) for i in unit_ids]
    if phase not in (COMBAT_MOVE, NONCOMBAT_MOVE) or not found or None in found:
        return {}
    here = found[0][0]  # type: ignore[index]
    units = [f[1] for f in found]  # type: ignore[index]
    if any(f[0] != here for f in found):  # type: ignore[index]
        return {}
    out: dict[str, dict[str, Any]] = {}
    for route in _candidate_routes(rs, state, here, units):
        order = _order_for(rs, state, units, route, phase)
        if order is None:
            continue
        try:
            payload = validate_move(rs, state, power, phase, order)
            if rs.edition.check_order is not None:  # the edition's own refusals (AAE-TECH-19)
                rs.edition.check_order(rs, state, power, order)
        except RulesError:
            continue
        dest = route[-1]
        if dest in out and out[dest]["cost"] <= payload["cost"]:
            continue
        entry = {"cost": payload["cost"], "route": route,
                 "ends": _ends(rs, state, units, route, payload, phase, power)}
        for key in ("landing", "transport"):
            if key in order:
                entry[key] = order[key]
        out[dest] = entry
    if rs.edition.move_notes is not None:  # the edition's notes on the way (G40-CMB-32)
        for entry in out.values():
            entry.update(rs.edition.move_notes(rs, state, power, units, entry["route"]))
    return {space: out[space] for space in rs.map.sorted_spaces(out)}


def _candidate_routes(rs: AARuleset, state: State, here: str, units: list[Unit]) -> list[list[str]]:
    if all(domain(rs, u) == "land" and u.get("aboard") is not None for u in units):
        return [[here, t] for t in rs.map.land_neighbours(here)]
    reach = min(movement_left(rs, u, state) for u in units)
    if all(domain(rs, u) == "air" for u in units):
        return _shortest_routes(rs, here, reach)
    routes: list[list[str]] = []
    frontier = [[here]]
    for _ in range(reach):
        frontier = [path + [n] for path in frontier for n in rs.map.neighbours(path[-1])
                    if n not in path[1:]]  # back to the start: a blitz and return
        routes.extend(frontier)
    return routes


def _shortest_routes(rs: AARuleset, here: str, reach: int) -> list[list[str]]:
    parent: dict[str, str | None] = {here: None}
    queue = deque([(here, 0)])
    while queue:
        space, dist = queue.popleft()
        if dist == reach:
            continue
        for nxt in rs.map.neighbours(space):
            if nxt not in parent and rs.map.passable(nxt):
                parent[nxt] = space
                queue.append((nxt, dist + 1))
    routes = []
    for dest in parent:
        if dest == here:
            continue
        path = [dest]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])  # type: ignore[arg-type]
        routes.append(path[::-1])
    return routes


def _order_for(rs: AARuleset, state: State, units: list[Unit], route: list[str],
               phase: str) -> dict[str, Any] | None:
    order: dict[str, Any] = {"type": "move", "units": [u["id"] for u in units], "route": route}
    dest = route[-1]
    land = [u for u in units if domain(rs, u) == "land" and u.get("aboard") is None]
    if land and rs.map.is_sea(dest):
        ships = [u for u in state["units"][dest] if rs.data.units[u["type"]].has("carries_land_units")
                 and fits(rs, u, cargo_of(state, dest, u["id"]) + land)]
        if not ships:
            return None
        ships.sort(key=lambda ship: ship["owner"] != state["power"])  # own first (AA41-MNF-06)
        order["transport"] = ships[0]["id"]
    fliers = [u for u in units if domain(rs, u) == "air"]
    if fliers and phase == COMBAT_MOVE:
        plans = {}
        for unit in fliers:
            left = movement_left(rs, unit, state) - (len(route) - 1)
            spots = [s for s in rs.map.within_air(dest, left)
                     if rs.map.is_land(s) and safe_territory(rs, state, s, unit["owner"])]
            if not spots:
                return None
            plans[str(unit["id"])] = min(spots, key=lambda s: rs.map.air_distance(dest, s) or 0)
        order["landing"] = plans
    return order


def _ends(rs: AARuleset, state: State, units: list[Unit], route: list[str],
          payload: dict[str, Any], phase: str, power: str) -> str:
    dest = route[-1]
    if payload.get("unload"):
        return "unload"
    if "load" in payload:
        return "load"
    if phase == NONCOMBAT_MOVE:
        return "landing" if any(domain(rs, u) == "air" for u in units) else "move"
    if enemy_units(rs, state, dest, power) and dest not in ignored_zones(state):
        return "battle"
    if all(domain(rs, u) == "air" for u in units):
        return "landing_needed"
    if payload.get("blitzed"):
        return "blitz"
    if rs.map.is_land(dest):
        if territory_hostile(rs, state, dest, power):
            return "capture"
        return "move"
    return "amphibious"
