"""Scheduler use cases: reminders before a deadline, the deadline policy after it, digests.

Each function takes a session factory and ``now`` (aware UTC) and works one game
(or one user) per transaction, so one broken game never blocks the others.

When a deadline passes for a seat that owes a decision (pbem docs/notifications.md):

1. the holder is on vacation: the deadline moves past the vacation (``policy.vacation``);
2. the seat has nothing to decide (one legal order at most): the server plays the
   default, and the player is not counted missing (``policy.acted``, ``nothing_to_decide``);
3. the player still has excused misses in this game: the deadline is extended once
   and the organiser told (``policy.excused``);
4. otherwise the game's policy: ``wait`` (``policy.waited``, organiser told, no
   deadline until the player acts), ``extend`` once by ``extend_hours``
   (``policy.extended``; then wait), or ``act``: the game's ``default_order`` (the
   ruleset's, or taking back the seat's latest order when the seat's own orders block the
   phase's end) is submitted through the ordinary order path with ``by="policy:act"`` until the
   seat owes nothing (``policy.acted``); everyone is told.

Every record names the reason: ``nothing_submitted``, ``orders_started`` (orders
were given this turn but not ended) or ``nothing_to_decide``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, select

from pbem.notify.deadline_time import next_deadline, store_time
from pbem.notify.prefs import preference, reminder_hours, vacation_at
from pbem.services import dice as dice_service
from pbem.services import eventlog as log
from pbem.services import notifications as notes
from pbem.services.common import sync_row
from pbem.store import snapshots
from pbem.store.db import begin_write
from pbem.store.models.games import ACTIVE, Event, Game
from pbem.store.models.outbox import (
    ACT,
    DAILY,
    DIGEST,
    EXTEND,
    NONE,
    NOTHING_TO_DECIDE,
    POLICY,
    ExcusedMiss,
    GameNotifySettings,
    NotificationPreference,
    OutboxMessage,
    SeatDeadline,
)
from pbem.timeutil import as_utc

log_ = logging.getLogger(__name__)
SessionFactory = Callable[[], AbstractContextManager[Session]]
#: Default orders the "act" policy submits for one seat before giving up (a safety bound).
MAX_POLICY_ORDERS = 200


def _active_games(session: Session) -> list[Game]:
    return list(session.exec(select(Game).where(Game.status == ACTIVE,
                                                Game.deadline_at.is_not(None))))  # type: ignore[union-attr]


# -- reminders ---------------------------------------------------------------------------
def send_reminders(session_factory: SessionFactory, now: datetime) -> int:
    """Queue the reminder due for each owing player; each (deadline, hour) at most once."""
    queued = 0
    with session_factory() as session:
        for game in _active_games(session):
            deadline = as_utc(game.deadline_at)
            if deadline is None or deadline <= now:
                continue
            holders = notes.holders_by_seat(session, int(game.id))  # type: ignore[arg-type]
            by_user: dict[int, list[str]] = {}
            for seat in notes.json_list(game.owed_seats):
                if seat in holders:
                    by_user.setdefault(holders[seat], []).append(seat)
            for user_id, seats in by_user.items():
                queued += _remind(session, game, user_id, seats, deadline, now)
        session.commit()
    return queued


def _remind(session: Session, game: Game, user_id: int, seats: list[str], deadline: datetime,
            now: datetime) -> int:
    pref = preference(session, user_id)
    if pref.mode == NONE or vacation_at(session, user_id, now) is not None:
        return 0
    due = [h for h in reminder_hours(pref) if deadline - timedelta(hours=h) <= now]
    if not due:
        return 0
    hour = min(due)
    base = f"reminder:{game.id}:{deadline.isoformat()}:{hour}h"
    key = f"{base}:{user_id}"
    if session.exec(select(OutboxMessage.id).where(OutboxMessage.dedupe_key == key)).first():
        return 0
    context = notes.game_context(game, seats, deadline, hours=hour)
    return notes.notify_users(session, game, [user_id], template="reminder", kind="reminder",
                              context=context, dedupe=base)


# -- deadlines ---------------------------------------------------------------------------
def restore_deadlines(session_factory: SessionFactory, now: datetime) -> int:
    """Give a deadline back to running games that lost it without waiting on a player.

    A resumed game (pausing clears the deadline) whose deadline is a daily wall-clock
    time gets its next one here; games the ``wait`` policy left waiting keep none.
    """
    restored = 0
    with session_factory() as session:
        games = session.exec(select(Game).where(Game.status == ACTIVE,
                                                Game.deadline_at.is_(None))).all()  # type: ignore[union-attr]
        for game in games:
            settings = session.get(GameNotifySettings, game.id)
            seats = notes.json_list(game.owed_seats)
            if settings is None or settings.deadline_mode != DAILY or not seats:
                continue
            track = notes.open_deadline(session, int(game.id), seats[0])  # type: ignore[arg-type]
            if track is not None and track.due_at is None:
                continue  # waiting for the player (policy "wait")
            new = next_deadline(settings, game, now)
            game.deadline_at = store_time(Game, "deadline_at", new)
            if track is not None:
                track.due_at = new
                session.add(track)
            session.add(game)
            restored += 1
        session.commit()
    return restored


def apply_deadlines(session_factory: SessionFactory, now: datetime) -> int:
    """Apply the deadline rules to every active game whose deadline has passed."""
    restore_deadlines(session_factory, now)
    with session_factory() as session:
        ids = [g.id for g in _active_games(session)
               if as_utc(g.deadline_at) is not None and as_utc(g.deadline_at) <= now]  # type: ignore[operator]
    done = 0
    for game_id in ids:
        with session_factory() as session:
            try:
                done += _apply_one(session, int(game_id), now)  # type: ignore[arg-type]
            except Exception as exc:
                session.rollback()
                log_.exception("deadline policy failed for game %s", game_id)
                _fall_back_to_wait(session, int(game_id), now, exc)  # type: ignore[arg-type]
    return done


def _fall_back_to_wait(session: Session, game_id: int, now: datetime, error: Exception) -> None:
    """The policy could not act (e.g. the default order was refused): wait, tell the organiser.

    Without this the same failure would repeat every minute.
    """
    try:
        begin_write(session)
        game = log.lock_game(session, game_id)
        engine = snapshots.load_game(session, game)
        seat = next(iter(o["seat"] for o in engine.owed()), None)
        if seat is None:
            session.rollback()
            return
        settings = session.get(GameNotifySettings, game_id) or GameNotifySettings(game_id=game_id)
        holders = notes.holders_by_seat(session, game_id)
        track = notes.open_deadline(session, game_id, seat) or SeatDeadline(
            game_id=game_id, seat=seat, user_id=holders.get(seat), opened_seq=game.last_seq,
            opened_at=now)
        step = _Step(session, game, engine, settings, track, seat, holders.get(seat),
                     as_utc(game.deadline_at) or now, now)
        step._wait(f"default_failed: {type(error).__name__}")
    except Exception:
        session.rollback()
        log_.exception("could not fall back to waiting in game %s", game_id)


def _apply_one(session: Session, game_id: int, now: datetime) -> int:
    begin_write(session)
    game = log.lock_game(session, game_id)
    deadline = as_utc(game.deadline_at)
    if game.status != ACTIVE or deadline is None or deadline > now:
        session.rollback()
        return 0
    engine = snapshots.load_game(session, game, dice=dice_service.dice_for(session, game))
    seats = list(dict.fromkeys(o["seat"] for o in engine.owed()))
    if not seats:
        game.deadline_at = None
        session.add(game)
        session.commit()
        return 0
    settings = session.get(GameNotifySettings, game_id) or GameNotifySettings(game_id=game_id)
    seat = seats[0]
    holders = notes.holders_by_seat(session, game_id)
    user_id = holders.get(seat)
    track = notes.open_deadline(session, game_id, seat) or SeatDeadline(
        game_id=game_id, seat=seat, user_id=user_id, opened_seq=game.last_seq, opened_at=now,
        due_at=deadline)
    step = _Step(session, game, engine, settings, track, seat, user_id, deadline, now)
    step.run()
    return 1


#: ``hook(step) -> bool`` tried first when a deadline passes; True: it handled the step
#: (and committed). See pbem/services/leagues/timing.py.
PASSED_HOOKS: list[Callable[[Any], bool]] = []


class _Step:
    """One deadline passing for one seat (see the module docstring for the order of rules)."""

    def __init__(self, session: Session, game: Game, engine: Any, settings: GameNotifySettings,
                 track: SeatDeadline, seat: str, user_id: int | None, deadline: datetime,
                 now: datetime) -> None:
        self.session, self.game, self.engine, self.settings = session, game, engine, settings
        self.track, self.seat, self.user_id = track, seat, user_id
        self.deadline, self.now = deadline, now
        self.player = self._player_name()

    def _player_name(self) -> str:
        from pbem.store.models.accounts import User

        user = self.session.get(User, self.user_id) if self.user_id else None
        return user.display_name if user else self.seat

    def run(self) -> None:
        if any(hook(self) for hook in PASSED_HOOKS):  # e.g. a league's leave days and forfeits
            return
        vacation = vacation_at(self.session, self.user_id, self.now) if self.user_id else None
        if vacation is not None:
            new = next_deadline(self.settings, self.game, max(as_utc(vacation.ends_at), self.now))  # type: ignore[type-var]
            return self._extend("policy.vacation", "vacation", new, excused=False, notify=[],
                                count=False)
        if self._nothing_to_decide():
            return self._act(NOTHING_TO_DECIDE)
        reason = self._reason()
        used = self._excused_row()
        if not self.track.excused and used.used < self.settings.excused_misses:
            used.used += 1
            self.session.add(used)
            new = next_deadline(self.settings, self.game, max(self.deadline, self.now))
            return self._extend("policy.excused", reason, new, excused=True,
                                notify=[self.game.organiser_id, self.user_id],
                                extra={"used": used.used, "allowed": self.settings.excused_misses})
        policy = self.settings.policy
        if policy == EXTEND and self.track.extensions - int(self.track.excused) == 0:
            new = self.now + timedelta(hours=max(1, self.settings.extend_hours))
            return self._extend("policy.extended", reason, new, excused=False,
                                notify=[self.game.organiser_id, self.user_id])
        if policy == ACT and self.engine.default_order(self.seat):
            return self._act(reason)
        return self._wait(reason)

    # -- classification ------------------------------------------------------------------
    def _nothing_to_decide(self) -> bool:
        orders = self.engine.legal_options(self.seat).get("orders")
        default = self.engine.default_order(self.seat)
        return isinstance(orders, list) and len(orders) <= 1 and default is not None

    def _reason(self) -> str:
        started = self.session.exec(select(Event.id).where(
            Event.game_id == self.game.id, Event.seat == self.seat, Event.type == "order",
            Event.seq > self.track.opened_seq)).first()
        return "orders_started" if started else "nothing_submitted"

    def _excused_row(self) -> ExcusedMiss:
        if self.user_id is None:
            return ExcusedMiss(game_id=self.game.id, user_id=0, used=10**6)
        return self.session.exec(select(ExcusedMiss).where(
            ExcusedMiss.game_id == self.game.id, ExcusedMiss.user_id == self.user_id)).first() \
            or ExcusedMiss(game_id=self.game.id, user_id=self.user_id, used=0)

    # -- outcomes ------------------------------------------------------------------------
    def _record(self, type_: str, reason: str, **extra: Any) -> None:
        payload = {"seat": self.seat, "user": self.user_id, "policy": self.settings.policy,
                   "reason": reason, "deadline": self.deadline.isoformat(), **extra}
        before = self.engine.seq
        self.engine.record(type_, payload, seat=self.seat)
        log.append(self.session, int(self.game.id), before, self.engine.events_since(before),  # type: ignore[arg-type]
                   user_id=None, now=self.now)
        self.game.last_seq = self.engine.seq

    def _notify(self, user_ids: list[int | None], event: str, reason: str,
                deadline: datetime | None, **extra: Any) -> None:
        ids = [u for u in user_ids if u is not None]
        context = notes.game_context(self.game, [self.seat], deadline, event=event,
                                     reason=reason, player=self.player, **extra)
        notes.notify_users(self.session, self.game, ids, template="deadline_notice",
                           kind=f"deadline_{event}", context=context)

    def _extend(self, type_: str, reason: str, new: datetime | None, *, excused: bool,
                notify: list[int | None], extra: dict[str, Any] | None = None,
                count: bool = True) -> None:
        extra = extra or {}
        self._record(type_, reason, new_deadline=new.isoformat() if new else None, **extra)
        self.game.deadline_at = store_time(Game, "deadline_at", new)
        self.track.due_at = new
        self.track.extensions += 1 if count else 0
        self.track.excused = self.track.excused or excused
        self.session.add_all([self.game, self.track])
        event = {"policy.vacation": "vacation", "policy.excused": "excused"}.get(type_, "extended")
        self._notify(notify, event, reason, new, **extra)
        self.session.commit()

    def _wait(self, reason: str) -> None:
        self._record("policy.waited", reason)
        self.game.deadline_at = None
        self.track.due_at = None  # marks "waiting for the player" (see restore_deadlines)
        self.session.add_all([self.game, self.track])
        self._notify([self.game.organiser_id], "waited", reason, None)
        self.session.commit()

    def _act(self, reason: str) -> None:
        """Record the policy, then play the default orders (each its own transaction, through
        the ordinary order path), then tell everyone. If an order is refused the caller
        falls back to waiting (:func:`_fall_back_to_wait`)."""
        from pbem.services.orders import submit_order

        self._record("policy.acted", reason)
        notes.close_deadline(self.session, self.track, now=self.now,
                             outcome=NOTHING_TO_DECIDE if reason == NOTHING_TO_DECIDE else POLICY)
        sync_row(self.game, self.engine, self.now)
        self.session.add_all([self.game, self.track])
        self.session.commit()
        game_id = int(self.game.id)  # type: ignore[arg-type]
        for _ in range(MAX_POLICY_ORDERS):
            game = log.lock_game(self.session, game_id)
            engine = snapshots.load_game(self.session, game)
            order = (engine.default_order(self.seat)
                     if self.seat in {o["seat"] for o in engine.owed()} else None)
            self.session.commit()
            if order is None:
                break
            submit_order(self.session, game_id=game_id, user_id=None, seat=self.seat,
                         order=order, expected_seq=game.last_seq, now=self.now,
                         by=f"policy:{ACT}")
        # everyone is told in every case: telling them only when the seat had something to
        # decide would publish that it had (the reason itself reaches only the seat's holder)
        everyone = list(notes.holders_by_seat(self.session, game_id).values())
        self._notify([self.game.organiser_id, *everyone], "acted", reason, None)
        self.session.commit()


# -- digest ------------------------------------------------------------------------------
def send_digests(session_factory: SessionFactory, now: datetime,
                 every: timedelta = timedelta(hours=24)) -> int:
    """Queue one digest per digest-mode player who owes decisions, at most once per ``every``."""
    queued = 0
    with session_factory() as session:
        prefs = session.exec(select(NotificationPreference).where(
            NotificationPreference.mode == DIGEST)).all()
        for pref in prefs:
            last = as_utc(pref.last_digest_at)
            if last is not None and now - last < every:
                continue
            items = _owed_games(session, pref.user_id)
            if not items:
                continue
            from pbem.notify.outbox import enqueue_template
            from pbem.store.models.accounts import User

            user = session.get(User, pref.user_id)
            if user is None:
                continue
            enqueue_template(session, to_address=user.email, template="digest",
                             context={"items": items}, kind="digest", user_id=user.id,
                             dedupe_key=f"digest:{user.id}:{now.date().isoformat()}")
            pref.last_digest_at = now
            session.add(pref)
            queued += 1
        session.commit()
    return queued


def _owed_games(session: Session, user_id: int) -> list[dict[str, Any]]:
    from pbem.store.models.games import SeatHolder

    items = []
    rows = session.exec(select(Game, SeatHolder).where(
        SeatHolder.game_id == Game.id, SeatHolder.user_id == user_id, Game.status == ACTIVE))
    by_game: dict[int, tuple[Game, list[str]]] = {}
    for game, holder in rows:
        if holder.seat in notes.json_list(game.owed_seats):
            by_game.setdefault(int(game.id), (game, []))[1].append(holder.seat)  # type: ignore[arg-type]
    for game, seats in by_game.values():
        deadline = as_utc(game.deadline_at)
        items.append({"game_id": game.id, "seats": seats,
                      "deadline": deadline.isoformat() if deadline else None})
    return items
