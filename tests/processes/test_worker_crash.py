"""Issue 11, item 3: ``kill -9`` of the worker, with real processes and a real SMTP server.

Promised (README, docs/notifications.md): no email is ever lost; a message is sent twice only
if it was in flight at the crash, and then with the same Message-ID; a restarted worker sends
within 15 s; a standby worker (another host) takes over a dead worker's claims within 30 s.
Runs on SQLite, and on PostgreSQL when PBEM_TEST_DATABASE_URL is set.
"""

from __future__ import annotations

import logging
import time

from pbem.store.models.outbox import SENT
from tests.processes.procs import (
    assert_resent_only_in_flight,
    kill9,
    outbox_statuses,
    queue_mail,
    sink,
    start_worker,
    stop,
    wait_for,
)

log = logging.getLogger(__name__)
MESSAGES = 90
#: The sink takes this long per message, so a kill lands in the middle of a batch.
SLOW = 0.05


def test_worker_killed_repeatedly_loses_nothing_resends_only_in_flight_restarts_fast(
        database_url, tmp_path):
    queued = queue_mail(database_url, MESSAGES)
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
                kill9(proc)
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
    assert_resent_only_in_flight(box, windows)
    assert max(restart_waits) < 15, restart_waits
    assert outbox_statuses(database_url) == {SENT}
    log.warning("restart to first send (s): %s; duplicates: %s over %s kills",
                [round(w, 2) for w in restart_waits], len(box.duplicates()), len(windows))


def test_standby_worker_on_another_host_takes_over_a_killed_workers_claims_within_30_s(
        database_url, tmp_path):
    queued = queue_mail(database_url, MESSAGES)
    with sink(SLOW) as (box, port):
        alpha = start_worker(database_url, tmp_path, port, name="alpha", WORKER_HOST="alpha")
        beta = None
        try:
            assert wait_for(lambda: box.count() >= 5, 30), "alpha sent nothing"
            beta = start_worker(database_url, tmp_path, port, name="beta", WORKER_HOST="beta")
            assert wait_for(lambda: box.count() >= 15, 30)
            at_kill = box.count()
            kill9(alpha)
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
    assert_resent_only_in_flight(box, [window])
    assert outbox_statuses(database_url) == {SENT}
    log.warning("takeover after kill -9: %.1f s", takeover)
