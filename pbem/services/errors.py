"""Errors the use cases raise: each carries the HTTP status and a message a player understands.

Messages are English templates with ``%(name)s`` placeholders: ``message`` is the
filled-in English text, ``template`` and ``params`` let the web layer translate
(``gettext(err.template) % err.params``). Templates are written as ``_("...")``
calls (the identity function below) so ``pybabel extract`` finds them.

Engine ``RulesError``s (``InvalidOrder`` 400, ``IllegalOrder`` 422, ``NotYourTurn`` 403,
``GameOver`` 409) pass through the services unchanged; they have the same
``status`` / ``message`` attributes plus ``rule_id``.

A parameter naming seats of a game is a :class:`SeatNames` (the English names and the game's
ruleset): the web layer says each name in the reader's language, with its Italian article where
the template asks for one, and lists them as the language lists ("Germania e Giappone").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SeatNames:
    """Seats of a game of ``ruleset`` (its key) as a message parameter: their English ``names``.
    Shown as such (``str``) it is the English list ("Germany and Japan"); the web layer translates
    each name with the game's UI package and lists them in the reader's language."""

    ruleset: str
    names: tuple[str, ...]

    def __str__(self) -> str:
        from pbem.ui.i18n import names_list

        return names_list("en", self.names)

    def __bool__(self) -> bool:
        return bool(self.names)


def _(template: str) -> str:
    """Marks a message template for extraction; the web layer translates it."""
    return template


class ServiceError(Exception):
    """Base class: ``status`` is the HTTP status, ``message`` the sentence to show."""

    status = 400

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        self.message = template % params if params else template
        super().__init__(self.message)

    def to_dict(self) -> dict[str, Any]:
        return {"error": type(self).__name__, "message": self.message}


class BadRequest(ServiceError):
    status = 400


class Forbidden(ServiceError):
    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409


class Gone(ServiceError):
    """The thing existed but has expired (e.g. a dice-ledger link past its lifetime)."""

    status = 410


class StaleGame(Conflict):
    """The submission was based on an older position (``expected_seq`` is not the last seq)."""

    status = 409

    def __init__(self, template: str, last_seq: int | None = None, **params: Any) -> None:
        super().__init__(template, **params)
        self.last_seq = last_seq

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "last_seq": self.last_seq}
