"""Global 1940's refusals before the family's (``Edition.check_order``).

Moves: impassable spaces (G40-MAP-08), the political limits on entering spaces (G40-POL-13,
-14, -26, -28, G40-NEUT-14, ``restrictions.check_entry``), allied sharing (G40-POL-27,
``restrictions.may_share``) and where non-belligerents' ships may end (G40-POL-11, -17, -18,
``restrictions.check_naval_end``); China's units stay in its area and never board a
transport (G40-CHINA-05, -06, -08, ``china.check_path``, ``china.check_transport``); blitzes
pass no installation and pair each mech infantry with an armour (G40-CM-31, -32, ``blitz``);
no aircraft leaves or lands on a damaged carrier (G40-UNIT-CV-02, ``carriers.check_deck``); a
move's ``interception_losses`` names its own transports (G40-CMB-32, ``interception``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.global1940 import (
    blitz,
    carriers,
    china,
    dutch,
    interception,
    neutral_moves,
    restrictions,
)
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, units_in
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def named_units(state: State, ids: Any) -> list[dict[str, Any]]:
    """The units of the board an order names by id (nothing when ``ids`` is not a list)."""
    if not isinstance(ids, list):
        return []
    wanted = {i for i in ids if isinstance(i, int)}
    return [u for units in state["units"].values() for u in units if u["id"] in wanted]


def check_route(data: G40Data, state: State, power: str, route: list[str],
                units: list[dict[str, Any]]) -> None:
    """Every space the move enters, then where its ships end."""
    combat = state["phase"] == "combat_move"
    neutral_moves.check_route(data, state, power, route, units)
    for space in route[1:]:
        if data.space(space).impassable:
            raise IllegalOrder("G40-MAP-08", "{space} is impassable: no unit may enter or pass "
                               "through it.", {"space": space})
        restrictions.check_entry(data, state, power, space, combat)
    end = route[-1]
    if dutch.still_dutch(data, state, end) and data.side_of(power) == "axis" and not (
            combat and at_war(state, power, dutch.GUARDIANS[0])):
        # held for the UK and ANZAC (Edition.holder): attacked in Combat Move once at war
        raise IllegalOrder("G40-POL-21", "A Dutch territory is not entered: the Axis takes it "
                           "only by attack, at war with the United Kingdom ({space}).",
                           {"space": end})
    if not data.spaces[end].is_sea:
        sharers = {u["owner"] for u in units_in(state, end)} | {state["owners"].get(end)}
        for other in sorted(o for o in sharers if o and data.side_of(o) == data.side_of(power)):
            if not restrictions.may_share(data, state, power, other, end):
                raise IllegalOrder("G40-POL-27", "{power} and {other} may share {space} only "
                                   "when both are at war.", {"power": power, "other": other,
                                                             "space": end})
        return
    for unit in units:
        if data.unit(unit["type"]).domain == "sea":
            restrictions.check_naval_end(data, state, power, end, unit["type"])


def check_blitz(data: G40Data, state: State, power: str, route: list[str],
                units: list[dict[str, Any]]) -> None:
    """A land move through a hostile territory in Combat Move is a blitz: that territory
    holds no enemy unit nor installation (G40-CM-31), each mech infantry goes with its own
    armour (G40-CM-32, ``blitz.check_pairs``) unless Improved Mechanized Infantry."""
    passed = route[1]
    if (state["phase"] != "combat_move" or len(route) < 3 or data.spaces[passed].is_sea
            or not at_war(state, power, state["owners"].get(passed))):
        return
    land = [u for u in units if data.unit(u["type"]).has("blitz")
            or data.unit(u["type"]).has("blitz_with_tank")]
    if not land or len(land) < len([u for u in units if data.unit(u["type"]).domain == "land"]):
        return  # a unit that cannot blitz: the family refuses the move (G40-CM-05)
    blitz.check_first_step(data, state, power, passed)
    blitz.check_pairs(data, advances(state, power),
                      [{"id": u["id"], "type": u["type"], "path": route} for u in land])


def check_decks(state: State, units: list[dict[str, Any]], landing: Any) -> None:
    """G40-UNIT-CV-02: no aircraft takes off from, nor lands on, a damaged carrier."""
    ships = {u["id"]: u for us in state["units"].values() for u in us}
    plans = landing.values() if isinstance(landing, dict) else ()
    chosen = [p.get("carrier") for p in plans if isinstance(p, dict)]
    for carrier_id in [u.get("aboard") for u in units] + chosen:
        if isinstance(carrier_id, int) and carrier_id in ships:
            carriers.check_deck(ships[carrier_id])


def check_order(rs: AARuleset, state: State, seat: str, order: dict[str, Any]) -> None:
    data = rs.data
    assert isinstance(data, G40Data)
    if order.get("type") == "place" and china.mobilizing(state) and isinstance(
            order.get("at"), str):
        china.check_placement(data, state, {order["at"]: 1})  # G40-CHINA-04
    route = order.get("route")
    if order.get("type") != "move" or not isinstance(route, list) or len(route) < 2:
        return
    units = named_units(state, order.get("units"))
    if order.get("interception_losses") is not None:  # G40-CMB-32: the mover's losses, if any
        interception.check_preference(data, units, order["interception_losses"])
    if state["phase"] == "combat_move" and any(
            data.units[u["type"]].has("noncombat_move_only") for u in units):
        raise IllegalOrder("G40-NCM-06", "An AA gun moves only in Noncombat Move.")
    if not all(isinstance(s, str) and s in data.spaces for s in route):
        return  # the family names the unknown space
    for unit in units:  # G40-CHINA-05, -06, -08
        if order.get("transport") is not None or any(data.spaces[s].is_sea for s in route):
            if data.unit(unit["type"]).domain == "land":
                china.check_transport(unit)
        china.check_path(data, unit, route)
    check_decks(state, [u for u in units if data.unit(u["type"]).domain == "air"],
                order.get("landing"))
    check_blitz(data, state, seat, route, units)
    check_route(data, state, seat, route, units)
