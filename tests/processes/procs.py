"""Real processes for the crash and multi-host tests: a worker, a web server, an SMTP sink.

``start_worker(...)`` runs ``flask --app pbem pbem worker`` as a child process (kill it with
``-9`` as an operator's crash would); ``Sink`` is an aiosmtpd server on loopback recording
every message received, with its time and Message-ID, slow enough that a kill lands mid-batch.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email import message_from_bytes
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

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
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # type: ignore[no-untyped-def]  # noqa: N802
        if self.delay:
            await asyncio.sleep(self.delay)
        message = message_from_bytes(envelope.content)
        with self.lock:
            self.received.append((time.monotonic(), str(message["Message-ID"])))
        return "250 OK"

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
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
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
