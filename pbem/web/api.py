"""Blueprint ``api``: the JSON API under ``/api/v1`` and the ``/account/tokens`` page.

Authentication: ``Authorization: Bearer <personal token>`` (no CSRF: a browser
never sends that header across sites), else the logged-in browser session, whose
POSTs then need the ``X-CSRFToken`` header. Errors are JSON:
``{"error", "message"}`` plus ``rule_id`` for a refused order and ``last_seq``
for a stale one. The routes are described in :mod:`pbem.web.openapi`.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import datetime
from typing import Any

from flask import Blueprint, abort, current_app, g, jsonify, make_response, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user
from flask_wtf.csrf import CSRFError

from pbem.engine import available, load_ruleset
from pbem.int_input import strict_int
from pbem.services import export as export_service
from pbem.services import games as game_service
from pbem.services import orders as order_service
from pbem.services import queries, reading
from pbem.services.common import get_game
from pbem.store.models.api import hash_token
from pbem.web import api_log, api_tokens, odds, openapi, order_limits, player_files
from pbem.web.api_errors import HANDLED, error_body
from pbem.web.api_session import write_session
from pbem.web.db import db_session
from pbem.web.extensions import client_address, csrf, limiter
from pbem.web.json_input import JSONInputError, parse_json
from pbem.web.play import may_export, view_for

PREFIX = openapi.PREFIX
logger = logging.getLogger(__name__)
LOG_DEFAULT = 100
SEAT_ID = re.compile(openapi.SEAT_PATTERN.strip("^$"))

bp = Blueprint("api", __name__)
csrf.exempt(bp)  # checked below: bearer requests need none, session requests do


def _rate_key() -> str:
    """Per token when one is sent (hashed: the key is kept in the limiter's storage), else IP."""
    auth = request.headers.get("Authorization")
    return "api:" + (hash_token(auth)[:24] if auth else client_address())


limiter.limit(lambda: current_app.config.get("API_RATE_LIMIT", "300 per minute"),
              key_func=_rate_key)(bp)

bp.add_url_rule("/account/tokens", "tokens", api_tokens.tokens_page)
bp.add_url_rule("/account/tokens", "create_token", api_tokens.create_token_view,
                methods=["POST"])
bp.add_url_rule("/account/tokens/<int:token_id>/revoke", "revoke_token",
                api_tokens.revoke_token_view, methods=["POST"])
bp.add_url_rule(PREFIX + "/files", "files", player_files.api_files, methods=["GET", "POST"])
bp.add_url_rule(PREFIX + "/rulesets/<key>/check-position", "check_position", player_files.api_check_position,
                methods=["POST"])
bp.add_url_rule(PREFIX + "/rulesets/<key>/odds", "odds",
                limiter.limit(lambda: current_app.config.get("ODDS_RATE_LIMIT", "30 per minute"),
                              key_func=_rate_key)(odds.api_odds), methods=["POST"])


def fail(status: int, error: str, message: str, **extra: Any) -> ResponseReturnValue:
    response = jsonify({"error": error, "message": message, **extra})
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="pbem"'
    return response, status


def fail_with(exc: Exception, game_id: int | None = None) -> ResponseReturnValue:
    """The error as JSON; with ``game_id`` a refusal is worded by that game's UI package."""
    ruleset = None
    if game_id is not None:
        try:
            ruleset = get_game(db_session(), game_id).ruleset_key
        except HANDLED:
            ruleset = None
    status, body = error_body(exc, ruleset)
    return jsonify(body), status


def _csrf_ok() -> bool:
    if not current_app.config.get("WTF_CSRF_ENABLED", True):
        return True
    try:
        csrf.protect()
    except CSRFError:
        return False
    return True


@bp.before_request
def authenticate() -> ResponseReturnValue | None:
    """Who is calling: sets ``g.api_user``, or answers 401 (or 400 for a missing CSRF token)."""
    if not request.path.startswith(PREFIX + "/"):  # the token pages: session + CSRF form field
        if request.method == "POST" and not _csrf_ok():
            raise CSRFError("The CSRF token is missing or invalid.")
        return None
    if request.endpoint == "api.openapi_json":
        return None
    header = request.headers.get("Authorization")
    if header is not None:
        scheme, _sep, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return fail(401, "Unauthorized", _("Send the header 'Authorization: Bearer <token>'."))
        user = api_tokens.user_for_token(db_session(), token.strip())
        if user is None:
            return fail(401, "Unauthorized", _("This API token is unknown or has been revoked."))
        g.api_user = user
        return None
    if current_user.is_authenticated:
        if request.method not in ("GET", "HEAD", "OPTIONS") and not _csrf_ok():
            return fail(400, "CSRFError", _("A request from the browser session needs the "
                                            "X-CSRFToken header."))
        g.api_user = current_user._get_current_object()
        return None
    return fail(401, "Unauthorized", _("Log in, or send a personal API token "
                                       "(Authorization: Bearer <token>)."))


def uid() -> int:
    return int(g.api_user.id)


def body_object() -> dict[str, Any] | None:
    """The JSON object the request sent, None for a body of another shape; a body that is
    not acceptable JSON (too deep, NaN, a lone surrogate, a syntax error) ends the request
    with a 400 that says why."""
    if not request.is_json:
        return None
    try:
        data = parse_json(request.get_data(cache=True))
    except JSONInputError as err:
        abort(make_response(fail(400, "BadRequest", err.message)))
    return data if isinstance(data, dict) else None


def seat_arg() -> str | None:
    """The ``seat`` query parameter: None when absent or empty; a value that cannot be a
    seat id ends the request with a 400 (as the OpenAPI document says)."""
    seat = request.args.get("seat") or None
    if seat is not None and not SEAT_ID.fullmatch(seat):
        abort(make_response(fail(400, "BadRequest", bad_seat())))
    return seat


def bad_seat() -> str:
    return _("'seat' is a seat id: a lower-case letter, then lower-case letters, digits "
             "or '_'.")


def summary(game: Any, *, my_seats: list[str] | None = None) -> dict[str, Any]:
    return {
        "id": game.id, "title": game.title, "ruleset": game.ruleset_key, "status": game.status,
        "visibility": game.visibility, "owed_seats": json.loads(game.owed_seats),
        "my_seats": my_seats or [], "last_seq": game.last_seq,
        "deadline_at": iso(game.deadline_at), "url": url_for("play.game", game_id=game.id,
                                                             _external=True),
    }


def iso(value: datetime | None) -> str | None:
    """ISO 8601 in UTC with a ``Z`` (a naive value is taken to be UTC)."""
    return api_log.iso(value)


def view_json(data: dict[str, Any]) -> dict[str, Any]:
    """The service's game view without the ORM row, times as ISO 8601 UTC."""
    out = {k: v for k, v in data.items() if k != "game"}
    out["deadline_at"] = iso(data["deadline_at"])
    return out


# -- routes ----------------------------------------------------------------------------------
@bp.get(PREFIX + "/openapi.json")
def openapi_json() -> ResponseReturnValue:
    return jsonify(openapi.document(request.host_url.rstrip("/")))


@bp.get(PREFIX + "/rulesets")
def rulesets() -> ResponseReturnValue:
    out = []
    for key in available():
        try:
            rs = load_ruleset(key)
            seats = rs.seats(rs.normalise_options({}))
        except Exception:  # a ruleset that does not load is not offered (as on the pages)
            logger.exception("ruleset %s does not load", key)
            continue
        out.append({"key": key, "title": rs.title or key, "multi_seat": rs.multi_seat,
                    "options": rs.options_schema(), "seats": seats})
    return jsonify(out)


@bp.get(PREFIX + "/games")
def games() -> ResponseReturnValue:
    which = request.args.get("filter", "all")
    if which not in ("all", "mine", "open"):
        return fail(400, "BadRequest", _("filter is one of: all, mine, open."))
    session = db_session()
    out: dict[int, dict[str, Any]] = {}
    if which in ("all", "mine"):
        for row in queries.my_games(session, uid()):
            out[row["game"].id] = summary(row["game"], my_seats=row["seats"])
    if which in ("all", "open"):
        for row in queries.open_games(session):
            out.setdefault(row["game"].id, summary(row["game"]))
            out[row["game"].id]["free_seats"] = [s["id"] for s in row["free_seats"]]
    return jsonify(list(out.values()))


@bp.get(PREFIX + "/games/<int:game_id>")
def game(game_id: int) -> ResponseReturnValue:
    try:
        data = view_for(game_id, uid(), seat_arg())
    except HANDLED as exc:
        return fail_with(exc)
    return jsonify(view_json(data))


@bp.get(PREFIX + "/games/<int:game_id>/options")
def options(game_id: int) -> ResponseReturnValue:
    seat = seat_arg()
    try:
        data = view_for(game_id, uid(), seat)
    except HANDLED as exc:
        return fail_with(exc)
    if not data["my_seats"]:
        return fail(403, "Forbidden", _("You hold no seat in this game."))
    if seat is not None and seat not in data["my_seats"]:
        return fail(403, "Forbidden", _("You do not hold the seat '%(seat)s' in this game.",
                                        seat=seat))
    return jsonify({"seat": data["seat"], "last_seq": data["last_seq"],
                    "owes": bool(data["my_owed"]), "owed": data["my_owed"],
                    "options": data["legal"] or {}, "can_undo": data["can_undo"]})


def _submitted(game_id: int, result: Any, seat: str) -> ResponseReturnValue:
    ruleset = load_ruleset(get_game(db_session(), game_id).ruleset_key)
    shown = reading.redact_all(ruleset, result.events, seat)
    return jsonify({"events": shown, "last_seq": result.last_seq}), 201


def _invisible(game_id: int) -> ResponseReturnValue | None:
    """404 for a game the caller may not see (a private game says nothing to strangers)."""
    session = db_session()
    try:
        game_row = get_game(session, game_id)
    except HANDLED as exc:
        return fail_with(exc)
    if not queries.visible(session, game_row, uid()):
        return fail(404, "NotFound", _("There is no game %(id)s.", id=game_id))
    return None


def _seat_and_seq(body: dict[str, Any]) -> tuple[str, int] | str:
    seat, expected = body.get("seat"), body.get("expected_seq")
    if not isinstance(seat, str) or not seat:
        return _("'seat' (the seat you play for) is required.")
    if not SEAT_ID.fullmatch(seat):
        return bad_seat()
    if not isinstance(expected, int) or isinstance(expected, bool):
        return _("'expected_seq' (the last_seq your order is based on) is a required "
                 "integer.")
    return seat, expected


@bp.post(PREFIX + "/games/<int:game_id>/orders")
def submit(game_id: int) -> ResponseReturnValue:
    body = body_object()
    if body is None:
        return fail(400, "BadRequest", _('The body is a JSON object: {"seat", "order", '
                                         '"expected_seq"}.'))
    checked = _seat_and_seq(body)
    if isinstance(checked, str):
        return fail(400, "BadRequest", checked)
    if not isinstance(body.get("order"), dict):
        return fail(400, "BadRequest", _("'order' is a JSON object with a 'type' field."))
    seat, expected = checked
    hidden = _invisible(game_id)
    if hidden:
        return hidden
    try:
        result = order_limits.submit(write_session(), game_id=game_id, user_id=uid(),
                                     seat=seat, order=body["order"], expected_seq=expected)
    except HANDLED as exc:
        return fail_with(exc, game_id)
    return _submitted(game_id, result, seat)


@bp.post(PREFIX + "/games/<int:game_id>/undo")
def undo(game_id: int) -> ResponseReturnValue:
    checked = _seat_and_seq(body_object() or {})
    if isinstance(checked, str):
        return fail(400, "BadRequest", checked)
    seat, expected = checked
    hidden = _invisible(game_id)
    if hidden:
        return hidden
    try:
        result = order_service.undo(write_session(), game_id=game_id, user_id=uid(), seat=seat,
                                    expected_seq=expected)
    except HANDLED as exc:
        return fail_with(exc, game_id)
    return _submitted(game_id, result, seat)


def _int_arg(name: str, default: int, lo: int, hi: int) -> int | str:
    raw = request.args.get(name)  # present but empty is no number either (400)
    value = default if raw is None else strict_int(raw, lo, hi)
    if value is None:
        return _("'%(name)s' is a whole number between %(lo)s and %(hi)s.", name=name, lo=lo,
                 hi=hi)
    return value


@bp.get(PREFIX + "/games/<int:game_id>/log")
def log(game_id: int) -> ResponseReturnValue:
    after = _int_arg("after", 0, 0, api_log.MAX_SEQ)
    limit = _int_arg("limit", LOG_DEFAULT, 1, api_log.MAX_LIMIT)
    if isinstance(after, str) or isinstance(limit, str):
        return fail(400, "BadRequest", str(after if isinstance(after, str) else limit))
    try:
        data = view_for(game_id, uid(), seat_arg())
    except HANDLED as exc:
        return fail_with(exc)
    names = {s["id"]: s["name"] for s in data["seats"]}
    items = api_log.page(db_session(), game_id=game_id, ruleset=load_ruleset(data["ruleset"]),
                         seat=data["seat"], seat_names=names, after=after, limit=limit, view=data["view"])
    # the page ends where the rows read end, even when the last of them were hidden
    end = min(after + limit, data["last_seq"])
    return jsonify({"events": [api_log.as_json(i) for i in items], "last_seq": data["last_seq"],
                    "seat": data["seat"], "next_after": end if end < data["last_seq"] else None})


@bp.get(PREFIX + "/games/<int:game_id>/export")
def export(game_id: int) -> ResponseReturnValue:
    try:
        data = view_for(game_id, uid())
        if not may_export(data, load_ruleset(data["ruleset"])):
            return fail(403, "Forbidden", _("This game hides information from its players: "
                                            "it can be exported once it is over."))
        doc = export_service.export_game(db_session(), game_id)
    except HANDLED as exc:
        return fail_with(exc)
    response = jsonify(doc)
    response.headers["Content-Disposition"] = f'attachment; filename="pbem-game-{game_id}.json"'
    return response


@bp.post(PREFIX + "/games/<int:game_id>/start")
def start(game_id: int) -> ResponseReturnValue:
    """The organiser starts a forming game; ``{"position": {...}}`` starts it from a custom position."""
    body = body_object() if request.get_data(cache=True) else {}
    if body is None:
        return fail(400, "BadRequest", _('The body is a JSON object: {"position": {...}} or empty.'))
    if set(body) - {"position"}:
        return fail(400, "BadRequest", _("Unknown field '%(field)s': the body may hold only 'position'.",
                                         field=sorted(set(body) - {"position"})[0]))
    position = body.get("position")
    try:
        game_row = game_service.start_game(write_session(), game_id=game_id, user_id=uid(),
                                           position=position, uploaded=position is not None)
    except HANDLED as exc:
        return fail_with(exc, game_id)
    return jsonify(summary(game_row))


@bp.post(PREFIX + "/games/import")
def import_game() -> ResponseReturnValue:
    body = body_object()
    if body is None:
        return fail(400, "BadRequest", _("The body is a game export (a JSON object)."))
    try:
        game_row = export_service.import_game(write_session(), body, organiser_id=uid())
    except HANDLED as exc:
        return fail_with(exc)
    return jsonify(summary(game_row)), 201
