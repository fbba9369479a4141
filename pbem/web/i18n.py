"""Languages and time zones: Flask-Babel selectors, the language cookie, the ``localtime`` filter.

Locale: the logged-in user's language, else ``?lang=`` (remembered in a cookie), else the
cookie, else the browser's Accept-Language among the supported languages, else the default.
Time zone: the logged-in user's zone, else ``DEFAULT_TIMEZONE``.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, tzinfo
from functools import cache, lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from babel import Locale
from babel import dates as babel_dates
from flask import Flask, current_app, g, has_request_context, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, get_timezone, gettext
from flask_login import current_user
from markupsafe import Markup

from pbem.web.extensions import babel

LANG_COOKIE = "pbem_lang"
LANG_COOKIE_MAX_AGE = 365 * 24 * 3600
LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}


def supported_languages() -> list[str]:
    return list(current_app.config["LANGUAGES"])


def _valid_language(value: str | None) -> str | None:
    return value if value in supported_languages() else None


def select_locale() -> str:
    """Flask-Babel locale selector (see module docstring for the order)."""
    if not has_request_context():  # e.g. the worker rendering an email without force_locale
        return current_app.config["DEFAULT_LANGUAGE"]
    if current_user and current_user.is_authenticated:
        chosen = _valid_language(getattr(current_user, "language", None))
        if chosen:
            return chosen
    chosen = _valid_language(request.args.get("lang")) or _valid_language(
        request.cookies.get(LANG_COOKIE)
    )
    if chosen:
        return chosen
    best = request.accept_languages.best_match(supported_languages())
    return best or current_app.config["DEFAULT_LANGUAGE"]


def select_timezone() -> str:
    """Flask-Babel time zone selector: the user's zone if valid, else the default zone."""
    if has_request_context() and current_user and current_user.is_authenticated:
        zone = getattr(current_user, "timezone", None)
        if zone in timezone_names():
            return zone
    return current_app.config["DEFAULT_TIMEZONE"]


@cache
def timezone_names() -> frozenset[str]:
    """Every IANA zone name this system knows (for validation)."""
    return frozenset(zoneinfo.available_timezones())


@cache
def timezone_choices() -> tuple[str, ...]:
    """The zones offered in forms: "Area/City" names plus UTC, sorted."""
    names = [
        name
        for name in timezone_names()
        if "/" in name and name.split("/")[0] not in {"Etc", "SystemV", "US", "posix", "right"}
    ]
    return tuple(sorted(names) + ["UTC"])


def localtime(value: datetime | None, fmt: str = "medium", tz: str | None = None) -> str:
    """Render a UTC datetime (naive = UTC) in the viewer's zone with the zone abbreviation.

    ``tz`` overrides the zone (an IANA name), e.g. for an email to a given recipient:
    ``{{ when|localtime('medium', tz=user.timezone) }}``.

    ``medium`` (default): "Thu, Jan 15, 2026, 1:00 PM CET" / "gio 15 gen 2026, 13:00 CET";
    ``short``: "1/15/26, 1:00 PM CET"; ``long``/``full`` or a Babel pattern: as Babel formats.
    """
    if value is None:
        return ""
    return _formatted(value, fmt, ZoneInfo(tz) if tz in timezone_names() else get_timezone(), get_locale())


@lru_cache(maxsize=4096)
def _formatted(value: datetime, fmt: str, zone: tzinfo, locale: Locale) -> str:
    """:func:`localtime`'s text, a function of these alone (two values that are the same instant
    give the same text): kept, as a game's log shows the same times again at every new event."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    abbreviation = value.astimezone(zone).tzname() or ""
    if fmt == "medium":
        date_text = babel_dates.format_skeleton("yMMMEd", value, tzinfo=zone, locale=locale)
        time_text = babel_dates.format_time(value, "short", tzinfo=zone, locale=locale)
        text = locale.datetime_formats["medium"].format(time_text, date_text)
    elif fmt == "short":
        text = babel_dates.format_datetime(value, "short", tzinfo=zone, locale=locale)
    else:
        return babel_dates.format_datetime(value, fmt, tzinfo=zone, locale=locale)
    return f"{text} {abbreviation}".strip()


def _remember_language(response: ResponseReturnValue) -> ResponseReturnValue:
    lang = g.pop("pbem_set_lang", None)
    if lang and hasattr(response, "set_cookie"):
        response.set_cookie(
            LANG_COOKIE, lang, max_age=LANG_COOKIE_MAX_AGE, httponly=True, samesite="Lax",
            secure=current_app.config["SESSION_COOKIE_SECURE"],
        )
    return response


def _note_lang_param() -> None:
    lang = _valid_language(request.args.get("lang"))
    if lang and lang != request.cookies.get(LANG_COOKIE):
        g.pbem_set_lang = lang


def remember_language(lang: str) -> None:
    """Ask for the language cookie to be set on this request's response."""
    g.pbem_set_lang = lang


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=select_locale, timezone_selector=select_timezone)
    app.before_request(_note_lang_param)
    app.after_request(_remember_language)
    app.add_template_filter(localtime, "localtime")
    app.jinja_env.globals["say_seats"] = say_seats
    app.jinja_env.globals["say_seats_text"] = say_seats_text
    app.add_template_filter(names_list, "names_list")
    app.jinja_env.globals["decimal"] = decimal
    app.jinja_env.globals["percent"] = percent
    app.jinja_env.globals["N_"] = lambda msgid: msgid  # marks a msgid for pybabel (a default keyword)
    app.jinja_env.globals["LANGUAGE_NAMES"] = LANGUAGE_NAMES


@cache
def _game_ui(ruleset_key: str) -> Any:
    """The UI package of the game ``ruleset_key`` (``None`` for a ruleset no longer installed)."""
    from pbem.engine.registry import load_ruleset
    from pbem.ui import ui_for

    try:
        return ui_for(load_ruleset(ruleset_key))
    except (LookupError, ValueError):  # an uninstalled ruleset: its names said bare
        return None


@cache
def _seat_grammar(ruleset_key: str, language: str) -> Mapping[str, Any]:
    """The grammar of the seats' names of the game ``ruleset_key`` in ``language`` (its UI package's
    :meth:`~pbem.ui.base.GameUI.grammar`; ``{}`` for a ruleset no longer installed), kept per process."""
    ui = _game_ui(ruleset_key)
    return ui.grammar(language) if ui is not None else {}


def seat_names_text(ruleset_key: str, names: Iterable[str], language: str) -> str:
    """English seat names of a game of ``ruleset_key`` in ``language``, listed as the language
    lists ("Germania e Giappone"): each translated by the game's UI package."""
    from pbem.ui.i18n import names_list as listed

    ui = _game_ui(ruleset_key)
    return listed(language, (ui.text(name, language) if ui is not None else name for name in names))


def say_service_message(msgid: str, params: Mapping[str, Any]) -> str:
    """A service's message (``msgid`` and its ``params``) in the page's language; a parameter that
    is a :class:`~pbem.services.errors.SeatNames` is said in that language, listed as it lists, and
    in Italian with the article and preposition of its game's grammar ("Giochi già per la
    Germania e il Giappone")."""
    from pbem.services.errors import SeatNames
    from pbem.ui import italian

    language = str(get_locale() or "en")
    shown: dict[str, Any] = {}
    grammar: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, SeatNames):
            shown[name] = seat_names_text(value.ruleset, value.names, language)
            grammar |= _seat_grammar(value.ruleset, language)
        else:
            shown[name] = value
    template = italian.shape(language, gettext(msgid), shown, grammar)
    return _filled(template, msgid, shown) if shown else template


def _seats_template(ruleset_key: str, msgid: str, params: Mapping[str, Any]) -> str:
    from pbem.ui import italian

    language = str(get_locale() or "en")
    return italian.shape(language, gettext(msgid), params, _seat_grammar(ruleset_key, language))


def say_seats(ruleset_key: str, msgid: str, **params: Any) -> Markup:
    """``_(msgid, **params)`` for a page sentence naming seats of a game of ``ruleset_key``: in
    Italian the names take the article and preposition of their game's grammar ("In attesa
    dell'Unione Sovietica", ``pbem/ui/italian.py``); other languages as ``_`` says them."""
    return Markup(_seats_template(ruleset_key, msgid, params)) % params


def say_seats_text(ruleset_key: str, msgid: str, **params: Any) -> str:
    """:func:`say_seats` for a plain-text email: the values are not HTML-escaped."""
    return _filled(_seats_template(ruleset_key, msgid, params), msgid, params)


def _filled(template: str, msgid: str, params: Mapping[str, Any]) -> str:
    """``template % params``; a broken translation must not hide the sentence: then the English."""
    try:
        return template % params
    except (KeyError, TypeError, ValueError):
        return msgid % params


def decimal(number: float, digits: int = 1, signed: bool = False) -> str:
    """The ``decimal`` template global: ``number`` with ``digits`` decimals in the page's language
    ("2.50", "2,50"; ``signed``: "+1,25"), :func:`pbem.ui.i18n.decimal`."""
    from pbem.ui.i18n import decimal as said

    return said(str(get_locale() or "en"), number, digits, signed)


def percent(fraction: float, digits: int = 1) -> str:
    """The ``percent`` template global: ``fraction`` (0.538) as a percentage in the page's
    language ("53.8%", "53,8%"), :func:`pbem.ui.i18n.percent`."""
    from pbem.ui.i18n import percent as said

    return said(str(get_locale() or "en"), fraction, digits)


def names_list(names: Any) -> str:
    """The ``names_list`` filter: seats, powers, places listed inside a sentence in the page's
    language, by Babel's rule ("Germany, Japan, and Italy", "Germania, Giappone e Italia");
    ``say_seats`` gives each its article in Italian."""
    from pbem.ui.i18n import names_list as listed

    return listed(str(get_locale() or "en"), names)
