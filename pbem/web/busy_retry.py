"""SQLite: a request that met "database is locked" runs again instead of answering 500.

On SQLite a transaction that has read and then writes cannot wait for the write lock: if
another connection (a second web process, the worker) wrote since its snapshot, SQLite
refuses at once. Use cases that write start with ``begin_write`` (``BEGIN IMMEDIATE``,
waiting up to the busy timeout), but the small writes of views (last login time, a
preference) read first. Such a request is rolled back and its view run again from the
start, re-reading everything, this time inside a ``BEGIN IMMEDIATE`` transaction (it waits
for the write lock, then cannot be refused); the whole request is one transaction, so
nothing is half written and no update is lost. PostgreSQL needs none of it.
"""

from __future__ import annotations

import functools
import logging
import random
import time
from collections.abc import Callable
from typing import Any

from flask import Flask

from pbem.store.db import READ_ONLY, begin_write, is_busy
from pbem.web import db

log = logging.getLogger(__name__)
ATTEMPTS = 4


def retrying(view: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(view)
    def run(*args: Any, **kwargs: Any) -> Any:
        for attempt in range(ATTEMPTS):
            try:
                return view(*args, **kwargs)
            except Exception as exc:
                if not is_busy(exc) or attempt == ATTEMPTS - 1:
                    raise
                log.info("database busy in %s; running the request again", view.__name__)
                db.rollback_session()
                time.sleep(0.02 * 2**attempt * (1 + random.random()))
                # run it again as a writer from its first read: it queues for the write lock
                # (busy timeout) instead of failing when it writes; a view that only reads
                # (``db.read_only``) simply reads again
                session = db.db_session()
                if not session.info.get(READ_ONLY):
                    begin_write(session)
        raise AssertionError("unreachable")

    return run


def init_app(app: Flask) -> None:
    """Wrap every view of ``app`` (call after the blueprints are registered; SQLite only)."""
    if not str(app.config["DATABASE_URL"]).startswith("sqlite"):
        return
    for endpoint, view in list(app.view_functions.items()):
        app.view_functions[endpoint] = retrying(view)
