"""Tables of notifications: the outbox, the scheduler lease, preferences, vacations, deadlines.

Times are timezone-aware UTC ``datetime`` values (SQLModel's ``UTCDateTime``). Per-user and
per-game settings live here, keyed by ``user_id`` / ``game_id``, so that the
accounts and games tables stay as their owners wrote them. See docs/notifications.md.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from pbem.timeutil import utcnow  # noqa: F401 - re-exported for the models

#: OutboxMessage.status values. ``sending`` is a claimed row (see pbem/notify/outbox.py).
PENDING, SENDING, SENT, FAILED = "pending", "sending", "sent", "failed"
#: OutboxMessage.channel values.
EMAIL, WEBHOOK = "email", "webhook"
#: NotificationPreference.mode values.
EACH, DIGEST, NONE = "each", "digest", "none"
#: GameNotifySettings.policy values.
WAIT, EXTEND, ACT = "wait", "extend", "act"
POLICIES = (WAIT, EXTEND, ACT)
#: GameNotifySettings.deadline_mode values.
DURATION, DAILY = "duration", "daily"
#: SeatDeadline.outcome values.
ON_TIME, LATE, EXCUSED, POLICY, NOTHING_TO_DECIDE = (
    "on_time", "late", "excused", "policy", "nothing_to_decide")


class OutboxMessage(SQLModel, table=True):
    """One message to deliver (an email, or a chat webhook post), written in the
    transaction that causes it and delivered afterwards by the worker."""

    __tablename__ = "outbox_message"
    __table_args__ = (
        Index("ix_outbox_due", "status", "next_attempt_at"),
        UniqueConstraint("dedupe_key", name="uq_outbox_dedupe_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    channel: str = Field(default=EMAIL, max_length=10)
    #: What it is: your_turn, reminder, game_over, digest, password_reset, webhook...
    kind: str = Field(max_length=40, index=True)
    #: An email address, or the webhook URL for the webhook channel.
    to_address: str = Field(max_length=500)
    subject: str = Field(default="", max_length=300)
    text: str = Field(default="", sa_column=Column(Text, nullable=False))
    html: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    #: JSON object of extra headers (e.g. List-Unsubscribe), or the webhook JSON body.
    headers: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    #: For messages rendered at send time (pbem/notify/messages.py): the template name,
    #: and its JSON context of references (ids, seqs, deadline), never rendered secrets.
    template: str | None = Field(default=None, max_length=40)
    context: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    #: Stable per row: a retry after a crash carries the same Message-ID.
    message_id: str = Field(max_length=200, index=True)
    user_id: int | None = Field(default=None, index=True)
    game_id: int | None = Field(default=None, index=True)
    #: Set for messages that must be queued at most once (reminders, digests).
    dedupe_key: str | None = Field(default=None, max_length=200)
    status: str = Field(default=PENDING, max_length=10)
    attempts: int = Field(default=0)
    #: NULL means due at once.
    next_attempt_at: datetime | None = Field(default=None)
    #: Who claimed the row, and until when the claim holds (a dead worker's claim expires).
    claimed_by: str | None = Field(default=None, max_length=80)
    claimed_until: datetime | None = Field(default=None)
    sent_at: datetime | None = Field(default=None)
    last_error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)


class SchedulerLease(SQLModel, table=True):
    """A named lease: only its holder's scheduler acts until ``expires_at``."""

    __tablename__ = "scheduler_lease"

    name: str = Field(primary_key=True, max_length=40)
    holder: str = Field(max_length=80)
    expires_at: datetime


class NotificationPreference(SQLModel, table=True):
    """A user's choice of emails; no row means the defaults (each decision, 24 h and 2 h)."""

    __tablename__ = "notification_preference"

    user_id: int = Field(primary_key=True)
    mode: str = Field(default=EACH, max_length=10)
    #: JSON list of hours before a deadline at which to remind, e.g. "[24, 2]".
    reminder_hours: str = Field(default="[24, 2]", max_length=100)
    last_digest_at: datetime | None = Field(default=None)


class Vacation(SQLModel, table=True):
    """A span when a user is away: no reminders, and their deadlines are not missed."""

    __tablename__ = "vacation"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(index=True)
    starts_at: datetime
    ends_at: datetime


class GameNotifySettings(SQLModel, table=True):
    """A game's deadline rule, deadline policy and chat webhook (organiser's settings)."""

    __tablename__ = "game_notify_settings"

    game_id: int = Field(primary_key=True)
    deadline_mode: str = Field(default=DURATION, max_length=10)
    #: For the duration mode: hours per turn (NULL: no deadline).
    deadline_hours: int | None = Field(default=None)
    #: For the daily mode: wall-clock "HH:MM" in ``deadline_zone``.
    deadline_time: str | None = Field(default=None, max_length=5)
    deadline_zone: str = Field(default="UTC", max_length=60)
    policy: str = Field(default=WAIT, max_length=10)
    extend_hours: int = Field(default=24)
    excused_misses: int = Field(default=1)
    webhook_url: str | None = Field(default=None, max_length=500)


class SeatDeadline(SQLModel, table=True):
    """One decision a seat owed: when it opened, its deadline, and how it ended."""

    __tablename__ = "seat_deadline"
    __table_args__ = (Index("ix_seat_deadline_open", "closed_at", "due_at"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(index=True)
    seat: str = Field(max_length=40)
    user_id: int | None = Field(default=None, index=True)
    opened_seq: int
    opened_at: datetime
    due_at: datetime | None = Field(default=None)
    #: Extensions granted (excused misses and the "extend" policy).
    extensions: int = Field(default=0)
    #: True once this deadline was extended as an excused miss.
    excused: bool = Field(default=False)
    #: JSON list of the reminder hours already queued for this deadline.
    reminded: str = Field(default="[]", max_length=100)
    closed_at: datetime | None = Field(default=None)
    outcome: str | None = Field(default=None, max_length=20)


class ExcusedMiss(SQLModel, table=True):
    """How many excused misses a player has used in a game."""

    __tablename__ = "excused_miss"
    __table_args__ = (UniqueConstraint("game_id", "user_id", name="uq_excused_miss_game_user"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(index=True)
    user_id: int
    used: int = Field(default=0)


class Reliability(SQLModel, table=True):
    """A player's record over all games: turns on time / turns owed."""

    __tablename__ = "reliability"

    user_id: int = Field(primary_key=True)
    turns_owed: int = Field(default=0)
    turns_on_time: int = Field(default=0)
