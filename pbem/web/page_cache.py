"""Parts of the game page kept per process (and shared by the processes): the game's own section
(``GameUI.page_html``: board, forms, this turn) and the log, rendered once per log head and viewer.

A part is a function of its key alone, which names only immutable facts: the database, the game,
its log head (seq and chain hash: any new event, undo or rewrite changes it), the ruleset and its
version, the viewer's seat and seats (what the redacting read path shows depends on nothing else),
the game's status, the language and the time zone. The UI package gets only the keys of
:data:`UI_KEYS` (no holder, organiser or invitation), so nothing outside the key reaches the part.

The rest of the page's content (title, seats and their holders, orders panel, organiser controls)
is kept too, under a key made before any of it is built (``play.content_key``): the parts' key
facts, a digest of the game view but for the engine's answers, of the game row's every column and
of the organiser's open invitations, the viewer, the request's path and the site's address. A
page served from it builds no context, section or log at all.

What belongs to one request stays out: while the page renders, ``csrf_token()`` gives a slot
and ``order_flashes()`` (the orders panel's "Order accepted.") another (:func:`slots`: strings
derived from the site's secret), which :func:`fill` replaces with the request's token and
messages in the finished page; a page with a refusal or a typed order is rendered afresh and not
kept. The site's frame (``base.html``: navigation, language switch) is kept per process, cut at the
content's slot, unless other flash messages wait for it (:func:`page`). Parts and frames are kept
as UTF-8: a page goes out as the frame's two pieces and the content joined once, its slots filled,
never encoded again. The caches are bounded (:class:`pbem.lru.LRU`) and, with
``PBEM_PAGE_CACHE_URL``, shared by the site's web processes (:mod:`pbem.shared_cache`: signed with
the site's secret, keyed by digests of the keys), so a new log head is rendered by one of them, not
by each.
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
from sqlalchemy import inspect

from pbem.lru import LRU
from pbem.shared_cache import Kept
from pbem.web.db import db_session


class Slots(NamedTuple):
    """Where a kept part holds the CSRF token of the request that shows it, and its order messages
    (``order_flashes``) without and with ``role="status"`` on each; where the frame holds the content."""

    csrf: str
    flash: str
    flash_role: str
    content: str

    def encoded(self) -> tuple[bytes, bytes, bytes, bytes]:
        return _encoded(self)


@lru_cache(maxsize=8)
def _encoded(found: Slots) -> tuple[bytes, bytes, bytes, bytes]:
    return tuple(slot.encode("utf-8") for slot in found)  # type: ignore[return-value]


@lru_cache(maxsize=8)
def _slots(secret: str) -> Slots:
    """The site's slots: derived from its secret, so that the web processes sharing kept parts
    agree on them and no player can guess one (and have it filled in a title or a message)."""
    mark = hashlib.blake2b(b"pbem page slots\0" + secret.encode("utf-8"), digest_size=16).hexdigest()
    return Slots(f"pbem-csrf-slot-{mark}", f"pbem-flash-slot-{mark}", f"pbem-flash-role-slot-{mark}",
                 f"pbem-content-slot-{mark}")


def slots() -> Slots:
    return _slots(str(current_app.config["SECRET_KEY"]))


#: Rendered parts (HTML as UTF-8: the content goes out as it is kept), by :func:`key`: at most 1,024,
#: and 48 MB per process (an A&A page's content is about 130 KB, its section 100 KB).
PARTS: Kept[bytes] = Kept("part", LRU(1024, weigh=len, max_weight=48 * 2**20), bytes, bytes)
#: The site's frame around a game page (``base.html``: navigation, language switch) as UTF-8, before
#: and after the content: per process only (a few KB each, the same for every game of one title).
FRAMES: LRU[tuple[bytes, bytes]] = LRU(512, weigh=lambda frame: len(frame[0]) + len(frame[1]),
                                       max_weight=8 * 2**20)
#: What of the game page's context a UI package's ``page_html`` receives (all set by the log head,
#: the viewer's seat, the status and the language), besides ``cache_key`` and ``error``.
UI_KEYS = ("id", "last_seq", "status", "view", "viewer_seats", "seats", "legal_options", "owed", "can_undo")
#: Keys of ``views.game_view`` set by the log head and the viewer's seat (the engine's answers), or
#: the game row itself (:func:`row_values` names it): the content's key leaves them to :func:`key`.
BY_HEAD_VIEW = frozenset({"game", "view", "owed", "my_owed", "legal", "can_undo", "answers"})
SEAT_KEYS = ("id", "name", "side", "side_name", "owes")


def csrf_token() -> str:
    """The templates' ``csrf_token()``: the request's token, or its slot while a page made
    of kept parts renders (:func:`rendering`; :func:`page` puts the token in at the end)."""
    if g.get("pbem_rendering_page"):
        return slots().csrf
    return str(generate_csrf())


def _order_messages(status_role: bool) -> str:
    role = ' role="status"' if status_role else ""
    return "".join(f'<p class="flash flash-success"{role}>{escape(message)}</p>'
                   for message in get_flashed_messages(category_filter=["order"]))


def order_flashes(status_role: bool = False) -> Markup:
    """The templates' ``order_flashes()``: the request's order messages (flash category ``order``)
    as paragraphs, or a slot while a page of kept parts renders (:func:`page` fills it)."""
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


def page(content: bytes, render: Callable[[Markup], str], *extra: Hashable) -> bytes:
    """The whole page as UTF-8, inside :func:`rendering`: the site's frame (``render(slot)``) around
    ``content``, with this request's slots filled (:func:`fill`). The frame is kept, cut at the
    content's slot, by app, language, login, path and ``extra`` (what else the frame shows: the
    title); with flash messages waiting for the frame (any but the orders panel's) it is rendered
    afresh and not kept."""
    assert g.get("pbem_rendering_page"), "a kept frame renders its CSRF token as a slot"
    waiting = any(category != "order" for category, _message in session.get("_flashes") or ())
    key = ("frame", id(current_app._get_current_object()), request.host_url, request.script_root,  # type: ignore[attr-defined]
           str(get_locale()), current_user.is_authenticated, request.endpoint, request.full_path, *extra)
    frame = None if waiting else FRAMES.get(key)
    if frame is None:
        marker = slots().content
        before, found, after = str(render(Markup(marker))).encode("utf-8").partition(marker.encode("utf-8"))  # noqa: S704
        assert found, "the frame shows the content"
        frame = (before, after)
        if not waiting:
            FRAMES.put(key, frame)
    return fill(frame[0], content, frame[1])


def fill(*pieces: bytes) -> bytes:
    """``pieces`` (UTF-8) joined, with this request's CSRF token and order messages in their slots
    (the order messages are taken out of the session even when the page has no place for them, as
    the frame does with every flash message it shows)."""
    get_flashed_messages()
    csrf, flash, flash_role, _content = slots().encoded()
    values: tuple[tuple[bytes, Callable[[], str]], ...] = (
        (csrf, lambda: str(generate_csrf())), (flash, lambda: _order_messages(False)),
        (flash_role, lambda: _order_messages(True)))
    filled: dict[bytes, bytes] = {}
    out = []
    for piece in pieces:
        for slot, value in values:
            if slot in piece:
                if slot not in filled:
                    filled[slot] = value().encode("utf-8")
                piece = filled[slot].join(piece.split(slot))
        out.append(piece)
    return b"".join(out)


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


@lru_cache(maxsize=64)
def _columns(model: type) -> tuple[str, ...]:
    return tuple(column.key for column in inspect(model).column_attrs)


def row_values(row: Any) -> tuple[Any, ...]:
    """Every column of a database row (an ORM instance), for a digest naming it."""
    return tuple(getattr(row, name) for name in _columns(type(row)))


def kept(cache_key: tuple[Hashable, ...]) -> bytes | None:
    """The part kept under ``cache_key`` (this process's, or the site's shared one), if any, as UTF-8."""
    return PARTS.get(cache_key)


def keep_part(cache_key: tuple[Hashable, ...], text: str) -> bytes:
    """Keep ``text`` (just rendered) under ``cache_key``; it, as UTF-8."""
    raw = text.encode("utf-8")
    PARTS.put(cache_key, raw)
    return raw


def part(cache_key: tuple[Hashable, ...], render: Callable[[], str], *, keep: bool = True) -> Markup:
    """The part rendered by ``render`` (kept under ``cache_key``), inside :func:`rendering`, as
    markup for a template. ``keep=False`` (a refusal shown): rendered now, not kept."""
    assert g.get("pbem_rendering_page"), "a kept part renders its CSRF token as a slot"
    if not keep:
        return Markup(render())  # noqa: S704 - our templates' output
    found = kept(cache_key)
    if found is not None:
        return Markup(found.decode("utf-8"))  # noqa: S704 - our templates' output
    text = str(render())
    keep_part(cache_key, text)
    return Markup(text)  # noqa: S704 - our templates' output
