"""The event log as one viewer may see it, for the game page and ``/api/v1/.../log``.

Every event goes through ``Ruleset.event_view(event, seat)`` (``None`` hides it)
before anything else looks at it, and is described from the redacted copy:
``Ruleset.describe_event`` where the ruleset has words for it, else a generic
sentence for the platform's own events.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from flask_babel import gettext as _
from sqlmodel import Session, col, select

from pbem.engine import Ruleset
from pbem.engine.events import canonical_json
from pbem.store.models.games import Event

MAX_LIMIT = 500
#: ``Event.seq`` is a 32-bit column on PostgreSQL: ``after`` above this is refused (400).
MAX_SEQ = 2**31 - 1


def _rows(session: Session, game_id: int, *, after: int | None = None,
          before: int | None = None, limit: int = 50) -> list[Event]:
    """Up to ``limit`` stored rows with ``after < seq`` (oldest first) or ``seq < before``
    (the newest of them), returned oldest first."""
    stmt = select(Event).where(Event.game_id == game_id)
    if before is not None:
        stmt = stmt.where(Event.seq < before).order_by(col(Event.seq).desc()).limit(limit)
        return list(reversed(list(session.exec(stmt))))
    stmt = stmt.where(Event.seq > (after or 0)).order_by(col(Event.seq)).limit(limit)
    return list(session.exec(stmt))


def _as_event(row: Event) -> dict[str, Any]:
    return {"seq": row.seq, "seat": row.seat, "type": row.type, "v": row.v,
            "payload": json.loads(row.payload)}


def _short(value: Any) -> str:
    text = canonical_json(value)
    return text if len(text) <= 120 else text[:117] + "…"


def describe(event: dict[str, Any], ruleset: Ruleset, seat_names: dict[str, str]) -> str:
    """One readable line for an (already redacted) event."""
    try:
        text = ruleset.describe_event(event)
    except Exception:  # a description must never break the log
        text = None
    if text:
        return text
    p, t = event.get("payload") or {}, event["type"]
    who = seat_names.get(event.get("seat") or "", event.get("seat") or "")
    if t == "game.created":
        return _("The game was created.")
    if t == "order":
        return _("%(seat)s ordered %(order)s", seat=who, order=_short(p.get("order")))
    if t == "undo":
        return _("%(seat)s took back the order of event %(seq)s", seat=who, seq=p.get("order_seq"))
    if t == "dice.rolled":
        faces = ", ".join(str(f) for f in p.get("faces", []))
        return _("Dice rolled (d%(sides)s): %(faces)s", sides=p.get("sides", 6), faces=faces)
    if t == "dice.committed":
        return _("The server committed to the dice seed of period %(period)s.",
                 period=p.get("period"))
    if t == "dice.revealed":
        return _("The dice seed of period %(period)s was revealed.", period=p.get("period"))
    if t == "dice.salted":
        return _("%(seat)s added salt to the dice.", seat=who or _("A player"))
    if t in ("seat.joined", "seat.replaced"):
        return _("%(name)s now plays %(seat)s.", name=p.get("name") or "?",
                 seat=seat_names.get(p.get("seat", ""), p.get("seat", "")))
    if t == "seat.left":
        return _("%(seat)s is free.", seat=seat_names.get(p.get("seat", ""), p.get("seat", "")))
    if t == "game.paused":
        return _("The organiser paused the game.")
    if t == "game.resumed":
        return _("The organiser resumed the game.")
    return f"{t} {_short(p)}" if p else t


def page(session: Session, *, game_id: int, ruleset: Ruleset, seat: str | None,
         seat_names: dict[str, str], after: int | None = None, before: int | None = None,
         limit: int = 50) -> list[dict[str, Any]]:
    """Redacted, described events of one page (oldest first); hidden events are left out.

    Each item: ``seq``, ``seat``, ``seat_name``, ``type``, ``v``, ``payload``, ``text``,
    ``created_at`` (naive UTC ``datetime``).
    """
    out = []
    for row in _rows(session, game_id, after=after, before=before, limit=limit):
        shown = redact(ruleset, _as_event(row), seat)
        if shown is None:
            continue
        out.append({**shown, "seat_name": seat_names.get(shown.get("seat") or ""),
                    "text": describe(shown, ruleset, seat_names), "created_at": row.created_at})
    return out


def redact(ruleset: Ruleset, event: dict[str, Any], seat: str | None) -> dict[str, Any] | None:
    """``event`` as ``seat`` may see it (``None``: hidden)."""
    return ruleset.event_view(event, seat)


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
