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



def turn_steps(rs: AARuleset, state: State) -> tuple[tuple[str, str], ...]:
    """The ``(acting power, phase)`` steps of the current turn, decided now (AA41-SEQ-05,
    AMB-14: a phase is skipped or not when it begins)."""
    acting = state["power"]
    host = rs.edition.hosts.get(acting, acting)
    if rs.edition.turn_steps is not None:
        return rs.edition.turn_steps(rs, state, host)
    lost = capital_lost(rs, state, host)
    return tuple((host, p) for p in rs.edition.phases
                 if not (lost and p in rs.edition.skipped_without_capital))


def next_step(rs: AARuleset, state: State, after: str | None) -> tuple[str, str] | None:
    """The step that follows the phase ``after`` of the acting power (None: the turn is over)."""
    steps = turn_steps(rs, state)
    if after is None:
        return steps[0] if steps else None
    current = (state["power"], after)
    if current in steps:
        index = steps.index(current) + 1
    else:  # the current step is no longer played (a capital changed hands): go on by phase
        rank = rs.edition.phases.index(after)
        index = next((i for i, (_, p) in enumerate(steps) if rs.edition.phases.index(p) > rank),
                     len(steps))
    return steps[index] if index < len(steps) else None


def next_phase(rs: AARuleset, state: State, after: str | None) -> str | None:
    """The phase that follows ``after`` for the active power (None: the turn is over)."""
    step = next_step(rs, state, after)
    return step[1] if step is not None else None


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
    following = next_step(rs, state, phase)
    while following is not None:
        start_phase(rs, ctx, following[1], following[0])
        if following[1] not in rs.edition.automatic_phases:
            return
        for hook in rs.phase_end.get(following[1], []):
            hook(rs, ctx)
        following = next_step(rs, state, following[1])
    for hook in rs.turn_end:
        hook(rs, ctx)
    if state["result"] is None:
        start_next_turn(rs, ctx)


def start_phase(rs: AARuleset, ctx: OrderContext, phase: str, power: str | None = None) -> None:
    """Begin ``phase``; ``power`` names the acting power when it changes inside a turn (China
    playing inside the US turn)."""
    payload: dict[str, Any] = {"phase": phase}
    if power is not None and power != ctx.state["power"]:
        payload["power"] = power
    ctx.emit("aa.phase_started", payload, seat=None)
    for hook in rs.phase_start.get(phase, []):
        hook(rs, ctx)


def start_next_turn(rs: AARuleset, ctx: OrderContext) -> None:
    """Hand the turn to the next power in the turn order (a new round after the last)."""
    state = ctx.state
    order = rs.turn_order(state)
    acting = state["power"]
    index = order.index(rs.edition.hosts.get(acting, acting))
    power = order[(index + 1) % len(order)]
    round_ = state["round"] + (1 if index + 1 == len(order) else 0)
    ctx.emit("aa.turn_started", {"round": round_, "power": power}, seat=None)
    first = next_step(rs, state, None)
    if first is None:  # pragma: no cover - combat move is never skipped
        raise AssertionError("a turn always has a combat move")
    start_phase(rs, ctx, first[1], first[0])


def _evolve_phase_started(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    state["phase"] = event["payload"]["phase"]
    acting = event["payload"].get("power")
    if acting is not None and acting != state["power"]:
        # a guest acting inside its host's turn: each power keeps its own combat-move
        # declarations (amphibious assaults, landing plans) for its own phases
        kept = state.setdefault("declared_by", {})
        kept[state["power"]] = state["declared"]
        state["declared"] = kept.pop(acting, {})
        state["power"] = acting


def _evolve_turn_started(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["round"] = p["round"]
    state["power"] = p["power"]
    state["phase"] = None
    state["bought"] = {}
    state["captured_this_turn"] = []
    state["owners_at_turn_start"] = dict(state["owners"])
    state["declared"] = {}
    state.pop("declared_by", None)
    state["battles"] = {}
    if "complexes_placed" in state:
        state["complexes_placed"] = []
    clear_turn_flags(state)


def _describe_phase(rs: AARuleset, event: dict[str, Any]) -> str:
    return f"Phase: {rs.edition.phase_labels[event['payload']['phase']]}"


def _describe_turn(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"Round {p['round']}: {rs.power_names[p['power']]}'s turn"


ORDERS = {"end_phase": end_phase}
EVOLVERS = {"aa.phase_started": _evolve_phase_started, "aa.turn_started": _evolve_turn_started}
DESCRIBERS = {"aa.phase_started": _describe_phase, "aa.turn_started": _describe_turn}
