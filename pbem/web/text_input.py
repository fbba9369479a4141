"""One check for every text a request sends in a form or a query string: no NUL characters.

PostgreSQL cannot store NUL in text columns (it raises, which would be a 500 mid-request), no
person types one, and SQLite would store it silently. Rather than each form field checking,
``refuse_nul`` runs before every view and answers 400 with a message (JSON under ``/api/``).
JSON bodies are checked by :func:`pbem.web.json_input.parse_json`.
"""

from __future__ import annotations

from flask import abort, request
from flask_babel import gettext as _


def has_nul(values: object) -> bool:
    """True if any key or value of a ``MultiDict`` holds a NUL character."""
    return any("\x00" in key or "\x00" in value
               for key, value in values.items(multi=True))  # type: ignore[attr-defined]


def refuse_nul() -> None:
    """``before_request``: 400 when the query string or the form holds a NUL character."""
    if has_nul(request.args) or (request.method in ("POST", "PUT", "PATCH", "DELETE")
                                 and has_nul(request.form)):
        abort(400, description=_("The text you sent contains a NUL character (code 0), which no "
                                 "field may hold. Remove it and try again."))
