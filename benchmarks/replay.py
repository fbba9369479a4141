"""Replay speed and the game page from a snapshot.

    .venv/bin/python benchmarks/replay.py

1. A synthetic log of 10,000 events of the ``race`` test ruleset: full replay
   (``rs.replay(log)``) against plain ``json.loads`` of the same log as one JSON
   text, median of 5 each. Target: replay / json <= 5.
2. ``GET /games/<id>`` with Flask's test client for a player of a game of
   10,000 events (imported, then a few orders after the newest snapshot),
   median over 200 requests. Target: <= 30 ms.

The last line is ``replay_ms=<n> json_ms=<n> ratio=<replay/json>``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem.engine import load_ruleset, register  # noqa: E402

register("race", "tests.rulesets.race:factory")
EVENTS = 10_000


def synthetic_game(n_events: int = EVENTS) -> Any:
    """A race game of at least ``n_events`` events: steps, undos, some rolls, turn ends.

    About 12 events a turn move a token one square, so 10,000 events stay short of
    the goal (500) and the game is still going.
    """
    rs = load_ruleset("race")
    game = rs.new_game({"goal": 500}, seed="bench")
    turn = 0
    while game.seq < n_events:
        seat = game.owed()[0]["seat"]
        if game.state["pending"]:
            game.submit(seat, {"type": "answer", "block": True})
            continue
        for _ in range(2):
            game.submit(seat, {"type": "step", "n": 2})
            game.submit(seat, {"type": "undo"})
        game.submit(seat, {"type": "step", "n": 1})
        if turn % 40 == 7 and not game.state["rolled"]:
            game.submit(seat, {"type": "roll"})
            if game.state["pending"]:
                continue
        game.submit(seat, {"type": "end"})
        turn += 1
    return game


def median_ms(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench_replay(log: list[dict[str, Any]]) -> tuple[float, float]:
    rs = load_ruleset("race")
    text = json.dumps(log)
    replay_ms = median_ms(lambda: rs.replay(log), 5)
    json_ms = median_ms(lambda: json.loads(text), 5)
    return replay_ms, json_ms


def bench_game_page(game: Any) -> float | None:
    """Median ms of the game page for a player, or None if the web app is not available."""
    try:
        from sqlmodel import Session

        from pbem.services import export, games, views
        from pbem.store.events import GENESIS, event_hash, iso
        from pbem.store.models.accounts import User
        from pbem.store.models.games import utcnow
        from pbem.web import create_app
        from pbem.web.db import get_engine
    except ImportError as exc:
        print(f"game page: skipped ({exc})")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "INSTANCE_PATH": f"{tmp}/instance",
                          "DOTENV_PATH": f"{tmp}/no.env", "SECRET_KEY": "bench",
                          "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite",
                          "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
        with Session(get_engine(app), expire_on_commit=False) as s:
            people = []
            for name in ("olga", "rita", "bruno"):
                user = User(email=f"{name}@example.org", display_name=name.title(),
                            password_hash="", created_at=utcnow())
                user.set_password("benchmark password")
                s.add(user)
                people.append(user)
            s.commit()
            olga, rita, bruno = people
            prev, rows = GENESIS, []
            stamp = iso(utcnow())
            for e in game.log():
                digest = event_hash(1, e["seq"], e["seat"], e["type"], e["v"], e["payload"],
                                    stamp, prev)
                rows.append({**e, "game_id": 1, "user_id": None, "created_at": stamp,
                             "prev_hash": prev, "hash": digest})
                prev = digest
            doc = {"format": "pbem-game-export", "format_version": 1, "events": rows,
                   "game": {"title": "Benchmark"},
                   "final": {"seq": game.seq, "hash": prev, "fingerprint": game.fingerprint()}}
            row = export.import_game(s, doc, organiser_id=olga.id)
            for seat, user in (("red", rita), ("blue", bruno)):
                games.replace_player(s, game_id=row.id, user_id=olga.id, seat=seat,
                                     new_user_id=user.id)
            games.resume_game(s, game_id=row.id, user_id=olga.id)
            owing = game.owed()[0]["seat"]
            player = rita if owing == "red" else bruno
        client = app.test_client()
        client.post("/auth/login", data={"email": player.email,
                                         "password": "benchmark password"})
        page = client.get(f"/games/{row.id}")
        if page.status_code != 200:
            print(f"game page: HTTP {page.status_code}, not timed")
            return None
        ms = median_ms(lambda: client.get(f"/games/{row.id}"), 200)
        with Session(get_engine(app)) as s:
            service_ms = median_ms(lambda: views.game_view(s, game_id=row.id, user_id=player.id),
                                   200)
        print(f"of which the service views.game_view: {service_ms:.1f} ms (median of 200)")
        get_engine(app).dispose()
        return ms


def main() -> None:
    game = synthetic_game()
    log = game.log()[:EVENTS]
    print(f"log: {len(log)} events, {len(json.dumps(log)) // 1024} KiB as JSON")
    replay_ms, json_ms = bench_replay(log)
    print(f"full replay: {replay_ms:.1f} ms (median of 5)")
    print(f"json.loads of the same log: {json_ms:.1f} ms (median of 5)")
    page_ms = bench_game_page(game)
    if page_ms is not None:
        print(f"game_page_ms={page_ms:.1f}")
    print(f"replay_ms={replay_ms:.1f} json_ms={json_ms:.1f} ratio={replay_ms / json_ms:.2f}")


if __name__ == "__main__":
    main()
