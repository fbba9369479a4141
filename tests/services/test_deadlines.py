"""Reminders before a deadline and the deadline policies after it, on a controlled clock."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session

from pbem.services.deadlines import apply_deadlines, send_digests, send_reminders
from pbem.services.notifications import reliability
from pbem.store.models.games import Game
from pbem.store.models.outbox import (
    ACT,
    DIGEST,
    EXTEND,
    WAIT,
    ExcusedMiss,
    NotificationPreference,
    Vacation,
)
from tests.notify.race_games import T0, add_user, context, events, factory, play, rows, start_race

H = timedelta(hours=1)


@pytest.fixture
def users(session: Session):  # type: ignore[no-untyped-def]
    return {n: add_user(session, n) for n in ("olga", "rita", "bruno")}


@pytest.fixture
def sessions(db_engine):  # type: ignore[no-untyped-def]
    return factory(db_engine)


def _deadline(session: Session, game: Game):  # type: ignore[no-untyped-def]
    session.commit()  # end the read transaction: see what other sessions committed
    session.expire_all()
    return session.get(Game, game.id).deadline_at  # type: ignore[union-attr]


def test_reminders_at_24_and_2_hours_before_the_deadline(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    start_race(session, users, hours=48)
    sent = [send_reminders(sessions, T0 + h * H) for h in (1, 23, 24, 25, 45, 46, 47, 48)]
    assert sent == [0, 0, 1, 0, 0, 1, 0, 0]
    reminders = rows(session, "reminder")
    assert [context(r)["hours"] for r in reminders] == [24, 2]
    assert {r.user_id for r in reminders} == {users["rita"].id}


def test_player_chosen_reminder_hours(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    session.add(NotificationPreference(user_id=users["rita"].id, reminder_hours="[12]"))
    session.commit()
    start_race(session, users, hours=48)
    assert [send_reminders(sessions, T0 + h * H) for h in (24, 36, 46)] == [0, 1, 0]


def test_worker_down_sends_only_the_latest_due_reminder(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    start_race(session, users, hours=48)
    assert send_reminders(sessions, T0 + 47 * H) == 1
    assert [context(r)["hours"] for r in rows(session, "reminder")] == [2]


def test_vacation_suppresses_reminders(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    session.add(Vacation(user_id=users["rita"].id, starts_at=T0, ends_at=T0 + 72 * H))
    session.commit()
    start_race(session, users, hours=48)
    assert [send_reminders(sessions, T0 + h * H) for h in (24, 46)] == [0, 0]
    assert rows(session, "reminder") == []


def test_vacation_moves_the_deadline_instead_of_missing_it(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    session.add(Vacation(user_id=users["rita"].id, starts_at=T0, ends_at=T0 + 72 * H))
    session.commit()
    game = start_race(session, users, hours=48, settings={"policy": ACT, "excused_misses": 0})
    assert apply_deadlines(sessions, T0 + 49 * H) == 1
    assert _deadline(session, game) == T0 + 120 * H  # vacation end + one turn
    assert [e["type"] for e in events(session, game, "policy.")] == ["policy.vacation"]


def test_act_policy_plays_the_default_and_notifies_everyone(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users, hours=48, settings={"policy": ACT, "excused_misses": 0})
    assert apply_deadlines(sessions, T0 + 47 * H) == 0
    assert apply_deadlines(sessions, T0 + 48 * H) == 1
    (record,) = events(session, game, "policy.")
    assert record["type"] == "policy.acted" and record["seat"] == "red"
    assert record["payload"]["reason"] == "nothing_submitted" and record["payload"]["policy"] == ACT
    orders = [e for e in events(session, game, "order") if e["seq"] > record["seq"]]
    assert [(o["payload"]["order"], o["payload"]["by"]) for o in orders] == [
        ({"type": "end"}, "policy:act")]
    session.commit()  # end the read transaction: see what other sessions committed
    session.expire_all()
    assert session.get(Game, game.id).owed_seats == '["blue"]'  # type: ignore[union-attr]
    notices = rows(session, "deadline_acted")
    assert sorted(r.user_id for r in notices) == sorted(u.id for u in users.values())
    assert rows(session, "your_turn")[-1].user_id == users["bruno"].id
    assert _deadline(session, game) == T0 + 96 * H
    assert reliability(session, users["rita"].id) == (0, 1)


def test_act_policy_reports_orders_started_but_not_ended(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users, hours=48, settings={"policy": ACT, "excused_misses": 0})
    play(session, game, users["rita"], "red", {"type": "step", "n": 1}, T0 + H)
    apply_deadlines(sessions, T0 + 49 * H)
    (record,) = events(session, game, "policy.")
    assert record["payload"]["reason"] == "orders_started"


def test_first_miss_is_excused_once_then_the_policy_applies(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users, hours=48, settings={"policy": ACT, "excused_misses": 1})
    assert apply_deadlines(sessions, T0 + 48 * H) == 1
    (excused,) = events(session, game, "policy.")
    assert excused["type"] == "policy.excused"
    assert excused["payload"]["used"] == 1 and excused["payload"]["allowed"] == 1
    assert _deadline(session, game) == T0 + 96 * H
    assert {r.user_id for r in rows(session, "deadline_excused")} == {
        users["olga"].id, users["rita"].id}
    # the extended deadline passes too: now the policy acts
    apply_deadlines(sessions, T0 + 96 * H)
    assert [e["type"] for e in events(session, game, "policy.")] == [
        "policy.excused", "policy.acted"]
    assert session.exec(ExcusedMiss.__table__.select()).first().used == 1  # type: ignore[attr-defined,union-attr]


def test_wait_policy_tells_the_organiser_and_clears_the_deadline(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users, hours=48, settings={"policy": WAIT, "excused_misses": 0})
    apply_deadlines(sessions, T0 + 48 * H)
    assert [e["type"] for e in events(session, game, "policy.")] == ["policy.waited"]
    assert [r.user_id for r in rows(session, "deadline_waited")] == [users["olga"].id]
    assert _deadline(session, game) is None
    assert apply_deadlines(sessions, T0 + 100 * H) == 0


def test_extend_policy_extends_once_then_waits(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    game = start_race(session, users, hours=48,
                      settings={"policy": EXTEND, "extend_hours": 12, "excused_misses": 0})
    apply_deadlines(sessions, T0 + 48 * H)
    assert _deadline(session, game) == T0 + 60 * H
    apply_deadlines(sessions, T0 + 60 * H)
    assert [e["type"] for e in events(session, game, "policy.")] == [
        "policy.extended", "policy.waited"]


def test_paused_game_is_left_alone(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    from pbem.services.games import pause_game

    game = start_race(session, users, hours=48, settings={"policy": ACT, "excused_misses": 0})
    pause_game(session, game_id=game.id, user_id=users["olga"].id, now=T0 + H)
    assert apply_deadlines(sessions, T0 + 100 * H) == 0
    assert send_reminders(sessions, T0 + 47 * H) == 0
    assert events(session, game, "policy.") == []


def test_daily_digest_lists_waiting_games_once_a_day(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    session.add(NotificationPreference(user_id=users["rita"].id, mode=DIGEST))
    session.commit()
    game = start_race(session, users, hours=48)
    assert send_digests(sessions, T0 + H) == 1
    assert send_digests(sessions, T0 + 5 * H) == 0
    assert send_digests(sessions, T0 + 26 * H) == 1
    (first, _second) = rows(session, "digest")
    assert context(first)["items"][0]["game_id"] == game.id
    assert first.user_id == users["rita"].id


def test_act_policy_that_cannot_act_falls_back_to_waiting(session, users, sessions,
                                                          monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.rulesets.race import Race

    game = start_race(session, users, hours=48, settings={"policy": ACT, "excused_misses": 0})
    monkeypatch.setattr(Race, "default_order", lambda self, state, seat: {"type": "step", "n": 9})
    apply_deadlines(sessions, T0 + 48 * H)
    records = events(session, game, "policy.")
    assert [r["type"] for r in records] == ["policy.acted", "policy.waited"]
    assert records[1]["payload"]["reason"] == "default_failed: IllegalOrder"
    assert rows(session, "deadline_acted") == []
    assert [r.user_id for r in rows(session, "deadline_waited")] == [users["olga"].id]
    assert apply_deadlines(sessions, T0 + 49 * H) == 0  # no retry loop


def test_daily_deadline_comes_back_after_a_pause(session, users, sessions) -> None:  # type: ignore[no-untyped-def]
    from datetime import UTC, datetime

    from pbem.services.games import pause_game, resume_game

    settings = {"deadline_mode": "daily", "deadline_time": "21:00",
                "deadline_zone": "Europe/Rome", "policy": WAIT}
    game = start_race(session, users, hours=None, settings=settings)
    assert _deadline(session, game) == datetime(2026, 1, 12, 20, 0, tzinfo=UTC)  # 21:00 CET
    pause_game(session, game_id=game.id, user_id=users["olga"].id, now=T0 + H)
    resume_game(session, game_id=game.id, user_id=users["olga"].id, now=T0 + 30 * H)
    assert _deadline(session, game) is None
    apply_deadlines(sessions, T0 + 30 * H)
    assert _deadline(session, game) == datetime(2026, 1, 14, 20, 0, tzinfo=UTC)
    assert events(session, game, "policy.") == []
