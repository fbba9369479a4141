"""Small board queries the Anniversary modules share."""

from __future__ import annotations

from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.state import State


def enemies(data: AnniversaryData, a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and data.side_of(a) != data.side_of(b)


def capital_lost(data: AnniversaryData, state: State, power: str) -> bool:
    """AAE-SEQ-09: the power's capital is controlled by the other side. China has no capital
    and never loses it (AAE-CHINA-12, spec E-14)."""
    capital = data.capital_of(power)
    return bool(capital) and enemies(data, power, state["owners"].get(capital))


def held_since_turn_start(state: State, power: str, territory: str) -> bool:
    """Controlled by ``power`` now and at the start of the turn (AAE-MOB-01, AAE-MOB-08)."""
    start: dict[str, str | None] = state.get("owners_at_turn_start") or state["owners"]
    return bool(state["owners"].get(territory) == power and start.get(territory) == power)
