"""``decide``: check one order against the phase and emit its events, then run the automatic steps."""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.airwar_pacific import combat, damage, mission, mobilize
from pbem.games.airwar_pacific.flow import advance, refs
from pbem.games.airwar_pacific.prompts import owed_seats
from pbem.games.airwar_pacific.state import other

#: The order types each owed phase accepts.
ORDERS = {
    "deal": ("deal",), "mobilize": ("mobilize",), "attack": ("attack", "pass"),
    "intercept": ("intercept", "pass"), "engage": ("engage", "end_combat"), "battle": ("battle", "battle_pass"),
    "counter": ("counter", "counter_pass"), "allocate": ("allocate",), "base_loss": ("base_loss",),
    "convoy_discard": ("convoy_discard",),
}


def decide(ctx: OrderContext, order: dict[str, Any]) -> None:
    state, seat, kind = ctx.state, ctx.seat, order["type"]
    phase = state["phase"]
    allowed = ORDERS.get(phase, ())
    if kind not in allowed:
        known = {t for ts in ORDERS.values() for t in ts}
        if kind not in known:
            raise InvalidOrder("AWP-ORDER-00", "Unknown order type '{type}'.", {"type": kind})
        raise IllegalOrder("AWP-SEQ-03", "A '{type}' order is not possible now; this is the {phase} step "
                           "({allowed}).", {"type": kind, "phase": phase, "allowed": ", ".join(allowed)})
    if seat not in owed_seats(state):
        raise IllegalOrder("AWP-SEQ-04", "The other player decides this step.")
    _HANDLERS[kind](ctx, seat, order)
    advance(ctx)


def _deal(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    mobilize.deal(ctx, seat)


def _mobilize(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    ctx.emit("awp.mobilized", {"seat": seat, "cards": mobilize.check_mobilize(ctx.state, seat, order)})


def _attack(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    state = ctx.state
    target, launch = mission.check_attack(state, seat, order)
    cards = sorted(launch)
    slots = ctx.shuffle(cards, context={"awp": "mission", "seat": seat, "turn": state["turn"],
                                        "stage": state["stage"]})  # AWP-RNG-03
    ctx.emit("awp.mission_formed", {"seat": seat, "defender": other(seat), "stage": state["stage"],
                                    "target": target, "size": len(cards),
                                    "secret": {"owner": seat, "slots": slots, "launch": launch}})


def _pass(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    state = ctx.state
    if state["phase"] == "attack":
        ctx.emit("awp.attack_passed", {"seat": seat, "stage": state["stage"], "auto": False})
    else:
        ctx.emit("awp.intercept_passed", {"seat": seat})


def _intercept(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    launch = mission.check_intercept(ctx.state, seat, order)
    if not launch:
        ctx.emit("awp.intercept_passed", {"seat": seat})
        return
    ctx.emit("awp.intercept_formed", {"seat": seat, "size": len(launch),
                                      "secret": {"owner": seat, "cards": list(launch), "launch": launch}})


def _engage(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    ctx.emit("awp.engaged", combat.check_engage(ctx.state, order))


def _end_combat(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    state = ctx.state
    if state["attack"]["next"] == "opening":
        raise IllegalOrder("AWP-CMB-01", "Having intercepted, play your first interceptor against the mission.")
    ctx.emit("awp.combat_ended", {"seat": seat, "reason": "defender", "revealed": refs(state, combat.hidden(state))})


def _battle(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    ctx.emit("awp.battle_played", combat.check_battle(ctx.state, seat, order))


def _battle_pass(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    ctx.emit("awp.battle_passed", {"seat": seat})


def _counter(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    ctx.emit("awp.countered", combat.check_counter(ctx.state, order))


def _counter_pass(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    ctx.emit("awp.counter_passed", {"seat": seat, "auto": False})


def _allocate(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    convoy, use = damage.check_allocate(ctx.state, order)
    ctx.emit("awp.damage_dealt", damage.damage(ctx.state, convoy, use))


def _base_loss(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    state = ctx.state
    x = damage.check_base_loss(state, order)
    base = state["pending"]["base"]
    ctx.emit("awp.base_removed", {"seat": seat, "base": {"id": base, "card": state["cards"][base]},
                                  "discarded": {"id": x, "card": state["cards"][x]},
                                  "returned": len(damage.loss_candidates(state)) - 1})


def _convoy_discard(ctx: OrderContext, seat: str, order: dict[str, Any]) -> None:
    cards = damage.check_convoy_discard(ctx.state, seat, order)
    ctx.emit("awp.convoy_discarded", {"seat": seat, "cards": refs(ctx.state, cards)})


_HANDLERS = {
    "deal": _deal, "mobilize": _mobilize, "attack": _attack, "pass": _pass, "intercept": _intercept,
    "engage": _engage, "end_combat": _end_combat, "battle": _battle, "battle_pass": _battle_pass,
    "counter": _counter, "counter_pass": _counter_pass, "allocate": _allocate, "base_loss": _base_loss,
    "convoy_discard": _convoy_discard,
}
