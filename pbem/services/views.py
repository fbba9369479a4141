"""What a game page or the API shows one viewer (loaded from the newest snapshot).

The engine's answers for one seat (its view, the owed decisions, its legal options, whether it
may undo) are a function of the log alone: they are kept per process (:data:`POSITIONS`) by
database, game, log head (seq and chain hash: a new event, an undo or a rewrite changes it),
ruleset version and seat, as a pickle each request unpickles (every reader gets its own copy;
the view and legal options, the bulk, are a pickle within it, unpickled only by a reader that
needs them: a game page served from its kept parts does not); with a shared store
(``pbem.shared_cache``) one web process computes them for all.
Who holds which seat, names, status and deadline are read from the database every time.
"""

from __future__ import annotations

import json
import pickle
from functools import cache
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlmodel import Session, col

from pbem.engine import load_ruleset
from pbem.lru import LRU
from pbem.services.common import get_game_id, seats_of
from pbem.services.errors import NotFound, _
from pbem.shared_cache import Kept
from pbem.store import snapshots
from pbem.store.models.accounts import User
from pbem.store.models.games import FORMING, PRIVATE, Event, Game, SeatHolder
from pbem.store.models.trust import INVITED, SeatInvitation


def game_view(
    session: Session, *, game_id: int, user_id: int | None, seat: str | None = None,
    answers: bool = True,
) -> dict[str, Any]:
    """The game as ``user_id`` may see it.

    Keys: ``game`` (the row), ``id``, ``title``, ``ruleset``, ``status``, ``visibility``,
    ``organiser_id``, ``is_organiser``, ``organiser_name``, ``last_seq``, ``deadline_at``, ``result``,
    ``seats`` (``[{"id", "name", "side", "user_id", "user_name", "owes"}]``),
    ``my_seats``, ``seat`` (the seat whose view this is; ``None`` for a spectator),
    ``head`` (``(seq, hash)`` of the log's last event, ``None`` for an empty log),
    ``view`` (the engine's ``view(seat)``; ``None`` before the start), ``owed``
    (every owed decision), ``my_owed`` (those of ``seat``), ``legal`` (the seat's
    legal options when it owes a decision), ``can_undo``, ``invited`` (how many seat invitations
    may still be open: ``invitations.pending`` has none when it is 0).
    A private game is ``NotFound`` for anyone but its organiser and players.

    ``answers=False``: without ``view`` and ``legal`` (the largest part, kept as a pickle under
    ``answers``) for a caller that may not need them; :func:`add_answers` puts them in.
    """
    game, head, held, names, invited = _game_head_holders(session, game_id)
    if not _visible(game, held, user_id):
        raise NotFound(_("There is no game %(game)s."), game=game_id)
    mine = [s for s, holder in held.items() if user_id is not None and holder == user_id]
    order = [s["id"] for s in seats_of(game)]
    mine.sort(key=order.index)
    if seat is not None and seat not in mine:
        seat = None
    seat = seat or (mine[0] if mine else None)
    position = _position(session, game, head, seat) if game.status != FORMING else None
    owed = position["owed"] if position else []
    owing = {o["seat"] for o in owed}
    seats = [
        {
            **info,
            "user_id": held.get(info["id"]),
            "user_name": names.get(held[info["id"]]) if info["id"] in held else None,
            "owes": info["id"] in owing,
        }
        for info in seats_of(game)
    ]
    my_owed = [o for o in owed if o["seat"] == seat] if seat else []
    data = {
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
        "answers": position["answers"] if position else None,
        "owed": owed,
        "my_owed": my_owed,
        "can_undo": bool(position and position["can_undo"]),
        "invited": invited,
    }
    return add_answers(data) if answers else data


def add_answers(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (``game_view(..., answers=False)``) with the engine's ``view`` and ``legal`` in it
    (a copy of this caller's own)."""
    kept = data.pop("answers", None)
    found = pickle.loads(kept) if kept is not None else {"view": None, "legal": None}  # noqa: S301 - see _position
    data["view"], data["legal"] = found["view"], found["legal"]
    return data


#: Pickled engine answers per (database, game, last_seq, head, ruleset, version, seat): see above;
#: shared by the site's web processes when ``PBEM_PAGE_CACHE_URL`` is set (``pbem.shared_cache``:
#: only values signed with the site's secret are unpickled).
POSITIONS: Kept[bytes] = Kept("position", LRU(1024, weigh=len, max_weight=16 * 2**20),  # an A&A position: ~10 KB
                              bytes, bytes)


def _position(session: Session, game: Any, head: tuple[int, str] | None, seat: str | None) -> dict[str, Any]:
    """``owed`` and ``can_undo`` of ``seat`` (``None``: a spectator) at the game's log head, a
    fresh copy for this caller, and ``answers``: its ``view`` and ``legal`` (when the seat owes a
    decision) as a pickle (:func:`add_answers` unpickles it)."""
    ruleset = load_ruleset(game.ruleset_key)
    key = (str(session.get_bind().url), game.id, game.last_seq, head, ruleset.key, ruleset.version, seat)
    found = POSITIONS.get(key)
    if found is None:
        engine = snapshots.load_game(session, game, at_last_seq=True)
        owed = engine.owed()
        owes = bool(seat and any(o["seat"] == seat for o in owed))
        answers = pickle.dumps({"view": engine.view(seat),
                                "legal": engine.legal_options(seat) if owes and seat else None},
                               protocol=pickle.HIGHEST_PROTOCOL)
        found = pickle.dumps({"owed": owed, "can_undo": bool(owes and seat and engine.can_undo(seat)),
                              "answers": answers}, protocol=pickle.HIGHEST_PROTOCOL)
        POSITIONS.put(key, found)
    return pickle.loads(found)  # type: ignore[no-any-return]  # noqa: S301 - our own pickle (a shared one is signed)


def _visible(game: Game, held: dict[str, int], user_id: int | None) -> bool:
    """``queries.visible`` from the rows already read (``held``: seat -> holder's user id): public
    games are visible to all, private ones to their organiser and seat holders."""
    if game.visibility != PRIVATE:
        return True
    return user_id is not None and (game.organiser_id == user_id or user_id in held.values())


@cache
def _game_head_holders_query() -> Any:
    """The statement of :func:`_game_head_holders` (built once: building it costs as much as running it)."""
    def last(column: Any) -> Any:
        return (select(column).where(col(Event.game_id) == col(Game.id)).order_by(col(Event.seq).desc())
                .limit(1).scalar_subquery())

    invited = (select(func.count()).select_from(SeatInvitation)
               .where(col(SeatInvitation.game_id) == col(Game.id), col(SeatInvitation.status) == INVITED)
               .scalar_subquery())
    return (select(Game, last(col(Event.seq)), last(col(Event.hash)), invited, col(SeatHolder.seat),
                   col(SeatHolder.user_id), col(User.display_name))
            .outerjoin(SeatHolder, col(SeatHolder.game_id) == Game.id)
            .outerjoin(User, col(User.id) == SeatHolder.user_id)
            .where(col(Game.id) == bindparam("game_id")))


def _game_head_holders(session: Session, game_id: Any
                       ) -> tuple[Game, tuple[int, str] | None, dict[str, int], dict[int, str], int]:
    """The game, its log head (as ``store.events.head``), its seat holders' user ids by seat, the
    display names of the holders and the organiser, and how many seat invitations are open
    (accepted, cancelled or expired ones not counted, expired but not yet marked ones counted), in
    one query (a game page reads them every time; the holders as plain columns, not rows)."""
    key = get_game_id(game_id)
    rows = session.execute(_game_head_holders_query(), {"game_id": key}).all()
    if not rows:
        raise NotFound(_("There is no game %(game)s."), game=key)
    game, seq, digest, invited = rows[0][:4]
    head = None if seq is None else (int(seq), str(digest))
    held = {seat: holder for *_game, seat, holder, _name in rows if seat is not None}
    names = {holder: name for *_game, seat, holder, name in rows if seat is not None and name is not None}
    if game.organiser_id not in names:
        organiser = session.get(User, game.organiser_id)
        if organiser is not None:
            names[organiser.id] = organiser.display_name  # type: ignore[index]
    return game, head, held, names, int(invited or 0)
