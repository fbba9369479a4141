"""Turn and phase sequence (AA41-SEQ): ``end_phase``, phase skipping, turn change.

Phases: purchase -> combat move -> conduct combat -> noncombat move -> mobilize; income
is collected when the last phase the power plays ends (AA41-SEQ-03/04). A power whose
capital is enemy-controlled skips purchase and mobilize (and collects nothing), decided
when each phase begins (AA41-SEQ-05, AMB-14). ``TURN_END`` hooks of the rules modules
(income, then victory checks) run at the end of each turn, before the next power starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.state import State, capital_lost, clear_turn_flags

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset



def next_phase(rs: AARuleset, state: State, after: str | None) -> str | None:
    """The phase that follows ``after`` for the active power (None: the turn is over)."""
    phases = rs.edition.phases
    start = 0 if after is None else phases.index(after) + 1
    for phase in phases[start:]:
        if phase in rs.edition.skipped_without_capital and capital_lost(rs, state, state["power"]):
            continue
        return phase
    return None


def end_phase(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """``{"type": "end_phase"}``: close the current phase (AA41-SEQ-03)."""
    state = ctx.state
    phase = state["phase"]
    if ctx.seat != state["power"]:
        raise IllegalOrder("AA41-DEF-02", "Only the active power ends a phase.")
    for check in rs.exit_checks.get(phase, []):
        problems = check(rs, state)
        if problems:
            raise IllegalOrder(*problems[0])
    for hook in rs.phase_end.get(phase, []):
        hook(rs, ctx)
    following = next_phase(rs, state, phase)
    if following is not None:
        start_phase(rs, ctx, following)
        return
    for hook in rs.turn_end:
        hook(rs, ctx)
    if state["result"] is None:
        start_next_turn(rs, ctx)


def start_phase(rs: AARuleset, ctx: OrderContext, phase: str) -> None:
    ctx.emit("aa.phase_started", {"phase": phase}, seat=None)
    for hook in rs.phase_start.get(phase, []):
        hook(rs, ctx)


def start_next_turn(rs: AARuleset, ctx: OrderContext) -> None:
    """Hand the turn to the next power in the turn order (a new round after the last)."""
    state = ctx.state
    order = rs.data.turn_order
    index = order.index(state["power"])
    power = order[(index + 1) % len(order)]
    round_ = state["round"] + (1 if index + 1 == len(order) else 0)
    ctx.emit("aa.turn_started", {"round": round_, "power": power}, seat=None)
    first = next_phase(rs, state, None)
    if first is None:  # pragma: no cover - combat move is never skipped
        raise AssertionError("a turn always has a combat move")
    start_phase(rs, ctx, first)


def _evolve_phase_started(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    state["phase"] = event["payload"]["phase"]


def _evolve_turn_started(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["round"] = p["round"]
    state["power"] = p["power"]
    state["phase"] = None
    state["bought"] = {}
    state["captured_this_turn"] = []
    state["owners_at_turn_start"] = dict(state["owners"])
    state["declared"] = {}
    state["battles"] = {}
    clear_turn_flags(state)


def _describe_phase(rs: AARuleset, event: dict[str, Any]) -> str:
    return f"Phase: {rs.edition.phase_labels[event['payload']['phase']]}"


def _describe_turn(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"Round {p['round']}: {rs.power_names[p['power']]}'s turn"


ORDERS = {"end_phase": end_phase}
EVOLVERS = {"aa.phase_started": _evolve_phase_started, "aa.turn_started": _evolve_turn_started}
DESCRIBERS = {"aa.phase_started": _describe_phase, "aa.turn_started": _describe_turn}
