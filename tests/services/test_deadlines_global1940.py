"""The "act" deadline policy on Global 1940: an absent Germany's turn is played with the safe
default (no purchase, no declaration, no moves, income collected) and the Soviet player's page
tells it, in Italian, as sentences."""

from __future__ import annotations

import json
from datetime import timedelta

from sqlmodel import Session

from pbem.engine import load_ruleset
from pbem.services import games
from pbem.services.deadlines import apply_deadlines
from pbem.store.models.games import Game
from pbem.store.models.outbox import ACT, GameNotifySettings
from pbem.web.db import get_engine
from tests.i18n_leaks import english_in, visible_text
from tests.notify.race_games import T0, events, factory
from tests.web.test_play import as_user


def test_G40_the_act_policy_plays_an_absent_germany_and_the_page_tells_it(app, client, user_factory) -> None:
    seats = load_ruleset("global1940").seats({})
    organiser = user_factory(email="olga@example.org", display_name="Olga")
    players = {s["id"]: user_factory(email=f"{s['id']}@example.org", display_name=f"Giocatore {s['id']}",
                                     language="it") for s in seats}
    with Session(get_engine(app), expire_on_commit=False) as db:
        game = games.create_game(db, organiser_id=organiser.id, ruleset_key="global1940", title="Globale",
                                 options={"dice": "low_luck"}, deadline_hours=72)
        db.add(GameNotifySettings(game_id=game.id, policy=ACT, excused_misses=0))
        db.commit()
        for seat, user in players.items():
            games.join_game(db, game_id=game.id, user_id=user.id, seat=seat, invite_token=game.invite_token)
        games.start_game(db, game_id=game.id, user_id=organiser.id, now=T0)
        assert apply_deadlines(factory(get_engine(app)), T0 + timedelta(hours=72)) == 1
        db.expire_all()
        assert json.loads(db.get(Game, game.id).owed_seats) == ["ussr"]  # type: ignore[union-attr]
        played = [e for e in events(db, game, "order")]
        assert played and all(e["payload"]["by"] == "policy:act" and e["seat"] == "germany" for e in played)
        assert any(e["type"] == "aa.g40_income_collected" for e in events(db, game, "aa."))
    app.config["DEFAULT_LANGUAGE"] = "it"
    page = visible_text(as_user(client, players["ussr"]).get(f"/games/{game.id}").get_data(as_text=True))
    history = visible_text(client.get(f"/games/{game.id}/history?from=1").get_data(as_text=True))
    assert "Germania incassa" in history, history[-2000:]
    for text in (page, history):
        assert not english_in(text), english_in(text)
