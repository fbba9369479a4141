"""readjudicate: the stored orders re-run under the current rules with the logged dice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pbem.engine import ScriptedDice, load_ruleset
from pbem.engine.readjudicate import DiceMismatch, RecordedDice, readjudicate
from tests.rulesets.race import Race

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.json"))


def _events(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in data["events"]]


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_logs_readjudicate_without_divergence(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    report = readjudicate(load_ruleset(data["game"]["ruleset_key"]), _events(data))
    assert not report.diverged, report.summary()
    assert report.orders > 10


class DoubleStep(Race):
    """A deliberately changed rule: a step moves twice as far."""

    def decide(self, ctx: Any, order: dict[str, Any]) -> None:
        if order["type"] == "step" and not ctx.state["pending"]:
            ctx.emit("race.stepped", {"n": 2 * order["n"]})
            return
        super().decide(ctx, order)


class TwoDice(Race):
    """A deliberately changed rule: a roll throws two dice and keeps the first."""

    def decide(self, ctx: Any, order: dict[str, Any]) -> None:
        if order["type"] == "roll" and not ctx.state["pending"] and not ctx.state["rolled"]:
            face = ctx.roll(2, 6, context={"roller": ctx.seat})[0]
            ctx.emit("race.rolled", {"face": face})
            return
        super().decide(ctx, order)


def _play(rs: Race) -> list[dict[str, Any]]:
    game = rs.new_game({"goal": 40}, dice=ScriptedDice([2, 3, 4, 5, 1, 2, 3, 4]))
    for seat, order in [("red", {"type": "roll"}), ("red", {"type": "end"}), ("blue", {"type": "roll"}),
                        ("blue", {"type": "step", "n": 2}), ("blue", {"type": "end"}),
                        ("red", {"type": "step", "n": 1})]:
        game.submit(seat, order)
    return game.log()


def test_a_log_made_under_a_changed_rule_names_the_first_diverging_order() -> None:
    log = _play(DoubleStep())
    first_step = next(e["seq"] for e in log if e["type"] == "order" and e["payload"]["order"]["type"] == "step")
    report = readjudicate(Race(), log)
    assert report.diverged and report.seq == first_step
    assert report.event_seq == next(e["seq"] for e in log if e["type"] == "race.stepped")  # the first differing event
    assert f"first differing event: seq {report.event_seq}" in report.summary()
    assert report.expected[-1]["payload"] == {"n": 4} and report.got[-1]["payload"] == {"n": 2}
    assert report.orders == 4
    assert not readjudicate(DoubleStep(), log).diverged  # the rules it was made under agree


def test_a_changed_roll_is_reported_as_a_dice_mismatch_at_its_order() -> None:
    log = _play(TwoDice())
    report = readjudicate(Race(), log)
    assert report.seq == report.event_seq == 2 and "other dice" in report.reason and "1d6" in report.reason


def test_recorded_dice_fail_clearly_when_they_run_out_or_differ() -> None:
    log = [{"seq": 5, "type": "dice.rolled", "payload": {"sides": 6, "faces": [3, 4], "period": 1}}]
    dice = RecordedDice(log)
    with pytest.raises(DiceMismatch, match="3d6"):
        dice.roll(3, 6, seq=1)
    dice = RecordedDice(log)
    assert dice.roll(2, 6, seq=1) == ([3, 4], 1)
    with pytest.raises(DiceMismatch, match="no more dice"):
        dice.roll(1, 6, seq=2)
