"""Issue 11, item 3: ``kill -9`` of the worker, with real processes and a real SMTP server.

Promised (README, docs/notifications.md): no email is ever lost; a message is sent twice only
if it was in flight at the crash, and then with the same Message-ID; a restarted worker sends
within 15 s; a standby worker (another host) takes over a dead worker's claims within 30 s.
Runs on SQLite, and on PostgreSQL when PBEM_TEST_DATABASE_URL is set.
"""

from __future__ import annotations

import logging
import os
import signal
import time

from sqlmodel import Session, select

from pbem.notify.outbox import enqueue_email
from pbem.store.db import make_engine
from pbem.store.models.outbox import SENT, OutboxMessage
from tests.processes.procs import sink, start_worker, stop, wait_for

log = logging.getLogger(__name__)
MESSAGES = 90
#: The sink takes this long per message, so a kill lands in the middle of a batch.
SLOW = 0.05


def _queue(database_url: str, n: int = MESSAGES) -> list[str]:
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            rows = [enqueue_email(session, to_address=f"p{i}@example.org", subject=f"m{i}",
                                  text="t", kind="test") for i in range(n)]
            session.commit()
            return [r.message_id for r in rows]
    finally:
        engine.dispose()


def _statuses(database_url: str) -> set[str]:
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            return {r.status for r in session.exec(select(OutboxMessage))}
    finally:
        engine.dispose()


def _kill(proc) -> None:  # type: ignore[no-untyped-def]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)


def _in_flight_only(box, windows: list[tuple[int, int]]) -> None:  # type: ignore[no-untyped-def]
    """Every duplicate was received twice, the first time right at a kill (in flight)."""
    ids = box.ids()
    for mid, n in box.duplicates().items():
        assert n == 2, f"{mid} was sent {n} times"
        first = ids.index(mid)
        assert any(lo <= first < hi for lo, hi in windows), (
            f"{mid} (received #{first}) was resent but was not in flight at a kill {windows}")
    assert len(box.duplicates()) <= len(windows)


def test_worker_killed_repeatedly_loses_nothing_resends_only_in_flight_restarts_fast(
        database_url, tmp_path):
    queued = _queue(database_url)
    windows: list[tuple[int, int]] = []
    restart_waits: list[float] = []
    with sink(SLOW) as (box, port):
        for _kill_round in range(4):
            before = box.count()
            started = time.monotonic()
            proc = start_worker(database_url, tmp_path, port)
            try:
                assert wait_for(lambda b=before: box.count() > b, 30), "the worker sent nothing"
                restart_waits.append(box.first_after(started) - started)  # type: ignore[operator]
                assert wait_for(lambda b=before: box.count() >= b + 12, 30)
                at_kill = box.count()
                _kill(proc)
                time.sleep(3 * SLOW)  # the message in flight lands in the sink, or not
                windows.append((at_kill - 1, box.count()))
            finally:
                if proc.poll() is None:
                    proc.kill()
        started = time.monotonic()
        proc = start_worker(database_url, tmp_path, port)
        try:
            assert wait_for(lambda: set(box.ids()) >= set(queued), 60), (
                f"lost: {len(set(queued) - set(box.ids()))} message(s)")
            restart_waits.append(box.first_after(started) - started)  # type: ignore[operator]
            time.sleep(1.0)  # nothing more may arrive
        finally:
            stop(proc)
    assert sorted(set(box.ids())) == sorted(queued)
    _in_flight_only(box, windows)
    assert max(restart_waits) < 15, restart_waits
    assert _statuses(database_url) == {SENT}
    log.warning("restart to first send (s): %s; duplicates: %s over %s kills",
                [round(w, 2) for w in restart_waits], len(box.duplicates()), len(windows))


def test_standby_worker_on_another_host_takes_over_a_killed_workers_claims_within_30_s(
        database_url, tmp_path):
    queued = _queue(database_url)
    with sink(SLOW) as (box, port):
        alpha = start_worker(database_url, tmp_path, port, name="alpha", WORKER_HOST="alpha")
        beta = None
        try:
            assert wait_for(lambda: box.count() >= 5, 30), "alpha sent nothing"
            beta = start_worker(database_url, tmp_path, port, name="beta", WORKER_HOST="beta")
            assert wait_for(lambda: box.count() >= 15, 30)
            at_kill = box.count()
            _kill(alpha)
            killed = time.monotonic()
            time.sleep(3 * SLOW)
            window = (at_kill - 1, box.count())
            assert window[1] < MESSAGES, "alpha sent everything before it was killed"
            assert wait_for(lambda: box.first_after(killed + 3 * SLOW) is not None, 40)
            takeover = box.first_after(killed + 3 * SLOW) - killed  # type: ignore[operator]
            assert wait_for(lambda: set(box.ids()) >= set(queued), 30)
            time.sleep(1.0)
        finally:
            for proc in (alpha, beta):
                if proc is not None and proc.poll() is None:
                    stop(proc)
    assert takeover < 30, takeover
    assert sorted(set(box.ids())) == sorted(queued)
    _in_flight_only(box, [window])
    assert _statuses(database_url) == {SENT}
    log.warning("takeover after kill -9: %.1f s", takeover)
