"""Real processes for the crash and multi-host tests: a worker, a web server, an SMTP sink.

``start_worker(...)`` runs ``flask --app pbem pbem worker`` as a child process (kill it with
``kill9`` as an operator's crash would); ``start_web(...)`` runs gunicorn on a port;
``Sink`` is an aiosmtpd server on loopback recording every message received, with its time
and Message-ID, slow enough that a kill lands mid-batch. ``queue_mail``, ``outbox_statuses``
and ``assert_resent_only_in_flight`` are the outbox's side of the crash tests.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from sqlmodel import Session, select

from pbem.notify.outbox import enqueue_email
from pbem.store.db import make_engine
from pbem.store.models.outbox import OutboxMessage

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Sink:
    """Every message received: ``(monotonic time, Message-ID)``, in order."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self.received: list[tuple[float, str]] = []
        self.contents: list[bytes] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # type: ignore[no-untyped-def]  # noqa: N802
        if self.delay:
            await asyncio.sleep(self.delay)
        message = message_from_bytes(envelope.content)
        with self.lock:
            self.received.append((time.monotonic(), str(message["Message-ID"])))
            self.contents.append(envelope.content)
        return "250 OK"

    def texts_to(self, address: str) -> list[str]:
        """The plain-text bodies of the messages sent to ``address``, oldest first."""
        with self.lock:
            contents = list(self.contents)
        out = []
        for raw in contents:
            message = message_from_bytes(raw, policy=policy.default)
            if address in str(message["To"]):
                body = message.get_body(("plain",))  # type: ignore[attr-defined]
                out.append(str(body.get_content()) if body is not None else "")
        return out

    def ids(self) -> list[str]:
        with self.lock:
            return [mid for _t, mid in self.received]

    def count(self) -> int:
        with self.lock:
            return len(self.received)

    def first_after(self, moment: float) -> float | None:
        with self.lock:
            return next((t for t, _mid in self.received if t > moment), None)

    def duplicates(self) -> dict[str, int]:
        return {mid: n for mid, n in Counter(self.ids()).items() if n > 1}


@contextmanager
def sink(delay: float = 0.0) -> Iterator[tuple[Sink, int]]:
    handler = Sink(delay)
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()


def base_env(database_url: str, tmp_path: Path, **extra: Any) -> dict[str, str]:
    # bytecode is cached as a deployment's would be: a restarted process imports, not compiles
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_") and k != "PYTHONDONTWRITEBYTECODE"}
    env.update({
        "PBEM_DATABASE_URL": database_url,
        "PBEM_INSTANCE_PATH": str(tmp_path / "instance"),
        "PBEM_DOTENV_PATH": str(tmp_path / "no.env"),
        "PBEM_SECRET_KEY": "process-test-secret",
        "PBEM_BASE_URL": "http://127.0.0.1:5000",
        "PYTHONUNBUFFERED": "1",
    })
    env.update({f"PBEM_{k}": str(v) for k, v in extra.items()})
    return env


def start_worker(database_url: str, tmp_path: Path, smtp_port: int, name: str = "worker",
                 **extra: Any) -> subprocess.Popen[bytes]:
    env = base_env(database_url, tmp_path, MAIL_HOST="127.0.0.1", MAIL_PORT=smtp_port,
                   MAIL_SECURITY="none", MAIL_TRANSPORT="smtp", **extra)
    log = open(tmp_path / f"{name}.log", "ab")  # noqa: SIM115  (closed with the process)
    return subprocess.Popen([sys.executable, "-m", "flask", "--app", "pbem", "pbem", "worker"],
                            env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)


def start_web(database_url: str, tmp_path: Path, port: int, name: str = "web",
              workers: int = 1, **extra: Any) -> subprocess.Popen[bytes]:
    """gunicorn serving ``pbem:create_app()`` on 127.0.0.1:``port`` (its own BASE_URL)."""
    env = base_env(database_url, tmp_path, BASE_URL=f"http://127.0.0.1:{port}", **extra)
    log = open(tmp_path / f"{name}.log", "ab")  # noqa: SIM115  (closed with the process)
    return subprocess.Popen([sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
                             "--workers", str(workers), "--timeout", "60", "pbem:create_app()"],
                            env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)


def wait_for(predicate: Callable[[], Any], timeout: float, step: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return bool(predicate())


def stop(proc: subprocess.Popen[bytes], timeout: float = 15) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def kill9(proc: subprocess.Popen[bytes]) -> None:
    """A crash: SIGKILL, no clean-up in the process."""
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)


def queue_mail(database_url: str, n: int) -> list[str]:
    """``n`` messages queued in the outbox; their Message-IDs."""
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            rows = [enqueue_email(session, to_address=f"p{i}@example.org", subject=f"m{i}",
                                  text="t", kind="test") for i in range(n)]
            session.commit()
            return [r.message_id for r in rows]
    finally:
        engine.dispose()


def outbox_statuses(database_url: str) -> set[str]:
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            return {r.status for r in session.exec(select(OutboxMessage))}
    finally:
        engine.dispose()


def assert_resent_only_in_flight(box: Sink, windows: list[tuple[int, int]]) -> None:
    """Every duplicate was received twice, the first time right at a kill (in flight):
    ``windows`` are the (first, end) received-indexes around each kill."""
    ids = box.ids()
    for mid, n in box.duplicates().items():
        assert n == 2, f"{mid} was sent {n} times"
        first = ids.index(mid)
        assert any(lo <= first < hi for lo, hi in windows), (
            f"{mid} (received #{first}) was resent but was not in flight at a kill {windows}")
    assert len(box.duplicates()) <= len(windows)
