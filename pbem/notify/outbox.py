"""The outbox: write messages in the caller's transaction, deliver them afterwards.

``enqueue_email`` / ``enqueue_webhook`` only add a row to the caller's session
(the caller commits it with the event that causes it, so an order that does not
land sends nothing). ``dispatch_pending`` is the sender job:

1. *claim* a batch of due rows in one short transaction: ``pending`` rows whose
   ``next_attempt_at`` has come, plus ``sending`` rows whose claim expired (a
   worker died holding them; a worker taking the scheduler lease over releases the
   previous holder's claims at once, :func:`release_claims`). The claim sets ``status='sending'``, the claimer's
   token and ``claimed_until``, and counts the attempt. Two dispatchers never
   claim the same row: the claim is a conditional UPDATE re-checked per row.
2. *render* rows queued by reference (``template`` set) through the ``render``
   callback, then *send* each row (Message-ID is stored on the row, so a resend after a crash
   carries the same Message-ID and the receiving side can recognise it);
3. *record* the results (group commit: one transaction per few sends, see
   :func:`dispatch_pending`): ``sent``; or back to ``pending`` with exponential
   backoff; or ``failed`` after ``max_attempts`` (the organiser sees failed rows
   and may retry them). A result is recorded only while the row is still ours.

Time is always passed in (``now``).
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import and_, func, or_, select, update
from sqlmodel import Session

from pbem.store.db import begin_write
from pbem.store.models.outbox import (
    EMAIL,
    FAILED,
    PENDING,
    SENDING,
    SENT,
    WEBHOOK,
    OutboxMessage,
)

log = logging.getLogger(__name__)

SessionFactory = Callable[[], AbstractContextManager[Session]]
#: What ``dispatch_pending`` notes for a row another worker took over before it was sent.
SKIPPED = "skipped"
#: Fills subject/text/html/headers of a row queued by reference (see messages.py).
Renderer = Callable[[OutboxMessage], None]


class TransientError(Exception):
    """Delivery failed but may succeed later (server busy, 4xx SMTP reply, network)."""


class PermanentError(Exception):
    """Delivery can never succeed (5xx SMTP reply for the recipient, bad address)."""


class Transport(Protocol):
    """Delivers one outbox row; raises TransientError or PermanentError on failure."""

    def send(self, message: OutboxMessage) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded retries with exponential backoff: base, base*2, base*4... capped."""

    max_attempts: int = 6
    base: timedelta = timedelta(minutes=1)
    cap: timedelta = timedelta(hours=6)
    #: How long a claim holds before another worker may take the row over.
    lease: timedelta = timedelta(minutes=5)

    def delay(self, attempts: int) -> timedelta:
        return min(self.cap, self.base * (2 ** max(0, attempts - 1)))


def new_message_id(domain: str = "pbem.invalid") -> str:
    return f"<{uuid.uuid4().hex}@{domain}>"


def enqueue_email(session: Session, *, to_address: str, subject: str, text: str,
                  html: str | None = None, user_id: int | None = None,
                  game_id: int | None = None, kind: str,
                  headers: dict[str, str] | None = None, dedupe_key: str | None = None,
                  not_before: datetime | None = None) -> OutboxMessage:
    """Add an email to the caller's session (not committed). Returns the new row."""
    if not to_address or "@" not in to_address:
        raise ValueError(f"not an email address: {to_address!r}")
    row = OutboxMessage(
        channel=EMAIL, kind=kind, to_address=to_address, subject=subject, text=text, html=html,
        headers=json.dumps(headers or {}, sort_keys=True), message_id=new_message_id(),
        user_id=user_id, game_id=game_id, dedupe_key=dedupe_key, next_attempt_at=not_before,
    )
    session.add(row)
    return row


def enqueue_template(session: Session, *, to_address: str, template: str,
                     context: dict[str, Any], kind: str, user_id: int | None = None,
                     game_id: int | None = None, dedupe_key: str | None = None,
                     not_before: datetime | None = None) -> OutboxMessage | None:
    """Add an email rendered at send time from ``template`` and ``context`` (references only).

    None (nothing queued) for an account whose unconfirmed address a confirmed account holds:
    the mail would reach that address's owner, who never asked for it (pbem/web/auth.py)."""
    if user_id is not None and _address_owned_elsewhere(session, user_id, to_address):
        return None
    row = enqueue_email(session, to_address=to_address, subject="", text="", kind=kind,
                        user_id=user_id, game_id=game_id, dedupe_key=dedupe_key,
                        not_before=not_before)
    row.template = template
    row.context = json.dumps(context, sort_keys=True)
    return row


def _address_owned_elsewhere(session: Session, user_id: int, address: str) -> bool:
    from pbem.store.models.accounts import User

    user = session.get(User, user_id)
    if user is None or user.email_confirmed:
        return False
    owner = select(User.id).where(User.email == address, User.email_confirmed == True,  # noqa: E712
                                  User.id != user_id)
    return session.exec(owner).first() is not None


def enqueue_webhook(session: Session, *, url: str, body: dict[str, Any], game_id: int | None,
                    kind: str = "webhook") -> OutboxMessage:
    """Add a chat webhook post (Discord-compatible JSON ``body``) to the caller's session."""
    row = OutboxMessage(
        channel=WEBHOOK, kind=kind, to_address=url, subject="", text="",
        headers=json.dumps(body, sort_keys=True), message_id=new_message_id(), game_id=game_id,
    )
    session.add(row)
    return row


def _due(now: datetime) -> Any:
    col = OutboxMessage.__table__.c  # type: ignore[attr-defined]
    pending = and_(col.status == PENDING,
                   or_(col.next_attempt_at.is_(None), col.next_attempt_at <= now))
    orphaned = and_(col.status == SENDING, col.claimed_until < now)
    return or_(pending, orphaned)


def claim(session_factory: SessionFactory, *, now: datetime, worker: str, limit: int = 200,
          policy: RetryPolicy = RetryPolicy()) -> list[OutboxMessage]:
    """Mark up to ``limit`` due rows as ``sending`` for ``worker`` and return them."""
    col = OutboxMessage.__table__.c  # type: ignore[attr-defined]
    token = f"{worker}:{uuid.uuid4().hex[:12]}"
    with session_factory() as session:
        begin_write(session)  # SQLite: a read that then writes would fail, not wait
        ids = list(session.execute(
            select(col.id).where(_due(now)).order_by(col.id).limit(limit)).scalars())
        if not ids:
            return []
        session.execute(
            update(OutboxMessage.__table__)  # type: ignore[arg-type]
            .where(col.id.in_(ids), _due(now))
            .values(status=SENDING, claimed_by=token, claimed_until=now + policy.lease,
                    attempts=col.attempts + 1)
        )
        session.commit()
        rows = session.execute(
            select(OutboxMessage).where(col.claimed_by == token, col.status == SENDING)
            .order_by(col.id)).scalars().all()
        for row in rows:
            session.expunge(row)
        return list(rows)


def release_claims(session_factory: SessionFactory, *, keep: str) -> int:
    """Put every row claimed by another worker than ``keep`` back in the queue, due now.

    The scheduler lease holder calls it when it takes the lease over: the previous holder is
    dead (or has lost the lease, and checks each row is still its own before sending it), so
    its claims need not be waited out. Returns how many rows were released."""
    col = OutboxMessage.__table__.c  # type: ignore[attr-defined]
    prefix = f"{keep}:"
    with session_factory() as session:
        result = session.execute(
            update(OutboxMessage.__table__)  # type: ignore[arg-type]
            .where(col.status == SENDING,
                   or_(col.claimed_by.is_(None),
                       func.substr(col.claimed_by, 1, len(prefix)) != prefix))
            .values(status=PENDING, claimed_by=None, claimed_until=None, next_attempt_at=None))
        session.commit()
        return int(result.rowcount)  # type: ignore[attr-defined]


def _still_ours(session_factory: SessionFactory, row: OutboxMessage) -> bool:
    """Whether ``row`` is still claimed by the claim it was sent out under (a read)."""
    col = OutboxMessage.__table__.c  # type: ignore[attr-defined]
    with session_factory() as session:
        found = session.execute(select(col.status, col.claimed_by).where(col.id == row.id)).first()
    return found is not None and tuple(found) == (SENDING, row.claimed_by)


def _record(session_factory: SessionFactory,
            results: list[tuple[OutboxMessage, dict[str, Any]]]) -> int:
    """Record send results in one transaction, each only if the row is still ours.

    Rows sent under one claim share their values, so they take one UPDATE.
    """
    if not results:
        return 0
    col = OutboxMessage.__table__.c  # type: ignore[attr-defined]
    table = OutboxMessage.__table__  # type: ignore[attr-defined]
    sent: dict[tuple[str, Any], list[int]] = {}
    others: list[tuple[OutboxMessage, dict[str, Any]]] = []
    for row, values in results:
        if values["status"] == SENT:
            sent.setdefault((str(row.claimed_by), values["sent_at"]), []).append(int(row.id))  # type: ignore[arg-type]
        else:
            others.append((row, values))
    recorded = 0
    with session_factory() as session:
        for (token, sent_at), ids in sent.items():
            result = session.execute(
                update(table).where(col.id.in_(ids), col.claimed_by == token,
                                    col.status == SENDING)
                .values(status=SENT, sent_at=sent_at, last_error=None, claimed_by=None,
                        claimed_until=None))
            recorded += int(result.rowcount)  # type: ignore[attr-defined]
        for row, values in others:
            result = session.execute(
                update(table).where(col.id == row.id, col.claimed_by == row.claimed_by,
                                    col.status == SENDING)
                .values(claimed_by=None, claimed_until=None, **values))
            recorded += int(result.rowcount)  # type: ignore[attr-defined]
        session.commit()
    return recorded


def attempt(transport: Transport, row: OutboxMessage, *, now: datetime,
            policy: RetryPolicy = RetryPolicy(),
            render: Renderer | None = None, witness: Renderer | None = None) -> dict[str, Any]:
    """Render and send one claimed row; returns the column values that record the result.

    ``witness`` stamps the row with its game's log head just before it is sent."""
    try:
        if row.template:
            if render is None:
                raise TransientError(f"no renderer for template {row.template!r}")
            render(row)
        if witness is not None:
            witness(row)
        transport.send(row)
    except PermanentError as exc:
        log.warning("outbox %s failed permanently: %s", row.id, exc)
        return {"status": FAILED, "last_error": str(exc)[:2000]}
    except Exception as exc:  # noqa: BLE001 - any other failure is retried
        if row.attempts >= policy.max_attempts:
            log.warning("outbox %s failed after %s attempts: %s", row.id, row.attempts, exc)
            return {"status": FAILED, "last_error": str(exc)[:2000]}
        return {"status": PENDING, "next_attempt_at": now + policy.delay(row.attempts),
                "last_error": str(exc)[:2000]}
    return {"status": SENT, "sent_at": now, "last_error": None}


def deliver(session_factory: SessionFactory, transport: Transport, row: OutboxMessage, *,
            now: datetime, policy: RetryPolicy = RetryPolicy(),
            render: Renderer | None = None) -> str:
    """Send one claimed row and record the result at once; returns the row's new status."""
    values = attempt(transport, row, now=now, policy=policy, render=render)
    _record(session_factory, [(row, values)])
    return str(values["status"])


def dispatch_pending(session_factory: SessionFactory, transport: Transport, now: datetime, *,
                     worker: str = "worker", batch: int = 200, max_batches: int | None = None,
                     policy: RetryPolicy = RetryPolicy(), render: Renderer | None = None,
                     record_every: int = 50, record_within: float = 0.2,
                     senders: int = 1, witness: Renderer | None = None) -> int:
    """Deliver every due row (batch by batch); returns how many were sent.

    Results are recorded in one transaction per ``record_every`` sends or ``record_within``
    seconds, whichever comes first (group commit: one disk flush for several messages).
    A crash can therefore leave at most that many sent rows unrecorded; they are sent
    again, with the same Message-ID, once another worker takes them over.
    ``record_every=1`` (with one sender) records each send before the next one starts, so
    only the message in flight at the crash (handed to the transport, not yet recorded) can
    be sent twice. Each row is checked to be still ours just before it is sent.
    """
    sent = 0
    batches = 0
    while max_batches is None or batches < max_batches:
        rows = claim(session_factory, now=now, worker=worker, limit=batch, policy=policy)
        if not rows:
            break
        batches += 1
        pending: list[tuple[OutboxMessage, dict[str, Any]]] = []
        since = time.monotonic()

        def one(row: OutboxMessage) -> dict[str, Any]:
            if not _still_ours(session_factory, row):  # released to the next lease holder
                return {"status": SKIPPED}
            return attempt(transport, row, now=now, policy=policy, render=render,
                           witness=witness)

        pool = ThreadPoolExecutor(max_workers=senders) if senders > 1 else None
        try:
            results = pool.map(one, rows) if pool is not None else map(one, rows)
            for row, values in zip(rows, results, strict=True):
                if values["status"] == SKIPPED:
                    continue
                pending.append((row, values))
                sent += values["status"] == SENT
                if len(pending) >= record_every or time.monotonic() - since >= record_within:
                    _record(session_factory, pending)
                    pending, since = [], time.monotonic()
        finally:
            if pool is not None:
                pool.shutdown(wait=True)
            _record(session_factory, pending)
    return sent


def retry_failed(session: Session, *, message_id: int, game_id: int | None = None) -> bool:
    """Put a failed row back in the queue (attempts reset). Returns False if not found/failed."""
    row = session.get(OutboxMessage, message_id)
    if row is None or row.status != FAILED or (game_id is not None and row.game_id != game_id):
        return False
    row.status, row.attempts, row.next_attempt_at, row.last_error = PENDING, 0, None, None
    session.add(row)
    return True
