"""Every family's golden logs replay to the fingerprint they recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.engine import load_ruleset
from tests.conformance.conftest import FAMILIES, load

ROOT = Path(__file__).resolve().parents[2]
LOGS = [(family, path) for family in FAMILIES for path in load(family).golden_logs]


def test_every_family_with_games_has_a_golden_log() -> None:
    assert {family for family, _path in LOGS} == set(FAMILIES)


@pytest.mark.parametrize("family,path", LOGS, ids=[p for _f, p in LOGS])
def test_golden_log_replays_to_its_fingerprint(family: str, path: str) -> None:
    data = json.loads((ROOT / path).read_text(encoding="utf-8"))
    events = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in data["events"]]
    rs = load_ruleset(data["game"]["ruleset_key"])
    assert rs.key in load(family).rulesets
    game = rs.replay(events)
    assert (game.seq, game.fingerprint()) == (data["final"]["seq"], data["final"]["fingerprint"])
