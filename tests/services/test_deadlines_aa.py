"""The "act" deadline policy on the real A&A 1941 ruleset: the absent power's turn is played
with the safe default (no purchase, no moves, mobilize nothing, collect income)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlmodel import Session

from pbem.engine import load_ruleset
from pbem.notify.messages import render_row
from pbem.services import games
from pbem.services.deadlines import apply_deadlines
from pbem.store.models.games import Game
from pbem.store.models.outbox import ACT, GameNotifySettings
from pbem.web.db import get_engine
from tests.notify.race_games import T0, events, factory, rows


@pytest.fixture
def db(app):  # type: ignore[no-untyped-def]
    with Session(get_engine(app), expire_on_commit=False) as session:
        yield session


def test_act_policy_plays_an_absent_powers_turn_and_the_next_power_is_emailed(
        app, db, user_factory) -> None:  # type: ignore[no-untyped-def]
    seats = load_ruleset("aa1941").seats({})
    organiser = user_factory(email="olga@example.org", display_name="Olga")
    players = {s["id"]: user_factory(email=f"{s['id']}@example.org", display_name=s["name"],
                                     language="it", timezone="Europe/Rome") for s in seats}
    game = games.create_game(db, organiser_id=organiser.id, ruleset_key="aa1941",
                             title="Club 1941", options={}, deadline_hours=72)
    db.add(GameNotifySettings(game_id=game.id, policy=ACT, excused_misses=0))
    db.commit()
    for seat, user in players.items():
        games.join_game(db, game_id=game.id, user_id=user.id, seat=seat,
                        invite_token=game.invite_token)
    games.start_game(db, game_id=game.id, user_id=organiser.id, now=T0)
    first, second = seats[0]["id"], seats[1]["id"]
    db.expire_all()
    assert json.loads(db.get(Game, game.id).owed_seats) == [first]  # type: ignore[union-attr]

    assert apply_deadlines(factory(get_engine(app)), T0 + timedelta(hours=72)) == 1
    (record,) = events(db, game, "policy.")
    assert record["payload"]["reason"] == "nothing_submitted" and record["seat"] == first
    played = [e for e in events(db, game, "order") if e["seq"] > record["seq"]]
    assert played and all(e["payload"]["by"] == "policy:act" for e in played)
    assert all(e["seat"] == first for e in played)
    assert json.loads(db.get(Game, game.id).owed_seats) == [second]  # type: ignore[union-attr]

    notice_to = {r.user_id for r in rows(db, "deadline_acted")}
    assert notice_to == {organiser.id, *(u.id for u in players.values())}
    your_turn = rows(db, "your_turn")[-1]
    assert your_turn.user_id == players[second].id
    with app.app_context():
        render_row(db, your_turn)
    assert your_turn.subject == "Tocca a te in Club 1941"
    assert "Dalla tua ultima mossa:" in your_turn.text
    assert "La scadenza di Unione Sovietica è passata: il server ha giocato gli ordini predefiniti." in (
        your_turn.text)  # the reason (nothing to decide or not) is not told to other seats
