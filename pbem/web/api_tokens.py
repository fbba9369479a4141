"""Personal API tokens: lookup for ``Authorization: Bearer`` and the ``/account/tokens`` page.

The page lists a user's tokens, creates one (its text is shown once, on the
page that answers the POST, and never stored) and revokes one. The routes are
added to the ``api`` blueprint by :mod:`pbem.web.api`.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from pbem.store.db import begin_write
from pbem.store.models.accounts import User
from pbem.store.models.api import ApiToken, hash_token, new_token, utcnow
from pbem.web.api_session import write_session
from pbem.web.db import db_session

NAME_MAX = 80
#: A user may hold this many unrevoked tokens at once.
MAX_ACTIVE = 20
#: ``last_used_at`` is written at most this often per token.
USE_RESOLUTION = timedelta(minutes=1)


def user_for_token(session: Session, token: str) -> User | None:
    """The owner of an unrevoked token (and note its use), else ``None``."""
    if not token:
        return None
    row = session.exec(select(ApiToken).where(ApiToken.token_hash == hash_token(token))).first()
    if row is None or row.revoked_at is not None:
        return None
    user = session.get(User, row.user_id)
    if user is None or not getattr(user, "is_active", True):
        return None
    session.commit()  # end the read (see pbem.web.api_session) before any write
    now = utcnow()
    last = row.last_used_at
    if last is None or as_aware(last) < now - USE_RESOLUTION:  # not a write per request
        try:
            begin_write(session)
            row.last_used_at = now
            session.add(row)
            session.commit()
        except OperationalError:  # a busy database must not refuse the call: it is a note
            session.rollback()
    return user


def as_aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def tokens_of(session: Session, user_id: int) -> list[ApiToken]:
    stmt = select(ApiToken).where(ApiToken.user_id == user_id).order_by(ApiToken.id.desc())  # type: ignore[union-attr]
    return list(session.exec(stmt))


def create_token(session: Session, user_id: int, name: str) -> str:
    """Store a new token's hash for ``user_id`` and return the token text (shown once)."""
    if session.in_transaction():
        session.commit()
    begin_write(session)
    token = new_token()
    session.add(ApiToken(user_id=user_id, name=name, token_hash=hash_token(token)))
    session.commit()
    return token


def _render(session: Session, *, status: int = 200, created: str | None = None,
            name: str = "", error: str | None = None) -> tuple[str, int]:
    html = render_template("lobby/tokens.html", tokens=tokens_of(session, current_user.id),
                           created=created, name=name, error=error)
    return html, status


@login_required
def tokens_page() -> tuple[str, int]:
    return _render(db_session())


@login_required
def create_token_view() -> tuple[str, int]:
    session = db_session()
    name = request.form.get("name", "").strip()
    error = None
    if not name:
        error = _("Give the token a name, so that you recognise it later.")
    elif len(name) > NAME_MAX:
        error = _("A token name has at most %(n)d characters.", n=NAME_MAX)
    elif sum(1 for t in tokens_of(session, current_user.id) if t.active) >= MAX_ACTIVE:
        error = _("You have %(n)d active tokens; revoke one first.", n=MAX_ACTIVE)
    if error:
        return _render(session, status=400, name=name, error=error)
    token = create_token(session, current_user.id, name)
    return _render(session, status=201, created=token)


@login_required
def revoke_token_view(token_id: int):  # noqa: ANN201 (a redirect response)
    session = write_session()
    begin_write(session)
    row = session.get(ApiToken, token_id)
    if row is None or row.user_id != current_user.id:
        abort(404)
    if row.revoked_at is None:
        row.revoked_at = utcnow()
        session.add(row)
        session.commit()
    flash(_("Token “%(name)s” revoked: it no longer opens the API.", name=row.name), "success")
    return redirect(url_for("api.tokens"))
