"""League time: deadlines that skip weekends, yearly leave days, forfeits (docs/leagues.md).

Two hooks, registered by :mod:`pbem.services.leagues`:

* after a league game's events (``services.notifications.DEADLINE_HOOKS``): when a new
  decision becomes owed and the league does not count weekends, the deadline is
  ``deadline_hours`` counted only Monday to Friday in the league's zone
  (:func:`add_counted_hours`);
* when a league game's deadline passes (``services.deadlines.PASSED_HOOKS``): if the
  player has leave left this calendar year (``vacation_days``), one day is spent and the
  deadline moves by 24 counted hours (``policy.vacation`` in the log, the opponent and the
  player are emailed); with no leave left, the ``forfeit_after_misses``-th missed
  deadline of the player in that game loses it by forfeit (``game.result``). Otherwise
  the game's ordinary deadline policy applies.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlmodel import Session, select

from pbem.notify.deadline_time import store_time, zone
from pbem.services.leagues.common import league_of_game, settings
from pbem.store.models.games import ACTIVE, Event, Game
from pbem.store.models.leagues import LeagueLeave

MISSES = ("policy.waited", "policy.extended", "policy.excused", "policy.acted")


def add_counted_hours(start: datetime, hours: float, zone_name: str, skip_weekends: bool) -> datetime:
    """``start`` plus ``hours``, not counting Saturdays and Sundays (local days of ``zone_name``)
    when ``skip_weekends``. Aware UTC in, aware UTC out."""
    start = start.astimezone(UTC)
    if not skip_weekends:
        return start + timedelta(hours=hours)
    tz = zone(zone_name)
    left = timedelta(hours=hours)
    now = start
    while left > timedelta(0):
        local = now.astimezone(tz)
        midnight = datetime.combine(local.date() + timedelta(days=1), datetime.min.time(), tzinfo=tz)
        day_end = midnight.astimezone(UTC)
        if local.weekday() >= 5:
            now = day_end
            continue
        step = min(left, day_end - now)
        now += step
        left -= step
    return now


def weekend_hook(session: Session, game_row: Game, now: datetime, owed_changed: bool) -> None:
    if not owed_changed or game_row.status != ACTIVE or game_row.deadline_at is None:
        return
    found = league_of_game(session, int(game_row.id))  # type: ignore[arg-type]
    if found is None:
        return
    rules = settings(found[2])
    if not rules["skip_weekends"]:
        return
    due = add_counted_hours(now, rules["deadline_hours"], rules["deadline_zone"], True)
    game_row.deadline_at = store_time(Game, "deadline_at", due)
    session.add(game_row)


def misses(session: Session, game_id: int, user_id: int) -> int:
    rows = session.exec(select(Event.payload).where(Event.game_id == game_id,
                                                    Event.type.in_(MISSES))).all()  # type: ignore[attr-defined]
    import json

    return sum(1 for p in rows if json.loads(p).get("user") == user_id)


def leave_row(session: Session, league_id: int, user_id: int, year: int) -> LeagueLeave:
    row = session.exec(select(LeagueLeave).where(LeagueLeave.league_id == league_id,
                                                 LeagueLeave.user_id == user_id,
                                                 LeagueLeave.year == year)).first()
    return row or LeagueLeave(league_id=league_id, user_id=user_id, year=year, days_used=0)


def deadline_passed(step: Any) -> bool:
    """``services.deadlines.PASSED_HOOKS`` entry (see the module docstring)."""
    session: Session = step.session
    found = league_of_game(session, int(step.game.id))
    if found is None or step.user_id is None:
        return False
    pairing, _season, league = found
    rules = settings(league)
    year = step.deadline.astimezone(zone(rules["deadline_zone"])).year
    leave = leave_row(session, int(league.id), int(step.user_id), year)  # type: ignore[arg-type]
    if leave.days_used < rules["vacation_days"]:
        leave.days_used += 1
        session.add(leave)
        new = add_counted_hours(max(step.deadline, step.now), 24, rules["deadline_zone"],
                                rules["skip_weekends"])
        opponent = pairing.player_b if step.user_id == pairing.player_a else pairing.player_a
        step._extend("policy.vacation", "league_leave", new, excused=False,
                     notify=[opponent, step.user_id], count=False,
                     extra={"days_used": leave.days_used, "days_allowed": rules["vacation_days"]})
        return True
    limit = rules["forfeit_after_misses"]
    if limit and misses(session, int(step.game.id), int(step.user_id)) + 1 >= limit:
        from pbem.services.leagues.results import abandonment, forfeit

        session.rollback()
        forfeit(session, game_id=int(step.game.id), loser=int(step.user_id), reason="deadline",
                now=step.now)
        abandonment(session, league=league, user_id=int(step.user_id), now=step.now)
        return True
    return False
