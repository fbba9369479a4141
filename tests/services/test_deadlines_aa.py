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
    assert "La scadenza dell'Unione Sovietica è passata: il server ha giocato gli ordini predefiniti." in (
        your_turn.text)  # the reason (nothing to decide or not) is not told to other seats


def test_AA41_CM_07_act_policy_clears_transports_left_alone_and_plays_the_turn_on(
        app, db, user_factory) -> None:  # type: ignore[no-untyped-def]
    """Germany's player sent a transport into a battle, then took its escort away (the combat move
    cannot end: AA41-UNIT-TRN-02) and missed the deadline: the default takes back the last move,
    ends combat move and plays Germany's turn to its end; nobody waits."""
    from pbem.services.orders import submit_order
    from pbem.store import snapshots

    seats = load_ruleset("aa1941").seats({})
    organiser = user_factory(email="olga@example.org", display_name="Olga")
    players = {s["id"]: user_factory(email=f"{s['id']}@example.org", display_name=s["name"]) for s in seats}
    game = games.create_game(db, organiser_id=organiser.id, ruleset_key="aa1941",
                             title="Club 1941", options={}, deadline_hours=72)
    db.add(GameNotifySettings(game_id=game.id, policy=ACT, excused_misses=0))
    db.commit()
    for seat, user in players.items():
        games.join_game(db, game_id=game.id, user_id=user.id, seat=seat, invite_token=game.invite_token)
    position = {"round": 2, "power": "germany", "phase": "combat_move", "owners": {},
                "units": {"SZ 6": [{"type": "transport", "owner": "germany"}],
                          "SZ 5": [{"type": "battleship", "owner": "germany"},
                                   {"type": "destroyer", "owner": "uk"}],
                          "Germany": [{"type": "infantry", "owner": "germany"}],
                          "Russia": [{"type": "infantry", "owner": "ussr"}]}}
    games.start_game(db, game_id=game.id, user_id=organiser.id, now=T0, position=position)
    engine = snapshots.load_game(db, db.get(Game, game.id))
    state = engine.state
    transport = next(u["id"] for u in state["units"]["SZ 6"])
    battleship = next(u["id"] for u in state["units"]["SZ 5"] if u["owner"] == "germany")
    for order in ({"type": "move", "units": [transport], "route": ["SZ 6", "SZ 5"]},
                  {"type": "move", "units": [battleship], "route": ["SZ 5", "SZ 6"]}):
        row = db.get(Game, game.id)
        submit_order(db, game_id=game.id, user_id=players["germany"].id, seat="germany", order=order,
                     expected_seq=row.last_seq, now=T0 + timedelta(hours=1))
    db.expire_all()

    assert apply_deadlines(factory(get_engine(app)), T0 + timedelta(hours=73)) == 1
    db.expire_all()
    (record,) = events(db, game, "policy.")
    assert record["type"] == "policy.acted"
    after = [e for e in events(db, game) if e["seq"] > record["seq"] and e["type"] in ("order", "undo")]
    assert after[0]["type"] == "undo" and after[0]["seat"] == "germany"  # the escort's move taken back
    assert after[1]["payload"]["order"] == {"type": "end_phase"} and after[1]["payload"]["by"] == "policy:act"
    assert "germany" not in json.loads(db.get(Game, game.id).owed_seats)  # type: ignore[union-attr]
    engine = snapshots.load_game(db, db.get(Game, game.id))
    assert engine.state["power"] != "germany"
