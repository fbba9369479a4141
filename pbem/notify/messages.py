"""Rendering queued messages: "your turn", reminders, deadline notices, game over, digests.

Rows are queued by reference (``template`` + JSON ``context``: ids, seqs, the
deadline); :func:`make_renderer` returns the callback the dispatcher runs just
before sending. It renders ``templates/email/<template>.txt`` and ``.html`` in
the recipient's language (``flask_babel.force_locale``) with datetimes in the
recipient's time zone, and adds signed links (open the game, unsubscribe) and the
``List-Unsubscribe`` headers (RFC 2369 / RFC 8058). It needs an app context.
What happened since the player last acted is taken from the one redacting read path
(``pbem.services.reading``) as that player's seat may see it and described by the game's
UI package (``pbem.ui``), never from the raw state.
"""

from __future__ import annotations

import json
import logging
import zoneinfo
from collections.abc import Callable
from datetime import datetime
from typing import Any

from babel.dates import format_datetime
from flask import current_app, render_template
from flask_babel import force_locale, get_locale
from itsdangerous import URLSafeTimedSerializer
from sqlmodel import Session

from pbem.engine import load_ruleset
from pbem.notify.i18n import gettext as _
from pbem.store.models.accounts import User
from pbem.store.models.games import Game
from pbem.store.models.outbox import OutboxMessage
from pbem.timeutil import as_utc

log = logging.getLogger(__name__)
OPEN_SALT = "pbem-open-game"
UNSUBSCRIBE_SALT = "pbem-unsubscribe"
#: Signed "open the game" links are good for 14 days, unsubscribe links for a year.
OPEN_MAX_AGE = 14 * 24 * 3600
UNSUBSCRIBE_MAX_AGE = 365 * 24 * 3600
#: At most this many log lines in a "your turn" email.
MAX_LINES = 60


def serializer(salt: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=salt)


def open_token(user_id: int, game_id: int) -> str:
    return serializer(OPEN_SALT).dumps({"u": user_id, "g": game_id})


def unsubscribe_token(user_id: int) -> str:
    return serializer(UNSUBSCRIBE_SALT).dumps({"u": user_id})


def absolute(path: str) -> str:
    return str(current_app.config.get("BASE_URL", "http://127.0.0.1:5000")).rstrip("/") + path


def user_time(value: datetime | str | None, user: User) -> str:
    """A datetime as the user reads it: their zone, their language, zone abbreviation."""
    moment = as_utc(value)
    if moment is None:
        return ""
    try:
        zone = zoneinfo.ZoneInfo(user.timezone or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file
        zone = zoneinfo.ZoneInfo("UTC")
    text = format_datetime(moment, "EEEE d MMMM y, HH:mm", tzinfo=zone,
                           locale=user.language or "en")
    return f"{text} {moment.astimezone(zone).tzname()}"  # CET/CEST, EST/EDT: what people use


def seat_names(game: Game, language: str | None = None) -> dict[str, str]:
    """``{seat id: name}``, in ``language`` when given (the game's UI package names them)."""
    try:
        ruleset = load_ruleset(game.ruleset_key)
        seats = ruleset.seats(json.loads(game.options or "{}"))
        if language:
            from pbem.ui import ui_for

            return ui_for(ruleset).seat_names(seats, language)
        return {s["id"]: s.get("name", s["id"]) for s in seats}
    except Exception:  # noqa: BLE001 - names are cosmetic; fall back to ids
        return {}


def sayer(game: Game, language: str) -> Callable[..., str]:
    """``say(_("... %(seats)s ..."), seats=...)`` for the email templates: the template (translated,
    unfilled) filled, the game's seats said with their grammar ("la scadenza per l'Unione Sovietica")."""
    try:
        from pbem.ui import ui_for

        ui = ui_for(load_ruleset(game.ruleset_key))
    except Exception:  # noqa: BLE001 - grammar is a nicety; the plain sentence stands without
        return lambda template, **params: str(template) % params
    return lambda template, **params: ui.say(language, str(template), **params)


def result_words(game: Game, ctx: dict[str, Any], names: dict[str, str], language: str) -> str:
    """The winner of a finished game (``ctx["winner"]``) as a sentence in ``language``."""
    if not ctx.get("winner"):
        return ""
    from pbem.ui import ui_for

    try:
        return ui_for(load_ruleset(game.ruleset_key)).result_text({"winner": ctx["winner"]}, names, language)
    except Exception:  # noqa: BLE001 - an uninstalled ruleset: the winner as queued
        return _("Winner:") + " " + str(ctx["winner"])


def owed_words(game: Game, ctx: dict[str, Any], names: dict[str, str], language: str) -> tuple[list[str], list[str]]:
    """``(phases, decisions)`` of a notice in ``language``: the phase names queued in ``ctx``
    (English, as the engine names them) and the decisions owed (``ctx["owed"]``) as sentences."""
    from pbem.ui import ui_for

    try:
        ui = ui_for(load_ruleset(game.ruleset_key))
    except Exception:  # noqa: BLE001 - an uninstalled ruleset: the words as queued
        return [str(p) for p in ctx.get("phases") or []], []
    phases = [ui.text(str(p), language) for p in ctx.get("phases") or []]
    decisions = [ui.owed_text(o, names, language) for o in ctx.get("owed") or [] if isinstance(o, dict)]
    return phases, list(dict.fromkeys(decisions))


def since_lines(session: Session, game: Game, seat: str | None, after_seq: int,
                up_to_seq: int) -> list[str]:
    """What happened in ``game`` after ``after_seq`` up to ``up_to_seq``, as ``seat`` sees it:
    the one read path (``services.reading``) and the game's describer, in the current language."""
    from pbem.services import reading
    from pbem.store import snapshots
    from pbem.ui import ui_for
    from pbem.ui.base import Audience

    read = reading.Reader(session, game, seat)
    events = read.events(after_seq, up_to_seq)
    try:
        view = snapshots.load_game(session, game).view(seat)
    except Exception:  # noqa: BLE001 - unit names are a nicety; the sentences stand without
        log.warning("no view for game %s", game.id, exc_info=True)
        view = None
    story = ui_for(read.ruleset).story(read.ruleset, Audience(str(get_locale() or "en"), seat, seat_names(game)),
                                       view)
    story.learn(events)
    lines = [story.line(e) for e in events if not story.quiet(e)]
    if len(lines) > MAX_LINES:
        skipped = len(lines) - MAX_LINES
        lines = [_("(%(n)s earlier entries; see the game's log)", n=skipped)] + lines[-MAX_LINES:]
    return lines


SUBJECTS: dict[str, Callable[[dict[str, Any]], str]] = {
    "your_turn": lambda c: _("Your turn in %(title)s", title=c["title"]),
    "game_started": lambda c: _("%(title)s has started", title=c["title"]),
    "reminder": lambda c: _("Reminder: your turn in %(title)s ends soon", title=c["title"]),
    "deadline_notice": lambda c: _("Deadline passed in %(title)s", title=c["title"]),
    "game_over": lambda c: _("%(title)s is over", title=c["title"]),
    "digest": lambda c: _("Your pbem digest: %(n)s game(s) waiting", n=len(c["items"])),
}


def _game_vars(session: Session, user: User, ctx: dict[str, Any]) -> dict[str, Any]:
    game = session.get(Game, ctx["game_id"])
    if game is None:
        raise LookupError(f"game {ctx['game_id']} no longer exists")
    language = str(get_locale() or "en")
    names = seat_names(game, language)
    seats = ctx.get("seats") or []
    phases, decisions = owed_words(game, ctx, names, language)
    return {
        "game": game, "title": game.title,
        "seats": [names.get(s, s) for s in seats],
        "phases": phases, "decisions": decisions,
        "winner": result_words(game, ctx, names, language),
        "deadline": user_time(ctx.get("deadline"), user),
        "open_url": absolute(f"/n/open/{open_token(int(user.id), int(game.id))}"),  # type: ignore[arg-type]
        "first": [names.get(s, s) for s in ctx.get("first") or []],
        "say": sayer(game, language),
        "lines": (since_lines(session, game, seats[0] if seats else None,
                              int(ctx.get("since_seq", 0)), int(ctx.get("up_to_seq", 0)))
                  if "since_seq" in ctx else []),
    }


def _digest_vars(session: Session, user: User, ctx: dict[str, Any]) -> dict[str, Any]:
    items = []
    for item in ctx["items"]:
        game = session.get(Game, item["game_id"])
        if game is None:
            continue
        names = seat_names(game, str(get_locale() or "en"))
        items.append({"title": game.title, "seats": [names.get(s, s) for s in item["seats"]],
                      "deadline": user_time(item.get("deadline"), user),
                      "open_url": absolute(f"/n/open/{open_token(int(user.id), int(game.id))}")})  # type: ignore[arg-type]
    return {"items": items, "title": ""}


#: Templates rendered by other packages: name -> ``fn(session, row, user)`` filling the row
#: (e.g. the leagues' pairing emails, pbem/services/leagues/mail.py).
RENDERERS: dict[str, Callable[[Session, OutboxMessage, User], None]] = {}


def _holds(session: Session, user: User, ctx: dict[str, Any]) -> bool:
    """Whether ``user`` holds one of the seats a notice is about."""
    from sqlmodel import select

    from pbem.store.models.games import SeatHolder

    seats = set(ctx.get("seats") or [])
    rows = session.exec(select(SeatHolder.seat).where(SeatHolder.game_id == ctx.get("game_id"),
                                                      SeatHolder.user_id == user.id)).all()
    return bool(seats & set(rows))


def render_row(session: Session, row: OutboxMessage) -> None:
    """Fill ``row``'s subject, text, html and headers from its template and context."""
    user = session.get(User, row.user_id) if row.user_id is not None else None
    if user is None:
        raise LookupError(f"outbox row {row.id}: recipient {row.user_id} no longer exists")
    if row.template in RENDERERS:
        RENDERERS[str(row.template)](session, row, user)
        return
    ctx = json.loads(row.context or "{}")
    template = str(row.template)
    if template == "deadline_notice" and ctx.get("event") == "acted" and not _holds(session, user, ctx):
        ctx["reason"] = "hidden"  # why the default was played is the seat's own business
    with force_locale(user.language or "en"):
        variables = (_digest_vars(session, user, ctx) if template == "digest"
                     else _game_vars(session, user, ctx))
        variables.update(_=_, ctx=ctx, user=user, unsubscribe_url=absolute(
            f"/n/unsubscribe/{unsubscribe_token(int(user.id))}"),  # type: ignore[arg-type]
            preferences_url=absolute("/n/preferences"))
        if template == "deadline_notice":
            variables["notice"] = render_template("email/_notice.txt", **variables).strip()
        row.subject = SUBJECTS[template](variables)
        row.text = render_template(f"email/{template}.txt", **variables)
        row.html = render_template(f"email/{template}.html", **variables)
    row.to_address = user.email
    headers = json.loads(row.headers or "{}")
    headers["List-Unsubscribe"] = f"<{variables['unsubscribe_url']}>"
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    row.headers = json.dumps(headers, sort_keys=True)


def make_renderer(session_factory: Callable[[], Any],
                  app: Any = None) -> Callable[[OutboxMessage], None]:
    """The ``render`` callback for :func:`pbem.notify.outbox.dispatch_pending`.

    With ``app`` it pushes that app's context itself (sending threads have none).
    """

    def render(row: OutboxMessage) -> None:
        with session_factory() as session:
            if app is None:
                render_row(session, row)
                return
            with app.app_context():
                render_row(session, row)

    return render
