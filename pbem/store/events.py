"""The append-only, hash-chained event log of each game (docs/event-log.md).

Every row's ``hash`` is the hex SHA-256 of the UTF-8 canonical JSON of::

    {"game_id", "seq", "seat", "type", "v", "payload", "created_at", "prev_hash"}

where ``created_at`` is ``YYYY-MM-DDTHH:MM:SS.ffffffZ`` (UTC) and ``prev_hash``
is the previous row's hash (:data:`GENESIS` for seq 1). A row is written once
and never updated; :func:`verify_chain` finds the first row that disagrees.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from pbem.engine.events import canonical_json
from pbem.store.errors import GameMissing, SeqConflict, _
from pbem.store.models.games import Event, Game
from pbem.timeutil import now_or

#: ``prev_hash`` of a game's first event.
GENESIS = "0" * 64


def iso(dt: datetime) -> str:
    """The fixed text form of a stored time used in hashes and exports (UTC, microseconds)."""
    return now_or(dt).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_iso(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


def event_hash(
    game_id: int,
    seq: int,
    seat: str | None,
    type_: str,
    v: int,
    payload: Any,
    created_at: str,
    prev_hash: str,
) -> str:
    """The hash of one log entry (``payload`` as the parsed JSON value)."""
    doc = {
        "game_id": game_id,
        "seq": seq,
        "seat": seat,
        "type": type_,
        "v": v,
        "payload": payload,
        "created_at": created_at,
        "prev_hash": prev_hash,
    }
    return hashlib.sha256(canonical_json(doc).encode("utf-8")).hexdigest()


def lock_game(session: Session, game_id: int) -> Game:
    """The game row, locked for this transaction (``FOR UPDATE``; SQLite: BEGIN IMMEDIATE)."""
    game = session.exec(
        select(Game)
        .where(Game.id == game_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).first()
    if game is None:
        raise GameMissing(_("There is no game %(game)s."), game=game_id)
    return game


def append(
    session: Session,
    game_id: int,
    expected_seq: int,
    events: Sequence[dict[str, Any]],
    user_id: int | None = None,
    now: datetime | None = None,
) -> list[Event]:
    """Insert ``events`` at seq ``expected_seq + 1...``; ``SeqConflict`` if the log moved on.

    The game row is locked and its ``last_seq`` advanced in the same transaction,
    so the stale check and the insert are atomic; ``UNIQUE(game_id, seq)`` turns
    any writer that slipped past into ``SeqConflict`` too. Does not commit.
    """
    game = lock_game(session, game_id)
    stored, prev = head(session, game_id) or (0, GENESIS)
    if expected_seq != game.last_seq or expected_seq != stored:
        now_at = max(stored, game.last_seq)
        raise SeqConflict(_("The game moved on: it is now at event %(seq)s."), last_seq=now_at,
                        seq=now_at)
    created = now_or(now)
    stamp = iso(created)
    rows: list[Event] = []
    for offset, event in enumerate(events, start=1):
        seq = expected_seq + offset
        if event.get("seq", seq) != seq:
            raise ValueError(f"event {event.get('seq')} appended at position {seq}")
        row = Event(
            game_id=game_id,
            seq=seq,
            seat=event.get("seat"),
            type=event["type"],
            v=event.get("v", 1),
            payload=canonical_json(event["payload"]),
            user_id=user_id,
            created_at=created,
            prev_hash=prev,
            hash=event_hash(
                game_id,
                seq,
                event.get("seat"),
                event["type"],
                event.get("v", 1),
                event["payload"],
                stamp,
                prev,
            ),
        )
        prev = row.hash
        rows.append(row)
    session.add_all(rows)
    game.last_seq = expected_seq + len(rows)
    game.updated_at = created
    session.add(game)
    try:
        session.flush()
    except IntegrityError as exc:  # only a clash on (game, seq) is a stale game; other errors propagate
        session.rollback()
        raise SeqConflict(_("Another order was stored at the same time; reload the game.")) from exc
    return rows


def import_rows(session: Session, game_id: int, rows: Sequence[dict[str, Any]]) -> list[Event]:
    """Store an imported log (export dicts) under ``game_id``, re-chained, keeping each time.

    The hashes change because ``game_id`` is part of them; the caller checked the
    export's own chain first. The game must have no events yet. Does not commit.
    """
    game = lock_game(session, game_id)
    if game.last_seq or head(session, game_id) is not None:
        raise SeqConflict(_("Game %(game)s already has events."), last_seq=game.last_seq,
                        game=game_id)
    prev, out = GENESIS, []
    for seq, src in enumerate(rows, start=1):
        stamp = src["created_at"]
        digest = event_hash(
            game_id, seq, src.get("seat"), src["type"], src.get("v", 1), src["payload"], stamp, prev
        )
        out.append(
            Event(
                game_id=game_id,
                seq=seq,
                seat=src.get("seat"),
                type=src["type"],
                v=src.get("v", 1),
                payload=canonical_json(src["payload"]),
                user_id=None,
                created_at=parse_iso(stamp),
                prev_hash=prev,
                hash=digest,
            )
        )
        prev = digest
    session.add_all(out)
    game.last_seq = len(out)
    session.add(game)
    session.flush()
    return out


def head(session: Session, game_id: int) -> tuple[int, str] | None:
    """``(seq, hash)`` of the game's last stored event, or None for an empty log: one probe of
    ``UNIQUE(game_id, seq)`` from its end (``ORDER BY seq DESC LIMIT 1``), however long the log."""
    row = session.exec(select(Event.seq, Event.hash).where(Event.game_id == game_id)
                       .order_by(col(Event.seq).desc()).limit(1)).first()
    return None if row is None else (int(row[0]), str(row[1]))


def load_rows(session: Session, game_id: int, after_seq: int = 0) -> list[Event]:
    """The stored rows after ``after_seq``, in order."""
    return list(
        session.exec(
            select(Event).where(Event.game_id == game_id, Event.seq > after_seq).order_by(Event.seq)
        )
    )


def to_dict(row: Any) -> dict[str, Any]:
    """The engine's event dict of a stored row (an :class:`Event` or a row of its columns)."""
    return {
        "seq": row.seq,
        "seat": row.seat,
        "type": row.type,
        "v": row.v,
        "payload": json.loads(row.payload),
    }


#: What an engine event is made of (:func:`to_dict`), read as plain columns by :func:`load`.
EVENT_COLUMNS = (col(Event.seq), col(Event.seat), col(Event.type), col(Event.v), col(Event.payload))


@cache
def _load_statement() -> Any:
    """:func:`load`'s statement (built once: every order and every new position runs it)."""
    return (select(*EVENT_COLUMNS)
            .where(col(Event.game_id) == bindparam("game_id"), col(Event.seq) > bindparam("after_seq"))
            .order_by(col(Event.seq)))


@cache
def _load_until_statement() -> Any:
    """:func:`load`'s statement with an upper bound (``until``)."""
    return _load_statement().where(col(Event.seq) <= bindparam("until"))


def load(session: Session, game_id: int, after_seq: int = 0, until: int | None = None) -> list[dict[str, Any]]:
    """The game's events after ``after_seq`` (and up to ``until``, if given) as engine event dicts
    (:func:`to_dict` of each row, read as plain columns rather than as rows of the session)."""
    if until is None:
        rows = session.execute(_load_statement(), {"game_id": game_id, "after_seq": after_seq})
    else:
        rows = session.execute(_load_until_statement(), {"game_id": game_id, "after_seq": after_seq, "until": until})
    return [to_dict(row) for row in rows]


def verify_chain(rows: Iterable[Any]) -> int | None:
    """The first position (seq) where the chain breaks, or ``None`` if every row agrees.

    Row ``i`` (from 1) must have seq ``i``, link to the hash of row ``i - 1`` and hash
    to its own ``hash``; a missing row breaks the chain at its seq.

    ``rows`` are :class:`Event` rows or export dicts with the same fields
    (``payload`` as JSON text or as a value, ``created_at`` as datetime or ISO text).
    """
    prev = GENESIS
    for expected, row in enumerate(rows, start=1):
        get = row.get if isinstance(row, dict) else lambda k, r=row: getattr(r, k)
        seq = get("seq")
        try:
            payload = get("payload")
            if isinstance(payload, str):
                payload = json.loads(payload)
            created = get("created_at")
            stamp = created if isinstance(created, str) else iso(created)
            digest = event_hash(
                get("game_id"),
                seq,
                get("seat"),
                get("type"),
                get("v"),
                payload,
                stamp,
                get("prev_hash"),
            )
        except (ValueError, TypeError, KeyError, AttributeError):
            return expected
        if seq != expected or get("prev_hash") != prev or get("hash") != digest:
            return expected
        prev = digest
    return None
