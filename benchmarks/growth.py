"""Work that grows with the game or the site: the game page and the history page, measured at
round 1 and round 15 of an A&A 1941 bot game, and with 10 and with 10,000 games in the database.

    .venv/bin/python benchmarks/growth.py [--requests 20] [--runs 5] [--games 10000] [--rounds 15]
                                          [--database-url postgresql+psycopg://...]

A game is played by the random-but-legal bot (``pbem.games.aa.bot``) through the services'
storage path (events, game row, snapshots, outbox: ``services.orders._store``), beside 8 other
games. When round 2 begins the game is copied (row, seats, events, snapshots: the game frozen at
round 1); play goes on until round 16 begins (round 15 played). Then the database is copied
(SQLite: the file; PostgreSQL: ``CREATE DATABASE ... TEMPLATE``) and 9,990 games, each with 60
events and a snapshot, are added to the copy. Three cases are measured, interleaved so that the
shared machine's load drifts alike for all: round 1 and round 15 with 10 games, round 15 with
10,000 games. The Soviet player, logged in with Flask's test client, asks for ``GET /games/<id>``
and ``GET /games/<id>/history`` (the default history: "since your last turn", with its board,
log and chart), ``--requests`` times each per run; a figure is the median of the ``--runs`` run
medians, in wall-clock ms and in CPU ms of the process (the app and SQLite; PostgreSQL's work is
in its own processes). Targets: every later figure within 1.2x of the earlier one.

Without ``--database-url`` a temporary SQLite file is used; with a PostgreSQL URL temporary
databases are created beside the given one and dropped at the end. The load average is printed.
The last line holds every figure (``page_r1_ms=… history_cpu_10k_ms=…``) and the ratios
(``page_rounds_x=… history_cpu_games_x=…``).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
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


def measure(cases: dict[str, tuple[Any, int]], requests: int, runs: int) -> dict[str, float]:
    """``{case: (client, game id)}``: the median of ``runs`` run medians of the game page and the
    history page of every case, the cases interleaved in each run (so the machine's load drifts
    alike for all). Keys ``<page|history>[_cpu]_<case>``: wall-clock ms, CPU ms."""
    pages = {"page": "/games/{}", "history": "/games/{}/history"}
    out: dict[str, list[float]] = {}
    for client, game_id in cases.values():
        for url in pages.values():
            client.get(url.format(game_id))  # warm the caches as a real site's are
    for _ in range(runs):
        for case, (client, game_id) in cases.items():
            for page, url in pages.items():
                wall, cpu = _medians_ms(client, url.format(game_id), requests)
                out.setdefault(f"{page}_{case}", []).append(wall)
                out.setdefault(f"{page}_cpu_{case}", []).append(cpu)
    return {k: statistics.median(v) for k, v in out.items()}


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


def copy_game(engine: Any, game_id: int) -> int:
    """A copy of the game as it is now (its row, seats, events and snapshots) under a new id: the
    game frozen at this round, to measure beside the original as it goes on."""
    from sqlalchemy import insert, select
    from sqlmodel import Session

    from pbem.store.models.games import Event, Game, SeatHolder, Snapshot

    with Session(engine) as s:
        row = s.execute(select(Game.__table__).where(Game.id == game_id)).mappings().one()
        new_id = s.execute(insert(Game).values({**{k: v for k, v in row.items() if k != "id"},
                                                "title": f"{row['title']} (frozen)"}).returning(Game.id)).scalar_one()
        for model in (SeatHolder, Event, Snapshot):
            table = model.__table__  # type: ignore[attr-defined]
            rows = s.execute(select(table).where(table.c.game_id == game_id)).mappings().all()
            s.execute(insert(table), [{**{k: v for k, v in r.items() if k != "id"}, "game_id": new_id} for r in rows])
        s.commit()
    return int(new_id)


def _database(url: str | None, tmp: str, name: str = "growth") -> tuple[str, Any]:
    """A new empty database and a clean-up function (a temporary PostgreSQL database is dropped)."""
    if not url or url.startswith("sqlite"):
        return f"sqlite:///{tmp}/{name}.sqlite", lambda: None
    import psycopg
    from sqlalchemy.engine import make_url

    db = f"pbem_{name}_{os.getpid()}"
    admin = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db}"')
        conn.execute(f'CREATE DATABASE "{db}"')

    def drop() -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')

    return make_url(url).set(database=db).render_as_string(hide_password=False), drop


def clone_database(url: str, tmp: str) -> tuple[str, Any]:
    """A copy of the (idle) database at ``url`` and its clean-up function."""
    if url.startswith("sqlite"):
        shutil.copy(url.removeprefix("sqlite:///"), f"{tmp}/clone.sqlite")
        return f"sqlite:///{tmp}/clone.sqlite", lambda: None
    import psycopg
    from sqlalchemy.engine import make_url

    clone_url, drop = _database(url, tmp, "clone")
    source, clone = make_url(url).database, make_url(clone_url).database
    admin = make_url(url).set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{clone}"')
        conn.execute(f'CREATE DATABASE "{clone}" TEMPLATE "{source}"')
    return clone_url, drop


def make_app(tmp: str, url: str, name: str) -> Any:
    from pbem.web import create_app

    return create_app({"TESTING": True, "INSTANCE_PATH": f"{tmp}/{name}", "DOTENV_PATH": f"{tmp}/no.env",
                       "SECRET_KEY": "bench", "DATABASE_URL": url, "WTF_CSRF_ENABLED": False,
                       "RATELIMIT_ENABLED": False, "PASSWORD_HASH_METHOD": FAST_HASH})


def logged_in(app: Any, email: str, game_id: int) -> Any:
    client = app.test_client()
    client.post("/auth/login", data={"email": email, "password": PASSWORD})
    assert client.get(f"/games/{game_id}/standing").status_code == 200, "not logged in"
    return client


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()

    from sqlmodel import Session

    from pbem.engine import load_ruleset
    from pbem.games.aa.bot import RandomBot
    from pbem.web.db import get_engine

    cleanups: list[Any] = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            url, drop = _database(args.database_url, tmp)
            cleanups.append(drop)
            app = make_app(tmp, url, "small")
            engine = get_engine(app)
            with Session(engine, expire_on_commit=False) as s:
                for n in range(8):
                    _users_and_game(s, f"Other {n}")
                game_id, allies = _users_and_game(s, "Growth")
                play = StoredPlay(s, game_id)
                bot = RandomBot(load_ruleset("aa1941"), random.Random(11))
                for round_ in (2, args.rounds + 1):
                    if round_ > 2:
                        frozen = copy_game(engine, game_id)  # the game at round 1, kept
                    started = time.perf_counter()
                    play.play_until_round(bot, round_)
                    print(f"played to round {play.engine.state['round']} (seq {play.engine.seq}, "
                          f"{bot.orders} orders) in {time.perf_counter() - started:.0f} s", flush=True)
            engine.dispose()
            big_url, drop_big = clone_database(url, tmp)
            cleanups.append(drop_big)
            big = make_app(tmp, big_url, "big")
            started = time.perf_counter()
            add_games(get_engine(big), game_id, args.games - 10)
            print(f"a copy of the database with {args.games - 10} more games made in "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
            small_client = logged_in(app, allies.email, game_id)
            cases = {"r1": (small_client, frozen), f"r{args.rounds}": (small_client, game_id),
                     "10k": (logged_in(big, allies.email, game_id), game_id)}
            load = os.getloadavg()[0]
            figures = measure(cases, args.requests, args.runs)
            print(f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after ({os.cpu_count()} CPUs)")
            for case, what in (("r1", "round 1, 10 games"), (f"r{args.rounds}", f"round {args.rounds}, 10 games"),
                               ("10k", f"round {args.rounds}, {args.games} games")):
                print(f"{what}: game page {figures['page_' + case]:.1f} ms (CPU {figures['page_cpu_' + case]:.1f}), "
                      f"history {figures['history_' + case]:.1f} ms (CPU {figures['history_cpu_' + case]:.1f})")
            last = f"r{args.rounds}"
            ratios = {f"{page}{cpu}_{what}_x": figures[f"{page}{cpu}_{later}"] / figures[f"{page}{cpu}_{earlier}"]
                      for what, earlier, later in (("rounds", "r1", last), ("games", last, "10k"))
                      for page in ("page", "history") for cpu in ("", "_cpu")}
            for key, value in ratios.items():
                print(f"{key}: {value:.2f} (target <= 1.2){'' if value <= 1.2 else '  ABOVE TARGET'}")
            get_engine(app).dispose()
            get_engine(big).dispose()
        finally:
            for cleanup in reversed(cleanups):  # the clone first (its clean-up connects to the original)
                cleanup()
        print(" ".join([f"{k}_ms={v:.1f}" for k, v in figures.items()] + [f"{k}={v:.2f}" for k, v in ratios.items()]))


if __name__ == "__main__":
    main()
