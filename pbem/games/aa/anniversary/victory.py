"""Victory cities and the victory condition (AAE-VIC), checked at the end of each round.

The threshold is a game option: 13, 15 (default) or 18 cities (AAE-VIC-03). The check runs
only after the last power of the round (the United States, with China) has played
(AAE-VIC-02, AAE-SEQ-11).
"""

from __future__ import annotations

from typing import Any

from pbem.engine import InvalidOrder
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.state import State


def threshold(data: AnniversaryData, options: dict[str, Any]) -> int:
    """AAE-VIC-03: the number of cities chosen before the game."""
    needed = options.get("victory_cities", data.victory_default)
    if needed not in data.victory_options:
        raise InvalidOrder("AAE-VIC-03", "Victory needs 13, 15 or 18 victory cities.")
    return int(needed)


def cities_held(data: AnniversaryData, state: State) -> dict[str, int]:
    """AAE-VIC-01/05: each city counts for the side of its territory's controller."""
    held = {side: 0 for side in data.sides}
    for territory in data.victory_cities:
        owner = state["owners"].get(territory)
        if owner is not None:
            held[data.side_of(owner)] += 1
    return held


def is_end_of_round(data: AnniversaryData, power: str) -> bool:
    """AAE-VIC-02: the round ends with the last power of the scenario's turn order."""
    return power == data.turn_order[-1]


def winner(data: AnniversaryData, state: State, power: str) -> dict[str, Any] | None:
    """AAE-VIC-04: the result when ``power``'s turn ends a round and a side holds enough
    cities, else None."""
    if not is_end_of_round(data, power):
        return None
    needed = threshold(data, state["options"])
    held = cities_held(data, state)
    for side in sorted(held):
        if held[side] >= needed:
            return {"winner": side, "cities": held[side], "needed": needed,
                    "round": state["round"]}
    return None
