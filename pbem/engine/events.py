"""Event envelopes and the canonical JSON encoding used for hashing and comparison.

An event is a plain dict::

    {"seq": 12, "seat": "germany", "type": "aa.moved", "v": 1, "payload": {...}}

``seq`` counts from 1 within a game; ``seat`` is the power/side that caused it
(``None`` for the system); ``type`` is ``<family>.<name>`` for ruleset events and
``game.*``, ``order``, ``undo``, ``seat.*``, ``dice.*``, ``policy.*`` for the
core's own events; ``v`` is the version of that type's payload format, so old
logs are upgraded by upcasters instead of breaking (see ``replay.py``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

Event = dict[str, Any]

#: Core event types that open a new group (a submission, an undo, a platform record).
CORE_PREFIXES = ("game.", "seat.", "dice.", "policy.")
ORDER = "order"
UNDO = "undo"
CREATED = "game.created"
DICE_ROLLED = "dice.rolled"
DICE_SHUFFLED = "dice.shuffled"


def make_event(seq: int, seat: str | None, type_: str, payload: dict[str, Any], v: int = 1) -> Event:
    return {"seq": seq, "seat": seat, "type": type_, "v": v, "payload": payload}


def starts_group(event_type: str) -> bool:
    """True for events that begin a new group (an order, an undo or a platform record).

    Ruleset events and dice rolls belong to the group of the order that caused them.
    """
    if event_type in (ORDER, UNDO):
        return True
    if event_type in (DICE_ROLLED, DICE_SHUFFLED):
        return False
    return event_type.startswith(CORE_PREFIXES)


def canonical_json(value: Any) -> str:
    """The one JSON encoding used for hashes and bit-for-bit comparisons.

    Sorted keys, no insignificant white space, UTF-8 text kept as is.
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_digest(value: Any) -> str:
    """SHA-256 of the canonical JSON of a state: two equal states have equal digests."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()
