"""Air movement and landing (AA41-AIR, AA41-CM-21/23, AA41-NCM-08/09, AA41-UNIT-FTR/BMB).

* routes: any non-neutral space, hostile spaces included (AA41-AIR-01), within the movement
  left for the whole turn (AA41-AIR-02/03);
* combat move: the destination must hold enemy units or be a hostile territory that own land
  units enter (AA41-CM-21), or, where the edition has scrambles, a sea zone an amphibious
  assault may be launched from into which defending aircraft could scramble (G40-CM-03c,
  ``combat_rules.may_meet_scramble``; the assault is checked when combat move ends), and every
  air unit names a landing plan it can still reach
  (AA41-AIR-05): a safe territory, a named carrier (a commitment, AA41-AIR-07) or a carrier
  bought this turn to be mobilized in a sea zone (AA41-AIR-09);
* noncombat move: air units end in safe landing spaces (AA41-AIR-04); a fighter that ends in a
  sea zone lands at once on a friendly carrier with room, which then cannot move (AA41-AIR-12);
* end of noncombat move: fighters left over a carrier with room land on it, every other air
  unit not in a safe space is lost (AA41-AIR-08) except fighters waiting for a new carrier,
  which land or are lost when Mobilize ends (AA41-AIR-09).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa import combat_rules
from pbem.games.aa.routes import (
    COMBAT_MOVE,
    could_be_amphibious_zone,
    enemy_units,
    friendly,
    movement_left,
    safe_territory,
    territory_hostile,
    utype,
)
from pbem.games.aa.sites import complexes_bordering

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]


# -- carriers ----------------------------------------------------------------------------------
def is_carrier(rs: AARuleset, unit: Unit) -> bool:
    return rs.data.units[unit["type"]].carrier_capacity > 0


def can_land_at_sea(rs: AARuleset, unit: Unit) -> bool:
    """Only fighters land on carriers (AA41-UNIT-FTR-01, AA41-UNIT-BMB-01)."""
    return rs.data.units[unit["type"]].carrier_cost > 0


def carrier_rooms(rs: AARuleset, state: State, zone: str, power: str,
                  leaving: frozenset[int] = frozenset(),
                  arriving: tuple[Unit, ...] = ()) -> list[tuple[Unit, int]]:
    """Friendly carriers in ``zone`` with their free room, own carriers first (AA41-UNIT-CV-01)."""
    here = [u for u in state["units"][zone] if u["id"] not in leaving]
    carriers = [u for u in here if is_carrier(rs, u) and friendly(rs, u["owner"], power)]
    carriers += [u for u in arriving if is_carrier(rs, u)]
    rooms = []
    for carrier in carriers:
        aboard = sum(1 for u in here if u.get("aboard") == carrier["id"])
        rooms.append((carrier, utype(rs, carrier).carrier_capacity - aboard))
    rooms.sort(key=lambda cr: (cr[0]["owner"] != power, cr[0]["id"]))
    return [(c, r) for c, r in rooms if r > 0]


def usable_factory_zone(rs: AARuleset, state: State, zone: str, power: str) -> bool:
    """A sea zone next to a complex the power has held since the turn began (AA41-MOB-02/05)."""
    return any(state["owners"].get(t) == power and state["owners_at_turn_start"].get(t) == power
               for t in complexes_bordering(rs, state, zone))


def new_carrier_room(rs: AARuleset, state: State, exclude: int | None = None) -> int:
    """Fighters that may still count on carriers bought this turn (their carrier capacity)."""
    room = sum(int(state["bought"].get(c.id, 0)) * c.carrier_capacity for c in rs.data.with_ability("carries_fighters"))
    committed = sum(1 for key, plan in state["declared"].get("landing", {}).items()
                    if plan.get("new_carrier") and int(key) != exclude)
    waiting = sum(1 for units in state["units"].values() for u in units
                  if u.get("t_waiting") and u["id"] != exclude
                  and str(u["id"]) not in state["declared"].get("landing", {}))
    return room - committed - waiting


# -- routes ---------------------------------------------------------------------------------
def check_air_route(rs: AARuleset, state: State, unit: Unit, route: list[str],
                    phase: str, power: str) -> None:
    """AA41-AIR-01..03: no neutral space; the turn's movement is not exceeded."""
    for space in route[1:]:
        if rs.map.is_neutral(space):
            raise IllegalOrder("AA41-AIR-01", "{unit} {unit_id} may not fly over neutral {space} (AA41-MAP-04).",
                                              {"unit": unit["type"], "unit_id": unit["id"], "space": space})
    left = movement_left(rs, unit, state)
    if len(route) - 1 > left:
        raise IllegalOrder("AA41-AIR-03", "{unit} {unit_id} has {left} movement left this turn (combat and noncombat"
                                          " move together); this route costs {count}.",
                                          {"unit": unit["type"], "unit_id": unit["id"], "left": left,
                                           "count": len(route) - 1})
    if phase == COMBAT_MOVE:
        dest = route[-1]
        if enemy_units(rs, state, dest, power):
            return
        if rs.map.is_land(dest) and territory_hostile(rs, state, dest, power):
            return  # own land units must enter it too: checked when combat move ends
        if rs.map.is_sea(dest) and could_be_amphibious_zone(rs, state, dest, power) \
                and combat_rules.may_meet_scramble(rs, state, dest, power):
            return  # G40-CM-03c: an assault launched from there is checked when combat move ends
        raise IllegalOrder("AA41-CM-21", "{unit} {unit_id} may end its combat move only where there are enemy units,"
                                         " or in a hostile territory your land units also attack.",
                                         {"unit": unit["type"], "unit_id": unit["id"]})


def parse_plan(raw: Any, unit_id: int) -> dict[str, Any]:
    if isinstance(raw, str):
        return {"space": raw}
    if isinstance(raw, dict) and isinstance(raw.get("space"), str):
        plan: dict[str, Any] = {"space": raw["space"]}
        if raw.get("carrier") is not None:
            plan["carrier"] = int(raw["carrier"])
        if raw.get("new_carrier"):
            plan["new_carrier"] = True
        return plan
    raise InvalidOrder("AA41-AIR-05", 'Landing plan of air unit {unit_id}: give a space, or {{"space", "carrier"}}'
                                      ' or {{"space", "new_carrier": true}}.', {"unit_id": unit_id})


def check_landing_plan(rs: AARuleset, state: State, unit: Unit, dest: str, left: int,
                       plan: dict[str, Any], power: str, index: dict[int, tuple[str, Unit]],
                       others: dict[str, dict[str, Any]]) -> None:
    """AA41-AIR-05: after reaching ``dest`` with ``left`` movement the unit can land per ``plan``.

    ``others`` are the other landing plans in force (to count carrier room).
    """
    space = plan["space"]
    if space not in rs.data.spaces:
        raise InvalidOrder("AA41-AIR-05", "Landing plan of {unit} {unit_id}: unknown space '{space}'.",
                                          {"unit": unit["type"], "unit_id": unit["id"], "space": space})
    dist = rs.map.air_distance(dest, space)
    if dist is None or dist > left:
        raise IllegalOrder("AA41-AIR-05", "No kamikaze moves: {unit} {unit_id} could not reach {space} from"
                                          " {space_2} with {left} movement left.",
                                          {"unit": unit["type"], "unit_id": unit["id"], "space": space,
                                           "space_2": dest, "left": left})
    if rs.map.is_land(space):
        if not safe_territory(rs, state, space, power):
            raise IllegalOrder("AA41-AIR-05", "{unit} {unit_id} cannot plan to land in {space}: air units land only"
                                              " in territories friendly since the start of the turn and not captured"
                                              " this turn (AA41-AIR-04).",
                                              {"unit": unit["type"], "unit_id": unit["id"], "space": space})
        return
    if not can_land_at_sea(rs, unit):
        raise IllegalOrder("AA41-UNIT-BMB-01", "{unit} {unit_id}: bombers never land at sea.",
                                               {"unit": unit["type"], "unit_id": unit["id"]})
    if plan.get("new_carrier"):
        if not usable_factory_zone(rs, state, space, power):
            raise IllegalOrder("AA41-AIR-05", "A new carrier can be mobilized only next to an industrial complex you"
                                              " can use; {space} is not.", {"space": space})
        if new_carrier_room(rs, state, exclude=unit["id"]) < 1:
            raise IllegalOrder("AA41-AIR-05", "Not enough carriers bought this turn to receive {unit} {unit_id} (2"
                                              " fighters per carrier).", {"unit": unit["type"], "unit_id": unit["id"]})
        return
    carrier_id = plan.get("carrier")
    if carrier_id is None:
        rooms = carrier_rooms(rs, state, space, power)
        if not rooms:
            raise IllegalOrder("AA41-AIR-05", "{unit} {unit_id} cannot plan to land in {space}: name the carrier"
                                              " that will be there (or a new carrier).",
                                              {"unit": unit["type"], "unit_id": unit["id"], "space": space})
        plan["carrier"] = carrier_id = rooms[0][0]["id"]
    found = index.get(carrier_id)
    if found is None or not is_carrier(rs, found[1]):
        raise IllegalOrder("AA41-AIR-05", "Landing plan of {unit} {unit_id}: {unit_id_2} is not a carrier on the"
                                          " board.",
                                          {"unit": unit["type"], "unit_id": unit["id"], "unit_id_2": carrier_id})
    where, carrier = found
    if not friendly(rs, carrier["owner"], power):
        raise IllegalOrder("AA41-AIR-05", "Carrier {unit_id} is not friendly.", {"unit_id": carrier_id})
    if where != space:
        if carrier["owner"] != power:
            raise IllegalOrder("AA41-MNF-03", "Carrier {unit_id} belongs to another power: it moves only on its"
                                              " owner's turn.", {"unit_id": carrier_id})
        if not carrier_can_reach(rs, state, carrier, where, space, power):
            raise IllegalOrder("AA41-AIR-05", "Carrier {unit_id} cannot reach {space} to receive {unit} {unit_id_2}.",
                                              {"unit_id": carrier_id, "space": space, "unit": unit["type"],
                                               "unit_id_2": unit["id"]})
    # fighters aboard now that stay; those with a landing plan (this order's included) are counted
    # once, by their plan (AA41-UNIT-CV-01)
    aboard = sum(1 for u in state["units"][where] if u.get("aboard") == carrier_id
                 and not u.get("t_moved") and u["id"] != unit["id"] and str(u["id"]) not in others)
    planned = sum(1 for key, p in others.items()
                  if p.get("carrier") == carrier_id and int(key) != unit["id"])
    if aboard + planned + 1 > utype(rs, carrier).carrier_capacity:
        raise IllegalOrder("AA41-AIR-05", "Carrier {unit_id} has no room left for {unit} {unit_id_2} (2 fighters per"
                                          " carrier, AA41-UNIT-CV-01).",
                                          {"unit_id": carrier_id, "unit": unit["type"], "unit_id_2": unit["id"]})


def carrier_can_reach(rs: AARuleset, state: State, carrier: Unit, here: str, zone: str,
                      power: str) -> bool:
    """Can the carrier still get to ``zone`` (assuming its battles are won, AA41-AIR-05)?"""
    if carrier.get("t_landed") or carrier.get("t_retreated"):
        return False
    if state["phase"] != COMBAT_MOVE and carrier.get("t_combat"):
        return False
    left = movement_left(rs, carrier, state)
    side = rs.data.side_of(power)
    reach = rs.map.sea_distances(here, side, state["owners_at_turn_start"], state["owners"],
                                 limit=left)
    return zone in reach


# -- noncombat landing ----------------------------------------------------------------------
def noncombat_destination(rs: AARuleset, state: State, unit: Unit, dest: str, power: str,
                          order: dict[str, Any], leaving: frozenset[int],
                          arriving: tuple[Unit, ...], taken: dict[int, int]) -> dict[str, Any]:
    """AA41-AIR-04/09/12, AA41-NCM-08: where an air unit may end noncombat move.

    Returns ``{"carrier": id}`` (lands on it), ``{"waiting": True}`` (AA41-AIR-09) or ``{}``.
    ``taken`` counts room already used by other fighters of the same order.
    """
    if rs.map.is_land(dest):
        if safe_territory(rs, state, dest, power):
            return {}
        raise IllegalOrder("AA41-AIR-04", "{unit} {unit_id} may land only in a territory friendly since the start of"
                                          " the turn and not captured this turn; {space} is not.",
                                          {"unit": unit["type"], "unit_id": unit["id"], "space": dest})
    if not can_land_at_sea(rs, unit):
        raise IllegalOrder("AA41-UNIT-BMB-01", "{unit} {unit_id}: bombers never land at sea.",
                                               {"unit": unit["type"], "unit_id": unit["id"]})
    for carrier, room in carrier_rooms(rs, state, dest, power, leaving, arriving):
        if room - taken.get(carrier["id"], 0) > 0:
            taken[carrier["id"]] = taken.get(carrier["id"], 0) + 1
            return {"carrier": carrier["id"]}
    if order.get("new_carrier"):
        if not usable_factory_zone(rs, state, dest, power):
            raise IllegalOrder("AA41-AIR-09", "{space} is not next to an industrial complex you can use: no new"
                                              " carrier can be mobilized there.", {"space": dest})
        if new_carrier_room(rs, state, exclude=unit["id"]) < 1:
            raise IllegalOrder("AA41-AIR-09", "Not enough carriers bought this turn to receive {unit} {unit_id}.",
                                              {"unit": unit["type"], "unit_id": unit["id"]})
        return {"waiting": True}
    raise IllegalOrder("AA41-AIR-04", '{unit} {unit_id} may end its move in {space} only on a friendly carrier with'
                                      ' room (or, with "new_carrier": true, to wait for a carrier bought this turn,'
                                      ' AA41-AIR-09).', {"unit": unit["type"], "unit_id": unit["id"], "space": dest})


def is_safe(rs: AARuleset, state: State, space: str, unit: Unit) -> bool:
    """Is an air unit in a safe landing space now (AA41-AIR-04)?"""
    if rs.map.is_land(space):
        return safe_territory(rs, state, space, unit["owner"])
    aboard = unit.get("aboard")
    return aboard is not None and any(u["id"] == aboard for u in state["units"][space])


def unsafe_air(rs: AARuleset, state: State, power: str) -> list[tuple[str, Unit]]:
    """The active power's air units not in a safe landing space (board order)."""
    found = []
    for space in rs.map.spaces:
        for unit in state["units"][space]:
            if (unit["owner"] == power and utype(rs, unit).domain == "air"
                    and not is_safe(rs, state, space, unit)):
                found.append((space, unit))
    return found


def landing_spots(rs: AARuleset, state: State, space: str, unit: Unit) -> list[str]:
    """Safe spaces the air unit can still reach now (territories; carriers with room)."""
    power = unit["owner"]
    spots = []
    for dest in rs.map.within_air(space, movement_left(rs, unit, state)):
        if rs.map.is_land(dest):
            if safe_territory(rs, state, dest, power):
                spots.append(dest)
        elif can_land_at_sea(rs, unit) and carrier_rooms(rs, state, dest, power):
            spots.append(dest)
    return spots
