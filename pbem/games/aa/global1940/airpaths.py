"""Distances flown over the joined board, avoiding neutral territories (G40-NEUT-05, AMB-47)
and impassable ones (G40-MAP-08); canals and straits do not matter in the air (G40-MAP-16).
Used for rockets (G40-TECH-09) and paratroopers (G40-TECH-10, AMB-43)."""

from __future__ import annotations

from collections.abc import Sequence

from pbem.engine import IllegalOrder
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


def check_overflight(data: G40Data, state: State, path: Sequence[str], attacking: bool
                     ) -> None:
    """G40-NEUT-05, G40-CM-26, G40-MAP-08: an aircraft (or paratrooper, AMB-43) flies over
    hostile spaces freely but never over a neutral territory, friendly neutrals included, nor
    an impassable one; it may end in a neutral only to attack it (``attacking``)."""
    for i, space in enumerate(path[1:], start=1):
        if data.space(space).impassable:
            raise IllegalOrder("G40-MAP-08", "No unit may pass {space}.", {"space": space})
        last = i == len(path) - 1
        if space in state.get("neutrals", {}) and not (last and attacking):
            raise IllegalOrder("G40-NEUT-05", "Aircraft never fly over the neutral {space}.",
                               {"space": space})
