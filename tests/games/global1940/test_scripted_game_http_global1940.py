"""The scripted Global 1940 game (``scripted_game.py``) through the HTTP API.

The game is stored by the services and every order, the defenders' scramble and kamikaze
decisions included, goes through ``POST /api/v1/games/<id>/orders`` with a personal token, one
player per side. The server's dice are replaced by the script's faces (``TapeDice``: the server
builds a new dice source for every request, so each one reads the same shared tape). The facade
plays the same script alongside, to read the unit ids and the seat owing each order; at the end
the stored log must give the facade's board and events, replay to the exported fingerprint and
re-adjudicate without a divergence (``pbem.engine.readjudicate``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlmodel import Session

from pbem.engine.readjudicate import readjudicate
from pbem.services import dice as dice_service
from pbem.services import export as export_service
from pbem.services import games as game_service
from pbem.web.api_tokens import create_token
from pbem.web.db import get_engine
from tests.games.anniversary.test_scripted_game_http_anniversary import TapeDice
from tests.games.global1940.facade import RS
from tests.games.global1940.scripted_game import DICE, play

AXIS, ALLIES = ("germany", "japan", "italy"), ("ussr", "usa", "china", "uk", "anzac", "france")
#: the events that show each scripted item happened on the server too
ITEMS = ("aa.g40_war_declared", "aa.g40_neutral_attacked", "aa.scrambled", "aa.kamikaze",
         "aa.installation_raid", "aa.g40_repaired", "aa.g40_income_collected")


def start_stored_game(app: Flask, user_factory: Any) -> tuple[int, dict[str, str]]:
    """A stored, started Global 1940 game; its id and a bearer token per seat and for the
    organiser (``"organiser"``, who holds no seat and may export the running game)."""
    axis, allies = user_factory(display_name="Asse"), user_factory(display_name="Alleati")
    organiser = user_factory(display_name="Arbitro")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key="global1940",
                                        title="Scripted Global 1940", options={})
        assert game.id is not None
        game_id = game.id
        for user, seats in ((axis, AXIS), (allies, ALLIES)):
            for seat in seats:
                game_service.join_game(s, game_id=game_id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game_id, user_id=organiser.id)
        tokens = {user.id: create_token(s, user.id, "script") for user in (axis, allies, organiser)}
    bearer = {seat: f"Bearer {tokens[user.id]}"
              for user, seats in ((axis, AXIS), (allies, ALLIES), (organiser, ("organiser",))) for seat in seats}
    return game_id, bearer


def _rules_events(log: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    """What the rules decided: their events and the dice rolled (the platform's records aside)."""
    return [(e["type"], e["payload"]) for e in log if e["type"].startswith("aa.") or e["type"] == "dice.rolled"]


def test_G40_SEQ_01_scripted_game_plays_through_the_http_api_and_replays_identically(
        app: Flask, client: Any, user_factory: Any, monkeypatch: Any) -> None:
    tape: dict[str, Any] = {"faces": list(DICE), "period": 1}
    monkeypatch.setattr(dice_service, "dice_for", lambda session, game_row: TapeDice(tape))
    game_id, bearer = start_stored_game(app, user_factory)
    base = f"/api/v1/games/{game_id}"
    last_seq = client.get(base, headers={"Authorization": bearer["uk"]}).get_json()["last_seq"]
    sent: list[tuple[str, str]] = []

    def submit(seat: str, order: dict[str, Any]) -> None:
        nonlocal last_seq
        response = client.post(f"{base}/orders", headers={"Authorization": bearer[seat]},
                               json={"seat": seat, "order": order, "expected_seq": last_seq})
        assert response.status_code == 201, (seat, order, response.get_json())
        last_seq = response.get_json()["last_seq"]
        sent.append((seat, order["type"]))

    reference = play(echo=submit)
    assert tape["faces"] == []  # the server rolled every scripted die, as the facade did
    assert ("uk", "defend") in sent and ("japan", "defend") in sent and ("uk", "repair") in sent

    doc = client.get(f"{base}/export", headers={"Authorization": bearer["organiser"]}).get_json()
    assert doc["final"]["seq"] == last_seq
    # the tape's faces are not derived from committed seeds: only the dice audit may object
    assert [p for p in export_service.verify_export(doc) if not p.startswith("dice:")] == []
    log = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in doc["events"]]
    assert {e["type"] for e in log} >= set(ITEMS)
    replayed = RS.replay(log)
    assert replayed.fingerprint() == doc["final"]["fingerprint"]
    assert replayed.state == reference.state
    assert _rules_events(log) == _rules_events(reference.log())
    outcome = readjudicate(RS, log)
    assert not outcome.diverged and outcome.orders == len(sent), outcome.summary()
