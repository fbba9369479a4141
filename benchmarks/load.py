"""Load: gunicorn (docs/deploy.md's command) on PostgreSQL and Redis, 72 A&A 1941 games, 144 players.

    .venv/bin/python benchmarks/load.py --seconds 30 --clients 16 [--workers 2 --threads 4]
                                        [--page-cache-url redis://127.0.0.1:6379/0]

Creates a fresh PostgreSQL database (``pbem_load_<pid>`` on the server of ``--database-url``,
default the local one), makes 144 players and 72 started games through the services (each
game: one player holds the Allies, the other the Axis), starts gunicorn on it as docs/deploy.md
recommends (``--workers 2 --worker-class gthread --threads 4 --keep-alive 5``; ``--threads 1``:
sync workers) with the game pages shared through Redis (``PBEM_PAGE_CACHE_URL``, under a prefix
of this run whose keys expire after 10 minutes; ``--page-cache-url ''``: each worker keeps its
own), logs every client in (each client is the Allies player of its own game, whose Soviet
Union owes its purchase) and then, for ``--seconds``, each client loads its game page and, every
``--order-every`` pages, submits a purchase through the page's own purchase form as a browser
does (the form's action, CSRF token, ``expected_seq`` and seat taken from the page; each purchase
replaces the previous one, so every order is accepted and adds an event) and follows the redirect
to the game page, which must say "Order accepted." (that page load counts as a page). Each
client keeps one ``http.client`` connection, as a browser or a reverse proxy with upstream
keep-alive does (sync workers close it after each response; it reopens by itself), sends no
``If-None-Match`` or other cache header (every page is loaded afresh) and parses only the
purchase form, with regular expressions, so the benchmark's own client costs little of the
shared CPUs. Then it stops gunicorn and drops the database.

Rate limits are off (one address makes every request). A 5xx, a failed connection or an
unexpected status is an error. The last line is
``page_rps=… page_p50_ms=… page_p99_ms=… order_rps=… order_p50_ms=… errors=…``.
Target (issue 11): page_rps >= 250 at 16 clients on the 2-core machine, errors 0.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = 72
PASSWORD = "load test password"
FAST_HASH = "pbkdf2:sha256:1000"
ALLIES, AXIS = ("ussr", "uk", "usa"), ("germany", "japan")
#: Statuses an order may get without being an error: accepted (302 to the page), or refused by the
#: rules or as stale (400, 403, 409, 422).
ORDER_OK = {302, 303, 400, 403, 409, 422}


def create_database(admin_url: str, name: str) -> str:
    import psycopg
    from sqlalchemy.engine import make_url

    base = make_url(admin_url)
    conninfo = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return base.set(database=name).render_as_string(hide_password=False)


def drop_database(admin_url: str, name: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    conninfo = make_url(admin_url).set(drivername="postgresql").render_as_string(
        hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def populate(database_url: str) -> list[tuple[str, int, str]]:
    """144 players, 72 started games; (email, game id, seat) of each game's Allies player (the
    Soviet Union moves first: its page has the purchase form)."""
    from sqlmodel import Session

    from pbem.services import games as game_service
    from pbem.store.db import create_schema, make_engine
    from pbem.store.models.accounts import User

    engine = make_engine(database_url)
    create_schema(engine)
    players = []
    with Session(engine, expire_on_commit=False) as s:
        for g in range(GAMES):
            people = []
            for side in ("allies", "axis"):
                user = User(email=f"{side}{g}@example.org", display_name=f"{side.title()} {g}",
                            password_hash="")
                user.set_password(PASSWORD, FAST_HASH)
                s.add(user)
                people.append(user)
            s.commit()
            game = game_service.create_game(s, organiser_id=people[0].id, ruleset_key="aa1941",
                                            title=f"Load {g}", options={})
            for user, seats in zip(people, (ALLIES, AXIS), strict=True):
                for seat in seats:
                    game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
            game_service.start_game(s, game_id=game.id, user_id=people[0].id)
            players.append((people[0].email, int(game.id), "ussr"))
    engine.dispose()
    return players


#: The purchase form of the A&A page (``pbem/ui/aa/templates/aa/_orders.html``) and its hidden fields.
PURCHASE_FORM = re.compile(r'<form method="post" action="([^"]+)" class="aa-purchase".*?</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="(csrf_token|expected_seq|seat|kind)" value="([^"]*)"')
#: The orders panel's message after an accepted order.
ACCEPTED = 'class="flash flash-success">Order accepted.</p>'
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


class Client:
    """One player on one keep-alive connection (``http.client`` reconnects by itself when the
    server closes it, as gunicorn's sync workers do after each response), with its own cookies."""

    def __init__(self, port: int, email: str, game_id: int, seat: str) -> None:
        self.port, self.email, self.game_id, self.seat = port, email, game_id, seat
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}
        self.page_ms: list[float] = []
        self.order_ms: list[float] = []
        self.statuses: Counter[str] = Counter()
        self.errors: list[str] = []

    def request(self, method: str, path: str,
                form: dict[str, str] | None = None) -> tuple[int, str, str]:
        """``(status, body, Location)`` of one request."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.conn.request(method, path, body, headers)
            response = self.conn.getresponse()
        except (http.client.HTTPException, OSError):
            self.conn.close()  # a connection the server closed meanwhile: once more on a new one
            self.conn.request(method, path, body, headers)
            response = self.conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _eq, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, text, response.headers.get("Location", "")

    def log_in(self) -> None:
        _status, page, _to = self.request("GET", "/auth/login")
        token = CSRF.search(page)
        status, _text, _to = self.request("POST", "/auth/login", {
            "email": self.email, "password": PASSWORD, "csrf_token": token.group(1) if token else ""})
        if status != 302:
            raise RuntimeError(f"{self.email} could not log in ({status})")

    def timed(self, kind: str, method: str, path: str,
              form: dict[str, str] | None = None) -> tuple[int, str, str]:
        start = time.perf_counter()
        try:
            status, text, location = self.request(method, path, form)
        except OSError as err:
            self.errors.append(f"{kind}: {type(err).__name__}: {err}")
            return 0, "", ""
        elapsed = (time.perf_counter() - start) * 1000
        self.statuses[f"{kind} {status}"] += 1
        ok = status == 200 if kind == "page" else status in ORDER_OK
        if not ok:
            self.errors.append(f"{kind} {path}: {status} {text[:200]}")
        (self.page_ms if kind == "page" else self.order_ms).append(elapsed)
        return status, text, location

    def purchase(self, page: str, n: int) -> None:
        """Fill in and send the page's purchase form (its own action and hidden fields: the CSRF
        token, ``expected_seq``, the seat), then load the page it redirects to, as a browser does;
        that page must say the order was accepted."""
        found = PURCHASE_FORM.search(page)
        if found is None:
            self.errors.append(f"order: no purchase form on the page of game {self.game_id}")
            return
        form = dict(HIDDEN.findall(found.group(0)))
        form["buy-infantry"] = str(1 + n % 2)  # the Soviet Union has 7 IPCs at the start
        action = found.group(1).split("#", 1)[0]
        status, _text, location = self.timed("order", "POST", action, form)
        if status in (302, 303):
            path = urllib.parse.urlsplit(location).path or f"/games/{self.game_id}"
            _status, after, _to = self.timed("page", "GET", path)
            if after and ACCEPTED not in after:
                self.errors.append(f"order: the page after an accepted order does not say so (game {self.game_id})")

    def run(self, deadline: float, order_every: int) -> None:
        n = 0
        while time.monotonic() < deadline:
            n += 1
            _status, page, _to = self.timed("page", "GET", f"/games/{self.game_id}")
            if order_every and n % order_every == 0 and page:
                self.purchase(page, n)


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of these processes so far (Linux ``/proc``; gone ones count 0)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def server_pids(server: subprocess.Popen[bytes], admin_url: str, database: str) -> tuple[list[int], list[int]]:
    """gunicorn's master and workers; the PostgreSQL backends serving the benchmark's database."""
    import psycopg
    from sqlalchemy.engine import make_url

    pids = [server.pid]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == server.pid:
                pids.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    conninfo = make_url(admin_url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        backends = [int(r[0]) for r in conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            (database,)).fetchall()]
    return pids, backends


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def gunicorn_args(workers: int, threads: int) -> list[str]:
    """docs/deploy.md's command: ``threads`` above 1, gthread workers keeping each connection open
    5 s (as a reverse proxy's upstream keep-alive does); 1, sync workers (one connection per request)."""
    args = ["--workers", str(workers), "--timeout", "60"]
    if threads > 1:
        args += ["--worker-class", "gthread", "--threads", str(threads), "--keep-alive", "5"]
    return args


def start_gunicorn(database_url: str, port: int, args: Any, tmp: Path) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env.update({"PBEM_PAGE_CACHE_URL": args.page_cache_url, "PBEM_PAGE_CACHE_PREFIX": f"pbem-load-{os.getpid()}",
                "PBEM_PAGE_CACHE_TTL": "600", "PBEM_DATABASE_URL": database_url,
                "PBEM_INSTANCE_PATH": str(tmp / "instance"),
                "PBEM_DOTENV_PATH": str(tmp / "no.env"), "PBEM_SECRET_KEY": "load-secret",
                "PBEM_BASE_URL": f"http://127.0.0.1:{port}", "PBEM_RATELIMIT_ENABLED": "false",
                "PBEM_PASSWORD_HASH_METHOD": FAST_HASH})
    log = open(tmp / "gunicorn.log", "wb")  # noqa: SIM115  (closed with the process)
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
         *gunicorn_args(args.workers, args.threads), "pbem:create_app()"],
        env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)


def wait_up(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/auth/login")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("gunicorn did not start")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def logged_in(port: int, players: list[tuple[str, int, str]], count: int) -> list[Client]:
    clients = [Client(port, *players[i % len(players)]) for i in range(count)]
    for client in clients:
        client.log_in()
        client.request("GET", f"/games/{client.game_id}")  # warm each worker's caches
    return clients


def drive(clients: list[Client], args: Any) -> list[Client]:
    deadline = time.monotonic() + args.seconds
    threads = [threading.Thread(target=c.run, args=(deadline, args.order_every))
               for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(args.seconds + 120)
    for client in clients:
        client.conn.close()
    return clients


def report(clients: list[Client], seconds: float, cpu: dict[str, float]) -> str:
    """The figures; ``cpu``: CPU seconds during the run of gunicorn (``web``), of the PostgreSQL
    backends of its database (``db``; one that ended during the run is missed) and of this
    client."""
    pages = [ms for c in clients for ms in c.page_ms]
    orders = [ms for c in clients for ms in c.order_ms]
    errors = [e for c in clients for e in c.errors]
    statuses: Counter[str] = Counter()
    for c in clients:
        statuses.update(c.statuses)
    print(f"responses: {dict(sorted(statuses.items()))}")
    for error in errors[:5]:
        print("error:", error)
    load = os.getloadavg()
    print(f"load average after the run: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    requests = max(1, len(pages) + len(orders))
    per = {k: v * 1000 / requests for k, v in cpu.items()}
    print(f"CPU per request: gunicorn {per['web']:.2f} ms, PostgreSQL {per['db']:.2f} ms, "
          f"this client {per['client']:.2f} ms")
    return (f"page_rps={len(pages) / seconds:.1f} page_p50_ms={percentile(pages, 0.5):.1f} "
            f"page_p99_ms={percentile(pages, 0.99):.1f} order_rps={len(orders) / seconds:.1f} "
            f"order_p50_ms={statistics.median(orders) if orders else 0.0:.1f} "
            f"errors={len(errors)} web_cpu_ms={per['web']:.2f} db_cpu_ms={per['db']:.2f} "
            f"client_cpu_ms={per['client']:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4,
                        help="threads per worker (gthread); 1: sync workers")
    parser.add_argument("--order-every", type=int, default=10,
                        help="each client submits an order every N pages (0: never)")
    parser.add_argument("--page-cache-url", default="redis://127.0.0.1:6379/0",
                        help="PBEM_PAGE_CACHE_URL of the web processes ('': each keeps its own pages)")
    parser.add_argument("--database-url", default=os.environ.get(
        "PBEM_TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"))
    args = parser.parse_args()
    name = f"pbem_load_{os.getpid()}"
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        database_url = create_database(args.database_url, name)
        server = None
        try:
            started = time.monotonic()
            players = populate(database_url)
            print(f"{len(players)} players, {GAMES} games made in "
                  f"{time.monotonic() - started:.0f} s", flush=True)
            port = free_port()
            server = start_gunicorn(database_url, port, args, tmp)
            wait_up(port)
            clients = logged_in(port, players, args.clients)
            web, backends = server_pids(server, args.database_url, name)
            before = {"web": cpu_seconds(web), "db": cpu_seconds(backends), "client": time.process_time()}
            drive(clients, args)
            web, backends = server_pids(server, args.database_url, name)
            cpu = {"web": cpu_seconds(web) - before["web"], "db": cpu_seconds(backends) - before["db"],
                   "client": time.process_time() - before["client"]}
            print(f"{args.clients} clients, {args.seconds:.0f} s, gunicorn "
                  f"{' '.join(gunicorn_args(args.workers, args.threads))}, an order every "
                  f"{args.order_every} pages, shared page cache {args.page_cache_url or 'none'}")
            line = report(clients, args.seconds, cpu)
        finally:
            if server is not None:
                server.terminate()
                server.wait(30)
            drop_database(args.database_url, name)
    print(line)


if __name__ == "__main__":
    main()
