"""Personal API tokens: a user's bearer credentials for ``/api/v1``.

Only the SHA-256 of a token is stored; the token itself is shown once, when
it is created. A revoked token keeps its row (``revoked_at`` set) so that the
token page can list it and the hash is never reused.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from sqlmodel import Field, SQLModel

from pbem.timeutil import utcnow  # noqa: F401 - re-exported for the models

#: Every token starts with this prefix, so that a leaked one is recognisable.
TOKEN_PREFIX = "pbem_"


def hash_token(token: str) -> str:
    """Hex SHA-256 of a token's UTF-8 text: what the table stores and looks up."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh random token (256 bits), to be shown to its owner once."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


class ApiToken(SQLModel, table=True):
    """One personal API token of a user."""

    __tablename__ = "api_token"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    name: str = Field(max_length=80)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    created_at: datetime = Field(default_factory=utcnow)
    last_used_at: datetime | None = Field(default=None)
    revoked_at: datetime | None = Field(default=None)

    @property
    def active(self) -> bool:
        return self.revoked_at is None
