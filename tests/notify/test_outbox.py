"""The outbox queue: enqueue in the caller's transaction, claim, deliver, retry, fail."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from pbem.notify.outbox import (
    PermanentError,
    RetryPolicy,
    TransientError,
    claim,
    dispatch_pending,
    enqueue_email,
    retry_failed,
)
from pbem.store.models.outbox import FAILED, PENDING, SENDING, SENT, OutboxMessage

NOW = datetime(2026, 3, 28, 12, 0, tzinfo=UTC)
LATER = NOW + timedelta(minutes=1)


class Recorder:
    """A transport that records what it sends and fails as scripted."""

    def __init__(self, failures: list[Exception] | None = None) -> None:
        self.sent: list[str] = []
        self.failures = list(failures or [])

    def send(self, message: OutboxMessage) -> None:
        if self.failures:
            raise self.failures.pop(0)
        self.sent.append(message.message_id)

    def close(self) -> None:
        pass


def _queue(session_factory, n: int = 1) -> list[int]:  # type: ignore[no-untyped-def]
    with session_factory() as session:
        rows = [enqueue_email(session, to_address=f"p{i}@example.org", subject="s", text="t",
                              kind="test") for i in range(n)]
        session.commit()
        return [r.id for r in rows]


def _row(session_factory, row_id: int) -> OutboxMessage:  # type: ignore[no-untyped-def]
    with session_factory() as session:
        row = session.get(OutboxMessage, row_id)
        assert row is not None
        return row


def test_enqueue_adds_to_callers_session_without_committing(session_factory) -> None:  # type: ignore[no-untyped-def]
    with session_factory() as session:
        enqueue_email(session, to_address="a@example.org", subject="s", text="t", kind="test")
        session.rollback()
    with session_factory() as session:
        assert session.exec(select(OutboxMessage)).all() == []


def test_enqueue_rejects_a_non_address(session_factory) -> None:  # type: ignore[no-untyped-def]
    with session_factory() as session, pytest.raises(ValueError):
        enqueue_email(session, to_address="nobody", subject="s", text="t", kind="test")


def test_dispatch_sends_each_row_once_and_marks_it_sent(session_factory) -> None:  # type: ignore[no-untyped-def]
    ids = _queue(session_factory, 3)
    transport = Recorder()
    assert dispatch_pending(session_factory, transport, NOW) == 3
    assert dispatch_pending(session_factory, transport, NOW + timedelta(hours=1)) == 0
    assert len(transport.sent) == len(set(transport.sent)) == 3
    assert {_row(session_factory, i).status for i in ids} == {SENT}
    assert _row(session_factory, ids[0]).sent_at == NOW


def test_transient_failure_backs_off_exponentially(session_factory) -> None:  # type: ignore[no-untyped-def]
    (row_id,) = _queue(session_factory)
    policy = RetryPolicy(base=timedelta(minutes=1))
    transport = Recorder([TransientError("busy"), TransientError("busy")])
    dispatch_pending(session_factory, transport, NOW, policy=policy)
    row = _row(session_factory, row_id)
    assert (row.status, row.attempts, row.next_attempt_at) == (PENDING, 1, LATER)
    # not due yet: nothing happens
    dispatch_pending(session_factory, transport, NOW + timedelta(seconds=30), policy=policy)
    assert _row(session_factory, row_id).attempts == 1
    dispatch_pending(session_factory, transport, NOW + timedelta(minutes=1), policy=policy)
    row = _row(session_factory, row_id)
    assert (row.attempts, row.next_attempt_at) == (2, NOW + timedelta(minutes=3))
    later = NOW + timedelta(minutes=3)
    assert dispatch_pending(session_factory, transport, later, policy=policy) == 1
    assert _row(session_factory, row_id).status == SENT


def test_row_fails_after_bounded_attempts_and_can_be_retried(session_factory) -> None:  # type: ignore[no-untyped-def]
    (row_id,) = _queue(session_factory)
    policy = RetryPolicy(max_attempts=2, base=timedelta(seconds=1))
    transport = Recorder([TransientError("a"), TransientError("b")])
    dispatch_pending(session_factory, transport, NOW, policy=policy)
    dispatch_pending(session_factory, transport, NOW + timedelta(minutes=1), policy=policy)
    row = _row(session_factory, row_id)
    assert (row.status, row.last_error) == (FAILED, "b")
    with session_factory() as session:
        assert retry_failed(session, message_id=row_id)
        session.commit()
    assert dispatch_pending(session_factory, transport, NOW + timedelta(minutes=2)) == 1


def test_permanent_failure_is_not_retried(session_factory) -> None:  # type: ignore[no-untyped-def]
    (row_id,) = _queue(session_factory)
    transport = Recorder([PermanentError("550 no such user")])
    dispatch_pending(session_factory, transport, NOW)
    assert _row(session_factory, row_id).status == FAILED
    assert dispatch_pending(session_factory, transport, NOW + timedelta(days=1)) == 0


def test_worker_killed_between_claim_and_send_sends_once_after_lease(session_factory) -> None:  # type: ignore[no-untyped-def]
    (row_id,) = _queue(session_factory)
    policy = RetryPolicy(lease=timedelta(minutes=5))
    claimed = claim(session_factory, now=NOW, worker="dead", policy=policy)  # then the worker dies
    assert [r.id for r in claimed] == [row_id]
    assert _row(session_factory, row_id).status == SENDING
    transport = Recorder()
    # while the dead worker's claim holds, nobody else takes the row
    assert dispatch_pending(session_factory, transport, LATER, policy=policy) == 0
    after_lease = NOW + timedelta(minutes=6)
    assert dispatch_pending(session_factory, transport, after_lease, policy=policy) == 1
    assert transport.sent == [claimed[0].message_id]
    next_day = NOW + timedelta(days=1)
    assert dispatch_pending(session_factory, transport, next_day, policy=policy) == 0


def test_second_claim_takes_no_row_already_claimed(session_factory) -> None:  # type: ignore[no-untyped-def]
    _queue(session_factory, 5)
    first = claim(session_factory, now=NOW, worker="a", limit=3)
    second = claim(session_factory, now=NOW, worker="b", limit=10)
    assert len(first) == 3 and len(second) == 2
    assert not {r.id for r in first} & {r.id for r in second}


def test_late_result_from_a_superseded_claim_is_ignored(session_factory) -> None:  # type: ignore[no-untyped-def]
    from pbem.notify.outbox import deliver

    (row_id,) = _queue(session_factory)
    policy = RetryPolicy(lease=timedelta(minutes=1))
    stale = claim(session_factory, now=NOW, worker="slow", policy=policy)[0]
    fresh = claim(session_factory, now=NOW + timedelta(minutes=2), worker="b", policy=policy)[0]
    transport = Recorder()
    assert deliver(session_factory, transport, fresh, now=NOW + timedelta(minutes=2)) == SENT
    with session_factory() as session:
        assert session.get(OutboxMessage, row_id).claimed_by is None  # type: ignore[union-attr]
    assert stale.claimed_by != fresh.claimed_by
