"""The notifications' own Flask-Babel domain (``notify``), so that its catalogue
(``pbem/notify/translations/<lang>/LC_MESSAGES/notify.po``) is maintained apart
from the site's. Use :func:`gettext` / :func:`lazy_gettext`; templates rendered by
this package receive ``_`` bound to this domain.

Update the catalogue (from the repository root)::

    .venv/bin/pybabel extract -F pbem/notify/babel.cfg -o pbem/notify/translations/notify.pot .
    .venv/bin/pybabel update -D notify -i pbem/notify/translations/notify.pot \
        -d pbem/notify/translations
    .venv/bin/pybabel compile -D notify -d pbem/notify/translations
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import current_app, has_app_context
from flask_babel import Domain, force_locale

TRANSLATIONS = Path(__file__).parent / "translations"
domain = Domain(translation_directories=str(TRANSLATIONS), domain="notify")


def gettext(text: str, **variables: Any) -> str:
    return domain.gettext(text, **variables)


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    return domain.ngettext(singular, plural, num, **variables)


def lazy_gettext(text: str, **variables: Any) -> Any:
    return domain.lazy_gettext(text, **variables)


@contextmanager
def in_language(language: str | None = None) -> Iterator[None]:
    """Translate in ``language`` (default: the site's) inside an app; plain English outside."""
    if not has_app_context():
        yield
        return
    with force_locale(language or current_app.config.get("DEFAULT_LANGUAGE", "en")):
        yield
