"""A refused order leaves the Game identical (snapshot and dice source); preview commits nothing."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder, ScriptedDice, SeededDice
from tests.rulesets.race import Race


class RollThenRefuse(Race):
    """Race, with a ``gamble`` order that rolls a die and then refuses a six (after the roll)."""

    key = "race_gamble"

    def decide(self, ctx: Any, order: dict[str, Any]) -> None:
        if order["type"] == "gamble":
            face = ctx.roll(1, 6, context={"roller": ctx.seat})[0]
            ctx.shuffle([1, 2, 3], context={"why": "test"})
            if face >= 1:
                raise IllegalOrder("RACE-9", "The gamble failed with a {count}.", {"count": face})
            return
        super().decide(ctx, order)


@pytest.mark.parametrize("dice", [SeededDice("refusal"), ScriptedDice([4, 5, 6])])
def test_ENGINE_refusal_after_a_roll_leaves_snapshot_and_dice_identical(dice: Any) -> None:
    game = RollThenRefuse().new_game({}, dice=dice)
    game.submit("red", {"type": "step", "n": 2})
    before, dice_before, log_before = game.snapshot(), dice.checkpoint(), game.log()
    with pytest.raises(IllegalOrder) as err:
        game.submit("red", {"type": "gamble"})
    assert err.value.rule_id == "RACE-9"
    assert game.snapshot() == before
    assert dice.checkpoint() == dice_before
    assert game.log() == log_before
    assert game.can_undo("red")  # the step before is still undoable
    game.undo("red")
    assert game.state["pos"]["red"] == 0


def test_ENGINE_preview_returns_events_and_changes_nothing() -> None:
    dice = ScriptedDice([3])
    game = Race().new_game({}, dice=dice)
    before, dice_before = game.snapshot(), dice.checkpoint()
    events = game.preview("red", {"type": "roll"})
    assert [e["type"] for e in events] == ["order", "dice.rolled", "race.rolled"]
    assert game.snapshot() == before and dice.checkpoint() == dice_before
    assert game.submit("red", {"type": "roll"})[-1]["payload"] == {"face": 3}  # the real die, unconsumed


def test_ENGINE_preview_of_an_illegal_order_raises_and_changes_nothing() -> None:
    game = Race().new_game({}, seed="p")
    before = game.snapshot()
    with pytest.raises(IllegalOrder):
        game.preview("red", {"type": "step", "n": 9})
    assert game.snapshot() == before
