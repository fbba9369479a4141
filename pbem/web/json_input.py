"""Parsing JSON that users send (API bodies, the order form, imported game files).

``parse_json`` is ``json.loads`` made strict about what may be stored and sent back:

* nesting deeper than the parser can follow (``RecursionError``) is an error, not a crash;
* ``NaN``, ``Infinity`` and numbers too large for a float (``1e400``) are refused: they are
  not JSON, and storing them would make the API answer invalid JSON later;
* a lone surrogate (``"\\ud800"``) is refused: it cannot be written as UTF-8, so the database
  (and every export) would fail on it;
* a NUL character in any text is refused: PostgreSQL cannot store it in a text column.

Every problem raises :class:`JSONInputError` (a ``ValueError``) whose ``message`` is a
translated sentence.
"""

from __future__ import annotations

import json
import math
from typing import Any

from flask_babel import gettext as _


class JSONInputError(ValueError):
    """The text is not JSON the site accepts; ``message`` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _NotFinite(ValueError):
    pass


def _refuse_constant(name: str) -> Any:
    raise _NotFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


def _holds_nul(value: Any) -> bool:
    """True if a string anywhere in ``value`` (a key or a value) holds a NUL character."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def parse_json(raw: str | bytes) -> Any:
    """The value ``raw`` holds, or :class:`JSONInputError`."""
    try:
        value = json.loads(raw, parse_constant=_refuse_constant, parse_float=_finite_float)
        # A lone surrogate parses, but cannot be encoded: find it before anything is stored.
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except RecursionError:
        raise JSONInputError(_("The JSON is nested too deeply.")) from None
    except _NotFinite as err:
        raise JSONInputError(_("The JSON holds %(value)s: only finite numbers are allowed.",
                               value=str(err)[:40])) from None
    except UnicodeError:
        raise JSONInputError(_("The JSON holds text that is not valid Unicode (UTF-8).")) from None
    except ValueError as err:
        raise JSONInputError(_("This is not valid JSON: %(err)s", err=str(err)[:200])) from None
    if _holds_nul(value):
        raise JSONInputError(_("The JSON holds a NUL character (\\u0000), which no text may hold."))
    return value
