"""Issue 10: every player is emailed when a game starts (not only the first to play), and a
defender asked for casualties is told which battle and what to choose."""

from __future__ import annotations

import json

from sqlmodel import Session, select

from pbem.notify.messages import render_row
from pbem.store.models.outbox import OutboxMessage
from pbem.web.db import get_engine
from tests.web.test_board import aa_game, form_post
from tests.web.test_play import as_user, last_seq, post_order


def outbox(app) -> list[OutboxMessage]:  # type: ignore[no-untyped-def]
    with Session(get_engine(app), expire_on_commit=False) as s:
        return list(s.exec(select(OutboxMessage).order_by(OutboxMessage.id)).all())


def rendered(app, row: OutboxMessage) -> OutboxMessage:  # type: ignore[no-untyped-def]
    with Session(get_engine(app), expire_on_commit=False) as s, app.app_context():
        row = s.get(OutboxMessage, row.id)
        render_row(s, row)
        return row


def test_every_player_hears_that_the_game_started(app, user_factory) -> None:  # type: ignore[no-untyped-def]
    _game_id, allies, axis = aa_game(app, user_factory)
    rows = outbox(app)
    turn = [r for r in rows if r.kind == "your_turn"]
    started = [r for r in rows if r.kind == "game_started"]
    assert [r.user_id for r in turn] == [allies.id]  # the Soviet Union plays first
    assert [r.user_id for r in started] == [axis.id]  # the other player is told too
    mail = rendered(app, started[0])
    assert mail.subject == "Barbarossa has started"
    assert "Germany, Japan" in mail.text and "Playing now: Soviet Union" in mail.text


def test_the_defenders_email_names_the_battle_and_the_choice(app, client, user_factory) -> None:  # type: ignore[no-untyped-def]
    game_id, allies, axis = aa_game(app, user_factory, {"ask_defender": True, "dice": "low_luck"})
    as_user(client, allies)
    form_post(client, app, game_id, "ussr", kind="end_phase")
    caucasus = [u["id"] for u in json.loads(client.get(f"/api/v1/games/{game_id}").get_data(as_text=True))
                ["view"]["units"]["Caucasus"] if u["type"] in ("infantry", "tank")]
    assert post_order(client, game_id, "ussr", {"type": "move", "units": caucasus, "route": ["Caucasus", "Ukraine"]},
                      last_seq(app, game_id)).status_code == 302
    form_post(client, app, game_id, "ussr", kind="end_phase")
    form_post(client, app, game_id, "ussr", kind="battle", place="Ukraine")  # 1 hit on 3 infantry and 2 tanks
    mails = [r for r in outbox(app) if r.kind == "your_turn" and r.user_id == axis.id]
    assert mails, [(r.kind, r.user_id) for r in outbox(app)]
    mail = rendered(app, mails[-1])
    assert "Germany: choose 1 casualty in Ukraine" in mail.text
    assert "To decide:" in mail.html
