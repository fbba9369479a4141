"""Loading and unloading transports (AA41-UNIT-TRN-03..12, AA41-NCM-07, AA41-MNF-06).

Loading is a land unit's ``move`` whose route ends in the transport's sea zone, with
``"transport": id``: it costs the land unit one movement point and ends its movement
(AA41-UNIT-TRN-05). Unloading in noncombat move is a ``move`` of cargo from the sea zone to one
adjacent friendly territory. In combat move land units are unloaded only through a declared
amphibious assault (AA41-AMP-02, AA41-AMP-13), which the combat engineer's battle carries out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.routes import (
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    friendly,
    territory_hostile,
    utype,
    zone_hostile,
)

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]


def cargo_of(state: State, zone: str, transport_id: int) -> list[Unit]:
    return [u for u in state["units"][zone] if u.get("aboard") == transport_id]


def in_assault(state: State, ship: Unit) -> bool:
    """Did the transport take part in a declared amphibious assault this turn?"""
    return any(ship["id"] in d["transports"] for d in state["declared"].get("amphibious", []))


def fits(rs: AARuleset, transport: Unit, cargo: list[Unit]) -> bool:
    """AA41-UNIT-TRN-03, AA41-UNIT-INF-02: one land unit of any type plus one infantry."""
    units = rs.data.units
    return sum(units[u["type"]].transport_cost for u in cargo) <= units[
        transport["type"]].transport_capacity


def _check_transport_may_act(rs: AARuleset, state: State, transport: Unit, phase: str) -> None:
    if transport.get("t_retreated"):
        raise IllegalOrder("AA41-UNIT-TRN-09", "{unit} {unit_id} retreated from a battle: it cannot load or unload"
                                               " this turn.", {"unit": transport["type"], "unit_id": transport["id"]})
    if phase == NONCOMBAT_MOVE and (transport.get("t_combat") or in_assault(state, transport)
                                    or transport.get("t_loaded") == COMBAT_MOVE):
        raise IllegalOrder("AA41-NCM-07", "{unit} {unit_id} moved, loaded or fought in combat move: it cannot load"
                                          " or unload in noncombat move.",
                                          {"unit": transport["type"], "unit_id": transport["id"]})


def check_load(rs: AARuleset, state: State, units: list[Unit], zone: str, transport_id: Any,
               phase: str, power: str, index: dict[int, tuple[str, Unit]]) -> Unit:
    """Land ``units`` board transport ``transport_id`` in ``zone``; returns the transport."""
    if transport_id is None:
        ships = [u for u in state["units"][zone] if utype(rs, u).has("carries_land_units")
                 and friendly(rs, u["owner"], power)]
        if not ships:
            raise IllegalOrder("AA41-UNIT-TRN-04", "Land units enter a sea zone only by boarding a friendly transport;"
                                                   " there is none in {space}.", {"space": zone})
        raise IllegalOrder("AA41-UNIT-TRN-04", 'Land units moving into {space} must name the transport they board'
                                               ' ("transport": id).', {"space": zone})
    if isinstance(transport_id, bool) or not isinstance(transport_id, int):
        raise InvalidOrder("AA41-ORDER-2", "'transport' is the id of a transport (an integer).")
    found = index.get(transport_id)
    if found is None or not utype(rs, found[1]).has("carries_land_units") or found[0] != zone:
        raise IllegalOrder("AA41-UNIT-TRN-04", "There is no transport {unit_id} in {space}.",
                                               {"unit_id": transport_id, "space": zone})
    transport = found[1]
    if not friendly(rs, transport["owner"], power):
        raise IllegalOrder("AA41-GEN-07", "{unit} {unit_id} is an enemy transport.",
                                          {"unit": transport["type"], "unit_id": transport["id"]})
    if phase == COMBAT_MOVE and transport["owner"] != power:
        raise IllegalOrder("AA41-MNF-06", "{unit} {unit_id} belongs to {power}: land units aboard a friendly power's"
                                          " transport unload on their owner's next turn at the earliest, so they"
                                          " board it in noncombat move.",
                                          {"unit": transport["type"], "unit_id": transport["id"],
                                           "power": transport["owner"]})
    if zone_hostile(rs, state, zone, power):
        rule = "AA41-CM-16" if phase == COMBAT_MOVE else "AA41-UNIT-TRN-11"
        raise IllegalOrder(rule, "No loading in hostile {space}: enemy warships are there (AA41-UNIT-TRN-11).",
                                 {"space": zone})
    if transport.get("t_unloaded"):
        raise IllegalOrder("AA41-UNIT-TRN-07", "{unit} {unit_id} has unloaded: it cannot load again this turn.",
                                               {"unit": transport["type"], "unit_id": transport["id"]})
    _check_transport_may_act(rs, state, transport, phase)
    for unit in units:
        if unit.get("aboard") is not None:
            raise IllegalOrder("AA41-UNIT-TRN-10", "Unit {unit_id} is aboard a transport: land units may not change"
                                                   " transports.", {"unit_id": unit['id']})
    if not fits(rs, transport, cargo_of(state, zone, transport["id"]) + units):
        raise IllegalOrder("AA41-UNIT-TRN-03", "{unit} {unit_id} carries at most one land unit of any type plus one"
                                               " infantry.", {"unit": transport["type"], "unit_id": transport["id"]})
    return transport


def check_unload(rs: AARuleset, state: State, units: list[Unit], route: list[str], phase: str,
                 power: str, index: dict[int, tuple[str, Unit]]) -> list[Unit]:
    """Cargo ``units`` leave their transports into ``route[1]``; returns the transports."""
    zone = route[0]
    if len(route) > 2 or rs.map.is_sea(route[1]):
        if rs.map.is_sea(route[1]):
            raise IllegalOrder("AA41-UNIT-TRN-10", "Land units may not be transferred from one"
                                                   " transport to another.")
        raise IllegalOrder("AA41-UNIT-TRN-05", "Being unloaded ends a land unit's movement:"
                                               " the route is the sea zone and one territory.")
    territory = route[1]
    if phase == COMBAT_MOVE:
        raise IllegalOrder("AA41-AMP-13", "In combat move land units unload only in a declared"
                                          " amphibious assault (order declare_amphibious).")
    if rs.map.is_neutral(territory):
        raise IllegalOrder("AA41-NCM-04", "{space} is neutral: no unit may enter it.", {"space": territory})
    if territory_hostile(rs, state, territory, power):
        raise IllegalOrder("AA41-AMP-13", "A transport can unload into a hostile territory only"
                                          " in an amphibious assault.")
    if zone_hostile(rs, state, zone, power):
        raise IllegalOrder("AA41-UNIT-TRN-11", "No unloading in hostile {space}.", {"space": zone})
    transports: list[Unit] = []
    for unit in units:
        found = index.get(int(unit["aboard"]))
        if found is None or found[0] != zone:
            raise IllegalOrder("AA41-UNIT-TRN-05", "Unit {unit_id} is not aboard a transport in {space}.",
                                                   {"unit_id": unit['id'], "space": zone})
        transport = found[1]
        if transport["owner"] != power and unit.get("t_loaded"):
            raise IllegalOrder("AA41-MNF-06", "{unit} {unit_id} boarded {power}'s transport this turn: it unloads on"
                                              " your next turn at the earliest.",
                                              {"unit": unit["type"], "unit_id": unit["id"],
                                               "power": transport["owner"]})
        if transport not in transports:
            transports.append(transport)
    for transport in transports:
        _check_transport_may_act(rs, state, transport, phase)
        done = transport.get("t_unloaded")
        if done and done != territory:
            raise IllegalOrder("AA41-UNIT-TRN-08", "Transport {unit_id} has already unloaded into {done}: a"
                                                   " transport unloads into one territory per turn.",
                                                   {"unit_id": transport['id'], "done": done})
    return transports
