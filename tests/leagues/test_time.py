"""League time: weekends not counted, yearly vacation days spent only when a deadline would
pass, the opponent told (docs/leagues.md)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlmodel import select

from pbem.services.deadlines import apply_deadlines
from pbem.services.leagues import seasons
from pbem.services.leagues.timing import add_counted_hours
from pbem.store import events as log
from pbem.store.models.games import ACTIVE, Game
from pbem.store.models.leagues import LeagueLeave, Pairing
from pbem.store.models.outbox import OutboxMessage
from tests.leagues.conftest import NOW
from tests.notify.race_games import factory

FRIDAY_18 = datetime(2026, 3, 6, 17, 0, tzinfo=UTC)  # 18:00 in Rome (CET)


def test_weekend_hours_are_not_counted():
    # 72 hours from Friday 18:00 Rome: 6 h on Friday, Monday, Tuesday, 18 h on Wednesday
    due = add_counted_hours(FRIDAY_18, 72, "Europe/Rome", True)
    assert due == datetime(2026, 3, 11, 17, 0, tzinfo=UTC)  # Wednesday 18:00 Rome
    assert add_counted_hours(FRIDAY_18, 72, "Europe/Rome", False) == FRIDAY_18 + timedelta(hours=72)
    # started on a Saturday: the count begins on Monday 00:00
    saturday = datetime(2026, 3, 7, 10, 0, tzinfo=UTC)
    assert add_counted_hours(saturday, 24, "Europe/Rome", True) == datetime(2026, 3, 9, 23, 0, tzinfo=UTC)


def test_a_league_game_deadline_skips_the_weekend(session, people, make_league, make_season):
    league = make_league(deadline_hours=72, skip_weekends=True, deadline_zone="Europe/Rome")
    season = make_season(league, ("rita", "bruno"))
    seasons.start_season(session, season_id=season.id, user_id=people["olga"].id, now=FRIDAY_18)
    pairing = session.exec(select(Pairing).where(Pairing.season_id == season.id)).one()
    game = session.get(Game, pairing.game_id)
    deadline = game.deadline_at if game.deadline_at.tzinfo else game.deadline_at.replace(tzinfo=UTC)
    assert deadline == datetime(2026, 3, 11, 17, 0, tzinfo=UTC)


def test_vacation_days_are_spent_only_when_a_deadline_passes_and_the_opponent_is_told(
        session, people, make_league, make_season, db_engine):
    league = make_league(deadline_hours=24, vacation_days=2, forfeit_after_misses=1)
    season = make_season(league, ("rita", "bruno"))
    seasons.start_season(session, season_id=season.id, user_id=people["olga"].id, now=NOW)
    pairing = session.exec(select(Pairing).where(Pairing.season_id == season.id)).one()
    sessions = factory(db_engine)
    game = session.get(Game, pairing.game_id)
    first = game.deadline_at.replace(tzinfo=UTC) if game.deadline_at.tzinfo is None else game.deadline_at
    assert apply_deadlines(sessions, first - timedelta(minutes=1)) == 0  # not yet: nothing spent
    assert session.exec(select(LeagueLeave)).first() is None
    moved = []
    for _ in range(2):
        session.commit()
        session.expire_all()
        game = session.get(Game, pairing.game_id)
        due = game.deadline_at if game.deadline_at.tzinfo else game.deadline_at.replace(tzinfo=UTC)
        moved.append(due)
        apply_deadlines(sessions, due + timedelta(minutes=1))
    session.commit()
    session.expire_all()
    leave = session.exec(select(LeagueLeave)).one()
    assert leave.days_used == 2 and leave.user_id == pairing.player_a and leave.year == 2026
    assert moved[1] == moved[0] + timedelta(hours=24, minutes=1)
    records = [e for e in log.load(session, pairing.game_id) if e["type"] == "policy.vacation"]
    assert len(records) == 2 and records[0]["payload"]["reason"] == "league_leave"
    notices = session.exec(select(OutboxMessage).where(OutboxMessage.kind == "deadline_vacation")).all()
    assert pairing.player_b in {m.user_id for m in notices}  # the opponent is told
    assert session.get(Game, pairing.game_id).status == ACTIVE
    # no leave left: the next passing deadline forfeits (forfeit_after_misses=1)
    game = session.get(Game, pairing.game_id)
    due = game.deadline_at if game.deadline_at.tzinfo else game.deadline_at.replace(tzinfo=UTC)
    apply_deadlines(sessions, due + timedelta(minutes=1))
    session.commit()
    session.expire_all()
    assert [e["payload"]["kind"] for e in log.load(session, pairing.game_id)
            if e["type"] == "game.result"] == ["forfeit"]
