"""The one redacting read path: everything a seat receives of a game's log passes through here.

Game page, API view and log, history and its stepper, board, dice audit, emails, webhooks and
exports made by a player read events through :func:`shown` (one event) or a :class:`Reader` (a
game for one seat); no other module calls ``Ruleset.event_view`` or hands raw events to a person.

Private by default (``docs/api.md``, "What other seats see"):

* an ``order`` event is private to its seat unless the ruleset lists its type in
  ``Ruleset.public_orders`` (``"*"``: every type but the anytime orders). Other seats receive
  the event without its payload ("Red gave an order"): the consequences the ruleset emits
  show what happened, as ``event_view`` lets them;
* a private *anytime* order (a standing order) is hidden from other seats entirely, with every
  event of its group (its consequences): others learn neither that it was given nor when.
  What they can still tell is that the log's sequence grew (``last_seq`` must be public for
  ``expected_seq``): the gap says "something private happened", never whose or what;
  hidden events' ``created_at`` is never shown;
* a ``dice.shuffled`` event without ``public`` loses its resulting order and its length;
* a deadline-policy record of another seat loses its ``reason`` and ``user`` (whether the
  seat had nothing to decide, or had started its orders, is the seat's own business);
* then the ruleset's own ``event_view`` (hidden hands, hidden set-ups...).

Once a game has a result, a ruleset with ``reveal_at_end = True`` (e.g. a block game whose
secrets only matter while it is played) has its whole log shown unredacted to everyone
(:func:`reveals`); only the deadline-policy records keep their private reason.
"""

from __future__ import annotations

import copy
import json
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from pbem.engine import Game as EngineGame
from pbem.engine import load_ruleset
from pbem.engine.events import ORDER, starts_group
from pbem.store import snapshots
from pbem.store.events import EVENT_COLUMNS
from pbem.store.models.games import Event, Game

POLICY_PRIVATE = ("reason", "user")
#: Series kept in memory per process (:meth:`Reader.series`), by database, game, seat and name.
SERIES_CACHE_SIZE = 2048  # an entry is a few KB (e.g. the A&A chart: a tuple per income collection)
_SERIES: OrderedDict[tuple[Any, ...], tuple[int, str, list[Any]]] = OrderedDict()


def order_is_public(ruleset: Any, order_type: Any) -> bool:
    public = getattr(ruleset, "public_orders", frozenset())
    if order_type in public:
        return True
    return "*" in public and order_type not in ruleset.anytime_orders


def open_information(ruleset: Any) -> bool:
    """Whether every seat may read the whole log (no private views, events or orders)."""
    from pbem.engine import Ruleset

    return (type(ruleset).view is Ruleset.view and type(ruleset).event_view is Ruleset.event_view
            and "*" in getattr(ruleset, "public_orders", frozenset())
            and all(order_is_public(ruleset, kind) for kind in ruleset.anytime_orders))


def reveals(ruleset: Any, game: Game) -> bool:
    """Whether the game's whole log is now shown to everyone unredacted: it has a result and its
    ruleset says ``reveal_at_end = True``."""
    return bool(getattr(ruleset, "reveal_at_end", False)) and bool(game.result)


class Redactor:
    """Redacts a game's events in log order for one seat (it follows groups: a private anytime
    order hides its consequences too). Feed it every event from a group start onwards.
    ``reveal``: the game is over and its ruleset reveals everything then (:func:`reveals`)."""

    def __init__(self, ruleset: Any, seat: str | None, reveal: bool = False) -> None:
        self.ruleset = ruleset
        self.seat = seat
        self.reveal = reveal
        self.private_group: str | None = None  # the seat whose private anytime order opened this group

    def __call__(self, event: dict[str, Any]) -> dict[str, Any] | None:
        t = event["type"]
        if self.reveal:
            return revealed(event, self.seat)
        if starts_group(t):
            self.private_group = None
            if t == ORDER:
                kind = (event["payload"].get("order") or {}).get("type")
                if kind in self.ruleset.anytime_orders and not order_is_public(self.ruleset, kind):
                    self.private_group = event.get("seat")
        if self.private_group is not None and self.private_group != self.seat:
            return None
        return shown(self.ruleset, event, self.seat)


def revealed(event: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """An event of a finished game whose ruleset reveals everything at the end: whole, but for
    another seat's deadline-policy reason."""
    p = event.get("payload") or {}
    if event["type"].startswith("policy.") and not (seat is not None and event.get("seat") == seat):
        return {**event, "payload": {k: v for k, v in p.items() if k not in POLICY_PRIVATE}}
    return event


def shown(ruleset: Any, event: dict[str, Any], seat: str | None) -> dict[str, Any] | None:
    """One event as ``seat`` may see it (``None``: hidden). Use a :class:`Redactor` over a
    sequence: only it knows which events a private anytime order caused."""
    t, p = event["type"], event.get("payload") or {}
    own = seat is not None and event.get("seat") == seat
    if t == ORDER and not own:
        kind = (p.get("order") or {}).get("type")
        if kind in ruleset.anytime_orders and not order_is_public(ruleset, kind):
            return None
        if not order_is_public(ruleset, kind):
            event = {**event, "payload": {"private": True}}
    elif t == "dice.shuffled" and not p.get("public"):
        event = {**event, "payload": {k: v for k, v in p.items() if k not in ("order", "n")}}
    elif t.startswith("policy.") and not own:
        event = {**event, "payload": {k: v for k, v in p.items() if k not in POLICY_PRIVATE}}
    return ruleset.event_view(event, seat)


def redact_all(ruleset: Any, events: Iterable[dict[str, Any]], seat: str | None,
               reveal: bool = False) -> list[dict[str, Any]]:
    """Events of one stretch of the log (starting at a group start), redacted for ``seat``
    (``reveal``: see :func:`reveals`)."""
    redact = Redactor(ruleset, seat, reveal)
    return [e for e in (redact(ev) for ev in events) if e is not None]


#: What the reader takes of a stored event (read as plain columns, not as rows of the session): the
#: engine's event (:func:`_as_event`) and its time.
ROW_COLUMNS = (*EVENT_COLUMNS, col(Event.created_at))


def _as_event(row: Any) -> dict[str, Any]:
    return {"seq": row.seq, "seat": row.seat, "type": row.type, "v": row.v, "payload": json.loads(row.payload)}


def _group_start_statement(game_id: int, seq: int) -> Any:
    """The newest ``order`` at or before ``seq`` (walks UNIQUE(game_id, seq) back to it)."""
    return (select(Event.seq).where(Event.game_id == game_id, Event.type == ORDER, Event.seq <= seq)
            .order_by(col(Event.seq).desc()).limit(1))


def _group_start(session: Session, game_id: int, seq: int) -> int:
    """The seq of the newest ``order`` at or before ``seq`` (a private group may run on from it)."""
    found = session.exec(_group_start_statement(game_id, seq)).first()
    return int(found or 1)


def _group_start_subquery(game_id: int, seq: int) -> Any:
    """:func:`_group_start` as a scalar subquery of another read (one round trip)."""
    return func.coalesce(_group_start_statement(game_id, seq).scalar_subquery(), 1)


class Reader:
    """One game as one seat may read it (``pbem.ui.base.GameReader``)."""

    def __init__(self, session: Session, game: Game, seat: str | None, ruleset: Any = None) -> None:
        self.session = session
        self.game = game
        self.game_id = int(game.id)  # type: ignore[arg-type]
        self.seat = seat
        self.last_seq = game.last_seq
        self.ruleset = ruleset or load_ruleset(game.ruleset_key)
        self.reveal = reveals(self.ruleset, game)

    # -- events -----------------------------------------------------------------------------
    def rows(self, after: int = 0, upto: int | None = None, *, before: int | None = None,
             limit: int | None = None) -> Iterator[tuple[dict[str, Any], Any]]:
        """``(redacted event, row)`` for the visible events of ``after < seq <= upto`` (or the
        newest ``limit`` below ``before``), oldest first; a row has the :data:`ROW_COLUMNS`."""
        if before is not None and limit is not None:
            first = session_min(self.session, self.game_id, before, limit)
            after, upto = first - 1, before - 1
        if limit is not None and before is None:  # the limit counts the group's earlier rows: start first
            start: Any = _group_start(self.session, self.game_id, after) if after > 0 else 1
        else:  # one round trip: the group's start is a subquery of the read
            start = _group_start_subquery(self.game_id, after) if after > 0 else 1
        stmt = select(*ROW_COLUMNS).where(Event.game_id == self.game_id, Event.seq >= start)
        if upto is not None:
            stmt = stmt.where(Event.seq <= upto)
        stmt = stmt.order_by(col(Event.seq))
        if limit is not None and before is None:
            stmt = stmt.limit(limit + (after - start + 1 if after >= start else 0))
        redact = Redactor(self.ruleset, self.seat, self.reveal)
        for row in self.session.exec(stmt):
            event = redact(_as_event(row))
            if event is not None and row.seq > after:
                yield event, row

    def events(self, after: int = 0, upto: int | None = None) -> list[dict[str, Any]]:
        return [e for e, _row in self.rows(after, upto)]

    def last_seq_of(self, event_type: str, upto: int | None = None) -> int:
        found = self.last_of(event_type, upto)
        return int(found["seq"]) if found else 0

    def last_of(self, event_type: str, upto: int | None = None) -> dict[str, Any] | None:
        """The newest event of that type the seat may see (redacted), at or before ``upto``."""
        stmt = select(Event.seq).where(Event.game_id == self.game_id, Event.type == event_type)
        if upto is not None:
            stmt = stmt.where(Event.seq <= upto)
        seqs = self.session.exec(stmt.order_by(col(Event.seq).desc()).limit(20)).all()
        for seq in seqs:  # the newest the seat may see
            found = self.events(after=seq - 1, upto=seq)
            if found:
                return found[-1]
        return None

    def since_last_turn(self) -> int:
        """The first event after the seat's latest order that others' orders followed."""
        mine = {self.seat} if self.seat else set()
        seen_others = False
        for seq, seat in self._orders_newest_first():
            if seat in mine and seen_others:
                return int(seq) + 1
            if seat not in mine:
                seen_others = True
        return 1

    def _orders_newest_first(self, page: int = 100) -> Iterator[tuple[int, str | None]]:
        """``(seq, seat)`` of the orders and undos, newest first, read a page at a time (the
        search above usually stops within a round, however long the game)."""
        below = self.last_seq + 1
        while True:
            rows = self.session.exec(select(Event.seq, Event.seat).where(
                Event.game_id == self.game_id, col(Event.type).in_((ORDER, "undo")), Event.seq < below)
                .order_by(col(Event.seq).desc()).limit(page)).all()
            yield from rows
            if len(rows) < page:
                return
            below = rows[-1][0]

    # -- positions --------------------------------------------------------------------------
    def state_at(self, seq: int) -> dict[str, Any]:
        """The full state after ``seq`` (server side only: hand it on through ``view_at``)."""
        rs = self.ruleset
        found = snapshots._parsed(self.session, self.game_id, seq)
        if found is not None and found[1] == rs.version:
            try:
                rows = [_as_event(r) for r in self._raw(found[0], seq)]
                return EngineGame.from_snapshot(rs, found[2], rows).state
            except (ValueError, KeyError, TypeError):
                pass
        return rs.replay([_as_event(r) for r in self._raw(0, seq)]).state

    def view_at(self, seq: int) -> dict[str, Any]:
        return self.ruleset.view(self.state_at(seq), self.seat)  # type: ignore[no-any-return]

    def views_after(self, event_types: Iterable[str], after: int = 0) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """``(redacted event, view just after it)`` for each visible event of these types after
        ``after``: one fold from the newest snapshot before the first of them (else from the start)."""
        wanted, rs = set(event_types), self.ruleset
        hits = {e["seq"]: e for e in self.events(after=after, upto=self.last_seq) if e["type"] in wanted}
        if not hits:
            return []
        views: dict[int, dict[str, Any]] = {}
        proxy = copy.copy(rs)

        def evolve(state: dict[str, Any], event: dict[str, Any]) -> None:
            rs.evolve(state, event)
            if event.get("seq") in hits:
                views[event["seq"]] = rs.view(copy.deepcopy(state), self.seat)

        proxy.evolve = evolve
        first, last = min(hits), max(hits)
        found = snapshots._parsed(self.session, self.game_id, first - 1) if first > 1 else None
        if found is not None and found[1] == rs.version:
            try:
                EngineGame.from_snapshot(proxy, found[2], [_as_event(r) for r in self._raw(found[0], last)])
                return [(hits[seq], views[seq]) for seq in sorted(views)]
            except (ValueError, KeyError, TypeError):
                views.clear()
        EngineGame.replay(proxy, [_as_event(r) for r in self._raw(0, last)])
        return [(hits[seq], views[seq]) for seq in sorted(views)]

    def series(self, name: str, event_types: Iterable[str],
               point: Callable[[dict[str, Any], dict[str, Any]], Any]) -> list[Any]:
        """``point(event, view just after it)`` for each visible event of these types, oldest
        first (e.g. a chart's values). Kept in memory per process by game, seat and ``name`` and
        extended by :meth:`views_after` the events since, so a request folds only what is new;
        ``point`` must depend on its arguments alone and return something small."""
        key = (str(self.session.get_bind().url), self.game_id, self.seat, getattr(self, "reveal", False),
               self.ruleset.key, self.ruleset.version, name, tuple(sorted(event_types)))
        after, items = 0, []
        cached = _SERIES.get(key)
        if cached is not None and cached[0] <= self.last_seq and self._hash_at(cached[0]) == cached[1]:
            after, items = cached[0], list(cached[2])
        if after < self.last_seq:
            items += [point(e, v) for e, v in self.views_after(event_types, after)]
        _SERIES[key] = (self.last_seq, self._hash_at(self.last_seq), items)
        _SERIES.move_to_end(key)
        while len(_SERIES) > SERIES_CACHE_SIZE:
            _SERIES.popitem(last=False)
        return list(items)

    def battles(self) -> list[dict[str, Any]]:
        """The pre-battle odds and luck of the game's battles opened up to ``last_seq``
        (``services.battle_odds``: worked out from the public view, so every seat may read them)."""
        from pbem.services import battle_odds

        return battle_odds.battles(self.session, self.game_id, upto=self.last_seq)

    def _hash_at(self, seq: int) -> str:
        """The chain hash of event ``seq`` (what a cached series was computed up to)."""
        found = self.session.exec(select(Event.hash).where(Event.game_id == self.game_id, Event.seq == seq)).first()
        return str(found or "")

    def _raw(self, after: int, upto: int | None) -> list[Any]:
        stmt = select(*EVENT_COLUMNS).where(Event.game_id == self.game_id, Event.seq > after)
        if upto is not None:
            stmt = stmt.where(Event.seq <= upto)
        return list(self.session.exec(stmt.order_by(col(Event.seq))))


def session_min(session: Session, game_id: int, before: int, limit: int) -> int:
    """The lowest seq of the ``limit`` rows below ``before``."""
    seqs = session.exec(select(Event.seq).where(Event.game_id == game_id, Event.seq < before)
                        .order_by(col(Event.seq).desc()).limit(limit)).all()
    return int(min(seqs)) if seqs else before


def reader(session: Session, game: Game, seat: str | None) -> Reader:
    return Reader(session, game, seat)
