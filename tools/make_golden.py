"""Regenerate the golden exported logs of the ``race`` test ruleset (tests/golden/*.json).

    .venv/bin/python tools/make_golden.py

Each file is a game export (docs/event-log.md, "Export format") built without a
database: fixed game id, fixed times one minute apart, seeded dice, hash chain
and the final fingerprint. ``tests/golden/test_golden.py`` replays every file
and checks that fingerprint: when a change to the engine or the race ruleset
breaks an old log, that test fails and an upcaster is due. Regenerate only for
a deliberate, documented change of the recorded games themselves.
"""

from __future__ import annotations

import json
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem.engine import load_ruleset, register  # noqa: E402
from pbem.engine.dice import SeededDice  # noqa: E402
from pbem.store.events import GENESIS, event_hash, iso  # noqa: E402

register("race", "tests.rulesets.race:factory")
OUT = ROOT / "tests" / "golden"
START = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)
GAME_ID = 1


def play_random(seed: str, goal: int, records: bool) -> Any:
    """A whole game of random legal orders (with undos, salts and platform records)."""
    rs = load_ruleset("race")
    game = rs.new_game({"goal": goal}, dice=SeededDice(seed, str(GAME_ID)), game_id=str(GAME_ID))
    for seat, user, name in (("red", 11, "Rita"), ("blue", 12, "Bruno")):
        game.record("seat.joined", {"seat": seat, "user": user, "name": name}, seat=seat)
    rng = random.Random(seed)
    turn, recorded = 0, False
    while game.result() is None:
        seat = game.owed()[0]["seat"]
        if records and turn == 3 and not recorded:
            recorded = True
            game.record("seat.replaced", {"seat": "blue", "user": 13, "name": "Carla",
                                          "previous": 12}, seat="blue")
            game.add_salt(seat, f"salt-{seed}")
            game.record("game.paused", {"by": 10})
            game.record("game.resumed", {"by": 10})
        options = game.legal_options(seat)["orders"]
        order = rng.choice(options)
        if order["type"] == "end":
            turn += 1
        by = "policy:act" if records and turn == 5 and order["type"] == "end" else None
        game.submit(seat, order, by=by)
        if order["type"] == "step" and rng.random() < 0.2 and game.can_undo(seat):
            game.submit(seat, {"type": "undo"})
    return game


def export_doc(game: Any, title: str) -> dict[str, Any]:
    prev, rows = GENESIS, []
    for event in game.log():
        stamp = iso(START + timedelta(minutes=event["seq"]))
        digest = event_hash(GAME_ID, event["seq"], event["seat"], event["type"], event["v"],
                            event["payload"], stamp, prev)
        rows.append({"game_id": GAME_ID, "seq": event["seq"], "seat": event["seat"],
                     "type": event["type"], "v": event["v"], "payload": event["payload"],
                     "user_id": None, "created_at": stamp, "prev_hash": prev, "hash": digest})
        prev = digest
    created = game.log()[0]["payload"]
    return {
        "format": "pbem-game-export", "format_version": 1, "exported_at": rows[-1]["created_at"],
        "game": {"id": GAME_ID, "ruleset_key": "race", "ruleset_version": created["version"],
                 "title": title, "visibility": "public", "status": "finished",
                 "options": created["options"], "last_seq": game.seq, "owed_seats": [],
                 "result": game.result(), "deadline_hours": None,
                 "created_at": rows[0]["created_at"]},
        "seats": [], "events": rows,
        "final": {"seq": game.seq, "hash": prev, "fingerprint": game.fingerprint()},
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    games = {
        "race_v1_short": play_random("golden-short", 12, records=False),
        "race_v1_records": play_random("golden-records", 25, records=True),
    }
    for name, game in games.items():
        path = OUT / f"{name}.json"
        doc = export_doc(game, name.replace("_", " "))
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}: {game.seq} events, {game.fingerprint()[:12]}")


if __name__ == "__main__":
    main()
