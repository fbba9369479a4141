"""Helpers shared by the use cases: loading rows, authorisation, the denormalised columns."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, select

from pbem.engine import Game as EngineGame
from pbem.engine import Ruleset, UnknownRuleset, load_ruleset
from pbem.engine.events import canonical_json
from pbem.services.errors import BadRequest, Forbidden, NotFound, _
from pbem.store.models.accounts import User
from pbem.store.models.games import ACTIVE, FINISHED, Game, SeatHolder
from pbem.timeutil import now_or

#: Longest deadline an organiser may set per turn (30 days).
MAX_DEADLINE_HOURS = 24 * 30


@contextmanager
def rollback_on_error(session: Session) -> Iterator[None]:
    """Roll the session back if the use case fails, so no half-written change survives."""
    try:
        yield
    except BaseException:
        session.rollback()
        raise


def get_game_id(game_id: Any) -> int:
    """``game_id`` as a number, or ``NotFound``."""
    try:
        return int(game_id)
    except (TypeError, ValueError):
        raise NotFound(_("There is no game %(game)s."), game=repr(game_id)) from None


def get_game(session: Session, game_id: Any) -> Game:
    key = get_game_id(game_id)
    game = session.get(Game, key)
    if game is None:
        raise NotFound(_("There is no game %(game)s."), game=key)
    return game


def get_user(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(_("There is no user %(user)s."), user=user_id)
    return user


def ruleset_of(key: str) -> Ruleset:
    try:
        return load_ruleset(key)
    except UnknownRuleset:
        raise BadRequest(_("There is no game type '%(key)s'."), key=key) from None


def seats_of(game: Game) -> list[dict[str, Any]]:
    """The seat dicts (``id``, ``name``, ``side``) of a game's ruleset and options."""
    return ruleset_of(game.ruleset_key).seats(json.loads(game.options))


def holders(session: Session, game_id: int) -> dict[str, SeatHolder]:
    rows = session.exec(select(SeatHolder).where(SeatHolder.game_id == game_id))
    return {row.seat: row for row in rows}


def require_organiser(game: Game, user_id: int | None) -> None:
    if user_id is None or game.organiser_id != user_id:
        raise Forbidden(_("Only the organiser of this game may do that."))


def check_deadline_hours(hours: Any) -> int | None:
    if hours is None or hours == "":
        return None
    try:
        value = int(hours)
    except (TypeError, ValueError):
        raise BadRequest(_("The deadline is a whole number of hours.")) from None
    if not 1 <= value <= MAX_DEADLINE_HOURS:
        raise BadRequest(_("The deadline must be between 1 and %(max)s hours."), max=MAX_DEADLINE_HOURS)
    return value


def owed_seats(engine_game: EngineGame) -> list[str]:
    return list(dict.fromkeys(o["seat"] for o in engine_game.owed()))


def sync_row(game: Game, engine_game: EngineGame, now: datetime | None = None) -> None:
    """Copy what lists and pages need from the engine game into the game row."""
    now = now_or(now)
    before = json.loads(game.owed_seats)
    owed = owed_seats(engine_game)
    game.last_seq = engine_game.seq
    game.owed_seats = canonical_json(owed)
    result = engine_game.result()
    if result is not None:
        game.status, game.result, game.deadline_at = FINISHED, canonical_json(result), None
    elif game.status == ACTIVE and owed != before and game.deadline_hours:
        game.deadline_at = now + timedelta(hours=game.deadline_hours)
    game.updated_at = now
