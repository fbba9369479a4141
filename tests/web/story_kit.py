"""Shared by the story tests: which (domain, msgid) pairs the describers look up."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.ui.i18n import Catalog


def record_lookups(monkeypatch: pytest.MonkeyPatch) -> set[tuple[str, str]]:
    """Every (domain, msgid) the describers look up from now on (singular msgid for plurals)."""
    seen: set[tuple[str, str]] = set()
    gettext, ngettext = Catalog.gettext, Catalog.ngettext

    def record(self: Catalog, language: str, text: str, **params: Any) -> str:
        seen.add((self.domain, text))
        return gettext(self, language, text, **params)

    def record_n(self: Catalog, language: str, singular: str, plural: str, num: int, **params: Any) -> str:
        seen.add((self.domain, singular))
        return ngettext(self, language, singular, plural, num, **params)

    monkeypatch.setattr(Catalog, "gettext", record)
    monkeypatch.setattr(Catalog, "ngettext", record_n)
    return seen
