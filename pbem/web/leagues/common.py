"""The league blueprint and its helpers: acting on a form, refusals, the viewer's role."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, NoReturn

from flask import Blueprint, abort, flash, redirect, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user

from pbem.engine import RulesError
from pbem.int_input import strict_int
from pbem.services.leagues.common import require_member
from pbem.web.api_errors import HANDLED, error_body, flash_text
from pbem.web.db import db_session

bp = Blueprint("leagues", __name__)


@bp.before_request
def _login_first() -> ResponseReturnValue | None:
    """Every league page needs a login, except the signed calendar feed."""
    if request.endpoint == "leagues.calendar_feed" or current_user.is_authenticated:
        return None
    from flask_login import login_url

    return redirect(login_url("auth.login", next_url=request.full_path.rstrip("?")))


def now() -> datetime:
    return datetime.now(UTC)


def uid() -> int:
    return int(current_user.id)


def message(exc: BaseException) -> str:
    """A refusal as the viewer reads it (rule refusals translated from their template)."""
    if isinstance(exc, RulesError):
        try:
            text = _(exc.key).format(**exc.params)
        except (KeyError, IndexError, ValueError):
            text = exc.message
        return f"{text} [{exc.rule_id}]"
    return flash_text(error_body(exc)[1])


def fail(exc: BaseException) -> NoReturn:
    abort(error_body(exc)[0], description=message(exc))


def act(fn: Callable[[], Any], back: str, done: str | None = None) -> ResponseReturnValue:
    """Run a use case for a form; flash its outcome and go back (a refusal: status 303 too,
    with the message shown on the page it returns to)."""
    try:
        fn()
    except HANDLED as exc:
        db_session().rollback()
        status = error_body(exc)[0]
        if status in (403, 404):
            abort(status, description=message(exc))
        flash(message(exc), "error")
        return redirect(back)
    if done:
        flash(done, "success")
    return redirect(back)


def member_role(club_id: int) -> str:
    try:
        return require_member(db_session(), club_id, uid())
    except HANDLED as exc:
        fail(exc)


def form_int(name: str) -> int | None:
    return strict_int(request.form.get(name, ""))


def parse_date(text: str | None) -> datetime | None:
    """A form's date (YYYY-MM-DD) as midnight in the viewer's time zone, in UTC."""
    from datetime import date, time
    from zoneinfo import ZoneInfo

    from pbem.web.i18n import timezone_names

    try:
        day = date.fromisoformat((text or "").strip())
    except ValueError:
        return None
    name = getattr(current_user, "timezone", None)
    zone = ZoneInfo(name if name in timezone_names() else "UTC")
    return datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)
