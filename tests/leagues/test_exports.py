"""Exports: results CSV -> the ratings command gives the ratings the page shows; standings CSV;
the iCalendar feed parses back; invitations by email answer the same for any address."""

from __future__ import annotations

import re

from icalendar import Calendar
from sqlmodel import Session, select

from pbem.services.leagues import results
from pbem.store.models.games import Game
from pbem.store.models.outbox import OutboxMessage
from pbem.web.db import get_engine
from tests.fixtures_web import login
from tests.leagues.test_web import world  # noqa: F401  (fixture)


def _as(client, user):
    client.post("/auth/logout")
    login(client, user.email)


def test_ratings_recomputed_by_the_command_from_the_exported_results_equal_those_shown(
        app, client, world, tmp_path):  # noqa: F811
    with Session(get_engine(app), expire_on_commit=False) as s:
        results.concede(s, game_id=world["pairing"].game_id, user_id=world["pairing"].player_b)
    _as(client, world["users"]["rita"])
    csv_text = client.get(f"/clubs/{world['club_a'].id}/results.csv").get_data(as_text=True)
    assert csv_text.splitlines()[0].startswith("game_id,ended_at,ruleset,version,player_a")
    assert ",concession," in csv_text
    page = client.get(f"/clubs/{world['club_a'].id}/ratings").get_data(as_text=True)
    shown = dict(re.findall(r'data-player="(\d+)">([\d.]+)<', page))
    assert shown == {str(world["pairing"].player_a): "1516.00", str(world["pairing"].player_b): "1484.00"}
    path = tmp_path / "results.csv"
    path.write_text(csv_text, encoding="utf-8")
    out = app.test_cli_runner().invoke(args=["pbem", "ratings", str(path)])
    assert out.exit_code == 0, out.output
    printed = {m[1]: f"{float(m[0]):.2f}" for m in re.findall(r"^\s*\d+\s+([\d.]+)\s+\d+\s+(\d+)\s", out.output, re.M)}
    assert printed == shown
    standings = client.get(f"/leagues/seasons/{world['season'].id}/standings.csv").get_data(as_text=True)
    lines = standings.splitlines()
    assert lines[0] == "place,player,name,points,played,wins,draws,losses,tiebreak"
    assert lines[1].split(",")[:4] == ["1", str(world["pairing"].player_a), "Rita" if
                                       world["pairing"].player_a == world["users"]["rita"].id else "Bruno", "1.0"]


def test_the_icalendar_feed_parses_back_with_the_deadlines(app, client, world):  # noqa: F811
    pairing = world["pairing"]
    with Session(get_engine(app)) as s:
        game = s.get(Game, pairing.game_id)
        deadline = game.deadline_at
    _as(client, world["users"]["rita"] if pairing.player_a == world["users"]["rita"].id
        else world["users"]["bruno"])  # red moves first: player_a owes the decision
    page = client.get("/leagues/calendar").get_data(as_text=True)
    feed = re.search(r'id="feed">([^<]+)<', page).group(1).replace("http://localhost", "")
    client.post("/auth/logout")
    response = client.get(feed)  # no login needed: the signed link is the credential
    assert response.status_code == 200 and response.mimetype == "text/calendar"
    cal = Calendar.from_ical(response.data)
    events = [c for c in cal.walk("VEVENT")]
    summaries = [str(e.get("summary")) for e in events]
    assert any(game.title in s for s in summaries)
    ends = [e.decoded("dtend") for e in events if game.title in str(e.get("summary"))]
    assert ends[0].replace(tzinfo=None) == deadline.replace(tzinfo=None, microsecond=0)
    assert client.get(feed.replace(".ics", "x.ics")).status_code == 404  # a forged token


def test_inviting_by_email_answers_the_same_whatever_the_address(app, client, world):  # noqa: F811
    _as(client, world["users"]["olga"])
    club = world["club_a"].id
    known = client.post(f"/clubs/{club}/invites", data={"email": "yara@example.org"}, follow_redirects=True)
    unknown = client.post(f"/clubs/{club}/invites", data={"email": "nobody@example.org"}, follow_redirects=True)
    strip = lambda html: html.replace("yara@example.org", "X").replace("nobody@example.org", "X")  # noqa: E731
    assert known.status_code == unknown.status_code == 200
    flash = re.compile(r'<p class="flash[^>]*>(.*?)</p>', re.S)
    assert flash.findall(strip(known.get_data(as_text=True))) == flash.findall(strip(unknown.get_data(as_text=True)))
    with Session(get_engine(app)) as s:
        mails = s.exec(select(OutboxMessage).where(OutboxMessage.kind == "club_invitation")).all()
        assert sorted(m.to_address for m in mails) == ["nobody@example.org", "yara@example.org"]
        assert all("/clubs/join/" in m.text and "Club A" in m.subject for m in mails)


def test_an_invitation_link_is_accepted_by_the_invitee(app, client, world):  # noqa: F811
    _as(client, world["users"]["olga"])
    response = client.post(f"/clubs/{world['club_a'].id}/invites", data={}, follow_redirects=True)
    link = re.search(r'<code class="break">([^<]+)</code>', response.get_data(as_text=True)).group(1)
    path = link.replace("http://localhost", "")
    _as(client, world["users"]["yara"])
    assert client.get(f"/clubs/{world['club_a'].id}").status_code == 404
    assert "Join the club" in client.get(path).get_data(as_text=True)
    client.post(path)
    assert client.get(f"/clubs/{world['club_a'].id}").status_code == 200


def test_a_bid_placement_breaking_the_league_rule_is_refused_with_a_clear_message(app, client, world):  # noqa: F811
    from pbem.services.leagues import bidding

    bp = world["bid_pairing"]
    opponent = bp.player_b if world["bidder"] == bp.player_a else bp.player_a
    with Session(get_engine(app), expire_on_commit=False) as s:
        bidding.place_bid(s, pairing_id=bp.id, user_id=opponent, ipcs=40)
    users = {u.id: u for u in world["users"].values()}
    _as(client, users[world["bidder"]])  # bid 37 < 40: receives the bid and places it (allies)
    form = {"power_0": "uk", "territory_0": "Australia", "type_0": "infantry", "count_0": "2", "keep_uk": "31"}
    page = client.post(f"/leagues/pairings/{bp.id}/place", data=form, follow_redirects=True).get_data(as_text=True)
    assert "At most 1 bid unit(s) per territory; Australia would get 2. [LEAGUE-BID-03]" in page
    _as(client, users[world["bidder"]])
    client.get("/?lang=it")
    with Session(get_engine(app)) as s:
        assert s.get(Game, bp.game_id).status == "forming"


def test_league_pages_and_refusals_read_in_italian(app, client, world):  # noqa: F811
    from pbem.store.models.accounts import User

    with Session(get_engine(app)) as s:
        rita = s.get(User, world["users"]["rita"].id)
        rita.language = "it"
        s.add(rita)
        s.commit()
    _as(client, world["users"]["rita"])
    page = client.get(f"/leagues/seasons/{world['season'].id}").get_data(as_text=True)
    assert "Classifica" in page and "Accoppiamenti" in page
    refused = client.post(f"/leagues/seasons/{world['season'].id}/signup", follow_redirects=True)
    assert "Le iscrizioni a questa stagione sono chiuse." in refused.get_data(as_text=True)


def test_pairing_emails_render_in_the_players_language(app, world):  # noqa: F811
    from pbem.notify.messages import render_row
    from pbem.store.models.accounts import User

    with app.app_context(), Session(get_engine(app)) as s:
        bruno = s.get(User, world["users"]["bruno"].id)
        bruno.language = "it"
        s.add(bruno)
        s.commit()
        rows = s.exec(select(OutboxMessage).where(OutboxMessage.kind == "league_pairings")).all()
        assert {r.user_id for r in rows} >= {world["users"]["rita"].id, world["users"]["bruno"].id}
        texts = {}
        for row in rows:
            render_row(s, row)
            texts[row.user_id] = (row.subject, row.text, row.html)
        subject, text, html = texts[world["users"]["rita"].id]
        assert "your games of round 1" in subject and "against Bruno" in text and "/leagues/pairings/" in html
        subject, text, _html = texts[world["users"]["bruno"].id]
        assert "le tue partite del turno 1" in subject and "contro Rita" in text
        assert "Annulla iscrizione:" in text
