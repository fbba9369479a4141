"""Use cases of a game's life: create, join, leave, start, pause, resume, replace, deadline.

Each takes the session first, commits once at the end and raises
``pbem.services.errors`` exceptions. Seat changes after the start are logged
(``seat.joined``, ``seat.replaced``, ``seat.left``) so the log says who played
which power when.
"""

from __future__ import annotations

import hmac
import json
import secrets
from datetime import datetime, timedelta
from typing import Any

from jsonschema import Draft202012Validator
from sqlmodel import Session

from pbem.engine import Game as EngineGame
from pbem.engine import InvalidOrder
from pbem.engine.events import canonical_json
from pbem.services import dice as dice_service
from pbem.services import eventlog as log
from pbem.services import notifications
from pbem.services.common import (
    check_deadline_hours,
    get_game,
    get_user,
    holders,
    require_organiser,
    rollback_on_error,
    ruleset_of,
    seats_of,
    sync_row,
)
from pbem.services.errors import BadRequest, Conflict, Forbidden, SeatNames, _
from pbem.store import snapshots
from pbem.store.db import begin_write
from pbem.store.models.games import (
    ACTIVE,
    FINISHED,
    FORMING,
    PAUSED,
    PRIVATE,
    PUBLIC,
    Game,
    SeatHolder,
)
from pbem.timeutil import now_or


def create_game(
    session: Session,
    *,
    organiser_id: int,
    ruleset_key: str,
    title: str,
    options: dict[str, Any] | None,
    visibility: str = PUBLIC,
    deadline_hours: int | None = None,
) -> Game:
    """A new game in the forming state; the engine game is created at :func:`start_game`."""
    with rollback_on_error(session):
        ruleset = ruleset_of(ruleset_key)
        get_user(session, organiser_id)
        title = (title or "").strip()
        if not 1 <= len(title) <= 200:
            raise BadRequest(_("A game needs a title of 1 to 200 characters."))
        if visibility not in (PUBLIC, PRIVATE):
            raise BadRequest(_("Visibility is 'public' or 'private'."))
        if options is not None and not isinstance(options, dict):
            raise BadRequest(_("Game options are a JSON object."))
        try:
            opts = ruleset.normalise_options(options or {})
        except InvalidOrder as err:
            raise BadRequest(_("%(message)s (%(rule)s)"), message=err.message, rule=err.rule_id) from None
        game = Game(
            ruleset_key=ruleset.key,
            ruleset_version=ruleset.version,
            title=title,
            visibility=visibility,
            organiser_id=organiser_id,
            options=canonical_json(opts),
            deadline_hours=check_deadline_hours(deadline_hours),
            invite_token=secrets.token_urlsafe(16) if visibility == PRIVATE else None,
        )
        session.add(game)
        session.commit()
        return game


def join_game(
    session: Session, *, game_id: int, user_id: int, seat: str, invite_token: str | None = None
) -> SeatHolder:
    """Take a free seat. Private games need the invitation token (the organiser needs none)."""
    with rollback_on_error(session):
        begin_write(session)
        game = log.lock_game(session, get_game(session, game_id).id)
        user = get_user(session, user_id)
        if (
            game.visibility == PRIVATE
            and user_id != game.organiser_id
            and not (
                invite_token
                and game.invite_token
                and hmac.compare_digest(invite_token.encode(), game.invite_token.encode())
            )
        ):
            raise Forbidden(_("This game is private: you need the invitation link to join."))
        if game.status == FINISHED:
            raise Conflict(_("This game is over."))
        seat_info = _seat_info(game, seat)
        held = holders(session, game.id)
        if seat in held:
            raise Conflict(_("The seat %(seat)s is already taken."), seat=_seat_names(game, [seat_info["name"]]))
        _check_multi_seat(game, seat_info, [s for s, h in held.items() if h.user_id == user_id])
        holder = SeatHolder(game_id=game.id, seat=seat, user_id=user_id)
        session.add(holder)
        if game.status != FORMING:
            _record(
                session,
                game,
                [("seat.joined", {"seat": seat, "user": user_id, "name": user.display_name}, seat)],
                user_id,
            )
        session.commit()
        return holder


def leave_seat(session: Session, *, game_id: int, user_id: int, seat: str) -> None:
    """Give up a seat (its holder, or the organiser removing a player)."""
    with rollback_on_error(session):
        begin_write(session)
        game = log.lock_game(session, get_game(session, game_id).id)
        holder = holders(session, game.id).get(seat)
        if holder is None:
            raise BadRequest(_("Nobody holds the seat '%(seat)s'."), seat=seat)
        if user_id not in (holder.user_id, game.organiser_id):
            raise Forbidden(_("You do not hold that seat."))
        if game.status == FINISHED:
            raise Conflict(_("This game is over; its seats are part of its history."))
        session.delete(holder)
        if game.status != FORMING:
            _record(
                session,
                game,
                [("seat.left", {"seat": seat, "user": holder.user_id}, seat)],
                user_id,
            )
        session.commit()


def _free_seat_names(game: Game, held: dict[str, Any]) -> SeatNames:
    """The names of the seats nobody holds (false when every seat is held)."""
    return _seat_names(game, [s["name"] for s in seats_of(game) if s["id"] not in held])


def _seat_names(game: Game, names: list[str]) -> SeatNames:
    """Seat names of ``game`` as a message parameter, said in the reader's language by the web."""
    return SeatNames(game.ruleset_key, tuple(str(name) for name in names))


def start_game(
    session: Session, *, game_id: int, user_id: int, now: datetime | None = None,
    position: dict[str, Any] | None = None, uploaded: bool = False,
) -> Game:
    """Create the engine game once every seat is held, and log who holds which seat.

    ``position`` (the ruleset's position format) starts the game from it instead of the
    options' initial position (e.g. a league bid placed on the starting position). With
    ``uploaded`` it is the organiser's own position (a scenario, a correction): it is checked
    against the ruleset's ``position_schema()`` (``BadRequest`` naming the field and the rule)
    and a ``game.custom_position`` record says who uploaded it; the ``game.created`` event
    carries the position itself."""
    with rollback_on_error(session):
        begin_write(session)
        game = log.lock_game(session, get_game(session, game_id).id)
        require_organiser(game, user_id)
        if game.status != FORMING:
            raise Conflict(_("This game has already started."))
        held = holders(session, game.id)
        if free := _free_seat_names(game, held):
            raise Conflict(_("Every seat must be taken before the start; free: %(free)s."), free=free)
        ruleset = ruleset_of(game.ruleset_key)
        dice = dice_service.dice_for(session, game)
        if position is None:  # a game created with its own files (pbem.services.player_files)
            from pbem.services.player_files import setup_position

            position = setup_position(session, game.id)
        if position is not None:
            if uploaded:
                check_position(ruleset, position)
            # a position the rules refuse raises their InvalidOrder (400, with its rule id)
            engine = ruleset.from_position(position, options=json.loads(game.options), dice=dice,
                                           game_id=str(game.id))
        else:
            engine = ruleset.new_game(json.loads(game.options), dice=dice, game_id=str(game.id))
        if position is not None and uploaded:
            organiser = get_user(session, user_id)
            engine.record("game.custom_position", {"by": organiser.id, "name": organiser.display_name})
        for seat in seats_of(game):
            user = get_user(session, held[seat["id"]].user_id)
            engine.record(
                "seat.joined",
                {"seat": seat["id"], "user": user.id, "name": user.display_name},
                seat=seat["id"],
            )
        log.append(session, game.id, 0, engine.events_since(0), user_id=user_id, now=now)
        game.status = ACTIVE
        sync_row(game, engine, now)
        if game.deadline_hours and game.deadline_at is None:
            game.deadline_at = now_or(now) + timedelta(hours=game.deadline_hours)
        snapshots.save(session, game, engine)
        notifications.after_events(
            session,
            game_row=game,
            engine_game=engine,
            new_events=engine.events_since(0),
            owed_before=[],
        )
        session.commit()
        return game


def check_position(ruleset: Any, position: Any) -> None:
    """A custom position against the ruleset's documented format (``position_schema()``).

    ``BadRequest`` naming the first wrong field; a ruleset without a documented format takes no
    custom position."""
    if not isinstance(position, dict):
        raise BadRequest(_("A position is a JSON object (see the game's position format)."))
    schema = ruleset.position_schema()
    if schema is None:
        raise BadRequest(_("%(game)s has no documented position format: it cannot start from a custom "
                           "position."), game=ruleset.title or ruleset.key)
    errors = sorted(Draft202012Validator(schema).iter_errors(position), key=lambda e: list(map(str, e.path)))
    if errors:
        where = "/".join(str(p) for p in errors[0].path) or _("the top level")
        raise BadRequest(_("The position does not follow the position format at %(field)s: %(problem)s"),
                         field=where, problem=errors[0].message[:300])


def pause_game(
    session: Session, *, game_id: int, user_id: int, now: datetime | None = None
) -> Game:
    with rollback_on_error(session):
        begin_write(session)
        game = log.lock_game(session, get_game(session, game_id).id)
        require_organiser(game, user_id)
        if game.status != ACTIVE:
            raise Conflict(_("Only a game in progress can be paused."))
        _record(session, game, [("game.paused", {"by": user_id}, None)], user_id, now)
        game.status, game.deadline_at = PAUSED, None
        session.commit()
        return game


def resume_game(
    session: Session, *, game_id: int, user_id: int, now: datetime | None = None
) -> Game:
    with rollback_on_error(session):
        begin_write(session)
        game = log.lock_game(session, get_game(session, game_id).id)
        require_organiser(game, user_id)
        if game.status != PAUSED:
            raise Conflict(_("Only a paused game can be resumed."))
        if free := _free_seat_names(game, holders(session, game.id)):
            raise Conflict(_("Give every seat a player before resuming; free: %(free)s."), free=free)
        _record(session, game, [("game.resumed", {"by": user_id}, None)], user_id, now)
        game.status = ACTIVE
        if game.deadline_hours:
            game.deadline_at = now_or(now) + timedelta(hours=game.deadline_hours)
        session.commit()
        return game


def replace_player(
    session: Session,
    *,
    game_id: int,
    user_id: int,
    seat: str,
    new_user_id: int,
    now: datetime | None = None,
) -> SeatHolder:
    """The organiser gives ``seat`` to ``new_user_id`` (logged ``seat.replaced`` once started)."""
    with rollback_on_error(session):
        begin_write(session)
        game = log.lock_game(session, get_game(session, game_id).id)
        require_organiser(game, user_id)
        if game.status == FINISHED:
            raise Conflict(_("This game is over."))
        seat_info = _seat_info(game, seat)
        new_user = get_user(session, new_user_id)
        held = holders(session, game.id)
        _check_multi_seat(
            game, seat_info, [s for s, h in held.items() if h.user_id == new_user_id and s != seat]
        )
        old = held.get(seat)
        if old is not None and old.user_id == new_user_id:
            raise Conflict(_("%(name)s already holds that seat."), name=new_user.display_name)
        if old is not None:
            session.delete(old)
            session.flush()
        holder = SeatHolder(game_id=game.id, seat=seat, user_id=new_user_id)
        session.add(holder)
        if game.status != FORMING:
            payload = {
                "seat": seat,
                "user": new_user_id,
                "name": new_user.display_name,
                "previous": old.user_id if old else None,
            }
            _record(session, game, [("seat.replaced", payload, seat)], user_id, now)
        session.commit()
        return holder


def set_deadline(
    session: Session, *, game_id: int, user_id: int, hours: int | None, now: datetime | None = None
) -> Game:
    """Hours each owed decision may take (``None``: no deadline)."""
    with rollback_on_error(session):
        begin_write(session)
        game = log.lock_game(session, get_game(session, game_id).id)
        require_organiser(game, user_id)
        if game.status == FINISHED:
            raise Conflict(_("This game is over."))
        game.deadline_hours = check_deadline_hours(hours)
        now = now_or(now)
        game.deadline_at = (
            now + timedelta(hours=game.deadline_hours)
            if game.deadline_hours and game.status == ACTIVE
            else None
        )
        game.updated_at = now
        session.add(game)
        session.commit()
        return game


# -- helpers -------------------------------------------------------------------
def _seat_info(game: Game, seat: str) -> dict[str, Any]:
    for info in seats_of(game):
        if info["id"] == seat:
            return info
    names = ", ".join(s["id"] for s in seats_of(game))
    raise BadRequest(_("This game has no seat '%(seat)s' (seats: %(seats)s)."), seat=seat, seats=names)


def _check_multi_seat(game: Game, seat_info: dict[str, Any], other_seats: list[str]) -> None:
    """The ruleset's ``multi_seat`` rule: "none", "side" (one side only) or "any"."""
    if not other_seats:
        return
    rule = ruleset_of(game.ruleset_key).multi_seat
    by_id = {s["id"]: s for s in seats_of(game)}
    names = _seat_names(game, [by_id[s]["name"] for s in other_seats if s in by_id])
    if rule == "none":
        raise Conflict(_("You already play %(seats)s in this game, and a player may hold only "
                         "one seat in this game."), seats=names)
    if rule == "side":
        sides = {by_id[s].get("side") for s in other_seats if s in by_id}
        if sides != {seat_info.get("side")}:
            raise Conflict(_("You already play %(seats)s in this game: a player may hold several "
                             "seats only on one side, and %(seat)s is on another side."),
                           seats=names, seat=_seat_names(game, [seat_info["name"]]))


def _record(
    session: Session,
    game: Game,
    records: list[tuple[str, dict[str, Any], str | None]],
    user_id: int | None,
    now: datetime | None = None,
) -> EngineGame:
    """Log platform records in a started game (same transaction, no commit)."""
    engine = snapshots.load_game(session, game)
    before = engine.seq
    for type_, payload, seat in records:
        engine.record(type_, payload, seat=seat)
    log.append(session, game.id, before, engine.events_since(before), user_id=user_id, now=now)
    game.updated_at = now_or(now)
    game.last_seq = engine.seq
    session.add(game)
    return engine
