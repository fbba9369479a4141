"""A tamperer with write access to the database: change a stored event, recompute every hash.

The hash chain stays sound after :func:`rewrite_event`; what still catches the change is
``verify``'s re-adjudication (and its dice check for a die), and the heads players were shown.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sqlmodel import Session, col, select

from pbem.store.events import GENESIS, event_hash, iso
from pbem.store.models.games import Event


def rewrite_event(session: Session, game_id: int, pick: Callable[[Event], bool],
                  change: Callable[[dict[str, Any]], None]) -> int:
    """Apply ``change`` to the payload of the first event ``pick`` accepts, re-chain; its seq."""
    rows = list(session.exec(select(Event).where(Event.game_id == game_id).order_by(col(Event.seq))))
    target = next(r for r in rows if pick(r))
    payload = json.loads(target.payload)
    change(payload)
    target.payload = json.dumps(payload)
    prev = GENESIS
    for row in rows:
        if row.seq >= target.seq:
            row.prev_hash = prev
            row.hash = event_hash(row.game_id, row.seq, row.seat, row.type, row.v,
                                  json.loads(row.payload), iso(row.created_at), prev)
            session.add(row)
        prev = row.hash
    session.commit()
    return int(target.seq)
