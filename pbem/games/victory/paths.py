"""Step rules for every kind of move, shared by order validation and ``legal_options``.

``enter_error`` says why a block may not step from one hex to the next (a rule id and an English
template), ``must_stop`` whether the block must end its move in the hex it just entered.
``reach`` lists the hexes a block can reach with one path each, for a click interface.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from pbem.engine.i18n import N_
from pbem.games.victory.board import ROAD_WAIVES, STOP_TERRAIN
from pbem.games.victory.state import Block, State, board_of, cls, enemy_in, other
from pbem.games.victory.units import AMPHIBIOUS_RANGE, STRATEGIC_MOVE, UNITS

Refusal = tuple[str, str]  # (rule id, English template with {hex})


def allowance(block: Block, mode: str) -> int:
    if mode in ("strategic", "convoy"):
        return STRATEGIC_MOVE  # VIC-STRAT-01
    if mode == "amphibious":
        return AMPHIBIOUS_RANGE  # VIC-UNIT-MA-02
    return UNITS[block["type"]].move


def enter_error(state: State, block: Block, mode: str, a: str, b: str) -> Refusal | None:
    """Why ``block`` may not step from ``a`` into ``b`` in this ``mode`` (None: it may)."""
    board = board_of(state)
    if b not in board.adj.get(a, []):
        return ("VIC-MOVE-12", N_("A move is a path of adjacent hexes; {hex} is not next to the previous hex."))
    side = board.side(a, b)
    c = cls(block)
    strategic = mode in ("strategic", "convoy")
    if strategic and enemy_in(state, b, block["side"]):
        return ("VIC-STRAT-01", N_("A strategic move may not enter {hex}: enemy blocks are there."))
    if c == "army" and mode in ("normal", "strategic"):
        if not board.is_land(b):
            return ("VIC-MOVE-07", N_("Armies move only through land and coastal hexes; {hex} is water."))
        if side.alpine:
            return ("VIC-TERR-ALPINE-01", N_("Armies cannot cross the alpine hexside into {hex}."))
        if side.major_river and not side.bridge:
            return ("VIC-TERR-RIVER-05", N_("The major river into {hex} can be crossed only at a bridge."))
        if mode == "strategic":
            if not side.road:
                return ("VIC-STRAT-04", N_("A strategic army move follows roads the whole way; no road enters {hex}."))
            if state["control"].get(b) == other(block["side"]):
                return ("VIC-STRAT-04", N_("A strategic army move may not pass through {hex}: the enemy controls it."))
        return None
    # naval blocks, convoys and marines at sea
    if board.hexes[b]["type"] == "shoal" or side.shoal:
        return ("VIC-TERR-SHOAL-01", N_("Ships and convoys cannot enter or cross shoals at {hex}."))
    if not board.naval_hex(b):
        return ("VIC-NAV-01", N_("Ships move only through sea and coastal hexes; {hex} is inland."))
    if side.river:
        return ("VIC-TERR-RIVER-04", N_("Rivers are not navigable: no ship or convoy crosses into {hex} by river."))
    if not side.naval_passable():
        return ("VIC-NAV-01", N_("Ships cannot sail from the previous hex into {hex}: the hexside is land."))
    if board.hexes[b].get("canal") and not strategic:
        return ("VIC-TERR-CANAL-01", N_("Ships pass through the canal at {hex} only with a strategic move."))
    return None


def must_stop(state: State, block: Block, mode: str, a: str, b: str) -> Refusal | None:
    """Why ``block`` must end its move in ``b`` after entering it from ``a`` (None: it may go on)."""
    board = board_of(state)
    if mode != "strategic" and enemy_in(state, b, block["side"]):
        return ("VIC-MOVE-08", N_("A block that enters {hex}, where enemy blocks are, must stop there."))
    if cls(block) != "army" or mode not in ("normal", "strategic"):
        return None
    side = board.side(a, b)
    terrain = board.terrain(b)
    if side.river and not side.bridge:
        return ("VIC-TERR-RIVER-02", N_("An army that crosses a river into {hex} must stop there."))
    if board.hexes[b].get("canal"):
        return ("VIC-TERR-CANAL-02", N_("An army must stop when it enters the canal hex {hex}."))
    if terrain == "mountain":
        return ("VIC-TERR-MOUNTAIN-02", N_("An army must stop when it enters the mountain hex {hex}, road or not."))
    if terrain in STOP_TERRAIN and not (terrain in ROAD_WAIVES and side.road):
        rule = "VIC-TERR-FOREST-02" if terrain == "forest" else "VIC-TERR-SWAMP-02"
        return (rule, "An army must stop when it enters {hex} off the road.")
    return None


def reach(state: State, block: Block, mode: str, start: str | None = None) -> dict[str, list[str]]:
    """Hexes ``block`` can end a path-based move in, each with one path (shortest, stops respected)."""
    origin = start or block["hex"]
    limit = allowance(block, mode)
    paths: dict[str, list[str]] = {origin: [origin]}
    stopped: set[str] = set()
    queue: deque[str] = deque([origin])
    board = board_of(state)
    while queue:
        h = queue.popleft()
        path = paths[h]
        if len(path) - 1 >= limit or (h in stopped and h != origin):
            continue
        for n in board.adj[h]:
            if n in paths or enter_error(state, block, mode, h, n):
                continue
            paths[n] = [*path, n]
            if must_stop(state, block, mode, h, n):
                stopped.add(n)
            queue.append(n)
    del paths[origin]
    return paths


def path_error(state: State, block: Block, mode: str, path: list[Any]) -> tuple[str, str, str] | None:
    """The first problem of a path-based move: (rule id, template, hex) or None."""
    if len(path) - 1 > allowance(block, mode):
        rule = {"strategic": "VIC-STRAT-01", "convoy": "VIC-STRAT-06", "amphibious": "VIC-UNIT-MA-02"}.get(
            mode, "VIC-MOVE-01")
        return (rule, "The path to {hex} is longer than this block's move.", str(path[-1]))
    for i in range(1, len(path)):
        err = enter_error(state, block, mode, path[i - 1], path[i])
        if err:
            return (*err, path[i])
        if i < len(path) - 1:
            stop = must_stop(state, block, mode, path[i - 1], path[i])
            if stop:
                return (*stop, path[i])
    return None
