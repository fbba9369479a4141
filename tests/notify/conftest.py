"""Fixtures for the outbox tests: a file-backed SQLite database holding the notification tables."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import Engine, create_engine
from sqlmodel import Session, SQLModel

from pbem.store.models import outbox as models

TABLES = [m.__table__ for m in (models.OutboxMessage, models.SchedulerLease)]  # type: ignore[attr-defined]


@pytest.fixture
def outbox_engine(tmp_path: Path) -> Iterator[Engine]:
    engine = create_engine(f"sqlite:///{tmp_path / 'outbox.sqlite'}",
                           connect_args={"check_same_thread": False, "timeout": 15})
    SQLModel.metadata.create_all(engine, tables=TABLES)
    yield engine
    engine.dispose()


@pytest.fixture
def session_factory(outbox_engine: Engine):  # type: ignore[no-untyped-def]
    def factory() -> AbstractContextManager[Session]:
        return Session(outbox_engine, expire_on_commit=False)

    return factory


# -- a real SMTP server on loopback (aiosmtpd) ------------------------------------------------


class RecordingHandler:
    """Keeps every message received; refuses the first ``refuse`` DATA commands with 451."""

    def __init__(self, refuse: int = 0) -> None:
        self.messages: list[Message] = []
        self.refuse = refuse
        self.refused = 0

    async def handle_DATA(self, server, session, envelope):  # type: ignore[no-untyped-def]  # noqa: N802
        if self.refused < self.refuse:
            self.refused += 1
            return "451 4.3.0 try again later"
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"

    def message_ids(self) -> list[str]:
        return [str(m["Message-ID"]) for m in self.messages]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def smtp_server(handler: RecordingHandler, **kwargs: Any) -> Iterator[Controller]:
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port(), **kwargs)
    controller.start()
    try:
        yield controller
    finally:
        controller.stop()


@pytest.fixture
def smtpd() -> Iterator[tuple[Controller, RecordingHandler]]:
    handler = RecordingHandler()
    with smtp_server(handler) as controller:
        yield controller, handler


@pytest.fixture
def tls_files(tmp_path: Path) -> tuple[str, str]:
    cert, key = str(tmp_path / "cert.pem"), str(tmp_path / "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", key, "-out", cert],
                   check=True, capture_output=True)
    return cert, key
