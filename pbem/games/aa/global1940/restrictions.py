"""What powers not (yet) at war may not do (G40-POL-11, -13, -14, -17, -18, -26, -27, -28,
G40-NEUT-14, G40-NCM-10). Computed from the current state, never from fixed lists (spec D.6 #7).

The family's movement and combat checks call these for every unit that enters a space
(``check_entry``) and every naval move that ends (``check_naval_end``).
"""

from __future__ import annotations

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, belligerent, theatre_of, units_in
from pbem.games.aa.state import State

US_PATROL_ZONE = "SZ 102"  # G40-POL-18


def _sea_within(data: G40Data, territories: set[str], steps: int) -> set[str]:
    """Sea zones at most ``steps`` sea moves from the given territories (adjacent = 1)."""
    found = {z for t in territories for z in data.adjacency[t] if data.spaces[z].is_sea}
    frontier = set(found)
    for _ in range(steps - 1):
        frontier = {z for f in frontier for z in data.adjacency[f]
                    if data.spaces[z].is_sea} - found
        found |= frontier
    return found


def japan_closed_zones(data: G40Data, state: State) -> set[str]:
    """G40-POL-11: while Japan is not at war with the US, no Japanese ship ends within two sea
    zones of Alaska or Western United States."""
    if at_war(state, "japan", "usa"):
        return set()
    return _sea_within(data, {"Alaska", "Western United States"}, 2)


def us_closed_zones(data: G40Data, state: State) -> set[str]:
    """G40-POL-17: while not at war with Japan, no US ship ends next to a Japanese territory."""
    if at_war(state, "usa", "japan"):
        return set()
    held = {t for t, o in state["owners"].items() if o == "japan"}
    return _sea_within(data, held, 1)


def us_europe_open_zones(data: G40Data, state: State) -> set[str] | None:
    """G40-POL-18 (AMB-05: Europe map only): while at war with neither Germany nor Italy, US
    ships end only next to US territory (warships also in SZ 102). None: no restriction."""
    if at_war(state, "usa", "germany") or at_war(state, "usa", "italy"):
        return None
    held = {t for t, o in state["owners"].items() if o == "usa"}
    return {z for z in _sea_within(data, held, 1) if data.space(z).map == "europe"}


def check_naval_end(data: G40Data, state: State, power: str, zone: str, utype: str) -> None:
    """Where a ship of ``power`` may end a move (G40-POL-11, -17, -18)."""
    if power == "japan" and zone in japan_closed_zones(data, state):
        raise IllegalOrder("G40-POL-11", "While not at war with the United States, Japanese "
                           "ships may not end within two sea zones of Alaska or Western United "
                           "States ({zone}).", {"zone": zone})
    if power != "usa":
        return
    if zone in us_closed_zones(data, state):
        raise IllegalOrder("G40-POL-17", "While not at war with Japan, US ships may not end "
                           "next to a Japanese territory ({zone}).", {"zone": zone})
    open_zones = us_europe_open_zones(data, state)
    if open_zones is None or data.space(zone).map != "europe" or zone in open_zones:
        return
    if zone == US_PATROL_ZONE and data.unit(utype).warship:
        return
    raise IllegalOrder("G40-POL-18", "While not at war with Germany or Italy, US ships end only "
                       "in sea zones next to US territory on the Europe map ({zone}).",
                       {"zone": zone})


def check_entry(data: G40Data, state: State, power: str, space: str, combat: bool) -> None:
    """May a unit of ``power`` enter ``space``? (G40-POL-13, -14, -26, -28, G40-NEUT-14)."""
    sp = data.space(space)
    if sp.is_sea:
        return
    owner = state["owners"].get(space)
    theatre = theatre_of(data, space)
    at_war_with_japan = at_war(state, power, "japan")
    if (sp.chinese and power != "china" and data.side_of(power) == "allies"
            and not at_war_with_japan):
        raise IllegalOrder("G40-POL-14", "While not at war with Japan, {power} may not move into "
                           "Chinese territory ({space}).", {"power": power, "space": space})
    if power == "japan" and sp.dutch and owner is None and not (
            at_war(state, "japan", "uk") and at_war(state, "japan", "anzac")):
        raise IllegalOrder("G40-POL-13", "Japan may attack Dutch territories only while at war "
                           "with the UK and ANZAC.")
    if not belligerent(data, state, power, theatre):
        if space in state.get("neutrals", {}):
            raise IllegalOrder("G40-POL-28", "{power} is not at war: it may not enter neutral "
                               "territories ({space}).", {"power": power, "space": space})
        if owner not in (None, power):
            raise IllegalOrder("G40-POL-28", "{power} is not at war: it may not enter another "
                               "power's territory ({space}).", {"power": power, "space": space})
    if combat and owner is not None and owner != power and data.side_of(owner) != data.side_of(
            power) and not at_war(state, power, owner):
        raise IllegalOrder("G40-POL-26", "{power} is not at war with {owner} and may not attack "
                           "{space}.", {"power": power, "owner": owner, "space": space})
    if combat:
        for unit in units_in(state, space):
            if data.side_of(unit["owner"]) != data.side_of(power) and not at_war(
                    state, power, unit["owner"]):
                raise IllegalOrder("G40-POL-26", "{space} holds units of {owner}, with whom "
                                   "{power} is not at war.", {"space": space,
                                                              "owner": unit["owner"],
                                                              "power": power})


def may_share(data: G40Data, state: State, a: str, b: str, space: str) -> bool:
    """G40-POL-27: allied units share a territory, carrier or transport only when both powers
    are belligerent (in that theatre, for the USSR); sea zones may always be shared."""
    if a == b or data.spaces[space].is_sea:
        return True
    theatre = theatre_of(data, space)
    return belligerent(data, state, a, theatre) and belligerent(data, state, b, theatre)
