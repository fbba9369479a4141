"""Tables of the verifiable dice (docs/dice.md).

``dice_seed``: the secret seed of each dice period of a game. The seed is read
only by the server's dice source (:mod:`pbem.services.dice`) until its period is
revealed in the log; pages show the log, never this table.
``dice_ledger_link``: the read-only ledger links an organiser published (signed
tokens carry the ``nonce``; revoking sets ``revoked_at``).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from pbem.store.models.games import utcnow


class DiceSeed(SQLModel, table=True):
    __tablename__ = "dice_seed"
    __table_args__ = (UniqueConstraint("game_id", "period", name="uq_dice_seed_game_period"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    period: int
    #: 64 hex characters from ``secrets.token_hex(32)``; secret until ``revealed_at``.
    seed: str = Field(max_length=64)
    #: hex SHA-256 of the seed, as logged in ``dice.committed``.
    commitment: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    revealed_at: datetime | None = Field(default=None)


class DiceLedgerLink(SQLModel, table=True):
    __tablename__ = "dice_ledger_link"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    nonce: str = Field(max_length=64, unique=True)
    created_by: int = Field(foreign_key="user.id")
    created_at: datetime = Field(default_factory=utcnow)
    revoked_at: datetime | None = Field(default=None)
