"""The store's event log as the services use it: the store's errors become the services' own
(``GameMissing`` -> ``NotFound`` 404, ``SeqConflict`` -> ``StaleGame`` 409). Everything else
is :mod:`pbem.store.events` unchanged."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from pbem.services.errors import NotFound, StaleGame
from pbem.store import events as _events
from pbem.store.errors import GameMissing, SeqConflict

T = TypeVar("T")


@contextmanager
def mapped() -> Iterator[None]:
    """Raise the services' errors for the store's."""
    try:
        yield
    except GameMissing as exc:
        raise NotFound(exc.template, **exc.params) from exc
    except SeqConflict as exc:
        raise StaleGame(exc.template, last_seq=exc.last_seq, **exc.params) from exc


def _wrap(fn: Callable[..., T]) -> Callable[..., T]:
    def call(*args: Any, **kwargs: Any) -> T:
        with mapped():
            return fn(*args, **kwargs)
    call.__doc__ = fn.__doc__
    return call


lock_game = _wrap(_events.lock_game)
append = _wrap(_events.append)
import_rows = _wrap(_events.import_rows)
load = _events.load
load_rows = _events.load_rows
to_dict = _events.to_dict
verify_chain = _events.verify_chain
iso = _events.iso
parse_iso = _events.parse_iso
event_hash = _events.event_hash
GENESIS = _events.GENESIS
