"""The A&A game page and the board SVG, on the embedded defaults (A&A 1941, default options).

    .venv/bin/python benchmarks/pages.py

A started game (two players: the Allies and the Axis), the Soviet player logged in with Flask's
test client: ``GET /games/<id>`` (the page with the board, the forms and the turn's events) and
``GET /games/<id>/board.svg`` (the board of the position, without its ETag so it is rendered
every time), 200 requests each, medians. Also the bare ``/boards/aa1941.svg``.
Targets: game page <= 50 ms, board <= 400 KB.

The last line is ``game_page_ms=<median> board_kb=<n>``.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

REQUESTS = 200


def median_ms(fn: Any, repeat: int = REQUESTS) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    from sqlmodel import Session

    from pbem.services import games
    from pbem.store.models.accounts import User
    from pbem.web import create_app
    from pbem.web.db import get_engine

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "INSTANCE_PATH": f"{tmp}/instance", "DOTENV_PATH": f"{tmp}/no.env",
                          "SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite",
                          "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                          "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000"})
        with Session(get_engine(app), expire_on_commit=False) as s:
            allies = User(email="alleati@example.org", display_name="Alleati", password_hash="")
            axis = User(email="asse@example.org", display_name="Asse", password_hash="")
            for user in (allies, axis):
                user.set_password("benchmark password", "pbkdf2:sha256:1000")
                s.add(user)
            s.commit()
            game = games.create_game(s, organiser_id=allies.id, ruleset_key="aa1941", title="Bench", options={})
            for user, seats in ((allies, ("ussr", "uk", "usa")), (axis, ("germany", "japan"))):
                for seat in seats:
                    games.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
            games.start_game(s, game_id=game.id, user_id=allies.id)
        client = app.test_client()
        client.post("/auth/login", data={"email": allies.email, "password": "benchmark password"})
        page = client.get(f"/games/{game.id}")
        board = client.get(f"/games/{game.id}/board.svg")
        outline = client.get("/boards/aa1941.svg")
        assert page.status_code == board.status_code == outline.status_code == 200
        assert b'id="aa-board"' in page.data
        page_ms = median_ms(lambda: client.get(f"/games/{game.id}"))
        board_ms = median_ms(lambda: client.get(f"/games/{game.id}/board.svg"))
        print(f"game page: {len(page.data) / 1024:.0f} KB, median {page_ms:.1f} ms of {REQUESTS} (target <= 50 ms)")
        print(f"board SVG of the position: {len(board.data) / 1024:.0f} KB, median {board_ms:.1f} ms "
              f"(target <= 400 KB); bare outline /boards/aa1941.svg: {len(outline.data) / 1024:.0f} KB")
        get_engine(app).dispose()
        print(f"game_page_ms={page_ms:.1f} board_kb={len(board.data) / 1024:.0f}")


if __name__ == "__main__":
    main()
