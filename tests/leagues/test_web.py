"""The league pages: flows through the forms, CSRF, organiser-only actions, club privacy."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from icalendar import Calendar
from sqlmodel import Session, select

from pbem.services.leagues import bidding, clubs, results, seasons
from pbem.store.models.leagues import Club, ClubMember, League, Pairing, Season
from pbem.web.db import get_engine
from tests.fixtures_web import login

DAY = timedelta(days=1)


@pytest.fixture
def world(app, user_factory):
    """Club A (organiser Olga, members Rita, Bruno) with a running race league season and a
    bid league season; club B (organiser Zeno) with its own league; Rita and Bruno's
    pairing in the bid season has Rita's sealed bid in."""
    import pbem.services.leagues  # noqa: F401

    names = ("olga", "rita", "bruno", "zeno", "yara")
    users = {n: user_factory(email=f"{n}@example.org", display_name=n.title()) for n in names}
    now = datetime.now(UTC)
    with Session(get_engine(app), expire_on_commit=False) as s:
        club_a = clubs.create_club(s, user_id=users["olga"].id, name="Club A")
        for n in ("rita", "bruno"):
            clubs.accept(s, token=clubs.invite(s, club_id=club_a.id, user_id=users["olga"].id), user_id=users[n].id)
        club_b = clubs.create_club(s, user_id=users["zeno"].id, name="Club B")
        clubs.accept(s, token=clubs.invite(s, club_id=club_b.id, user_id=users["zeno"].id), user_id=users["yara"].id)
        race = seasons.create_league(s, club_id=club_a.id, user_id=users["olga"].id, name="Race league",
                                     ruleset_key="race", options={"goal": 12})
        season = seasons.create_season(s, league_id=race.id, user_id=users["olga"].id, name="Spring",
                                       format="round_robin", signup_opens_at=now - DAY,
                                       signup_closes_at=now + DAY, starts_at=now + DAY)
        for n in ("rita", "bruno"):
            seasons.sign_up(s, season_id=season.id, user_id=users[n].id, now=now)
        seasons.start_season(s, season_id=season.id, user_id=users["olga"].id, now=now)
        pairing = s.exec(select(Pairing).where(Pairing.season_id == season.id)).one()
        aa = seasons.create_league(s, club_id=club_a.id, user_id=users["olga"].id, name="AA league",
                                   ruleset_key="aa1941", options={},
                                   league_settings={"bids": True, "bid_side": "axis"})
        bid_season = seasons.create_season(s, league_id=aa.id, user_id=users["olga"].id, name="Bids",
                                           format="round_robin", signup_opens_at=now - DAY,
                                           signup_closes_at=now + DAY, starts_at=now + DAY)
        for n in ("rita", "bruno"):
            seasons.sign_up(s, season_id=bid_season.id, user_id=users[n].id, now=now)
        seasons.start_season(s, season_id=bid_season.id, user_id=users["olga"].id, now=now)
        bid_pairing = s.exec(select(Pairing).where(Pairing.season_id == bid_season.id)).one()
        bidder = bid_pairing.player_a
        bidding.place_bid(s, pairing_id=bid_pairing.id, user_id=bidder, ipcs=37, now=now)
        other = seasons.create_league(s, club_id=club_b.id, user_id=users["zeno"].id, name="B league",
                                      ruleset_key="race", options={"goal": 12})
    return {"users": users, "club_a": club_a, "club_b": club_b, "season": season, "pairing": pairing,
            "bid_pairing": bid_pairing, "bidder": bidder, "race": race, "other_league": other}


def _as(client, user):
    login(client, user.email)
    return client


def test_pages_render_for_a_member(client, world):
    _as(client, world["users"]["rita"])
    for url in ("/clubs", f"/clubs/{world['club_a'].id}", f"/leagues/{world['race'].id}",
                f"/leagues/seasons/{world['season'].id}", f"/leagues/pairings/{world['pairing'].id}",
                f"/clubs/{world['club_a'].id}/ratings", "/leagues/calendar"):
        response = client.get(url)
        assert response.status_code == 200, url
    assert "Club B" not in client.get("/clubs").get_data(as_text=True)
