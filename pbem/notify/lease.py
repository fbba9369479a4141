"""A named lease in the database: only its holder's scheduler acts (see pbem/clock.py).

The lease is taken or renewed with one conditional UPDATE (``holder = me OR
expired``), which PostgreSQL re-checks per row under concurrency and SQLite runs
under its single-writer lock, so two processes never both hold it. A holder that
dies simply stops renewing; another takes over once ``expires_at`` passes.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import or_, update
from sqlalchemy.exc import IntegrityError

from pbem.notify.outbox import SessionFactory
from pbem.store.models.outbox import SchedulerLease

CLOCK = "clock"


def acquire(session_factory: SessionFactory, *, holder: str, now: datetime, ttl: timedelta,
            name: str = CLOCK) -> bool:
    """Take or renew the lease for ``holder``; False if someone else holds it."""
    table = SchedulerLease.__table__  # type: ignore[attr-defined]
    with session_factory() as session:
        result = session.execute(
            update(table).where(table.c.name == name,
                                or_(table.c.holder == holder, table.c.expires_at < now))
            .values(holder=holder, expires_at=now + ttl))
        if result.rowcount:  # type: ignore[attr-defined]
            session.commit()
            return True
        if session.get(SchedulerLease, name) is not None:
            session.rollback()
            return False
        session.add(SchedulerLease(name=name, holder=holder, expires_at=now + ttl))
        try:
            session.commit()
        except IntegrityError:
            session.rollback()
            return False
        return True


def release(session_factory: SessionFactory, *, holder: str, now: datetime,
            name: str = CLOCK) -> None:
    """Give the lease up at once (a clean shutdown), if ``holder`` has it."""
    table = SchedulerLease.__table__  # type: ignore[attr-defined]
    with session_factory() as session:
        session.execute(update(table).where(table.c.name == name, table.c.holder == holder)
                        .values(expires_at=now))
        session.commit()
