"""Submitting orders through the service: checks, one transaction, snapshots, concurrency."""

from __future__ import annotations

import json
import threading

import pytest
from sqlmodel import Session, select

from pbem.engine import IllegalOrder, NotYourTurn, load_ruleset
from pbem.services import games, orders
from pbem.services.errors import Conflict, Forbidden, StaleGame
from pbem.store import events as log
from pbem.store import snapshots
from pbem.store.models.games import Game, Snapshot

STEP = {"type": "step", "n": 2}


def submit(session, game, users, name, seat, order, seq=None):
    return orders.submit_order(
        session,
        game_id=game.id,
        user_id=users[name].id,
        seat=seat,
        order=order,
        expected_seq=game.last_seq if seq is None else seq,
    )


def test_start_logs_who_holds_each_seat(session: Session, game: Game, users) -> None:
    joined = [e for e in log.load(session, game.id) if e["type"] == "seat.joined"]
    assert [(e["payload"]["seat"], e["payload"]["user"], e["payload"]["name"]) for e in joined] == [
        ("red", users["rita"].id, "Rita"),
        ("blue", users["bruno"].id, "Bruno"),
    ]
    created = log.load(session, game.id)[0]
    assert created["payload"]["version"] == game.ruleset_version == "1"
    assert created["payload"]["game_id"] == str(game.id)
    assert json.loads(game.owed_seats) == ["red"] and game.status == "active"


def test_submit_appends_the_events_and_updates_the_game_row(
    session: Session, game: Game, users
) -> None:
    before = game.last_seq
    result = submit(session, game, users, "rita", "red", STEP)
    assert [e["type"] for e in result.events] == ["order", "race.stepped"]
    assert result.last_seq == before + 2
    session.expire_all()
    row = session.get(Game, game.id)
    assert row.last_seq == result.last_seq
    assert [e["seq"] for e in log.load(session, game.id, before)] == [before + 1, before + 2]
    rows = log.load_rows(session, game.id, before)
    assert all(r.user_id == users["rita"].id for r in rows)


def test_stale_seq_gets_409_with_the_current_seq(session: Session, game: Game, users) -> None:
    seq = game.last_seq
    submit(session, game, users, "rita", "red", STEP, seq)
    with pytest.raises(StaleGame) as err:
        submit(session, game, users, "rita", "red", STEP, seq)
    assert err.value.status == 409
    assert f"now at event {seq + 2}" in err.value.message
    # translatable: the web layer shows gettext(template) % params
    assert err.value.template == "The game moved on: it is now at event %(seq)s."
    assert err.value.params == {"seq": seq + 2} and err.value.last_seq == seq + 2


def test_non_owing_seat_is_refused_with_whose_turn_it_is(
    session: Session, game: Game, users
) -> None:
    seq = game.last_seq
    with pytest.raises(NotYourTurn) as err:
        submit(session, game, users, "bruno", "blue", STEP)
    assert err.value.status == 403 and "Red's turn (move)" in err.value.message
    assert session.get(Game, game.id).last_seq == seq == len(log.load(session, game.id))


def test_non_holder_is_refused(session: Session, game: Game, users) -> None:
    with pytest.raises(Forbidden) as err:
        submit(session, game, users, "carla", "red", STEP)
    assert err.value.status == 403 and "'red'" in err.value.message
    with pytest.raises(Forbidden):
        submit(session, game, users, "bruno", "red", STEP)


def test_illegal_order_writes_nothing_and_names_the_rule(
    session: Session, game: Game, users
) -> None:
    seq = game.last_seq
    with pytest.raises(IllegalOrder) as err:
        submit(session, game, users, "rita", "red", {"type": "step", "n": 9})
    assert err.value.rule_id == "RACE-1"
    session.expire_all()
    assert session.get(Game, game.id).last_seq == seq
    assert len(log.load(session, game.id)) == seq


def test_undo_is_an_event_and_takes_back_the_order(session: Session, game: Game, users) -> None:
    submit(session, game, users, "rita", "red", STEP)
    result = orders.undo(
        session, game_id=game.id, user_id=users["rita"].id, seat="red", expected_seq=game.last_seq
    )
    assert [e["type"] for e in result.events] == ["undo"]
    engine = snapshots.load_game(session, game)
    assert engine.state["pos"]["red"] == 0
    assert log.load(session, game.id)[-1]["type"] == "undo"


def test_paused_game_refuses_orders_until_resumed(session: Session, game: Game, users) -> None:
    games.pause_game(session, game_id=game.id, user_id=users["olga"].id)
    with pytest.raises(Conflict) as err:
        submit(session, game, users, "rita", "red", STEP)
    assert "paused" in err.value.message
    games.resume_game(session, game_id=game.id, user_id=users["olga"].id)
    assert submit(session, game, users, "rita", "red", STEP).events


def test_deadline_policy_acts_for_a_seat_without_a_user(session: Session, game: Game) -> None:
    result = orders.submit_order(
        session,
        game_id=game.id,
        user_id=None,
        seat="red",
        order={"type": "end"},
        expected_seq=game.last_seq,
        by="policy:act",
    )
    assert result.events[0]["payload"]["by"] == "policy:act"
    assert json.loads(session.get(Game, game.id).owed_seats) == ["blue"]
    with pytest.raises(Forbidden):
        orders.submit_order(
            session,
            game_id=game.id,
            user_id=None,
            seat="blue",
            order={"type": "end"},
            expected_seq=game.last_seq,
        )


def test_turn_boundary_stores_a_snapshot_that_resumes_equal_to_replay(
    session: Session, game: Game, users
) -> None:
    submit(session, game, users, "rita", "red", STEP)
    start_snaps = {s.seq for s in snapshots.all_for(session, game.id)}
    submit(session, game, users, "rita", "red", {"type": "end"})
    snaps = {s.seq for s in snapshots.all_for(session, game.id)}
    assert len(snaps - start_snaps) == 1 and max(snaps) == game.last_seq
    submit(session, game, users, "bruno", "blue", STEP)
    fast = snapshots.load_game(session, game)
    slow = load_ruleset("race").replay(log.load(session, game.id))
    assert fast.fingerprint() == slow.fingerprint()


def test_reaching_the_goal_finishes_the_game_with_its_result(
    session: Session, make_game, users
) -> None:
    game = make_game(goal=5)
    submit(session, game, users, "rita", "red", {"type": "step", "n": 3})
    submit(session, game, users, "rita", "red", {"type": "step", "n": 3})
    session.expire_all()
    row = session.get(Game, game.id)
    assert row.status == "finished" and json.loads(row.result)["winner"] == "red"
    assert json.loads(row.owed_seats) == []
    with pytest.raises(Conflict):
        submit(session, row, users, "bruno", "blue", STEP)
    assert session.exec(
        select(Snapshot).where(Snapshot.game_id == game.id, Snapshot.seq == row.last_seq)
    ).first()


def test_two_threads_submitting_at_one_seq_store_exactly_one(db_engine, game: Game, users) -> None:
    barrier = threading.Barrier(2)
    outcomes: list[str] = []
    seq = game.last_seq

    def player(n: int) -> None:
        with Session(db_engine, expire_on_commit=False) as s:
            barrier.wait()
            try:
                orders.submit_order(
                    s,
                    game_id=game.id,
                    user_id=users["rita"].id,
                    seat="red",
                    order={"type": "step", "n": n},
                    expected_seq=seq,
                )
                outcomes.append("stored")
            except StaleGame:
                outcomes.append("stale")

    threads = [threading.Thread(target=player, args=(n,)) for n in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(outcomes) == ["stale", "stored"]
    with Session(db_engine) as s:
        stored = log.load(s, game.id, seq)
        assert [e["type"] for e in stored] == ["order", "race.stepped"]
        assert s.get(Game, game.id).last_seq == seq + 2
        assert log.verify_chain(log.load_rows(s, game.id)) is None


def test_salt_is_logged_for_the_next_dice_period(session: Session, game: Game, users) -> None:
    result = orders.add_salt(
        session, game_id=game.id, user_id=users["rita"].id, seat="red", salt="lucky"
    )
    assert [e["type"] for e in result.events] == ["dice.salted"]
    with pytest.raises(Forbidden):
        orders.add_salt(session, game_id=game.id, user_id=users["carla"].id, seat="red", salt="x")


def test_the_newest_snapshots_and_one_checkpoint_per_stretch_are_kept(session: Session, game: Game, users,
                                                                     monkeypatch) -> None:
    monkeypatch.setattr(snapshots, "CHECKPOINT_EVERY", 10)
    made = []
    for _ in range(snapshots.KEEP + 8):
        for name, seat in (("rita", "red"), ("bruno", "blue")):
            submit(session, game, users, name, seat, {"type": "end"})
            made.append(game.last_seq)
    kept = [s.seq for s in snapshots.all_for(session, game.id)]
    newest = sorted(set(made))[-snapshots.KEEP:]
    assert kept[-snapshots.KEEP:] == newest and kept[-1] == game.last_seq
    older = kept[:-snapshots.KEEP]
    assert older and len({seq // 10 for seq in older}) == len(older)  # one per stretch of 10 events
    assert len(kept) < len(set(made))


def test_a_failure_late_in_the_use_case_leaves_no_half_written_change(
        session: Session, game: Game, users, monkeypatch) -> None:
    """Events, game columns and snapshot commit together or not at all."""
    seq, snaps = game.last_seq, len(snapshots.all_for(session, game.id))

    def broken_hook(*args, **kwargs):
        raise RuntimeError("outbox down")

    monkeypatch.setattr(orders.notifications, "after_events", broken_hook)
    with pytest.raises(RuntimeError):
        submit(session, game, users, "rita", "red", {"type": "end"})
    session.expire_all()
    assert session.get(Game, game.id).last_seq == seq
    assert len(log.load(session, game.id)) == seq
    assert len(snapshots.all_for(session, game.id)) == snaps
