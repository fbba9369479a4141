"""Blueprint ``board``: the A&A board SVG, the order forms of the A&A game page, unit destinations,
the standing-orders page and the history (``board_history``).

Authorization: reading goes through ``views.game_view`` (a private game is 404 to strangers) and
shows ``Ruleset.view(seat)`` only; every order goes through ``orders.submit_order``, which checks
the seat holder, and every POST carries the CSRF token (form field or ``X-CSRFToken``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required

from pbem.engine import load_ruleset
from pbem.int_input import strict_int
from pbem.services import orders as order_service
from pbem.services import views
from pbem.store import snapshots
from pbem.web import board_history, board_page, board_svg, board_text
from pbem.web.api_errors import HANDLED, error_body
from pbem.web.db import db_session
from pbem.web.int_input import form_ids, form_int
from pbem.web.play import back, load_view, refused

bp = Blueprint("board", __name__)
bp.add_app_template_global(board_page.aa_page, "aa_page")
board_history.register(bp)

UNIT_TYPES = board_svg.UNIT_ORDER


def _svg_response(body: str, etag: str, max_age: int, private: bool) -> Response:
    response = Response(body, mimetype="image/svg+xml")
    response.set_etag(etag)
    response.cache_control.max_age = max_age
    if private:
        response.cache_control.private = True
    else:
        response.cache_control.public = True
    return response.make_conditional(request)


@bp.get("/boards/aa1941.svg")
def outline() -> ResponseReturnValue:
    """The bare board (outlines and names only): the same for everyone, cached a day."""
    return _svg_response(board_svg.outline_svg(_("Axis & Allies 1941 board")), board_svg.outline_etag(), 86400,
                         private=False)


@bp.get("/games/<int:game_id>/board.svg")
def game_board(game_id: int) -> ResponseReturnValue:
    """The board of a game now, as its viewer may see it (ETag: event seq and seat)."""
    data = load_view(game_id, request.args.get("seat") or None)
    if data["ruleset"] != "aa1941" or data["view"] is None:
        abort(404)
    names = {s["id"]: s["name"] for s in data["seats"]}
    etag = f"g{game_id}-{data['last_seq']}-{data['seat'] or 'spectator'}"
    if request.if_none_match.contains(etag):
        return Response(status=304, headers={"ETag": f'"{etag}"'})
    svg = board_svg.board_svg(data["view"], names, label=_("Board"), space_label=board_page.space_label)
    return _svg_response(svg, etag, 0, private=True)


@bp.get("/games/<int:game_id>/aa/reachable")
@login_required
def reachable_units(game_id: int) -> ResponseReturnValue:
    """Where the active power's units ``units=1,2`` may go now (``helpers.reachable``)."""
    from pbem.games.aa.helpers import reachable

    seat = request.args.get("seat") or None
    session = db_session()
    try:
        data = views.game_view(session, game_id=game_id, user_id=current_user.id, seat=seat)
        ids = [int(x) for x in request.args.get("units", "").split(",") if x.strip()]
    except HANDLED as exc:
        status, body = error_body(exc)
        return jsonify(body), status
    except ValueError:
        return jsonify({"error": "BadRequest", "message": _("'units' lists unit ids.")}), 400
    if data["ruleset"] != "aa1941" or data["seat"] is None or not data["my_owed"]:
        return jsonify({"error": "Forbidden", "message": _("You owe no decision in this game now.")}), 403
    engine = snapshots.load_game(session, data["game"])
    if engine.state["power"] != data["seat"]:
        return jsonify({"destinations": {}})
    return jsonify({"destinations": reachable(engine.ruleset, engine.state, ids)})


def _int(form: Any, name: str, default: int = 0) -> int:
    return form_int(form, name, default)


def build_order(kind: str, form: Any) -> dict[str, Any] | None:
    """The engine order a form of the A&A page stands for (the engine checks everything)."""
    if kind == "purchase":
        return {"type": "purchase", "units": {t: _int(form, f"buy-{t}") for t in UNIT_TYPES if _int(form, f"buy-{t}")}}
    if kind == "place":
        return {"type": "place", "units": {form.get("unit", ""): _int(form, "count", 1)}, "at": form.get("at", "")}
    if kind in ("battle", "press"):
        subs = form_ids(form, "submerge")
        return {"type": "battle", "place": form.get("place", "")} | ({"submerge": subs} if subs else {})
    if kind == "retreat":
        return {"type": "retreat", "place": form.get("place", "")} | ({"to": form["to"]} if form.get("to") else {})
    if kind == "casualties":
        return {"type": "casualties", "place": form.get("place", ""),
                "units": form_ids(form, "units")}
    if kind == "end_phase":
        return {"type": "end_phase"}
    if kind == "declare_amphibious":
        return {"type": "declare_amphibious", "target": form.get("target", ""), "sea_zone": form.get("sea_zone", ""),
                "transports": form_ids(form, "transports")}
    return None


@bp.post("/games/<int:game_id>/aa/order")
@login_required
def aa_order(game_id: int) -> ResponseReturnValue:
    """The A&A page's forms (they work without JavaScript): build the order, submit it."""
    seat = request.form.get("seat", "")
    order = build_order(request.form.get("kind", ""), request.form)
    expected = strict_int(request.form.get("expected_seq", ""))
    if order is None or expected is None:
        abort(400)
    try:
        order_service.submit_order(db_session(), game_id=game_id, user_id=current_user.id, seat=seat,
                                   order=order, expected_seq=expected)
    except HANDLED as exc:
        return refused(game_id, exc, seat=seat)
    return back(game_id, _("Order accepted."))


# -- standing orders ------------------------------------------------------------------------
@bp.route("/games/<int:game_id>/standing", methods=["GET", "POST"])
@login_required
def standing(game_id: int) -> ResponseReturnValue:
    """The standing orders of the viewer's power: order of loss, submarines, battleships."""
    data = load_view(game_id, request.values.get("seat") or None)
    if data["ruleset"] != "aa1941" or data["seat"] is None:
        abort(403, description=_("Only a player of this game has standing orders."))
    seat = data["seat"]
    if request.method == "POST":
        loss = [t for t in request.form.getlist("loss_order") if t in UNIT_TYPES]
        keep = [t for t in request.form.getlist("keep_last") if t in UNIT_TYPES]
        order = {"type": "standing", "loss_order": list(dict.fromkeys(loss)), "keep_last": list(dict.fromkeys(keep)),
                 "submerge": request.form.get("submerge") == "1",
                 "damage_battleships_first": request.form.get("damage_battleships_first") == "1"}
        try:
            order_service.submit_order(db_session(), game_id=game_id, user_id=current_user.id, seat=seat,
                                       order=order, expected_seq=data["last_seq"])
        except HANDLED as exc:
            status, body = error_body(exc)
            return _standing_page(data, error=body.get("message"), status=status)
        return redirect(url_for("board.standing", game_id=game_id, seat=seat, saved=1))
    return _standing_page(data)


def _standing_page(data: dict[str, Any], error: str | None = None, status: int = 200) -> ResponseReturnValue:
    current = ((data["view"] or {}).get("standing") or {}).get(data["seat"], {})
    loss = list(current.get("loss_order") or [])
    keep = list(current.get("keep_last") or [])
    rs = load_ruleset(data["ruleset"])
    return render_template("board/standing.html", game=data, seat_name=rs.power_names.get(data["seat"]),
                           loss=loss + [""] * (len(UNIT_TYPES) - len(loss)),
                           keep=keep + [""] * (3 - len(keep)), types=UNIT_TYPES,
                           names=board_text.unit_names(), current=current, error=error,
                           saved=request.args.get("saved")), status
