"""The defender's new choices: scrambles and kamikaze attacks (G40-CM-21…24, G40-KAMI-01…06).

Standing orders of the defender name them; the family asks ``scramble_sources`` after the
attacker's Combat Move and ``kamikaze_zones`` at the start of an Allied Conduct Combat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940 import bases
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, units_in
from pbem.games.aa.state import State, Unit

KAMIKAZE_HIT = 2  # G40-KAMI-05


def scramble_sources(data: G40Data, state: State, attacker: str, zone: str
                     ) -> dict[str, list[int]]:
    """G40-CM-21: {air-base territory next to ``zone``: fighters and tactical bombers there
    of powers at war with the attacker (AMB-38)}; the base must be operational for them."""
    out: dict[str, list[int]] = {}
    for territory in data.adjacency[zone]:
        if not data.spaces[territory].is_land:
            continue
        owner = state["owners"].get(territory)
        if owner is None or not at_war(state, attacker, owner) or not bases.operational(
                data, state, territory, "air_base", owner):
            continue
        planes = [u["id"] for u in units_in(state, territory)
                  if data.unit(u["type"]).has("scramble") and at_war(state, attacker,
                                                                     u["owner"])]
        if planes:
            out[territory] = planes
    return out


def check_scramble(data: G40Data, state: State, attacker: str,
                   orders: Mapping[str, Mapping[str, Sequence[int]]],
                   combat_zones: Sequence[str]) -> None:
    """G40-CM-21/22: ``orders`` = {base territory: {zone: [aircraft ids]}}; at most 3 per base
    territory per enemy turn, only into adjacent zones where combat will take place, never
    bombers."""
    limit = data.unit("air_base").scramble_limit
    for territory, by_zone in sorted(orders.items()):
        sent = [i for ids in by_zone.values() for i in ids]
        if len(sent) > limit:
            raise IllegalOrder("G40-CM-22", "At most {limit} aircraft scramble from {space}.",
                               {"limit": limit, "space": territory})
        for zone in by_zone:
            if zone not in combat_zones:
                raise IllegalOrder("G40-CM-21", "No combat in {zone}: nothing to scramble to.",
                                   {"zone": zone})
            eligible = scramble_sources(data, state, attacker, zone).get(territory, [])
            if not set(by_zone[zone]) <= set(eligible):
                raise IllegalOrder("G40-CM-21", "Only fighters and tactical bombers at an "
                                   "operational air base in {space} scramble into {zone}.",
                                   {"space": territory, "zone": zone})


def kamikaze_zones(data: G40Data, state: State, attacker: str,
                   attacked: Sequence[str], assault_zones: Sequence[str]) -> list[str]:
    """G40-KAMI-01/03 (AMB-17, rulebook): zones where Japan may strike this Allied turn: the
    zone of an attacked kamikaze island, or a kamikaze zone an amphibious assault starts from."""
    if not at_war(state, "japan", attacker) or state.get("kamikaze_tokens", 0) <= 0:
        return []
    islands: dict[str, str] = data.rules["kamikaze_zones"]
    return sorted(z for z, island in islands.items() if island in attacked or z in assault_zones)


def check_kamikaze(data: G40Data, state: State, attacker: str, zones: Sequence[str],
                   targets: Sequence[tuple[str, int]]) -> None:
    """G40-KAMI-01/02/04: tokens left, allowed zone, target a surface warship of the attacking
    power in that zone; several attacks may share a target."""
    if len(targets) > state.get("kamikaze_tokens", 0):
        raise IllegalOrder("G40-KAMI-01", "Japan has {tokens} kamikaze attacks left.",
                           {"tokens": state.get("kamikaze_tokens", 0)})
    for zone, uid in targets:
        if zone not in zones:
            raise IllegalOrder("G40-KAMI-02", "No kamikaze attack in {zone} this turn.",
                               {"zone": zone})
        ship = next((u for u in units_in(state, zone) if u["id"] == uid), None)
        if ship is None or ship["owner"] != attacker or not data.unit(
                ship["type"]).surface_warship:
            raise IllegalOrder("G40-KAMI-04", "Kamikaze attacks target surface warships of the "
                               "attacking power in the zone.")


def resolve_kamikaze(data: G40Data, state: State, targets: Sequence[tuple[str, int]],
                     faces: Sequence[int]) -> dict[str, Any]:
    """G40-KAMI-05/06: each attack hits on 2 or less; an undamaged capital ship is damaged,
    anything else sinks; every zone struck loses its shore bombardment this turn."""
    hits: dict[int, int] = {}
    for (_, uid), face in zip(targets, faces, strict=True):
        if face <= KAMIKAZE_HIT:
            hits[uid] = hits.get(uid, 0) + 1
    sunk: list[int] = []
    damaged: list[int] = []
    for zone, uid in targets:
        ship: Unit = next(u for u in state["units"][zone] if u["id"] == uid)
        if uid in hits and uid not in sunk and uid not in damaged:
            total = ship["hits"] + hits[uid]
            (sunk if total >= data.unit(ship["type"]).hits else damaged).append(uid)
    return {"used": len(targets), "sunk": sunk, "damaged": damaged,
            "no_bombardment": sorted({z for z, _ in targets})}


def apply_kamikaze(state: State, payload: dict[str, Any]) -> None:
    state["kamikaze_tokens"] -= payload["used"]
    for zone, units in state["units"].items():
        for unit in units:
            if unit["id"] in payload["damaged"]:
                unit["hits"] = 1
        state["units"][zone] = [u for u in units if u["id"] not in payload["sunk"]
                                and u.get("aboard") not in payload["sunk"]]
    state.setdefault("no_bombardment", []).extend(payload["no_bombardment"])
