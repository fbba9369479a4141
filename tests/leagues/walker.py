"""League rows for the shared route walker (tests/web/test_security_routes.py): a club organised
by Rosa with Bruno as a member, a race league, a running season pairing them, an invitation
link and Rosa's calendar feed token."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask
from sqlmodel import Session, select

from pbem.web.db import get_engine


def league_world(app: Flask, red: Any, blue: Any) -> dict[str, Any]:
    import pbem.services.leagues  # noqa: F401
    from pbem.services.leagues import clubs, seasons
    from pbem.store.models.leagues import ClubInvite, Pairing

    now = datetime.now(UTC)
    with Session(get_engine(app), expire_on_commit=False) as s:
        club = clubs.create_club(s, user_id=red.id, name="Walker club")
        invite = clubs.invite(s, club_id=club.id, user_id=red.id)
        clubs.accept(s, token=clubs.invite(s, club_id=club.id, user_id=red.id), user_id=blue.id)
        league = seasons.create_league(s, club_id=club.id, user_id=red.id, name="Walker league",
                                       ruleset_key="race", options={"goal": 30})
        season = seasons.create_season(s, league_id=league.id, user_id=red.id, name="Walker season",
                                       format="round_robin", signup_opens_at=now - timedelta(days=1),
                                       signup_closes_at=now + timedelta(days=1),
                                       starts_at=now + timedelta(days=1))
        for user in (red, blue):
            seasons.sign_up(s, season_id=season.id, user_id=user.id, now=now)
        seasons.start_season(s, season_id=season.id, user_id=red.id, now=now)
        pairing = s.exec(select(Pairing).where(Pairing.season_id == season.id)).one()
        invite_row = s.exec(select(ClubInvite).where(ClubInvite.club_id == club.id)).first()
    with app.test_request_context():
        from itsdangerous import URLSafeSerializer

        from pbem.web.leagues.exports_views import CALENDAR_SALT

        calendar = URLSafeSerializer(app.config["SECRET_KEY"], salt=CALENDAR_SALT).dumps(
            {"u": red.id, "v": red.password_fingerprint()})
    return {"club_id": club.id, "league_id": league.id, "season_id": season.id, "pairing_id": pairing.id,
            "invite_id": invite_row.id, "member_id": blue.id, "club_invite_token": invite,
            "calendar_token": calendar}
