"""Hidden information: pages and API show only Ruleset.view / event_view for the viewer's seat."""

from __future__ import annotations

import copy

import pytest
from sqlmodel import Session

from pbem.engine import register
from pbem.engine.registry import unregister
from pbem.services import games as game_service
from pbem.web.db import get_engine
from tests.rulesets.race import Race
from tests.web.test_api import bearer, order_body, token_for
from tests.web.test_play import as_user, last_seq, post_order


class SecretRace(Race):
    """Race where each seat sees only its own position and its own steps."""

    key = "secretrace"
    title = "Secret race"

    def view(self, state, seat):
        shown = copy.deepcopy(state)
        shown["pos"] = {s: (p if s == seat else "hidden") for s, p in state["pos"].items()}
        return shown

    def event_view(self, event, seat):
        if event["seat"] in ("red", "blue") and event["seat"] != seat:
            if event["type"] == "race.stepped":
                return None
            if event["type"] == "order":
                return {**event, "payload": {"order": {"type": "secret"}}}
        return event


@pytest.fixture
def secret_game(app, user_factory):
    register("secretrace", SecretRace)
    red, blue = user_factory(display_name="Rosa"), user_factory(display_name="Bruno")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=red.id, ruleset_key="secretrace",
                                        title="Nebbia", options={})
        game_service.join_game(s, game_id=game.id, user_id=red.id, seat="red")
        game_service.join_game(s, game_id=game.id, user_id=blue.id, seat="blue")
        game_service.start_game(s, game_id=game.id, user_id=red.id)
    yield game.id, red, blue
    unregister("secretrace")


def test_opponent_page_hides_the_position_and_the_steps(app, client, user_factory, secret_game):
    game_id, red, blue = secret_game
    red_client = app.test_client()
    as_user(red_client, red)
    post_order(red_client, game_id, "red", {"type": "step", "n": 3}, last_seq(app, game_id))
    own = red_client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Red steps 3 squares." in own and "Red: 3" in own
    html = as_user(client, blue).get(f"/games/{game_id}").get_data(as_text=True)
    assert "Red: hidden" in html and "Red: 3" not in html
    assert "Red steps" not in html and "&#34;n&#34;" not in html
    assert "Red gave an order." in html  # the order, without what it was


def test_spectator_sees_the_seatless_view(app, client, user_factory, secret_game):
    game_id, _red, _blue = secret_game
    html = as_user(client, user_factory()).get(f"/games/{game_id}").get_data(as_text=True)
    assert "Red: hidden" in html and "Blue: hidden" in html


def test_api_view_and_log_are_redacted_for_the_caller(app, client, secret_game):
    game_id, red, blue = secret_game
    client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token_for(app, red)),
                json=order_body("red", {"type": "step", "n": 2}, last_seq(app, game_id)))
    token = token_for(app, blue)
    view = client.get(f"/api/v1/games/{game_id}", headers=bearer(token)).get_json()
    assert view["view"]["pos"] == {"red": "hidden", "blue": 0}
    log = client.get(f"/api/v1/games/{game_id}/log", headers=bearer(token)).get_json()
    types = [e["type"] for e in log["events"]]
    assert "race.stepped" not in types and "order" in types
    assert all(e["payload"] == {"order": {"type": "secret"}} for e in log["events"]
               if e["type"] == "order")
    peek = client.get(f"/api/v1/games/{game_id}?seat=red", headers=bearer(token)).get_json()
    assert peek["view"]["pos"]["red"] == "hidden"  # asking for another's seat shows nothing more


def test_hidden_information_game_cannot_be_exported_while_it_runs(app, client, secret_game):
    game_id, red, blue = secret_game
    for user in (red, blue):
        response = client.get(f"/api/v1/games/{game_id}/export",
                              headers=bearer(token_for(app, user)))
        assert response.status_code == 403
    as_user(client, blue)
    assert client.get(f"/games/{game_id}/export").status_code == 403
