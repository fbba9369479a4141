"""The mobilization zone after Mobilize: what could not be placed (AA41-MOB-09, AAE-MOB-09).

A&A 1941 refunds it (``aa.refunded``). An edition with ``Edition.keeps_unplaced`` (the
Anniversary) keeps it waiting (``aa.units_waiting``, ``state["waiting"][power]``); it joins
the pool when the power's next Mobilize begins (``aa.units_returned``). A waiting pool is
lost with the capital (AAE-MOB-11, the edition's capture hook).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.purchase import pool_cost, unit_names
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

REFUNDED, WAITING, RETURNED = "aa.refunded", "aa.units_waiting", "aa.units_returned"


def _phase_end(rs: AARuleset, ctx: OrderContext) -> None:
    """AA41-MOB-09: refund what could not be placed (or keep it waiting: AAE-MOB-09)."""
    state = ctx.state
    left = {u: state["bought"][u] for u in rs.data.unit_order if state["bought"].get(u)}
    if left and rs.edition.keeps_unplaced:
        ctx.emit(WAITING, {"power": state["power"], "units": left}, seat=None)
    elif left:
        ctx.emit(REFUNDED, {"power": state["power"], "units": left,
                            "ipcs": pool_cost(rs, left, state, state["power"])}, seat=None)


def _phase_start(rs: AARuleset, ctx: OrderContext) -> None:
    """The units waiting from earlier turns join the pool (AAE-MOB-09)."""
    waiting = ctx.state.get("waiting", {}).get(ctx.state["power"])
    if waiting:
        ctx.emit(RETURNED, {"power": ctx.state["power"], "units": waiting}, seat=None)


def _evolve_refunded(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["ipcs"][p["power"]] += p["ipcs"]
    state["bought"] = {}


def _evolve_waiting(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state.setdefault("waiting", {})[p["power"]] = dict(p["units"])
    state["bought"] = {}


def _evolve_returned(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    waiting = state.setdefault("waiting", {}).pop(p["power"], {})
    for utype, n in waiting.items():
        state["bought"][utype] = state["bought"].get(utype, 0) + n


def _describe_refunded(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"{rs.power_names[p['power']]} could not place {unit_names(rs, p['units'])}: "
            f"{p['ipcs']} IPCs refunded")


def _describe_waiting(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} could not place {unit_names(rs, p['units'])}: they wait"


def _describe_returned(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} takes back {unit_names(rs, p['units'])} to mobilize"


EVOLVERS = {REFUNDED: _evolve_refunded, WAITING: _evolve_waiting, RETURNED: _evolve_returned}
DESCRIBERS = {REFUNDED: _describe_refunded, WAITING: _describe_waiting,
              RETURNED: _describe_returned}
PHASE_START = {"mobilize": _phase_start}
PHASE_END = {"mobilize": _phase_end}
