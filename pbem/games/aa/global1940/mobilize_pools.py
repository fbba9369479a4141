"""Rules module: Mobilize per economy and the refund of what could not be placed (G40-SEQ-03,
G40-UK-06, G40-MOB-08, G40-MOB-10). Takes the place of the family's ``pbem.games.aa.mobzone``.

When Mobilize begins, the purchases of the power's first treasury with a list open as the
family's mobilization pool (``state["bought"]``, ``state["mobilizing"]`` names the treasury);
the complexes offered are that economy's only (``complex_sites``). Once they are placed the
UK sends ``{"type": "mobilize_economy", "treasury": "uk_pacific"}``: what its first economy
could not place is refunded to it and the next list opens. Ending Mobilize refunds the rest
(G40-MOB-10, AMB-22: returned with a refund, not kept).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder
from pbem.engine.errors import Refusal
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940.purchase import g40, pools
from pbem.games.aa.mobilize import placements
from pbem.games.aa.purchase import pool_cost, unit_names
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

OPENED, REFUNDED = "aa.g40_pool_opened", "aa.g40_refunded"


def waiting(rs: AARuleset, state: State) -> list[str]:
    """The treasuries of the active power whose purchases are still to be mobilized."""
    lists = pools(state)
    return [t.id for t in g40(rs).treasuries_of(state["power"]) if lists.get(t.id)]


def _open(rs: AARuleset, ctx: OrderContext, treasury: str) -> None:
    ctx.emit(OPENED, {"power": ctx.state["power"], "treasury": treasury,
                      "units": pools(ctx.state)[treasury]}, seat=None)


def _refund(rs: AARuleset, ctx: OrderContext) -> None:
    state = ctx.state
    left = {u: n for u, n in {**state["bought"], **state.get("to_build", {})}.items() if n}
    treasury = state.get("mobilizing") or state["power"]
    if left:
        ctx.emit(REFUNDED, {"power": state["power"], "treasury": treasury, "units": left,
                            "ipcs": pool_cost(rs, left, state, state["power"])}, seat=None)


def _phase_start(rs: AARuleset, ctx: OrderContext) -> None:
    first = waiting(rs, ctx.state)
    if first:
        _open(rs, ctx, first[0])


def mobilize_economy(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """G40-SEQ-03, G40-UK-06: the next economy's purchases, placed at its own complexes."""
    state = ctx.state
    if ctx.seat != state["power"] or state["phase"] != "mobilize":
        raise IllegalOrder("G40-SEQ-03", "Each economy mobilizes in its power's Mobilize phase.")
    treasury = order.get("treasury")
    if treasury not in waiting(rs, state):
        raise IllegalOrder("G40-SEQ-03", "{treasury} has no purchases waiting to be placed.",
                           {"treasury": str(treasury)})
    where = placements(rs, state)
    if where:
        space, types = next(iter(where.items()))
        raise IllegalOrder("G40-MOB-10", "Place every unit you can first: {unit} can still go "
                           "to {space}.", {"unit": types[0], "space": space})
    _refund(rs, ctx)
    _open(rs, ctx, str(treasury))


def _exit_check(rs: AARuleset, state: State) -> list[Refusal]:
    left = waiting(rs, state)
    if left:
        return [("G40-SEQ-03", N_("The purchases of {treasury} are still to be placed: mobilize "
                                  "that economy."), {"treasury": left[0]})]
    return []


def _default_order(rs: AARuleset, state: State, seat: str) -> dict[str, Any] | None:
    if state["phase"] != "mobilize" or seat != state["power"]:
        return None
    left = waiting(rs, state)
    if not left or placements(rs, state):
        return None
    return {"type": "mobilize_economy", "treasury": left[0]}


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    if state["phase"] != "mobilize" or seat != state["power"]:
        return {}
    left = waiting(rs, state)
    return {"mobilize_economy": {"mobilizing": state.get("mobilizing"), "waiting": left}} \
        if left else {}


def _evolve_opened(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    built = {u for u in p["units"] if rs.data.units[u].domain == "installation"}
    state["bought"] = {u: n for u, n in p["units"].items() if u not in built}
    state["to_build"] = {u: n for u, n in p["units"].items() if u in built}  # building.py
    state["mobilizing"] = p["treasury"]
    kept = state["pools"]
    kept[p["treasury"]] = {}


def _evolve_refunded(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["ipcs"][p["treasury"]] += p["ipcs"]
    state["bought"] = {}
    state["to_build"] = {}


def _describe_opened(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{p['treasury']} mobilizes {unit_names(rs, p['units'])}"


def _describe_refunded(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"{p['treasury']}: {unit_names(rs, p['units'])} could not be placed, "
            f"{p['ipcs']} IPCs refunded")


ORDERS = {"mobilize_economy": mobilize_economy}
PHASE_START = {"mobilize": _phase_start}
PHASE_END = {"mobilize": _refund}
PHASE_EXIT_CHECKS = {"mobilize": _exit_check}
DEFAULT_ORDERS = [_default_order]
LEGAL_OPTIONS = [_legal_options]
EVOLVERS = {OPENED: _evolve_opened, REFUNDED: _evolve_refunded}
DESCRIBERS = {OPENED: _describe_opened, REFUNDED: _describe_refunded}
