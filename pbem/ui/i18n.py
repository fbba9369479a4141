"""Message catalogs of the UI packages, usable with or without Flask.

Each UI package keeps its own Babel domain (``pbem/ui/<family>/translations/<lang>/LC_MESSAGES/
<domain>.mo``), so adding a game touches no shared catalog. A :class:`Catalog` translates into an
explicit language: the web passes the request's language, the notifications the recipient's.
Messages use ``%(name)s`` placeholders (Flask-Babel style); :func:`N_` marks a string for
extraction without translating it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel.core import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent, format_scientific
from babel.support import NullTranslations, Translations

from pbem.ui import italian


def N_(text: str) -> str:  # noqa: N802 - the conventional name pybabel looks for
    """Mark ``text`` for extraction; it is translated where it is shown."""
    return text


def _locale(language: str) -> Locale:
    try:
        return Locale.parse((language or "en").replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale("en")


def names_list(language: str, names: Iterable[str]) -> str:
    """``names`` as a list inside a sentence of ``language``, by Babel's rule for it: "Germany,
    Japan, and Italy", "Germania, Giappone e Italia" (:mod:`pbem.ui.italian` reads such a list)."""
    return format_list([str(name) for name in names], locale=_locale(language))


def percent(language: str, fraction: float, digits: int = 1) -> str:
    """``fraction`` (0.538) as a percentage in ``language``, Babel's digits and sign: "53.8%",
    "53,8%"."""
    return format_percent(fraction, format="#,##0" + ("." + "0" * digits if digits else "") + "%",
                          locale=_locale(language))


def scientific(language: str, number: float) -> str:
    """``number`` in scientific notation with one decimal in ``language`` (Babel): "1.2E-7", "1,2E-7"."""
    return format_scientific(number, format="0.0E0", locale=_locale(language))


def decimal(language: str, number: float, digits: int = 1, signed: bool = False) -> str:
    """``number`` with ``digits`` decimals in ``language`` (Babel): "2.5", "2,5"; ``signed``: with
    its sign also when positive ("+1,25", a z-score)."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(number, format=pattern, locale=_locale(language))


@cache
def _load(directory: str, domain: str, language: str) -> NullTranslations:
    return Translations.load(directory, [language], domain=domain)


class Catalog:
    """One domain's translations: ``catalog.gettext("it", "Round %(n)s", n=2)``."""

    def __init__(self, directory: Path, domain: str) -> None:
        self.directory = str(directory)
        self.domain = domain

    def translations(self, language: str) -> NullTranslations:
        return _load(self.directory, self.domain, (language or "en").split("_")[0])

    def gettext(self, language: str, text: str, nouns: Mapping[str, italian.Noun] | None = None,
                **params: Any) -> str:
        """``text`` in ``language`` filled with ``params``; ``nouns``: the game's names' grammar
        (see :meth:`say`)."""
        return self.say(language, self.translations(language).gettext(text), text, params, nouns)

    def ngettext(self, language: str, singular: str, plural: str, num: int,
                 nouns: Mapping[str, italian.Noun] | None = None, **params: Any) -> str:
        found = self.translations(language).ngettext(singular, plural, num)
        return self.say(language, found, plural if num != 1 else singular, {"num": num, **params}, nouns)

    def say(self, language: str, found: str, english: str, params: dict[str, Any],
            nouns: Mapping[str, italian.Noun] | None = None) -> str:
        """``found`` (the translation of ``english``) filled with ``params``: reworded first by
        :meth:`shape` and, in Italian, for the grammar of the game's names ``nouns`` (a seat's
        article: "tocca all'Unione Sovietica", see :mod:`pbem.ui.italian`)."""
        if not params:
            return found
        template = italian.shape(language, self.shape(language, found, params), params, nouns or {})
        return _fill(template, english, params)

    def shape(self, language: str, template: str, params: dict[str, Any]) -> str:
        """``template`` (translated) before it is filled with ``params``: a family's catalog may
        reword it for the values, e.g. the article a place name takes in Italian. Unchanged here."""
        return template

    def has(self, language: str, text: str) -> bool:
        """Whether ``text`` has a translation in ``language`` (English always has)."""
        if language.startswith("en"):
            return True
        catalog = getattr(self.translations(language), "_catalog", {})
        return bool(catalog.get(text) or catalog.get((text, 0)))

    def bind(self, language: str, fallback: Any = None,
             nouns: Mapping[str, italian.Noun] | None = None) -> Translator:
        return Translator(self, language, fallback, nouns)


class Translator:
    """A catalog bound to a language: ``_("...")`` and ``ngettext`` as templates expect them."""

    def __init__(self, catalog: Catalog, language: str, fallback: Any = None,
                 nouns: Mapping[str, italian.Noun] | None = None) -> None:
        self.catalog = catalog
        self.language = language
        #: the grammar of the game's names in ``language`` (``GameUI.grammar``)
        self.nouns = nouns
        #: another translator (e.g. the site's ``gettext``) for messages this catalog lacks:
        #: a UI template extending the site's ``base.html`` keeps the site's words translated
        self.fallback = fallback

    def __call__(self, text: str, **params: Any) -> str:
        if self.fallback is not None and not self.catalog.has(self.language, text):
            return str(self.fallback(text, **params))
        return self.catalog.gettext(self.language, text, nouns=self.nouns, **params)

    def ngettext(self, singular: str, plural: str, num: int, **params: Any) -> str:
        if self.fallback is not None and not self.catalog.has(self.language, singular):
            return str(self.fallback.ngettext(singular, plural, num, **params))
        return self.catalog.ngettext(self.language, singular, plural, num, nouns=self.nouns, **params)


def _fill(found: str, english: str, params: dict[str, Any]) -> str:
    if not params:
        return found
    try:
        return found % params
    except (KeyError, TypeError, ValueError):  # a broken translation must not hide the sentence
        return english % params
