"""The event log as one viewer may see it, for the game page and ``/api/v1/.../log``.

Events come through the one redacting read path (``pbem.services.reading``) and are described by
the game's UI package (``pbem.ui``) in the reader's language: never a raw type or JSON.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask_babel import get_locale
from sqlmodel import Session

from pbem.engine import Ruleset
from pbem.services import reading
from pbem.services.common import get_game
from pbem.ui import ui_for
from pbem.ui.base import Audience

MAX_LIMIT = 500
#: ``Event.seq`` is a 32-bit column on PostgreSQL: ``after`` above this is refused (400).
MAX_SEQ = 2**31 - 1


def page(session: Session, *, game_id: int, ruleset: Ruleset, seat: str | None,
         seat_names: dict[str, str], after: int | None = None, before: int | None = None,
         limit: int = 50, view: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Redacted, described events of one page (oldest first); hidden events are left out.

    Each item: ``seq``, ``seat``, ``seat_name``, ``type``, ``v``, ``payload``, ``text``,
    ``created_at`` (naive UTC ``datetime``).
    """
    read = reading.Reader(session, get_game(session, game_id), seat, ruleset)
    if before is not None:
        found = list(read.rows(before=before, limit=limit))
    else:
        found = list(read.rows(after or 0, limit=limit))
        found = [(e, r) for e, r in found if r.seq <= (after or 0) + limit]
    story = ui_for(ruleset).story(ruleset, Audience(str(get_locale() or "en"), seat, seat_names), view)
    story.learn(e for e, _row in found)
    return [{**event, "seat_name": story.names.get(event.get("seat") or ""), "text": story.line(event),
             "created_at": row.created_at} for event, row in found]


def iso(value: datetime | None) -> str | None:
    """ISO 8601 in UTC with a ``Z`` (a naive value is taken to be UTC)."""
    if value is None:
        return None
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value.isoformat(timespec="seconds") + "Z"


def as_json(item: dict[str, Any]) -> dict[str, Any]:
    """A log item for the API (the time as ISO 8601 UTC)."""
    return {**item, "created_at": iso(item.get("created_at"))}
