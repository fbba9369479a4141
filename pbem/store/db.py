"""Database engine, schema migrations and write transactions.

``make_engine(url)`` accepts SQLite (``sqlite:///path``) and PostgreSQL
(``postgresql+psycopg://...``). On SQLite the engine turns on WAL (synchronous
NORMAL), foreign keys and a busy timeout, and takes over transaction control
from the sqlite3 driver so that a use case is one real transaction; :func:`begin_write` starts it with
``BEGIN IMMEDIATE`` so that concurrent writers queue instead of failing late.
``create_schema(engine)`` runs ``alembic upgrade head`` programmatically.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

MIGRATIONS = Path(__file__).parent / "migrations"
#: Milliseconds a SQLite writer waits for another writer before giving up.
SQLITE_BUSY_MS = 15000
_IMMEDIATE = "pbem_immediate"
#: Times ``begin_write`` asks for the write lock before the error reaches the caller.
BEGIN_ATTEMPTS = 4


def make_engine(url: str, **kwargs: Any) -> Engine:
    """An SQLAlchemy engine for ``url`` with the pragmas this project relies on."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if not url.startswith("sqlite"):
        kwargs.setdefault("pool_pre_ping", True)
        return create_engine(url, **kwargs)
    kwargs.setdefault("connect_args", {})
    kwargs["connect_args"].setdefault("check_same_thread", False)
    kwargs["connect_args"].setdefault("timeout", SQLITE_BUSY_MS / 1000)
    engine = create_engine(url, **kwargs)
    _configure_sqlite(engine)
    return engine


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (see below)
        cursor = dbapi_connection.cursor()
        if engine.url.database not in (None, "", ":memory:"):
            cursor.execute("PRAGMA journal_mode=WAL")
            # WAL + NORMAL: a commit survives a crash of the process; only a power cut can
            # lose the last commits (never corrupt the file). Saves an fsync per commit.
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        immediate = conn.get_execution_options().get(_IMMEDIATE)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


#: ``Session.info`` key marking a session that only reads (:func:`read_only_session`).
READ_ONLY = "pbem_read_only"


class ReadOnlySession(RuntimeError):
    """A write was attempted through a session opened to read (:func:`read_only_session`)."""


def read_only_engine(engine: Engine) -> Engine:
    """``engine`` for sessions that only read: on PostgreSQL every statement runs on its own
    (autocommit), which saves the ``BEGIN`` and ``ROLLBACK`` round trips of a page that reads.
    Under READ COMMITTED, PostgreSQL's default, each statement of a transaction sees the data
    as it is when the statement starts anyway, so a reader sees nothing it would not have seen
    in a transaction. SQLite is unchanged (its reads make no round trips, and its connections
    issue their own ``BEGIN``)."""
    if engine.dialect.name == "sqlite":
        return engine
    return engine.execution_options(isolation_level="AUTOCOMMIT")


def read_only_session(engine: Engine) -> Session:
    """A session on :func:`read_only_engine` that refuses to write: a flush or
    :func:`begin_write` raises :class:`ReadOnlySession` (without a transaction a write would
    hold no lock and commit statement by statement)."""
    return Session(engine, expire_on_commit=False, info={READ_ONLY: True})


def _refuse_if_read_only(session: Session) -> None:
    if session.info.get(READ_ONLY):
        raise ReadOnlySession("a session opened to read was asked to write")


@event.listens_for(Session, "before_flush")
def _refuse_read_only_flush(session: Session, _context: Any, _instances: Any) -> None:
    _refuse_if_read_only(session)


def begin_write(session: Session) -> None:
    """Start ``session``'s transaction as a writer (SQLite: ``BEGIN IMMEDIATE``).

    Call it first in a use case that writes. A read-only transaction already open
    (say the web layer loaded the signed-in user) is committed first; if the session
    holds unflushed changes it is left alone: the UNIQUE constraint still keeps the
    log consistent, a late conflict then surfaces as ``SeqConflict`` (the services report a stale game).
    A read-only session (:func:`read_only_session`) raises :class:`ReadOnlySession`.
    """
    _refuse_if_read_only(session)
    if session.get_bind().dialect.name != "sqlite":
        return  # PostgreSQL: the game row's SELECT ... FOR UPDATE serialises writers
    if session.in_transaction():
        if session.new or session.dirty or session.deleted:
            return
        session.commit()  # end a read-only transaction (e.g. loading the signed-in user)
    for attempt in range(BEGIN_ATTEMPTS):
        try:
            session.connection(execution_options={_IMMEDIATE: True})
            return
        except OperationalError as exc:  # busy beyond busy_timeout: wait, then queue again
            if not is_busy(exc) or attempt == BEGIN_ATTEMPTS - 1:
                raise
            session.rollback()
            time.sleep(0.05 * 2**attempt)


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's "database is locked" (another connection was writing)."""
    text = str(getattr(exc, "orig", exc))
    return isinstance(exc, OperationalError) and ("database is locked" in text
                                                  or "database is busy" in text)


def alembic_config(engine: Engine | None = None) -> Config:
    """An Alembic config pointing at this package's migrations (and at ``engine`` if given)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if engine is not None:
        cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
        cfg.attributes["engine"] = engine
    return cfg


def create_schema(engine: Engine) -> None:
    """Bring the database behind ``engine`` to the current schema (``alembic upgrade head``)."""
    with engine.begin() as connection:
        cfg = alembic_config(engine)
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")
