"""Supply lines and attrition (VIC-SUP-*)."""

from __future__ import annotations

from pbem.games.victory.hexgrid import bfs
from pbem.games.victory.state import Block, State, blocks_at, board_of, cls, other


def _blocked(state: State, hex_: str, side: str) -> bool:
    """An enemy-controlled hex cuts a supply line unless only unsupplied enemy blocks hold it (VIC-SUP-08)."""
    if state["control"].get(hex_) != other(side):
        return False
    enemies = blocks_at(state, hex_, other(side))
    return not enemies or any(not b.get("unsupplied") or cls(b) == "naval" or b.get("sea") for b in enemies)


def supply_lines(state: State, side: str) -> tuple[set[str], set[str]]:
    """(hexes on ``side``'s supply lines, hexes supplied through its beachheads only)."""
    board = board_of(state)
    control = state["control"]
    blockaded = set(state.get("blockades", {}))
    bases = [h for h in board.cities if control.get(h) == side]  # VIC-SUP-04
    lines: set[str] = set()
    beach: set[str] = set()
    frontier = list(bases)
    seen_sea: set[str] = set()
    while frontier:
        reach = bfs(frontier, lambda h: [n for n in board.road_adj[h]
                                         if board.side(h, n).supply_passable() and not _blocked(state, n, side)])
        new = set(reach) - lines
        lines |= new
        ports = [h for h in new if h in board.ports and control.get(h) == side and h not in blockaded]
        starts = [n for p in ports for n in board.adj[p]
                  if board.is_sea(n) and board.side(p, n).naval_passable() and not _blocked(state, n, side)]
        starts = [s for s in starts if s not in seen_sea]
        if not starts:
            break
        sea = bfs(starts, lambda h: [n for n in board.adj[h] if board.is_sea(n)
                                     and board.side(h, n).naval_passable() and not _blocked(state, n, side)])
        seen_sea |= set(sea)
        frontier = []
        for h in board.ports:  # VIC-SUP-05: on to another friendly, non-blockaded port
            if h in lines or control.get(h) != side or h in blockaded:
                continue
            if any(n in sea and board.side(h, n).naval_passable() for n in board.adj[h]):
                frontier.append(h)
        for h, bid in state.get("beachheads", {}).items():  # VIC-SUP-06
            if state["blocks"].get(bid, {}).get("side") == side and h not in blockaded \
                    and any(n in sea for n in board.adj[h]):
                beach.add(h)
                beach.update(board.adj[h])
    return lines, beach


def supplied_hexes(state: State, side: str) -> set[str]:
    """Hexes on a supply line or adjacent to one across a hexside supply may cross (VIC-SUP-02)."""
    board = board_of(state)
    lines, beach = supply_lines(state, side)
    out = set(lines) | beach
    for h in lines:
        out.update(n for n in board.adj[h] if board.side(h, n).supply_passable())
    return out


def needs_supply(b: Block) -> bool:
    """Armies on land and air at bases need supply; naval, carried air and convoys do not (VIC-SUP-01)."""
    c = cls(b)
    if c == "naval":
        return False
    if c == "air":
        return not b.get("carrier")
    return not b.get("sea")


def attrition(state: State, side: str) -> list[dict[str, object]]:
    """The supply check of ``side`` (VIC-SUP-10): [{"block", "loss": 0|1, "unsupplied"}] per checked block."""
    ok = supplied_hexes(state, side)
    out: list[dict[str, object]] = []
    for bid in sorted(state["blocks"]):
        b = state["blocks"][bid]
        if b["side"] != side or not needs_supply(b):
            continue
        if b["hex"] in ok:
            out.append({"block": bid, "loss": 0, "unsupplied": False})
        else:
            out.append({"block": bid, "loss": 1, "unsupplied": True})
    return out
