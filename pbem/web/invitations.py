"""Blueprint ``invitations``: the organiser invites a player to a seat; the invitee accepts.

``POST /games/<id>/replace`` (the organiser's "give a seat" form) sends an invitation and
answers the same redirect whatever the address; ``/invitations/<token>`` shows it to the
invited person (logged in), who accepts it with a button. The token is signed and expires
with the invitation (pbem/services/invitations.py).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask import Blueprint, abort, current_app, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import current_user, login_required
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlmodel import select

from pbem.engine.registry import load_ruleset
from pbem.services import invitations
from pbem.services.common import get_game, seats_of
from pbem.store.models.accounts import User
from pbem.store.models.trust import SeatInvitation
from pbem.ui import ui_for
from pbem.web.api_errors import HANDLED, error_body
from pbem.web.api_session import write_session
from pbem.web.auth import absolute_url, send_account_email
from pbem.web.db import db_session

bp = Blueprint("invitations", __name__)
SALT = "pbem-seat-invitation"


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=SALT)


def token_for(row: SeatInvitation) -> str:
    return _serializer().dumps({"i": row.id})


def _from_token(token: str) -> int:
    max_age = timedelta(days=invitations.INVITATION_DAYS).total_seconds()
    try:
        data = _serializer().loads(token, max_age=max_age)
    except BadSignature:  # also SignatureExpired
        abort(404, description=_("This invitation link is invalid or has expired. Ask the "
                                 "organiser for a new one."))
    if not isinstance(data, dict) or not isinstance(data.get("i"), int):
        abort(404)
    return int(data["i"])


def _seat_name(game: Any, seat: str, language: str) -> str:
    """The seat's name in ``language`` (its game's vocabulary); the English name, or the id, for a
    game whose ruleset is no longer installed."""
    try:
        return ui_for(load_ruleset(game.ruleset_key)).seat_names(seats_of(game), language).get(seat, seat)
    except (*HANDLED, LookupError, ValueError):
        return next((str(s.get("name", seat)) for s in seats_of(game) if s["id"] == seat), seat)


def invite_view(game_id: int) -> ResponseReturnValue:
    """The organiser's form (already checked to be the organiser's): same answer for any
    address; the email goes out in the invitee's language if the address has an account."""
    from pbem.web.play import back, refused

    session = write_session()
    try:
        row = invitations.invite(session, game_id=game_id, user_id=current_user.id,
                                 seat=request.form.get("seat", ""),
                                 email=request.form.get("email", ""))
    except HANDLED as exc:
        return refused(game_id, exc)
    game = get_game(session, game_id)
    known = session.exec(select(User).where(User.email == row.email,  # its confirmed account
                                            User.email_confirmed == True)).first()  # noqa: E712
    language = known.language if known is not None else str(current_user.language or "en")
    send_account_email(row.email, language, "seat_invitation", "seat_invitation",
                       user_id=known.id if known is not None else None,
                       organiser=current_user.display_name, game_title=game.title,
                       ruleset_key=game.ruleset_key, seat=_seat_name(game, row.seat, language),
                       accept_url=absolute_url("invitations.show", token=token_for(row)),
                       days=invitations.INVITATION_DAYS)
    session.commit()
    return back(game_id, _("We sent an invitation to %(email)s. The seat changes hands when "
                           "they accept it (the link works for %(days)s days).",
                           email=row.email, days=invitations.INVITATION_DAYS))


@bp.get("/invitations/<token>")
@login_required
def show(token: str) -> ResponseReturnValue:
    try:
        row = invitations.for_invitee(db_session(), _from_token(token), current_user.id)
    except HANDLED as exc:
        status, body = error_body(exc)
        abort(status, description=body["message"])
    game = get_game(db_session(), row.game_id)
    organiser = db_session().get(User, row.invited_by)
    return render_template("play/invitation.html", token=token, game=game, invitation=row,
                           seat=_seat_name(game, row.seat, str(get_locale() or "en")),
                           organiser=organiser.display_name if organiser else "?")


@bp.post("/invitations/<token>")
@login_required
def accept(token: str) -> ResponseReturnValue:
    from pbem.web.play import back

    invitation_id = _from_token(token)
    try:
        row = invitations.accept(write_session(), invitation_id=invitation_id,
                                 user_id=current_user.id)
    except HANDLED as exc:
        status, body = error_body(exc)
        abort(status, description=body["message"])
    return back(row.game_id, _("You accepted the invitation: the seat is yours."))


@bp.post("/games/<int:game_id>/invitations/<int:invitation_id>/cancel")
@login_required
def cancel(game_id: int, invitation_id: int) -> ResponseReturnValue:
    from pbem.web.play import back, refused

    try:
        invitations.cancel(write_session(), game_id=game_id, user_id=current_user.id,
                           invitation_id=invitation_id)
    except HANDLED as exc:
        return refused(game_id, exc)
    return back(game_id, _("The invitation is cancelled."))
