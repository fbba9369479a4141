"""The OpenAPI 3.1 description of ``/api/v1`` (served at ``/api/v1/openapi.json``).

Kept by hand next to the routes in :mod:`pbem.web.api`; ``tests/web/test_api_openapi.py``
checks that every registered ``/api/v1`` route and method is described here.
"""

from __future__ import annotations

from functools import cache
from typing import Any

PREFIX = "/api/v1"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERROR_TEXT = {
    400: "Malformed request or order (InvalidOrder, BadRequest, CSRF failure, a NUL "
         "character in the query or body, a number out of range, an unknown seat).",
    401: "Missing, unknown or revoked token (and no logged-in session).",
    403: "Not your seat, not your turn, or not the organiser.",
    404: "No such game, or a private game you are not part of.",
    409: "The game moved on (stale expected_seq; last_seq gives the new position) "
         "or the game is over.",
    413: "The request body is larger than an order request may be (PBEM_ORDER_MAX_CONTENT_LENGTH, "
         "64 KiB by default); nothing was saved.",
    422: "The order is well formed but the rules forbid it (rule_id names the rule), or a battle "
         "the odds calculator cannot take (the message says why).",
    429: "Too many requests: the API's per-token limit, or (TooManyOrders) the seat's limit on "
         "orders allowed at any time such as standing orders (PBEM_ANYTIME_ORDER_RATE_LIMIT).",
}


def _resp(ok: dict[str, Any], *codes: int) -> dict[str, Any]:
    """The success response(s) plus references to the shared error responses; every
    operation may answer 400 (a NUL character or malformed value in the query or body)."""
    return ok | {str(c): {"$ref": f"#/components/responses/E{c}"}
                 for c in sorted({400, *codes})}


#: A seat id as the rulesets name them (``ussr``, ``red``); the API refuses any other (400).
SEAT_PATTERN = "^[a-z][a-z0-9_]{0,39}$"
SEAT = {"name": "seat", "in": "query",
        "schema": {"type": "string", "pattern": "^([a-z][a-z0-9_]{0,39})?$"},
        "description": "Which of your seats to see (and act) as; absent or empty: one that owes "
                        "a decision, else your first seat. Another's seat shows only public data."}
GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "integer"}}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object", "required": ["error", "message"],
        "properties": {
            "error": {"type": "string", "description": "Error class, e.g. StaleGame."},
            "message": {"type": "string", "description": "A sentence a player understands."},
            "rule_id": {"type": "string", "description": "The rule that refused the order."},
            "last_seq": {"type": "integer", "description": "With StaleGame: the current position."},
        },
    },
    "Event": {
        "type": "object", "required": ["seq", "type", "payload"],
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "seat": {"type": ["string", "null"]},
            "type": {"type": "string", "examples": ["order", "dice.rolled", "race.stepped"]},
            "v": {"type": "integer", "description": "Version of the payload format."},
            "payload": {"type": "object"},
            "text": {"type": ["string", "null"], "description": "A readable description."},
        },
    },
    "Order": {
        "type": "object", "required": ["type"], "additionalProperties": True,
        "description": "A ruleset order; its fields depend on the ruleset (see /options).",
        "properties": {"type": {"type": "string"}},
    },
    "OrderSubmission": {
        "type": "object", "required": ["seat", "order", "expected_seq"],
        "properties": {
            "seat": {"type": "string", "pattern": SEAT_PATTERN,
                     "description": "The seat you play this order for."},
            "order": _ref("Order"),
            "expected_seq": {"type": "integer",
                             "description": "The last_seq you based the order on."},
        },
    },
    "UndoRequest": {
        "type": "object", "required": ["seat", "expected_seq"],
        "properties": {"seat": {"type": "string", "pattern": SEAT_PATTERN},
                       "expected_seq": {"type": "integer"}},
    },
    "StartRequest": {
        "type": "object", "additionalProperties": False,
        "properties": {"position": {
            "type": "object",
            "description": "Start from this custom position (the ruleset's position format, "
                           "e.g. docs/aa_position.schema.json); left out: the rulebook setup."}},
    },
    "SubmitResult": {
        "type": "object", "required": ["events", "last_seq"],
        "properties": {"events": {"type": "array", "items": _ref("Event")},
                       "last_seq": {"type": "integer"}},
    },
    "GameSummary": {
        "type": "object", "required": ["id", "title", "ruleset", "status"],
        "properties": {
            "id": {"type": "integer"}, "title": {"type": "string"},
            "ruleset": {"type": "string"}, "status": {"type": "string",
                                                      "enum": ["forming", "active", "paused",
                                                               "finished"]},
            "visibility": {"type": "string", "enum": ["public", "private"]},
            "owed_seats": {"type": "array", "items": {"type": "string"}},
            "my_seats": {"type": "array", "items": {"type": "string"}},
            "deadline_at": {"type": ["string", "null"], "format": "date-time"},
            "url": {"type": "string"},
        },
    },
    "GameView": {
        "type": "object", "additionalProperties": True,
        "description": "The game as the caller's seat may see it: status, seats and holders, "
                       "owed decisions, last_seq and the ruleset's view of the state.",
        "properties": {"last_seq": {"type": "integer"}, "status": {"type": "string"},
                       "view": {"type": ["object", "null"],
                                "description": "null before the game starts"},
                       "owed": {"type": "array"}},
    },
    "LegalOptions": {
        "type": "object", "required": ["seat", "options"],
        "properties": {"seat": {"type": "string"}, "last_seq": {"type": "integer"},
                       "options": {"type": "object",
                                   "description": "Per ruleset; 'orders' lists whole orders."}},
    },
    "LogPage": {
        "type": "object", "required": ["events", "last_seq"],
        "properties": {"events": {"type": "array", "items": _ref("Event")},
                       "last_seq": {"type": "integer"},
                       "next_after": {"type": ["integer", "null"]}},
    },
    "Ruleset": {
        "type": "object", "required": ["key", "title"],
        "properties": {"key": {"type": "string"}, "title": {"type": "string"},
                       "multi_seat": {"type": "string", "enum": ["none", "side", "any"]},
                       "options": {"type": "array", "items": {"type": "object"}}},
    },
    "OddsRequest": {
        "type": "object", "required": ["battle"],
        "description": "The JSON of pbem-odds (docs/odds.md); the edition defaults to the ruleset's. "
                       "A battle the rules forbid, or larger than 150 units a side, is a 422.",
        "properties": {
            "battle": {"type": "object", "required": ["attacker", "defender"], "properties": {
                "edition": {"type": "string"}, "kind": {"type": "string", "enum": ["land", "sea"]},
                "attacker": {"type": "object", "additionalProperties": {
                    "type": "integer", "minimum": 0, "maximum": 150},
                    "description": "Unit type to count, e.g. {\"infantry\": 3}."},
                "defender": {"type": "object", "additionalProperties": {
                    "type": "integer", "minimum": 0, "maximum": 150}},
                "low_luck": {"type": "boolean"},
                "attacker_advances": {"type": "array", "maxItems": 50, "items": {"type": "string"},
                                      "description": "Research advances in effect for the attacker, e.g. "
                                                     "[\"heavy_bombers\", \"jet_fighters\"] (those of the "
                                                     "edition; a 422 names an unknown one)."},
                "defender_advances": {"type": "array", "maxItems": 50, "items": {"type": "string"},
                                      "description": "Research advances in effect for the defender, e.g. "
                                                     "[\"radar\"]."},
                "paratroopers": {"type": "object", "additionalProperties": {
                    "type": "integer", "minimum": 0, "maximum": 150},
                    "description": "Of the attacking units, those dropped by air, e.g. {\"infantry\": 2} "
                                   "(with the attacker's Paratroopers advance; G40-TECH-10: AA guns fire at "
                                   "them as at aircraft)."}}},
            "options": {"type": "object", "description": "Orders of loss, keep_land, retreat options, "
                                                          "method (auto, exact, montecarlo), runs (at most "
                                                          "20,000 here), seed."},
        },
    },
    "OddsResult": {
        "type": "object", "required": ["method", "attacker_wins", "defender_wins", "both_destroyed"],
        "additionalProperties": True,
        "properties": {
            "method": {"type": "string", "enum": ["exact", "montecarlo"]},
            "attacker_wins": {"type": "number"}, "defender_wins": {"type": "number"},
            "both_destroyed": {"type": "number"}, "takes_territory": {"type": "number"},
            "attacker_ipc_loss": {"type": "number"}, "defender_ipc_loss": {"type": "number"},
            "average_rounds": {"type": "number"}, "pruned": {"type": "number"},
            "attacker_survivors": {"type": "array", "items": {"type": "object"}},
            "defender_survivors": {"type": "array", "items": {"type": "object"}},
        },
    },
    "ExportFile": {
        "type": "object", "additionalProperties": True,
        "description": "One game as a JSON file: metadata plus its whole event log.",
    },
}


@cache
def odds_ruleset() -> str | None:
    """A ruleset whose UI package has the battle odds calculator (the path's example), if any."""
    from pbem.engine import available
    from pbem.ui import ui_for

    return next((key for key in available() if ui_for(key).has_odds), None)


def _op(summary: str, responses: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"summary": summary, "responses": responses, **extra}


def _body(name: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": _ref(name)}}}


def _paths() -> dict[str, Any]:
    p = PREFIX
    game = [GAME_ID]
    return {
        f"{p}/openapi.json": {"get": _op("This document", _resp(
            {"200": {"description": "OpenAPI"}}), security=[])},
        f"{p}/rulesets": {"get": _op("Rulesets you can start a game with", _resp(
            {"200": _json({"type": "array", "items": _ref("Ruleset")}, "Rulesets")}, 401))},
        f"{p}/games": {"get": _op("Games you may see", _resp(
            {"200": _json({"type": "array", "items": _ref("GameSummary")}, "Games")}, 400, 401),
            parameters=[{"name": "filter", "in": "query", "schema": {
                "type": "string", "enum": ["all", "mine", "open"], "default": "all"}}])},
        f"{p}/games/import": {"post": _op("Create a new game from an exported file", _resp(
            {"201": _json(_ref("GameSummary"), "The new game")}, 400, 401),
            requestBody=_body("ExportFile"))},
        f"{p}/games/{{game_id}}": {"get": _op("The game as your seat sees it", _resp(
            {"200": _json(_ref("GameView"), "Game view")}, 401, 403, 404),
            parameters=game + [SEAT])},
        f"{p}/games/{{game_id}}/options": {"get": _op("Legal options for one of your seats", _resp(
            {"200": _json(_ref("LegalOptions"), "Options")}, 400, 401, 403, 404),
            parameters=game + [SEAT])},
        f"{p}/games/{{game_id}}/orders": {"post": _op("Submit an order", _resp(
            {"201": _json(_ref("SubmitResult"), "The events the order produced")},
            400, 401, 403, 404, 409, 413, 422, 429), parameters=game,
            requestBody=_body("OrderSubmission"))},
        f"{p}/files": {
            "get": _op("The game files kept in your profile (card lists, decks)", _resp(
                {"200": _json({"type": "object"}, "Your files")}, 401, 429)),
            "post": _op("Keep a game file in your profile", _resp(
                {"201": _json({"type": "object"}, "The file kept")}, 401, 404, 413, 429),
                requestBody={"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "properties": {"ruleset": {"type": "string"}, "kind": {"type": "string"},
                                                     "name": {"type": "string"}, "document": {"type": "object"}},
                    "required": ["ruleset", "kind", "document"]}}}})},
        f"{p}/rulesets/{{key}}/check-position": {"post": _op(
            "Check game files (options and uploaded documents) against a ruleset", _resp(
                {"200": _json({"type": "object"}, "The files make a valid starting position")},
                401, 404, 413, 422, 429),
            parameters=[{"name": "key", "in": "path", "required": True, "schema": {"type": "string"}}],
            requestBody={"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["files"],
                "properties": {"files": {"type": "object"}, "options": {"type": "object"}}}}}})},
        f"{p}/rulesets/{{key}}/odds": {"post": _op(
            "Battle odds (exact, or Monte Carlo when too large for about a second of work)", _resp(
                {"200": _json(_ref("OddsResult"), "The odds")}, 401, 404, 422, 429),
            parameters=[{"name": "key", "in": "path", "required": True, "schema": {"type": "string"},
                         **({"example": key} if (key := odds_ruleset()) else {})}],
            requestBody={"required": True, "content": {"application/json": {
                "schema": _ref("OddsRequest"),
                "example": {"battle": {"attacker": {"infantry": 3, "tank": 2}, "defender": {"infantry": 4}},
                            "options": {"attacker_order": {"loss_order": "cheapest"}}}}}})},
        f"{p}/games/{{game_id}}/start": {"post": _op("Start a forming game (organiser)", _resp(
            {"200": _json(_ref("GameSummary"), "The started game")}, 400, 401, 403, 404, 409),
            parameters=game, requestBody={**_body("StartRequest"), "required": False})},
        f"{p}/games/{{game_id}}/undo": {"post": _op("Take back your latest order", _resp(
            {"201": _json(_ref("SubmitResult"), "The undo event")}, 400, 401, 403, 404, 409, 413,
            422),
            parameters=game, requestBody=_body("UndoRequest"))},
        f"{p}/games/{{game_id}}/log": {"get": _op("The event log, redacted for you", _resp(
            {"200": _json(_ref("LogPage"), "A page of events")}, 400, 401, 403, 404),
            parameters=game + [SEAT,
                {"name": "after", "in": "query",
                 "schema": {"type": "integer", "minimum": 0, "maximum": 2**31 - 1},
                 "description": "Events after this seq (a larger value is a 400)."},
                {"name": "limit", "in": "query",
                 "schema": {"type": "integer", "minimum": 1, "maximum": 500}}])},
        f"{p}/games/{{game_id}}/export": {"get": _op("The whole game as one JSON file", _resp(
            {"200": _json(_ref("ExportFile"), "Export")}, 401, 403, 404), parameters=game)},
    }


def document(server_url: str = "") -> dict[str, Any]:
    """The OpenAPI document (``server_url``: the site's base URL, if known)."""
    doc: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {"title": "pbem API", "version": "1",
                 "description": "Play-by-email wargames with the server as referee. "
                                "See docs/api.md."},
        "paths": _paths(),
        "components": {
            "schemas": SCHEMAS,
            "responses": {f"E{code}": _json(_ref("Error"), text)
                          for code, text in ERROR_TEXT.items()},
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer",
                           "description": "A personal API token from /account/tokens."},
                "session": {"type": "apiKey", "in": "cookie", "name": "session",
                            "description": "The browser session; POSTs then need the "
                                           "X-CSRFToken header."},
            },
        },
        "security": [{"bearer": []}, {"session": []}],
    }
    if server_url:
        doc["servers"] = [{"url": server_url}]
    return doc
