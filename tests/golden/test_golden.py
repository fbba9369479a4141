"""Golden logs: old exported games must keep replaying to their recorded fingerprint.

The files are made by ``tools/make_golden.py``. If a change to the engine or a
ruleset breaks one, ship an upcaster (docs/event-log.md, "Upgrades") instead of
regenerating the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pbem.engine import Game, Ruleset, load_ruleset
from pbem.services.export import verify_export
from tests.rulesets.race import Race

GOLDEN = sorted(Path(__file__).parent.glob("*.json"))


def events_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in data["events"]]


def test_there_are_golden_logs() -> None:
    assert len(GOLDEN) >= 2


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_log_replays_to_its_recorded_fingerprint(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = load_ruleset(data["game"]["ruleset_key"]).replay(events_of(data))
    assert game.seq == data["final"]["seq"]
    assert game.fingerprint() == data["final"]["fingerprint"]
    assert game.result() == data["game"]["result"]


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_export_passes_the_offline_verifier(path: Path) -> None:
    assert verify_export(json.loads(path.read_text(encoding="utf-8"))) == []


class RaceV2(Race):
    """Race after a format change: ``race.stepped`` v2 carries ``squares`` instead of ``n``."""

    version = "2"
    event_versions = {"race.stepped": 2}
    upcasters = {("race.stepped", 1): lambda p: {"squares": p["n"]}}

    def evolve(self, state: dict[str, Any], event: dict[str, Any]) -> None:
        if event["type"] == "race.stepped":
            assert event["v"] == 2 and "n" not in event["payload"], "v1 payload reached evolve"
            state["pos"][state["active"]] += event["payload"]["squares"]
            return
        super().evolve(state, event)

    def decide(self, ctx: Any, order: dict[str, Any]) -> None:
        if order["type"] == "step" and not ctx.state["pending"]:
            n = order.get("n")
            if not isinstance(n, int) or not 1 <= n <= 3:
                super().decide(ctx, order)
            ctx.emit("race.stepped", {"squares": n})
            return
        super().decide(ctx, order)


def test_old_version_event_is_upcast_on_replay() -> None:
    """A v1 log replays under a ruleset whose evolve only understands v2 (via its upcaster)."""
    race_log = next(p for p in GOLDEN if p.stem.startswith("race_"))
    data = json.loads(race_log.read_text(encoding="utf-8"))
    old = events_of(data)
    assert any(e["type"] == "race.stepped" and e["v"] == 1 for e in old)
    v1 = load_ruleset("race").replay(old)
    v2 = Game.replay(RaceV2(), old)
    assert v2.state == v1.state
    assert [e for e in v2.log() if e["type"] == "race.stepped"][0]["v"] == 1  # stored as written


def test_new_events_are_written_at_the_current_version() -> None:
    ruleset: Ruleset = RaceV2()
    game = ruleset.new_game({}, seed="s")
    events = game.submit("red", {"type": "step", "n": 2})
    assert [(e["type"], e["v"], e["payload"]) for e in events][1] == (
        "race.stepped", 2, {"squares": 2})
    assert Game.replay(ruleset, game.log()).fingerprint() == game.fingerprint()
