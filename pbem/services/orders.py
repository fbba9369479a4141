"""Submitting orders: one transaction per order (events, game columns, snapshot, outbox rows).

``submit_order`` checks, in this order: the game exists, the user holds the seat
(403), the game is active (409), ``expected_seq`` is the game's last seq
(409 ``StaleGame``), then the engine rules (``RulesError`` passes through:
``NotYourTurn`` 403 says whose turn it is). The game row is locked while this
runs, so two submissions against one position store exactly one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from pbem.engine import Game as EngineGame
from pbem.engine.errors import InvalidOrder
from pbem.services import battle_odds, notifications
from pbem.services import dice as dice_service
from pbem.services import eventlog as log
from pbem.services.common import get_game, holders, rollback_on_error, sync_row
from pbem.services.errors import BadRequest, Conflict, Forbidden, StaleGame, _
from pbem.store import snapshots
from pbem.store.db import begin_write
from pbem.store.models.games import ACTIVE, FINISHED, FORMING, Game


@dataclass
class SubmitResult:
    """The events an order produced and the game's seq after them."""

    events: list[dict[str, Any]]
    last_seq: int


def submit_order(
    session: Session,
    *,
    game_id: int,
    user_id: int | None,
    seat: str,
    order: dict[str, Any],
    expected_seq: int,
    now: datetime | None = None,
    by: str | None = None,
) -> SubmitResult:
    """Apply ``seat``'s ``order`` to the game at ``expected_seq``.

    ``by`` (e.g. ``"policy:act"``) records who acted for an absent player; with
    ``user_id=None`` and ``by`` given the seat-holder check is skipped.
    """
    if not isinstance(order, dict):
        raise BadRequest(_("An order is a JSON object with a 'type' field."))
    _check_storable(order)
    with rollback_on_error(session):
        game, engine = _open(session, game_id, user_id, seat, expected_seq, by)
        owed_before = engine.owed()
        key_before = engine.snapshot_key()
        events = engine.submit(seat, order, by=by)
        return _store(session, game, engine, events, user_id, now, owed_before, key_before)


def _check_storable(order: dict[str, Any]) -> None:
    """Refuse, before anything is written, an order the event log could not store as JSON text
    in UTF-8: a lone surrogate (``"\\ud800"``), NaN or an infinity."""
    try:
        json.dumps(order, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        message = _("An order may hold only finite numbers and valid Unicode text.")
        err = InvalidOrder("ENGINE-ORDER-2", message)
        err.template = message  # type: ignore[attr-defined]  # translated by the web layer
        raise err from None


def undo(
    session: Session,
    *,
    game_id: int,
    user_id: int | None,
    seat: str,
    expected_seq: int,
    now: datetime | None = None,
    by: str | None = None,
) -> SubmitResult:
    """Take back the seat's latest order (an ``undo`` event; nothing is deleted)."""
    return submit_order(
        session,
        game_id=game_id,
        user_id=user_id,
        seat=seat,
        order={"type": "undo"},
        expected_seq=expected_seq,
        now=now,
        by=by,
    )


def add_salt(
    session: Session,
    *,
    game_id: int,
    user_id: int,
    seat: str,
    salt: str,
    expected_seq: int | None = None,
    now: datetime | None = None,
) -> SubmitResult:
    """A player's salt for the next dice period (``dice.salted``); see docs/dice.md."""
    with rollback_on_error(session):
        game, engine = _open(session, game_id, user_id, seat, expected_seq, None)
        owed_before = engine.owed()
        events = engine.add_salt(seat, salt)
        return _store(
            session, game, engine, events, user_id, now, owed_before, engine.snapshot_key()
        )


def _open(
    session: Session,
    game_id: int,
    user_id: int | None,
    seat: str,
    expected_seq: int | None,
    by: str | None,
) -> tuple[Game, EngineGame]:
    begin_write(session)
    game = log.lock_game(session, get_game(session, game_id).id)
    if user_id is None:
        if not by:
            raise Forbidden(_("Sign in to play."))
    else:
        holder = holders(session, game.id).get(seat)
        if holder is None or holder.user_id != user_id:
            raise Forbidden(_("You do not hold the seat '%(seat)s' in this game."), seat=seat)
    if game.status == FORMING:
        raise Conflict(_("This game has not started yet."))
    if game.status == FINISHED:
        raise Conflict(_("This game is over; no more orders are taken."))
    if game.status != ACTIVE:
        raise Conflict(
            _("This game is paused; orders are taken again when the organiser resumes it."))
    if expected_seq is not None and expected_seq != game.last_seq:
        raise StaleGame(_("The game moved on: it is now at event %(seq)s."),
                        last_seq=game.last_seq, seq=game.last_seq)
    engine = snapshots.load_game(session, game, dice=dice_service.dice_for(session, game))
    return game, engine


def _store(
    session: Session,
    game: Game,
    engine: EngineGame,
    events: list[dict[str, Any]],
    user_id: int | None,
    now: datetime | None,
    owed_before: list[dict[str, Any]],
    key_before: str,
) -> SubmitResult:
    first = game.last_seq
    log.append(session, game.id, game.last_seq, events, user_id=user_id, now=now)
    sync_row(game, engine, now)
    session.add(game)
    battle_odds.record_battles(session, game, first, events)
    if engine.snapshot_key() != key_before or engine.result() is not None:
        snapshots.save(session, game, engine)
    notifications.after_events(
        session, game_row=game, engine_game=engine, new_events=events, owed_before=owed_before
    )
    session.commit()
    return SubmitResult(events=list(events), last_seq=game.last_seq)
