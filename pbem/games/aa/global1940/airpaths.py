"""Distances flown over the joined board, avoiding neutral territories (G40-NEUT-05, AMB-47)
and impassable ones (G40-MAP-08); canals and straits do not matter in the air (G40-MAP-16).
Used for rockets (G40-TECH-09) and paratroopers (G40-TECH-10, AMB-43)."""

from __future__ import annotations

from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.state import State


def blocked(data: G40Data, state: State, space: str) -> bool:
    """A space no aircraft (nor rocket) may pass: still neutral, or impassable."""
    return space in state.get("neutrals", {}) or data.space(space).impassable


def reach(data: G40Data, state: State, start: str, steps: int) -> dict[str, int]:
    """Every space at most ``steps`` moves from ``start`` with its distance; a neutral or
    impassable space is never entered, so never crossed."""
    found = {start: 0}
    frontier = [start]
    for step in range(1, steps + 1):
        nxt = []
        for space in frontier:
            for other in data.adjacency[space]:
                if other not in found and not blocked(data, state, other):
                    found[other] = step
                    nxt.append(other)
        frontier = nxt
    return found
