"""The database for the web app: one engine per app, one SQLModel ``Session`` per request.

``init_app(app)`` builds the engine from ``DATABASE_URL`` with :func:`pbem.store.db.make_engine`,
creates the schema with :func:`pbem.store.db.create_schema`, and keeps the engine in
``app.extensions["pbem_db_engine"]`` for the CLI and the worker. Views and services call
``db_session()``; services commit themselves. The session is closed at teardown, and
rolled back first when the request failed.
"""

from __future__ import annotations

import fcntl
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from flask import Flask, current_app, g, has_request_context, request
from sqlalchemy.engine import Engine
from sqlmodel import Session

from pbem.store.db import read_only_engine, read_only_session

ENGINE_KEY = "pbem_db_engine"
READ_ENGINE_KEY = "pbem_db_read_engine"
F = TypeVar("F", bound=Callable[..., Any])


def _make_engine(url: str, lock_file: Path) -> Engine:
    from pbem.store.db import create_schema, make_engine

    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    engine = make_engine(url)
    # Web workers start together: one migrates, the others wait and then find nothing to do.
    with lock_file.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            create_schema(engine)
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
    return engine


def init_app(app: Flask) -> None:
    """Create the engine (and the schema on first start) and register the teardown."""
    lock_file = Path(app.instance_path) / "schema.lock"
    app.extensions[ENGINE_KEY] = _make_engine(app.config["DATABASE_URL"], lock_file)
    app.extensions[READ_ENGINE_KEY] = read_only_engine(app.extensions[ENGINE_KEY])
    app.teardown_appcontext(close_session)


def get_engine(app: Flask | None = None) -> Engine:
    """The app's engine (the current app unless one is given)."""
    return (app or current_app).extensions[ENGINE_KEY]


def db_session() -> Session:
    """The SQLModel session of the current request (or app context), opened on first use: a
    read-only one (``store.db.read_only_session``) for a GET or HEAD of a view marked
    :func:`read_only`."""
    session = g.get("pbem_db_session")
    if session is None:
        if _reads_only():
            session = read_only_session(current_app.extensions[READ_ENGINE_KEY])
        else:
            session = Session(get_engine(), expire_on_commit=False)
        g.pbem_db_session = session
    return session


def read_only(view: F) -> F:
    """Mark a view whose GET and HEAD only read the database: their session runs each
    statement on its own on PostgreSQL (no ``BEGIN``/``ROLLBACK`` round trips) and refuses
    any write (``store.db.ReadOnlySession``)."""
    view.pbem_read_only = True  # type: ignore[attr-defined]
    return view


def _reads_only() -> bool:
    if not has_request_context() or request.method not in ("GET", "HEAD") or request.endpoint is None:
        return False
    return getattr(current_app.view_functions.get(request.endpoint), "pbem_read_only", False) is True


def rollback_session() -> None:
    """Roll back the request's session, if it has one (the 500 handler, after a failed write)."""
    session = g.get("pbem_db_session")
    if session is None:
        return
    try:
        session.rollback()
    except Exception:  # the connection itself may be gone: start the page from a fresh session
        g.pop("pbem_db_session", None)
        session.close()


def close_session(exc: BaseException | None = None) -> None:
    session = g.pop("pbem_db_session", None)
    if session is None:
        return
    try:
        if exc is not None:
            session.rollback()
    finally:
        session.close()
