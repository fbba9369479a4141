"""Blueprint 'notifications' (``/n``): email preferences, vacations, one-click unsubscribe,
signed game links, the organiser's deadline settings and failed-email list, reliability.

Unsubscribe follows RFC 8058: ``POST /n/unsubscribe/<token>`` (what mail clients send for
``List-Unsubscribe-Post``) unsubscribes at once and is exempt from CSRF (the signed token is
the authority); ``GET`` shows a confirm page whose button posts the same address.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, time, timedelta
from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user, login_required
from itsdangerous import BadSignature, SignatureExpired
from sqlmodel import select

from pbem.notify.deadline_time import next_deadline, store_time, zone
from pbem.notify.i18n import gettext as t
from pbem.notify.messages import (
    OPEN_MAX_AGE,
    OPEN_SALT,
    UNSUBSCRIBE_MAX_AGE,
    UNSUBSCRIBE_SALT,
    serializer,
)
from pbem.notify.outbox import retry_failed
from pbem.notify.prefs import parse_reminder_hours, preference, reminder_hours
from pbem.services.notifications import reliability
from pbem.store.models.accounts import User
from pbem.store.models.games import ACTIVE, FINISHED, Game
from pbem.store.models.outbox import (
    DAILY,
    DURATION,
    FAILED,
    NONE,
    GameNotifySettings,
    OutboxMessage,
    Vacation,
)
from pbem.timeutil import as_utc
from pbem.web.db import db_session
from pbem.web.extensions import csrf
from pbem.web.notifications_forms import EmptyForm, GameSettingsForm, PreferencesForm, VacationForm

bp = Blueprint("notifications", __name__, url_prefix="/n")


def _render(template: str, **context: Any) -> str:
    return render_template(f"notifications/{template}", t=t, **context)


def _now() -> datetime:
    """The request's time (the edge of the system reads the clock)."""
    return datetime.now(UTC)


def reliability_text(user_id: int) -> str:
    on_time, owed = reliability(db_session(), user_id)
    if not owed:
        return t("no turns owed yet")
    return t("%(on_time)s of %(owed)s turns on time (%(pct)s%%)", on_time=on_time, owed=owed,
             pct=round(100 * on_time / owed))


@bp.app_template_global("reliability")
def reliability_global(user_id: int) -> str:
    """``{{ reliability(user.id) }}`` on profiles and league pairings."""
    return reliability_text(user_id)


# -- preferences and vacations -------------------------------------------------------------
@bp.route("/preferences", methods=["GET", "POST"])
@login_required
def preferences() -> ResponseReturnValue:
    session = db_session()
    pref = preference(session, current_user.id)
    form = PreferencesForm(obj=None if request.method == "POST" else pref)
    if request.method == "GET":
        form.reminder_hours.data = ", ".join(str(h) for h in reminder_hours(pref))
    if form.validate_on_submit():
        pref.mode = form.mode.data
        pref.reminder_hours = json.dumps(parse_reminder_hours(form.reminder_hours.data or ""))
        session.add(pref)
        session.commit()
        flash(t("Your email preferences are saved."), "success")
        return redirect(url_for(".preferences"))
    return _page(form, VacationForm(), status=400 if form.errors else 200)


def _page(form: PreferencesForm, vacation_form: VacationForm, status: int = 200) -> Any:
    vacations = db_session().exec(select(Vacation).where(
        Vacation.user_id == current_user.id).order_by(Vacation.starts_at)).all()  # type: ignore[arg-type]
    return _render("preferences.html", form=form, vacation_form=vacation_form,
                   vacations=vacations, delete_form=EmptyForm(),
                   reliability=reliability_text(current_user.id)), status


def _user_zone() -> Any:
    try:
        return zone(current_user.timezone or "UTC")
    except ValueError:
        return UTC


@bp.route("/vacations", methods=["POST"])
@login_required
def add_vacation() -> ResponseReturnValue:
    form = VacationForm()
    if not form.validate_on_submit():
        return _page(PreferencesForm(), form, status=400)
    tz = _user_zone()
    starts = datetime.combine(form.starts_on.data, time(0), tzinfo=tz)
    ends = datetime.combine(form.ends_on.data + timedelta(days=1), time(0), tzinfo=tz)
    session = db_session()
    session.add(Vacation(user_id=current_user.id, starts_at=starts.astimezone(UTC),
                         ends_at=ends.astimezone(UTC)))
    session.commit()
    flash(t("Vacation saved: no reminders, and your deadlines wait for you."), "success")
    return redirect(url_for(".preferences"))


@bp.route("/vacations/<int:vacation_id>/delete", methods=["POST"])
@login_required
def delete_vacation(vacation_id: int) -> ResponseReturnValue:
    if not EmptyForm().validate_on_submit():
        abort(400)
    session = db_session()
    row = session.get(Vacation, vacation_id)
    if row is None or row.user_id != current_user.id:
        abort(404)
    session.delete(row)
    session.commit()
    flash(t("Vacation removed."), "success")
    return redirect(url_for(".preferences"))


# -- unsubscribe and signed links ----------------------------------------------------------
def _token_data(token: str, salt: str, max_age: int) -> dict[str, Any]:
    try:
        data = serializer(salt).loads(token, max_age=max_age)
    except SignatureExpired:
        abort(410, description=t("This link has expired."))
    except BadSignature:
        abort(404, description=t("This link is not valid."))
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        abort(404, description=t("This link is not valid."))
    return data


@bp.route("/unsubscribe/<token>", methods=["GET"])
def unsubscribe_confirm(token: str) -> ResponseReturnValue:
    data = _token_data(token, UNSUBSCRIBE_SALT, UNSUBSCRIBE_MAX_AGE)
    user = db_session().get(User, data["u"])
    if user is None:
        abort(404, description=t("This link is not valid."))
    return _render("unsubscribe.html", token=token, email=user.email, done=False)


@bp.route("/unsubscribe/<token>", methods=["POST"])
@csrf.exempt
def unsubscribe(token: str) -> ResponseReturnValue:
    data = _token_data(token, UNSUBSCRIBE_SALT, UNSUBSCRIBE_MAX_AGE)
    session = db_session()
    user = session.get(User, data["u"])
    if user is None:
        abort(404, description=t("This link is not valid."))
    pref = preference(session, int(user.id))  # type: ignore[arg-type]
    pref.mode = NONE
    session.add(pref)
    session.commit()
    return _render("unsubscribe.html", token=token, email=user.email, done=True)


def game_url(game_id: int) -> str:
    for endpoint in ("play.game", "play.show", "play.game_page"):
        if endpoint in current_app.view_functions:
            return url_for(endpoint, game_id=game_id)
    return f"/games/{game_id}"


@bp.route("/open/<token>")
def open_game(token: str) -> ResponseReturnValue:
    data = _token_data(token, OPEN_SALT, OPEN_MAX_AGE)
    target = game_url(int(data.get("g", 0)))
    if not current_user.is_authenticated:
        return redirect(url_for("auth.login", next=target))
    if current_user.id != data["u"]:
        abort(403, description=t("This link was sent to another player. Log out first."))
    return redirect(target)


# -- the organiser's pages -----------------------------------------------------------------
def _organised_game(game_id: int) -> Game:
    game = db_session().get(Game, game_id)
    if game is None:
        abort(404)
    if game.organiser_id != current_user.id:
        abort(403, description=t("Only the organiser of this game may do that."))
    return game


@bp.route("/games/<int:game_id>/settings", methods=["GET", "POST"])
@login_required
def game_settings(game_id: int) -> ResponseReturnValue:
    game = _organised_game(game_id)
    session = db_session()
    settings = session.get(GameNotifySettings, game_id) or GameNotifySettings(
        game_id=game_id, deadline_hours=game.deadline_hours)
    form = GameSettingsForm(obj=settings)
    if form.validate_on_submit():
        if game.status == FINISHED:
            abort(409, description=t("This game is over."))
        for name in ("deadline_mode", "deadline_hours", "deadline_time", "policy",
                     "extend_hours", "excused_misses"):
            setattr(settings, name, getattr(form, name).data)
        settings.deadline_time = (form.deadline_time.data or "").strip() or None
        settings.deadline_zone = (form.deadline_zone.data or "UTC").strip()
        settings.webhook_url = form.webhook_url.data or None
        _apply_deadline_rule(game, settings)
        session.add_all([settings, game])
        session.commit()
        flash(t("Deadline settings saved."), "success")
        return redirect(url_for(".game_settings", game_id=game_id))
    return _render("game_settings.html", game=game, form=form,
                   deadline=as_utc(game.deadline_at)), 400 if form.errors else 200


def _apply_deadline_rule(game: Game, settings: GameNotifySettings) -> None:
    """Keep the game row's hours in step and give a running game its new deadline."""
    game.deadline_hours = settings.deadline_hours if settings.deadline_mode == DURATION else None
    if game.status == ACTIVE and json.loads(game.owed_seats or "[]"):
        if settings.deadline_mode == DAILY or settings.deadline_hours:
            game.deadline_at = store_time(Game, "deadline_at",
                                          next_deadline(settings, game, _now()))
        else:
            game.deadline_at = None


@bp.route("/games/<int:game_id>/outbox")
@login_required
def game_outbox(game_id: int) -> ResponseReturnValue:
    game = _organised_game(game_id)
    messages = db_session().exec(
        select(OutboxMessage).where(OutboxMessage.game_id == game_id)
        .order_by(OutboxMessage.id.desc()).limit(200)).all()  # type: ignore[union-attr]
    failed = [m for m in messages if m.status == FAILED]
    return _render("outbox.html", game=game, messages=messages, failed=failed,
                   retry_form=EmptyForm())


@bp.route("/games/<int:game_id>/outbox/<int:message_id>/retry", methods=["POST"])
@login_required
def retry_message(game_id: int, message_id: int) -> ResponseReturnValue:
    _organised_game(game_id)
    if not EmptyForm().validate_on_submit():
        abort(400)
    session = db_session()
    if not retry_failed(session, message_id=message_id, game_id=game_id):
        abort(404, description=t("There is no failed email with that number in this game."))
    session.commit()
    flash(t("The email is queued again."), "success")
    return redirect(url_for(".game_outbox", game_id=game_id))


@bp.route("/players/<int:user_id>")
@login_required
def player(user_id: int) -> ResponseReturnValue:
    user = db_session().get(User, user_id)
    if user is None or not user.is_active:
        abort(404)
    return _render("player.html", player=user, reliability=reliability_text(user_id))
