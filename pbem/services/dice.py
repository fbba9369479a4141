"""The server's dice source for a stored game (being written by the dice work).

``dice_for(session, game_row)`` returns a :class:`pbem.engine.DiceSource`.
"""

from __future__ import annotations

import secrets
from typing import Any

from pbem.engine import SeededDice


def dice_for(session: Any, game_row: Any) -> SeededDice:
    return SeededDice(secrets.token_hex(32), game_id=str(game_row.id))
