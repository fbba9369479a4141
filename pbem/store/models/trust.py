"""Tables of evidence and consent: snapshots kept as evidence, seat invitations.

* ``snapshot_evidence``: a snapshot that disagreed with the replay of the log. ``verify``
  moves it out of the cache into this table, where it stays (and every later ``verify``
  reports it) until an administrator clears it (``flask pbem clear-evidence``).
* ``seat_invitation``: the organiser asked someone to take over a seat; the seat changes
  only when the invited person accepts through the emailed link.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Text
from sqlmodel import Field, SQLModel

from pbem.store.models.games import utcnow

#: SeatInvitation.status values.
INVITED, ACCEPTED, CANCELLED = "invited", "accepted", "cancelled"


class SnapshotEvidence(SQLModel, table=True):
    __tablename__ = "snapshot_evidence"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seq: int
    data: str = Field(sa_column=Column(Text, nullable=False))
    rules_version: str = Field(max_length=40)
    digest: str = Field(max_length=64)
    #: When the snapshot was taken, and when verify found it disagreeing.
    taken_at: datetime
    found_at: datetime = Field(default_factory=utcnow)
    problem: str = Field(max_length=500)


class SeatInvitation(SQLModel, table=True):
    __tablename__ = "seat_invitation"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: str = Field(max_length=40)
    #: The address the organiser typed (normalised); nobody learns whether it has an account.
    email: str = Field(max_length=254)
    invited_by: int = Field(foreign_key="user.id")
    status: str = Field(default=INVITED, max_length=10)
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    accepted_by: int | None = Field(default=None, foreign_key="user.id")
    accepted_at: datetime | None = Field(default=None)
