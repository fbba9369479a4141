"""What a space is to a power (G40-MAP-04, G40-MAP-05): friendly, hostile or neutral
territories; hostile or friendly sea zones. Movement and combat code ask these."""

from __future__ import annotations

from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, friendly, theatre_of, units_in
from pbem.games.aa.state import State


def territory_status(data: G40Data, state: State, power: str, territory: str) -> str:
    """G40-MAP-04: ``friendly`` (own, or a friendly power's), ``hostile`` (held by a power at
    war with ``power``) or ``neutral`` (held by nobody, or by a power of either side that is
    not at war with it / not belligerent)."""
    owner = state["owners"].get(territory)
    if owner is None:
        return "neutral"
    if friendly(data, state, power, owner, theatre_of(data, territory)):
        return "friendly"
    return "hostile" if at_war(state, power, owner) else "neutral"


def sea_zone_hostile(data: G40Data, state: State, power: str, zone: str) -> bool:
    """G40-MAP-05: a surface warship of a power at war with ``power`` makes it hostile;
    submarines, transports and ships of powers not at war never do."""
    return any(data.unit(u["type"]).surface_warship and at_war(state, power, u["owner"])
               for u in units_in(state, zone))
