"""Fixtures for the outbox tests: a file-backed SQLite database holding the notification tables."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
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
