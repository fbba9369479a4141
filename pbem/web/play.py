"""Blueprint ``play``: the game page, orders, undo, dice salt, export and organiser controls.

Every POST redirects to the game page when it worked (POST/redirect/GET). When a
service or the engine refuses, the page is rendered again with the error's HTTP
status, its message and rule id, and what the player typed (no redirect), so a
refused order is never lost. The page shows only ``Ruleset.view(state, seat)`` and the log
through the one redacting read path (``services.reading``), in sentences of the game's UI
package (``pbem.ui``), which also draws the position section: never the raw state.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import force_locale, get_locale
from flask_babel import gettext as _
from flask_login import current_user, login_required
from markupsafe import Markup

from pbem.engine import Ruleset, load_ruleset
from pbem.engine.events import canonical_json
from pbem.int_input import strict_int
from pbem.services import export as export_service
from pbem.services import games as game_service
from pbem.services import orders as order_service
from pbem.services import reading, views
from pbem.services.errors import BadRequest
from pbem.services.invitations import pending as pending_invitations
from pbem.ui import ui_for
from pbem.web import api_log, order_limits, page_cache
from pbem.web.api_errors import HANDLED, error_body, flash_text
from pbem.web.api_session import write_session
from pbem.web.db import db_session, read_only
from pbem.web.json_input import JSONInputError, parse_json

bp = Blueprint("play", __name__)

LOG_PAGE = 50


def status_labels() -> dict[str, str]:
    return {"forming": _("forming (looking for players)"), "active": _("in progress"),
            "paused": _("paused"), "finished": _("finished")}


def option_summary(ruleset: Ruleset, options: dict[str, Any]) -> list[tuple[str, str]]:
    """A game's options as ``(label, value)`` lines, named by the ruleset's option schema (every
    option, defaults included, so players know the game before they join)."""
    out = []
    for spec in ruleset.options_schema():
        value = options.get(spec["name"], spec.get("default"))
        if spec.get("type") == "bool" or spec.get("type") in ("json", "file"):  # a file: uploaded or not
            shown = _("yes") if value else _("no")
        else:
            choices = [c if isinstance(c, dict) else {"value": c} for c in spec.get("choices", [])]
            labels = {c["value"]: c.get("label", str(c["value"])) for c in choices}
            shown = labels.get(value, str(value))
        out.append((str(spec.get("label", spec["name"])), str(shown)))
    return out


def game_options(game: Any) -> list[tuple[str, str]]:
    """The game's options as (label, value) in the reader's language (the game's UI translates)."""
    return list(_options_text(game.ruleset_key, game.options or "{}", str(get_locale() or "en")))


@lru_cache(maxsize=1024)
def _options_text(ruleset_key: str, options: str, lang: str) -> tuple[tuple[str, str], ...]:
    """:func:`game_options` of a game of ``ruleset_key`` with ``options`` (JSON text) in ``lang``:
    a function of those alone (the rulesets and catalogs do not change while a process runs)."""
    try:
        ruleset = load_ruleset(ruleset_key)
        with force_locale(lang):
            pairs = option_summary(ruleset, json.loads(options))
    except (*HANDLED, LookupError, ValueError):
        return ()
    ui = ui_for(ruleset)
    return tuple((ui.text(label, lang), ui.text(value, lang)) for label, value in pairs)


def user_id() -> int | None:
    return current_user.id if current_user.is_authenticated else None


# -- reading ---------------------------------------------------------------------------------
def view_for(game_id: int, uid: int | None, seat: str | None = None, *, answers: bool = True) -> dict[str, Any]:
    """``views.game_view`` for ``uid``: as ``seat`` if theirs, else as a seat of theirs that
    owes a decision, else as their first seat. Raises the service's errors. ``answers=False``:
    without the engine's ``view`` and ``legal`` (``views.add_answers``)."""
    session = db_session()
    data = views.game_view(session, game_id=game_id, user_id=uid, seat=seat, answers=answers)
    if seat is None and not data["my_owed"]:
        owing = {o["seat"] for o in data["owed"]}
        mine_owing = [s for s in data["my_seats"] if s in owing]
        if mine_owing:
            data = views.game_view(session, game_id=game_id, user_id=uid, seat=mine_owing[0], answers=answers)
    return data


def load_view(game_id: int, seat: str | None = None, *, answers: bool = True) -> dict[str, Any]:
    """:func:`view_for` the current user; aborts with the error's status for a page."""
    try:
        data = view_for(game_id, user_id(), seat, answers=answers)
    except HANDLED as exc:
        status, body = error_body(exc)
        abort(status, description=body["message"])
    return data


def summarise(view: Any) -> list[tuple[str, str]]:
    """A readable summary of a view: top-level scalars, and small mappings of scalars."""
    if not isinstance(view, dict):
        return []
    out = []
    for key, value in view.items():
        label = str(key).replace("_", " ")
        if isinstance(value, str | int | float | bool) or value is None:
            out.append((label, "—" if value is None else str(value)))
        elif isinstance(value, dict) and len(value) <= 12 and all(
                isinstance(v, str | int | float | bool) for v in value.values()):
            out.append((label, ", ".join(f"{k}: {v}" for k, v in value.items())))
    return out


def order_label(order: dict[str, Any]) -> str:
    rest = ", ".join(f"{k} {canonical_json(v)}" for k, v in order.items() if k != "type")
    return f"{order.get('type', '?')} ({rest})" if rest else str(order.get("type", "?"))


def offered_seats(data: dict[str, Any], uid: int | None) -> list[str]:
    """Free seats this user may take now (the service checks again on join)."""
    if uid is None or data["status"] == "finished":
        return []
    game = data["game"]
    mine = list(data["my_seats"])
    out = []
    for seat in data["seats"]:
        if seat["user_id"] is not None:
            continue
        try:  # the service's own multi-seat rule, so the page offers what a join accepts
            game_service._check_multi_seat(game, seat, mine)
        except HANDLED:
            continue
        out.append(seat["id"])
    return out


def may_export(data: dict[str, Any], ruleset: Ruleset) -> bool:
    """Who may download the whole (unredacted) log: see docs/api.md, "Export"."""
    if data["status"] == "forming":
        return False
    if data["status"] == "finished":
        return True
    return reading.open_information(ruleset) or (data["is_organiser"] and not data["my_seats"])


def _log(data: dict[str, Any], ruleset: Ruleset, names: dict[str, str], before: int) -> dict[str, Any]:
    last = data["last_seq"]
    events = api_log.page(db_session(), game_id=data["id"], ruleset=ruleset, seat=data["seat"],
                          seat_names=names, before=before, limit=LOG_PAGE, view=data["view"])
    events.reverse()  # newest first on the page
    lowest = before - LOG_PAGE
    return {"events": events, "older": lowest if lowest > 1 else None,
            "newer": min(before + LOG_PAGE, last + 1) if before <= last else None}


def context(data: dict[str, Any], error: dict[str, Any] | None = None,
            invitations: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """What ``play/game.html`` renders, built from the service's game view (``invitations``: the
    organiser's open ones, :func:`open_invitations`)."""
    uid = user_id()
    ruleset = load_ruleset(data["ruleset"])
    game = data["game"]
    ui = ui_for(ruleset)
    language = str(get_locale() or "en")
    names = ui.seat_names(data["seats"], language)  # the game's vocabulary in the reader's language
    owing = {o["seat"] for o in data["owed"]}
    seats = [{**s, "name": names[s["id"]], "holder_name": s["user_name"], "mine": s["id"] in data["my_seats"],
              "side_name": ui.term("side", s["side"], language, ruleset) if s.get("side") else ""}
             for s in data["seats"]]
    legal_orders = (data["legal"] or {}).get("orders") if data["seat"] else None
    legal = {data["seat"]: [{"json": canonical_json(o), "label": order_label(o)}
                            for o in legal_orders]} if legal_orders else {}
    acting = [{"id": s, "name": names.get(s, s)} for s in data["my_seats"] if s in owing]
    acting.sort(key=lambda s: s["id"] != data["seat"])
    example = legal_orders[0] if legal_orders else {"type": "…"}
    ctx = {
        **{k: data[k] for k in ("id", "title", "status", "visibility", "is_organiser",
                                "last_seq", "deadline_at", "result", "my_seats", "view")},
        "ruleset_key": ruleset.key, "ruleset_title": ruleset.title or ruleset.key,
        "status_label": status_labels().get(data["status"], data["status"]),
        "organiser_name": data["organiser_name"] or "?",
        "deadline_hours": game.deadline_hours,
        "result_text": ui.result_text(data["result"], names, language),
        "seats": seats, "viewer_seats": [data["seat"]] if data["seat"] else [],
        "options": game_options(game),
        "viewer_seat_names": [names.get(data["seat"], data["seat"])] if data["seat"] else [],
        "owed": [{**o, "seat_name": names.get(o["seat"], o["seat"]), "text": ui.owed_text(o, names, language),
                  "mine": o["seat"] in data["my_seats"]} for o in data["owed"]],
        "acting_seats": acting if data["status"] == "active" else [],
        "order_seats": sorted(({"id": s, "name": names.get(s, s)} for s in data["my_seats"]),
                              key=lambda s: s["id"] not in owing),
        "legal": legal,
        "can_undo": {data["seat"]: data["can_undo"]} if data["seat"] else {},
        "legal_options": data["legal"] or {},  # per-ruleset partials build their forms from it
        # a UI package with its own orders panel (id "orders") shows what was accepted or refused
        "ui_orders": bool(getattr(ui, "orders_panel", False)) and data["view"] is not None
        and data["status"] != "forming",
        "order_example": canonical_json(example), "summary": summarise(data["view"]),
        "offered_seats": offered_seats(data, uid),
        "may_export": may_export(data, ruleset),
        "log_head": data["head"],
        "invitations": open_invitations(data) if invitations is None else invitations,
        "invite_url": url_for("lobby.join_invite", game_id=data["id"], token=game.invite_token,
                              _external=True)
        if data["is_organiser"] and game.invite_token else None,
    }
    if data["view"] is not None and data["status"] != "forming":
        def section() -> str:
            read = reading.Reader(db_session(), game, data["seat"], ruleset)
            found = ui.page_html({**page_cache.ui_game(ctx), "cache_key": str(db_session().get_bind().url),
                                  "error": error}, read, language)
            return "" if found is None else str(found)

        section_key = page_cache.key("section", data, ruleset, language)
        ctx["ui_view"] = page_cache.part(section_key, section, keep=error is None) or None
    return {"game": ctx, "log_html": _log_html(data, ruleset, names, language)}


def _log_html(data: dict[str, Any], ruleset: Ruleset, names: dict[str, str], language: str) -> Markup:
    """The page's log section (newest first), kept per log head, viewer, page and language."""
    last = data["last_seq"]
    try:
        before = int(request.args.get("log_before", last + 1))
    except ValueError:
        before = last + 1
    before = max(1, min(before, last + 1))

    def render() -> str:
        log = _log(data, ruleset, names, before) if last else {"events": [], "older": None, "newer": None}
        return render_template("play/_log.html", game={"id": data["id"]}, log=log)

    return page_cache.part(page_cache.key("log", data, ruleset, language, before), render)


@lru_cache(maxsize=8)
def _endpoints(app: Any) -> frozenset[str]:
    """The app's endpoints (the same all along a process)."""
    return frozenset(rule.endpoint for rule in app.url_map.iter_rules())


def open_invitations(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat invitations still open, as the organiser's page lists them (no query for anyone
    else, nor when the game has none)."""
    if not (data["is_organiser"] and data["invited"]):
        return []
    return [{"id": i.id, "seat": i.seat, "email": i.email, "expires_at": i.expires_at}
            for i in pending_invitations(db_session(), data["id"])]


def content_key(data: dict[str, Any], invitations: list[dict[str, Any]],
                invite_token: str | None) -> tuple[Any, ...]:
    """The key of the page's kept content, made before any of it is built: what :func:`context`
    and the templates read. The engine's answers (and the section and log parts made of them) are
    named by the log head and seat in :func:`page_cache.key`; the rest of the game view, the game
    row's every column and the open invitations by a digest; then the viewer, the request's path
    (seat, log page) and the site's address (the links)."""
    facts = {k: v for k, v in data.items() if k not in page_cache.BY_HEAD_VIEW}
    facts["row"] = page_cache.row_values(data["game"])
    facts["invitations"] = invitations
    return (*page_cache.key("content", data, load_ruleset(data["ruleset"]), str(get_locale() or "en")),
            user_id(), current_user.is_authenticated, request.host_url, request.script_root, request.full_path,
            invite_token, page_cache.digest(facts))


def render_game(game_id: int, *, status: int = 200, error: dict[str, Any] | None = None,
                form: dict[str, str] | None = None, seat: str | None = None,
                invite_token: str | None = None) -> ResponseReturnValue:
    data = load_view(game_id, seat or request.args.get("seat") or None, answers=False)
    endpoints = _endpoints(current_app._get_current_object())  # type: ignore[attr-defined]
    keep = error is None and form is None  # a refusal or a typed order is the request's own
    with page_cache.rendering():
        invitations = open_invitations(data)
        key = content_key(data, invitations, invite_token)
        content = page_cache.kept(key) if keep else None
        if content is None:  # only now the engine's answers, the context, the section and the log
            page = context(views.add_answers(data), error, invitations)
            text = render_template("play/_game.html", game=page["game"], log_html=page["log_html"], error=error,
                                   endpoints=endpoints, form=form or {"order": "", "seat": ""},
                                   invite_token=invite_token)
            content = page_cache.keep_part(key, text) if keep else text.encode("utf-8")
        html = page_cache.page(content, lambda inner: render_template("play/game.html", game={"title": data["title"]},
                                                                      content=inner), data["title"])
    return html, status


def refused(game_id: int, exc: Exception, form: dict[str, str] | None = None,
            seat: str | None = None) -> ResponseReturnValue:
    """Render the game page again with the refusal's status and message (no redirect)."""
    try:
        ruleset = game_service.get_game(db_session(), game_id).ruleset_key
    except HANDLED:
        ruleset = None
    status, body = error_body(exc, ruleset)
    error = {"text": flash_text(body), "stale": body.get("error") == "StaleGame", **body}
    if error["stale"]:
        error["text"] = _("The game moved on since you loaded the page (it is now at event %(seq)s): your order "
                          "was not applied.", seq=body["last_seq"])
        error["changes"] = changes_since(game_id, strict_int(request.form.get("expected_seq", "")), seat)
    return render_game(game_id, status=status, error=error, form=form, seat=seat)


def changes_since(game_id: int, seq: int | None, seat: str | None) -> list[str]:
    """What happened after event ``seq`` (at most the latest 12 sentences, as the seat sees them)."""
    if seq is None:
        return []
    try:
        data = view_for(game_id, user_id(), seat or None)
    except HANDLED:
        return []
    names = {s["id"]: s["name"] for s in data["seats"]}
    items = api_log.page(db_session(), game_id=game_id, ruleset=load_ruleset(data["ruleset"]), seat=data["seat"],
                         seat_names=names, after=seq, limit=200, view=data["view"])
    lines = [i["text"] for i in items if i.get("text") and i.get("type") != "dice.rolled"]
    return lines[-12:]


def back(game_id: int, message: str, *, order: bool = False) -> ResponseReturnValue:
    """Back to the game page; after an order, at its orders panel (``#orders``), where the
    message is shown (flash category ``order``)."""
    if order:
        flash(message, "order")
        return redirect(url_for("play.game", game_id=game_id, _anchor="orders"))
    flash(message, "success")
    return redirect(url_for("play.game", game_id=game_id))


# -- pages -----------------------------------------------------------------------------------
@bp.get("/games/<int:game_id>")
@read_only
def game(game_id: int) -> ResponseReturnValue:
    return render_game(game_id)


def _expected_seq() -> int | None:
    return strict_int(request.form.get("expected_seq", ""))


@bp.post("/games/<int:game_id>/orders")
@login_required
def order(game_id: int) -> ResponseReturnValue:
    seat = request.form.get("seat", "").strip()
    text = request.form.get("order", "").strip()
    form = {"order": text, "seat": seat}
    expected = _expected_seq()
    problem = None
    if expected is None:
        problem = _("The form lost its position (expected_seq); reload the page.")
    try:
        parsed = parse_json(text) if text else None
    except JSONInputError as err:
        parsed, problem = None, problem or err.message
    if problem is None and not isinstance(parsed, dict):
        problem = _('An order is a JSON object such as {"type": "end"}.')
    if problem:
        return render_game(game_id, status=400, error={"text": problem}, form=form, seat=seat)
    try:
        order_limits.submit(write_session(), game_id=game_id, user_id=current_user.id,
                            seat=seat, order=parsed, expected_seq=expected)
    except HANDLED as exc:
        return refused(game_id, exc, form, seat)
    return back(game_id, _("Order accepted."), order=True)


@bp.post("/games/<int:game_id>/undo")
@login_required
def undo(game_id: int) -> ResponseReturnValue:
    seat = request.form.get("seat", "").strip()
    expected = _expected_seq()
    if expected is None:
        return render_game(game_id, status=400, error={"text": _("Reload the page and retry.")})
    try:
        order_service.undo(write_session(), game_id=game_id, user_id=current_user.id, seat=seat,
                           expected_seq=expected)
    except HANDLED as exc:
        return refused(game_id, exc, seat=seat)
    return back(game_id, _("Your latest order was taken back."), order=True)


@bp.post("/games/<int:game_id>/salt")
@login_required
def salt(game_id: int) -> ResponseReturnValue:
    try:
        order_limits.add_salt(write_session(), game_id=game_id, user_id=current_user.id,
                              seat=request.form.get("seat", ""), salt=request.form.get("salt", ""))
    except HANDLED as exc:
        return refused(game_id, exc)
    return back(game_id, _("Your salt goes into the next dice period."))


@bp.get("/games/<int:game_id>/export")
def export(game_id: int) -> ResponseReturnValue:
    data = load_view(game_id)
    if not may_export(data, load_ruleset(data["ruleset"])):
        abort(403, description=_("This game hides information from its players: it can be "
                                 "exported once it is over."))
    doc = export_service.export_game(db_session(), game_id)
    body = json.dumps(doc, ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="pbem-game-{game_id}.json"'})


# -- organiser controls ----------------------------------------------------------------------
def _organiser_action(game_id: int, call: Any, done: str, **kwargs: Any) -> ResponseReturnValue:
    try:
        call(write_session(), game_id=game_id, user_id=current_user.id, **kwargs)
    except HANDLED as exc:
        return refused(game_id, exc)
    return back(game_id, done)


@bp.post("/games/<int:game_id>/start")
@login_required
def start(game_id: int) -> ResponseReturnValue:
    """Start; with a ``position`` file, from that custom position (scenarios, corrections)."""
    upload = request.files.get("position")
    if upload is None or not upload.filename:
        return _organiser_action(game_id, game_service.start_game, _("The game has started."))
    try:
        position = parse_json(upload.read())
    except JSONInputError as err:
        return refused(game_id, BadRequest(_("The position file is not JSON: %(problem)s"), problem=err.message))
    return _organiser_action(game_id, game_service.start_game,
                             _("The game has started from your custom position."), position=position,
                             uploaded=True)


@bp.post("/games/<int:game_id>/pause")
@login_required
def pause(game_id: int) -> ResponseReturnValue:
    return _organiser_action(game_id, game_service.pause_game, _("The game is paused."))


@bp.post("/games/<int:game_id>/resume")
@login_required
def resume(game_id: int) -> ResponseReturnValue:
    return _organiser_action(game_id, game_service.resume_game, _("The game goes on."))


@bp.post("/games/<int:game_id>/replace")
@login_required
def replace(game_id: int) -> ResponseReturnValue:
    if not load_view(game_id)["is_organiser"]:  # before any e-mail lookup: no address probing
        abort(403, description=_("Only the organiser of this game may do that."))
    from pbem.web.invitations import invite_view  # an invitation the invitee accepts

    return invite_view(game_id)


@bp.post("/games/<int:game_id>/deadline")
@login_required
def deadline(game_id: int) -> ResponseReturnValue:
    hours = request.form.get("hours", "").strip() or None
    return _organiser_action(game_id, game_service.set_deadline, _("Deadline saved."),
                             hours=hours)
