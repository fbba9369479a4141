"""CPU of one game page request, profiled: an A&A 1941 game on PostgreSQL, Flask's test client.

    .venv/bin/python benchmarks/page_profile.py [--requests 50] [--rounds 1] [--path page|history]
                                                [--database-url postgresql+psycopg://...] [--top 40]

Makes a temporary PostgreSQL database (dropped at the end) with one started game (played by the
bot to ``--rounds`` when above 1), logs the Soviet player in and asks for its page ``--requests``
times under cProfile after a warm-up request. Prints the profile's top functions (cumulative)
and, as its last line, ``cpu_ms_per_request=… wall_ms_per_request=…`` (median, without the
profiler) with the load average.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import growth  # noqa: E402  (the benchmarks' shared set-up)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--path", choices=("page", "history"), default="page")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--cold", action="store_true",
                        help="empty the per-process page caches before each request (a new log head)")
    parser.add_argument("--sort", default="cumulative", help="pstats order: cumulative, tottime...")
    parser.add_argument("--database-url", default=os.environ.get(
        "PBEM_TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"))
    args = parser.parse_args()

    from sqlmodel import Session

    from pbem.engine import load_ruleset
    from pbem.games.aa.bot import RandomBot
    from pbem.services import views
    from pbem.web import page_cache
    from pbem.web.db import get_engine

    with tempfile.TemporaryDirectory() as tmp:
        url, drop = growth._database(args.database_url, tmp, "profile")
        try:
            app = growth.make_app(tmp, url, "profile")
            engine = get_engine(app)
            with Session(engine, expire_on_commit=False) as s:
                game_id, allies = growth._users_and_game(s, "Profile")
                if args.rounds > 1:
                    play = growth.StoredPlay(s, game_id)
                    play.play_until_round(RandomBot(load_ruleset("aa1941"), random.Random(11)), args.rounds)
            client = growth.logged_in(app, allies.email, game_id)
            path = f"/games/{game_id}" + ("/history" if args.path == "history" else "")
            client.get(path)
            wall, cpu = [], []

            def forget() -> None:
                if args.cold:
                    page_cache.PARTS.clear()
                    views.POSITIONS.clear()

            for _ in range(args.requests):
                forget()
                start, start_cpu = time.perf_counter(), time.thread_time()
                assert client.get(path).status_code == 200
                wall.append((time.perf_counter() - start) * 1000)
                cpu.append((time.thread_time() - start_cpu) * 1000)
            profile = cProfile.Profile()
            profile.enable()
            for _ in range(args.requests):
                forget()
                client.get(path)
            profile.disable()
            pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)
            engine.dispose()
        finally:
            drop()
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"cpu_ms_per_request={statistics.median(cpu):.1f} wall_ms_per_request={statistics.median(wall):.1f}")


if __name__ == "__main__":
    main()
