"""Rules module: paratroopers (G40-TECH-10, ``paratroopers.py``) with the research option::

    {"type": "paradrop", "infantry": 12, "route": ["Western Germany", "Holland Belgium"]}

in Combat Move: one infantry of a territory with an operational air base (two per base and
turn) drops on an enemy territory within 3 spaces, never over a neutral (AMB-43); it is then
an attacker that moved as far as it may (``t_paratrooper``, ``t_stop``). Combat Move cannot
end while a drop zone has no other land unit of the power attacking it (overland, or by an
amphibious assault declared on it).

``legal_options["paradrops"]`` (the active power's Combat Move, with the advance): one entry
per air base that may still drop, ``{"from", "infantry": [ids], "left": n, "targets":
[territories], "attacked": [those other land units attack now], "rule": "G40-TECH-10"}``;
every infantry listed may drop on every target listed (``left`` more from that base this
turn). A drop on a target not yet ``attacked`` is accepted, but Combat Move cannot end until
land units attack it too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import Refusal
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.amphibious import declarations
from pbem.games.aa.global1940 import paratroopers
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

DROPPED = "aa.g40_paradropped"


def _dropped_from(state: State, site: str) -> int:
    return sum(1 for units in state["units"].values() for u in units
               if u.get("t_paratrooper") and u.get("t_from") == site)


def _land_attack(rs: AARuleset, state: State, target: str) -> bool:
    """Other land units of the active power attack ``target``: moved in overland, or aboard
    transports of an amphibious assault declared on it (G40-TECH-10)."""
    power = state["power"]
    return any(u["owner"] == power and u.get("t_combat") and not u.get("t_paratrooper")
               and rs.data.units[u["type"]].domain == "land" for u in state["units"][target]
               ) or any(d["target"] == target for d in declarations(state))


def paradrop(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state, data = ctx.state, g40(rs)
    power = state["power"]
    if ctx.seat != power or state["phase"] != "combat_move":
        raise IllegalOrder(paratroopers.RULE, "Paratroopers drop in the active power's Combat "
                           "Move.")
    route, uid = order.get("route"), order.get("infantry")
    if (not isinstance(route, list) or len(route) != 2 or not isinstance(uid, int)
            or not all(isinstance(s, str) and s in data.spaces for s in route)):
        raise InvalidOrder(paratroopers.RULE, 'Name one infantry and its "route": [air base '
                           "territory, target].")
    site, target = route
    unit = next((u for u in state["units"][site] if u["id"] == uid), None)
    if unit is None:
        raise IllegalOrder("G40-UNIT-INF-02", "Infantry {unit_id} is not in {space}.",
                           {"unit_id": uid, "space": site})
    limit = int(data.rules["research"]["paratroopers_per_air_base"])
    if _dropped_from(state, site) >= limit:
        raise IllegalOrder(paratroopers.RULE, "Drop 1 to {limit} infantry from each air base.",
                           {"limit": limit})
    paratroopers.check(data, state, power, site, [unit], target, attacked_by_land=True)
    ctx.emit(DROPPED, {"power": power, "unit": uid, "from": site, "to": target})


def offers(rs: AARuleset, state: State, seat: str) -> list[dict[str, Any]]:
    """Every paradrop the order would accept now (G40-TECH-10), by air base."""
    if seat != state["power"] or state["phase"] != "combat_move":
        return []
    data = g40(rs)
    limit = int(data.rules["research"]["paratroopers_per_air_base"])
    out = []
    for site in paratroopers.air_bases(data, state, seat):
        left = limit - _dropped_from(state, site)
        infantry = sorted(u["id"] for u in state["units"][site]
                          if paratroopers.may_drop(data, seat, u))
        zones = paratroopers.drop_zones(data, state, seat, site) if left > 0 and infantry else []
        if zones:
            out.append({"from": site, "infantry": infantry, "left": left, "targets": zones,
                        "attacked": [t for t in zones if _land_attack(rs, state, t)],
                        "rule": paratroopers.RULE})
    return out


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    found = offers(rs, state, seat)
    return {"paradrops": found} if found else {}


def _exit_check(rs: AARuleset, state: State) -> list[Refusal]:
    """G40-TECH-10: other land units attack every drop zone."""
    for space in rs.map.sorted_spaces(state["units"]):
        if any(u.get("t_paratrooper") for u in state["units"][space]) and not _land_attack(
                rs, state, space):
            return [(paratroopers.RULE, "Paratroopers drop only where other land units also "
                     "attack ({target}).", {"target": space})]
    return []


def _evolve_dropped(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    unit = next(u for u in state["units"][p["from"]] if u["id"] == p["unit"])
    state["units"][p["from"]].remove(unit)
    unit.update(t_from=p["from"], t_route_from=p["from"], t_combat=True, t_stop="combat_move",
                t_paratrooper=True, t_moved=rs.data.units[unit["type"]].move)
    state["units"][p["to"]].append(unit)


def _describe_dropped(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} drops paratroopers from {p['from']} on {p['to']}"


ORDERS = {"paradrop": paradrop}
PHASE_EXIT_CHECKS = {"combat_move": _exit_check}
EVOLVERS = {DROPPED: _evolve_dropped}
DESCRIBERS = {DROPPED: _describe_dropped}
LEGAL_OPTIONS = [_legal_options]
