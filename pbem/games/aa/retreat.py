"""Condition B: the attacker retreats (AA41-CMB-22/23, AA41-AMP-11, Interp. AMB-09).

``{"type": "retreat", "place": "Ukraine", "to": "West Russia"}`` at step 6 of a round (after
at least one round of fire). Every attacking land unit (land battle) or sea unit (sea battle)
goes to ``to``: adjacent, friendly now, and the space from which at least one of them entered
the battle (``t_route_from``); a sea zone must also have been friendly at the start of the turn
(no battle against surface warships was opened there this turn). Air units stay in the battle
space until noncombat move (AA41-AIR-10, AA41-CMB-23). In an amphibious land battle the land
units that came from the sea cannot retreat and fight on alone (AA41-AMP-11). Land units that came
by air (the edition's ``airborne`` hook: Global 1940's paratroopers, G40-TECH-10) retreat only
together with land units that attacked overland, to a space one of those came from; with none of
them left they stay and fight on. ``to`` is left out when only air units retreat. Event
``aa.retreated`` ``{"place", "to", "units", "air", "partial"}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.combat_rules import airborne
from pbem.games.aa.combat_state import Battle, attackers, defenders
from pbem.games.aa.state import State, Unit

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def movers(rs: AARuleset, state: State, b: Battle) -> tuple[list[Unit], list[Unit], list[Unit]]:
    """``(moving, air, staying)``: who retreats to a space, who retreats in place, who cannot."""
    domain = "land" if b["kind"] == "land" else "sea"
    seaborne = set(b["seaborne"])
    moving, air, staying, dropped = [], [], [], []
    for unit in attackers(rs, state, b):
        kind = rs.data.units[unit["type"]].domain
        if kind == "air":
            air.append(unit)
        elif kind == domain and unit["id"] in seaborne:
            staying.append(unit)
        elif kind == domain and airborne(rs, state, unit):
            dropped.append(unit)  # G40-TECH-10: with the land units that came overland, if any
        elif kind == domain:
            moving.append(unit)
    (moving if moving else staying).extend(dropped)
    return moving, air, staying


def destinations(rs: AARuleset, state: State, b: Battle, moving: list[Unit]) -> list[str]:
    """AMB-09: where the retreating land or sea units may go."""
    place, power = b["place"], b["attacker"]
    came_from = {u["t_route_from"] for u in moving if u.get("t_route_from") and not airborne(rs, state, u)}
    out = []
    for space in rs.map.sorted_spaces(came_from):
        if space == place or not rs.map.adjacent(space, place):
            continue
        if b["kind"] == "land":
            if rs.map.is_land(space) and rs.data.friendly(state["owners"].get(space), power):
                out.append(space)
            continue
        if not rs.map.is_sea(space) or _zone_hostile_now(rs, state, space, power):
            continue
        opened = state["battles"].get(space)
        if opened is not None and opened["hostile"]:
            continue  # hostile at the start of the turn
        side = rs.sides[power]
        if rs.map.sea_step_allowed(place, space, side, state["owners_at_turn_start"], state["owners"]):
            out.append(space)
    return out


def _zone_hostile_now(rs: AARuleset, state: State, zone: str, power: str) -> bool:
    return any(rs.data.units[u["type"]].has("surface_warship") and not rs.data.friendly(u["owner"], power)
               for u in state["units"][zone])


def retreat_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    from pbem.games.aa.combat import _battle_for
    from pbem.games.aa.combat_round import end

    state = ctx.state
    b = _battle_for(rs, ctx, order)
    if ctx.seat != b["attacker"]:
        raise IllegalOrder("AA41-CMB-22", "Only the attacker may retreat, never the defender.")
    if b["pending"] is not None:
        raise IllegalOrder("AA41-CMB-33", "A casualty choice is owed in {space} first.", {"space": b['place']})
    if b["status"] != "fighting" or b["round"] < 1:
        raise IllegalOrder("AA41-CMB-22", "A retreat comes at step 6, after at least one round of combat.")
    moving, air, staying = movers(rs, state, b)
    rule = next((r for u in staying if (r := airborne(rs, state, u))), None)
    if rule is not None and not moving and not air:
        raise IllegalOrder(rule, "Land units dropped by air retreat only together with land units that"
                                 " attacked overland: none is left in {space}.", {"space": b["place"]})
    to = order.get("to")
    if to is not None and not isinstance(to, str):
        raise InvalidOrder("AA41-CMB-22", "'to' names the space to retreat to.")
    if moving:
        allowed = destinations(rs, state, b, moving)
        if not allowed:
            raise IllegalOrder("AA41-CMB-22", "No space to retreat to from {space}: it must be adjacent, friendly,"
                                              " and a space your units came from.", {"space": b['place']})
        if to not in allowed:
            raise IllegalOrder("AA41-CMB-22", "Retreat from {space} to one of: {spaces}.",
                                              {"space": b['place'], "spaces": allowed})
    elif to is not None:
        raise IllegalOrder("AA41-CMB-23", "Only air units retreat here: they stay in the battle space "
                                          "until noncombat move; leave out 'to'.")
    if not moving and not air:
        raise IllegalOrder("AA41-AMP-11", "Land units that came from the sea cannot retreat.")
    partial = bool(staying) and bool(defenders(rs, state, b))
    ctx.emit("aa.retreated", {"place": b["place"], "to": to if moving else None,
                              "units": sorted(u["id"] for u in moving), "air": sorted(u["id"] for u in air),
                              "partial": partial})
    if not partial:
        end(rs, ctx, b, "defender", "attacker retreated")
