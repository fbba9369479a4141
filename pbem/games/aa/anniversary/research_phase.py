"""Rules module: the Research & Development phase (AAE-RD), orders and events.

Orders (active power, phase ``research``)::

    {"type": "research", "tokens": n}    buy n tokens (5 IPCs each, AAE-RD-02), then roll one
                                         die per token held (AAE-RD-03); once per turn
    {"type": "research_chart", "chart": 1|2}
                                         after a success (AAE-RD-05): development dice are
                                         rolled one at a time until an advance the power lacks
                                         comes up (AAE-RD-07); it takes effect at once (RD-08)

Events: ``aa.aae_research_rolled`` (tokens bought and their cost, the faces, success; the
tokens kept), ``aa.aae_breakthrough`` (chart, advance). While a chart is owed the seat owes a
``research_chart`` decision and the phase cannot end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder
from pbem.engine.errors import format_message
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.anniversary import research
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

ROLLED = "aa.aae_research_rolled"
LOSSES = "aa.aae_capital_losses"
BREAKTHROUGH = "aa.aae_breakthrough"
_CHART_PROMPT = N_("{power}: choose a research chart (1 land and production, 2 air and naval)")


def _data(rs: AARuleset, state: State) -> AnniversaryData:
    data = rs.scenario(state["options"])
    assert isinstance(data, AnniversaryData)
    return data


def _check_turn(state: State, seat: str) -> str:
    power: str = state["power"]
    if seat != power:
        raise IllegalOrder("AAE-SEQ-06", "Only the active power researches.")
    if state["phase"] != "research":
        raise IllegalOrder("AAE-SEQ-04", "Research happens only in the research and development "
                           "phase.")
    return power


def research_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    data = _data(rs, state)
    power = _check_turn(state, ctx.seat)
    record = state.get("research", {}).get(power, {})
    if record.get("rolled") == state["round"]:
        raise IllegalOrder("AAE-RD-06", "{power} has already rolled for research this turn.",
                           {"power": power})
    count = order.get("tokens", 0)
    cost = research.check_token_purchase(data, state, power, count)
    held = research.tokens(state, power) + int(count)
    if held == 0:
        raise IllegalOrder("AAE-RD-03", "{power} holds no research token to roll.",
                           {"power": power})
    faces = ctx.roll(held, context={"round": state["round"], "power": power, "roll": "research"})
    success = research.research_succeeds(data, faces)
    owned = research.advances(state, power)
    ctx.emit(ROLLED, {"power": power, "bought": int(count), "cost": cost,
                      "ipcs": state["ipcs"][power] - cost, "faces": faces, "success": success,
                      "tokens": 0 if success else held,
                      "chart_owed": success and bool(research.choosable_charts(data, owned)),
                      "round": state["round"]})


def chart_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    data = _data(rs, state)
    power = _check_turn(state, ctx.seat)
    if not state.get("research", {}).get(power, {}).get("chart_owed"):
        raise IllegalOrder("AAE-RD-05", "A research chart is chosen only after a successful "
                           "research roll.")
    owned = research.advances(state, power)
    chart = research.check_chart(data, owned, order.get("chart"))
    faces: list[int] = []
    advance = None
    while advance is None:  # AAE-RD-07: reroll an advance already owned
        face = ctx.roll(1, context={"round": state["round"], "power": power,
                                    "roll": "development", "chart": chart})[0]
        faces.append(face)
        advance = research.advance_for(data, owned, chart, face)
    ctx.emit(BREAKTHROUGH, {"power": power, "chart": chart, "faces": faces, "advance": advance})


def _evolve_rolled(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["ipcs"][p["power"]] = p["ipcs"]
    entry = research.record(state, p["power"])
    entry["tokens"] = p["tokens"]
    entry["rolled"] = p["round"]
    entry["chart_owed"] = p["chart_owed"]


def _evolve_breakthrough(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    research.apply(state, {"power": p["power"], "tokens": 0, "advance": p["advance"]})
    research.record(state, p["power"])["chart_owed"] = False


def _exit_check(rs: AARuleset, state: State) -> list[tuple[str, str]]:
    if state.get("research", {}).get(state["power"], {}).get("chart_owed"):
        return [("AAE-RD-05", N_("Choose a research chart before the phase ends."))]
    return []


def _owed(rs: AARuleset, state: State) -> list[dict[str, Any]] | None:
    power = state["power"]
    if state["phase"] != "research" or not state.get("research", {}).get(power, {}).get(
            "chart_owed"):
        return None
    params = {"power": power}
    return [{"seat": power, "seat_name": rs.power_names[power], "kind": "research_chart",
             "phase_key": "research", "phase": rs.edition.phase_labels["research"],
             "prompt_key": _CHART_PROMPT, "prompt_params": params,
             "prompt": format_message(_CHART_PROMPT, params, rs.vocabulary)}]


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    if state["phase"] != "research" or seat != state["power"]:
        return {}
    data = _data(rs, state)
    record = state.get("research", {}).get(seat, {})
    owned = research.advances(state, seat)
    cost = data.research_rules().token_cost
    return {"research": {
        "token_cost": cost, "tokens_held": research.tokens(state, seat),
        "max_tokens": state["ipcs"][seat] // cost,
        "rolled": record.get("rolled") == state["round"],
        "chart_owed": bool(record.get("chart_owed")),
        "charts": list(research.choosable_charts(data, owned)),
        "advances": sorted(owned),
    }}


def _default_order(rs: AARuleset, state: State, seat: str) -> dict[str, Any] | None:
    """Deadline policy: a chart owed is chosen as the first one still open."""
    if state["phase"] == "research" and seat == state["power"] and state.get(
            "research", {}).get(seat, {}).get("chart_owed"):
        charts = research.choosable_charts(_data(rs, state), research.advances(state, seat))
        return {"type": "research_chart", "chart": charts[0]}
    return None


def _capital_losses(rs: AARuleset, ctx: OrderContext, payload: dict[str, Any]) -> None:
    """AAE-MOB-11 (spec E-16): a power whose capital is captured loses its research tokens and
    the units waiting in its mobilization zone."""
    loser = payload.get("ipcs_from")
    state = ctx.state
    if loser is None:
        return
    tokens = research.tokens(state, loser)
    waiting = state.get("waiting", {}).get(loser, {})
    if tokens or waiting:
        ctx.emit(LOSSES, {"power": loser, "tokens": tokens, "units": dict(waiting)})


def _evolve_losses(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    research.record(state, p["power"])["tokens"] = 0
    state.get("waiting", {}).pop(p["power"], None)


def _describe_losses(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"{rs.power_names[p['power']]} loses its capital: {p['tokens']} research token(s) "
            f"and its waiting units are lost")


def _describe_rolled(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    name = rs.power_names[p["power"]]
    bought = f"buys {p['bought']} research token(s) ({p['cost']} IPCs), " if p["bought"] else ""
    faces = ", ".join(map(str, p["faces"]))
    outcome = "a breakthrough" if p["success"] else f"no breakthrough ({p['tokens']} kept)"
    return f"{name} {bought}rolls {faces}: {outcome}"


def _describe_breakthrough(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} develops {p['advance'].replace('_', ' ')} (chart {p['chart']})"


ORDERS = {"research": research_order, "research_chart": chart_order}
EVOLVERS = {ROLLED: _evolve_rolled, BREAKTHROUGH: _evolve_breakthrough, LOSSES: _evolve_losses}
DESCRIBERS = {ROLLED: _describe_rolled, BREAKTHROUGH: _describe_breakthrough,
              LOSSES: _describe_losses}
ON_CAPTURE = [_capital_losses]
PHASE_EXIT_CHECKS = {"research": _exit_check}
OWED = _owed
LEGAL_OPTIONS = [_legal_options]
DEFAULT_ORDERS = [_default_order]
