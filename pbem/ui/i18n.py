"""Message catalogs of the UI packages, usable with or without Flask.

Each UI package keeps its own Babel domain (``pbem/ui/<family>/translations/<lang>/LC_MESSAGES/
<domain>.mo``), so adding a game touches no shared catalog. A :class:`Catalog` translates into an
explicit language: the web passes the request's language, the notifications the recipient's.
Messages use ``%(name)s`` placeholders (Flask-Babel style); :func:`N_` marks a string for
extraction without translating it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from babel.support import NullTranslations, Translations


def N_(text: str) -> str:  # noqa: N802 - the conventional name pybabel looks for
    """Mark ``text`` for extraction; it is translated where it is shown."""
    return text


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

    def gettext(self, language: str, text: str, **params: Any) -> str:
        found = self.translations(language).gettext(text)
        return _fill(found, text, params)

    def ngettext(self, language: str, singular: str, plural: str, num: int, **params: Any) -> str:
        found = self.translations(language).ngettext(singular, plural, num)
        return _fill(found, plural if num != 1 else singular, {"num": num, **params})

    def has(self, language: str, text: str) -> bool:
        """Whether ``text`` has a translation in ``language`` (English always has)."""
        if language.startswith("en"):
            return True
        catalog = getattr(self.translations(language), "_catalog", {})
        return bool(catalog.get(text) or catalog.get((text, 0)))

    def bind(self, language: str, fallback: Any = None) -> Translator:
        return Translator(self, language, fallback)


class Translator:
    """A catalog bound to a language: ``_("...")`` and ``ngettext`` as templates expect them."""

    def __init__(self, catalog: Catalog, language: str, fallback: Any = None) -> None:
        self.catalog = catalog
        self.language = language
        #: another translator (e.g. the site's ``gettext``) for messages this catalog lacks:
        #: a UI template extending the site's ``base.html`` keeps the site's words translated
        self.fallback = fallback

    def __call__(self, text: str, **params: Any) -> str:
        if self.fallback is not None and not self.catalog.has(self.language, text):
            return str(self.fallback(text, **params))
        return self.catalog.gettext(self.language, text, **params)

    def ngettext(self, singular: str, plural: str, num: int, **params: Any) -> str:
        if self.fallback is not None and not self.catalog.has(self.language, singular):
            return str(self.fallback.ngettext(singular, plural, num, **params))
        return self.catalog.ngettext(self.language, singular, plural, num, **params)


def _fill(found: str, english: str, params: dict[str, Any]) -> str:
    if not params:
        return found
    try:
        return found % params
    except (KeyError, TypeError, ValueError):  # a broken translation must not hide the sentence
        return english % params
