"""One mapping from service and engine errors to HTTP, shared by the pages and the JSON API.

Services raise :class:`pbem.services.errors.ServiceError` subclasses; the engine's
:class:`pbem.engine.RulesError` subclasses pass through them. Both carry ``status``
and ``message``; rules errors also carry ``rule_id`` and a stale game ``last_seq``.
The body is always ``{"error", "message"}`` plus ``rule_id`` / ``last_seq`` when known; a
refusal of the rules also carries its machine fields ``key`` (the English template) and
``params``, and its ``message`` is rendered in the reader's language by the game's UI package
when the game is known (``error_body(exc, ruleset)``).
"""

from __future__ import annotations

from typing import Any

from flask_babel import get_locale

from pbem.engine import RulesError, UnknownRuleset
from pbem.engine.errors import ReplayError
from pbem.services.errors import ServiceError
from pbem.web.i18n import say_service_message

#: What the views catch around every service call.
HANDLED = (ServiceError, RulesError, UnknownRuleset, ReplayError)


def error_body(exc: BaseException, ruleset: Any = None) -> tuple[int, dict[str, Any]]:
    """``(status, body)`` for a service, rules or registry error (``ruleset``: of the game, a
    Ruleset or its key, so a refusal speaks the reader's language)."""
    if isinstance(exc, RulesError):
        body: dict[str, Any] = {"error": type(exc).__name__, "message": exc.message,
                                "rule_id": exc.rule_id, "key": exc.key, "params": exc.params}
        body["message"] = refusal_text(body, ruleset)
        return int(exc.status), body
    if isinstance(exc, ServiceError):
        body = {"error": type(exc).__name__, "message": _message(exc)}
        if getattr(exc, "last_seq", None) is not None:
            body["last_seq"] = exc.last_seq  # type: ignore[attr-defined]
        return int(exc.status), body
    if isinstance(exc, UnknownRuleset):
        return 400, {"error": "UnknownRuleset", "message": str(exc)}
    if isinstance(exc, ReplayError):
        return 400, {"error": "ReplayError", "message": str(exc)}
    raise TypeError(f"not an error the web layer maps: {exc!r}")


def refusal_text(body: dict[str, Any], ruleset: Any) -> str:
    """A rules refusal in the reader's language (English without a known game)."""
    if ruleset is None:
        return str(body["message"])
    from pbem.engine import load_ruleset
    from pbem.ui import ui_for

    try:
        rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        return ui_for(rules).refusal(body, str(get_locale() or "en"), rules)
    except (UnknownRuleset, ImportError):
        return str(body["message"])


def _message(exc: ServiceError) -> str:
    """The message in the viewer's language when the service gave a template, else as is."""
    template = getattr(exc, "template", None)
    if not isinstance(template, str):
        return exc.message
    try:
        return say_service_message(template, getattr(exc, "params", None) or {})
    except (KeyError, TypeError, ValueError):  # a broken translation must not hide the error
        return exc.message


def flash_text(body: dict[str, Any]) -> str:
    """The message as one line, with its rule id in brackets when there is one (once: not when
    the message already names it)."""
    if body.get("rule_id") and str(body["rule_id"]) not in str(body["message"]):
        return f"{body['message']} [{body['rule_id']}]"
    return str(body["message"])
