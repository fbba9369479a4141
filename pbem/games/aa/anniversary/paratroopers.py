"""Rules module: Paratroopers (AAE-TECH-03, AAE-TECH-15/16).

``{"type": "paradrop", "bomber": id, "infantry": id, "route": [spaces], "landing"?: {...}}``
(``landing``: the bomber's landing plan, as in a move) in Combat Move, for
a power with the advance: the bomber flies the route (the family's move rules: its range, a
landing it can still reach) and must stop in the first hostile territory it enters; the
infantry, which started the turn in the bomber's territory, is dropped there and both end
their combat move (``aa.aae_paradropped``). The bomber is marked ``t_paratroopers``: it may not
make a strategic bombing raid this turn (AAE-TECH-15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.anniversary import research
from pbem.games.aa.routes import territory_hostile
from pbem.games.aa.state import State, Unit

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

DROPPED = "aa.aae_paradropped"
_RULE = "AAE-TECH-03"


def _find(state: State, uid: Any) -> tuple[str, Unit] | None:
    for space, units in state["units"].items():
        for unit in units:
            if unit["id"] == uid:
                return space, unit
    return None


def _check(rs: AARuleset, state: State, power: str, order: dict[str, Any]) -> tuple[str, list[str]]:
    if state["phase"] != "combat_move" or state["power"] != power:
        raise IllegalOrder(_RULE, "Paratroopers are dropped in your combat move.")
    if "paratroopers" not in research.advances(state, power):
        raise IllegalOrder(_RULE, "{power} has not developed Paratroopers.", {"power": power})
    route = order.get("route")
    if not isinstance(route, list) or len(route) < 2 or not all(
            isinstance(s, str) and s in rs.data.spaces for s in route):
        raise InvalidOrder(_RULE, "Give the bomber's route as a list of spaces.")
    bomber, infantry = _find(state, order.get("bomber")), _find(state, order.get("infantry"))
    types = rs.data.units
    if bomber is None or bomber[1]["owner"] != power or not types[bomber[1]["type"]].has(
            "carries_paratrooper"):
        raise IllegalOrder(_RULE, "Name one of your bombers to carry the paratrooper.")
    if infantry is None or infantry[1]["owner"] != power or not types[
            infantry[1]["type"]].has("paratrooper"):
        raise IllegalOrder(_RULE, "Only an infantry of yours can be dropped.")
    start = route[0]
    if bomber[0] != start or infantry[0] != start or not rs.map.is_land(start):
        raise IllegalOrder("AAE-TECH-16", "The bomber and its infantry take off together from "
                           "the territory they are in ({space}).", {"space": start})
    if (bomber[1].get("t_moved") or infantry[1].get("t_moved") or infantry[1].get("t_from")
            or infantry[1].get("t_placed") or "aboard" in infantry[1]):
        raise IllegalOrder("AAE-TECH-16", "The paratrooper must start the turn in {space} and "
                           "not have moved.", {"space": start})
    for i, space in enumerate(route[1:], start=1):
        hostile = rs.map.is_land(space) and territory_hostile(rs, state, space, power)
        if hostile and i != len(route) - 1:
            raise IllegalOrder(_RULE, "The bomber must stop in {space}, the first hostile "
                               "territory it enters.", {"space": space})
        if i == len(route) - 1 and not hostile:
            raise IllegalOrder(_RULE, "Paratroopers are dropped on a hostile territory, not "
                               "{space}.", {"space": space})
    return start, route


def paradrop(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    _start, route = _check(rs, state, ctx.seat, order)
    # the bomber's own flight: the family's move rules (range, a landing it can reach)
    move: dict[str, Any] = {"type": "move", "units": [order["bomber"]], "route": route}
    if order.get("landing") is not None:
        move["landing"] = order["landing"]
    rs.orders["move"](rs, ctx, move)
    ctx.emit(DROPPED, {"power": ctx.seat, "bomber": order["bomber"],
                       "infantry": order["infantry"], "from": route[0], "at": route[-1]})


def _evolve_dropped(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    start = state["units"][p["from"]]
    infantry = next(u for u in start if u["id"] == p["infantry"])
    start.remove(infantry)
    infantry.update({"t_moved": rs.data.units[infantry["type"]].move, "t_combat": True,
                     "t_stop": "combat_move", "t_from": p["from"], "t_paratrooper": True})
    state["units"][p["at"]].append(infantry)
    for unit in state["units"][p["at"]]:
        if unit["id"] == p["bomber"]:
            unit["t_paratroopers"] = True
            unit["t_stop"] = "combat_move"


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """The bombers that may carry a paratrooper now and the infantry beside each."""
    if (state["phase"] != "combat_move" or seat != state["power"]
            or "paratroopers" not in research.advances(state, seat)):
        return {}
    types, out = rs.data.units, []
    for space, units in state["units"].items():
        if not rs.map.is_land(space):
            continue
        ready = [u for u in units if u["owner"] == seat and not u.get("t_moved")]
        infantry = [u["id"] for u in ready if types[u["type"]].has("paratrooper")
                    and not u.get("t_from") and not u.get("t_placed") and "aboard" not in u]
        for bomber in ready:
            if types[bomber["type"]].has("carries_paratrooper") and infantry:
                out.append({"bomber": bomber["id"], "space": space, "infantry": infantry})
    return {"paradrop": out} if out else {}


def _describe(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} drops an infantry by bomber on {p['at']}"


ORDERS = {"paradrop": paradrop}
EVOLVERS = {DROPPED: _evolve_dropped}
DESCRIBERS = {DROPPED: _describe}
LEGAL_OPTIONS = [_legal_options]
