"""Deadline arithmetic: durations, fixed wall-clock times in a zone, and stored-time conventions.

A deadline is either ``hours`` per turn, or every day at ``HH:MM`` in an IANA
zone (e.g. 21:00 Europe/Rome), which stays 21:00 local across daylight-saving
changes (20:00 UTC in winter, 19:00 UTC in summer). All results are aware UTC.
"""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, time, timedelta
from typing import Any

from pbem.store.models.outbox import DAILY, GameNotifySettings
from pbem.timeutil import as_utc


def parse_hhmm(text: str) -> time:
    """"21:00" -> time(21, 0); raises ValueError for anything else."""
    hours, _, minutes = (text or "").strip().partition(":")
    if not (hours.isdigit() and minutes.isdigit() and len(minutes) == 2):
        raise ValueError("A time of day is written HH:MM, e.g. 21:00.")
    value = time(int(hours), int(minutes)) if int(hours) < 24 and int(minutes) < 60 else None
    if value is None:
        raise ValueError("A time of day is written HH:MM, e.g. 21:00.")
    return value


def zone(name: str) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file
        raise ValueError(f"Unknown time zone {name!r}.") from None


def next_wall_clock(after: datetime, hhmm: str, zone_name: str) -> datetime:
    """The first moment strictly after ``after`` when the clock in ``zone_name`` shows ``hhmm``."""
    tz, at = zone(zone_name), parse_hhmm(hhmm)
    local = as_utc(after).astimezone(tz)  # type: ignore[union-attr]
    day = local.date()
    for _ in range(3):
        candidate = datetime.combine(day, at, tzinfo=tz)
        # normalise times that do not exist (spring-forward gap) through UTC
        candidate_utc = candidate.astimezone(UTC)
        if candidate_utc > as_utc(after):  # type: ignore[operator]
            return candidate_utc
        day += timedelta(days=1)
    raise AssertionError("unreachable: a wall-clock time recurs every day")


def period_hours(settings: GameNotifySettings | None, game_row: Any) -> int | None:
    if settings is not None and settings.deadline_hours:
        return int(settings.deadline_hours)
    return int(game_row.deadline_hours) if getattr(game_row, "deadline_hours", None) else None


def next_deadline(settings: GameNotifySettings | None, game_row: Any,
                  after: datetime) -> datetime | None:
    """The deadline of a decision that became owed at ``after`` (None: no deadline)."""
    if settings is not None and settings.deadline_mode == DAILY and settings.deadline_time:
        return next_wall_clock(after, settings.deadline_time, settings.deadline_zone)
    hours = period_hours(settings, game_row)
    return as_utc(after) + timedelta(hours=hours) if hours else None  # type: ignore[operator]


def store_time(model: Any, column: str, value: datetime | None) -> datetime | None:
    """``value`` in the convention of ``model.column``: aware if the column keeps zones."""
    if value is None:
        return None
    col_type = model.__table__.c[column].type
    aware = bool(getattr(col_type, "timezone", False))
    value = as_utc(value)
    return value if aware else value.replace(tzinfo=None)  # type: ignore[union-attr]
