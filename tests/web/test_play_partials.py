"""The game page renders a ruleset's own partial when there is one, and lets a player with
several seats switch between them."""

from __future__ import annotations

from sqlmodel import Session

from pbem.engine import register
from pbem.engine.registry import unregister
from pbem.services import games as game_service
from pbem.web.db import get_engine
from tests.rulesets.race import Race
from tests.web.test_lobby import siderace  # noqa: F401 (fixture)
from tests.web.test_play import as_user, last_seq, post_order, race_game


def test_the_game_ui_package_draws_the_position_section(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    html = as_user(client, red).get(f"/games/{game_id}").get_data(as_text=True)
    assert '<ul class="race-track" id="race-board">' in html and "<li>Red: 0</li>" in html
    assert "/ui/race/static/race.css" in html  # the package's own static files
    assert "The whole position as JSON" not in html


class PlainRace(Race):
    key = "plainrace"
    family = "plain."  # a family that registered no UI package


def test_a_family_without_a_ui_package_gets_the_generic_view(app, client, user_factory):
    register("plainrace", PlainRace)
    try:
        red, blue = user_factory(display_name="Rosa"), user_factory(display_name="Bruno")
        with Session(get_engine(app), expire_on_commit=False) as s:
            game = game_service.create_game(s, organiser_id=red.id, ruleset_key="plainrace", title="Piana",
                                            options={})
            game_service.join_game(s, game_id=game.id, user_id=red.id, seat="red")
            game_service.join_game(s, game_id=game.id, user_id=blue.id, seat="blue")
            game_service.start_game(s, game_id=game.id, user_id=red.id)
        html = as_user(client, red).get(f"/games/{game.id}").get_data(as_text=True)
        assert "The whole position as JSON" in html and "blue: 0, red: 0" in html
        for page in ("history", "standing", "board.svg"):
            assert client.get(f"/games/{game.id}/{page}").status_code in (403, 404)
    finally:
        unregister("plainrace")


def test_player_with_two_seats_switches_between_them(app, client, user_factory, siderace):  # noqa: F811
    organiser, warm, cold = user_factory(), user_factory(), user_factory()
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key=siderace,
                                        title="Lati", options={})
        for seat, user in (("red", warm), ("orange", warm), ("blue", cold), ("green", cold)):
            game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=organiser.id)
    as_user(client, warm)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "See and play as:" in html and f"/games/{game.id}?seat=orange" in html
    assert "Orders Red may give now" in html
    orange = client.get(f"/games/{game.id}?seat=orange").get_data(as_text=True)
    assert "(as Orange sees it)" in orange and "Orders Red may give now" not in orange
    # the order form still offers the owing seat first, so Red can play from Orange's page
    response = post_order(client, game.id, "red", {"type": "step", "n": 1}, last_seq(app, game.id))
    assert response.status_code == 302
