"""Blueprint ``board``: the generic game routes that dispatch to the game's UI package
(``pbem.ui.ui_for``): the board SVG, the history and its stepper, the forms of the game page,
the standing-orders page and the questions the page's script asks (``/query/<name>``).

The web core knows "a game", never a particular one: a family without such a page answers 404.
Authorization: reading goes through ``views.game_view`` (a private game is 404 to strangers) and
the one redacting read path (``services.reading``); every order goes through
``orders.submit_order``, which checks the seat holder; every POST carries the CSRF token.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import current_user, login_required

from pbem.engine import UnknownRuleset, load_ruleset
from pbem.int_input import strict_int
from pbem.services import reading, views
from pbem.store import snapshots
from pbem.ui import ui_for
from pbem.ui.base import FormFieldError
from pbem.web import order_limits
from pbem.web.api_errors import HANDLED, error_body
from pbem.web.db import db_session, read_only
from pbem.web.int_input import refuse_field
from pbem.web.play import back, load_view, refused

bp = Blueprint("board", __name__)


def language() -> str:
    return str(get_locale() or "en")


def read_for(data: dict[str, Any]) -> reading.Reader:
    return reading.Reader(db_session(), data["game"], data["seat"])


def _svg_response(body: str, etag: str, max_age: int, private: bool) -> Response:
    response = Response(body, mimetype="image/svg+xml")
    response.set_etag(etag)
    response.cache_control.max_age = max_age
    if private:
        response.cache_control.private = True
    else:
        response.cache_control.public = True
    return response.make_conditional(request)


@bp.get("/boards/<key>.svg")
def outline(key: str) -> ResponseReturnValue:
    """The bare board of a ruleset (outlines and names only): the same for everyone, cached a day."""
    try:
        ruleset = load_ruleset(key)
    except UnknownRuleset:
        abort(404)
    found = ui_for(ruleset).outline_svg(ruleset, language())
    if found is None:
        abort(404)
    svg, etag = found
    return _svg_response(svg, etag, 86400, private=False)


@bp.get("/games/<int:game_id>/board.svg")
@read_only
def game_board(game_id: int) -> ResponseReturnValue:
    """The board of a game now, as its viewer may see it (ETag: event seq, seat and language)."""
    data = load_view(game_id, request.args.get("seat") or None)
    if data["view"] is None:
        abort(404)
    etag = f"g{game_id}-{data['last_seq']}-{data['seat'] or 'spectator'}-{language()}"
    if request.if_none_match.contains(etag):
        return Response(status=304, headers={"ETag": f'"{etag}"'})
    svg = ui_for(data["ruleset"]).board_svg(data, read_for(data), language())
    if svg is None:
        abort(404)
    return _svg_response(svg, etag, 0, private=True)


@bp.get("/games/<int:game_id>/history")
@read_only
def history(game_id: int) -> ResponseReturnValue:
    data = load_view(game_id, request.args.get("seat") or None)
    if data["view"] is None:
        abort(404)
    found = ui_for(data["ruleset"]).history(data, read_for(data), request.args, language())
    if found is None:
        abort(404)
    template, context = found
    return render_template(template, **context)


@bp.get("/games/<int:game_id>/history/frame")
@read_only
def history_frame(game_id: int) -> ResponseReturnValue:
    data = load_view(game_id, request.args.get("seat") or None)
    if data["view"] is None:
        abort(404)
    found = ui_for(data["ruleset"]).history_frame(data, read_for(data), request.args, language())
    if found is None:
        abort(404)
    return jsonify(found)


@bp.get("/games/<int:game_id>/query/<name>")
@login_required
def query(game_id: int, name: str) -> ResponseReturnValue:
    """A question the game page's script asks about the viewer's own options (e.g. ``reachable``)."""
    seat = request.args.get("seat") or None
    session = db_session()
    try:
        data = views.game_view(session, game_id=game_id, user_id=current_user.id, seat=seat)
    except HANDLED as exc:
        status, body = error_body(exc)
        return jsonify(body), status
    if data["seat"] is None or not data["my_owed"]:
        return jsonify({"error": "Forbidden", "message": _("You owe no decision in this game now.")}), 403
    engine = snapshots.load_game(session, data["game"])
    try:
        answer = ui_for(data["ruleset"]).query(name, engine, data["seat"], request.args)
    except ValueError:
        return jsonify({"error": "BadRequest", "message": _("The question's arguments are not valid.")}), 400
    if answer is None:
        return jsonify({"error": "NotFound", "message": _("This game has no such question.")}), 404
    return jsonify(answer)


@bp.post("/games/<int:game_id>/form")
@login_required
def form_order(game_id: int) -> ResponseReturnValue:
    """The forms of a game's page (they work without JavaScript): the UI package turns the form
    into an order, the ordinary order path checks and stores it."""
    seat = request.form.get("seat", "")
    data = load_view(game_id, seat or None, answers=False)  # the game's UI: no engine answers needed
    try:
        order = ui_for(data["ruleset"]).form_order(request.form.get("kind", ""), request.form,
                                                   load_ruleset(data["ruleset"]))
    except FormFieldError as err:
        refuse_field(err.field_name, err.lo, err.hi)
    expected = strict_int(request.form.get("expected_seq", ""))
    if order is None or expected is None:
        abort(400)
    try:
        order_limits.submit(db_session(), game_id=game_id, user_id=current_user.id, seat=seat,
                            order=order, expected_seq=expected)
    except HANDLED as exc:
        return refused(game_id, exc, seat=seat)
    return back(game_id, _("Order accepted."), order=True)


@bp.route("/games/<int:game_id>/standing", methods=["GET", "POST"])
@login_required
def standing(game_id: int) -> ResponseReturnValue:
    """The standing orders of the viewer's seat (what the server decides for it when it is away)."""
    data = load_view(game_id, request.values.get("seat") or None)
    ui = ui_for(data["ruleset"])
    if data["seat"] is None or ui.standing_page(data, language(), error=None, saved=False) is None:
        abort(403, description=_("Only a player of this game has standing orders."))
    if request.method == "POST":
        order = ui.standing_order(data, request.form)
        try:
            order_limits.submit(db_session(), game_id=game_id, user_id=current_user.id, seat=data["seat"],
                                order=order, expected_seq=data["last_seq"])
        except HANDLED as exc:
            status, body = error_body(exc, data["ruleset"])
            return _standing_page(data, error=body.get("message"), status=status)
        return redirect(url_for("board.standing", game_id=game_id, seat=data["seat"], saved=1))
    return _standing_page(data)


def _standing_page(data: dict[str, Any], error: str | None = None, status: int = 200) -> ResponseReturnValue:
    found = ui_for(data["ruleset"]).standing_page(data, language(), error=error,
                                                  saved=bool(request.args.get("saved")))
    assert found is not None  # checked by the route
    template, context = found
    return render_template(template, **context), status
