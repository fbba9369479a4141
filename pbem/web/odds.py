"""Battle odds in the web (docs/odds.md): the standalone calculator page
``/rulesets/<key>/odds`` and ``POST /api/v1/rulesets/<key>/odds`` (the JSON of ``pbem-odds``).

The web core only dispatches: the game's UI package (``GameUI.battle_odds``/``odds_page``) holds
the calculator; a family without one answers 404. Both are rate limited (``ODDS_RATE_LIMIT``, per
token or address) and each request's work is capped by the UI package (about a second).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from jsonschema import Draft202012Validator

from pbem.engine import UnknownRuleset, load_ruleset
from pbem.ui import ui_for
from pbem.web.extensions import client_address, limiter
from pbem.web.openapi import SCHEMAS

bp = Blueprint("odds", __name__)
REQUEST = Draft202012Validator(SCHEMAS["OddsRequest"])  # the documented shape: anything else is a 400


def _limit() -> str:
    return str(current_app.config.get("ODDS_RATE_LIMIT", "30 per minute"))


def _ruleset(key: str) -> Any:
    try:
        return load_ruleset(key)
    except UnknownRuleset:
        return None


@bp.get("/rulesets/<key>/odds")
@limiter.limit(_limit, key_func=lambda: "odds:" + client_address())
def page(key: str) -> ResponseReturnValue:
    """The calculator, filled from the query (the move builder's "Odds" button fills it from the
    units the seat's page shows); works without logging in."""
    ruleset = _ruleset(key)
    found = ui_for(ruleset).odds_page(ruleset, request.args, str(get_locale() or "en")) if ruleset else None
    if found is None:
        abort(404)
    template, context = found
    return render_template(template, ruleset=ruleset, **context)


def api_odds(key: str) -> ResponseReturnValue:
    """``POST /api/v1/rulesets/<key>/odds``: the answer of ``pbem-odds`` to the body (400: not a
    JSON object; 422: a battle the calculator cannot take, with the reason)."""
    ruleset = _ruleset(key)
    if ruleset is None:
        return jsonify({"error": "NotFound", "message": _("There is no such ruleset.")}), 404
    body = request.get_json(silent=True)
    problem = next(iter(REQUEST.iter_errors(body)), None) if isinstance(body, dict) else None
    if not isinstance(body, dict) or problem is not None:
        where = "/".join(str(p) for p in problem.absolute_path) if problem is not None else ""
        return jsonify({"error": "BadRequest", "message": _(
            "Send the battle as a JSON object: {\"battle\": {...}, \"options\": {...}}.") + (
            " " + _("Not valid at '%(where)s': %(problem)s", where=where or "/", problem=problem.message)
            if problem is not None else "")}), 400
    try:
        answer = ui_for(ruleset).battle_odds(ruleset, body)
    except ValueError as exc:
        return jsonify({"error": "Unprocessable", "message": str(exc)}), 422
    if answer is None:
        return jsonify({"error": "NotFound", "message": _("This game has no battle odds calculator.")}), 404
    return jsonify(answer)
