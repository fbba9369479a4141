"""The JSON API /api/v1: auth by token or session, orders, errors, log, export/import."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.store.models.games import Game
from pbem.web.api_tokens import create_token
from pbem.web.db import get_engine
from tests.web.test_play import as_user, events_stored, last_seq, race_game


def token_for(app: Flask, user: Any, name: str = "bot") -> str:
    with Session(get_engine(app)) as s:
        return create_token(s, user.id, name)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def order_body(seat: str, order: dict[str, Any], seq: int) -> dict[str, Any]:
    return {"seat": seat, "order": order, "expected_seq": seq}


# -- authentication ---------------------------------------------------------------------------
def test_missing_token_is_401_json(client):
    response = client.get("/api/v1/games")
    assert response.status_code == 401
    assert response.get_json()["error"] == "Unauthorized"
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_unknown_token_and_wrong_scheme_are_401(client):
    assert client.get("/api/v1/games", headers=bearer("pbem_nope")).status_code == 401
    basic = client.get("/api/v1/games", headers={"Authorization": "Basic dXNlcjpwdw=="})
    assert basic.status_code == 401 and "Bearer" in basic.get_json()["message"]


def test_revoked_token_is_401(app, client, user_factory):
    user = user_factory()
    token = token_for(app, user)
    assert client.get("/api/v1/games", headers=bearer(token)).status_code == 200
    as_user(client, user)
    page = client.get("/account/tokens").get_data(as_text=True)
    token_id = page.split("/account/tokens/")[1].split("/revoke")[0]
    assert client.post(f"/account/tokens/{token_id}/revoke").status_code == 302
    anonymous = app.test_client()
    response = anonymous.get("/api/v1/games", headers=bearer(token))
    assert response.status_code == 401
    assert "revoked" in response.get_json()["message"]


def test_session_is_enough_for_reading(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    response = as_user(client, red).get(f"/api/v1/games/{game_id}")
    assert response.status_code == 200
    assert response.get_json()["my_seats"] == ["red"]


# -- reading ----------------------------------------------------------------------------------
def test_rulesets_lists_race_with_options_and_seats(app, client, user_factory):
    response = client.get("/api/v1/rulesets", headers=bearer(token_for(app, user_factory())))
    race = next(r for r in response.get_json() if r["key"] == "race")
    assert race["multi_seat"] == "none"
    assert race["options"][0]["name"] == "goal"
    assert [s["id"] for s in race["seats"]] == ["red", "blue"]


def test_games_filters_mine_and_open(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    token = token_for(app, red)
    mine = client.get("/api/v1/games?filter=mine", headers=bearer(token)).get_json()
    assert [g["id"] for g in mine] == [game_id]
    assert mine[0]["my_seats"] == ["red"] and mine[0]["owed_seats"] == ["red"]
    assert client.get("/api/v1/games?filter=open", headers=bearer(token)).get_json() == []
    bad = client.get("/api/v1/games?filter=everything", headers=bearer(token))
    assert bad.status_code == 400


def test_private_game_is_404_to_non_members_in_the_api(app, client, user_factory):
    game_id, _red, _blue = race_game(app, user_factory, visibility="private")
    token = token_for(app, user_factory())
    for path in ("", "/options", "/log", "/export"):
        response = client.get(f"/api/v1/games/{game_id}{path}", headers=bearer(token))
        assert response.status_code == 404, path
        assert response.get_json()["error"] == "NotFound"
    for path, body in (("orders", order_body("red", {"type": "end"}, 0)),
                       ("undo", {"seat": "red", "expected_seq": 0})):
        posted = client.post(f"/api/v1/games/{game_id}/{path}", headers=bearer(token), json=body)
        assert posted.status_code == 404, path
        assert posted.get_json()["error"] == "NotFound"
    listed = client.get("/api/v1/games", headers=bearer(token)).get_json()
    assert game_id not in [g["id"] for g in listed]


def test_options_lists_the_legal_orders_of_my_owing_seat(app, client, user_factory):
    game_id, red, blue = race_game(app, user_factory)
    mine = client.get(f"/api/v1/games/{game_id}/options", headers=bearer(token_for(app, red)))
    body = mine.get_json()
    assert body["seat"] == "red" and body["owes"] is True
    assert {"type": "roll"} in body["options"]["orders"]
    waiting = client.get(f"/api/v1/games/{game_id}/options",
                         headers=bearer(token_for(app, blue))).get_json()
    assert waiting["owes"] is False and waiting["options"] == {}
    other = client.get(f"/api/v1/games/{game_id}/options?seat=red",
                       headers=bearer(token_for(app, blue)))
    assert other.status_code == 403


# -- orders -----------------------------------------------------------------------------------
def test_submit_via_api_returns_201_with_the_events(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    seq = last_seq(app, game_id)
    response = client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token_for(app, red)),
                           json=order_body("red", {"type": "step", "n": 2}, seq))
    body = response.get_json()
    assert response.status_code == 201
    assert [e["type"] for e in body["events"]] == ["order", "race.stepped"]
    assert body["events"][0]["seq"] == seq + 1
    assert body["last_seq"] == seq + 2 == last_seq(app, game_id)


def test_stale_seq_via_api_is_409_with_last_seq_and_stores_nothing(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    token, seq = token_for(app, red), last_seq(app, game_id)
    client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token),
                json=order_body("red", {"type": "step", "n": 1}, seq))
    before = events_stored(app, game_id)
    response = client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token),
                           json=order_body("red", {"type": "step", "n": 1}, seq))
    assert response.status_code == 409
    assert response.get_json()["error"] == "StaleGame"
    assert response.get_json()["last_seq"] == last_seq(app, game_id)
    assert events_stored(app, game_id) == before


def test_non_owing_seat_via_api_is_403_with_whose_turn(app, client, user_factory):
    game_id, _red, blue = race_game(app, user_factory)
    before = events_stored(app, game_id)
    response = client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token_for(app, blue)),
                           json=order_body("blue", {"type": "end"}, last_seq(app, game_id)))
    body = response.get_json()
    assert response.status_code == 403
    assert body == {"error": "NotYourTurn", "rule_id": "ENGINE-TURN-1",
                    "message": "It is Red's turn (move).", "key": "It is {seats}'s turn ({phase}).",
                    "params": {"seats": ["red"], "phase": "move"}}
    assert events_stored(app, game_id) == before


def test_illegal_order_via_api_is_422_with_rule_id(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    before = events_stored(app, game_id)
    response = client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token_for(app, red)),
                           json=order_body("red", {"type": "step", "n": 9}, last_seq(app, game_id)))
    assert response.status_code == 422
    assert response.get_json() == {"error": "IllegalOrder", "rule_id": "RACE-1",
                                   "message": "A step is 1 to 3 squares.",
                                   "key": "A step is 1 to 3 squares.", "params": {}}
    assert events_stored(app, game_id) == before


def test_malformed_submissions_are_400_saying_what_is_missing(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    token, seq = token_for(app, red), last_seq(app, game_id)
    url = f"/api/v1/games/{game_id}/orders"
    cases = [
        (client.post(url, headers=bearer(token), data="not json"), "JSON object"),
        (client.post(url, headers=bearer(token), json={"order": {"type": "end"},
                                                       "expected_seq": seq}), "'seat'"),
        (client.post(url, headers=bearer(token), json={"seat": "red", "order": {"type": "end"},
                                                       "expected_seq": "7"}), "expected_seq"),
        (client.post(url, headers=bearer(token), json=order_body("red", "end", seq)), "'order'"),
        (client.post(url, headers=bearer(token), json=order_body("red", {"type": "fly"}, seq)),
         "Unknown order type"),
    ]
    for response, words in cases:
        assert response.status_code == 400, words
        assert words in response.get_json()["message"]


def test_undo_via_api(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    token = token_for(app, red)
    client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token),
                json=order_body("red", {"type": "step", "n": 3}, last_seq(app, game_id)))
    response = client.post(f"/api/v1/games/{game_id}/undo", headers=bearer(token),
                           json={"seat": "red", "expected_seq": last_seq(app, game_id)})
    assert response.status_code == 201
    assert [e["type"] for e in response.get_json()["events"]] == ["undo"]
    again = client.post(f"/api/v1/games/{game_id}/undo", headers=bearer(token),
                        json={"seat": "red", "expected_seq": last_seq(app, game_id)})
    assert again.status_code == 422 and again.get_json()["rule_id"] == "ENGINE-UNDO-1"


# -- log, export, import ----------------------------------------------------------------------
def test_log_is_paged_with_after_and_limit(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    token = token_for(app, red)
    for _ in range(3):
        client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token),
                    json=order_body("red", {"type": "step", "n": 1}, last_seq(app, game_id)))
    total = last_seq(app, game_id)
    first = client.get(f"/api/v1/games/{game_id}/log?limit=2", headers=bearer(token)).get_json()
    assert [e["seq"] for e in first["events"]] == [1, 2] and first["next_after"] == 2
    assert first["events"][0]["text"] == "The game was created."
    rest = client.get(f"/api/v1/games/{game_id}/log?after=2&limit=500",
                      headers=bearer(token)).get_json()
    assert [e["seq"] for e in rest["events"]] == list(range(3, total + 1))
    assert rest["next_after"] is None and rest["last_seq"] == total
    bad = client.get(f"/api/v1/games/{game_id}/log?limit=0", headers=bearer(token))
    assert bad.status_code == 400


def test_export_and_import_round_trip(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    token = token_for(app, red)
    client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token),
                json=order_body("red", {"type": "step", "n": 2}, last_seq(app, game_id)))
    exported = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(token))
    assert exported.status_code == 200
    doc = exported.get_json()
    imported = client.post("/api/v1/games/import", headers=bearer(token), json=doc)
    assert imported.status_code == 201
    new_id = imported.get_json()["id"]
    assert new_id != game_id
    with Session(get_engine(app)) as s:
        old, new = s.get(Game, game_id), s.get(Game, new_id)
        assert new.last_seq == old.last_seq and new.ruleset_key == "race"
    again = client.get(f"/api/v1/games/{new_id}/export", headers=bearer(token)).get_json()
    assert [(e["seq"], e["type"], e["payload"]) for e in again["events"]] == \
        [(e["seq"], e["type"], e["payload"]) for e in doc["events"]]


def test_import_of_a_broken_file_is_400_and_creates_nothing(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory)
    token = token_for(app, red)
    doc = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(token)).get_json()
    doc["events"][1]["payload"] = {"tampered": True}
    response = client.post("/api/v1/games/import", headers=bearer(token),
                           data=json.dumps(doc), content_type="application/json")
    assert response.status_code == 400
    assert "not a valid game export" in response.get_json()["message"]
    mine = client.get("/api/v1/games?filter=mine", headers=bearer(token)).get_json()
    assert [g["id"] for g in mine] == [game_id]
