"""One mapping from service and engine errors to HTTP, shared by the pages and the JSON API.

Services raise :class:`pbem.services.errors.ServiceError` subclasses; the engine's
:class:`pbem.engine.RulesError` subclasses pass through them. Both carry ``status``
and ``message``; rules errors also carry ``rule_id`` and a stale game ``last_seq``.
The body is always ``{"error", "message"}`` plus ``rule_id`` / ``last_seq`` when known.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from pbem.engine import RulesError, UnknownRuleset
from pbem.engine.errors import ReplayError
from pbem.services.errors import ServiceError

#: What the views catch around every service call.
HANDLED = (ServiceError, RulesError, UnknownRuleset, ReplayError)


def error_body(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """``(status, body)`` for a service, rules or registry error."""
    if isinstance(exc, RulesError | ServiceError):
        body: dict[str, Any] = {"error": type(exc).__name__, "message": _message(exc)}
        rule_id = getattr(exc, "rule_id", None)
        if rule_id:
            body["rule_id"] = rule_id
        if getattr(exc, "last_seq", None) is not None:
            body["last_seq"] = exc.last_seq  # type: ignore[attr-defined]
        return int(exc.status), body
    if isinstance(exc, UnknownRuleset):
        return 400, {"error": "UnknownRuleset", "message": str(exc)}
    if isinstance(exc, ReplayError):
        return 400, {"error": "ReplayError", "message": str(exc)}
    raise TypeError(f"not an error the web layer maps: {exc!r}")


def _message(exc: RulesError | ServiceError) -> str:
    """The message in the viewer's language when the service gave a template, else as is."""
    template = getattr(exc, "template", None)
    if not isinstance(template, str):
        return exc.message
    try:
        return gettext(template, **(getattr(exc, "params", None) or {}))
    except (KeyError, TypeError, ValueError):  # a broken translation must not hide the error
        return exc.message


def flash_text(body: dict[str, Any]) -> str:
    """The message as one line, with its rule id in brackets when there is one."""
    if body.get("rule_id"):
        return f"{body['message']} [{body['rule_id']}]"
    return str(body["message"])
