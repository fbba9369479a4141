"""Rules module: Purchase & Repair per treasury (G40-PUR, G40-REP, G40-UK-04/06, G40-SEQ-03).

Takes the place of the family's ``pbem.games.aa.purchase`` in Global 1940. Orders (active
power, phase ``purchase``)::

    {"type": "purchase", "units": {...}, "treasury"?: "uk_pacific"}
        replaces that treasury's purchase list of this turn; a power with one treasury names
        none; the UK names its economy (default: the first that may spend, Europe first)
    {"type": "repair", "installations": {territory: {kind: points}}, "treasury"?: ...}
        removes damage at once (G40-REP-01/02), paid by the treasury of those territories

``state["pools"] = {"turn": [round, power], treasury: {type: n}}`` keeps each economy's list;
``state["bought"]`` (the family's mobilization pool) is their sum.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940 import bases, china, economy
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.turn import treasuries
from pbem.games.aa.purchase import parse_units, pool_cost, unit_cost, unit_names
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

PURCHASED, REPAIRED = "aa.g40_purchased", "aa.g40_repaired"


def g40(rs: AARuleset) -> G40Data:
    data = rs.data
    assert isinstance(data, G40Data)
    return data


def pools(state: State) -> dict[str, dict[str, int]]:
    """This turn's purchase list per treasury (empty when it belongs to another turn)."""
    kept = state.get("pools") or {}
    if kept.get("turn") != [state["round"], state["power"]]:
        return {}
    return {t: dict(units) for t, units in kept.items() if t != "turn"}


def _treasury(rs: AARuleset, state: State, power: str, named: Any) -> str:
    """The treasury an order spends from (G40-UK-04); refused when it may not spend now."""
    data = g40(rs)
    own = [t.id for t in data.treasuries_of(power)]
    if named is None:
        usable = treasuries(data, state, power)
        named = usable[0] if usable else own[0]
    if named not in own:
        raise InvalidOrder("G40-UK-04", "{power} has no treasury '{treasury}' (one of "
                           "{known}).", {"power": power, "treasury": str(named),
                                         "known": ", ".join(own)})
    return str(named)


def _check_turn(state: State, seat: str) -> str:
    power: str = state["power"]
    if seat != power:
        raise IllegalOrder("G40-SEQ-02", "Only the active power purchases and repairs.")
    if state["phase"] != "purchase":
        raise IllegalOrder("G40-SEQ-02", "Units are bought and repaired only in the Purchase & "
                           "Repair phase.")
    return power


def purchase(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """G40-PUR-01/06, G40-UK-04/08: the treasury pays; the list replaces its earlier one."""
    state = ctx.state
    power = _check_turn(state, ctx.seat)
    treasury = _treasury(rs, state, power, order.get("treasury"))
    units = parse_units(rs, order.get("units"), "G40-PUR-01")
    if power == china.CHINA:  # G40-CHINA-03: infantry, artillery with the Burma Road open
        china.check_purchase(g40(rs), state, units)
    cost = pool_cost(rs, units, state, power)
    earlier = pool_cost(rs, pools(state).get(treasury, {}), state, power)
    data = g40(rs)
    probe = {**state, "ipcs": {**state["ipcs"], treasury: state["ipcs"][treasury] + earlier}}
    economy.check_spend(data, probe, treasury, power, cost)
    ctx.emit(PURCHASED, {"power": power, "treasury": treasury, "units": units, "cost": cost,
                         "ipcs": state["ipcs"][treasury] + earlier - cost})


def repair_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """G40-REP-01/02/06, G40-UK-04: 1 IPC a point, own installations of that economy."""
    state = ctx.state
    power = _check_turn(state, ctx.seat)
    if power == china.CHINA:
        china.check_no_spending("repairs")
    raw = order.get("installations")
    if not isinstance(raw, dict) or not raw or not all(
            isinstance(k, dict) and k and all(isinstance(n, int) and not isinstance(n, bool)
                                             for n in k.values()) for k in raw.values()):
        raise InvalidOrder("G40-REP-01", 'List the repairs as {{"Germany": {{"major_complex": '
                           '3}}}}.')
    repairs = {str(t): {str(k): int(n) for k, n in kinds.items()} for t, kinds in raw.items()}
    first = sorted(repairs)[0]
    named = order.get("treasury")
    if named is None and power == "uk" and first in rs.data.spaces:
        named = g40(rs).space(first).uk_economy or None
    treasury = _treasury(rs, state, power, named)
    for territory in repairs:
        if territory not in rs.data.spaces:
            raise InvalidOrder("G40-REP-01", "Unknown territory '{space}'.", {"space": territory})
    cost = bases.check_repair(g40(rs), state, power, treasury, repairs)
    ctx.emit(REPAIRED, {"power": power, "treasury": treasury, "repairs": repairs, "cost": cost})


def _evolve_purchased(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    lists = pools(state)
    lists[p["treasury"]] = dict(p["units"])
    state["pools"] = {"turn": [state["round"], state["power"]], **lists}
    bought: dict[str, int] = {}
    for units in lists.values():
        for utype, n in units.items():  # installations wait apart (building.py)
            if rs.data.units[utype].domain != "installation":
                bought[utype] = bought.get(utype, 0) + n
    state["bought"] = {u: bought[u] for u in rs.data.unit_order if bought.get(u)}
    state["ipcs"][p["treasury"]] = p["ipcs"]
    state.pop("mobilizing", None)


def _evolve_repaired(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    bases.repair(state, p["repairs"])
    state["ipcs"][p["treasury"]] -= p["cost"]


def _describe_purchased(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"{rs.power_names[p['power']]} ({p['treasury']}) buys "
            f"{unit_names(rs, p['units'])} ({p['cost']} IPCs, {p['ipcs']} left)")


def _describe_repaired(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} ({p['treasury']}) repairs for {p['cost']} IPCs"


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    if state["phase"] != "purchase" or seat != state["power"]:
        return {}
    data = g40(rs)
    lists = pools(state)
    usable = treasuries(data, state, seat)
    available = {t: state["ipcs"][t] + pool_cost(rs, lists.get(t, {}), state, seat)
                 for t in usable}
    first = usable[0] if usable else None
    return {"purchase": {
        "available": available.get(first, 0) if first else 0,
        "treasury": first, "treasuries": available,
        "bought": dict(lists.get(first, {})) if first else {},
        "costs": {u: unit_cost(rs, state, seat, u) for u in rs.data.unit_order
                  if seat != china.CHINA or u in china.buyable(data, state)},
    }}


ORDERS = {"purchase": purchase, "repair": repair_order}
EVOLVERS = {PURCHASED: _evolve_purchased, REPAIRED: _evolve_repaired}
DESCRIBERS = {PURCHASED: _describe_purchased, REPAIRED: _describe_repaired}
LEGAL_OPTIONS = [_legal_options]
