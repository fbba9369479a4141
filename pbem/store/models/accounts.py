"""Accounts: the ``user`` table.

E-mail addresses are stored lower-cased. An address is unique among *confirmed* accounts only
(``email_confirmed``, a partial unique index): registering never tells whether an address
already has an account, so a registration with a taken address makes a new, unconfirmed account
that can never be confirmed (pbem/web/auth.py). ``password_hash`` is a werkzeug
``generate_password_hash`` string. ``session_version`` is part of the Flask-Login id
(``"<id>:<session_version>:<issued>"``) and goes up when the password changes or the user
logs out, which ends every session and remember-me cookie of the user; ``issued`` (Unix
seconds of the login) lets the web layer refuse a login older than the remember-me
duration. Times are aware UTC.
"""

from __future__ import annotations

import hashlib
import time
import warnings
from datetime import datetime

from flask_login import UserMixin
from sqlalchemy import Index, text
from sqlmodel import Field, SQLModel
from werkzeug.security import check_password_hash, generate_password_hash

from pbem.timeutil import utcnow  # noqa: F401 - re-exported for the models

LANGUAGES = ("en", "it")


def normalize_email(email: str) -> str:
    """The form an address is stored and looked up in: stripped and lower-cased."""
    return email.strip().lower()


# ``is_active`` is both a column and Flask-Login's flag: the column deliberately shadows
# UserMixin's constant property, which pydantic would otherwise warn about.
warnings.filterwarnings("ignore", message='Field name "is_active" in "User" shadows')


class User(SQLModel, UserMixin, table=True):
    """A club organiser or player (Flask-Login's ``UserMixin``)."""

    __tablename__ = "user"
    __table_args__ = (
        # one confirmed account per address (unconfirmed ones may share it, see the module doc)
        Index("uq_user_email_confirmed", "email", unique=True,
              sqlite_where=text("email_confirmed"), postgresql_where=text("email_confirmed")),
    )

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, index=True)
    #: the owner of ``email`` opened the confirmation link (or the account predates confirmation)
    email_confirmed: bool = Field(default=False)
    display_name: str = Field(max_length=60)
    password_hash: str = Field(max_length=255)
    timezone: str = Field(default="Europe/Rome", max_length=64)
    language: str = Field(default="en", max_length=8)
    created_at: datetime = Field(default_factory=utcnow)
    is_active: bool = Field(default=True)
    session_version: int = Field(default=1)
    last_login_at: datetime | None = Field(default=None)
    password_changed_at: datetime | None = Field(default=None)

    # Flask-Login ------------------------------------------------------------------------
    def get_id(self) -> str:
        """Called by ``login_user``: the session and remember-me cookie carry the login time."""
        return f"{self.id}:{self.session_version}:{int(time.time())}"

    # Passwords --------------------------------------------------------------------------
    def set_password(self, password: str, method: str = "scrypt") -> None:
        """Store a new password hash (werkzeug ``method``); other sessions and reset links
        stop working."""
        self.password_hash = generate_password_hash(password, method=method)
        self.session_version = (self.session_version or 0) + 1
        self.password_changed_at = utcnow()

    def check_password(self, password: str) -> bool:
        return check_password_hash(self.password_hash, password)

    def password_fingerprint(self) -> str:
        """A short digest of the current password hash (reset links carry it)."""
        return hashlib.sha256(self.password_hash.encode("utf-8")).hexdigest()[:16]
