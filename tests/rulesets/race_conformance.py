"""The conformance hooks of the test-only ``race`` ruleset (it runs the shared suite too)."""

from __future__ import annotations

from typing import Any

from pbem.engine import Game, RulesError
from pbem.engine.conformance import Bot, Conformance, RandomLike


class RaceBot:
    """Picks one of ``legal_options()["orders"]`` at random, ending the turn sooner or later."""

    def __init__(self, rng: RandomLike) -> None:
        self.rng = rng

    def act(self, game: Game) -> None:
        seat = game.owed()[0]["seat"]
        orders = game.legal_options(seat)["orders"]
        order = self.rng.choice(orders)
        if self.rng.random() < 0.2 and game.can_undo(seat):
            order = {"type": "undo"}
        try:
            game.submit(seat, order)
        except RulesError:
            game.submit(seat, {"type": "end"})


def make_bot(rs: Any, rng: RandomLike) -> Bot:
    return RaceBot(rng)


def invariants(rs: Any, state: dict[str, Any]) -> list[str]:
    out = []
    if state["active"] not in ("red", "blue"):
        out.append(f"unknown active seat {state['active']!r}")
    if state["pending"] is not None and not state["rolled"]:
        out.append("a six is pending without a roll")
    if state["pos"]["red"] < -2 * state["round"] or state["pos"]["blue"] < -2 * state["round"]:
        out.append("a token went back further than the blocks allow")
    return out


CONFORMANCE = Conformance(
    rulesets={"race": [{}, {"goal": 60}]},
    spec="",  # a test-only ruleset: no rules checklist
    rule_prefixes=("RACE-",),
    make_bot=make_bot,
    invariants=invariants,
    golden_logs=("tests/golden/race_v1_short.json", "tests/golden/race_v1_records.json"),
    short_fuzz={"games": 3, "decisions": 200},
)
