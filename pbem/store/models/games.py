"""Tables of games: the game row, its seat holders, the event log and the snapshot cache.

Times are aware UTC ``datetime`` values (SQLModel's ``UTCDateTime``: TIMESTAMPTZ
on PostgreSQL, UTC text on SQLite); the web layer shows them in each viewer's time
zone. JSON columns are TEXT written with ``canonical_json`` so that no ORM ever
mutates them in place. See docs/event-log.md.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from pbem.timeutil import as_utc, utcnow  # noqa: F401 - re-exported for the models

#: Game.status values.
FORMING, ACTIVE, PAUSED, FINISHED = "forming", "active", "paused", "finished"
STATUSES = (FORMING, ACTIVE, PAUSED, FINISHED)
PUBLIC, PRIVATE = "public", "private"


class Game(SQLModel, table=True):
    """One game: metadata plus columns denormalised from its log for lists and pages."""

    __tablename__ = "game"

    id: int | None = Field(default=None, primary_key=True)
    ruleset_key: str = Field(max_length=40, index=True)
    ruleset_version: str = Field(max_length=40)
    title: str = Field(max_length=200)
    visibility: str = Field(default=PUBLIC, max_length=10)
    invite_token: str | None = Field(default=None, max_length=64)
    organiser_id: int = Field(foreign_key="user.id", index=True)
    status: str = Field(default=FORMING, max_length=10, index=True)
    options: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    last_seq: int = Field(default=0)
    #: JSON list of the seat ids that owe a decision now.
    owed_seats: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    deadline_hours: int | None = Field(default=None)
    deadline_at: datetime | None = Field(default=None, index=True)
    #: JSON of the engine's result once finished, else NULL.
    result: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    #: JSON {"game_id", "hash", "exported_at"} of the export a game was imported from.
    origin: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class SeatHolder(SQLModel, table=True):
    """Who holds a seat now (the history of holders lives in the event log)."""

    __tablename__ = "seat_holder"
    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_seat_holder_game_seat"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: str = Field(max_length=40)
    user_id: int = Field(foreign_key="user.id", index=True)
    joined_at: datetime = Field(default_factory=utcnow)


class Event(SQLModel, table=True):
    """One entry of a game's append-only, hash-chained log. Rows are never updated."""

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_event_game_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    seq: int
    seat: str | None = Field(default=None, max_length=40)
    type: str = Field(max_length=80)
    v: int = Field(default=1)
    payload: str = Field(sa_column=Column(Text, nullable=False))
    user_id: int | None = Field(default=None, foreign_key="user.id")
    created_at: datetime
    prev_hash: str = Field(max_length=64)
    hash: str = Field(max_length=64)


class Snapshot(SQLModel, table=True):
    """A cache of ``Game.snapshot()`` at a turn boundary; always safe to delete."""

    __tablename__ = "snapshot"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_snapshot_game_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    seq: int
    data: str = Field(sa_column=Column(Text, nullable=False))
    rules_version: str = Field(max_length=40)
    #: Hex SHA-256 of ``data`` (UTF-8): a damaged row is recognised before it is used.
    digest: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
