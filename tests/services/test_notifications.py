"""The order hook: outbox rows land with the order that causes them, and only then."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session

from pbem.engine import IllegalOrder
from pbem.services.notifications import reliability
from pbem.store.models.outbox import (
    DIGEST,
    LATE,
    NONE,
    ON_TIME,
    WEBHOOK,
    NotificationPreference,
    SeatDeadline,
)
from tests.notify.race_games import T0, add_user, context, play, rows, start_race


@pytest.fixture
def users(session: Session):  # type: ignore[no-untyped-def]
    return {n: add_user(session, n) for n in ("olga", "rita", "bruno")}


def test_game_start_emails_the_first_player_only(session, users) -> None:  # type: ignore[no-untyped-def]
    start_race(session, users)
    (row,) = rows(session, "your_turn")
    assert row.user_id == users["rita"].id and row.to_address == "rita@example.org"
    assert context(row)["seats"] == ["red"]
    assert context(row)["deadline"] == (T0 + timedelta(hours=48)).isoformat()


def test_turn_ending_queues_exactly_one_email_to_the_next_player(session, users) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users)
    play(session, game, users["rita"], "red", {"type": "step", "n": 2}, T0 + timedelta(hours=1))
    assert len(rows(session, "your_turn")) == 1  # a step does not change who owes
    play(session, game, users["rita"], "red", {"type": "end"}, T0 + timedelta(hours=2))
    turn_rows = rows(session, "your_turn")
    assert len(turn_rows) == 2
    latest = turn_rows[-1]
    assert latest.user_id == users["bruno"].id and context(latest)["seats"] == ["blue"]
    assert context(latest)["phases"] == ["move"]
    assert context(latest)["since_seq"] == 0 and context(latest)["up_to_seq"] == game.last_seq


def test_refused_order_queues_nothing(session, users) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users)
    before = len(rows(session))
    with pytest.raises(IllegalOrder):
        play(session, game, users["rita"], "red", {"type": "step", "n": 9}, T0)
    assert len(rows(session)) == before


def test_digest_and_none_players_get_no_your_turn_email(session, users) -> None:  # type: ignore[no-untyped-def]
    session.add(NotificationPreference(user_id=users["rita"].id, mode=DIGEST))
    session.add(NotificationPreference(user_id=users["bruno"].id, mode=NONE))
    session.commit()
    game = start_race(session, users)
    play(session, game, users["rita"], "red", {"type": "end"}, T0 + timedelta(hours=1))
    assert rows(session, "your_turn") == []


def test_game_over_emails_every_player(session, users) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users, goal=5)
    play(session, game, users["rita"], "red", {"type": "step", "n": 3}, T0)
    play(session, game, users["rita"], "red", {"type": "step", "n": 2}, T0)
    over = rows(session, "game_over")
    assert sorted(r.user_id for r in over) == sorted([users["rita"].id, users["bruno"].id])
    assert context(over[0])["winner"] == "red"


def test_webhook_post_is_queued_on_turn_change(session, users) -> None:  # type: ignore[no-untyped-def]
    game = start_race(
        session, users, settings={"webhook_url": "https://discord.example/api/webhooks/1/x"}
    )
    play(session, game, users["rita"], "red", {"type": "end"}, T0)
    posts = [r for r in rows(session) if r.channel == WEBHOOK]
    assert len(posts) == 2  # the start (red) and the turn change (blue)
    assert "Blue" in posts[-1].headers and '"content"' in posts[-1].headers


def test_reliability_counts_turns_on_time_and_late(session, users) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users, hours=24)
    play(session, game, users["rita"], "red", {"type": "end"}, T0 + timedelta(hours=1))
    play(session, game, users["bruno"], "blue", {"type": "end"}, T0 + timedelta(hours=30))
    assert reliability(session, users["rita"].id) == (1, 1)
    assert reliability(session, users["bruno"].id) == (0, 1)
    outcomes = {
        d.seat: d.outcome for d in session.exec(SeatDeadline.__table__.select()).all() if d.outcome
    }  # type: ignore[attr-defined]
    assert outcomes == {"red": ON_TIME, "blue": LATE}


def test_a_seat_that_still_owes_after_its_order_keeps_its_one_open_deadline(session, users) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users, hours=24)
    for hour in (1, 2):  # a step does not change who owes
        play(session, game, users["rita"], "red", {"type": "step", "n": 1}, T0 + timedelta(hours=hour))
    deadlines = [(d.seat, d.opened_seq, d.closed_at) for d in session.exec(SeatDeadline.__table__.select()).all()]  # type: ignore[attr-defined]
    assert deadlines == [("red", 1, None)]
    play(session, game, users["rita"], "red", {"type": "end"}, T0 + timedelta(hours=3))
    open_ = {d.seat for d in session.exec(SeatDeadline.__table__.select()).all() if d.closed_at is None}  # type: ignore[attr-defined]
    assert open_ == {"blue"}
