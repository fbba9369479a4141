"""``verify_game``: chain, replay from scratch, denormalised columns, snapshots."""

from __future__ import annotations

import pytest
from sqlalchemy import update
from sqlmodel import Session

from pbem.services import orders, verify
from pbem.store import snapshots
from pbem.store.models.games import Event, Game, Snapshot


def play_a_turn(session, game, users) -> None:
    for order in ({"type": "step", "n": 2}, {"type": "step", "n": 1}, {"type": "end"}):
        orders.submit_order(
            session,
            game_id=game.id,
            user_id=users["rita"].id,
            seat="red",
            order=order,
            expected_seq=game.last_seq,
        )
    orders.submit_order(
        session,
        game_id=game.id,
        user_id=users["bruno"].id,
        seat="blue",
        order={"type": "step", "n": 3},
        expected_seq=game.last_seq,
    )


def test_an_untouched_game_verifies_ok(session: Session, game, users) -> None:
    play_a_turn(session, game, users)
    report = verify.verify_game(session, game.id)
    assert report.ok and report.first_mismatch is None
    assert report.checked_events == game.last_seq


@pytest.mark.parametrize(
    "field,value",
    [
        ("payload", '{"order":{"type":"step","n":3}}'),
        ("seat", "blue"),
        ("hash", "0" * 64),
        ("v", 2),
        ("type", "undo"),
    ],
)
def test_editing_a_stored_event_is_detected_at_its_seq(
    session: Session, game, users, field: str, value: object
) -> None:
    play_a_turn(session, game, users)
    target = game.last_seq - 5
    session.exec(
        update(Event).where(Event.game_id == game.id, Event.seq == target).values({field: value})
    )
    session.commit()
    report = verify.verify_game(session, game.id)
    assert not report.ok
    assert report.first_mismatch.startswith(f"event {target}:")


def test_a_corrupted_snapshot_is_discarded_and_reported(session: Session, game, users) -> None:
    play_a_turn(session, game, users)
    snap = snapshots.all_for(session, game.id)[-1]
    bad = snap.data.replace('"pos":{"blue":0,"red":3}', '"pos":{"blue":0,"red":30}')
    assert bad != snap.data
    session.exec(
        update(Snapshot)
        .where(Snapshot.id == snap.id)
        .values(data=bad, digest=snapshots.text_digest(bad))
    )
    session.commit()
    report = verify.verify_game(session, game.id)
    assert not report.ok and report.discarded_snapshots == [snap.seq]
    assert f"snapshot at event {snap.seq}" in report.first_mismatch
    assert snap.seq not in [s.seq for s in snapshots.all_for(session, game.id)]
    assert verify.verify_game(session, game.id).ok


def test_a_snapshot_failing_its_digest_is_not_used_to_load(session: Session, game, users) -> None:
    play_a_turn(session, game, users)
    snap = snapshots.all_for(session, game.id)[-1]
    session.exec(
        update(Snapshot)
        .where(Snapshot.id == snap.id)
        .values(data=snap.data.replace('"red":3', '"red":99'))
    )
    session.commit()
    assert snapshots.load_game(session, game).state["pos"]["red"] == 3
    assert verify.verify_game(session, game.id).discarded_snapshots == [snap.seq]


def test_denormalised_columns_that_disagree_are_reported(session: Session, game, users) -> None:
    session.exec(update(Game).where(Game.id == game.id).values(owed_seats='["blue"]'))
    session.commit()
    report = verify.verify_game(session, game.id)
    assert not report.ok and "owed_seats" in report.first_mismatch
