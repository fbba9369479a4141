"""The scheduler process: lease, persistent jobs, crash recovery, the embedded file transport."""

from __future__ import annotations

import pickle
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlmodel import Session, select

from pbem.clock import JOBS_TABLE, Worker
from pbem.notify.outbox import enqueue_email
from pbem.notify.transports import SmtpTransport
from pbem.store.models.outbox import SENT, OutboxMessage
from pbem.web.db import get_engine
from tests.notify.race_games import T0, play, start_race


@dataclass
class CountingWorker(Worker):
    calls: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)

    def job(self, name: str) -> int:
        self.calls.append(name)
        count = super().job(name)
        if name == "dispatch" and count:
            self.sent.extend([self.worker_id] * count)
        return count


@pytest.fixture
def db(app):  # type: ignore[no-untyped-def]
    with Session(get_engine(app), expire_on_commit=False) as session:
        yield session


@pytest.fixture
def people(user_factory):  # type: ignore[no-untyped-def]
    return {n: user_factory(email=f"{n}@example.org", display_name=n.title())
            for n in ("olga", "rita", "bruno")}


def _queue(db: Session, n: int) -> list[str]:
    rows = [enqueue_email(db, to_address=f"p{i}@example.org", subject=f"m{i}", text="t",
                          kind="test") for i in range(n)]
    db.commit()
    return [r.message_id for r in rows]


def _wait_for(predicate, timeout: float = 10.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def test_game_running_forward_leaves_readable_eml_files(app, db, people) -> None:  # type: ignore[no-untyped-def]
    """The embedded default (no SMTP configured): what `make run` + the worker produce."""
    game = start_race(db, people, hours=48)
    play(db, game, people["rita"], "red", {"type": "end"}, T0 + timedelta(hours=1))
    worker = Worker(app, clock=lambda: T0 + timedelta(hours=1))
    worker.tick()
    mail_dir = Path(app.config["MAIL_FILE_DIR"])
    assert mail_dir == Path(app.instance_path) / "mail"
    files = sorted(f for f in mail_dir.glob("*.eml") if "-your_turn-" in f.name)  # (and "has started")
    assert len(files) == 2
    messages = [message_from_bytes(f.read_bytes(), policy=policy.default) for f in files]
    assert [m["To"] for m in messages] == ["rita@example.org", "bruno@example.org"]
    assert all(m["Subject"] == "Your turn in Friday race" for m in messages)
    body = messages[1].get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    assert "It is your turn in Friday race." in body and "/n/open/" in body


def test_deadline_policy_act_runs_through_the_worker_and_notifies_everyone(app, db, people) -> None:  # type: ignore[no-untyped-def]
    start_race(db, people, hours=24, settings={"policy": "act", "excused_misses": 0})
    Worker(app, clock=lambda: T0 + timedelta(hours=25)).tick()
    files = sorted(Path(app.config["MAIL_FILE_DIR"]).glob("*.eml"))
    subjects = [message_from_bytes(f.read_bytes())["Subject"] for f in files]
    assert subjects.count("Deadline passed in Friday race") == 3  # organiser and both players
    assert subjects.count("Your turn in Friday race") == 2  # red at the start, then blue


def test_two_workers_started_together_only_one_delivers(app, db, smtpd) -> None:  # type: ignore[no-untyped-def]
    controller, handler = smtpd
    app.config.update(NOTIFY_DISPATCH_SECONDS=0.2, NOTIFY_REMINDER_SECONDS=3600,
                      NOTIFY_DEADLINE_SECONDS=3600, NOTIFY_DIGEST_SECONDS=3600)
    ids = _queue(db, 30)

    def make() -> CountingWorker:
        transport = SmtpTransport("127.0.0.1", controller.port, sender="pbem@club.example",
                                  security="none")
        return CountingWorker(app, transport=transport, renew_every=0.2, standby_every=0.2,
                              lease_ttl=timedelta(seconds=5))

    workers = [make(), make()]
    stop = threading.Event()
    threads = [threading.Thread(target=w.run, args=(stop,)) for w in workers]
    for thread in threads:
        thread.start()
    try:
        assert _wait_for(lambda: len(handler.messages) >= 30)
        time.sleep(0.6)  # a few more dispatch rounds: nothing may be sent twice
    finally:
        stop.set()
        for thread in threads:
            thread.join(10)
    assert sorted(handler.message_ids()) == sorted(ids)
    holders = [w for w in workers if w.calls]
    assert len(holders) == 1
    assert len(holders[0].sent) == 30


KILLED_WORKER = """
import sys, time
from datetime import datetime, UTC
from sqlmodel import Session
from pbem.store.db import make_engine
from pbem.notify.outbox import claim
engine = make_engine(sys.argv[1])
rows = claim(lambda: Session(engine, expire_on_commit=False),
             now=datetime.fromisoformat(sys.argv[2]), worker="doomed")
print("claimed", len(rows), flush=True)
time.sleep(60)  # the transport would be called here; the process is killed first
"""


def test_worker_killed_between_claim_and_send_sends_once_after_restart(app, db, smtpd) -> None:  # type: ignore[no-untyped-def]
    controller, handler = smtpd
    (message_id,) = _queue(db, 1)
    now = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WORKER, app.config["DATABASE_URL"],
                             now.isoformat()], stdout=subprocess.PIPE, text=True,
                            cwd=str(Path(__file__).resolve().parents[2]))
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "claimed 1"
    finally:
        proc.kill()
        proc.wait(10)
    transport = SmtpTransport("127.0.0.1", controller.port, sender="pbem@club.example",
                              security="none")
    restarted = Worker(app, transport=transport, clock=lambda: now + timedelta(minutes=1))
    assert restarted.job("dispatch") == 0  # the dead worker's claim still holds
    restarted.clock = lambda: now + timedelta(minutes=6)
    assert restarted.job("dispatch") == 1
    restarted.clock = lambda: now + timedelta(hours=1)
    assert restarted.job("dispatch") == 0
    transport.close()
    assert handler.message_ids() == [message_id]
    db.expire_all()
    row = db.exec(select(OutboxMessage)).one()
    assert (row.status, row.attempts) == (SENT, 2)


def test_missed_job_runs_once_when_the_worker_comes_back(app) -> None:  # type: ignore[no-untyped-def]
    app.config.update(NOTIFY_DISPATCH_SECONDS=3600, NOTIFY_REMINDER_SECONDS=3600,
                      NOTIFY_DEADLINE_SECONDS=3600, NOTIFY_DIGEST_SECONDS=3600)
    first = CountingWorker(app)
    first.holding = True
    first.start_scheduler()
    assert _wait_for(lambda: len(first.calls) == 4)
    first.stop_scheduler()
    # the worker was down for three hours: three hourly runs of every job were missed
    engine = get_engine(app)
    past = datetime.now(UTC) - timedelta(hours=3)
    with engine.begin() as conn:
        for job_id, state in conn.execute(text(f"SELECT id, job_state FROM {JOBS_TABLE}")):
            data = pickle.loads(state)
            data["next_run_time"] = past
            conn.execute(text(f"UPDATE {JOBS_TABLE} SET next_run_time = :t, job_state = :s "
                              "WHERE id = :i"),
                         {"t": past.timestamp(), "s": pickle.dumps(data), "i": job_id})
    second = CountingWorker(app)
    second.holding = True
    second.start_scheduler()
    try:
        assert _wait_for(lambda: len(second.calls) >= 4)
        time.sleep(0.5)
    finally:
        second.stop_scheduler()
    assert sorted(second.calls) == ["deadlines", "digest", "dispatch", "reminders"]


def test_turn_ending_sends_exactly_one_email_to_the_next_player(app, db, people, smtpd) -> None:  # type: ignore[no-untyped-def]
    controller, handler = smtpd
    transport = SmtpTransport("127.0.0.1", controller.port, sender="pbem@club.example",
                              security="none")
    worker = Worker(app, transport=transport, clock=lambda: T0 + timedelta(minutes=1))
    game = start_race(db, people, hours=48)
    worker.job("dispatch")
    assert [m["To"] for m in handler.messages] == ["rita@example.org", "bruno@example.org"]
    assert handler.messages[1]["Subject"] == "Friday race has started"  # every player hears of the start
    play(db, game, people["rita"], "red", {"type": "step", "n": 2}, T0 + timedelta(hours=1))
    play(db, game, people["rita"], "red", {"type": "end"}, T0 + timedelta(hours=1))
    worker.clock = lambda: T0 + timedelta(hours=1, minutes=1)
    worker.job("dispatch")
    worker.job("dispatch")
    transport.close()
    assert [m["To"] for m in handler.messages] == ["rita@example.org", "bruno@example.org", "bruno@example.org"]
    latest = handler.messages[-1]
    assert latest["Subject"] == "Your turn in Friday race"
    assert latest["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
