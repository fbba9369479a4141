"""Movement queries and route checks for land and sea units (AA41-CM, AA41-NCM, AA41-MAP-07..11).

Every check here is pure: it reads the state and raises :class:`IllegalOrder` with the
rule ID when a route breaks a rule. ``check_land_route`` and ``check_sea_route`` return
what the move does on the way (territories blitzed, whether the unit's movement ends).
Air routes are in :mod:`pbem.games.aa.air`, loading and unloading in
:mod:`pbem.games.aa.transport`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import Refusal
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.sites import has_complex
from pbem.games.aa.state import is_enemy

if TYPE_CHECKING:
    from pbem.games.aa.data import UnitType
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]

COMBAT_MOVE = "combat_move"
NONCOMBAT_MOVE = "noncombat_move"


# -- unit and space status ----------------------------------------------------------------
def utype(rs: AARuleset, unit: Unit) -> UnitType:
    return rs.data.units[unit["type"]]


def domain(rs: AARuleset, unit: Unit) -> str:
    return rs.data.units[unit["type"]].domain


def movement_left(rs: AARuleset, unit: Unit, state: State | None = None) -> int:
    """Movement points left this turn (AA41-CM-02, AA41-AIR-03, AA41-NCM-02); the edition may
    change a unit's allowance (``Edition.move_allowance``: Anniversary's Long-Range Aircraft)."""
    hook = rs.edition.move_allowance
    move = hook(rs, state, unit) if hook is not None and state is not None else rs.data.units[unit["type"]].move
    return move - int(unit.get("t_moved", 0))


def friendly(rs: AARuleset, a: str | None, b: str | None) -> bool:
    """AA41-DEF-01: same side (a power is friendly to itself)."""
    return rs.data.friendly(a, b)


def holder_of(rs: AARuleset, state: State, territory: str) -> str | None:
    """The power whose control makes ``territory`` hostile or friendly (its owner, unless the
    edition says otherwise: ``Edition.holder``)."""
    holder = rs.edition.holder
    owner: str | None = holder(rs, state, territory) if holder else state["owners"].get(territory)
    return owner


def territory_hostile(rs: AARuleset, state: State, territory: str, power: str) -> bool:
    """AA41-DEF-04: controlled by an enemy power (units do not matter; ``Edition.holder``)."""
    owner = holder_of(rs, state, territory)
    return is_enemy(rs, state, owner, power)


def enemy_units(rs: AARuleset, state: State, space: str, power: str) -> list[Unit]:
    """Units of powers at war with ``power`` in ``space``."""
    return [u for u in state["units"][space] if is_enemy(rs, state, u["owner"], power)]


def zone_hostile(rs: AARuleset, state: State, zone: str, power: str) -> bool:
    """AA41-DEF-05: an enemy surface warship is there (submarines and transports never count)."""
    units = rs.data.units
    return any(units[u["type"]].has("surface_warship") for u in enemy_units(rs, state, zone, power))


def left_to_avoid_combat(rs: AARuleset, state: State, start: str, zone: str, power: str) -> bool:
    """AA41-CM-07c, AA41-CM-10: a sea unit that started the turn in hostile ``start`` and ended its
    combat move elsewhere, in ``zone``. G40-CM-03b: a sea zone into which defending aircraft could
    scramble against an amphibious assault counts as hostile for this (the rulebook: "una Sea Zone
    all'interno della quale unità aeree in difesa possono essere lanciate in intercettazione
    (Scramble) in reazione ad un assalto anfibio deve essere considerata come Sea Zone ostile")."""
    from pbem.games.aa.combat_rules import may_meet_scramble

    return start != zone and (zone_hostile(rs, state, start, power)
                              or may_meet_scramble(rs, state, start, power))


def enemy_destroyer(rs: AARuleset, state: State, zone: str, power: str) -> bool:
    units = rs.data.units
    return any(units[u["type"]].has("detects_submarines") for u in enemy_units(rs, state, zone, power))


def ignored_zones(state: State) -> frozenset[str]:
    """Sea zones whose lone enemy submarines and/or transports the active power ignores this
    Combat Move (``state["declared"]["ignored"]``; only an edition's order sets it, Global 1940's
    ``ignore_enemy``, G40-CM-06): no sea battle is fought there unless the enemy brings aircraft
    (scrambles), and the power's units there need another reason to end their combat move there."""
    return frozenset(state["declared"].get("ignored", ()))


def blitzable(rs: AARuleset, state: State, territory: str, power: str) -> bool:
    """AA41-CM-12/13, AA41-UNIT-IC-02: hostile, no enemy unit and no enemy industrial complex."""
    return (territory_hostile(rs, state, territory, power)
            and not enemy_units(rs, state, territory, power)
            and not has_complex(rs, state, territory))


def safe_territory(rs: AARuleset, state: State, territory: str, power: str) -> bool:
    """AA41-AIR-04(a): friendly now and at turn start, not captured this turn."""
    owner = state["owners"].get(territory)
    share = rs.edition.may_share
    return (rs.map.is_land(territory) and not rs.map.is_neutral(territory)
            and rs.data.friendly(owner, power)
            and rs.data.friendly(state["owners_at_turn_start"].get(territory), power)
            and territory not in state["captured_this_turn"]
            and (share is None or owner is None or share(rs, state, power, owner, territory)))


def ended(unit: Unit, phase: str) -> bool:
    """True when an earlier step of this phase ended the unit's movement (AA41-CM-02)."""
    return unit.get("t_stop") == phase


# -- route shape ------------------------------------------------------------------------------
def check_route_shape(rs: AARuleset, route: list[str]) -> None:
    """Known spaces, at least one step, every step to an adjacent space (AA41-DEF-03)."""
    spaces = rs.data.spaces
    for name in route:
        if name not in spaces:
            raise IllegalOrder("AA41-DEF-03", "'{space}' is not a space on the board.", {"space": name})
    if len(route) < 2:
        raise IllegalOrder("AA41-DEF-03", "A route needs at least two spaces: where the units"
                                          " are and where they go.")
    for a, b in zip(route, route[1:], strict=False):
        if not rs.map.adjacent(a, b):
            raise IllegalOrder("AA41-DEF-03", "{space} and {space_2} are not adjacent.", {"space": a, "space_2": b})


def _check_points(rs: AARuleset, state: State, unit: Unit, cost: int, phase: str) -> None:
    left = movement_left(rs, unit, state)
    if cost > left:
        rule = "AA41-NCM-02" if phase == NONCOMBAT_MOVE else "AA41-CM-02"
        raise IllegalOrder(rule, "{unit} {unit_id} has {left} movement left; this route costs {cost}.",
                                 {"unit": unit["type"], "unit_id": unit['id'], "left": left, "cost": cost})


# -- land units ----------------------------------------------------------------------------------
#: abilities of a land unit that may pass with a tank through the territories the tank blitzes in
#: the same move (Anniversary's Mechanized Infantry, AAE-TECH-19 and spec E-09; Global 1940's
#: mechanized infantry paired with a tank)
FOLLOWS_BLITZ = ("mechanized_with_tank", "blitz_with_tank")


def check_land_route(rs: AARuleset, state: State, unit: Unit, route: list[str],
                     phase: str, power: str, escort_blitzed: tuple[str, ...] = ()) -> dict[str, Any]:
    """Validate a land unit's route over land (a final sea step is a load, checked elsewhere).

    ``escort_blitzed``: the territories a tank moving in the same order blitzes; a unit with a
    :data:`FOLLOWS_BLITZ` ability passes through them with it (the edition limits the pairing).
    Returns ``{"blitzed": [territories captured on the way], "stop": bool}``.
    """
    kind = utype(rs, unit)
    _check_points(rs, state, unit, len(route) - 1, phase)
    blitzed: list[str] = []
    if escort_blitzed and any(kind.has(a) for a in FOLLOWS_BLITZ):
        blitzed = [space for space in route[1:-1] if space in escort_blitzed]
    stop = False
    steps_before = int(unit.get("t_moved", 0))
    last_index = len(route) - 1
    for i in range(1, len(route)):
        space = route[i]
        last = i == last_index
        if rs.map.is_sea(space):
            if not last:
                raise IllegalOrder("AA41-UNIT-TRN-05", "{unit} {unit_id}: being loaded onto a transport ends a land"
                                                       " unit's movement.",
                                                       {"unit": unit["type"], "unit_id": unit["id"]})
            stop = True
            continue
        if rs.map.is_neutral(space):
            rule = "AA41-NCM-04" if phase == NONCOMBAT_MOVE else "AA41-CM-05"
            raise IllegalOrder(rule, "{space} is neutral: no unit may enter it (AA41-MAP-04).", {"space": space})
        hostile = territory_hostile(rs, state, space, power) and space not in blitzed
        if phase == NONCOMBAT_MOVE:
            if hostile:
                raise IllegalOrder("AA41-NCM-04", "{unit} {unit_id} may not enter hostile {space} in noncombat move.",
                                                  {"unit": unit["type"], "unit_id": unit["id"], "space": space})
            continue
        if hostile:
            first_space = steps_before + i == 1
            # AA41-CM-12: only a tank passing through takes control at once; a unit that stops in an
            # empty hostile territory takes it when combat is conducted (AA41-CMB-26, AA41-CAP-01b)
            if kind.has("blitz") and first_space and not last and blitzable(rs, state, space, power):
                blitzed.append(space)
                continue
            if not last:
                if kind.has("blitz"):
                    raise IllegalOrder("AA41-CM-13", "Tanks may blitz only through an empty enemy territory, as the"
                                                     " first space of their move: {unit} {unit_id} must stop in"
                                                     " {space}.",
                                                     {"unit": unit["type"], "unit_id": unit["id"], "space": space})
                raise IllegalOrder("AA41-CM-03", "{unit} {unit_id} must stop when it enters hostile {space}.",
                                                 {"unit": unit["type"], "unit_id": unit["id"], "space": space})
            stop = True
        elif last and not blitzed and not unit.get("t_blitz"):
            raise IllegalOrder("AA41-CM-07", "{unit} {unit_id} may not end its combat move in friendly {space}:"
                                             " moves that only reposition units belong to noncombat move"
                                             " (AA41-CM-01).",
                                             {"unit": unit["type"], "unit_id": unit["id"], "space": space})
    return {"blitzed": blitzed, "stop": stop}


# -- sea units -----------------------------------------------------------------------------------
def check_sea_step(rs: AARuleset, state: State, a: str, b: str, power: str, unit_type: str) -> None:
    """Black Sea and canals (AA41-MAP-07..10, or the edition's ``canal_passage``) for one sea step."""
    closed = rs.data.closed_sea_zones
    if a in closed or b in closed:
        raise IllegalOrder("AA41-MAP-07", "No sea unit may enter or leave the Black Sea ({spaces}).",
                                          {"spaces": sorted(closed)})
    if rs.edition.canal_passage is not None:
        rs.edition.canal_passage(rs, state, power, unit_type, a, b)
        return
    canal = rs.map.canal_between(a, b)
    if canal is None:
        return
    side = rs.data.side_of(power)
    owners, at_start = state["owners"], state["owners_at_turn_start"]
    if rs.map.canal_open(canal, side, owners, owners):
        if not rs.map.canal_open(canal, side, at_start, owners):
            raise IllegalOrder("AA41-MAP-10", "The {name} opens only to a side that has held {spaces} since the"
                                              " start of the turn.",
                                              {"name": canal.name, "spaces": list(canal.territories)})
        return
    rule = "AA41-MAP-08" if len(canal.territories) == 1 else "AA41-MAP-09"
    raise IllegalOrder(rule, "Sea units may pass the {name} only if your side controls {spaces}.",
                             {"name": canal.name, "spaces": list(canal.territories)})


def check_sea_route(rs: AARuleset, state: State, unit: Unit, route: list[str],
                    phase: str, power: str) -> dict[str, Any]:
    """Validate a sea unit's route; returns ``{"stop": bool}``."""
    kind = utype(rs, unit)
    _check_points(rs, state, unit, len(route) - 1, phase)
    if kind.has("carries_land_units") and unit.get("t_unloaded"):
        raise IllegalOrder("AA41-UNIT-TRN-07", "{unit} {unit_id} has unloaded: it cannot move further this turn.",
                                               {"unit": unit["type"], "unit_id": unit["id"]})
    if kind.carrier_capacity and unit.get("t_landed"):
        raise IllegalOrder("AA41-AIR-12", "A fighter has landed on {unit} {unit_id}: the carrier cannot move again"
                                          " this turn.", {"unit": unit["type"], "unit_id": unit["id"]})
    stop = False
    last_index = len(route) - 1
    for i in range(1, len(route)):
        prev, zone = route[i - 1], route[i]
        last = i == last_index
        if not rs.map.is_sea(zone):
            raise IllegalOrder("AA41-UNIT-SEA-01", "{unit} {unit_id}: sea units move only through sea zones, not"
                                                   " into {space}.",
                                                   {"unit": unit["type"], "unit_id": unit["id"], "space": zone})
        check_sea_step(rs, state, prev, zone, power, unit["type"])
        if kind.has("stealth"):
            if enemy_destroyer(rs, state, zone, power):
                if not last:
                    rule = "AA41-NCM-06" if phase == NONCOMBAT_MOVE else "AA41-CM-14"
                    raise IllegalOrder(rule, "{unit} {unit_id} must end its move in {space}: an enemy destroyer is"
                                             " there (AA41-UNIT-DD-02).",
                                             {"unit": unit["type"], "unit_id": unit["id"], "space": zone})
                stop = True
            continue
        if zone_hostile(rs, state, zone, power):
            if phase == NONCOMBAT_MOVE:
                raise IllegalOrder("AA41-NCM-05", "{unit} {unit_id} may move only through and into friendly sea"
                                                  " zones in noncombat move; {space} holds enemy warships.",
                                                  {"unit": unit["type"], "unit_id": unit["id"], "space": zone})
            if not last:
                rule = "AA41-CM-15" if kind.has("defenceless") else "AA41-CM-03"
                raise IllegalOrder(rule, "{unit} {unit_id} must stop in hostile {space} and fight there.",
                                         {"unit": unit["type"], "unit_id": unit["id"], "space": zone})
            stop = True
    return {"stop": stop}


def could_be_amphibious_zone(rs: AARuleset, state: State, zone: str, power: str) -> bool:
    """A sea zone next to a hostile coastal territory (an amphibious assault may come from it)."""
    return any(territory_hostile(rs, state, t, power)
               for t in rs.map.territories_of(zone) if not rs.map.is_neutral(t))


def check_sea_destination(rs: AARuleset, state: State, unit: Unit, here: str, zone: str,
                          power: str, escorted: bool = False) -> None:
    """AA41-CM-07 at order time: where a sea unit may end a combat move.

    Enemy units there: a battle (AA41-CM-20/22). A zone without enemy units (or whose enemy the
    power ignores, :func:`ignored_zones`) only for an amphibious assault from it (checked again when
    combat move ends) or for a unit leaving the hostile zone it started the turn in (AA41-CM-10).
    """
    if enemy_units(rs, state, zone, power) and zone not in ignored_zones(state):
        if escorted or not utype(rs, unit).has("defenceless"):
            return
        if zone_hostile(rs, state, zone, power):
            raise IllegalOrder("AA41-UNIT-TRN-02", "{unit} {unit_id} cannot attack on its own: a transport ends its"
                                                   " combat move in a sea battle in {space} only together with a"
                                                   " unit of yours with an attack value (move that unit first or"
                                                   " with it).",
                                                   {"unit": unit["type"], "unit_id": unit["id"], "space": zone})
        # transports alone attack no submarines or transports (Interp. AMB-17): an assault zone only
    if left_to_avoid_combat(rs, state, str(unit.get("t_from", here)), zone, power):
        return
    if could_be_amphibious_zone(rs, state, zone, power):
        return
    raise IllegalOrder("AA41-CM-07", "{unit} {unit_id} may not end its combat move in {space}: there is nothing to"
                                     " attack there and no amphibious assault can be made from it.",
                                     {"unit": utype(rs, unit).name, "unit_id": unit['id'], "space": zone})


# -- order parsing shared by the movement orders -----------------------------------------
def unit_index(state: State) -> dict[int, tuple[str, Unit]]:
    return {u["id"]: (space, u) for space, units in state["units"].items() for u in units}


def named_twice(ids: Sequence[Any]) -> Any | None:
    """The first id a list names a second time (None: each once)."""
    seen: set[Any] = set()
    for unit_id in ids:
        if unit_id in seen:
            return unit_id
        seen.add(unit_id)
    return None


def parse_ids(order: dict[str, Any], key: str = "units") -> list[int]:
    raw = order.get(key)
    if not isinstance(raw, list) or not raw:
        raise InvalidOrder("AA41-ORDER-2", "'{key}' must be a non-empty list of unit ids.", {"key": key})
    try:
        ids = [int(x) for x in raw]
    except (TypeError, ValueError) as exc:
        raise InvalidOrder("AA41-ORDER-2", "'{key}' must list unit ids (integers).", {"key": key}) from exc
    if len(set(ids)) != len(ids):
        raise InvalidOrder("AA41-ORDER-2", "'{key}' names a unit twice.", {"key": key})
    return ids


def check_active(rs: AARuleset, ctx: OrderContext) -> tuple[State, str, str]:
    """The seat is the active power and the phase is a movement phase (AA41-DEF-02, CM-09)."""
    state = ctx.state
    power, phase = state["power"], state["phase"]
    if ctx.seat != power:
        raise IllegalOrder("AA41-DEF-02", "Only the active power moves units.")
    if phase == "combat":
        raise IllegalOrder("AA41-CM-09", "Combat moves are over: no unit moves while battles"
                                         " are fought (only amphibious cargo unloads).")
    if phase not in (COMBAT_MOVE, NONCOMBAT_MOVE):
        raise IllegalOrder("AA41-SEQ-03", "Units move only in combat move and noncombat move.")
    return state, power, phase


def owned_units(rs: AARuleset, index: dict[int, tuple[str, Unit]], ids: list[int], here: str,
                power: str) -> list[Unit]:
    units = []
    for uid in ids:
        found = index.get(uid)
        if found is None:
            raise InvalidOrder("AA41-ORDER-3", "There is no unit {unit_id}.", {"unit_id": uid})
        space, unit = found
        if space != here:
            raise IllegalOrder("AA41-CM-02", "Unit {unit_id} is in {space}, not in {space_2}: a route starts where"
                                             " the units are.", {"unit_id": uid, "space": space, "space_2": here})
        if unit["owner"] != power:
            raise IllegalOrder(*_not_yours(rs, unit, index, power))
        units.append(unit)
    return units


def _not_yours(rs: AARuleset, unit: Unit, index: dict[int, tuple[str, Unit]],
               power: str) -> Refusal:
    if not friendly(rs, unit["owner"], power):
        return ("AA41-DEF-02", N_("{unit} {unit_id} is an enemy unit."), {"unit": unit["type"], "unit_id": unit["id"]})
    kind = utype(rs, unit)
    if unit.get("aboard") is not None and kind.domain == "air":
        return ("AA41-MNF-07", N_("{unit} {unit_id} is a guest fighter: it takes off only on its owner's turn."),
                               {"unit": unit["type"], "unit_id": unit["id"]})
    if unit.get("aboard") is not None:
        return ("AA41-MNF-06", N_("{unit} {unit_id} belongs to a friendly power: it unloads on its turn."),
                               {"unit": unit["type"], "unit_id": unit["id"]})
    if kind.has("carries_land_units"):
        return ("AA41-MNF-06", N_("{unit} {unit_id} belongs to a friendly power: it moves on its owner's turn."),
                               {"unit": unit["type"], "unit_id": unit["id"]})
    if kind.carrier_capacity:
        return ("AA41-MNF-03", N_("{unit} {unit_id} belongs to a friendly power: it moves on its owner's turn."),
                               {"unit": unit["type"], "unit_id": unit["id"]})
    return ("AA41-MNF-02", N_("{unit} {unit_id} belongs to a friendly power: only the active power moves."),
                           {"unit": unit["type"], "unit_id": unit["id"]})


