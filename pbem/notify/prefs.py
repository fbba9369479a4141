"""Per-user notification settings: mode, reminder hours, vacations (store queries only)."""

from __future__ import annotations

import json
from datetime import datetime

from sqlmodel import Session, select

from pbem.int_input import strict_int
from pbem.store.models.outbox import EACH, NotificationPreference, Vacation

DEFAULT_REMINDER_HOURS = (24, 2)
#: Reminder hours a user may choose (1 hour to 7 days before the deadline).
MIN_REMINDER_HOURS, MAX_REMINDER_HOURS = 1, 168


def preference(session: Session, user_id: int) -> NotificationPreference:
    """The user's row, or an unsaved row with the defaults."""
    row = session.get(NotificationPreference, user_id)
    return row if row is not None else NotificationPreference(user_id=user_id, mode=EACH)


def reminder_hours(pref: NotificationPreference) -> list[int]:
    try:
        hours = [int(h) for h in json.loads(pref.reminder_hours or "[]")]
    except (TypeError, ValueError):
        hours = list(DEFAULT_REMINDER_HOURS)
    return sorted({h for h in hours if MIN_REMINDER_HOURS <= h <= MAX_REMINDER_HOURS},
                  reverse=True)


def parse_reminder_hours(text: str) -> list[int]:
    """"24, 2" -> [24, 2]; raises ValueError with a message a user understands."""
    parts = [p.strip() for p in (text or "").replace(";", ",").split(",") if p.strip()]
    if len(parts) > 5:
        raise ValueError("At most five reminder times.")
    hours: list[int] = []
    for part in parts:
        if strict_int(part, MIN_REMINDER_HOURS, MAX_REMINDER_HOURS) is None:
            raise ValueError(f"Each reminder is a whole number of hours from "
                             f"{MIN_REMINDER_HOURS} to {MAX_REMINDER_HOURS}.")
        hours.append(int(part))
    return sorted(set(hours), reverse=True)


def vacation_at(session: Session, user_id: int, now: datetime) -> Vacation | None:
    """The vacation ``user_id`` is on at ``now``, if any (the one ending last)."""
    return session.exec(
        select(Vacation).where(Vacation.user_id == user_id, Vacation.starts_at <= now,
                               Vacation.ends_at > now).order_by(Vacation.ends_at.desc())  # type: ignore[attr-defined]
    ).first()
