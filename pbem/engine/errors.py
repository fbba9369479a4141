"""The engine's error taxonomy (after python-chess: all are ``ValueError``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

#: A refusal not yet raised: ``(rule_id, English template, params)`` (phase exit checks return these).
Refusal = tuple[str, str, dict[str, Any]]

#: Parameter names whose values are game vocabulary (keys a game's UI package translates):
#: the name itself, or the name with a ``_2``, ``_3``... suffix (``space_2``). Lists of keys
#: (``units``, ``spaces``, ``powers``) are passed as lists: the English message joins them by ", ",
#: a game's UI package lists them as the reader's language does ("A, B e C").
VOCABULARY_KINDS = ("unit", "units", "space", "spaces", "power", "powers", "phase", "side", "seat", "seats")

#: English (or any language's) name of a vocabulary key: ``namer(kind, key) -> str``.
Namer = Callable[[str, str], str]
#: A list parameter as text: ``joiner(items) -> str`` (the reader's language lists them its way).
Joiner = Callable[[list[str]], str]


def comma_list(items: list[str]) -> str:
    """The engine's own (English, language-neutral) list: the items joined by ", "."""
    return ", ".join(items)


def vocabulary_kind(param: str) -> str | None:
    """The vocabulary kind of a parameter name (``"space_2"`` -> ``"space"``), or ``None``."""
    base = re.sub(r"_\d+$", "", param)
    return base if base in VOCABULARY_KINDS else None


def format_message(template: str, params: Mapping[str, Any], namer: Namer | None = None,
                   joiner: Joiner = comma_list) -> str:
    """``template`` filled with ``params``; vocabulary named by ``namer`` (default: the keys), a
    list parameter written by ``joiner`` (default: joined by ", "; a game's UI package lists
    them in the reader's language: "Karelia, Ucraina e Caucaso")."""
    shown: dict[str, Any] = {}
    for name, value in params.items():
        kind = vocabulary_kind(name)
        items = value if isinstance(value, list) else None
        if kind is not None and namer is not None:
            singular = kind[:-1] if kind in ("units", "spaces", "powers", "seats") else kind
            if items is not None:
                items = [namer(singular, str(v)) for v in items]
            else:
                value = namer(kind, str(value))
        if items is not None:
            value = joiner([str(v) for v in items])
        shown[name] = value
    return template.format(**shown)


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
        self.message = format_message(message, self.params)
        super().__init__(f"{self.message} ({rule_id})")

    def name_vocabulary(self, namer: Namer) -> None:
        """Re-render :attr:`message` with vocabulary keys replaced by ``namer``'s English names."""
        self.message = format_message(self.key, self.params, namer)
        self.args = (f"{self.message} ({self.rule_id})",)

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
