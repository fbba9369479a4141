"""Issue 10, "the embedded default": with ``make run``'s configuration (``python -m
pbem.devserver``: the Flask server and the worker, one SQLite file) 20 clients logging in and
submitting orders while the worker sends mail never get a 500 ("database is locked").

Real processes and real HTTP (stdlib ``urllib``). Runs for ``PBEM_STRESS_SECONDS`` (default
60, as the acceptance text says). It always uses its own SQLite file: the question is the
embedded default, whatever database the rest of the suite runs on.
"""

from __future__ import annotations

import http.cookiejar
import logging
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

from sqlmodel import Session

from pbem.notify.outbox import enqueue_email
from pbem.services import games as game_service
from pbem.store.models.accounts import User
from pbem.web import create_app
from pbem.web.db import get_engine
from tests.fixtures_web import DEFAULT_PASSWORD, FAST_HASH
from tests.processes.procs import ROOT, base_env, free_port, stop, wait_for

CLIENTS = 20
GAMES = CLIENTS // 2
SECONDS = float(os.environ.get("PBEM_STRESS_SECONDS", "60"))
QUEUED_MAIL = 3000
ALLIES, AXIS = ("ussr", "uk", "usa"), ("germany", "japan")


def _prepare(database_url: str, tmp_path: Path) -> list[tuple[str, int, str]]:
    """Users and started A&A games; mail queued for the worker. (email, game id, seat)."""
    app = create_app({"DATABASE_URL": database_url, "INSTANCE_PATH": str(tmp_path / "setup"),
                      "DOTENV_PATH": str(tmp_path / "no.env"), "SECRET_KEY": "x"})
    clients = []
    with Session(get_engine(app), expire_on_commit=False) as s:
        for g in range(GAMES):
            people = []
            for side in ("allies", "axis"):
                user = User(email=f"{side}{g}@example.org", display_name=f"{side} {g}",
                            password_hash="")
                user.set_password(DEFAULT_PASSWORD, FAST_HASH)
                s.add(user)
                s.commit()
                people.append(user)
            game = game_service.create_game(s, organiser_id=people[0].id, ruleset_key="aa1941",
                                            title=f"Stress {g}", options={})
            for user, seats in zip(people, (ALLIES, AXIS), strict=True):
                for seat in seats:
                    game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
            game_service.start_game(s, game_id=game.id, user_id=people[0].id)
            clients += [(people[0].email, int(game.id), "ussr"),  # owes the purchase
                        (people[1].email, int(game.id), "germany")]  # refused: not its turn
        for i in range(QUEUED_MAIL):
            enqueue_email(s, to_address=f"reader{i}@example.org", subject=f"m{i}", text="t",
                          kind="stress")
        s.commit()
    get_engine(app).dispose()
    return clients


class Client:
    def __init__(self, base: str, email: str, game_id: int, seat: str) -> None:
        self.base, self.email, self.game_id, self.seat = base, email, game_id, seat
        self.statuses: Counter[int] = Counter()
        self.errors: list[str] = []
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def request(self, path: str, data: dict[str, str] | None = None) -> str:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(self.base + path, body, timeout=60) as response:
                self.statuses[response.status] += 1
                return str(response.read().decode("utf-8", "replace"))
        except urllib.error.HTTPError as err:
            self.statuses[err.code] += 1
            text = err.read().decode("utf-8", "replace")
            if err.code >= 500:
                self.errors.append(f"{err.code} {path}: {text[:300]}")
            return text
        except OSError as err:  # a connection refused or reset is as bad as a 500
            self.errors.append(f"{type(err).__name__} {path}: {err}")
            return ""

    def csrf(self, html: str) -> str:
        match = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
        return match.group(1) if match else ""

    def log_in(self) -> None:
        page = self.request("/auth/login")
        self.request("/auth/login", {"email": self.email, "password": DEFAULT_PASSWORD,
                                     "csrf_token": self.csrf(page)})

    def run(self, deadline: float) -> None:
        rounds = 0
        while time.monotonic() < deadline:
            if rounds % 8 == 0:
                self.opener = urllib.request.build_opener(
                    urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
                self.log_in()
            rounds += 1
            page = self.request(f"/games/{self.game_id}")
            seq = re.search(r'name="expected_seq" value="(\d+)"', page)
            self.request(f"/games/{self.game_id}/aa/order", {
                "csrf_token": self.csrf(page), "seat": self.seat, "kind": "purchase",
                "buy-infantry": str(1 + rounds % 3), "expected_seq": seq.group(1) if seq else "1"})


def test_twenty_clients_and_the_worker_on_sqlite_never_get_a_500(tmp_path):
    database_url = f"sqlite:///{tmp_path / 'pbem.sqlite'}"
    clients = _prepare(database_url, tmp_path)
    port = free_port()
    env = base_env(database_url, tmp_path, RATELIMIT_ENABLED="false",
                   PASSWORD_HASH_METHOD=FAST_HASH, NOTIFY_DISPATCH_SECONDS=1,
                   BASE_URL=f"http://127.0.0.1:{port}")
    log = open(tmp_path / "devserver.log", "wb")  # noqa: SIM115
    server = subprocess.Popen([sys.executable, "-m", "pbem.devserver", "127.0.0.1", str(port)],
                              env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    mail = tmp_path / "instance" / "mail"
    try:
        def up() -> bool:
            try:
                return urllib.request.urlopen(base + "/auth/login", timeout=5).status == 200
            except OSError:
                return False

        assert wait_for(up, 60, step=0.5), (tmp_path / "devserver.log").read_text()[-3000:]
        workers = [Client(base, *c) for c in clients]
        deadline = time.monotonic() + SECONDS
        threads = [threading.Thread(target=w.run, args=(deadline,)) for w in workers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(SECONDS + 120)
        sent = len(list(mail.glob("*.eml")))
    finally:
        stop(server, 20)
        log.close()
    totals: Counter[int] = Counter()
    for w in workers:
        totals.update(w.statuses)
    errors = [e for w in workers for e in w.errors]
    assert not errors, errors[:5]
    assert totals[500] == 0
    assert totals[200] >= CLIENTS * 4, totals  # pages, logins and accepted orders answered
    assert sent > 100, f"the worker sent only {sent} message(s) meanwhile"
    server_log = (tmp_path / "devserver.log").read_text(errors="replace")
    failed_jobs = [line for line in server_log.splitlines() if "pbem.clock job" in line
                   and "failed" in line]
    assert not failed_jobs, failed_jobs[:3]  # the worker's jobs waited for the lock too
    logging.getLogger(__name__).warning(
        "%s s, %s clients: responses %s; %s message(s) sent; %s request(s) run again after "
        "'database is locked'", SECONDS, CLIENTS, dict(totals), sent,
        server_log.count("running the request again"))
