"""Lobby: home, my games, open games, the new-game form, joining (invite links, multi-seat)."""

from __future__ import annotations

import io
from datetime import datetime

import pytest
from sqlmodel import Session, select

from pbem.engine import register
from pbem.engine.registry import unregister
from pbem.services import games as game_service
from pbem.store.models.games import Game, SeatHolder
from pbem.web.db import get_engine
from tests.rulesets.race import Race
from tests.web.test_play import as_user, game_row, race_game


def holders(app, game_id):
    with Session(get_engine(app), expire_on_commit=False) as s:
        return {h.seat: h.user_id for h in s.exec(select(SeatHolder)
                                                  .where(SeatHolder.game_id == game_id))}


class SideRace(Race):
    """Race with four seats on two sides, for the "side" multi-seat rule."""

    key = "siderace"
    title = "Side race"
    multi_seat = "side"

    def seats(self, options):
        return [{"id": "red", "name": "Red", "side": "warm"},
                {"id": "orange", "name": "Orange", "side": "warm"},
                {"id": "blue", "name": "Blue", "side": "cold"},
                {"id": "green", "name": "Green", "side": "cold"}]


@pytest.fixture
def siderace():
    register("siderace", SideRace)
    yield "siderace"
    unregister("siderace")


# -- home and lists --------------------------------------------------------------------------
def test_home_explains_pbem_to_visitors_and_redirects_members(client, user_factory):
    html = client.get("/").get_data(as_text=True)
    assert "refereed by the server" in html and "/auth/login" in html and "/auth/register" in html
    as_user(client, user_factory())
    response = client.get("/")
    assert response.status_code == 302 and response.headers["Location"].endswith("/games")


def test_my_games_lists_games_owing_my_decision_first_with_the_deadline(app, client,
                                                                        user_factory):
    quiet_id, red, _blue = race_game(app, user_factory)
    # red's second game, where blue owes nothing yet
    with Session(get_engine(app), expire_on_commit=False) as s:
        other = game_service.create_game(s, organiser_id=red.id, ruleset_key="race",
                                         title="Waiting room", options={})
        game_service.set_deadline(s, game_id=quiet_id, user_id=red.id, hours=24,
                                  now=datetime(2030, 1, 15, 12, 0))
    html = as_user(client, red).get("/games").get_data(as_text=True)
    assert html.index("Corsa") < html.index("Waiting room")
    assert "Your decision is owed" in html
    assert "Jan 16, 2030, 1:00\u202fPM CET" in html  # 12:00 UTC + 24 h, in Rosa's Europe/Rome
    assert other.id


def test_my_games_needs_login(client):
    response = client.get("/games")
    assert response.status_code == 302 and "/auth/login" in response.headers["Location"]


def test_open_games_lists_public_forming_games_with_free_seats_only(app, client, user_factory):
    organiser = user_factory()
    with Session(get_engine(app), expire_on_commit=False) as s:
        game_service.create_game(s, organiser_id=organiser.id, ruleset_key="race",
                                 title="Public one", options={})
        game_service.create_game(s, organiser_id=organiser.id, ruleset_key="race",
                                 title="Secret one", options={}, visibility="private")
    race_game(app, user_factory)  # started: not open
    html = client.get("/games/open").get_data(as_text=True)
    assert "Public one" in html and "2 free seats" in html
    assert "Secret one" not in html and "Corsa" not in html


# -- new game --------------------------------------------------------------------------------
def test_new_game_form_offers_every_ruleset_and_its_options(app, client, user_factory,
                                                            siderace):
    html = as_user(client, user_factory()).get("/games/new?ruleset=race").get_data(as_text=True)
    assert 'value="race"' in html and 'value="siderace"' in html
    assert 'name="opt_goal"' in html and 'min="5"' in html and 'max="500"' in html
    assert 'value="30"' in html


def test_new_game_is_created_and_opens_its_page(app, client, user_factory):
    user = as_user(client, user_factory())
    response = user.post("/games/new", data={"ruleset": "race", "title": "Sfida", "opt_goal": "12",
                                             "visibility": "private", "deadline_hours": "72"})
    assert response.status_code == 302
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = s.exec(select(Game).where(Game.title == "Sfida")).one()
    assert response.headers["Location"].endswith(f"/games/{game.id}")
    assert game.visibility == "private" and game.deadline_hours == 72
    assert '"goal":12' in game.options
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert f"/games/{game.id}/join/{game.invite_token}" in page


def test_new_game_with_a_bad_option_is_400_and_keeps_the_form(app, client, user_factory):
    user = as_user(client, user_factory())
    response = user.post("/games/new", data={"ruleset": "race", "title": "Sfida",
                                             "opt_goal": "2"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "between 5 and 500" in html and 'value="Sfida"' in html
    not_number = user.post("/games/new", data={"ruleset": "race", "title": "X", "opt_goal": "x"})
    assert not_number.status_code == 400
    assert "must be a whole number" in not_number.get_data(as_text=True)
    with Session(get_engine(app), expire_on_commit=False) as s:
        assert s.exec(select(Game)).first() is None


def test_new_game_without_title_is_400(client, user_factory):
    response = as_user(client, user_factory()).post("/games/new", data={"ruleset": "race",
                                                                         "title": " "})
    assert response.status_code == 400
    assert "title" in response.get_data(as_text=True)


# -- joining ---------------------------------------------------------------------------------
def test_join_and_leave_a_public_game_before_the_start(app, client, user_factory):
    organiser, player = user_factory(), user_factory()
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key="race",
                                        title="Aperta", options={})
    as_user(client, player)
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Take seat Red" in page and "Take seat Blue" in page
    assert client.post(f"/games/{game.id}/join", data={"seat": "blue"}).status_code == 302
    assert holders(app, game.id) == {"blue": player.id}
    assert client.post(f"/games/{game.id}/leave", data={"seat": "blue"}).status_code == 302
    assert holders(app, game.id) == {}


def test_multi_seat_none_offers_no_second_seat_and_refuses_one(app, client, user_factory):
    organiser, player = user_factory(), user_factory()
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key="race",
                                        title="Aperta", options={})
    as_user(client, player).post(f"/games/{game.id}/join", data={"seat": "red"})
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Take seat Blue" not in page
    response = client.post(f"/games/{game.id}/join", data={"seat": "blue"})
    assert response.status_code == 409
    assert "only one seat" in response.get_data(as_text=True)
    assert holders(app, game.id) == {"red": player.id}


def test_multi_seat_side_offers_only_seats_of_my_side(app, client, user_factory, siderace):
    organiser, player = user_factory(), user_factory()
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key="siderace",
                                        title="Lati", options={})
    as_user(client, player).post(f"/games/{game.id}/join", data={"seat": "red"})
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Take seat Orange" in page
    assert "Take seat Blue" not in page and "Take seat Green" not in page
    refused = client.post(f"/games/{game.id}/join", data={"seat": "blue"})
    assert refused.status_code == 409 and "another side" in refused.get_data(as_text=True)
    assert client.post(f"/games/{game.id}/join", data={"seat": "orange"}).status_code == 302
    assert holders(app, game.id) == {"red": player.id, "orange": player.id}


def test_private_game_is_404_to_strangers_and_joined_through_the_invite_link(app, client,
                                                                           user_factory):
    organiser, guest = user_factory(), user_factory()
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key="race",
                                        title="Segreta", options={}, visibility="private")
    as_user(client, guest)
    assert client.get(f"/games/{game.id}").status_code == 404
    assert client.get(f"/games/{game.id}/join/wrong-token").status_code == 404
    refused = client.post(f"/games/{game.id}/join", data={"seat": "red"})
    assert refused.status_code == 404
    assert holders(app, game.id) == {}
    invite = client.get(f"/games/{game.id}/join/{game.invite_token}")
    assert invite.status_code == 200 and "Take seat Red" in invite.get_data(as_text=True)
    joined = client.post(f"/games/{game.id}/join",
                         data={"seat": "red", "invite_token": game.invite_token})
    assert joined.status_code == 302
    assert client.get(f"/games/{game.id}").status_code == 200


def test_leaving_is_not_offered_after_the_start(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    html = as_user(client, red).get(f"/games/{game_id}").get_data(as_text=True)
    assert "Leave seat" not in html
    assert game_row(app, game_id).status == "active"


def test_import_form_creates_a_paused_copy_and_refuses_a_broken_file(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    as_user(client, red)
    exported = client.get(f"/games/{game_id}/export").get_data()
    response = client.post("/games/import", data={"file": (io.BytesIO(exported), "game.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 302
    new_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert new_id != game_id and game_row(app, new_id).status == "paused"
    assert game_row(app, new_id).last_seq == game_row(app, game_id).last_seq
    broken = client.post("/games/import", data={"file": (io.BytesIO(b"{nope"), "game.json")},
                         content_type="multipart/form-data")
    assert broken.status_code == 400 and "not JSON" in broken.get_data(as_text=True)
    tampered = exported.replace(b'"Rosa"', b'"Mallory"')
    refused = client.post("/games/import", data={"file": (io.BytesIO(tampered), "game.json")},
                          content_type="multipart/form-data")
    assert refused.status_code == 400
    assert "not a valid game export" in refused.get_data(as_text=True)


def test_my_games_lists_a_game_whose_ruleset_is_gone(app, client, user_factory, siderace):
    organiser = user_factory()
    with Session(get_engine(app), expire_on_commit=False) as s:
        game_service.create_game(s, organiser_id=organiser.id, ruleset_key=siderace,
                                 title="Orfana", options={})
    unregister(siderace)
    response = as_user(client, organiser).get("/games")
    assert response.status_code == 200
    assert "Orfana" in response.get_data(as_text=True)
