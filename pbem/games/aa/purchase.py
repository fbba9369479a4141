"""Purchase units (AA41-PUR): ``{"type": "purchase", "units": {"infantry": 3, "tank": 1}}``.

Each purchase order *replaces* the purchase list of this phase: the treasury is checked
against its value when the phase began (AA41-PUR-02), i.e. the current treasury plus the
cost of the list being replaced. The cost is deducted at once; the units go to the power's
mobilization pool ``state["bought"]`` (AA41-PUR-04) and are placed in Mobilize.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.state import State, capital_lost

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

#: Names players may try that are not for sale in this game (AA41-PUR-07, AA41-GEN-09).
_COMPLEX_NAMES = {"factory", "industrial_complex", "complex", "ic"}
_NOT_IN_GAME = {"artillery", "cruiser", "aa_gun", "aagun", "antiaircraft", "tactical_bomber",
                "mech_infantry", "mechanized_infantry"}


def unit_cost(rs: AARuleset, state: State | None, power: str | None, utype: str) -> int:
    """The price of ``utype`` for ``power`` now (the edition may change it: ``Edition.unit_cost``)."""
    hook = rs.edition.unit_cost
    if hook is not None and state is not None and power is not None:
        return hook(rs, state, power, utype)
    return rs.data.units[utype].cost


def pool_cost(rs: AARuleset, units: dict[str, int], state: State | None = None,
              power: str | None = None) -> int:
    return sum(unit_cost(rs, state, power, u) * n for u, n in units.items())


def unit_names(rs: AARuleset, units: dict[str, int]) -> str:
    parts = [f"{n} {rs.data.units[u].name.lower()}" for u, n in units.items() if n]
    return ", ".join(parts) if parts else "nothing"


def parse_units(rs: AARuleset, raw: Any, rule: str) -> dict[str, int]:
    """Validate a ``{type: count}`` dict; return it in purchase-table order without zeros."""
    if not isinstance(raw, dict):
        raise InvalidOrder(rule, 'List the units as {{"infantry": 3, "tank": 1}}.')
    for utype, count in raw.items():
        if utype in rs.data.units:  # the edition's roster (Anniversary sells complexes, artillery)
            pass
        elif utype in _COMPLEX_NAMES:
            raise IllegalOrder("AA41-PUR-07", "Industrial complexes cannot be bought or built.")
        elif utype in _NOT_IN_GAME:
            raise IllegalOrder("AA41-GEN-09", "There is no {unit} in this game.", {"unit": utype})
        else:
            known = ", ".join(rs.data.unit_order)
            raise InvalidOrder(rule, "Unknown unit type '{unit}' (one of {known}).", {"unit": utype, "known": known})
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InvalidOrder(rule, "The number of {unit} must be a whole number >= 0.", {"unit": utype})
    return {u: raw[u] for u in rs.data.unit_order if raw.get(u)}


def purchase(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    power = state["power"]
    if ctx.seat != power:
        raise IllegalOrder("AA41-DEF-02", "Only the active power purchases units.")
    if state["phase"] != "purchase":
        raise IllegalOrder("AA41-PUR-03", "Units can be bought only in the purchase phase.")
    if capital_lost(rs, state, power):
        raise IllegalOrder("AA41-PUR-06", "{power} cannot purchase while an enemy holds its capital.", {"power": power})
    units = parse_units(rs, order.get("units"), "AA41-PUR-01")
    cost = pool_cost(rs, units, state, power)
    available = state["ipcs"][power] + pool_cost(rs, state["bought"], state, power)
    if cost > available:
        raise IllegalOrder("AA41-PUR-02", "The purchase costs {cost} IPCs but {power} has {available}.",
                                          {"cost": cost, "power": power, "available": available})
    ctx.emit("aa.purchased", {"power": power, "units": units, "cost": cost,
                              "ipcs": available - cost})


def _evolve_purchased(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["bought"] = dict(p["units"])
    state["ipcs"][p["power"]] = p["ipcs"]


def _describe_purchased(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"{rs.power_names[p['power']]} buys {unit_names(rs, p['units'])} ({p['cost']} IPCs,"
            f" {p['ipcs']} left)")


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    if state["phase"] != "purchase" or seat != state["power"]:
        return {}
    return {"purchase": {
        "available": state["ipcs"][seat] + pool_cost(rs, state["bought"], state, seat),
        "bought": dict(state["bought"]),
        "costs": {u: unit_cost(rs, state, seat, u) for u in rs.data.unit_order},
    }}


ORDERS = {"purchase": purchase}
EVOLVERS = {"aa.purchased": _evolve_purchased}
DESCRIBERS = {"aa.purchased": _describe_purchased}
LEGAL_OPTIONS = [_legal_options]
