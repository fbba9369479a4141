"""pbem: a play-by-email server for long Second World War wargames.

Importing ``pbem`` imports neither Flask nor SQLModel: the rules engine under
``pbem.engine`` and ``pbem.games`` is pure Python. ``create_app`` is resolved
lazily so that ``flask --app pbem`` finds the app factory.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"


def create_app(test_config: dict[str, Any] | None = None) -> Any:
    """Build the Flask application (see :func:`pbem.web.create_app`)."""
    from pbem.web import create_app as _create_app

    return _create_app(test_config)
