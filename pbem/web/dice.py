"""Blueprint ``dice``: a game's dice audit, its exports, verification and the published ledger.

* ``/games/<id>/dice``: every roll with its context, filtered by player, battle and
  round; luck statistics with small inline SVG charts; CSV and JSON exports;
  ``/games/<id>/dice/verify`` recomputes every revealed roll (docs/dice.md).
* The organiser publishes a read-only ledger at ``/dice/ledger/<token>`` (a token
  signed with the app secret, naming a ``dice_ledger_link`` row) and may revoke it.
  The ledger works without logging in and shows what a spectator may see.

Private games: only members and the organiser (and ledger link holders) see the dice;
anyone else gets 404, as for the game page.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta
from typing import Any, NoReturn

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import current_user, login_required
from itsdangerous import BadSignature, URLSafeSerializer

from pbem.engine import load_ruleset
from pbem.services import battle_odds, dice_audit
from pbem.services.common import seats_of
from pbem.services.luck import luck_report
from pbem.store.models.games import Game
from pbem.ui import ui_for
from pbem.web.api_errors import HANDLED, error_body
from pbem.web.db import db_session
from pbem.web.dice_chart import face_chart, hits_chart

bp = Blueprint("dice", __name__)

TOKEN_SALT = "pbem-dice-ledger"


def _user_id() -> int | None:
    return current_user.id if current_user.is_authenticated else None


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=TOKEN_SALT)


def ledger_token(game_id: int, nonce: str) -> str:
    return _serializer().dumps({"g": game_id, "n": nonce})


def _fail(exc: Exception) -> NoReturn:
    status, body = error_body(exc)
    abort(status, description=body["message"])


def _member_game(game_id: int) -> tuple[Game, str | None]:
    try:
        return dice_audit.audit_access(db_session(), game_id, _user_id())
    except HANDLED as exc:
        _fail(exc)


def _ledger_game(token: str) -> Game:
    try:
        data = _serializer().loads(token)
        game_id, nonce = int(data["g"]), str(data["n"])
    except (BadSignature, KeyError, TypeError, ValueError):
        abort(404, description=_("This ledger link is not valid."))
    try:
        return dice_audit.ledger_game(db_session(), game_id=game_id, nonce=nonce,
                                      max_age=timedelta(seconds=current_app.config["DICE_LEDGER_MAX_AGE"]))
    except HANDLED as exc:
        _fail(exc)


def _filters() -> dict[str, str]:
    return {k: request.args.get(k, "").strip()[:80] for k in ("player", "battle", "round")}


def _audit(game: Game, seat: str | None) -> dict[str, Any]:
    events = dice_audit.dice_events(db_session(), game, seat)
    rows = dice_audit.audit_rows(events)
    wanted = _filters()
    shown = dice_audit.filter_rows(rows, player=wanted["player"], battle=wanted["battle"],
                                   round_=wanted["round"])
    return {"events": events, "all_rows": rows, "rows": shown, "filters": wanted,
            "choices": dice_audit.filter_choices(rows)}


def _seat_names(game: Game) -> dict[str, str]:
    try:
        return {s["id"]: s["name"] for s in seats_of(game)}
    except HANDLED:
        return {}


def _dice_option(events: list[dict[str, Any]]) -> str | None:
    """The dice option recorded at creation (A&A: standard or low luck), translated."""
    created = events[0]["payload"] if events and events[0]["type"] == "game.created" else {}
    value = (created.get("options") or {}).get("dice")
    labels = {"standard": _("standard dice"), "low_luck": _("low luck")}
    return labels.get(value, str(value)) if value else None


def _page(game: Game, seat: str | None, urls: dict[str, str], *, ledger: bool) -> str:
    audit = _audit(game, seat)
    luck = luck_report(audit["rows"])
    names = _seat_names(game)
    language = str(get_locale() or "en")
    try:  # the game's words (players, spaces, steps, units) in the reader's language
        ruleset = load_ruleset(game.ruleset_key)
        ui = ui_for(ruleset)
        names = ui.seat_names(seats_of(game), language)

        def term(kind: str, value: Any) -> str:
            return ui.term(kind, str(value), language, ruleset) if value else "—"

        def word(value: Any) -> str:
            return ui.text(str(value), language) if value else ""
    except HANDLED:
        def term(kind: str, value: Any) -> str:
            return str(value) if value else "—"

        def word(value: Any) -> str:
            return str(value or "")
    for p in luck["players"]:
        p["name"] = names.get(p["player"], p["player"])
    is_organiser = not ledger and _user_id() == game.organiser_id
    links = []
    if is_organiser:
        max_age = timedelta(seconds=current_app.config["DICE_LEDGER_MAX_AGE"])
        links = [{"id": link.id, "created_at": link.created_at,
                  "expires_at": link.created_at + max_age,
                  "url": url_for("dice.ledger", token=ledger_token(game.id, link.nonce),
                                 _external=True)}
                 for link in dice_audit.active_links(db_session(), game.id)]
    battles = battle_odds.battles(db_session(), game.id)
    wanted = _filters()["battle"]
    shown_battles = [b for b in battles if not wanted or b["place"] == wanted]
    return render_template(
        "dice/dice.html", game=game, ledger=ledger, urls=urls, names=names, battles=shown_battles,
        battle_luck=battle_odds.luck_by_seat(battles),
        dice_option=_dice_option(audit["events"]),
        rows=audit["rows"], total=len(audit["all_rows"]), filters=audit["filters"],
        choices=audit["choices"], shuffles=dice_audit.shuffles(audit["events"]), luck=luck,
        face_chart=face_chart(luck["game"]["faces"]), hits_chart=hits_chart(luck["players"]),
        is_organiser=is_organiser, links=links, term=term, word=word)


def _csv(game: Game, seat: str | None) -> Response:
    rows = _audit(game, seat)["rows"]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=dice_audit.ROW_FIELDS, extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="pbem-dice-{game.id}.csv"'})


def _json(game: Game, seat: str | None) -> Response:
    audit = _audit(game, seat)
    doc = {
        "format": "pbem-dice-ledger", "format_version": 1,
        "game": {"id": game.id, "title": game.title, "ruleset_key": game.ruleset_key,
                 "status": game.status},
        "filters": audit["filters"], "rolls": audit["rows"],
        "luck": luck_report(audit["rows"]),
        # each battle's pre-battle odds and the percentile of its outcome (docs/odds.md)
        "battles": (battles := battle_odds.battles(db_session(), game.id)),
        "battle_luck": battle_odds.luck_by_seat(battles),
        "verification": dice_audit.verify(db_session(), game).to_dict(),
        # game.created and every dice.* event: enough to recheck offline (docs/dice.md, 7)
        "events": dice_audit.ledger_extract(audit["events"]),
    }
    return Response(json.dumps(doc, ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition":
                             f'attachment; filename="pbem-dice-{game.id}.json"'})


def _verify_page(game: Game, back: str, ledger: bool) -> str:
    report = dice_audit.verify(db_session(), game)
    return render_template("dice/verify.html", game=game, report=report, back=back,
                           ledger=ledger)


def _member_urls(game_id: int) -> dict[str, str]:
    return {"self": url_for("dice.page", game_id=game_id),
            "csv": url_for("dice.export_csv", game_id=game_id, **_filters()),
            "json": url_for("dice.export_json", game_id=game_id, **_filters()),
            "verify": url_for("dice.verify", game_id=game_id),
            "game": url_for("play.game", game_id=game_id)}


def _ledger_urls(token: str) -> dict[str, str]:
    return {"self": url_for("dice.ledger", token=token),
            "csv": url_for("dice.ledger_csv", token=token, **_filters()),
            "json": url_for("dice.ledger_json", token=token, **_filters()),
            "verify": url_for("dice.ledger_verify", token=token), "game": ""}


# -- members, organiser, spectators of public games ---------------------------------------
@bp.get("/games/<int:game_id>/dice")
def page(game_id: int) -> ResponseReturnValue:
    game, seat = _member_game(game_id)
    return _page(game, seat, _member_urls(game_id), ledger=False)


@bp.get("/games/<int:game_id>/dice.csv")
def export_csv(game_id: int) -> ResponseReturnValue:
    return _csv(*_member_game(game_id))


@bp.get("/games/<int:game_id>/dice.json")
def export_json(game_id: int) -> ResponseReturnValue:
    return _json(*_member_game(game_id))


@bp.get("/games/<int:game_id>/dice/verify")
def verify(game_id: int) -> ResponseReturnValue:
    game, _seat = _member_game(game_id)
    return _verify_page(game, url_for("dice.page", game_id=game_id), ledger=False)


@bp.post("/games/<int:game_id>/dice/ledger")
@login_required
def publish(game_id: int) -> ResponseReturnValue:
    try:
        dice_audit.publish_ledger(db_session(), game_id=game_id, user_id=current_user.id)
    except HANDLED as exc:
        _fail(exc)
    flash(_("The dice ledger is published: anyone with the link can read it."), "success")
    return redirect(url_for("dice.page", game_id=game_id) + "#ledger")


@bp.post("/games/<int:game_id>/dice/ledger/<int:link_id>/revoke")
@login_required
def revoke(game_id: int, link_id: int) -> ResponseReturnValue:
    try:
        dice_audit.revoke_ledger(db_session(), game_id=game_id, user_id=current_user.id,
                                 link_id=link_id)
    except HANDLED as exc:
        _fail(exc)
    flash(_("The ledger link is revoked: it no longer works."), "success")
    return redirect(url_for("dice.page", game_id=game_id) + "#ledger")


# -- the published, read-only ledger (no login) --------------------------------------------
@bp.get("/dice/ledger/<token>")
def ledger(token: str) -> ResponseReturnValue:
    return _page(_ledger_game(token), None, _ledger_urls(token), ledger=True)


@bp.get("/dice/ledger/<token>/dice.csv")
def ledger_csv(token: str) -> ResponseReturnValue:
    return _csv(_ledger_game(token), None)


@bp.get("/dice/ledger/<token>/dice.json")
def ledger_json(token: str) -> ResponseReturnValue:
    return _json(_ledger_game(token), None)


@bp.get("/dice/ledger/<token>/verify")
def ledger_verify(token: str) -> ResponseReturnValue:
    game = _ledger_game(token)
    return _verify_page(game, url_for("dice.ledger", token=token), ledger=True)
