"""State invariants the fuzzer checks after every order, and the secrets of each seat for the leak check."""

from __future__ import annotations

import json
from typing import Any

from pbem.games.victory.state import SIDES, State, board_of, carried, cls, over_stack
from pbem.games.victory.units import CARRIER_LOAD, MAX_STEPS


def invariants(ruleset: Any, state: State) -> list[str]:
    """Problems in ``state``: steps, stacking outside movement, hexside limits, carriers, supply flags."""
    problems: list[str] = []
    board = board_of(state)
    for bid, b in state["blocks"].items():
        if not 1 <= b["steps"] <= MAX_STEPS:  # VIC-UNIT-GEN-01
            problems.append(f"{bid} has {b['steps']} steps")
        if b["hex"] not in board.hexes:
            problems.append(f"{bid} is off the map at {b['hex']}")
        if cls(b) == "army" and not b.get("sea") and not b.get("airborne") and not board.is_land(b["hex"]):
            problems.append(f"army {bid} on water at {b['hex']}")
        if cls(b) == "naval" and not board.naval_hex(b["hex"]):
            problems.append(f"ship {bid} inland at {b['hex']}")
        if cls(b) == "naval" and b.get("unsupplied"):
            problems.append(f"ship {bid} flagged unsupplied (VIC-NAV-06)")
        if b.get("carrier"):
            c = state["blocks"].get(b["carrier"])
            if c is None or c["hex"] != b["hex"] or b["type"] == "HB":
                problems.append(f"{bid} aboard a missing or distant carrier")
    for b in state["blocks"].values():
        if b["type"] == "CV":
            load = carried(state, b["id"])
            if len(load) > CARRIER_LOAD:
                problems.append(f"carrier {b['id']} carries {len(load)} air blocks")
    in_movement = state["phase"] == "move"
    if not in_movement and state.get("battle") is None:
        for side in SIDES:
            for h in sorted({b["hex"] for b in state["blocks"].values() if b["side"] == side}):
                klass = over_stack(state, h, side)
                if klass:
                    problems.append(f"{side} over {klass} stacking at {h}")
    for key, n in state.get("hexside_use", {}).items():
        dest, prev, klass = key.split("|")
        from pbem.games.victory.movement import entry_limit

        if n > entry_limit(state, prev, dest, klass):
            problems.append(f"hexside {prev}->{dest} crossed by {n} {klass} blocks")
    if state["phase"] not in ("move", "cover", "combat", "end_turn") and state.get("battle"):
        problems.append("a battle outside the combat phase")
    return problems


def secrets(ruleset: Any, state: State, seat: str) -> list[str]:
    """Strings that identify ``seat``'s hidden information: its block ids (never sent to the opponent, whose
    copies use battle aliases) and its sealed production or deployment orders."""
    out = [bid for bid, b in state["blocks"].items() if b["side"] == seat]
    sealed = state["sealed"].get(seat)
    if isinstance(sealed, list):
        out += [json.dumps(item, sort_keys=True) for item in sealed]
    return out
