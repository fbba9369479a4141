"""The store's own errors (the services map them to theirs: ``pbem.services.eventlog``).

Messages are English templates with ``%(name)s`` placeholders, marked with :func:`_` for
extraction into the site's catalog; ``template`` and ``params`` let an upper layer translate.
"""

from __future__ import annotations

from typing import Any


def _(template: str) -> str:
    """Marks a message template for extraction; the web layer translates it."""
    return template


class StoreError(Exception):
    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        self.message = template % params if params else template
        super().__init__(self.message)


class GameMissing(StoreError):
    """No game has that id."""


class SeqConflict(StoreError):
    """The log is not where the writer expected it (another order was stored first)."""

    def __init__(self, template: str, last_seq: int | None = None, **params: Any) -> None:
        super().__init__(template, **params)
        self.last_seq = last_seq
