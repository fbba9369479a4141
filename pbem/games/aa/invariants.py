"""Invariants of an A&A state: pure checks returning the violations found (empty: all hold).

:func:`violations` holds at every moment of a game: no negative IPCs, units only where their
kind may stand (land units at sea only aboard a transport, sea units only at sea, nothing in a
neutral territory), cargo within capacity, unique unit ids, control markers that name real
powers. :func:`turn_violations` holds between two turns (after ``aa.turn_started``): every air
unit has landed (a friendly territory or a friendly carrier), no land territory holds units of
both sides, land units stand only in territories their side controls, no battle, pool or
declaration is left over, battleships are repaired. The fuzzer (``tests/games/aa/test_fuzz*``)
runs them after every order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]


def violations(rs: AARuleset, state: State) -> list[str]:
    """What is wrong with ``state`` at any moment of a game."""
    out: list[str] = []
    powers = set(rs.sides)
    for power, ipcs in state["ipcs"].items():
        if not isinstance(ipcs, int) or ipcs < 0:
            out.append(f"{power} has {ipcs} IPCs")
    out.extend(_control_problems(rs, state, powers))
    seen: set[int] = set()
    top = 0
    # casualties of a round stay on the board, hit, until removed at step 5 (AA41-CMB-06/17)
    aside = {i for b in state["battles"].values() for i in b.get("set_aside", [])}
    spaces, types = rs.data.spaces, rs.data.units
    for space, units in state["units"].items():
        if not units:
            continue
        info = spaces.get(space)
        if info is None:
            out.append(f"unknown space {space!r} holds units")
            continue
        by_id: dict[int, Unit] | None = None
        for unit in units:
            uid = unit["id"]
            if uid in seen:
                out.append(f"unit id {uid} appears twice")
            seen.add(uid)
            if uid > top:
                top = uid
            ut = types.get(unit["type"])
            aboard = unit.get("aboard")
            neutral = rs.map.is_neutral(space)
            if ut is None or neutral or unit["owner"] not in powers or unit["hits"] \
                    or aboard is not None or (ut.domain == "sea") != (info.kind == "sea"):
                by_id = by_id or {u["id"]: u for u in units}
                out.extend(_placement_problems(rs, space, info.kind, neutral, unit, by_id, powers,
                                               uid in aside))
        if by_id is not None:
            out.extend(_capacity_problems(rs, space, units, by_id))
    if top >= state["next_id"]:
        out.append(f"next_id {state['next_id']} is not above the largest unit id {top}")
    return out


def turn_violations(rs: AARuleset, state: State) -> list[str]:
    """What is wrong with ``state`` between two turns (at a turn's first phase, before any order)."""
    out: list[str] = []
    if state["bought"]:
        out.append(f"the mobilization pool is not empty: {state['bought']}")
    if state["battles"]:
        out.append(f"battles left over: {sorted(state['battles'])}")
    if state["declared"]:
        out.append(f"declarations left over: {sorted(state['declared'])}")
    if state["captured_this_turn"]:
        out.append(f"captures of the last turn left over: {state['captured_this_turn']}")
    if state["owners_at_turn_start"] != state["owners"]:
        out.append("owners_at_turn_start differs from the owners at the turn's start")
    friendly = rs.data.friendly
    for space, units in state["units"].items():
        kind = rs.data.spaces[space].kind
        by_id = {u["id"]: u for u in units}
        owner = state["owners"].get(space)
        sides = {rs.sides[u["owner"]] for u in units}
        if kind == "land" and len(sides) > 1:
            out.append(f"{space} holds units of both sides: {sorted(sides)}")
        for unit in units:
            ut = rs.data.units[unit["type"]]
            name = f"{unit['owner']} {unit['type']} {unit['id']} in {space}"
            if any(key.startswith("t_") for key in unit):
                out.append(f"{name} keeps turn flags {sorted(k for k in unit if k.startswith('t_'))}")
            if unit["hits"]:
                out.append(f"{name} was not repaired ({unit['hits']} hits)")
            if kind == "land" and not friendly(owner, unit["owner"]):
                out.append(f"{name} stands in a territory controlled by {owner}")
            if ut.domain == "air" and kind == "sea":
                carrier = by_id.get(unit.get("aboard"))
                if carrier is None or not rs.data.units[carrier["type"]].carrier_capacity \
                        or not friendly(carrier["owner"], unit["owner"]):
                    out.append(f"{name} has not landed (no friendly carrier under it)")
    return out


def _control_problems(rs: AARuleset, state: State, powers: set[str]) -> list[str]:
    out = []
    for name, space in rs.data.spaces.items():
        if space.kind != "land":
            if name in state["owners"]:
                out.append(f"sea zone {name} has a control marker")
            continue
        owner = state["owners"].get(name)
        neutral = rs.map.is_neutral(name)
        if neutral and owner is not None:
            out.append(f"neutral {name} is controlled by {owner}")
        elif not neutral and owner not in powers and not (
                owner is None and space.original_owner is None):  # e.g. held by no power at start
            out.append(f"{name} has no valid control marker ({owner!r})")
    for name in state["captured_this_turn"]:
        if name not in state["owners"]:
            out.append(f"captured_this_turn names {name!r}, not a territory")
    return out


def _placement_problems(rs: AARuleset, space: str, kind: str, neutral: bool, unit: Unit,
                        by_id: dict[int, Unit], powers: set[str], set_aside: bool) -> list[str]:
    ut = rs.data.units.get(unit["type"])
    name = f"unit {unit['id']} in {space}"
    if ut is None or unit["owner"] not in powers:
        return [f"{name} has unknown type or owner ({unit['type']}, {unit['owner']})"]
    name = f"{unit['owner']} {unit['type']} {unit['id']} in {space}"
    out = []
    if not 0 <= unit["hits"] < ut.hits + set_aside:
        out.append(f"{name} has {unit['hits']} hits")
    if neutral:
        out.append(f"{name} stands in a neutral territory")
    if ut.domain == "sea" and kind != "sea":
        out.append(f"{name}: a sea unit on land")
    aboard = unit.get("aboard")
    if aboard is not None:
        ship = by_id.get(aboard)
        if ship is None:
            out.append(f"{name} is aboard {aboard}, which is not in the same space")
        elif ut.domain == "land" and not rs.data.units[ship["type"]].transport_capacity:
            out.append(f"{name} is aboard {ship['type']} {aboard}, not a transport")
        elif ut.domain == "air" and not rs.data.units[ship["type"]].carrier_capacity:
            out.append(f"{name} is aboard {ship['type']} {aboard}, not a carrier")
        elif ut.domain == "sea":
            out.append(f"{name}: a ship aboard another unit")
        elif not rs.data.friendly(ship["owner"], unit["owner"]):
            out.append(f"{name} is aboard an enemy {ship['type']}")
        if kind != "sea":
            out.append(f"{name} is aboard a unit on land")
    elif ut.domain == "land" and kind == "sea":
        out.append(f"{name}: a land unit at sea, not aboard a transport")
    return out


def _capacity_problems(rs: AARuleset, space: str, units: list[Unit], by_id: dict[int, Unit]) -> list[str]:
    load: dict[int, list[Unit]] = {}
    for unit in units:
        if unit.get("aboard") in by_id:
            load.setdefault(unit["aboard"], []).append(unit)
    out = []
    types = rs.data.units
    for ship_id, cargo in load.items():
        ship = types[by_id[ship_id]["type"]]
        land = [u for u in cargo if types[u["type"]].domain == "land"]
        air = [u for u in cargo if types[u["type"]].domain == "air"]
        if land and sum(types[u["type"]].transport_cost for u in land) > ship.transport_capacity:
            out.append(f"transport {ship_id} in {space} carries too much: {[u['type'] for u in land]}")
        if air and sum(types[u["type"]].carrier_cost for u in air) > ship.carrier_capacity:
            out.append(f"carrier {ship_id} in {space} holds {len(air)} fighters")
    return out
