"""Mobilize new units (AA41-MOB): ``{"type": "place", "units": {...}, "at": space, "factory"?}``.

A usable industrial complex is one the active power has controlled since the start of its
turn (AA41-MOB-02); it places at most its territory's value in units per turn, in its
territory and adjacent sea zones (AA41-MOB-03). Placed units carry ``t_placed`` (the complex
they count against) for the rest of the turn. Fighters may be placed aboard the active
power's carriers (old or new) with room in a sea zone next to a usable complex (AA41-MOB-06).
Ending the phase is refused while a unit of the pool could still be placed (AA41-MOB-09);
what is left is then refunded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import Refusal
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.purchase import parse_units, unit_names
from pbem.games.aa.sites import capacity, complex_sites, complexes_bordering, has_complex, place_site, site_types
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def usable_complexes(rs: AARuleset, state: State, power: str) -> list[str]:
    """AA41-MOB-02: complexes held by ``power`` continuously since its turn began (or the
    edition's own sites, ``Edition.usable_complexes``)."""
    hook = rs.edition.usable_complexes
    found = hook(rs, state, power) if hook is not None else None
    if found is not None:
        return list(found)
    owners, start = state["owners"], state["owners_at_turn_start"]
    captured = state["captured_this_turn"]
    return [t for t in complex_sites(rs, state)
            if owners.get(t) == power and start.get(t) == power and t not in captured]


def placed_against(rs: AARuleset, state: State, complex_: str) -> int:
    spaces = (complex_, *rs.map.sea_zones_of(complex_))
    return sum(1 for s in spaces for u in state["units"][s] if u.get("t_placed") == complex_)


def capacity_left(rs: AARuleset, state: State, complex_: str) -> int:
    """AA41-MOB-03: the territory's value minus the units already placed against it."""
    return capacity(rs, state, state["power"], complex_) - placed_against(rs, state, complex_)


def _carrier_room(rs: AARuleset, units: list[dict[str, Any]], power: str) -> list[list[int]]:
    """[[carrier id, free places], ...] for ``power``'s carriers in a zone, in board order."""
    types = rs.data.units
    own = [u for u in units if u["owner"] == power and types[u["type"]].carrier_capacity]
    used: dict[int, int] = {}
    loose = 0
    for u in units:
        cost = types[u["type"]].carrier_cost
        if not cost:
            continue
        if "aboard" in u:
            used[u["aboard"]] = used.get(u["aboard"], 0) + cost
        elif u["owner"] == power and not u.get("t_waiting"):
            loose += cost  # own fighters in the zone sit on own carriers
    room = []
    for c in own:
        free = types[c["type"]].carrier_capacity - used.get(c["id"], 0)
        take = min(free, loose)
        loose -= take
        if free - take > 0:
            room.append([c["id"], free - take])
    return room


def eligible_complexes(rs: AARuleset, state: State, power: str, at: str, utype: str
                       ) -> tuple[list[str], Refusal | None]:
    """Usable complexes a unit of ``utype`` placed at ``at`` may count against.

    Returns (complexes, refusal): the refusal explains an empty list.
    """
    m, ut = rs.map, rs.data.units[utype]
    usable = usable_complexes(rs, state, power)
    if m.is_land(at):
        if ut.domain == "sea":
            return [], ("AA41-MOB-05", N_("A {unit} is placed in a sea zone, not in {space}."),
                                       {"unit": utype, "space": at})
        if at not in usable:
            if has_complex(rs, state, at):
                return [], ("AA41-MOB-04", N_("{space} is not an industrial complex that {power} may use this turn."),
                            {"space": at, "power": power})
            return [], ("AA41-MOB-04", N_("{space} is not an industrial complex that {power} may use this turn"
                           " (it has no industrial complex)."), {"space": at, "power": power})
        return [at], None
    if ut.domain == "land" or (ut.domain == "air" and not ut.carrier_cost):
        return [], ("AA41-MOB-04", N_("A new {unit} is placed only in a territory with an industrial complex,"
                       " never at sea or aboard a transport."), {"unit": utype})
    if at in rs.data.closed_sea_zones:
        return [], ("AA41-MOB-07", N_("No sea unit may be mobilized into {space} (the Black Sea)."), {"space": at})
    found = [t for t in complexes_bordering(rs, state, at) if t in usable]
    if not found:
        return [], ("AA41-MOB-05", N_("{space} is not next to an industrial complex that {power} may use this turn."),
                    {"space": at, "power": power})
    return found, None


def place(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    power = state["power"]
    if ctx.seat != power:
        raise IllegalOrder("AA41-DEF-02", "Only the active power mobilizes units.")
    if state["phase"] != "mobilize":
        raise IllegalOrder("AA41-MOB-01", "New units are placed only in the mobilize phase.")
    at = order.get("at")
    if not isinstance(at, str) or at not in rs.data.spaces:
        raise InvalidOrder("AA41-MOB-01", "Unknown space '{space}' to place units in.", {"space": at})
    units = parse_units(rs, order.get("units"), "AA41-MOB-01")
    if not units:
        raise InvalidOrder("AA41-MOB-01", "Name at least one unit to place.")
    for utype, n in units.items():
        if n > state["bought"].get(utype, 0):
            raise IllegalOrder("AA41-MOB-01", "Your mobilization pool has {value} {unit}, not {count}.",
                                              {"value": state['bought'].get(utype, 0), "unit": utype, "count": n})
    if site_types(rs) & set(units):
        place_site(rs, ctx, power, at, units)
        return
    choices: list[str] | None = None
    for utype in units:
        found, refusal = eligible_complexes(rs, state, power, at, utype)
        if refusal is not None:
            raise IllegalOrder(*refusal)
        choices = found if choices is None else [c for c in choices if c in found]
    assert choices is not None
    factory = order.get("factory")
    if factory is None:
        # a complex that can place nothing more this turn (full, or built this turn, G40-MOB-02)
        # leaves no choice to make
        choices = [c for c in choices if capacity_left(rs, state, c) > 0] or choices
        if len(choices) > 1:
            raise IllegalOrder("AA41-MOB-10", '{space} borders several complexes ({spaces}): say which one with'
                                              ' "factory".', {"space": at, "spaces": choices})
        factory = choices[0]
    elif factory not in choices:
        raise IllegalOrder("AA41-MOB-10", "'{space}' is not a usable complex for {space_2}.",
                                          {"space": factory, "space_2": at})
    count = sum(units.values())
    left = capacity_left(rs, state, factory)
    if count > left:
        raise IllegalOrder("AA41-MOB-03", "The complex in {space} (value {capacity}) can place {left} more unit(s)"
                                          " this turn, not {count}.",
                                          {"space": factory, "capacity": capacity(rs, state, power, factory),
                                           "left": left,
                                           "count": count})
    _check_no_capacity_wasted(rs, state, power, factory, units)
    placed, landed = _allocate(rs, state, power, at, units)
    _check_promised_carriers(rs, state, power, at, units, landed)
    payload: dict[str, Any] = {"power": power, "at": at, "factory": factory, "units": placed}
    if landed:
        payload["landed"] = landed
    ctx.emit("aa.placed", payload)


def waiting_fighters(rs: AARuleset, state: State, power: str) -> dict[str, list[int]]:
    """Fighters waiting at sea for a carrier bought this turn (AA41-AIR-09): {zone: [ids]}."""
    out: dict[str, list[int]] = {}
    for zone in rs.data.sea_zones:
        ids = [u["id"] for u in state["units"][zone]
               if u.get("t_waiting") and u["owner"] == power and "aboard" not in u]
        if ids:
            out[zone] = sorted(ids)
    return out


def _carriers_needed(rs: AARuleset, fighters: int) -> int:
    per = max(c.carrier_capacity for c in rs.data.with_ability("carries_fighters"))
    return -(-fighters // per)


def _check_promised_carriers(rs: AARuleset, state: State, power: str, at: str,
                             units: dict[str, int], landed: list[dict[str, int]]) -> None:
    """AA41-MOB-08: keep enough carriers in the pool for the zones where fighters wait."""
    carriers = [c.id for c in rs.data.with_ability("carries_fighters")]
    placed = sum(units.get(c, 0) for c in carriers)
    if not placed:
        return
    boarded = {f["id"] for f in landed}
    need = sum(_carriers_needed(rs, len([i for i in ids if i not in boarded]))
               for ids in waiting_fighters(rs, state, power).values())
    if sum(state["bought"].get(c, 0) for c in carriers) - placed < need:
        zones = ", ".join(z for z, ids in waiting_fighters(rs, state, power).items()
                          if any(i not in boarded for i in ids))
        raise IllegalOrder("AA41-MOB-08", "Fighters wait in {zones} for the carriers bought this turn: mobilize a"
                                          " carrier there first.", {"zones": zones})


def _allocate(rs: AARuleset, state: State, power: str, at: str, units: dict[str, int]
              ) -> tuple[list[dict[str, Any]], list[dict[str, int]]]:
    """New units with ids; fighters at sea go aboard carriers with room (AA41-MOB-06), and
    new carriers first take the fighters waiting for them there (AA41-MOB-08, AA41-AIR-09)."""
    next_id = state["next_id"]
    placed: list[dict[str, Any]] = []
    landed: list[dict[str, int]] = []
    room: list[list[int]] = []
    waiting: list[int] = []
    if rs.map.is_sea(at):
        room = _carrier_room(rs, state["units"][at], power)
        waiting = list(waiting_fighters(rs, state, power).get(at, []))
    types = rs.data.units
    # ships first, so that fighters can land on carriers placed by the same order
    for utype in sorted(units, key=lambda u: types[u].domain != "sea"):
        for _ in range(units[utype]):
            unit: dict[str, Any] = {"id": next_id, "type": utype}
            if types[utype].carrier_capacity:
                free = types[utype].carrier_capacity
                while waiting and free:
                    landed.append({"id": waiting.pop(0), "aboard": next_id})
                    free -= 1
                room.append([next_id, free])
            if rs.map.is_sea(at) and types[utype].carrier_cost:
                spot = next((r for r in room if r[1] >= types[utype].carrier_cost), None)
                if spot is None:
                    raise IllegalOrder("AA41-MOB-06", "There is no room on a {power} carrier in {space} for another"
                                                      " fighter.", {"power": rs.power_names[power], "space": at})
                spot[1] -= types[utype].carrier_cost
                unit["aboard"] = spot[0]
            placed.append(unit)
            next_id += 1
    return placed, landed


def _evolve_placed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    bought = state["bought"]
    for u in p["units"]:
        unit = {"id": u["id"], "type": u["type"], "owner": p["power"], "hits": 0,
                "t_placed": p["factory"]}
        if "aboard" in u:
            unit["aboard"] = u["aboard"]
        state["units"][p["at"]].append(unit)
        bought[u["type"]] -= 1
        if not bought[u["type"]]:
            del bought[u["type"]]
        state["next_id"] = max(state["next_id"], u["id"] + 1)
    if p.get("landed"):
        boarding = {f["id"]: f["aboard"] for f in p["landed"]}
        for unit in state["units"][p["at"]]:
            if unit["id"] in boarding:
                unit["aboard"] = boarding[unit["id"]]
                unit.pop("t_waiting", None)


def _ships_possible(rs: AARuleset, complex_: str) -> bool:
    closed = rs.data.closed_sea_zones
    return any(z not in closed for z in rs.map.sea_zones_of(complex_))


def most_placeable(rs: AARuleset, state: State, power: str, pool: dict[str, int],
                   spent: dict[str, int] | None = None) -> int:
    """How many units of ``pool`` the usable complexes can still place at best (AA41-MOB-09).

    Land and air units may go to any usable complex (fighters in its territory); sea units
    only to one with an open sea zone. ``spent``: capacity to count as already used.
    """
    spent = spent or {}
    total = coastal = 0
    for c in usable_complexes(rs, state, power):
        left = max(0, capacity_left(rs, state, c) - spent.get(c, 0))
        total += left
        coastal += left if _ships_possible(rs, c) else 0
    types = rs.data.units
    ships = sum(n for u, n in pool.items() if types[u].domain == "sea")
    others = sum(n for u, n in pool.items() if types[u].domain != "sea")
    at_sea = min(ships, coastal)
    return at_sea + min(others, total - at_sea)


def _wastes_capacity(rs: AARuleset, state: State, power: str, factory: str, units: dict[str, int]) -> bool:
    """True when placing ``units`` against ``factory`` leaves fewer units placeable in all (AA41-MOB-09)."""
    pool = state["bought"]
    rest = {u: n - units.get(u, 0) for u, n in pool.items()}
    count = sum(units.values())
    best = most_placeable(rs, state, power, pool)
    return count + most_placeable(rs, state, power, rest, {factory: count}) < best


def _check_no_capacity_wasted(rs: AARuleset, state: State, power: str, factory: str,
                              units: dict[str, int]) -> None:
    """AA41-MOB-09: refuse a placement after which fewer units in all could be placed."""
    if _wastes_capacity(rs, state, power, factory, units):
        best = most_placeable(rs, state, power, state["bought"])
        raise IllegalOrder("AA41-MOB-09", "Placing these units in {space}'s capacity would leave sea units without a"
                                          " place: you must mobilize {best} units in all; place the sea units first.",
                                          {"space": factory, "best": best})


def placements(rs: AARuleset, state: State) -> dict[str, list[str]]:
    """Where each pool unit could still go now: {space: [unit types]} (board order)."""
    power, out = state["power"], {}
    pool = [u for u in rs.data.unit_order if state["bought"].get(u)]
    if not pool:
        return {}
    spaces: set[str] = set()
    for c in usable_complexes(rs, state, power):
        if capacity_left(rs, state, c) > 0:
            spaces.add(c)
            spaces.update(rs.map.sea_zones_of(c))
    for space in rs.map.sorted_spaces(spaces):
        ok = []
        for utype in pool:
            found = eligible_complexes(rs, state, power, space, utype)[0]
            if not any(capacity_left(rs, state, c) > 0 and not _wastes_capacity(rs, state, power, c, {utype: 1})
                       for c in found):
                continue
            if (rs.map.is_sea(space) and rs.data.units[utype].carrier_cost
                    and not _carrier_room(rs, state["units"][space], power)):
                continue
            ok.append(utype)
        if ok:
            out[space] = ok
    return out


def _exit_check(rs: AARuleset, state: State) -> list[Refusal]:
    """AA41-MOB-08/09: place promised carriers, and as many units as capacity allows."""
    where = placements(rs, state)
    for zone in waiting_fighters(rs, state, state["power"]):
        if any(c.id in where.get(zone, []) for c in rs.data.with_ability("carries_fighters")):
            return [("AA41-MOB-08", N_("Fighters wait in {space} for a carrier bought this turn: mobilize it there."),
                                    {"space": zone})]
    if not where:
        return []
    space, types = next(iter(where.items()))
    return [("AA41-MOB-09", N_("You must place every unit you can: {unit} can still go to {space}. Units that cannot be"
                               " placed are refunded."), {"unit": types[0], "space": space})]


def _default_order(rs: AARuleset, state: State, seat: str) -> dict[str, Any] | None:
    """For an absent player: place the first unit that can still be placed."""
    if state["phase"] != "mobilize" or seat != state["power"]:
        return None
    where = placements(rs, state)
    if not where:
        return None
    space, types = next(iter(where.items()))
    order: dict[str, Any] = {"type": "place", "units": {types[0]: 1}, "at": space}
    found = eligible_complexes(rs, state, seat, space, types[0])[0]
    order["factory"] = next(c for c in found if capacity_left(rs, state, c) > 0
                            and not _wastes_capacity(rs, state, seat, c, {types[0]: 1}))
    return order


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    if state["phase"] != "mobilize" or seat != state["power"]:
        return {}
    usable = usable_complexes(rs, state, seat)
    places = placements(rs, state)
    return {"mobilize": {"pool": dict(state["bought"]), "places": places,
                         "capacity": {c: capacity_left(rs, state, c) for c in usable},
                         "factories": factory_choices(rs, state, places)}}


def factory_choices(rs: AARuleset, state: State, places: dict[str, list[str]]) -> dict[str, list[str]]:
    """AA41-MOB-10: the sea zones of ``places`` next to several complexes that can still place
    units, with those complexes: a placement there names its ``factory``."""
    out = {}
    for space, types in places.items():
        if rs.map.is_sea(space):
            found = [c for c in eligible_complexes(rs, state, state["power"], space, types[0])[0]
                     if capacity_left(rs, state, c) > 0]
            if len(found) > 1:
                out[space] = found
    return out


def _describe_placed(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    counts: dict[str, int] = {}
    for u in p["units"]:
        counts[u["type"]] = counts.get(u["type"], 0) + 1
    ordered = {u: counts[u] for u in rs.data.unit_order if u in counts}
    return f"{rs.power_names[p['power']]} places {unit_names(rs, ordered)} in {p['at']}"


ORDERS = {"place": place}
EVOLVERS = {"aa.placed": _evolve_placed}
PHASE_EXIT_CHECKS = {"mobilize": _exit_check}
DEFAULT_ORDERS = [_default_order]
LEGAL_OPTIONS = [_legal_options]
DESCRIBERS = {"aa.placed": _describe_placed}
