"""The engine's error taxonomy (after python-chess: all are ``ValueError``)."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the rules engine raises for a submitted order.

    ``rule_id`` names the rule (e.g. ``AA41-CM-09``) so a player can look it up;
    ``message`` is a sentence a player understands.
    """

    status = 422

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{message} ({rule_id})")
        self.rule_id = rule_id
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"error": type(self).__name__, "rule_id": self.rule_id, "message": self.message}


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
