"""The engine's error taxonomy (after python-chess: all are ``ValueError``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class RulesError(ValueError):
    """Base of every error the rules engine raises for a submitted order.

    ``rule_id`` names the rule (e.g. ``AA41-CM-09``) so a player can look it up.
    ``key`` is the sentence as an English template with ``{name}`` placeholders: it is
    also the message id a game's UI package translates (see ``docs/engine.md``).
    ``params`` fills the placeholders: plain JSON values; game vocabulary (unit types,
    spaces, powers, phases) is passed as its key and translated by the game's UI.
    ``message`` is the English sentence, ``key`` formatted with ``params``.
    """

    status = 422

    def __init__(self, rule_id: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        self.rule_id = rule_id
        self.key = message
        self.params: dict[str, Any] = dict(params or {})
        self.message = message.format(**self.params) if self.params else message
        super().__init__(f"{self.message} ({rule_id})")

    def to_dict(self) -> dict[str, Any]:
        return {"error": type(self).__name__, "rule_id": self.rule_id, "message": self.message,
                "key": self.key, "params": self.params}


class InvalidOrder(RulesError):
    """The order is malformed: a missing field, a wrong type, an unknown name."""

    status = 400


class IllegalOrder(RulesError):
    """The order is well formed but the rules forbid it."""


class NotYourTurn(RulesError):
    """The seat owes no decision now."""

    status = 403


class GameOver(RulesError):
    """The game has a result; no more orders are taken."""

    status = 409


class UnknownRuleset(ValueError):
    """No ruleset is registered under that key."""


class ReplayError(ValueError):
    """A log cannot be replayed: broken sequence, unknown event, wrong ruleset."""
