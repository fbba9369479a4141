"""Hook the order service calls in the same transaction as the events (outbox rows).

Being written by the notifications work; until then it records nothing.
"""

from __future__ import annotations

from typing import Any


def after_events(session: Any, *, game_row: Any, engine_game: Any, new_events: list[dict[str, Any]],
                 owed_before: list[dict[str, Any]]) -> None:
    """Write outbox rows for the seats that now owe a decision (and on game over)."""
