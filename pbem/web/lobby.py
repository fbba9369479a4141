"""Blueprint ``lobby``: the home page, my games, open games, the new-game form, join and leave.

The forms are plain HTML with Flask-WTF's CSRF token (``CSRFProtect`` checks
every POST); the rules (options, seats, the multi-seat rule, private games)
are the services' and the engine's: this module only translates HTTP.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import current_user, login_required

from pbem.engine import RulesError, Ruleset, available, load_ruleset
from pbem.engine.options import parse_form
from pbem.services import export as export_service
from pbem.services import games as game_service
from pbem.services import queries
from pbem.services.common import get_game, holders, seats_of
from pbem.ui import ui_for
from pbem.web import player_files
from pbem.web.api_errors import HANDLED, error_body, flash_text
from pbem.web.api_session import write_session
from pbem.web.db import db_session
from pbem.web.json_input import JSONInputError, parse_json
from pbem.web.play import game_options, refused, render_game, status_labels

bp = Blueprint("lobby", __name__)


# -- lists -----------------------------------------------------------------------------------
def card(game: Any, *, my_seats: list[str] | None = None, free: int | None = None) -> dict:
    """One game in a list (``lobby/_game_list.html``)."""
    try:  # a game whose ruleset is no longer installed is still listed, by its key
        ruleset = load_ruleset(game.ruleset_key)
        names = ui_for(ruleset).seat_names(seats_of(game), str(get_locale() or "en"))
        title = ruleset.title or game.ruleset_key
    except (*HANDLED, LookupError):
        names, title = {}, game.ruleset_key
    owed = json.loads(game.owed_seats) if game.status != "finished" else []
    mine = my_seats or []
    return {
        "id": game.id, "title": game.title, "status": game.status,
        "status_label": status_labels().get(game.status, game.status),
        "visibility": game.visibility, "ruleset_title": title, "ruleset_key": game.ruleset_key,
        "owed_to_me": any(s in mine for s in owed) and game.status == "active",
        "my_owed_names": [names.get(s, s) for s in owed if s in mine],
        "owed_names": [names.get(s, s) for s in owed] if game.status == "active" else [],
        "my_seat_names": [names.get(s, s) for s in mine],
        "free_seats": free, "deadline_at": game.deadline_at if game.status == "active" else None,
        "options": game_options(game) if game.status == "forming" else [],
    }


@bp.get("/")
def home() -> ResponseReturnValue:
    if current_user.is_authenticated:
        return redirect(url_for("lobby.my_games"))
    return render_template("lobby/home.html")


@bp.get("/games")
@login_required
def my_games() -> ResponseReturnValue:
    rows = queries.my_games(db_session(), current_user.id)
    cards = [card(r["game"], my_seats=r["seats"]) for r in rows]
    return render_template("lobby/my_games.html", cards=cards)


@bp.get("/games/open")
def open_games() -> ResponseReturnValue:
    rows = queries.open_games(db_session())
    cards = [card(r["game"], free=len(r["free_seats"])) for r in rows]
    return render_template("lobby/open_games.html", cards=cards)


# -- new game --------------------------------------------------------------------------------
def ruleset_choices() -> list[dict[str, str]]:
    out = []
    for key in available():
        try:
            out.append({"key": key, "title": load_ruleset(key).title or key})
        except Exception:  # a ruleset that fails to load is not offered
            continue
    return out


def option_fields(ruleset: Ruleset, values: dict[str, str]) -> list[dict[str, Any]]:
    """The ruleset's ``options_schema()`` as form fields, with the values typed so far."""
    fields = []
    ui, language = ui_for(ruleset), str(get_locale() or "en")
    for spec in ruleset.options_schema():
        name, kind = spec["name"], spec.get("type", "choice")
        if kind == "file":  # a document for the starting position: pbem/web/player_files.py
            fields.append(player_files.file_field(ruleset, spec, values))
            continue
        raw = values.get("opt_" + name)
        if kind == "bool":
            value: Any = bool(raw) if values else bool(spec.get("default"))
        else:
            value = raw if raw is not None else spec.get("default", "")
        choices = [c if isinstance(c, dict) else {"value": c, "label": str(c)}
                   for c in spec.get("choices", [])]
        fields.append({"name": name, "label": ui.text(str(spec.get("label", name)), language), "type": kind,
                       "value": value, "min": spec.get("min"), "max": spec.get("max"),
                       "choices": [{"value": c["value"], "label": ui.text(str(c.get("label", c["value"])), language)}
                                   for c in choices]})
    return fields


#: the largest file an option of type "json" may upload (a scenario file is a few dozen KB)
MAX_OPTION_FILE = 512 * 1024


def with_option_files(ruleset: Ruleset, form: Any, files: Any) -> Any:
    """The form with each ``"json"`` option's uploaded file (field ``opt_<name>``) as its text, so
    the one option parser reads it; a file that is too large or not UTF-8 is passed as invalid
    JSON (the parser refuses it naming the option)."""
    merged = form.copy()
    for spec in ruleset.options_schema():
        upload = files.get("opt_" + spec["name"]) if spec.get("type") == "json" else None
        if upload is None or not upload.filename:
            continue
        raw = upload.read(MAX_OPTION_FILE + 1)
        try:
            text = raw.decode("utf-8-sig") if len(raw) <= MAX_OPTION_FILE else "\x00"
        except UnicodeDecodeError:
            text = "\x00"
        merged["opt_" + spec["name"]] = text
    return merged


def parse_options(ruleset: Ruleset, form: Any) -> tuple[dict[str, Any], dict[str, str]]:
    """Form fields -> option values and per-field errors: the engine's one option parser
    (``pbem.engine.options.parse_form``), then the ruleset's own check of the whole options
    (``normalise_options``, e.g. an uploaded scenario's rules), its refusals worded by the game's
    UI package. A whole-options refusal goes to the uploaded file's field, else to the form."""
    schema = ruleset.options_schema()
    options, problems = parse_form(schema, form)
    language = str(get_locale() or "en")
    ui = ui_for(ruleset)
    if not problems:
        try:
            ruleset.normalise_options(options)
        except RulesError as err:
            field = next((f"opt_{s['name']}" for s in schema if s.get("type") == "json"
                          and options.get(s["name"]) is not None), "_form")
            return options, {field: f"{ui.refusal(err.to_dict(), language, ruleset)} [{err.rule_id}]"}
    return options, {field: ui.refusal(err.to_dict(), language, ruleset) for field, err in problems.items()}


def _render_new(ruleset: Ruleset, values: dict[str, str], errors: dict[str, str],
                status: int = 200) -> ResponseReturnValue:
    return render_template("lobby/new_game.html", rulesets=ruleset_choices(),
                           ruleset_key=ruleset.key, ruleset_title=ruleset.title or ruleset.key,
                           options=option_fields(ruleset, values), values=values,
                           errors=errors), status


@bp.route("/games/new", methods=["GET", "POST"])
@login_required
def new_game() -> ResponseReturnValue:
    source = request.form if request.method == "POST" else request.args
    choices = ruleset_choices()
    if not choices:
        abort(503, description=_("No game type is installed on this server."))
    key = source.get("ruleset") or choices[0]["key"]
    if key not in {c["key"] for c in choices}:
        abort(400, description=_("There is no game type '%(key)s'.", key=key))
    ruleset = load_ruleset(key)
    if request.method == "GET":
        return _render_new(ruleset, {}, {})
    values = request.form.to_dict()
    options, errors = parse_options(ruleset, with_option_files(ruleset, request.form, request.files))
    if errors:
        return _render_new(ruleset, values, errors, 400)
    position, errors = player_files.chosen_position(ruleset, options, request.form, request.files)
    if errors:
        return _render_new(ruleset, values, errors, 400)
    try:
        game = game_service.create_game(
            write_session(), organiser_id=current_user.id, ruleset_key=key,
            title=request.form.get("title", ""), options=options,
            visibility=request.form.get("visibility", "public"),
            deadline_hours=request.form.get("deadline_hours", "").strip() or None)
        if position is not None:
            player_files.keep_setup(game.id, position)
    except HANDLED as exc:
        status, body = error_body(exc)
        return _render_new(ruleset, values, {"_form": flash_text(body)}, status)
    flash(_("Game created. Take a seat, and invite the other players."), "success")
    return redirect(url_for("play.game", game_id=game.id))


@bp.post("/games/import")
@login_required
def import_game() -> ResponseReturnValue:
    """A new game from an export file (the same service as ``POST /api/v1/games/import``)."""
    upload = request.files.get("file")
    problem = None
    if upload is None or not upload.filename:
        problem = _("Choose an exported game file (.json) to import.")
    else:
        try:
            data = parse_json(upload.read())
        except JSONInputError as err:
            problem = " ".join((_("This file is not JSON: export a game from its page or the API."),
                                err.message))
    if problem is None:
        try:
            game = export_service.import_game(write_session(), data, organiser_id=current_user.id)
        except HANDLED as exc:
            problem = flash_text(error_body(exc)[1])
    if problem is not None:
        ruleset = load_ruleset(ruleset_choices()[0]["key"])
        return _render_new(ruleset, {}, {"_import": problem}, 400)
    flash(_("Game imported as a new game: you are its organiser."), "success")
    return redirect(url_for("play.game", game_id=game.id))


# -- seats -----------------------------------------------------------------------------------
@bp.post("/games/<int:game_id>/join")
@login_required
def join(game_id: int) -> ResponseReturnValue:
    seat = request.form.get("seat", "")
    token = request.form.get("invite_token") or None
    try:
        game_service.join_game(write_session(), game_id=game_id, user_id=current_user.id,
                               seat=seat, invite_token=token)
    except HANDLED as exc:
        if token and _invited(game_id, token):
            status, body = error_body(exc)
            return _render_invite(game_id, token, flash_text(body), status)
        return refused(game_id, exc)
    flash(_("You have taken your seat."), "success")
    return redirect(url_for("play.game", game_id=game_id))


@bp.post("/games/<int:game_id>/leave")
@login_required
def leave(game_id: int) -> ResponseReturnValue:
    try:
        game_service.leave_seat(write_session(), game_id=game_id, user_id=current_user.id,
                                seat=request.form.get("seat", ""))
    except HANDLED as exc:
        return refused(game_id, exc)
    flash(_("You have left the seat."), "success")
    return redirect(url_for("play.game", game_id=game_id))


def _invited(game_id: int, token: str) -> bool:
    try:
        game = get_game(db_session(), game_id)
    except HANDLED:
        return False
    return bool(game.invite_token) and hmac.compare_digest(game.invite_token.encode(), token.encode())


def _render_invite(game_id: int, token: str, error: str | None = None,
                   status: int = 200) -> ResponseReturnValue:
    """The invitation page: enough of a private game to choose a seat, nothing more."""
    session = db_session()
    game = get_game(session, game_id)
    held = {seat: row.user_id for seat, row in holders(session, game.id).items()}
    mine = [seat for seat, uid in held.items() if uid == current_user.id]
    if mine or game.organiser_id == current_user.id:  # a member sees the whole game page
        return render_game(game_id, status=status, invite_token=token, error=(
            {"text": error} if error else None))
    seats = [{**s, "taken": s["id"] in held} for s in seats_of(game)]
    offered = [s["id"] for s in seats if not s["taken"] and _may_take(game, s, mine)]
    return render_template("lobby/join.html", game=game, seats=seats, offered=offered,
                           token=token, error=error,
                           ruleset_title=load_ruleset(game.ruleset_key).title), status


def _may_take(game: Any, seat: dict[str, Any], mine: list[str]) -> bool:
    """The service's own multi-seat rule, so that the page offers what a join accepts."""
    if game.status == "finished":
        return False
    try:
        game_service._check_multi_seat(game, seat, mine)
    except HANDLED:
        return False
    return True


@bp.get("/games/<int:game_id>/join/<token>")
@login_required
def join_invite(game_id: int, token: str) -> ResponseReturnValue:
    if not _invited(game_id, token):
        abort(404, description=_("This invitation link is not valid (any more)."))
    return _render_invite(game_id, token)
