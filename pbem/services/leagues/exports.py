"""Exports: standings and results as CSV, each player's deadlines as iCalendar (RFC 5545)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from icalendar import Calendar, Event
from sqlmodel import Session, select

from pbem.services.leagues import ratings
from pbem.services.leagues.standings import season_standings
from pbem.store.models.accounts import User
from pbem.store.models.games import ACTIVE, Game, SeatHolder
from pbem.store.models.leagues import DONE, Pairing, Season

STANDINGS_COLUMNS = ("place", "player", "name", "points", "played", "wins", "draws", "losses", "tiebreak")


def standings_csv(session: Session, season: Season) -> str:
    names = {u.id: u.display_name for u in session.exec(select(User))}
    rows = [{"place": i, "player": s.player, "name": names.get(s.player, ""), "points": s.points,
             "played": s.played, "wins": s.wins, "draws": s.draws, "losses": s.losses,
             "tiebreak": s.tiebreak} for i, s in enumerate(season_standings(session, season), 1)]
    return ratings.write_csv(rows, STANDINGS_COLUMNS)


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def calendar(session: Session, user_id: int, *, base_url: str, now: datetime) -> bytes:
    """The player's deadlines: each game where a decision of theirs is owed, and the scheduled
    end of each league round they play in."""
    cal = Calendar()
    cal.add("prodid", "-//pbem//league deadlines//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", "pbem")
    rows = session.exec(select(Game, SeatHolder).where(SeatHolder.game_id == Game.id,
                                                       SeatHolder.user_id == user_id,
                                                       Game.status == ACTIVE)).all()
    seen: set[int] = set()
    for game, holder in rows:
        if game.id in seen or game.deadline_at is None or holder.seat not in json.loads(game.owed_seats):
            continue
        seen.add(int(game.id))  # type: ignore[arg-type]
        due = _aware(game.deadline_at)
        _add(cal, f"deadline-{game.id}-{game.last_seq}@pbem", f"pbem: {game.title}", due,
             f"{base_url}/games/{game.id}", now)
    pairings = session.exec(select(Pairing).where(
        (Pairing.player_a == user_id) | (Pairing.player_b == user_id), Pairing.status != DONE,
        Pairing.due_at.is_not(None))).all()  # type: ignore[union-attr]
    for p in pairings:
        season = session.get(Season, p.season_id)
        title = f"pbem: {season.name if season else ''} #{p.round}"
        _add(cal, f"round-{p.id}@pbem", title, _aware(p.due_at), f"{base_url}/leagues/pairings/{p.id}", now)  # type: ignore[arg-type]
    return bytes(cal.to_ical())


def _add(cal: Any, uid: str, summary: str, due: datetime, url: str, now: datetime) -> None:
    event = Event()
    event.add("uid", uid)
    event.add("dtstamp", now)
    event.add("summary", summary)
    event.add("dtstart", due - timedelta(minutes=30))
    event.add("dtend", due)
    event.add("url", url)
    event.add("description", url)
    cal.add_component(event)
