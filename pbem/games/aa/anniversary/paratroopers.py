"""Paratroopers (AAE-TECH-03/15/16), an edition rules module.

With the Paratroopers advance a bomber carries one infantry in combat move::

    {"type": "paradrop", "bomber": id, "infantry": id, "route": [spaces], "landing": {...}?}

Both start the move in ``route[0]``, the infantry not yet moved this turn (E-08); the route's
last space is the first hostile territory it enters (sea zones and friendly territories before
it, AAE-TECH-03). The bomber's move is the family's ``move`` order (range and landing checked
there); then ``aa.paradropped`` puts the infantry in the target as an attacking land unit, and
the combat move of both ends (``t_stop``). The bomber may fight there but not raid (AAE-TECH-15,
``t_paratroopers``); the infantry may retreat to the space the bomber came from if friendly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.routes import COMBAT_MOVE, check_active, territory_hostile
from pbem.games.aa.state import State, Unit

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

PARADROPPED = "aa.paradropped"


def paradrop(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state, power, phase = check_active(rs, ctx)
    if phase != COMBAT_MOVE:
        raise IllegalOrder("AAE-TECH-16", "Paratroopers are carried only in combat move.")
    if "paratroopers" not in advances(state, power):
        raise IllegalOrder("AAE-TECH-03", "{power} has not developed Paratroopers.", {"power": power})
    route, bomber_id, infantry_id = order.get("route"), order.get("bomber"), order.get("infantry")
    if not isinstance(route, list) or len(route) < 2 or not all(isinstance(s, str) and s in rs.data.spaces
                                                                 for s in route):
        raise InvalidOrder("AAE-TECH-03", "'route' lists the spaces the bomber flies through, from its start.")
    start, target = route[0], route[-1]
    bomber = _unit(rs, state, bomber_id, start, power, "carries_paratrooper")
    infantry = _unit(rs, state, infantry_id, start, power, "paratrooper")
    if infantry.get("t_from") or infantry.get("aboard") is not None or bomber.get("t_paratroopers"):
        raise IllegalOrder("AAE-TECH-16", "The paratrooper must start the turn with the bomber, unmoved and not"
                                          " aboard a transport; a bomber carries one infantry.")
    if not rs.map.is_land(target) or not territory_hostile(rs, state, target, power):
        raise IllegalOrder("AAE-TECH-03", "The infantry is dropped into a hostile territory, not {space}.",
                           {"space": target})
    for space in route[1:-1]:
        if rs.map.is_land(space) and territory_hostile(rs, state, space, power):
            raise IllegalOrder("AAE-TECH-03", "The bomber stops in the first hostile territory it enters: {space}.",
                               {"space": space})
    move = {"type": "move", "units": [bomber_id], "route": route}
    if order.get("landing") is not None:
        move["landing"] = order["landing"]  # AAE-CM-12/14: the bomber's landing plan
    rs.orders["move"](rs, ctx, move)
    ctx.emit(PARADROPPED, {"bomber": bomber_id, "infantry": infantry_id, "from": start, "to": target,
                           "via": route[-2]})


def _unit(rs: AARuleset, state: State, unit_id: Any, start: str, power: str, ability: str) -> Unit:
    found: list[Unit] = [u for u in state["units"][start] if u["id"] == unit_id and u["owner"] == power
                         and rs.data.units[u["type"]].has(ability)]
    if not found:
        raise IllegalOrder("AAE-TECH-03", "Unit {unit_id} in {space} cannot take part in a paradrop (a bomber"
                                          " of yours carries one of your infantry).",
                           {"unit_id": unit_id, "space": start})
    return found[0]


def _paradropped(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    moving = [u for u in state["units"][p["from"]] if u["id"] == p["infantry"]]
    state["units"][p["from"]] = [u for u in state["units"][p["from"]] if u["id"] != p["infantry"]]
    for unit in moving:
        unit.update({"t_from": p["from"], "t_moved": 1, "t_route_from": p["via"], "t_combat": True,
                     "t_stop": COMBAT_MOVE})
    state["units"][p["to"]].extend(moving)
    for unit in state["units"][p["to"]]:
        if unit["id"] == p["bomber"]:
            unit["t_paratroopers"] = True
            unit["t_stop"] = COMBAT_MOVE


ORDERS = {"paradrop": paradrop}
EVOLVERS = {PARADROPPED: _paradropped}
DESCRIBERS = {PARADROPPED: lambda rs, e: f"Paratroopers dropped into {e['payload']['to']}"}
