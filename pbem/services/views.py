"""What a game page or the API shows one viewer (loaded from the newest snapshot).

The engine's answers for one seat (its view, the owed decisions, its legal options, whether it
may undo) are a function of the log alone: they are kept per process (:data:`POSITIONS`) by
database, game, log head (seq and chain hash: a new event, an undo or a rewrite changes it),
ruleset version and seat, as a pickle each request unpickles (every reader gets its own copy);
with a shared store (``pbem.shared_cache``) one web process computes them for all.
Who holds which seat, names, status and deadline are read from the database every time.
"""

from __future__ import annotations

import json
import pickle
from typing import Any

from sqlmodel import Session, col, select

from pbem.engine import load_ruleset
from pbem.lru import LRU
from pbem.services.common import get_game, seats_of
from pbem.services.errors import NotFound, _
from pbem.services.queries import visible
from pbem.shared_cache import Kept
from pbem.store import snapshots
from pbem.store.models.accounts import User
from pbem.store.models.games import FORMING, SeatHolder
from pbem.store.witness import head as log_head


def game_view(
    session: Session, *, game_id: int, user_id: int | None, seat: str | None = None
) -> dict[str, Any]:
    """The game as ``user_id`` may see it.

    Keys: ``game`` (the row), ``id``, ``title``, ``ruleset``, ``status``, ``visibility``,
    ``organiser_id``, ``is_organiser``, ``organiser_name``, ``last_seq``, ``deadline_at``, ``result``,
    ``seats`` (``[{"id", "name", "side", "user_id", "user_name", "owes"}]``),
    ``my_seats``, ``seat`` (the seat whose view this is; ``None`` for a spectator),
    ``head`` (``(seq, hash)`` of the log's last event, ``None`` for an empty log),
    ``view`` (the engine's ``view(seat)``; ``None`` before the start), ``owed``
    (every owed decision), ``my_owed`` (those of ``seat``), ``legal`` (the seat's
    legal options when it owes a decision), ``can_undo``.
    A private game is ``NotFound`` for anyone but its organiser and players.
    """
    game = get_game(session, game_id)
    if not visible(session, game, user_id):
        raise NotFound(_("There is no game %(game)s."), game=game_id)
    held, names = _holders_and_names(session, game)
    mine = [s for s, h in held.items() if user_id is not None and h.user_id == user_id]
    order = [s["id"] for s in seats_of(game)]
    mine.sort(key=order.index)
    if seat is not None and seat not in mine:
        seat = None
    seat = seat or (mine[0] if mine else None)
    head = log_head(session, game.id)  # type: ignore[arg-type]
    position = _position(session, game, head, seat) if game.status != FORMING else None
    owed = position["owed"] if position else []
    owing = {o["seat"] for o in owed}
    seats = [
        {
            **info,
            "user_id": held[info["id"]].user_id if info["id"] in held else None,
            "user_name": names.get(held[info["id"]].user_id) if info["id"] in held else None,
            "owes": info["id"] in owing,
        }
        for info in seats_of(game)
    ]
    my_owed = [o for o in owed if o["seat"] == seat] if seat else []
    return {
        "head": head,
        "game": game,
        "id": game.id,
        "title": game.title,
        "ruleset": game.ruleset_key,
        "status": game.status,
        "visibility": game.visibility,
        "organiser_id": game.organiser_id,
        "is_organiser": user_id is not None and user_id == game.organiser_id,
        "organiser_name": names.get(game.organiser_id),
        "last_seq": game.last_seq,
        "deadline_at": game.deadline_at,
        "result": json.loads(game.result) if game.result else None,
        "seats": seats,
        "my_seats": mine,
        "seat": seat,
        "view": position["view"] if position else None,
        "owed": owed,
        "my_owed": my_owed,
        "legal": position["legal"] if position else None,
        "can_undo": bool(position and position["can_undo"]),
    }


#: Pickled engine answers per (database, game, last_seq, head, ruleset, version, seat): see above;
#: shared by the site's web processes when ``PBEM_PAGE_CACHE_URL`` is set (``pbem.shared_cache``:
#: only values signed with the site's secret are unpickled).
POSITIONS: Kept[bytes] = Kept("position", LRU(1024, weigh=len, max_weight=16 * 2**20),  # an A&A position: ~10 KB
                              bytes, bytes)


def _position(session: Session, game: Any, head: tuple[int, str] | None, seat: str | None) -> dict[str, Any]:
    """``view``, ``owed``, ``legal`` (when the seat owes a decision) and ``can_undo`` of ``seat``
    (``None``: a spectator) at the game's log head, a fresh copy for this caller."""
    ruleset = load_ruleset(game.ruleset_key)
    key = (str(session.get_bind().url), game.id, game.last_seq, head, ruleset.key, ruleset.version, seat)
    found = POSITIONS.get(key)
    if found is None:
        engine = snapshots.load_game(session, game)
        owed = engine.owed()
        owes = bool(seat and any(o["seat"] == seat for o in owed))
        found = pickle.dumps({
            "view": engine.view(seat), "owed": owed,
            "legal": engine.legal_options(seat) if owes and seat else None,
            "can_undo": bool(owes and seat and engine.can_undo(seat))}, protocol=pickle.HIGHEST_PROTOCOL)
        POSITIONS.put(key, found)
    return pickle.loads(found)  # type: ignore[no-any-return]  # noqa: S301 - our own pickle (a shared one is signed)


def _holders_and_names(session: Session, game: Any) -> tuple[dict[str, SeatHolder], dict[int, str]]:
    """The game's seat holders by seat, and the display names of the holders and the organiser
    (one query)."""
    rows = session.exec(select(SeatHolder, User.display_name).join(User, col(User.id) == SeatHolder.user_id,
                                                                   isouter=True)
                        .where(SeatHolder.game_id == game.id)).all()
    held = {row.seat: row for row, _name in rows}
    names = {row.user_id: name for row, name in rows if name is not None}
    if game.organiser_id not in names:
        organiser = session.get(User, game.organiser_id)
        if organiser is not None:
            names[organiser.id] = organiser.display_name
    return held, names
