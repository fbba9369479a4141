"""CSRF: every game-page and lobby form is refused without its token; the API checks the
X-CSRFToken header for browser sessions and needs none with a bearer token."""

from __future__ import annotations

import re

import pytest

from pbem.web.api_tokens import create_token
from pbem.web.db import db_session
from tests.web.test_play import events_stored, game_row, hidden_expected_seq, last_seq, race_game


def login_with_csrf(client, email):
    page = client.get("/auth/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)[1]
    response = client.post("/auth/login", data={"email": email, "password": "correct horse battery",
                                                "csrf_token": token})
    assert response.status_code == 302


def page_csrf_token(client, path):
    html = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html)[1], html


@pytest.mark.parametrize("path,data", [
    ("orders", {"seat": "red", "order": '{"type": "end"}'}),
    ("undo", {"seat": "red"}),
    ("salt", {"seat": "red", "salt": "x"}),
    ("pause", {}),
    ("deadline", {"hours": "5"}),
])
def test_game_page_forms_without_csrf_token_are_refused(csrf_app, csrf_client, user_factory,
                                                        path, data):
    game_id, red, _blue = race_game(csrf_app, user_factory)
    login_with_csrf(csrf_client, red.email)
    before = events_stored(csrf_app, game_id)
    response = csrf_client.post(f"/games/{game_id}/{path}",
                                data={**data, "expected_seq": str(last_seq(csrf_app, game_id))})
    assert response.status_code == 400
    assert events_stored(csrf_app, game_id) == before
    assert game_row(csrf_app, game_id).status == "active"


def test_game_page_order_with_the_page_csrf_token_is_accepted(csrf_app, csrf_client,
                                                              user_factory):
    game_id, red, _blue = race_game(csrf_app, user_factory)
    login_with_csrf(csrf_client, red.email)
    token, html = page_csrf_token(csrf_client, f"/games/{game_id}")
    response = csrf_client.post(f"/games/{game_id}/orders", data={
        "seat": "red", "order": '{"type": "step", "n": 1}', "csrf_token": token,
        "expected_seq": hidden_expected_seq(html)})
    assert response.status_code == 302


def test_lobby_and_token_forms_without_csrf_token_are_refused(csrf_app, csrf_client,
                                                              user_factory):
    user = user_factory()
    login_with_csrf(csrf_client, user.email)
    assert csrf_client.post("/games/new", data={"ruleset": "race", "title": "X"}).status_code \
        == 400
    assert csrf_client.post("/account/tokens", data={"name": "bot"}).status_code == 400
    assert "Your new token" not in csrf_client.get("/account/tokens").get_data(as_text=True)


def test_api_post_from_a_session_needs_the_csrf_header(csrf_app, csrf_client, user_factory):
    game_id, red, _blue = race_game(csrf_app, user_factory)
    login_with_csrf(csrf_client, red.email)
    body = {"seat": "red", "order": {"type": "step", "n": 1},
            "expected_seq": last_seq(csrf_app, game_id)}
    refused = csrf_client.post(f"/api/v1/games/{game_id}/orders", json=body)
    assert refused.status_code == 400 and refused.get_json()["error"] == "CSRFError"
    token, _html = page_csrf_token(csrf_client, f"/games/{game_id}")
    accepted = csrf_client.post(f"/api/v1/games/{game_id}/orders", json=body,
                                headers={"X-CSRFToken": token})
    assert accepted.status_code == 201


def test_api_post_with_a_bearer_token_needs_no_csrf(csrf_app, csrf_client, user_factory):
    game_id, red, _blue = race_game(csrf_app, user_factory)
    with csrf_app.app_context():
        token = create_token(db_session(), red.id, "bot")
    response = csrf_client.post(f"/api/v1/games/{game_id}/orders",
                                headers={"Authorization": f"Bearer {token}"},
                                json={"seat": "red", "order": {"type": "end"},
                                      "expected_seq": last_seq(csrf_app, game_id)})
    assert response.status_code == 201
