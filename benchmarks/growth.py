"""Work that grows with the game or the site: the game page and the history page, measured at
round 1 and round 15 of an A&A 1941 bot game, and with 10 and with 10,000 games in the database.

    .venv/bin/python benchmarks/growth.py [--requests 40] [--runs 3] [--games 10000]
                                          [--database-url postgresql+psycopg://...]

A game is played by the random-but-legal bot (``pbem.games.aa.bot``) through the services'
storage path (events, game row, snapshots, outbox: ``services.orders._store``), with 9 other
games beside it. The Soviet player, logged in with Flask's test client, asks for
``GET /games/<id>`` and ``GET /games/<id>/history`` (the default history: "since your last turn",
with its board, log and chart): ``--requests`` each, in ``--runs`` interleaved runs; the figure is
the median of the run medians. Measured when round 2 begins (round 1 played), when round 16
begins (round 15 played), then again after 9,990 more games (each with 60 events and a snapshot)
are added. Targets: every later figure within 1.2x of the earlier one.

Without ``--database-url`` a temporary SQLite file is used; with a PostgreSQL URL a temporary
database is created beside the given one and dropped at the end. The machine's load average is
printed (the figures are noisy on a shared machine). The last line is
``page_r1_ms=… page_r15_ms=… history_r1_ms=… history_r15_ms=… page_10k_ms=… history_10k_ms=…
page_rounds_x=… history_rounds_x=… page_games_x=… history_games_x=…``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PASSWORD = "benchmark password"
FAST_HASH = "pbkdf2:sha256:1000"


def _medians_ms(client: Any, url: str, requests: int) -> tuple[float, float]:
    """Median wall-clock and median CPU time (this thread: the app and SQLite) of ``requests`` GETs."""
    wall, cpu = [], []
    for _ in range(requests):
        start, start_cpu = time.perf_counter(), time.thread_time()
        response = client.get(url)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(wall), statistics.median(cpu)


def measure(client: Any, game_id: int, requests: int, runs: int) -> dict[str, float]:
    """Median of ``runs`` run medians for the game page and the history page (interleaved):
    ``page``/``history`` wall-clock ms, ``page_cpu``/``history_cpu`` CPU ms."""
    urls = {"page": f"/games/{game_id}", "history": f"/games/{game_id}/history"}
    for url in urls.values():
        client.get(url)  # warm the caches as a real site's are
    out: dict[str, list[float]] = {k: [] for key in urls for k in (key, f"{key}_cpu")}
    for _ in range(runs):
        for key, url in urls.items():
            wall, cpu = _medians_ms(client, url, requests)
            out[key].append(wall)
            out[f"{key}_cpu"].append(cpu)
    return {k: statistics.median(v) for k, v in out.items()}


def report(label: str, got: dict[str, float]) -> None:
    print(f"{label}: game page {got['page']:.1f} ms (CPU {got['page_cpu']:.1f}), history {got['history']:.1f} ms "
          f"(CPU {got['history_cpu']:.1f}), load average {os.getloadavg()[0]:.2f}", flush=True)


def _users_and_game(session: Any, title: str) -> tuple[int, Any]:
    from pbem.services import games
    from pbem.store.models.accounts import User

    tag = title.lower().replace(" ", "-")
    allies = User(email=f"alleati-{tag}@example.org", display_name="Alleati", password_hash="")
    axis = User(email=f"asse-{tag}@example.org", display_name="Asse", password_hash="")
    for user in (allies, axis):
        user.set_password(PASSWORD, FAST_HASH)
        session.add(user)
    session.commit()
    game = games.create_game(session, organiser_id=allies.id, ruleset_key="aa1941", title=title, options={})
    for user, seats in ((allies, ("ussr", "uk", "usa")), (axis, ("germany", "japan"))):
        for seat in seats:
            games.join_game(session, game_id=game.id, user_id=user.id, seat=seat)
    games.start_game(session, game_id=game.id, user_id=allies.id)
    return int(game.id), allies


class StoredPlay:
    """The engine game of a stored game whose accepted orders are stored as the services store
    them (``orders._store``: events, game row, snapshot at a new snapshot key, outbox)."""

    def __init__(self, session: Any, game_id: int) -> None:
        from pbem.services import dice as dice_service
        from pbem.services.common import get_game, holders
        from pbem.store import snapshots

        self.session = session
        self.row = get_game(session, game_id)
        self.engine = snapshots.load_game(session, self.row, dice=dice_service.dice_for(session, self.row))
        self.users = {seat: h.user_id for seat, h in holders(session, game_id).items()}
        submit = self.engine.submit

        def stored_submit(seat: str, order: dict[str, Any], *, by: str | None = None) -> list[dict[str, Any]]:
            from pbem.services import orders

            owed, key = self.engine.owed(), self.engine.snapshot_key()
            events = submit(seat, order, by=by)
            orders._store(self.session, self.row, self.engine, events, self.users.get(seat), None, owed, key)
            return events

        self.engine.submit = stored_submit  # type: ignore[method-assign]

    def play_until_round(self, bot: Any, round_: int) -> None:
        while self.engine.result() is None and self.engine.state["round"] < round_:
            bot.act(self.engine)


def add_games(engine: Any, template_game: int, count: int, events_per_game: int = 60) -> None:
    """``count`` more active games, each with ``events_per_game`` events and a small snapshot,
    written in bulk (they are only there to make the tables large)."""
    from sqlalchemy import insert, select
    from sqlmodel import Session

    from pbem.store.models.games import Event, Game, SeatHolder, Snapshot

    with Session(engine) as s:
        game = s.get(Game, template_game)
        holders = s.execute(select(SeatHolder).where(SeatHolder.game_id == template_game)).scalars().all()
        rows = s.execute(select(Event).where(Event.game_id == template_game, Event.seq > 1)
                      .order_by(Event.seq).limit(events_per_game)).scalars().all()
        base = {k: getattr(game, k) for k in ("ruleset_key", "ruleset_version", "visibility", "organiser_id",
                                              "status", "options", "owed_seats")}
        done = 0
        while done < count:
            batch = min(500, count - done)
            ids = [s.execute(insert(Game).values(title=f"Filler {done + i}", last_seq=len(rows), **base)
                             .returning(Game.id)).scalar_one() for i in range(batch)]
            s.execute(insert(SeatHolder), [{"game_id": g, "seat": h.seat, "user_id": h.user_id}
                                           for g in ids for h in holders])
            s.execute(insert(Event), [{"game_id": g, "seq": i + 1, "seat": r.seat, "type": r.type, "v": r.v,
                                       "payload": r.payload, "user_id": r.user_id, "created_at": r.created_at,
                                       "prev_hash": r.prev_hash, "hash": r.hash}
                                      for g in ids for i, r in enumerate(rows)])
            s.execute(insert(Snapshot), [{"game_id": g, "seq": len(rows), "data": "{}", "rules_version": "0",
                                          "digest": "0" * 64} for g in ids])
            s.commit()
            done += batch


def _database(url: str | None, tmp: str) -> tuple[str, Any]:
    """The URL to use and a clean-up function (a temporary PostgreSQL database is dropped)."""
    if not url or url.startswith("sqlite"):
        return f"sqlite:///{tmp}/growth.sqlite", lambda: None
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"pbem_growth_{os.getpid()}"
    admin = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return make_url(url).set(database=name).render_as_string(hide_password=False), drop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()

    from sqlmodel import Session

    from pbem.engine import load_ruleset
    from pbem.games.aa.bot import RandomBot
    from pbem.web import create_app
    from pbem.web.db import get_engine

    with tempfile.TemporaryDirectory() as tmp:
        url, drop = _database(args.database_url, tmp)
        try:
            app = create_app({"TESTING": True, "INSTANCE_PATH": f"{tmp}/instance", "DOTENV_PATH": f"{tmp}/no.env",
                              "SECRET_KEY": "bench", "DATABASE_URL": url, "WTF_CSRF_ENABLED": False,
                              "RATELIMIT_ENABLED": False, "PASSWORD_HASH_METHOD": FAST_HASH})
            engine = get_engine(app)
            with Session(engine, expire_on_commit=False) as s:
                for n in range(9):
                    _users_and_game(s, f"Other {n}")
                game_id, allies = _users_and_game(s, "Growth")
            client = app.test_client()
            client.post("/auth/login", data={"email": allies.email, "password": PASSWORD})
            assert client.get(f"/games/{game_id}/standing").status_code == 200, "not logged in"
            figures: dict[str, float] = {}
            with Session(engine, expire_on_commit=False) as s:
                play = StoredPlay(s, game_id)
                bot = RandomBot(load_ruleset("aa1941"), random.Random(11))
                for label, round_ in (("r1", 2), (f"r{args.rounds}", args.rounds + 1)):
                    start = time.perf_counter()
                    play.play_until_round(bot, round_)
                    print(f"played to round {play.engine.state['round']} (seq {play.engine.seq}, "
                          f"{bot.orders} orders) in {time.perf_counter() - start:.0f} s", flush=True)
                    got = measure(client, game_id, args.requests, args.runs)
                    figures |= {f"{k}_{label}": v for k, v in got.items()}
                    report(label, got)
            start = time.perf_counter()
            add_games(engine, game_id, args.games - 10)
            print(f"added {args.games - 10} games in {time.perf_counter() - start:.0f} s", flush=True)
            got = measure(client, game_id, args.requests, args.runs)
            figures |= {f"{k}_10k": v for k, v in got.items()}
            report(f"{args.games} games", got)
            last = f"r{args.rounds}"
            ratios = {f"{page}{cpu}_{what}_x": figures[f"{page}{cpu}_{later}"] / figures[f"{page}{cpu}_{earlier}"]
                      for what, earlier, later in (("rounds", "r1", last), ("games", last, "10k"))
                      for page in ("page", "history") for cpu in ("", "_cpu")}
            for key, value in ratios.items():
                print(f"{key}: {value:.2f} (target <= 1.2){'' if value <= 1.2 else '  ABOVE TARGET'}")
            engine.dispose()
        finally:
            drop()
        print(" ".join([f"{k}_ms={v:.1f}" for k, v in figures.items()] + [f"{k}={v:.2f}" for k, v in ratios.items()]))


if __name__ == "__main__":
    main()
