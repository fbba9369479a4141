"""The hex grid (VIC-TERR-GEN-01): four-digit CCRR labels, flat-topped columns, even columns shifted down."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable


def label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def parse(hex_: str) -> tuple[int, int]:
    return int(hex_[:2]), int(hex_[2:])


def neighbour_coords(col: int, row: int) -> list[tuple[int, int]]:
    """The six neighbours of (col, row), as the spec's grid convention lists them (section 5)."""
    if col % 2:  # odd column
        return [(col, row - 1), (col, row + 1), (col - 1, row - 1), (col - 1, row),
                (col + 1, row - 1), (col + 1, row)]
    return [(col, row - 1), (col, row + 1), (col - 1, row), (col - 1, row + 1),
            (col + 1, row), (col + 1, row + 1)]


def side_key(a: str, b: str) -> str:
    """The key of the hexside between two adjacent hexes: the two labels, sorted, joined by '-'."""
    return f"{a}-{b}" if a < b else f"{b}-{a}"


def _cube(col: int, row: int) -> tuple[int, int, int]:
    # even columns are shifted down ("even-q" offset layout)
    x = col
    z = row - (col + (col & 1)) // 2
    return x, -x - z, z


def distance(a: str, b: str) -> int:
    """Hexes on the shortest path from ``a`` to ``b`` over an empty grid."""
    ax, ay, az = _cube(*parse(a))
    bx, by, bz = _cube(*parse(b))
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def bfs(start: Iterable[str], step: Callable[[str], Iterable[str]], limit: int | None = None) -> dict[str, int]:
    """Distances from ``start`` over the graph ``step`` (hex -> next hexes), up to ``limit``."""
    dist: dict[str, int] = {}
    queue: deque[str] = deque()
    for s in start:
        if s not in dist:
            dist[s] = 0
            queue.append(s)
    while queue:
        h = queue.popleft()
        if limit is not None and dist[h] >= limit:
            continue
        for n in step(h):
            if n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist
