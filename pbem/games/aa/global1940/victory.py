"""Victory (G40-VIC-01…06): held for a complete round, i.e. at the end of nine consecutive
turns (AMB-21). ``state["victory_track"] = {"axis": turns, "allies": turns}`` counts the
consecutive turn ends at which each side's condition held; ``after_turn`` updates it and
returns the result once a side reaches nine.
"""

from __future__ import annotations

from typing import Any

from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.state import State


def cities(data: G40Data, state: State, side: str) -> dict[str, int]:
    """G40-VIC-01: victory cities a side holds, per map (India counts as Pacific)."""
    held = {"europe": 0, "pacific": 0}
    for territory in data.victory_cities:
        owner = state["owners"].get(territory)
        if owner is not None and data.side_of(owner) == side:
            held["europe" if data.space(territory).map == "europe" else "pacific"] += 1
    return held


def _holds(data: G40Data, state: State, side: str, territories: list[str]) -> list[bool]:
    return [state["owners"].get(t) is not None and data.side_of(state["owners"][t]) == side
            for t in territories]


def condition(data: G40Data, state: State, side: str) -> bool:
    """G40-VIC-02 (Axis: 8 Europe or 6 Pacific cities and an Axis capital) and G40-VIC-03
    (Allies: Berlin, Rome and Tokyo, and one of Washington, London, Paris, Moscow)."""
    rules = data.rules["victory"][side]
    if side == "axis":
        held = cities(data, state, side)
        return (held["europe"] >= rules["europe_cities"] or held["pacific"] >= rules[
            "pacific_cities"]) and any(_holds(data, state, side, rules["capitals"]))
    return all(_holds(data, state, side, rules["capitals"])) and any(
        _holds(data, state, side, rules["one_of"]))


def after_turn(data: G40Data, state: State) -> dict[str, Any] | None:
    """G40-VIC-04: called at the end of every turn; the winner after nine in a row."""
    track = state.setdefault("victory_track", {"axis": 0, "allies": 0})
    for side in ("axis", "allies"):
        track[side] = track[side] + 1 if condition(data, state, side) else 0
        if track[side] >= data.rules["victory"]["turns_held"]:
            return {"winner": side, "round": state["round"]}
    return None
