"""The scripted Anniversary games (``scripted_game.py``) through the HTTP API, one per scenario.

The game is stored by the services and every order goes through ``POST
/api/v1/games/<id>/orders`` with a personal token, one player per side. The server's dice are
replaced by the script's faces: the server builds a new dice source for every request, so each
one reads the same shared tape (``TapeDice``). The facade plays the same script alongside, to
read the unit ids and the seat owing each order; at the end the stored log must give the
facade's board and events, replay to the exported fingerprint and re-adjudicate without a
divergence (``pbem.engine.readjudicate``).
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from sqlmodel import Session

from pbem.engine import ScriptedDice
from pbem.engine.readjudicate import readjudicate
from pbem.services import dice as dice_service
from pbem.services import export as export_service
from pbem.services import games as game_service
from pbem.web.api_tokens import create_token
from pbem.web.db import get_engine
from tests.games.anniversary.scripted_game import DICE, RS, play

AXIS, ALLIES = ("germany", "japan", "italy"), ("ussr", "uk", "usa", "china")


class TapeDice(ScriptedDice):
    """Scripted dice whose faces and period live on one shared tape: the server makes a new source
    for every request, and scripted dice leave no period record in the log to bind to."""

    def __init__(self, tape: dict[str, Any]) -> None:
        self.tape, self.game_id = tape, "test"

    @property  # type: ignore[override]
    def faces(self) -> list[int]:
        return list(self.tape["faces"])

    @faces.setter
    def faces(self, faces: list[int]) -> None:
        self.tape["faces"] = list(faces)

    @property  # type: ignore[override]
    def period(self) -> int:
        return int(self.tape["period"])

    @period.setter
    def period(self, period: int) -> None:
        self.tape["period"] = period

    def bind(self, dice_meta: dict[str, Any]) -> None:
        """The tape, not the log, knows the period."""


def start_stored_game(app: Flask, user_factory: Any, scenario: str) -> tuple[int, dict[str, str]]:
    """A stored, started game of ``scenario``; returns its id and a bearer token per seat and for
    the organiser, who holds no seat (``"organiser"``: only it may export a running game whose
    information is not open)."""
    axis, allies = user_factory(display_name="Asse"), user_factory(display_name="Alleati")
    organiser = user_factory(display_name="Arbitro")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key="anniversary",
                                        title=f"Scripted Anniversary {scenario}",
                                        options={"scenario": scenario})
        for user, seats in ((axis, AXIS), (allies, ALLIES)):
            for seat in seats:
                game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        game_service.start_game(s, game_id=game.id, user_id=organiser.id)
        tokens = {user.id: create_token(s, user.id, "script") for user in (axis, allies, organiser)}
    bearer = {seat: f"Bearer {tokens[user.id]}"
              for user, seats in ((axis, AXIS), (allies, ALLIES), (organiser, ("organiser",))) for seat in seats}
    return game.id, bearer


def _rules_events(log: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    """What the rules decided: their events and the dice rolled (the platform's records aside)."""
    return [(e["type"], e["payload"]) for e in log if e["type"].startswith("aa.") or e["type"] == "dice.rolled"]


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_AAE_scripted_game_plays_through_the_http_api_and_replays_identically(
        app: Flask, client: Any, user_factory: Any, monkeypatch: Any, scenario: str) -> None:
    tape: dict[str, Any] = {"faces": list(DICE[scenario]), "period": 1}
    monkeypatch.setattr(dice_service, "dice_for", lambda session, game_row: TapeDice(tape))
    game_id, bearer = start_stored_game(app, user_factory, scenario)
    base = f"/api/v1/games/{game_id}"
    last_seq = client.get(base, headers={"Authorization": bearer["ussr"]}).get_json()["last_seq"]
    sent = 0

    def submit(seat: str, order: dict[str, Any]) -> None:
        nonlocal last_seq, sent
        response = client.post(f"{base}/orders", headers={"Authorization": bearer[seat]},
                               json={"seat": seat, "order": order, "expected_seq": last_seq})
        assert response.status_code == 201, (seat, order, response.get_json())
        last_seq, sent = response.get_json()["last_seq"], sent + 1

    reference = play(scenario, echo=submit)
    assert tape["faces"] == []  # the server rolled every scripted die, as the facade did

    doc = client.get(f"{base}/export", headers={"Authorization": bearer["organiser"]}).get_json()
    assert doc["final"]["seq"] == last_seq
    # the tape's faces are not derived from committed seeds: only the dice audit may object
    assert [p for p in export_service.verify_export(doc) if not p.startswith("dice:")] == []
    log = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in doc["events"]]
    replayed = RS.replay(log)
    assert replayed.fingerprint() == doc["final"]["fingerprint"]
    assert replayed.state == reference.state
    assert _rules_events(log) == _rules_events(reference.log())
    outcome = readjudicate(RS, log)
    assert not outcome.diverged and outcome.orders == sent, outcome.summary()
