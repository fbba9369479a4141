"""What blocks the end of combat move and noncombat move, and what happens when they end.

* combat move exit (AA41-CM-01/07/16/21, AA41-AMP-02/14): every unit moved in combat move ends
  in a battle, a capture, or an amphibious assault; land units loaded in combat move are in a
  declared assault; air units do not attack nothing. A transport fired on during its move
  (``t_fired_on``: Global 1940's submarine interception, G40-CMB-32) cannot take that move back
  (dice were rolled): if it takes part in no assault, it and the cargo it carried then stay
  where they are, the cargo aboard, as after a retreat (G40-CM-16).
* combat move end (AA41-CM-10): the active power's sea units still in a zone with enemy
  surface warships stay and fight (``aa.attacked_in_place``), unless only transports, or
  submarines with no enemy destroyer there (Interp. AMB-17).
* noncombat move exit (AA41-AIR-07/08/13): carriers keep their commitments and pick up
  fighters; air units that can still land must land.
* noncombat move end (AA41-AIR-08): fighters over a carrier with room land on it; other air
  units not in a safe landing space are lost (``aa.air_lost``), except fighters waiting for a
  new carrier (AA41-AIR-09), settled when Mobilize ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.errors import Refusal
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import air, amphibious, combat_open, combat_rules
from pbem.games.aa.routes import (
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    ended,
    enemy_destroyer,
    enemy_units,
    ignored_zones,
    left_to_avoid_combat,
    movement_left,
    territory_hostile,
    utype,
    zone_hostile,
)

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]
Problem = Refusal


# -- combat move --------------------------------------------------------------------------------
def combat_move_exit(rs: AARuleset, state: State) -> list[Problem]:
    power = state["power"]
    decls = amphibious.declarations(state)
    cargo = {uid for d in decls for uid in d["units"]}
    zones = {d["sea_zone"] for d in decls}
    targets = {d["target"] for d in decls}
    ignored = ignored_zones(state)
    problems: list[Problem] = []
    for space in rs.map.spaces:
        units = state["units"][space]
        attacked = bool(enemy_units(rs, state, space, power)) and space not in ignored
        for unit in units:
            if unit["owner"] != power:
                continue
            if utype(rs, unit).domain == "land" and unit.get("t_loaded") == COMBAT_MOVE \
                    and unit.get("aboard") is not None and unit["id"] not in cargo \
                    and not unit.get("t_fired_on"):
                problems.append(("AA41-CM-16", N_("{unit} {unit_id} was loaded in combat move: it must be unloaded in a"
                                                  " declared amphibious assault this turn."),
                                               {"unit": unit["type"], "unit_id": unit["id"]}))
            if not attacked:
                problems += _idle(rs, state, space, unit, zones, targets)
    return problems + _lone_transports(rs, state, power, decls) + amphibious.combat_move_problems(rs, state)


def idle_attackers(rs: AARuleset, state: State, space: str, power: str) -> list[Problem]:
    """AA41-CM-07/21: the power's units that made a combat move into ``space`` and would have
    nothing to attack there were no battle fought in it (no enemy unit there, or an enemy the
    power ignores, G40-CM-06): ships need a declared amphibious assault from it or to have left a
    hostile zone, air units a hostile territory that land units of the power attack, or a declared
    assault's zone into which defending aircraft could scramble (``combat_rules.may_meet_scramble``)."""
    decls = amphibious.declarations(state)
    zones, targets = {d["sea_zone"] for d in decls}, {d["target"] for d in decls}
    return [p for u in state["units"][space] if u["owner"] == power for p in _idle(rs, state, space, u, zones, targets)]


def _idle(rs: AARuleset, state: State, space: str, unit: Unit, zones: set[str], targets: set[str]) -> list[Problem]:
    if not unit.get("t_combat"):
        return []
    power, kind = unit["owner"], utype(rs, unit)
    if kind.domain == "sea" and unit.get("t_moved") and not unit.get("t_fired_on"):
        if space not in zones and not left_to_avoid_combat(rs, state, unit.get("t_from", space), space, power):
            return [("AA41-CM-07", N_("{unit} {unit_id} ended its combat move in {space}, where there"
                                      " is no battle and no declared amphibious assault."),
                                   {"unit": unit["type"], "unit_id": unit["id"], "space": space})]
    elif kind.domain == "air" and unit.get("t_raided") != space \
            and not _air_target_ok(rs, state, space, power, targets) \
            and not (space in zones and combat_rules.may_meet_scramble(rs, state, space, power)):
        # AAE-SBR-01: a raider; G40-CM-03c: in an assault's zone, waiting for scrambled defenders
        return [("AA41-CM-21", N_("{unit} {unit_id} ended its combat move in {space}, where there is"
                                  " nothing to attack and none of your land units attack."),
                               {"unit": unit["type"], "unit_id": unit["id"], "space": space})]
    return []


def _lone_transports(rs: AARuleset, state: State, power: str,
                     decls: list[dict[str, Any]]) -> list[Problem]:
    """AA41-UNIT-TRN-02: no sea battle whose attackers have no attack value (transports alone)."""
    problems: list[Problem] = []
    for zone in rs.data.sea_zones:
        assault = [d for d in decls if d["sea_zone"] == zone]
        side = combat_open.sea_battle_units(rs, state, zone, power, assault)
        if side and not any(utype(rs, u).attack > 0 for u in side):
            problems.append(("AA41-UNIT-TRN-02", N_("Transports cannot attack on their own: in {space} they would"
                                                    " fight with no unit of yours that has an attack value."),
                                                 {"space": zone}))
    return problems


def _air_target_ok(rs: AARuleset, state: State, space: str, power: str,
                   targets: set[str]) -> bool:
    if not rs.map.is_land(space) or not territory_hostile(rs, state, space, power):
        return False
    if space in targets:
        return True
    return any(u["owner"] == power and utype(rs, u).domain == "land" and u.get("t_combat")
               for u in state["units"][space])


def combat_move_end(rs: AARuleset, ctx: OrderContext) -> None:
    """AA41-CM-10: sea units left in a zone with enemy surface warships stay and fight."""
    state = ctx.state
    power = state["power"]
    for space in rs.data.sea_zones:
        if not zone_hostile(rs, state, space, power):
            continue
        mine = [u for u in state["units"][space] if u["owner"] == power
                and not u.get("t_combat") and u.get("aboard") is None]
        ships = [u for u in mine if utype(rs, u).domain == "sea"]
        fighting = [u for u in ships if not utype(rs, u).has("defenceless")
                    and not (utype(rs, u).has("stealth") and not enemy_destroyer(rs, state, space,
                                                                            power))]
        if not fighting:
            continue  # Interp. AMB-17: transports alone, submarines without a destroyer there
        fliers = [u for u in state["units"][space] if u["owner"] == power
                  and utype(rs, u).domain == "air" and not u.get("t_combat")]
        ids = sorted(u["id"] for u in ships + fliers)
        ctx.emit("aa.attacked_in_place", {"units": ids, "space": space, "rule": "AA41-CM-10"})


# -- noncombat move ---------------------------------------------------------------------------
def _flyable(rs: AARuleset, state: State, unit: Unit, spots: list[str]) -> list[str]:
    """The landing ``spots`` a legal move of ``unit`` reaches, when the edition refuses moves of
    its own (AAE-CHINA-05: China's fighter never leaves China, so a safe territory outside it is
    no place it "can still land"; without this the phase could never end)."""
    if not spots or rs.edition.check_order is None:
        return spots
    from pbem.games.aa.helpers import reachable

    routes = reachable(rs, state, [unit["id"]])
    return [s for s in spots if s in routes]


def noncombat_move_exit(rs: AARuleset, state: State) -> list[Problem]:
    power = state["power"]
    problems = _carrier_commitments(rs, state, power)
    for space, unit in air.unsafe_air(rs, state, power):
        if unit.get("t_waiting") or (rs.map.is_sea(space) and air.can_land_at_sea(rs, unit)
                                     and air.carrier_rooms(rs, state, space, power)):
            continue  # lands on that carrier when the phase ends
        spots = _flyable(rs, state, unit, air.landing_spots(rs, state, space, unit))
        if spots:
            problems.append(("AA41-AIR-08", N_("{unit} {unit_id} in {space} can still land (e.g. in {space_2}): land"
                                               " every air unit you can."),
                                            {"unit": unit["type"], "unit_id": unit["id"], "space": space,
                                             "space_2": spots[0]}))
            continue
        pickup = _carrier_pickup(rs, state, space, unit, power)
        if pickup:
            problems.append(("AA41-AIR-13", N_("Carrier {unit_id} must move to {space} to pick up {unit} {unit_id_2},"
                                               " which has nowhere else to land."),
                                            {"unit_id": pickup[0], "space": pickup[1], "unit": unit["type"],
                                             "unit_id_2": unit["id"]}))
    return problems


def _carrier_commitments(rs: AARuleset, state: State, power: str) -> list[Problem]:
    """AA41-AIR-07: carriers named in landing plans go where they were promised."""
    index = {u["id"]: (s, u) for s, us in state["units"].items() for u in us}
    problems: list[Problem] = []
    for key, plan in sorted(state["declared"].get("landing", {}).items()):
        carrier_id = plan.get("carrier")
        fighter = index.get(int(key))
        carrier = index.get(carrier_id) if carrier_id is not None else None
        if fighter is None or carrier is None or carrier[1]["owner"] != power:
            continue
        zone = plan["space"]
        if carrier[0] == zone or air.is_safe(rs, state, fighter[0], fighter[1]):
            continue
        if zone_hostile(rs, state, zone, power):
            continue  # the zone was not cleared
        if air.carrier_can_reach(rs, state, carrier[1], carrier[0], zone, power):
            problems.append(("AA41-AIR-07", N_("Carrier {unit_id} was declared to receive fighter {key} in {space}:"
                                               " it must move there."),
                             {"unit_id": carrier_id, "key": key, "space": zone}))
    return problems


def _carrier_pickup(rs: AARuleset, state: State, space: str, fighter: Unit,
                    power: str) -> tuple[int, str] | None:
    if not air.can_land_at_sea(rs, fighter):
        return None
    reach = movement_left(rs, fighter, state)
    side = rs.data.side_of(power)
    for zone in rs.data.sea_zones:
        for carrier in state["units"][zone]:
            # a carrier that moved part of the way this phase still owes the pick-up
            # while it can reach the zone (AA41-AIR-13)
            if (carrier["owner"] != power or not air.is_carrier(rs, carrier)
                    or ended(carrier, state["phase"]) or carrier.get("t_combat")
                    or carrier.get("t_landed")):
                continue
            if not air.carrier_rooms(rs, state, zone, power):
                continue
            spots = rs.map.sea_distances(zone, side, state["owners_at_turn_start"],
                                         state["owners"], limit=movement_left(rs, carrier, state))
            for target in rs.map.sorted_spaces(spots):
                dist = rs.map.air_distance(space, target)
                if target != zone and dist is not None and dist <= reach \
                        and not zone_hostile(rs, state, target, power):
                    return carrier["id"], target
    return None


def settle_air(rs: AARuleset, ctx: OrderContext, rule: str, keep_waiting: bool) -> None:
    """Land fighters over carriers with room, then lose air units with no safe space."""
    state = ctx.state
    power = state["power"]
    landings: dict[str, int] = {}
    for zone in rs.data.sea_zones:
        loose = [u for u in state["units"][zone] if u["owner"] == power
                 and air.can_land_at_sea(rs, u) and not air.is_safe(rs, state, zone, u)]
        if not loose:
            continue
        free = [c["id"] for c, room in air.carrier_rooms(rs, state, zone, power)
                for _ in range(room)]
        for fighter, carrier_id in zip(loose, free, strict=False):
            landings[str(fighter["id"])] = carrier_id
    if landings:
        ctx.emit("aa.air_landed", {"landings": landings}, seat=None)
    lost = [u["id"] for _, u in air.unsafe_air(rs, state, power)
            if not (keep_waiting and u.get("t_waiting"))]
    if lost:
        ctx.emit("aa.air_lost", {"units": sorted(lost), "rule": rule}, seat=None)


def noncombat_move_end(rs: AARuleset, ctx: OrderContext) -> None:
    settle_air(rs, ctx, "AA41-AIR-08", keep_waiting=True)


def mobilize_end(rs: AARuleset, ctx: OrderContext) -> None:
    """AA41-AIR-09: fighters waiting for a new carrier land on it or are lost."""
    settle_air(rs, ctx, "AA41-AIR-09", keep_waiting=False)


def _evolve_air_landed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    landings = {int(k): v for k, v in event["payload"]["landings"].items()}
    for zone in rs.data.sea_zones:
        for unit in state["units"][zone]:
            if unit["id"] in landings:
                unit["aboard"] = landings[unit["id"]]
                unit.pop("t_waiting", None)


def _evolve_air_lost(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    lost = set(event["payload"]["units"])
    for space, units in state["units"].items():
        if any(u["id"] in lost for u in units):
            state["units"][space] = [u for u in units if u["id"] not in lost]


PHASE_EXIT_CHECKS = {COMBAT_MOVE: combat_move_exit, NONCOMBAT_MOVE: noncombat_move_exit}
PHASE_END = {COMBAT_MOVE: combat_move_end, NONCOMBAT_MOVE: noncombat_move_end,
             "mobilize": mobilize_end}
EVOLVERS = {"aa.air_landed": _evolve_air_landed, "aa.air_lost": _evolve_air_lost}
