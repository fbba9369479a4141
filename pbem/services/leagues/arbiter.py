"""The arbiter console: organisers' rulings on a league game, each a ``game.ruling`` record
with its reason in the game's log (players see them on the pairing page and in the log).

* ``substitute``: another club member takes over a player's seats (``seat.replaced``);
* ``rewind``: orders are taken back to a seq, through the engine's undo (so only as far as
  the rules allow: not past dice already rolled or into another undo scope);
* adjusting a result is :func:`pbem.services.leagues.results.adjudicate` (``adjusts``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session

from pbem.services import games as game_service
from pbem.services.common import get_game, get_user, holders, rollback_on_error
from pbem.services.errors import BadRequest, Conflict, _
from pbem.services.leagues.common import league_of_game, require_member, require_organiser
from pbem.services.leagues.gamelog import append_records
from pbem.store import events as log
from pbem.store import snapshots
from pbem.store.db import begin_write
from pbem.store.models.games import ACTIVE, PAUSED


def _reason(reason: str) -> str:
    text = (reason or "").strip()
    if not text:
        raise BadRequest(_("A ruling needs a written reason."))
    return text[:2000]


def _league_game(session: Session, game_id: int, user_id: int) -> Any:
    found = league_of_game(session, game_id)
    if found is None:
        raise BadRequest(_("This game is not a league game."))
    require_organiser(session, found[2].club_id, user_id)
    return found


def substitute(session: Session, *, game_id: int, user_id: int, player: int, new_user_id: int,
               reason: str, now: datetime | None = None) -> None:
    pairing, _season, league = _league_game(session, game_id, user_id)
    text = _reason(reason)
    if player not in (pairing.player_a, pairing.player_b):
        raise BadRequest(_("Choose one of the game's two players."))
    if new_user_id in (pairing.player_a, pairing.player_b):
        raise Conflict(_("The substitute must be someone not already in this game."))
    require_member(session, league.club_id, new_user_id)
    get_user(session, new_user_id)
    game = get_game(session, game_id)
    if game.status not in (ACTIVE, PAUSED):
        raise Conflict(_("Only a game in progress can be changed this way."))
    for seat, holder in holders(session, game_id).items():
        if holder.user_id == player:
            game_service.replace_player(session, game_id=game_id, user_id=game.organiser_id, seat=seat,
                                        new_user_id=new_user_id, now=now)
    with rollback_on_error(session):
        if pairing.player_a == player:
            pairing.player_a = new_user_id
        else:
            pairing.player_b = new_user_id
        session.add(pairing)
        begin_write(session)
        game = log.lock_game(session, game_id)
        append_records(session, game, [("game.ruling", {"action": "substitute", "old": player,
                                                        "new": new_user_id, "reason": text,
                                                        "by": user_id}, None)], user_id, now)
        session.commit()


def rewind(session: Session, *, game_id: int, user_id: int, to_seq: Any, reason: str,
           now: datetime | None = None) -> int:
    """Take orders back until the log's position is at ``to_seq``; returns the orders undone."""
    _league_game(session, game_id, user_id)
    text = _reason(reason)
    try:
        target = int(to_seq)
    except (TypeError, ValueError):
        raise BadRequest(_("Rewind to an event number of the game's log.")) from None
    with rollback_on_error(session):
        begin_write(session)
        game = log.lock_game(session, game_id)
        if game.status not in (ACTIVE, PAUSED):
            raise Conflict(_("Only a game in progress can be changed this way."))
        engine = snapshots.load_game(session, game)
        stored = log.load(session, game_id)
        before, undone = engine.seq, 0
        while _position_seq(stored + engine.events_since(before)) > target:
            seats = [o["seat"] for o in engine.owed()] or list(engine.meta["seats"])
            seat = next((s for s in seats if engine.can_undo(s)), None)
            if seat is None:
                raise Conflict(_("The rules cannot take the game back to event %(seq)s (dice were "
                                 "rolled or the turn changed since); the furthest is %(last)s."),
                               seq=target, last=_position_seq(stored + engine.events_since(before)))
            engine.undo(seat)
            undone += 1
        if undone == 0:
            raise Conflict(_("The game is already at event %(seq)s."), seq=target)
        engine.record("game.ruling", {"action": "rewind", "to_seq": target, "undone": undone,
                                      "reason": text, "by": user_id}, seat=None)
        log.append(session, game_id, before, engine.events_since(before), user_id=user_id, now=now)
        from pbem.services.common import sync_row

        sync_row(game, engine, now)
        session.add(game)
        session.commit()
        return undone


def _position_seq(events: list[dict[str, Any]]) -> int:
    """The seq of the latest order still in force (undone orders do not count)."""
    undone = {e["payload"]["order_seq"] for e in events if e["type"] == "undo"}
    orders = [e["seq"] for e in events if e["type"] == "order" and e["seq"] not in undone]
    return max(orders, default=0)
