"""``verify_game``: chain, replay from scratch, denormalised columns, snapshots."""

from __future__ import annotations

import pytest
from sqlalchemy import update
from sqlmodel import Session

from pbem.services import orders, verify
from pbem.store import events as log
from pbem.store import snapshots
from pbem.store.models.games import Event, Game, Snapshot
from tests.rewrite import rewrite_event


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


def test_a_corrupted_snapshot_is_kept_as_evidence_and_reported_until_cleared(
        session: Session, game, users) -> None:
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
    assert snap.seq not in [s.seq for s in snapshots.all_for(session, game.id)]  # not a cache
    again = verify.verify_game(session, game.id)  # issue 11, item 6: evidence is never deleted
    assert not again.ok and f"snapshot at event {snap.seq}" in again.first_mismatch
    assert "kept as evidence" in again.first_mismatch
    (kept,) = verify.evidence(session, game.id)
    assert kept.data == bad and kept.seq == snap.seq
    assert [e.seq for e in verify.clear_evidence(session, game.id)] == [snap.seq]
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


def test_a_rewritten_die_is_caught_even_with_a_recomputed_chain(session: Session, game,
                                                                 users) -> None:
    """An operator who edits a face and recomputes every hash still fails the dice check."""
    for order in ({"type": "roll"}, {"type": "end"}):
        result = orders.submit_order(session, game_id=game.id, user_id=users["rita"].id,
                                     seat="red", order=order, expected_seq=game.last_seq)
        if any(e["type"] == "race.rolled" and e["payload"]["face"] == 6 for e in result.events):
            orders.submit_order(session, game_id=game.id, user_id=users["bruno"].id,
                                seat="blue", order={"type": "answer", "block": False},
                                expected_seq=game.last_seq)
    assert verify.verify_game(session, game.id).ok
    def other_face(payload: dict) -> None:
        payload["faces"] = [payload["faces"][0] % 6 + 1]

    rolled_seq = rewrite_event(session, game.id, lambda r: r.type == "dice.rolled", other_face)
    report = verify.verify_game(session, game.id)
    assert log.verify_chain(log.load_rows(session, game.id)) is None
    assert not report.ok and report.first_mismatch.startswith("dice:")
    assert str(rolled_seq) in report.first_mismatch


def test_a_rewritten_non_dice_event_with_a_recomputed_chain_is_found_by_readjudication(
        session: Session, game, users) -> None:
    """Issue 11: re-running every order with the recorded dice must make exactly the stored events,
    so a rewrite the chain, the replay and the dice check cannot see is reported at its seq."""
    play_a_turn(session, game, users)
    assert verify.verify_game(session, game.id).ok
    stepped = rewrite_event(session, game.id, lambda r: r.type == "race.stepped",
                            lambda p: p.update(n=p["n"] + 1))
    order_seq = max(r.seq for r in log.load_rows(session, game.id) if r.type == "order" and r.seq < stepped)
    assert log.verify_chain(log.load_rows(session, game.id)) is None
    for _run in range(2):  # reported again: verify repairs and deletes nothing
        report = verify.verify_game(session, game.id)
        found = [p for p in report.problems if "recorded dice" in p]
        assert not report.ok and found == [
            f"event {stepped}: the stored events are not what the rules make of the order at event "
            f"{order_seq} with the recorded dice (the order now produces other events): the log was "
            "rewritten, or the rules changed since it was played (pbem-readjudicate shows both versions)"]
    assert len(log.load_rows(session, game.id)) == game.last_seq
