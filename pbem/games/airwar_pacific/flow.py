"""The automatic steps between decisions: ``advance(ctx)`` runs them until someone owes a decision.

Phases owed by a player: deal, mobilize, attack, intercept, engage, battle, counter, allocate,
base_loss, convoy_discard (``owed.py``). Every other phase is a step the engine takes at once.
"""

from __future__ import annotations

from typing import Any

from pbem.engine.ruleset import OrderContext
from pbem.games.airwar_pacific import combat, damage, ending
from pbem.games.airwar_pacific.cards import SEATS
from pbem.games.airwar_pacific.mission import attack_capacity
from pbem.games.airwar_pacific.state import State, other, player


def refs(state: State, ids: list[str]) -> list[dict[str, str]]:
    return [{"id": i, "card": state["cards"][i]} for i in ids]


def draw_count(state: State, seat: str) -> int:
    """AWP-MOB-01/02: 2 cards, none on the player's own first turn (or only the Axis's, by option)."""
    p = player(state, seat)
    first = p["turns"] == 0
    if first and (state["options"].get("first_turn_draw", "each_player") == "each_player" or seat == "axis"):
        return 0
    return min(2, len(p["pile"]))


def start_turn(ctx: OrderContext, seat: str) -> None:
    state = ctx.state
    n = draw_count(state, seat)
    turn = state["turn"] + 1
    rnd = state["round"] + (1 if seat == "axis" and state["turn"] > 0 else 0)
    drawn = player(state, seat)["pile"][:n]
    ctx.emit("awp.turn_started", {"seat": seat, "round": rnd, "turn": turn, "draw": n,
                                  "secret": {"owner": seat, "drawn": refs(state, drawn)}}, None)


def choice_owed(state: State) -> bool:
    """True when the current phase waits for a player's decision."""
    ph = state["phase"]
    if ph in ("deal",):
        return not all(player(state, s)["dealt"] for s in SEATS)
    if ph in ("mobilize", "intercept", "battle"):
        return True
    if ph == "attack":
        return attack_capacity(state, state["active"]) > 0
    if ph == "engage":
        return combat.combat_over(state) is None
    if ph == "counter":
        return bool(combat.hidden(state)) and state["attack"]["counter_target"] is not None
    if ph == "allocate":
        return damage.allocation_choice(state)
    if ph == "base_loss":
        return len(damage.loss_candidates(state)) > 1
    if ph == "convoy_discard":
        return len(damage.convoy_eligible(state, state["pending"]["seat"])) > 2
    return False


def _step(ctx: OrderContext) -> None:
    """Take the one automatic step of the current phase."""
    state = ctx.state
    ph = state["phase"]
    atk = state["attack"]
    if ph in ("deal", "start_turn"):
        start_turn(ctx, "axis" if ph == "deal" else other(state["active"]))
    elif ph == "stage":
        ctx.emit("awp.stage_started", {"seat": state["active"],
                                       "stage": "carrier" if state["stage"] == "airbase" else "airbase"}, None)
    elif ph == "attack":
        ctx.emit("awp.attack_passed", {"seat": state["active"], "stage": state["stage"], "auto": True}, None)
    elif ph == "engage":
        ctx.emit("awp.combat_ended", {"seat": atk["defender"], "reason": combat.combat_over(state),
                                      "revealed": refs(state, combat.hidden(state))}, None)
    elif ph == "combat_end":
        ctx.emit("awp.combat_ended", {"seat": atk["defender"], "reason": "no_interception",
                                      "revealed": refs(state, combat.hidden(state))}, None)
    elif ph == "counter":
        ctx.emit("awp.counter_passed", {"seat": atk["attacker"], "auto": True}, None)
    elif ph == "resolve":
        ctx.emit("awp.fight_resolved", combat.resolve(state), None)
    elif ph == "allocate":
        ctx.emit("awp.damage_dealt", damage.damage(state, [], True), None)
    elif ph == "base_loss":
        landed = damage.loss_candidates(state)
        base = state["pending"]["base"]
        ctx.emit("awp.base_removed", {"seat": atk["defender"], "base": {"id": base, "card": state["cards"][base]},
                                      "discarded": refs(state, landed)[0] if landed else None,
                                      "returned": max(0, len(landed) - 1)}, None)
    elif ph == "convoy_discard":
        seat = state["pending"]["seat"]
        ctx.emit("awp.convoy_discarded", {"seat": seat, "cards": refs(state, damage.convoy_eligible(state, seat))},
                 None)
    elif ph == "landing":
        ctx.emit("awp.landed", ending.landing(state), None)
    elif ph == "stage_end":
        ctx.emit("awp.stage_ended", {"seat": state["active"], "stage": state["stage"]}, None)
    elif ph == "turn_end":
        _end_turn(ctx)
    else:
        raise AssertionError(f"no automatic step for phase {ph!r}")


def _end_turn(ctx: OrderContext) -> None:
    state = ctx.state
    piles_empty = not any(player(state, s)["pile"] for s in SEATS)
    quiet = 0 if state["attacked"] or not piles_empty else state["quiet_turns"] + 1
    ctx.emit("awp.turn_ended", {"seat": state["active"], "quiet_turns": quiet}, None)
    reason = ending.end_at_turn_end(state, quiet)
    if reason:
        ctx.emit("awp.game_ended", ending.by_industry(state, reason), None)


def advance(ctx: OrderContext) -> None:
    """Run automatic steps until a decision is owed or the game is over."""
    state = ctx.state
    for _ in range(10_000):
        if state["result"] is not None:
            return
        loser = ending.industry_loser(state)
        if loser is not None:  # AWP-WIN-01
            result: dict[str, Any] = ending.by_industry(state, "industry_destroyed")
            result["winner"] = other(loser)
            ctx.emit("awp.game_ended", result, None)
            return
        if choice_owed(state):
            return
        _step(ctx)
    raise AssertionError("the automatic steps did not reach a decision")
