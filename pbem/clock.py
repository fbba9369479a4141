"""The scheduler's composition root: ``flask --app pbem pbem worker`` (the Procfile's ``worker:``).

A :class:`Worker` first takes the database lease (pbem/notify/lease.py); while
it holds it, it runs an APScheduler ``BackgroundScheduler`` whose job store is a
table in the same database (``apscheduler_jobs``), so jobs survive a restart and
a run missed while no worker was up runs once when one comes back (``coalesce``,
no misfire grace limit). Any number of workers may be started: the others wait
in standby and take over when the holder stops renewing (its lease lasts 20 s, renewed
every 5 s; standby workers look every 2 s). A holder that was a process of this host
which no longer runs (a killed worker being restarted) is replaced at once. The new
holder puts the previous holder's outbox claims back in the queue and delivers at once.
Jobs:

* ``dispatch``: deliver the outbox (every ``NOTIFY_DISPATCH_SECONDS``, default 15);
* ``reminders``: queue reminders before deadlines (every minute);
* ``deadlines``: apply deadline policies once deadlines pass (every minute);
* ``digest``: queue the daily digests (hourly; each player at most once a day).

The clock is read here, at the edge, and passed to the logic as ``now``.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.background import BackgroundScheduler
from flask import Flask
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from pbem.notify import lease
from pbem.notify.messages import make_renderer
from pbem.notify.outbox import Transport, dispatch_pending, release_claims
from pbem.notify.transports import transport_from_config
from pbem.notify.witness import make_witness

log = logging.getLogger(__name__)
JOBS_TABLE = "apscheduler_jobs"
#: Workers alive in this process, by id (jobs in the store name their worker).
_WORKERS: dict[str, Worker] = {}
#: Ids of every worker started in this process (while running).
_STARTED: set[str] = set()


def system_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Worker:
    """One scheduler process (or thread, in tests). ``run(stop)`` blocks until ``stop`` is set."""

    app: Flask
    transport: Transport | None = None
    clock: Callable[[], datetime] = system_now
    worker_id: str = ""
    lease_ttl: timedelta = timedelta(seconds=20)
    renew_every: float = 5.0
    standby_every: float = 2.0
    holding: bool = False
    scheduler: BackgroundScheduler | None = None
    lease_until: datetime | None = None

    def __post_init__(self) -> None:
        if not self.worker_id:  # "<host>:<pid>:<random>" (PBEM_WORKER_HOST names the host)
            host = str(self.app.config.get("WORKER_HOST") or socket.gethostname())
            self.worker_id = f"{host}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        if self.transport is None:
            self.transport = transport_from_config(self.app.config)
        self.engine = self.app.extensions["pbem_db_engine"]
        self.render = make_renderer(self.session, app=self.app)
        self.witness = make_witness(self.session)
        cfg = self.app.config
        self.intervals = {
            "dispatch": float(cfg.get("NOTIFY_DISPATCH_SECONDS", 15)),
            "reminders": float(cfg.get("NOTIFY_REMINDER_SECONDS", 60)),
            "deadlines": float(cfg.get("NOTIFY_DEADLINE_SECONDS", 60)),
            "digest": float(cfg.get("NOTIFY_DIGEST_SECONDS", 3600)),
        }
        self.senders = int(cfg.get("NOTIFY_SENDERS", 1))
        # 1: every send is recorded before the next starts, so a crash never resends a row;
        # more trades that for throughput (group commit; see docs/notifications.md).
        self.record_every = int(cfg.get("NOTIFY_RECORD_EVERY", 1))

    def session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    # -- the jobs ------------------------------------------------------------------------
    def job(self, name: str) -> int:
        """Run one job now (also used by the CLI and tests); returns what it counted."""
        from pbem.services import deadlines

        now = self.clock()
        with self.app.app_context():
            if name == "dispatch":
                assert self.transport is not None
                try:
                    return dispatch_pending(self.session, self.transport, now,
                                            worker=self.worker_id, render=self.render,
                                            senders=self.senders, record_every=self.record_every,
                                            witness=self.witness)
                finally:  # servers drop idle connections; open fresh ones next time
                    self.transport.close()
            if name == "reminders":
                return deadlines.send_reminders(self.session, now)
            if name == "deadlines":
                return deadlines.apply_deadlines(self.session, now)
            if name == "digest":
                return deadlines.send_digests(self.session, now)
        raise ValueError(f"unknown job {name!r}")

    def tick(self) -> None:
        """Every job once, in order (a deadline's notices go out in the same tick)."""
        for name in ("deadlines", "reminders", "digest", "dispatch"):
            self.job(name)

    # -- the lease and the scheduler -----------------------------------------------------
    def try_lease(self) -> bool:
        """Take or renew the lease. A database error while renewing keeps the lease until
        it would expire (a busy SQLite file is not a lost lease)."""
        now = self.clock()
        try:
            held = lease.acquire(self.session, holder=self.worker_id, now=now,
                                 ttl=self.lease_ttl, replacing=self._dead_holder())
        except OperationalError as exc:
            log.warning("worker %s: the lease could not be renewed (%s)", self.worker_id,
                        exc.orig)
            held = self.holding and self.lease_until is not None and now < self.lease_until
            self.holding = held
            return held
        if held and not self.holding:
            released = release_claims(self.session, keep=self.worker_id)
            if released:
                log.info("worker %s took over %s message(s) claimed by the previous holder",
                         self.worker_id, released)
        if held:
            self.lease_until = now + self.lease_ttl
        self.holding = held
        return held

    def _dead_holder(self) -> str | None:
        """The lease's holder if it was a process of this host that no longer runs."""
        if self.holding:
            return None
        holder = lease.holder_of(self.session)
        host, _sep, rest = (holder or "").rpartition(":")[0].rpartition(":")
        mine = self.worker_id.split(":")[0]
        if not holder or holder == self.worker_id or host != mine or not rest.isdigit():
            return None
        pid = int(rest)
        if pid == os.getpid():  # this process id: gone unless a worker (thread) of ours
            return None if holder in _WORKERS or holder in _STARTED else holder
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return holder
        except OSError:  # alive, another user's
            return None
        return None

    def start_scheduler(self) -> BackgroundScheduler:
        _WORKERS[self.worker_id] = self
        store = SQLAlchemyJobStore(engine=self.engine, tablename=JOBS_TABLE)
        scheduler = BackgroundScheduler(
            jobstores={"default": store}, timezone=UTC,
            job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": None})
        scheduler.start(paused=True)
        for name, seconds in self.intervals.items():
            existing = scheduler.get_job(name)
            if existing is None:
                scheduler.add_job("pbem.clock:run_job", "interval", seconds=seconds, id=name,
                                  args=[name, self.worker_id], next_run_time=self.clock())
            elif name == "dispatch":  # the outbox goes out at once after a takeover
                existing.modify(args=[name, self.worker_id], next_run_time=self.clock())
            else:  # keep its next run time: a run missed while down happens once now
                existing.modify(args=[name, self.worker_id])
        scheduler.resume()
        self.scheduler = scheduler
        return scheduler

    def stop_scheduler(self) -> None:
        if self.scheduler is not None:
            self.scheduler.shutdown(wait=True)
            self.scheduler = None
        _WORKERS.pop(self.worker_id, None)

    def _start_scheduler_retrying(self, stop: threading.Event, attempts: int = 6) -> bool:
        """Start the scheduler, waiting out a busy database (SQLite refuses a second writer at once)."""
        for attempt in range(attempts):
            try:
                self.start_scheduler()
                return True
            except OperationalError as exc:
                log.warning("worker %s: database busy starting the scheduler (%s); retrying",
                            self.worker_id, exc.orig)
                self.stop_scheduler()
                if stop.wait(0.1 * 2**attempt):
                    return False
        return False

    def run(self, stop: threading.Event) -> None:
        """Standby until the lease is ours, schedule while we keep it, release on stop."""
        log.info("worker %s starting", self.worker_id)
        _STARTED.add(self.worker_id)
        try:
            while not stop.is_set():
                if not self.try_lease():
                    stop.wait(self.standby_every)
                    continue
                log.info("worker %s holds the scheduler lease", self.worker_id)
                if not self._start_scheduler_retrying(stop):
                    continue
                while not stop.wait(self.renew_every):
                    if not self.try_lease():
                        log.warning("worker %s lost the lease; back to standby", self.worker_id)
                        break
                self.stop_scheduler()
        finally:
            _STARTED.discard(self.worker_id)
            self.stop_scheduler()
            if self.holding:
                lease.release(self.session, holder=self.worker_id, now=self.clock())
                self.holding = False


def run_job(name: str, worker_id: str) -> None:
    """The job store's entry point (a text reference, so the store holds no live objects)."""
    worker = _WORKERS.get(worker_id)
    if worker is None or not worker.holding:
        log.warning("job %s skipped: worker %s is not the lease holder here", name, worker_id)
        return
    try:
        worker.job(name)
    except Exception:
        log.exception("job %s failed", name)


def describe(worker: Worker) -> dict[str, Any]:
    return {"id": worker.worker_id, "holding": worker.holding, "intervals": worker.intervals}
