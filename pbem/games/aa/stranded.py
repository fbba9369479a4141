"""Stranded fighters (AA41-AIR-14, AA41-NCM-03, Interp. AMB-15): defending fighters whose carrier
was sunk in Conduct combat (flag ``t_stranded``, set by the battle) land first in noncombat move.

A stranded fighter may land on a friendly carrier with room in its own sea zone or an adjacent
one, or in an adjacent territory controlled by a power friendly to it; with nowhere to go it is
lost. Its owner decides (AA41-CMB-33): with the option ``ask_defender`` it owes the order below
when noncombat move begins; otherwise its standing orders decide at once (the first place in
this order: a carrier in its own zone, an adjacent territory, a carrier in an adjacent zone,
board order). With a single place to go it lands there automatically.

``{"type": "land_stranded", "unit": id, "to": space, "carrier": id?}`` (``to`` left out only
when it cannot land). Events ``aa.stranded_landed`` ``{"unit", "from", "to", "carrier", "by"}``
and ``aa.stranded_lost`` ``{"unit", "space", "by"}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import format_message
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.state import State, Unit

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

Spot = tuple[str, int | None]  # (space, carrier id or None)


_STRANDED_PROMPT = N_("{power}: land stranded fighter {unit_id}")


def stranded(state: State) -> list[tuple[str, Unit]]:
    return [(space, u) for space in sorted(state["units"]) for u in state["units"][space] if u.get("t_stranded")]


def _room(rs: AARuleset, state: State, zone: str, carrier: Unit) -> int:
    used = sum(rs.data.units[u["type"]].carrier_cost for u in state["units"][zone] if u.get("aboard") == carrier["id"])
    return rs.data.units[carrier["type"]].carrier_capacity - used


def spots(rs: AARuleset, state: State, space: str, fighter: Unit) -> list[Spot]:
    """Where the stranded fighter may land, in the standing-order preference (AMB-15)."""
    friendly = rs.data.friendly

    def carriers(zone: str) -> list[Spot]:
        return [(zone, u["id"]) for u in state["units"][zone]
                if rs.data.units[u["type"]].carrier_capacity and friendly(u["owner"], fighter["owner"])
                and not (u["hits"] and rs.data.units[u["type"]].hits > 1)  # G40-UNIT-CV-02: damaged
                and _room(rs, state, zone, u) >= rs.data.units[fighter["type"]].carrier_cost]

    near = rs.map.neighbours(space)
    land: list[Spot] = [(t, None) for t in near if rs.map.is_land(t)
                        and friendly(state["owners"].get(t), fighter["owner"])]
    sea = [s for z in near if rs.map.is_sea(z) for s in carriers(z)]
    return carriers(space) + land + sea


def resolve(rs: AARuleset, ctx: OrderContext) -> None:
    """``PHASE_START["noncombat_move"]``: land what needs no decision (or every one, by standing orders)."""
    state = ctx.state
    ask = state["options"].get("ask_defender")
    for space, fighter in stranded(state):
        options = spots(rs, state, space, fighter)
        if not options:
            ctx.emit("aa.stranded_lost", {"unit": fighter["id"], "space": space, "by": "automatic"})
        elif len(options) == 1 or not ask:
            to, carrier = options[0]
            by = "automatic" if len(options) == 1 else "standing orders"
            ctx.emit("aa.stranded_landed", {"unit": fighter["id"], "from": space, "to": to, "carrier": carrier,
                                            "by": by})


def land_stranded_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    unit_id = order.get("unit")
    found = [(s, u) for s, u in stranded(state) if u["id"] == unit_id]
    if not found or found[0][1]["owner"] != ctx.seat:
        raise IllegalOrder("AA41-AIR-14", "Unit {unit_id} is not one of your stranded fighters.", {"unit_id": unit_id})
    space, fighter = found[0]
    options = spots(rs, state, space, fighter)
    to, carrier = order.get("to"), order.get("carrier")
    if carrier is not None and not isinstance(carrier, int):
        raise InvalidOrder("AA41-AIR-14", "'carrier' is a carrier's id.")
    if to is None:
        if options:
            raise IllegalOrder("AA41-AIR-14", "Fighter {unit_id} can land: choose one of {options}.",
                                              {"unit_id": unit_id, "options": _names(options)})
        ctx.emit("aa.stranded_lost", {"unit": unit_id, "space": space, "by": "owner"})
        return
    if carrier is None:
        carrier = next((c for s, c in options if s == to), None)
    if (to, carrier) not in options:
        raise IllegalOrder("AA41-AIR-14", "Fighter {unit_id} may land only at {options}.",
                                          {"unit_id": unit_id, "options": _names(options) or 'no place'})
    ctx.emit("aa.stranded_landed", {"unit": unit_id, "from": space, "to": to, "carrier": carrier, "by": "owner"})


def _names(options: list[Spot]) -> str:
    return ", ".join(s if c is None else f"{s} (carrier {c})" for s, c in options)


def owed(rs: AARuleset, state: State) -> list[dict[str, Any]] | None:
    """Under ``ask_defender``, each owner of a stranded fighter owes its landing (else none is left)."""
    if state["phase"] != "noncombat_move" or not state["options"].get("ask_defender"):
        return None
    out, seen = [], set()
    for _space, fighter in stranded(state):
        seat = fighter["owner"]
        if seat not in seen:
            seen.add(seat)
            params = {"power": seat, "unit_id": fighter["id"]}
            out.append({"seat": seat, "seat_name": rs.power_names[seat], "kind": "stranded",
                        "phase_key": "noncombat_move", "phase": rs.edition.phase_labels["noncombat_move"],
                        "unit": fighter["id"], "prompt_key": _STRANDED_PROMPT, "prompt_params": params,
                        "prompt": format_message(_STRANDED_PROMPT, params, rs.vocabulary)})
    return out or None


def default_order(rs: AARuleset, state: State, seat: str) -> dict[str, Any] | None:
    if state["phase"] != "noncombat_move":
        return None
    for space, fighter in stranded(state):
        if fighter["owner"] == seat:
            options = spots(rs, state, space, fighter)
            if not options:
                return {"type": "land_stranded", "unit": fighter["id"]}
            to, carrier = options[0]
            return {"type": "land_stranded", "unit": fighter["id"], "to": to, "carrier": carrier}
    return None


def _landed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    here = state["units"][p["from"]]
    unit = next(u for u in here if u["id"] == p["unit"])
    state["units"][p["from"]] = [u for u in here if u["id"] != p["unit"]]
    unit.pop("t_stranded", None)
    unit.pop("aboard", None)
    if p["carrier"] is not None:
        unit["aboard"] = p["carrier"]
    state["units"][p["to"]].append(unit)


def _lost(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["units"][p["space"]] = [u for u in state["units"][p["space"]] if u["id"] != p["unit"]]


ORDERS = {"land_stranded": land_stranded_order}
EVOLVERS = {"aa.stranded_landed": _landed, "aa.stranded_lost": _lost}
PHASE_START = {"noncombat_move": resolve}
