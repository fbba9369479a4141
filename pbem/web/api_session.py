"""The request's session, ready for a write use case.

By the time a view runs, the session has usually read something already (Flask-Login's
user loader, a visibility check), so SQLAlchemy has begun a *deferred* transaction. On
SQLite a deferred reader that later writes fails at once ("database is locked") if any
other game was written since its snapshot. ``pbem.store.db.begin_write`` ends such a
read itself, but not every use case calls it (creating a game, importing one, the API
token rows here); ending the read before the use case keeps those safe too.
"""

from __future__ import annotations

from sqlmodel import Session

from pbem.web.db import db_session


def write_session() -> Session:
    """``db_session()`` with no transaction open (loaded objects stay usable)."""
    session = db_session()
    if session.in_transaction():
        session.commit()  # nothing is pending in a view before its use case; this ends a read
    return session
