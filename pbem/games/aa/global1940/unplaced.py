"""Rules module: what could not be placed at the end of Mobilize is returned and refunded to
the treasury that bought it (G40-MOB-10, AMB-22; G40-UK-04 for the two UK economies).

Takes the place of the family's ``pbem.games.aa.mobzone`` in Global 1940.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940.purchase import g40, pools
from pbem.games.aa.global1940.queries import treasury_for
from pbem.games.aa.purchase import pool_cost, unit_names
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

REFUNDED = "aa.g40_refunded"


def placed_by_treasury(rs: AARuleset, state: State, power: str) -> dict[str, dict[str, int]]:
    """Units placed this turn, by the treasury of the complex they count against."""
    data = g40(rs)
    out: dict[str, dict[str, int]] = {}
    for units in state["units"].values():
        for unit in units:
            site = unit.get("t_placed")
            if unit["owner"] == power and isinstance(site, str) and site in data.spaces:
                counts = out.setdefault(treasury_for(data, power, site), {})
                counts[unit["type"]] = counts.get(unit["type"], 0) + 1
    return out


def leftovers(rs: AARuleset, state: State, power: str) -> dict[str, dict[str, int]]:
    """G40-MOB-10: per treasury, the units of its list still in the pool (a unit placed at the
    other economy's complex is counted against that economy's list first)."""
    left = {u: n for u, n in state["bought"].items() if n}
    lists = pools(state) or {g40(rs).treasuries_of(power)[0].id: dict(left)}
    placed = placed_by_treasury(rs, state, power)
    out: dict[str, dict[str, int]] = {}
    spare = {t: {u: max(0, n - placed.get(t, {}).get(u, 0)) for u, n in units.items()}
             for t, units in lists.items()}
    for utype in rs.data.unit_order:
        need = left.get(utype, 0)
        for treasury in sorted(spare):
            take = min(need, spare[treasury].get(utype, 0))
            if take:
                out.setdefault(treasury, {})[utype] = take
                need -= take
        if need:  # placed across economies: refund what remains to the first list holding it
            first = next((t for t in sorted(lists) if lists[t].get(utype)), sorted(lists)[0])
            counts = out.setdefault(first, {})
            counts[utype] = counts.get(utype, 0) + need
    return out


def _phase_end(rs: AARuleset, ctx: OrderContext) -> None:
    state = ctx.state
    power = state["power"]
    for treasury, units in sorted(leftovers(rs, state, power).items()):
        ctx.emit(REFUNDED, {"power": power, "treasury": treasury, "units": units,
                            "ipcs": pool_cost(rs, units, state, power)}, seat=None)


def _evolve_refunded(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["ipcs"][p["treasury"]] += p["ipcs"]
    for utype, n in p["units"].items():
        state["bought"][utype] = state["bought"].get(utype, 0) - n
    state["bought"] = {u: n for u, n in state["bought"].items() if n > 0}


def _describe_refunded(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"{p['treasury']}: {unit_names(rs, p['units'])} could not be placed, "
            f"{p['ipcs']} IPCs refunded")


PHASE_END = {"mobilize": _phase_end}
EVOLVERS = {REFUNDED: _evolve_refunded}
DESCRIBERS = {REFUNDED: _describe_refunded}
