"""The one module of time helpers (store, services, notify and web use it; the engine never does).

Stored times are UTC; a naive value read back from a database is taken to be UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime


def utcnow() -> datetime:
    """Aware UTC now (SQLModel stores ``datetime`` fields as UTC with a time zone)."""
    return datetime.now(UTC)


def as_utc(value: datetime | str | None) -> datetime | None:
    """An aware UTC datetime from a stored value (naive means UTC) or an ISO string; ``None`` stays."""
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def now_or(value: datetime | str | None) -> datetime:
    """``value`` as aware UTC, or now when it is ``None`` (the ``now=`` parameters of use cases)."""
    return as_utc(value) or utcnow()
