"""Parts of the game page kept per process: the game's own section (``GameUI.page_html``: board,
forms, this turn) and the log, rendered once per log head and viewer.

A part is a function of its key alone, which names only immutable facts: the database, the game,
its log head (seq and chain hash: any new event, undo or rewrite changes it), the ruleset and its
version, the viewer's seat and seats (what the redacting read path shows depends on nothing else),
the game's status, the language and the time zone. The UI package gets only the keys of
:data:`UI_KEYS` (no holder, organiser or invitation), so nothing outside the key reaches the part.

The rest of the page's content (title, seats and their holders, orders panel, organiser controls)
is kept too, under a digest of its whole context (which holds the parts' keys, not their text),
the viewer, the language, the time zone and the request's path: it is a function of those alone.

What belongs to one request stays out: while the page renders, ``csrf_token()`` gives a slot
(:data:`CSRF_SLOT`, a random per-process string) that :func:`fill` replaces with the request's
token in the finished page; a page with a refusal or a typed order, or with flash messages
waiting (the "Order accepted." of the orders panel), is rendered afresh and not kept; the site's
frame (``base.html``: navigation, flash messages) is rendered every time. The caches are
bounded (:class:`pbem.lru.LRU`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import g, session
from flask_babel import get_timezone
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from pbem.lru import LRU
from pbem.web.db import db_session

#: Where a cached part holds the CSRF token of the request that shows it.
CSRF_SLOT = f"csrf-slot-{secrets.token_hex(16)}"
#: Rendered parts (HTML text), by :func:`key`: at most 1,024, and 48 MB of text per process (an
#: A&A page's content is about 200 KB, its section 150 KB).
PARTS: LRU[str] = LRU(1024, weigh=len, max_weight=48 * 2**20)
#: What of the game page's context a UI package's ``page_html`` receives (all set by the log head,
#: the viewer's seat, the status and the language), besides ``cache_key`` and ``error``.
UI_KEYS = ("id", "last_seq", "status", "view", "viewer_seats", "seats", "legal_options", "owed", "can_undo")
#: Keys of the game page's context set by the log head and the viewer's seat (the engine's answers:
#: ``views.game_view``'s ``view`` and ``legal``, and what is made of them) or kept parts themselves.
BY_HEAD = frozenset({"view", "legal_options", "legal", "summary", "order_example", "ui_view", "log_html"})
SEAT_KEYS = ("id", "name", "side", "side_name", "owes")


def csrf_token() -> str:
    """The templates' ``csrf_token()``: the request's token, or :data:`CSRF_SLOT` while a page made
    of kept parts renders (:func:`rendering`; :func:`fill` puts the token in at the end)."""
    if g.get("pbem_rendering_page"):
        return CSRF_SLOT
    return str(generate_csrf())


@contextmanager
def rendering() -> Iterator[None]:
    """Render a page of kept parts: ``csrf_token()`` gives the slot meanwhile. Whether flash
    messages wait is noted first (a part that shows them takes them out of the session)."""
    g.pbem_flashes_waiting = bool(session.get("_flashes"))
    g.pbem_rendering_page = True
    try:
        yield
    finally:
        g.pbem_rendering_page = False


def fill(html: str) -> str:
    """The page with this request's CSRF token in its slots."""
    return html.replace(CSRF_SLOT, str(generate_csrf())) if CSRF_SLOT in html else html


def digest(value: Any) -> str:
    """A digest of ``repr(value)`` (plain data: dicts, lists, strings, numbers, dates), for a key
    that names a part's whole input."""
    return hashlib.blake2b(repr(value).encode("utf-8"), digest_size=20).hexdigest()


def ui_game(ctx: dict[str, Any]) -> dict[str, Any]:
    """The game page's context as a UI package's ``page_html`` receives it (:data:`UI_KEYS`)."""
    out = {k: ctx[k] for k in UI_KEYS}
    out["seats"] = [{k: s[k] for k in SEAT_KEYS if k in s} for s in ctx["seats"]]
    return out


def key(part: str, data: dict[str, Any], ruleset: Any, language: str, *extra: Hashable) -> tuple[Hashable, ...]:
    """The key of a part of the page of ``data`` (``views.game_view``) for its viewer."""
    return (part, str(db_session().get_bind().url), data["id"], data["last_seq"], data["head"], ruleset.key,
            ruleset.version, data["seat"], tuple(data["my_seats"]), data["status"], language,
            str(get_timezone()), *extra)


def part(cache_key: tuple[Hashable, ...], render: Callable[[], str], *, keep: bool = True,
         shows_flashes: bool = True) -> Markup:
    """The part rendered by ``render`` (kept under ``cache_key``), inside :func:`rendering`.
    ``keep=False`` (a refusal shown), or flash messages waiting for a part that may show them:
    rendered now, not kept."""
    assert g.get("pbem_rendering_page"), "a kept part renders its CSRF token as a slot"
    if not keep or (shows_flashes and g.pbem_flashes_waiting):
        return Markup(render())  # noqa: S704 - our templates' output
    text = PARTS.get(cache_key)
    if text is None:
        text = str(render())
        PARTS.put(cache_key, text)
    return Markup(text)  # noqa: S704 - our templates' output
