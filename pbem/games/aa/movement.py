"""The ``move`` order of combat move and noncombat move, and its events (AA41-CM, AA41-NCM).

``{"type": "move", "units": [ids], "route": [spaces]}``: the units stand in ``route[0]`` and
go step by step along adjacent spaces. Optional keys: ``"transport": id`` (land units board it
in the last space, a sea zone), ``"landing": {"<air id>": plan}`` (combat move: AA41-AIR-05),
``"new_carrier": true`` (noncombat move: fighters wait for a carrier bought this turn,
AA41-AIR-09). A transport's move carries its cargo, a carrier's move its guest fighters
(AA41-MNF-07); the carrier's own fighters always fly on their own (AA41-CM-19).

This module also merges the tables of the other movement modules (one line in ``MODULES``).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import air, amphibious, movephases, transport
from pbem.games.aa.capture import capture
from pbem.games.aa.combat_state import take_part
from pbem.games.aa.routes import (
    COMBAT_MOVE,
    FOLLOWS_BLITZ,
    NONCOMBAT_MOVE,
    check_active,
    check_land_route,
    check_route_shape,
    check_sea_destination,
    check_sea_route,
    domain,
    ended,
    enemy_units,
    ignored_zones,
    movement_left,
    owned_units,
    parse_ids,
    unit_index,
    utype,
)

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]


def order_move(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state, power, phase = check_active(rs, ctx)
    payload = validate_move(rs, state, power, phase, order)
    ctx.emit("aa.moved", payload)
    for territory in payload.get("blitzed", []):
        capture(rs, ctx, territory, power)  # AA41-CM-12, AA41-CAP-01(c): control changes at once
    for hook in rs.move_hooks:  # the edition's consequences of entering spaces
        hook(rs, ctx, payload, order)


def validate_move(rs: AARuleset, state: State, power: str, phase: str,
                  order: dict[str, Any]) -> dict[str, Any]:
    """Check a ``move`` order of the active power; return the ``aa.moved`` payload."""
    ids = parse_ids(order)
    route = order.get("route")
    if not isinstance(route, list) or not all(isinstance(s, str) for s in route):
        raise InvalidOrder("AA41-ORDER-2", "'route' must be a list of space names.")
    check_route_shape(rs, route)
    index = unit_index(state)
    units = owned_units(rs, index, ids, route[0], power)
    if phase == NONCOMBAT_MOVE and any(u.get("t_stranded") and u["owner"] != power
                                       for us in state["units"].values() for u in us):
        raise IllegalOrder("AA41-NCM-03", "Stranded fighters are moved first: no other"
                                          " noncombat move until they have landed.")
    for unit in units:
        if ended(unit, phase) and unit.get("aboard") is None:  # unloading: always (AMB-07)
            raise IllegalOrder("AA41-CM-02", "{unit} {unit_id} has ended its movement for this phase.",
                                             {"unit": unit["type"], "unit_id": unit["id"]})
        if phase == NONCOMBAT_MOVE and domain(rs, unit) != "air" and (
                unit.get("t_combat") or transport.in_assault(state, unit)):
            raise IllegalOrder("AA41-NCM-01", "{unit} {unit_id} moved or fought in combat: only air units move"
                                              " again, to land.", {"unit": unit["type"], "unit_id": unit["id"]})
    payload: dict[str, Any] = {"units": ids, "route": list(route), "phase": phase,
                               "cost": len(route) - 1}
    if any(domain(rs, u) == "land" and u.get("aboard") is not None for u in units):
        if not all(domain(rs, u) == "land" and u.get("aboard") is not None for u in units):
            raise InvalidOrder("AA41-ORDER-4", "Unload cargo in a move of its own.")
        transports = transport.check_unload(rs, state, units, route, phase, power, index)
        payload.update(cost=0, unload=[t["id"] for t in transports], stop=ids)
        return payload
    _plan_move(rs, state, units, route, phase, power, order, index, payload)
    return payload


def _land_routes(rs: AARuleset, state: State, land: list[Unit], route: list[str], phase: str,
                 power: str) -> dict[int, dict[str, Any]]:
    """Each land unit's checked route. When a unit able to follow a blitz moves with a tank, the
    tanks go first and their blitzed territories are open to it (AAE-TECH-19, spec E-09)."""
    results: dict[int, dict[str, Any]] = {}
    escort: list[str] = []
    if any(utype(rs, u).has(a) for u in land for a in FOLLOWS_BLITZ):
        for unit in (u for u in land if utype(rs, u).has("blitz")):
            results[unit["id"]] = check_land_route(rs, state, unit, route, phase, power)
            escort.extend(results[unit["id"]]["blitzed"])
    for unit in land:
        if unit["id"] not in results:
            results[unit["id"]] = check_land_route(rs, state, unit, route, phase, power, tuple(escort))
    return results


def _plan_move(rs: AARuleset, state: State, units: list[Unit], route: list[str], phase: str,
               power: str, order: dict[str, Any], index: dict[int, tuple[str, Unit]],
               payload: dict[str, Any]) -> None:
    """Validate every unit's route and fill the event payload (stop, blitz, cargo, landing)."""
    stop: list[int] = []
    blitzed: list[str] = []
    blitz_units: list[int] = []
    dest = route[-1]
    moving = frozenset(u["id"] for u in units)
    land = [u for u in units if domain(rs, u) == "land"]
    results = _land_routes(rs, state, land, route, phase, power)
    for unit in land:
        result = results[unit["id"]]
        if result["stop"]:
            stop.append(unit["id"])
        for t in result["blitzed"]:
            if utype(rs, unit).has("blitz"):
                blitz_units.append(unit["id"])
            if t not in blitzed:
                blitzed.append(t)
    if land and rs.map.is_sea(dest):
        carrier = transport.check_load(rs, state, land, dest, order.get("transport"), phase,
                                       power, index)
        payload["load"] = carrier["id"]
    cargo: list[int] = []
    dropped: list[int] = []
    for unit in (u for u in units if domain(rs, u) == "sea"):
        result = check_sea_route(rs, state, unit, route, phase, power)
        if result["stop"]:
            stop.append(unit["id"])
        if phase == COMBAT_MOVE:
            check_sea_destination(rs, state, unit, route[0], dest, power,
                                  escorted=_escorted(rs, state, units, dest, power))
        for rider in state["units"][route[0]]:
            if rider.get("aboard") != unit["id"] or rider["id"] in moving:
                continue
            if domain(rs, rider) == "air" and rider["owner"] == power:
                dropped.append(rider["id"])  # AA41-CM-19: own fighters never ride
            else:
                cargo.append(rider["id"])
    _plan_air(rs, state, units, route, phase, power, order, index, payload, moving)
    for unit in units:
        if domain(rs, unit) == "air" and unit.get("aboard") is not None:
            dropped.append(unit["id"])
    payload.update(stop=stop, blitzed=blitzed, blitz_units=blitz_units, cargo=sorted(cargo),
                   dropped=sorted(dropped))


def _escorted(rs: AARuleset, state: State, units: list[Unit], zone: str, power: str) -> bool:
    """An own unit able to attack is in ``zone`` or goes there with this order (AA41-UNIT-TRN-02)."""
    ships = [u for u in state["units"][zone] if u["owner"] == power] + units
    return any(utype(rs, u).attack > 0 and domain(rs, u) != "land" for u in ships)  # cargo never fights


def _plan_air(rs: AARuleset, state: State, units: list[Unit], route: list[str], phase: str,
              power: str, order: dict[str, Any], index: dict[int, tuple[str, Unit]],
              payload: dict[str, Any], moving: frozenset[int]) -> None:
    flyers = [u for u in units if domain(rs, u) == "air"]
    if not flyers:
        return
    dest = route[-1]
    if phase == COMBAT_MOVE:
        raw = order.get("landing")
        raw = raw if isinstance(raw, dict) else {}
        try:
            plans = {str(int(k)): air.parse_plan(v, int(k)) for k, v in raw.items()}
        except (TypeError, ValueError) as exc:
            raise InvalidOrder("AA41-AIR-05", "'landing' maps air unit ids to plans.") from exc
        if len(plans) != len(raw):  # "7" and "07": one unit named twice
            raise InvalidOrder("AA41-ORDER-2", "'{key}' names a unit twice.", {"key": "landing"})
        others = dict(state["declared"].get("landing", {}))
        others.update(plans)
        for unit in flyers:
            air.check_air_route(rs, state, unit, route, phase, power)
            plan = plans.get(str(unit["id"]))
            if plan is None:
                raise IllegalOrder("AA41-AIR-05", 'No kamikaze moves: name the landing plan of {unit} {unit_id}'
                                                  ' ("landing").',
                                                  {"unit": utype(rs, unit).name, "unit_id": unit['id']})
            left = movement_left(rs, unit, state) - (len(route) - 1)
            air.check_landing_plan(rs, state, unit, dest, left, plan, power, index, others)
        payload["landing"] = {str(u["id"]): plans[str(u["id"])] for u in flyers}
        return
    arriving = tuple(u for u in units if domain(rs, u) == "sea")
    taken: dict[int, int] = {}
    land_on: dict[str, int] = {}
    waiting: list[int] = []
    for unit in flyers:
        air.check_air_route(rs, state, unit, route, phase, power)
        where = air.noncombat_destination(rs, state, unit, dest, power, order, moving,
                                          arriving, taken)
        if "carrier" in where:
            land_on[str(unit["id"])] = where["carrier"]
        if where.get("waiting"):
            waiting.append(unit["id"])
    payload.update(land_on=land_on, waiting=waiting)


# -- attack in place (AA41-CM-10/11) -----------------------------------------------------
def order_attack_in_place(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """``{"type": "attack_in_place", "units": [ids]}``: units stay and attack where they are."""
    state, power, phase = check_active(rs, ctx)
    if phase != COMBAT_MOVE:
        raise IllegalOrder("AA41-CM-11", "Units declare an attack where they stand only in"
                                         " combat move.")
    ids = parse_ids(order)
    index = unit_index(state)
    first = index.get(ids[0])
    if first is None:
        raise InvalidOrder("AA41-ORDER-3", "There is no unit {unit_id}.", {"unit_id": ids[0]})
    space = first[0]
    units = owned_units(rs, index, ids, space, power)
    if not enemy_units(rs, state, space, power):
        raise IllegalOrder("AA41-CM-11", "There are no enemy units in {space} to attack.", {"space": space})
    if space in ignored_zones(state):
        raise IllegalOrder("AA41-CM-11", "You ignore the enemy in {space} this turn: take that choice back"
                                         " before attacking there.", {"space": space})
    for unit in units:
        if unit.get("t_moved") or unit.get("t_combat") or (
                unit.get("aboard") is not None and domain(rs, unit) == "land"):
            raise IllegalOrder("AA41-CM-11", "Unit {unit_id} has moved or is cargo: only units that stayed may"
                                             " attack in place.", {"unit_id": unit['id']})
    ctx.emit("aa.attacked_in_place", {"units": ids, "space": space, "rule": "AA41-CM-11"})


# -- evolvers ---------------------------------------------------------------------------------
def _evolve_moved(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    route, phase = p["route"], p["phase"]
    start, dest = route[0], route[-1]
    movers = set(p["units"])
    riders = set(p.get("cargo", []))
    dropped = set(p.get("dropped", []))
    stop = set(p.get("stop", []))
    blitz = set(p.get("blitz_units", []))
    land_on = {int(k): v for k, v in p.get("land_on", {}).items()}
    waiting = set(p.get("waiting", []))
    staying: list[Unit] = []
    going: list[Unit] = []
    for unit in state["units"][start]:
        (going if unit["id"] in movers or unit["id"] in riders else staying).append(unit)
        if unit["id"] in dropped:
            unit.pop("aboard", None)
    state["units"][start] = staying
    for unit in going:
        unit.setdefault("t_from", start)
        if unit["id"] in riders:
            continue
        unit["t_moved"] = int(unit.get("t_moved", 0)) + p["cost"]
        unit["t_route_from"] = route[-2]
        if phase == COMBAT_MOVE:
            unit["t_combat"] = True
        if unit["id"] in stop:
            unit["t_stop"] = phase
        if unit["id"] in blitz:
            unit["t_blitz"] = True
        if "load" in p:
            unit["aboard"] = p["load"]
            unit["t_loaded"] = phase
        if p.get("unload"):
            unit.pop("aboard", None)
            unit["t_unloaded"] = phase
        if unit["id"] in land_on:
            unit["aboard"] = land_on[unit["id"]]
        if unit["id"] in waiting:
            unit["t_waiting"] = True
    state["units"][dest].extend(going)
    if "load" in p or p.get("unload") or land_on:
        _mark_ships(state, p, dest, start, land_on)
    if p.get("landing"):  # copy on write: the dicts may be shared with the logged position
        plans = {**state["declared"].get("landing", {}), **copy.deepcopy(p["landing"])}
        state["declared"] = {**state["declared"], "landing": plans}


def _mark_ships(state: State, p: dict[str, Any], dest: str, start: str,
                land_on: dict[int, int]) -> None:
    if "load" in p:
        for unit in state["units"][dest]:
            if unit["id"] == p["load"]:
                unit["t_loaded"] = COMBAT_MOVE if unit.get("t_loaded") == COMBAT_MOVE \
                    else p["phase"]
    for unit in state["units"][start]:
        if unit["id"] in p.get("unload", []):
            unit["t_unloaded"] = dest
    carriers = set(land_on.values())
    for unit in state["units"][dest]:
        if unit["id"] in carriers:
            unit["t_landed"] = True


def _evolve_attacked_in_place(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    take_part(rs, state, event["payload"]["space"], event["payload"]["units"])


def _describe_moved(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{len(p['units'])} unit(s) move {' -> '.join(p['route'])}"


def _describe_declared(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"Amphibious assault declared on {p['target']} from {p['sea_zone']}"


def _describe_in_place(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{len(p['units'])} unit(s) attack where they stand in {p['space']} ({p['rule']})"


def _describe_air_lost(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{len(p['units'])} air unit(s) lost for want of a landing space ({p['rule']})"


def _describe_air_landed(rs: AARuleset, event: dict[str, Any]) -> str:
    return f"{len(event['payload']['landings'])} fighter(s) land on carriers"


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """For the active power in a move phase: what still blocks ``end_phase``, each naming the
    edition's rule as the refusal ``end_phase`` would (G40-..., AAE-...)."""
    if seat != state["power"] or state["phase"] not in (COMBAT_MOVE, NONCOMBAT_MOVE):
        return {}
    from pbem.games.aa.helpers import phase_requirements

    return {"phase_requirements": [{**need, "rule_id": rs.edition.rule_id(need["rule_id"])}
                                   for need in phase_requirements(rs, state)]}


def _default_order(rs: AARuleset, state: State, seat: str) -> dict[str, Any] | None:
    """For an absent player: the move that clears what blocks the end of a move phase, if one does.

    An air unit that can still land (AA41-AIR-08) flies to the landing spot the requirement names;
    a carrier that must move (AA41-AIR-07/13) goes where it is needed. Otherwise ``None`` (the
    phase simply ends).
    """
    from pbem.games.aa.helpers import exit_problems, reachable

    if seat != state["power"] or state["phase"] not in (COMBAT_MOVE, NONCOMBAT_MOVE):
        return None
    for rule, _key, params in exit_problems(rs, state):
        unit_id, dest = params.get("unit_id"), params.get("space_2" if rule == "AA41-AIR-08" else "space")
        if not isinstance(unit_id, int) or not isinstance(dest, str):
            continue
        entry = reachable(rs, state, [unit_id]).get(dest)
        if entry is None:
            continue
        order: dict[str, Any] = {"type": "move", "units": [unit_id], "route": entry["route"]}
        for key in ("landing", "transport"):
            if key in entry:
                order[key] = entry[key]
        return order
    return None


ORDERS: dict[str, Any] = {"move": order_move, "attack_in_place": order_attack_in_place,
                          **amphibious.ORDERS}
EVOLVERS: dict[str, Any] = {"aa.moved": _evolve_moved,
                            "aa.attacked_in_place": _evolve_attacked_in_place,
                            **amphibious.EVOLVERS, **movephases.EVOLVERS}
PHASE_EXIT_CHECKS = movephases.PHASE_EXIT_CHECKS
PHASE_END = movephases.PHASE_END
DESCRIBERS = {"aa.moved": _describe_moved, "aa.amphibious_declared": _describe_declared,
              "aa.attacked_in_place": _describe_in_place, "aa.air_lost": _describe_air_lost,
              "aa.air_landed": _describe_air_landed}
LEGAL_OPTIONS = [_legal_options]
DEFAULT_ORDERS = [_default_order]
