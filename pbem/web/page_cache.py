"""Parts of the game page kept per process (and shared by the processes): the game's own section
(``GameUI.page_html``: board, forms, this turn) and the log, rendered once per log head and viewer.

A part is a function of its key alone, which names only immutable facts: the database, the game,
its log head (seq and chain hash: any new event, undo or rewrite changes it), the ruleset and its
version, the viewer's seat and seats (what the redacting read path shows depends on nothing else),
the game's status, the language and the time zone. The UI package gets only the keys of
:data:`UI_KEYS` (no holder, organiser or invitation), so nothing outside the key reaches the part.

The rest of the page's content (title, seats and their holders, orders panel, organiser controls)
is kept too, under a digest of its whole context (which holds the parts' keys, not their text),
the viewer, the language, the time zone and the request's path: it is a function of those alone.

What belongs to one request stays out: while the page renders, ``csrf_token()`` gives a slot
and ``order_flashes()`` (the orders panel's "Order accepted.") another (:func:`slots`: strings
derived from the site's secret), which :func:`fill` replaces with the request's token and
messages in the finished page; a page with a refusal or a typed order is rendered afresh and not kept; the site's
frame (``base.html``: navigation, other flash messages) is rendered every time. The caches are
bounded (:class:`pbem.lru.LRU`) and, with ``PBEM_PAGE_CACHE_URL``, shared by the site's web
processes (:mod:`pbem.shared_cache`: signed with the site's secret, keyed by digests of the keys),
so a new log head is rendered by one of them, not by each.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, NamedTuple

from flask import current_app, g, get_flashed_messages, request, session
from flask_babel import get_locale, get_timezone
from flask_login import current_user
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from pbem.lru import LRU
from pbem.shared_cache import Kept
from pbem.web.db import db_session


class Slots(NamedTuple):
    """Where a kept part holds the CSRF token of the request that shows it, and its order messages
    (``order_flashes``) without and with ``role="status"`` on each."""

    csrf: str
    flash: str
    flash_role: str
    content: str


@lru_cache(maxsize=8)
def _slots(secret: str) -> Slots:
    """The site's slots: derived from its secret, so that the web processes sharing kept parts
    agree on them and no player can guess one (and have it filled in a title or a message)."""
    mark = hashlib.blake2b(b"pbem page slots\0" + secret.encode("utf-8"), digest_size=16).hexdigest()
    return Slots(f"pbem-csrf-slot-{mark}", f"pbem-flash-slot-{mark}", f"pbem-flash-role-slot-{mark}",
                 f"pbem-content-slot-{mark}")


def slots() -> Slots:
    return _slots(str(current_app.config["SECRET_KEY"]))


#: Rendered parts (HTML text), by :func:`key`: at most 1,024, and 48 MB of text per process (an
#: A&A page's content is about 200 KB, its section 150 KB).
PARTS: Kept[str] = Kept("part", LRU(1024, weigh=len, max_weight=48 * 2**20),
                        lambda text: text.encode("utf-8"), lambda raw: raw.decode("utf-8"))
#: The site's frame around a game page (``base.html``: navigation, language switch), with a slot for
#: the content: per process only (a few KB each, the same for every game of one title).
FRAMES: LRU[str] = LRU(512, weigh=len, max_weight=8 * 2**20)
#: What of the game page's context a UI package's ``page_html`` receives (all set by the log head,
#: the viewer's seat, the status and the language), besides ``cache_key`` and ``error``.
UI_KEYS = ("id", "last_seq", "status", "view", "viewer_seats", "seats", "legal_options", "owed", "can_undo")
#: Keys of the game page's context set by the log head and the viewer's seat (the engine's answers:
#: ``views.game_view``'s ``view`` and ``legal``, and what is made of them) or kept parts themselves.
BY_HEAD = frozenset({"view", "legal_options", "legal", "summary", "order_example", "ui_view", "log_html"})
SEAT_KEYS = ("id", "name", "side", "side_name", "owes")


def csrf_token() -> str:
    """The templates' ``csrf_token()``: the request's token, or its slot while a page made
    of kept parts renders (:func:`rendering`; :func:`fill` puts the token in at the end)."""
    if g.get("pbem_rendering_page"):
        return slots().csrf
    return str(generate_csrf())


def _order_messages(status_role: bool) -> str:
    role = ' role="status"' if status_role else ""
    return "".join(f'<p class="flash flash-success"{role}>{escape(message)}</p>'
                   for message in get_flashed_messages(category_filter=["order"]))


def order_flashes(status_role: bool = False) -> Markup:
    """The templates' ``order_flashes()``: the request's order messages (flash category ``order``)
    as paragraphs, or a slot while a page of kept parts renders (:func:`fill` fills it)."""
    if g.get("pbem_rendering_page"):
        return Markup(slots().flash_role if status_role else slots().flash)  # noqa: S704 - our slot
    return Markup(_order_messages(status_role))  # noqa: S704 - escaped above


@contextmanager
def rendering() -> Iterator[None]:
    """Render a page of kept parts: ``csrf_token()`` and ``order_flashes()`` give slots meanwhile."""
    g.pbem_rendering_page = True
    try:
        yield
    finally:
        g.pbem_rendering_page = False


def framed(content: Markup, render: Callable[[Markup], str], *extra: Hashable) -> str:
    """The page: ``render(content)`` (the site's frame around the content), inside :func:`rendering`.
    The frame is kept with a slot for the content, by app, language, login, path and ``extra``
    (what else the frame shows: the title); with flash messages waiting for the frame (any but
    the orders panel's) it is rendered afresh."""
    assert g.get("pbem_rendering_page"), "a kept frame renders its CSRF token as a slot"
    if any(category != "order" for category, _message in session.get("_flashes") or ()):
        return str(render(content))
    key = ("frame", id(current_app._get_current_object()), request.host_url, request.script_root,  # type: ignore[attr-defined]
           str(get_locale()), current_user.is_authenticated, request.endpoint, request.full_path, *extra)
    frame = FRAMES.get(key)
    if frame is None:
        frame = str(render(Markup(slots().content)))  # noqa: S704 - our slot
        FRAMES.put(key, frame)
    return frame.replace(slots().content, content, 1)


def fill(html: str) -> str:
    """The page with this request's CSRF token and order messages in their slots (the order
    messages are taken out of the session even when the page has no place for them, as the frame
    does with every flash message it shows)."""
    get_flashed_messages()
    found = slots()
    if found.csrf in html:
        html = html.replace(found.csrf, str(generate_csrf()))
    for slot, status_role in ((found.flash, False), (found.flash_role, True)):
        if slot in html:
            html = html.replace(slot, _order_messages(status_role))
    return html


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


def part(cache_key: tuple[Hashable, ...], render: Callable[[], str], *, keep: bool = True) -> Markup:
    """The part rendered by ``render`` (kept under ``cache_key``), inside :func:`rendering`.
    ``keep=False`` (a refusal shown): rendered now, not kept."""
    assert g.get("pbem_rendering_page"), "a kept part renders its CSRF token as a slot"
    if not keep:
        return Markup(render())  # noqa: S704 - our templates' output
    text = PARTS.get(cache_key)
    if text is None:
        text = str(render())
        PARTS.put(cache_key, text)
    return Markup(text)  # noqa: S704 - our templates' output
