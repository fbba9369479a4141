"""Read-side queries for the lobby and the "my games" page (no writes, no commits)."""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session, col, select

from pbem.services.common import seats_of
from pbem.store.models.games import FINISHED, FORMING, PRIVATE, PUBLIC, Game, SeatHolder


def visible(session: Session, game: Game, user_id: int | None) -> bool:
    """Public games are visible to all; private ones to their organiser and seat holders."""
    if game.visibility != PRIVATE:
        return True
    if user_id is None:
        return False
    if game.organiser_id == user_id:
        return True
    found = session.exec(
        select(SeatHolder.id).where(SeatHolder.game_id == game.id, SeatHolder.user_id == user_id)
    ).first()
    return found is not None


def my_games(session: Session, user_id: int) -> list[dict[str, Any]]:
    """The user's games: ``[{"game", "seats", "owed"}]``, those owing a decision first.

    ``seats`` are the seat ids the user holds, ``owed`` those of them that owe a
    decision now. Then unfinished before finished, newest activity first.
    """
    held: dict[int, list[str]] = {}
    for row in session.exec(select(SeatHolder).where(SeatHolder.user_id == user_id)):
        held.setdefault(row.game_id, []).append(row.seat)
    query = select(Game).where(col(Game.id).in_(list(held)) | (Game.organiser_id == user_id))
    out = []
    for game in session.exec(query):
        seats = sorted(held.get(game.id, []))
        owed = (
            [s for s in json.loads(game.owed_seats) if s in seats]
            if game.status != FINISHED
            else []
        )
        out.append({"game": game, "seats": seats, "owed": owed})
    out.sort(
        key=lambda g: (
            not g["owed"],
            g["game"].status == FINISHED,
            -g["game"].updated_at.timestamp(),
        )
    )
    return out


def open_games(session: Session) -> list[dict[str, Any]]:
    """Public games still forming with a free seat: ``[{"game", "free_seats", "seats"}]``."""
    games = list(
        session.exec(
            select(Game)
            .where(Game.visibility == PUBLIC, Game.status == FORMING)
            .order_by(col(Game.created_at).desc())
        )
    )
    taken: dict[int, set[str]] = {}
    if games:
        rows = session.exec(
            select(SeatHolder).where(col(SeatHolder.game_id).in_([g.id for g in games]))
        )
        for row in rows:
            taken.setdefault(row.game_id, set()).add(row.seat)
    out = []
    for game in games:
        seats = seats_of(game)
        free = [s for s in seats if s["id"] not in taken.get(game.id, set())]
        if free:
            out.append({"game": game, "free_seats": free, "seats": seats})
    return out
