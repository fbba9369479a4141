"""What a seat may send: the size of an order request and how often it may store an order
allowed at any time (A&A standing orders, the race's notes: ``Ruleset.anytime_orders``).

* Body cap: every route that takes an order reads at most ``ORDER_MAX_CONTENT_LENGTH`` bytes
  (default 64 KiB; an order itself is at most ``pbem.engine.schemas.MAX_ORDER_BYTES``, 16 KiB of
  JSON, checked by the engine). :func:`cap_order_body` runs before the CSRF check reads the form,
  so a larger body is refused with a 413 and a message before anything is parsed.
* Rate: a seat may store at most ``ANYTIME_ORDER_RATE_LIMIT`` (default ``30 per hour``) orders
  allowed at any time, and as many dice salts (counted apart), per game and seat, in
  Flask-Limiter's storage (shared by every web process with a Redis ``RATELIMIT_STORAGE_URI``).
  Only stored ones count; one more is refused with a 429 that says when the seat may send again.
  Orders owed in turn are not limited here: each one moves the game on, and the API has its own
  per-token limit.

Every web path that stores an order for a player calls :func:`submit` (the JSON order box, the
game's forms, the standing-orders page and the API).
"""

from __future__ import annotations

import math
import time
from datetime import datetime
from typing import Any

from flask import abort, current_app, request
from flask_babel import gettext
from limits import RateLimitItem, parse_many
from sqlmodel import Session

from pbem.engine import UnknownRuleset, load_ruleset
from pbem.services import orders as order_service
from pbem.services.common import get_game
from pbem.services.errors import ServiceError, _
from pbem.web.extensions import limiter

#: The endpoints that take an order (their bodies are capped).
ORDER_ENDPOINTS = frozenset({"play.order", "play.undo", "play.salt", "board.form_order",
                             "board.standing", "api.submit", "api.undo"})


class TooManyOrders(ServiceError):
    """The seat has stored as many orders allowed at any time as the site allows for now."""

    status = 429


def cap_order_body() -> None:
    """``before_request``: cap the body of an order request (413 with a message when larger)."""
    if request.method != "POST" or request.endpoint not in ORDER_ENDPOINTS:
        return
    cap = int(current_app.config["ORDER_MAX_CONTENT_LENGTH"])
    request.max_content_length = cap
    request.max_form_memory_size = cap
    length = request.content_length
    if length is not None and length > cap:
        abort(413, description=gettext(
            "An order request is at most %(limit)s bytes; this one has %(count)s. Nothing was saved.",
            limit=cap, count=length))


def _limits() -> list[RateLimitItem]:
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return []
    return list(parse_many(str(current_app.config["ANYTIME_ORDER_RATE_LIMIT"])))


def _anytime_limits(session: Session, game_id: int, order: Any) -> list[RateLimitItem]:
    """The limits that apply to ``order`` in this game (none unless it is an anytime order)."""
    if not isinstance(order, dict):
        return []
    try:
        ruleset = load_ruleset(get_game(session, game_id).ruleset_key)
    except (ServiceError, UnknownRuleset):  # the order service reports them
        return []
    kind = order.get("type")
    return _limits() if isinstance(kind, str) and kind in ruleset.anytime_orders else []


def _keys(game_id: int, seat: str, kind: str = "anytime-orders") -> tuple[str, ...]:
    prefix = str(current_app.config.get("RATELIMIT_KEY_PREFIX") or "")
    return (prefix, kind, str(game_id), seat)


def _refuse(items: list[RateLimitItem], keys: tuple[str, ...]) -> None:
    for item in items:
        if not limiter.limiter.test(item, *keys):
            reset = limiter.limiter.get_window_stats(item, *keys).reset_time
            raise TooManyOrders(_(
                "This seat may store at most %(amount)s orders of this kind every %(minutes)s "
                "minutes; try again in %(wait)s minutes."),
                amount=item.amount, minutes=max(1, item.get_expiry() // 60),
                wait=max(1, math.ceil((reset - time.time()) / 60)))


def submit(session: Session, *, game_id: int, user_id: int, seat: str, order: Any,
           expected_seq: int, now: datetime | None = None) -> order_service.SubmitResult:
    """``orders.submit_order`` for a player, with the per-seat limit on anytime orders."""
    items = _anytime_limits(session, game_id, order)
    keys = _keys(game_id, seat)
    _refuse(items, keys)
    result = order_service.submit_order(session, game_id=game_id, user_id=user_id, seat=seat,
                                        order=order, expected_seq=expected_seq, now=now)
    for item in items:
        limiter.limiter.hit(item, *keys)
    return result


def add_salt(session: Session, *, game_id: int, user_id: int, seat: str,
             salt: str) -> order_service.SubmitResult:
    """``orders.add_salt`` under the same per-seat limit (a salt too is sent at any time and kept
    in the log), counted apart from the orders."""
    items, keys = _limits(), _keys(game_id, seat, "salts")
    _refuse(items, keys)
    result = order_service.add_salt(session, game_id=game_id, user_id=user_id, seat=seat, salt=salt)
    for item in items:
        limiter.limiter.hit(item, *keys)
    return result
