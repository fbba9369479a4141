"""The scripted three-round game (``test_scripted_game_aa1941.py``) through the HTTP API.

The game is stored by the services and every order goes through ``POST
/api/v1/games/<id>/orders`` with a personal token, one player per side. The server rolls the
dice, so this run cannot script them: it uses the low-luck dice option, and the script's
battles are sized so that every side's strength is a multiple of 6: every hit is then certain
(no remainder die), and the outcomes are the same as with the scripted standard dice of the
facade run. The platform has no way to start a game from a custom position, so the test gives
the ruleset's ``initial_position`` the script's position while the services start the game;
``game.created`` carries that position, so everything after (loading, replay, export) needs
nothing patched.
"""

from __future__ import annotations

import copy
from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.services import export as export_service
from pbem.services import games as game_service
from pbem.web.api_tokens import create_token
from pbem.web.db import get_engine
from tests.games.aa.test_scripted_game_aa1941 import (
    OPTIONS,
    POSITION,
    RS,
    assert_story,
    facade_game,
    play_scripted,
)

HTTP_OPTIONS = {**OPTIONS, "dice": "low_luck"}
AXIS, ALLIES = ("germany", "japan"), ("ussr", "uk", "usa")


def start_stored_game(app: Flask, user_factory: Any, monkeypatch: Any) -> tuple[int, dict[str, str]]:
    """A stored, started game from ``POSITION``; returns its id and a bearer token per seat."""
    axis, allies = user_factory(display_name="Asse"), user_factory(display_name="Alleati")
    monkeypatch.setattr(RS, "initial_position", lambda options: copy.deepcopy(POSITION))
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=axis.id, ruleset_key="aa1941",
                                        title="Scripted 1941", options=HTTP_OPTIONS)
        for user, seats in ((axis, AXIS), (allies, ALLIES)):
            for seat in seats:
                game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=axis.id)
        tokens = {user.id: create_token(s, user.id, "script") for user in (axis, allies)}
    monkeypatch.undo()
    bearer = {seat: f"Bearer {tokens[user.id]}" for user, seats in ((axis, AXIS), (allies, ALLIES))
              for seat in seats}
    return game.id, bearer


def test_scripted_game_plays_through_the_http_api_and_replays_identically(app, client, user_factory,
                                                                          monkeypatch) -> None:
    game_id, bearer = start_stored_game(app, user_factory, monkeypatch)
    base = f"/api/v1/games/{game_id}"
    last_seq = client.get(base, headers={"Authorization": bearer["ussr"]}).get_json()["last_seq"]
    produced: list[dict[str, Any]] = []

    def submit(seat: str, order: dict[str, Any]) -> list[dict[str, Any]]:
        nonlocal last_seq
        response = client.post(f"{base}/orders", headers={"Authorization": bearer[seat]},
                               json={"seat": seat, "order": order, "expected_seq": last_seq})
        assert response.status_code == 201, (seat, order, response.get_json())
        body = response.get_json()
        last_seq = body["last_seq"]
        produced.extend(body["events"])
        return body["events"]

    play_scripted(facade_game(), submit)  # unit ids are read from the same starting position
    reference = facade_game()
    play_scripted(reference, reference.submit)

    summary = client.get(base, headers={"Authorization": bearer["usa"]}).get_json()
    assert summary["last_seq"] == last_seq
    assert [e["type"] for e in produced if e["type"] == "aa.game_won"] == ["aa.game_won"]
    assert client.post(f"{base}/orders", headers={"Authorization": bearer["ussr"]},
                       json={"seat": "ussr", "order": {"type": "end_phase"},
                             "expected_seq": last_seq}).status_code == 409  # the game is over

    doc = client.get(f"{base}/export", headers={"Authorization": bearer["germany"]}).get_json()
    assert export_service.verify_export(doc) == []  # hash chain, replay, fingerprint, dice
    log = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in doc["events"]]
    replayed = RS.replay(log)
    assert replayed.fingerprint() == doc["final"]["fingerprint"]
    assert replayed.result()["winner"] == "axis"
    assert_story(log, replayed.state)
    assert not [e for e in log if e["type"] == "dice.rolled"]  # low luck: every hit was certain
    # the same orders and the same outcomes: the same board as the facade run with scripted dice
    board = {k: v for k, v in replayed.state.items() if k != "options"}
    assert board == {k: v for k, v in reference.state.items() if k != "options"}
