"""The hook the order service calls inside its transaction: deadlines, outbox rows, webhooks.

``after_events`` runs after the new events were appended and the game row was
synchronised, before the commit, so every row it writes lands with the order
or not at all. It

* sets a fixed wall-clock deadline (daily mode) when the owing seats changed;
* closes the :class:`SeatDeadline` of each seat that no longer owes (on time or
  late; reliability counters) and opens one for each seat that now owes;
* queues one "your turn" email per player who now owes a decision (players who
  chose the daily digest or no email get none), "game over" to everyone, and a
  chat webhook post when the game has one.

Emails are queued by reference and rendered at send time (pbem/notify/messages.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from pbem.notify.deadline_time import next_deadline, store_time
from pbem.notify.i18n import gettext as _
from pbem.notify.i18n import in_language
from pbem.notify.outbox import enqueue_template, enqueue_webhook
from pbem.notify.prefs import preference
from pbem.store.models.accounts import User
from pbem.store.models.games import ACTIVE, Event, Game, SeatHolder
from pbem.store.models.outbox import (
    DAILY,
    EACH,
    LATE,
    NONE,
    NOTHING_TO_DECIDE,
    ON_TIME,
    POLICY,
    GameNotifySettings,
    Reliability,
    SeatDeadline,
)
from pbem.timeutil import as_utc


def settings_for(session: Session, game_id: int) -> GameNotifySettings | None:
    return session.get(GameNotifySettings, game_id)


def holders_by_seat(session: Session, game_id: int) -> dict[str, int]:
    rows = session.exec(select(SeatHolder).where(SeatHolder.game_id == game_id))
    return {row.seat: row.user_id for row in rows}


def _seats(owed: list[dict[str, Any]]) -> list[str]:
    return list(dict.fromkeys(o["seat"] for o in owed))


def open_deadline(session: Session, game_id: int, seat: str) -> SeatDeadline | None:
    return session.exec(select(SeatDeadline).where(
        SeatDeadline.game_id == game_id, SeatDeadline.seat == seat,
        SeatDeadline.closed_at.is_(None))).first()  # type: ignore[union-attr]


def count_turn(session: Session, user_id: int | None, outcome: str) -> None:
    """Add one owed turn to the player's reliability (on time or not)."""
    if user_id is None or outcome == NOTHING_TO_DECIDE:
        return
    row = session.get(Reliability, user_id) or Reliability(user_id=user_id)
    row.turns_owed += 1
    row.turns_on_time += 1 if outcome == ON_TIME else 0
    session.add(row)


def close_deadline(session: Session, row: SeatDeadline, *, now: datetime, outcome: str) -> None:
    row.closed_at, row.outcome = now, outcome
    session.add(row)
    count_turn(session, row.user_id, outcome)


def reliability(session: Session, user_id: int) -> tuple[int, int]:
    """(turns on time, turns owed) over every game."""
    row = session.get(Reliability, user_id)
    return (row.turns_on_time, row.turns_owed) if row else (0, 0)


def last_order_seq(session: Session, game_id: int, seats: list[str], before: int) -> int:
    """The seq of the latest order any of ``seats`` submitted before ``before`` (0: none)."""
    value = session.exec(select(Event.seq).where(
        Event.game_id == game_id, Event.seat.in_(seats),  # type: ignore[union-attr]
        Event.type == "order", Event.seq < before)
        .order_by(col(Event.seq).desc()).limit(1)).first()  # walks UNIQUE(game_id, seq) back to it
    return int(value or 0)


def _acted_by_policy(new_events: list[dict[str, Any]], seat: str) -> bool:
    return any(e["type"] == "order" and e.get("seat") == seat
               and str(e["payload"].get("by", "")).startswith("policy") for e in new_events)


def _track(session: Session, game_row: Game, holders: dict[str, int], before: list[str],
           now_owed: list[str], new_events: list[dict[str, Any]], now: datetime) -> None:
    still_open: set[str] = set()  # seats that owe before and after, whose deadline stays open
    for seat in before:
        row = open_deadline(session, int(game_row.id), seat)  # type: ignore[arg-type]
        if row is not None and seat in now_owed:
            still_open.add(seat)
        if seat in now_owed or row is None:
            continue
        due = as_utc(row.due_at)
        outcome = (POLICY if _acted_by_policy(new_events, seat)
                   else ON_TIME if due is None or now <= due else LATE)
        close_deadline(session, row, now=now, outcome=outcome)
    first_seq = new_events[0]["seq"] if new_events else game_row.last_seq
    for seat in now_owed:
        if seat in still_open:
            continue
        session.add(SeatDeadline(game_id=game_row.id, seat=seat, user_id=holders.get(seat),
                                 opened_seq=first_seq, opened_at=now,
                                 due_at=as_utc(game_row.deadline_at)))


#: What a "your turn" email keeps of each decision owed (``Ruleset.owed``), to word it in the
#: recipient's language when it is sent (``pbem.notify.messages``).
OWED_KEYS = ("seat", "kind", "place", "phase_key", "unit", "prompt_key", "prompt_params")


def _your_turn(session: Session, game_row: Game, engine_game: Any, holders: dict[str, int],
               new_seats: list[str]) -> None:
    by_user: dict[int, list[str]] = {}
    for seat in new_seats:
        if seat in holders:
            by_user.setdefault(holders[seat], []).append(seat)
    owed = engine_game.owed()
    for user_id, seats in by_user.items():
        user = session.get(User, user_id)
        if user is None or preference(session, user_id).mode != EACH:
            continue
        phases = list(dict.fromkeys(str(o.get("phase", "")) for o in owed
                                    if o["seat"] in seats and o.get("phase")))
        since = last_order_seq(session, int(game_row.id), seats, engine_game.seq + 1)  # type: ignore[arg-type]
        deadline = as_utc(game_row.deadline_at)
        decisions = [{k: o[k] for k in OWED_KEYS if k in o} for o in owed if o["seat"] in seats]
        ctx = {"game_id": game_row.id, "seats": seats, "phases": phases, "owed": decisions,
               "deadline": deadline.isoformat() if deadline else None,
               "since_seq": since, "up_to_seq": engine_game.seq}
        enqueue_template(session, to_address=user.email, template="your_turn", context=ctx,
                         kind="your_turn", user_id=user_id, game_id=game_row.id)


def _game_started(session: Session, game_row: Game, engine_game: Any, holders: dict[str, int],
                  first: list[str]) -> None:
    """Every player learns that the game started (those who play first got "your turn")."""
    by_user: dict[int, list[str]] = {}
    for seat, user_id in holders.items():
        by_user.setdefault(user_id, []).append(seat)
    waiting = [o["seat"] for o in engine_game.owed()]
    for user_id, seats in by_user.items():
        if any(s in first for s in seats):
            continue
        notify_users(session, game_row, [user_id], template="game_started", kind="game_started",
                     context=game_context(game_row, sorted(seats), None, first=waiting),
                     dedupe=f"started:{game_row.id}")


def _game_over(session: Session, game_row: Game, engine_game: Any,
               holders: dict[str, int]) -> None:
    result = engine_game.result() or {}
    winner = result.get("winner")
    for user_id in dict.fromkeys(holders.values()):
        user = session.get(User, user_id)
        if user is None or preference(session, user_id).mode == NONE:
            continue
        seats = [s for s, u in holders.items() if u == user_id]
        ctx = {"game_id": game_row.id, "seats": seats, "winner": winner,
               "since_seq": max(0, engine_game.seq - 20), "up_to_seq": engine_game.seq}
        enqueue_template(session, to_address=user.email, template="game_over", context=ctx,
                         kind="game_over", user_id=user_id, game_id=game_row.id)


def _webhook_text(game_row: Game, engine_game: Any, new_seats: list[str], over: bool) -> str:
    """The chat post, in the current language: the game's vocabulary named by its UI package."""
    from flask_babel import get_locale

    from pbem.ui import ui_for
    from pbem.ui.i18n import names_list

    ruleset, language = engine_game.ruleset, str(get_locale() or "en")
    ui = ui_for(ruleset)
    if over:
        winner = str((engine_game.result() or {}).get("winner") or "")
        options = (getattr(engine_game, "meta", None) or {}).get("options") or {}
        seats = {s["id"]: s["name"] for s in ruleset.seats(ruleset.normalise_options(options))}
        name = seats.get(winner) or (ruleset.vocabulary("side", winner) if winner else "-")
        return _("%(title)s is over. Winner: %(winner)s", title=game_row.title, winner=ui.text(name, language))
    owed = [o for o in engine_game.owed() if o["seat"] in new_seats]
    names = names_list(language, dict.fromkeys(ui.text(str(o.get("seat_name", o["seat"])), language) for o in owed))
    phase = ui.text(str(owed[0].get("phase", "")), language) if owed else ""
    deadline = as_utc(game_row.deadline_at)
    text = ui.say(language, _("%(title)s: it is now %(names)s's turn (%(phase)s)."), title=game_row.title,
                  names=names, phase=phase)  # "ora tocca all'Unione Sovietica": the seats' grammar
    if deadline is not None:
        text += " " + _("Deadline: %(when)s UTC", when=deadline.strftime("%Y-%m-%d %H:%M"))
    return text


def post_webhook(session: Session, settings: GameNotifySettings | None, game_row: Game,
                 text: Callable[[], str]) -> None:
    """Queue a chat post (text in the site's default language) if the game has a webhook."""
    if settings is None or not settings.webhook_url:
        return
    with in_language():
        content = text()
    enqueue_webhook(session, url=settings.webhook_url, game_id=game_row.id,
                    body={"content": content[:1900], "allowed_mentions": {"parse": []}})


#: ``hook(session, game_row, now, owed_changed)`` run after the deadline is set for new events.
DEADLINE_HOOKS: list[Callable[[Session, Game, datetime, bool], None]] = []


def after_events(session: Session, *, game_row: Game, engine_game: Any,
                 new_events: list[dict[str, Any]], owed_before: list[dict[str, Any]],
                 now: datetime | None = None) -> None:
    """Write outbox rows for the seats that now owe a decision (and on game over)."""
    now = as_utc(now or game_row.updated_at)
    assert now is not None
    before, owed_now = _seats(owed_before), _seats(engine_game.owed())
    settings = settings_for(session, int(game_row.id))  # type: ignore[arg-type]
    if (settings is not None and settings.deadline_mode == DAILY and game_row.status == ACTIVE
            and owed_now and owed_now != before):
        game_row.deadline_at = store_time(Game, "deadline_at",
                                          next_deadline(settings, game_row, now))
        session.add(game_row)
    for hook in DEADLINE_HOOKS:  # e.g. a league's uncounted weekends (pbem/services/leagues/timing.py)
        hook(session, game_row, now, owed_now != before)
    holders = holders_by_seat(session, int(game_row.id))  # type: ignore[arg-type]
    _track(session, game_row, holders, before, owed_now, new_events, now)
    new_seats = [s for s in owed_now if s not in before]
    over = engine_game.result() is not None and bool(before)
    if new_seats:
        _your_turn(session, game_row, engine_game, holders, new_seats)
    if any(e["type"] == "game.created" for e in new_events):
        _game_started(session, game_row, engine_game, holders, new_seats)
    if over:
        _game_over(session, game_row, engine_game, holders)
    if new_seats or over:
        post_webhook(session, settings, game_row,
                     lambda: _webhook_text(game_row, engine_game, new_seats, over))


def game_context(game_row: Game, seats: list[str], deadline: datetime | None,
                 **extra: Any) -> dict[str, Any]:
    return {"game_id": game_row.id, "seats": seats,
            "deadline": deadline.isoformat() if deadline else None, **extra}


def notify_users(session: Session, game_row: Game, user_ids: list[int], *, template: str,
                 kind: str, context: dict[str, Any], dedupe: str | None = None) -> int:
    """Queue ``template`` for each user (except those who want no email). Returns the count."""
    count = 0
    for user_id in dict.fromkeys(user_ids):
        user = session.get(User, user_id)
        if user is None or preference(session, user_id).mode == NONE:
            continue
        enqueue_template(session, to_address=user.email, template=template,
                         context=context, kind=kind, user_id=user_id, game_id=game_row.id,
                         dedupe_key=f"{dedupe}:{user_id}" if dedupe else None)
        count += 1
    return count


def json_list(text: str | None) -> list[Any]:
    try:
        value = json.loads(text or "[]")
    except ValueError:
        return []
    return value if isinstance(value, list) else []
