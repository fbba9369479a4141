"""The league pages: flows through the forms, CSRF, organiser-only actions, club privacy."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, select

from pbem.services.leagues import bidding, clubs, seasons
from pbem.store.models.leagues import League, Pairing
from pbem.web.db import get_engine
from tests.fixtures_web import login, shows_number, without_tokens

DAY = timedelta(days=1)


@pytest.fixture
def world(request, user_factory):
    """Club A (organiser Olga, members Rita, Bruno) with a running race league season and a
    bid league season; club B (organiser Zeno) with its own league; Rita and Bruno's
    pairing in the bid season has Rita's sealed bid in."""
    import pbem.services.leagues  # noqa: F401

    app = request.getfixturevalue("csrf_app" if "csrf_app" in request.fixturenames else "app")
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


def _routes(w):
    """Every league route: (method, url, organiser_only)."""
    c, lg, s, p = w["club_a"].id, w["race"].id, w["season"].id, w["pairing"].id
    bp_ = w["bid_pairing"].id
    return [
        ("GET", f"/clubs/{c}", False), ("POST", f"/clubs/{c}/defaults", True),
        ("POST", f"/clubs/{c}/invites", True), ("POST", f"/clubs/{c}/invites/1/revoke", True),
        ("POST", f"/clubs/{c}/members/{w['users']['rita'].id}", True),
        ("GET", f"/clubs/{c}/leagues/new", True), ("POST", f"/clubs/{c}/leagues/new", True),
        ("GET", f"/leagues/{lg}", False), ("POST", f"/leagues/{lg}/seasons", True),
        ("GET", f"/leagues/seasons/{s}", False), ("POST", f"/leagues/seasons/{s}/signup", False),
        ("POST", f"/leagues/seasons/{s}/withdraw", False), ("POST", f"/leagues/seasons/{s}/start", True),
        ("POST", f"/leagues/seasons/{s}/next-round", True), ("POST", f"/leagues/seasons/{s}/playoffs", True),
        ("POST", f"/leagues/seasons/{s}/challenge", False),
        ("GET", f"/leagues/pairings/{p}", False), ("POST", f"/leagues/pairings/{p}/accept", False),
        ("GET", f"/leagues/pairings/{bp_}", False), ("POST", f"/leagues/pairings/{bp_}/bid", False),
        ("POST", f"/leagues/pairings/{bp_}/place", False),
        ("POST", f"/leagues/pairings/{p}/concede", False), ("POST", f"/leagues/pairings/{p}/draw", False),
        ("POST", f"/leagues/pairings/{p}/adjudicate", True), ("POST", f"/leagues/pairings/{p}/substitute", True),
        ("POST", f"/leagues/pairings/{p}/rewind", True),
        ("GET", f"/leagues/seasons/{s}/standings.csv", False), ("GET", f"/leagues/seasons/{s}/results.csv", False),
        ("GET", f"/clubs/{c}/results.csv", False), ("GET", f"/clubs/{c}/ratings", False),
    ]


ORGANISER_FORMS = {"winner": "a", "reason": "Because", "player": "a", "to_seq": "1", "role": "member",
                   "name": "X", "format": "round_robin", "signup_opens": "2030-01-01",
                   "signup_closes": "2030-01-02", "starts": "2030-01-03"}


def test_a_member_of_another_club_sees_nothing_of_it_on_any_route(client, world):
    _as(client, world["users"]["yara"])  # a member of club B only
    secret = ("Club A", "Race league", "Spring", "Rita", "Bruno")
    for method, url, _organiser in _routes(world):
        response = client.open(url, method=method, data=ORGANISER_FORMS)
        assert response.status_code == 404, (method, url, response.status_code)
        body = without_tokens(response.get_data(as_text=True))
        assert not any(word in body for word in secret), (method, url)
        assert not shows_number(body, 37), (method, url)


def test_organiser_actions_are_refused_to_members_on_every_route(client, world):
    _as(client, world["users"]["bruno"])  # a member of club A, not an organiser
    for method, url, organiser in _routes(world):
        if not organiser:
            continue
        response = client.open(url, method=method, data=ORGANISER_FORMS)
        assert response.status_code == 403, (method, url, response.status_code)
    with Session(get_engine(client.application)) as s:
        pairing = s.get(Pairing, world["pairing"].id)
        assert pairing.status == "playing"  # nothing was adjudicated
        assert s.exec(select(League).where(League.name == "X")).first() is None


def test_anonymous_visitors_are_sent_to_log_in(client, world):
    for method, url, _organiser in _routes(world):
        response = client.open(url, method=method)
        assert response.status_code == 302 and "/auth/login" in response.headers["Location"], url


def test_the_sealed_bid_is_hidden_from_the_opponent_on_every_route(client, world):
    users = {u.id: u for u in world["users"].values()}
    opponent_id = (world["bid_pairing"].player_b if world["bidder"] == world["bid_pairing"].player_a
                   else world["bid_pairing"].player_a)
    for viewer in (users[opponent_id], world["users"]["olga"]):
        client.post("/auth/logout")
        _as(client, viewer)
        for method, url, _organiser in _routes(world):
            if method != "GET":
                continue
            body = client.get(url).get_data(as_text=True)
            # the sealed bid is 37: a CSRF token or a time such as 15:37 is not the bid
            assert not shows_number(body, 37), (viewer.display_name, url)
        assert "has bid" in client.get(f"/leagues/pairings/{world['bid_pairing'].id}").get_data(as_text=True) \
            or viewer.id != opponent_id
    client.post("/auth/logout")
    _as(client, users[world["bidder"]])
    assert "Your bid: 37 IPCs." in client.get(f"/leagues/pairings/{world['bid_pairing'].id}").get_data(as_text=True)


def test_every_league_form_needs_the_csrf_token(csrf_app, world):
    client = csrf_app.test_client()
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    _as(client, world["users"]["olga"])
    csrf_app.config["WTF_CSRF_ENABLED"] = True
    for method, url, _organiser in _routes(world):
        if method == "POST":
            response = client.post(url, data=ORGANISER_FORMS)
            assert response.status_code == 400, url
    with Session(get_engine(csrf_app)) as s:
        assert s.get(Pairing, world["pairing"].id).status == "playing"


def test_a_player_concedes_through_the_form_only_when_confirmed(client, world):
    pairing = world["pairing"]
    users = {u.id: u for u in world["users"].values()}
    _as(client, users[pairing.player_b])
    url = f"/leagues/pairings/{pairing.id}/concede"
    page = client.post(url, data={}, follow_redirects=True).get_data(as_text=True)
    assert "Tick the box to confirm that you concede." in page
    page = client.post(url, data={"confirm": "1"}, follow_redirects=True).get_data(as_text=True)
    assert "You conceded the game." in page
    assert f"Result: {users[pairing.player_a].display_name} wins (concession)." in page
    season = client.get(f"/leagues/seasons/{world['season'].id}").get_data(as_text=True)
    assert "over" in season
