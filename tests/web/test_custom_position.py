"""Organisers start a game from a custom position: web upload and API, validated, logged."""

from __future__ import annotations

import io
import json
from typing import Any

from flask import Flask
from sqlmodel import Session, select

from pbem.services import games as game_service
from pbem.store.models.games import Event
from pbem.web.db import get_engine
from tests.web.test_api import bearer, token_for
from tests.web.test_play import as_user, game_row, race_game

POSITION: dict[str, Any] = {
    "round": 3, "power": "germany", "phase": "combat_move",
    "owners": {"Karelia": "germany"}, "ipcs": {"germany": 50},
    "units": {"Karelia": [{"type": "tank", "owner": "germany", "count": 2}],
              "Archangel": [{"type": "infantry", "owner": "ussr"}]},
}


def aa_game(app: Flask, user_factory: Any) -> tuple[int, Any, Any]:
    """A forming A&A 1941 game: Rosa (organiser) holds the Axis, Bruno the Allies."""
    rosa, bruno = user_factory(display_name="Rosa"), user_factory(display_name="Bruno")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=rosa.id, ruleset_key="aa1941", title="Scenario",
                                        options={})
        for seat in ("germany", "japan"):
            game_service.join_game(s, game_id=game.id, user_id=rosa.id, seat=seat)
        for seat in ("ussr", "uk", "usa"):
            game_service.join_game(s, game_id=game.id, user_id=bruno.id, seat=seat)
        return game.id, rosa, bruno


def stored(app: Flask, game_id: int) -> list[dict[str, Any]]:
    with Session(get_engine(app)) as s:
        rows = s.exec(select(Event).where(Event.game_id == game_id).order_by(Event.seq)).all()
        return [{"type": r.type, "payload": json.loads(r.payload)} for r in rows]


def upload(client: Any, game_id: int, content: bytes, name: str = "scenario.json") -> Any:
    return client.post(f"/games/{game_id}/start", data={"position": (io.BytesIO(content), name)},
                       content_type="multipart/form-data")


def test_organiser_starts_from_an_uploaded_position_and_the_log_records_it(app, client, user_factory):
    game_id, rosa, _bruno = aa_game(app, user_factory)
    page = as_user(client, rosa).get(f"/games/{game_id}").get_data(as_text=True)
    assert 'name="position" type="file"' in page and 'enctype="multipart/form-data"' in page
    response = upload(client, game_id, json.dumps(POSITION).encode())
    assert response.status_code == 302
    assert game_row(app, game_id).status == "active"
    events = stored(app, game_id)
    assert events[0]["type"] == "game.created" and events[0]["payload"]["position"] == POSITION
    record = next(e for e in events if e["type"] == "game.custom_position")
    assert record["payload"] == {"by": rosa.id, "name": "Rosa"}
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "custom position" in page  # the history says so in words


def test_without_a_file_the_game_starts_from_the_rulebook_setup(app, client, user_factory):
    game_id, rosa, _bruno = aa_game(app, user_factory)
    response = as_user(client, rosa).post(f"/games/{game_id}/start", data={},
                                          content_type="multipart/form-data")
    assert response.status_code == 302
    events = stored(app, game_id)
    assert events[0]["payload"]["position"]["power"] == "ussr"
    assert not any(e["type"] == "game.custom_position" for e in events)


def test_an_invalid_upload_is_a_clear_400_and_the_game_stays_forming(app, client, user_factory):
    game_id, rosa, _bruno = aa_game(app, user_factory)
    as_user(client, rosa)
    not_json = upload(client, game_id, b"{round: 3")
    assert not_json.status_code == 400 and "not JSON" in not_json.get_data(as_text=True)
    wrong_field = upload(client, game_id, json.dumps({**POSITION, "phase": "lunch"}).encode())
    assert wrong_field.status_code == 400
    assert "at phase" in wrong_field.get_data(as_text=True)
    bad_space = {**POSITION, "units": {"Atlantis": [{"type": "tank", "owner": "germany"}]}}
    refused = upload(client, game_id, json.dumps(bad_space).encode())
    assert refused.status_code == 400 and "AA41-POS-3" in refused.get_data(as_text=True)
    assert game_row(app, game_id).status == "forming" and stored(app, game_id) == []


def test_only_the_organiser_may_start_from_a_position(app, client, user_factory):
    game_id, _rosa, bruno = aa_game(app, user_factory)
    response = upload(as_user(client, bruno), game_id, json.dumps(POSITION).encode())
    assert response.status_code == 403 and game_row(app, game_id).status == "forming"


def test_api_start_with_a_position_and_its_errors(app, client, user_factory):
    game_id, rosa, bruno = aa_game(app, user_factory)
    token = token_for(app, rosa)
    url = f"/api/v1/games/{game_id}/start"
    bad = client.post(url, headers=bearer(token), json={"position": {**POSITION, "round": 0}})
    assert bad.status_code == 400 and "round" in bad.get_json()["message"]
    unknown = client.post(url, headers=bearer(token), json={"position": POSITION, "seed": "x"})
    assert unknown.status_code == 400 and "seed" in unknown.get_json()["message"]
    rules = client.post(url, headers=bearer(token),
                        json={"position": {**POSITION, "units": {"SZ 99": []}}})
    assert rules.status_code == 400 and rules.get_json()["rule_id"] == "AA41-POS-3"
    other = client.post(url, headers=bearer(token_for(app, bruno)), json={"position": POSITION})
    assert other.status_code == 403
    assert game_row(app, game_id).status == "forming"
    ok = client.post(url, headers=bearer(token), json={"position": POSITION})
    assert ok.status_code == 200 and ok.get_json()["status"] == "active"
    view = client.get(f"/api/v1/games/{game_id}?seat=germany", headers=bearer(token)).get_json()
    assert view["view"]["round"] == 3 and view["view"]["phase"] == "combat_move"
    again = client.post(url, headers=bearer(token), json={})
    assert again.status_code == 409


def test_a_ruleset_without_a_documented_position_format_takes_none(app, client, user_factory):
    game_id, red, _blue = race_game(app, user_factory, start=False)
    response = client.post(f"/api/v1/games/{game_id}/start", headers=bearer(token_for(app, red)),
                           json={"position": {"pos": {"red": 5, "blue": 0}, "active": "red", "round": 1}})
    assert response.status_code == 400 and "position format" in response.get_json()["message"]
    plain = client.post(f"/api/v1/games/{game_id}/start", headers=bearer(token_for(app, red)))
    assert plain.status_code == 200 and plain.get_json()["status"] == "active"
