"""Rules module: the optional Research & Development phase in Global 1940 (G40-TECH-01…07).

Takes the place of the Anniversary's ``research_phase`` (whose chart choice, breakthrough
and owed decision it reuses): research dice are paid by the power's treasuries — for the UK
either economy or both (G40-TECH-03) — rolled at once and discarded, success or not
(G40-TECH-04/07, AMB-29: nothing is kept for later turns). China and the Soviet Union never
research (G40-TECH-02). Order::

    {"type": "research", "tokens": n, "treasury"?: "uk_pacific"}
        n dice at 5 IPCs; without a treasury the UK pays from Europe first, then Pacific
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.anniversary import research, research_phase
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.global1940.turn import treasuries
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

ROLLED = "aa.g40_research_rolled"
NEVER = ("china", "ussr")  # G40-TECH-02


def payment(rs: AARuleset, state: State, power: str, cost: int, named: Any) -> dict[str, int]:
    """G40-TECH-03: which treasuries pay ``cost`` (refused when they cannot)."""
    usable = list(treasuries(g40(rs), state, power))
    if named is not None:
        if named not in usable:
            raise IllegalOrder("G40-TECH-03", "{treasury} cannot pay for research now.",
                               {"treasury": str(named)})
        usable = [str(named)]
    paid: dict[str, int] = {}
    left = cost
    for treasury in usable:
        take = min(left, state["ipcs"][treasury])
        if take:
            paid[treasury] = take
            left -= take
    if left:
        raise IllegalOrder("G40-TECH-03", "{count} research dice cost {cost} IPCs; {power} holds "
                           "{ipcs}.", {"count": cost // 5, "cost": cost, "power": power,
                                       "ipcs": sum(state["ipcs"][t] for t in usable)})
    return paid


def research_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    power = state["power"]
    if ctx.seat != power or state["phase"] != "research":
        raise IllegalOrder("G40-TECH-01", "Research happens only in the active power's research "
                           "and development phase.")
    if power in NEVER:
        raise IllegalOrder("G40-TECH-02", "{power} never researches.", {"power": power})
    record = state.get("research", {}).get(power, {})
    if record.get("rolled") == state["round"]:
        raise IllegalOrder("G40-TECH-04", "{power} has already rolled for research this turn.",
                           {"power": power})
    count = order.get("tokens", 0)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise InvalidOrder("G40-TECH-03", "Buy one research die or more (5 IPCs each).")
    cost = count * g40(rs).research_rules().token_cost
    paid = payment(rs, state, power, cost, order.get("treasury"))
    faces = ctx.roll(count, context={"round": state["round"], "power": power,
                                     "roll": "research"})
    success = research.research_succeeds(g40(rs), faces)
    owned = research.advances(state, power)
    ctx.emit(ROLLED, {"power": power, "bought": count, "cost": cost, "paid": paid,
                      "faces": faces, "success": success, "round": state["round"],
                      "chart_owed": success and bool(research.choosable_charts(g40(rs), owned))})


def _evolve_rolled(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    for treasury, amount in p["paid"].items():
        state["ipcs"][treasury] -= amount
    entry = research.record(state, p["power"])
    entry["tokens"] = 0  # G40-TECH-07: dice are discarded, success or not
    entry["rolled"] = p["round"]
    entry["chart_owed"] = p["chart_owed"]


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    if state["phase"] != "research" or seat != state["power"] or seat in NEVER:
        return {}
    data = g40(rs)
    record = state.get("research", {}).get(seat, {})
    owned = research.advances(state, seat)
    cost = data.research_rules().token_cost
    funds = sum(state["ipcs"][t] for t in treasuries(data, state, seat))
    return {"research": {
        "token_cost": cost, "tokens_held": 0, "max_tokens": funds // cost,
        "rolled": record.get("rolled") == state["round"],
        "chart_owed": bool(record.get("chart_owed")),
        "charts": list(research.choosable_charts(data, owned)), "advances": sorted(owned)}}


def _describe_rolled(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    faces = ", ".join(map(str, p["faces"]))
    outcome = "a breakthrough" if p["success"] else "no breakthrough"
    return (f"{rs.power_names[p['power']]} buys {p['bought']} research dice ({p['cost']} "
            f"IPCs) and rolls {faces}: {outcome}")


ORDERS = {"research": research_order, "research_chart": research_phase.chart_order}
EVOLVERS = {ROLLED: _evolve_rolled,
            research_phase.BREAKTHROUGH: research_phase.EVOLVERS[research_phase.BREAKTHROUGH]}
DESCRIBERS = {ROLLED: _describe_rolled,
              research_phase.BREAKTHROUGH: research_phase.DESCRIBERS[research_phase.BREAKTHROUGH]}
PHASE_EXIT_CHECKS = research_phase.PHASE_EXIT_CHECKS
OWED = research_phase.OWED
LEGAL_OPTIONS = [_legal_options]
DEFAULT_ORDERS = research_phase.DEFAULT_ORDERS
