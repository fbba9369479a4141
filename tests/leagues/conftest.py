"""League fixtures: a club (organiser Olga), members, a league on the ``race`` ruleset."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlmodel import Session

import pbem.services.leagues  # noqa: F401  (registers the deadline hooks)
from pbem.services.leagues import clubs, seasons
from pbem.store.models.accounts import User
from pbem.store.models.leagues import Club, League, Season
from tests.services.conftest import add_user

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday
NAMES = ("olga", "rita", "bruno", "carla", "dario", "elena", "fabio", "gina", "ivo")


@pytest.fixture
def people(session: Session) -> dict[str, User]:
    return {n: add_user(session, n) for n in NAMES}


@pytest.fixture
def club(session: Session, people: dict[str, User]) -> Club:
    club = clubs.create_club(session, user_id=people["olga"].id, name="Circolo Torino")
    for name in NAMES[1:]:
        token = clubs.invite(session, club_id=club.id, user_id=people["olga"].id, now=NOW)
        clubs.accept(session, token=token, user_id=people[name].id, now=NOW)
    return club


@pytest.fixture
def make_league(session: Session, club: Club, people: dict[str, User]) -> Callable[..., League]:
    def make(ruleset_key: str = "race", options: dict[str, Any] | None = None, **settings: Any) -> League:
        return seasons.create_league(session, club_id=club.id, user_id=people["olga"].id, name="Lega",
                                     ruleset_key=ruleset_key, options={"goal": 12} if options is None else options,
                                     league_settings=settings)
    return make


@pytest.fixture
def make_season(session: Session, people: dict[str, User]) -> Callable[..., Season]:
    def make(league: League, players: tuple[str, ...], format: str = "round_robin", **kw: Any) -> Season:
        season = seasons.create_season(session, league_id=league.id, user_id=people["olga"].id,
                                       name="2026", format=format, signup_opens_at=NOW - timedelta(days=1),
                                       signup_closes_at=NOW + timedelta(days=7),
                                       starts_at=NOW + timedelta(days=7), **kw)
        for name in players:
            seasons.sign_up(session, season_id=season.id, user_id=people[name].id, now=NOW)
        return season
    return make
