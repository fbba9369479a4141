"""``pbem-verify`` re-deals an exported Airwar Pacific! game through the ruleset's ``verify_deals``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from pbem import verify_cli
from pbem.games.airwar_pacific.bot import RandomBot
from pbem.store.events import GENESIS, event_hash
from tests.games.airwar_pacific.awp_kit import RS


def export_of(events: list[dict[str, Any]], fingerprint: str) -> dict[str, Any]:
    """An export document (docs/event-log.md) of an engine log, hash-chained as the store does."""
    rows, prev = [], GENESIS
    for e in events:
        created = "2024-01-01T00:00:00Z"
        h = event_hash(1, e["seq"], e["seat"], e["type"], e["v"], e["payload"], created, prev)
        rows.append({"game_id": 1, **e, "user_id": None, "created_at": created, "prev_hash": prev, "hash": h})
        prev = h
    return {"format": "pbem-game-export", "format_version": 1, "events": rows,
            "final": {"seq": rows[-1]["seq"], "hash": prev, "fingerprint": fingerprint},
            "game": {"id": 1, "ruleset_key": "airwar_pacific"}}


@pytest.fixture(scope="module")
def finished() -> Any:
    game = RS.new_game({}, seed="cli", game_id="1")
    bot = RandomBot(RS, random.Random(11))
    while game.result() is None:
        bot.act(game)
    return game


def test_pbem_verify_redeals_a_finished_airwar_game(finished: Any, tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export_of(finished.log(), finished.fingerprint())), encoding="utf-8")
    assert verify_cli.main([str(path)]) == 0
    out = capsys.readouterr().out
    shuffles = sum(1 for e in finished.log() if e["type"] == "dice.shuffled")
    assert f"deals OK: {shuffles} shuffles re-dealt" in out


def test_pbem_verify_names_a_forged_draw(finished: Any, tmp_path: Path, capsys: Any) -> None:
    log = json.loads(json.dumps(finished.log()))
    turn = next(e for e in log if e["type"] == "awp.turn_started" and e["payload"]["draw"] == 2)
    turn["payload"]["secret"]["drawn"].reverse()  # replay still works: evolve draws from the pile
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(export_of(log, finished.fingerprint())), encoding="utf-8")
    assert verify_cli.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert f"deals FAILED: seq {turn['seq']}" in out
    assert f"event {turn['seq']}: the stored events are not what the rules make" in out  # re-adjudicated
