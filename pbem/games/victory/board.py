"""The map derived from a scenario's ``map`` section: terrain, hexsides, cities, roads, ports.

Spec section 5. Coastal hexes and ports are derived, not authored (VIC-TERR-COAST-01,
VIC-TERR-PORT-01). A hexside's crossing kind defaults to: water between two water hexes or a water
and a land hex; coastal between two land hexes that share a sea neighbour; land otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pbem.games.victory.hexgrid import label, neighbour_coords, parse, side_key

#: army stacking and hexside limit per land terrain (VIC-TERR-CLEAR-01 ... VIC-TERR-MOUNTAIN-01)
TERRAIN: dict[str, tuple[int, int]] = {
    "clear": (4, 2), "desert": (3, 2), "forest": (4, 1), "swamp": (2, 1), "mountain": (2, 1),
}
RESTRICTIVE = ["clear", "desert", "forest", "swamp", "mountain"]
STOP_TERRAIN = {"forest", "swamp", "mountain"}  # VIC-MOVE-09
ROAD_WAIVES = {"forest", "swamp"}  # VIC-TERR-ROAD-03 (not mountain: VIC-TERR-MOUNTAIN-02)
DOUBLE_DEFENSE = {"mountain", "swamp"}  # VIC-CMB-19


@dataclass
class Side:
    """One hexside: crossing kind, land terrain and overlays."""

    kind: str = "land"  # land | water | coastal
    terrain: str = "clear"
    river: bool = False
    major_river: bool = False
    alpine: bool = False
    road: bool = False
    bridge: bool = False
    shoal: bool = False

    def army_limit(self) -> int:
        """The hexside limit for armies (VIC-TERR-GEN-02, VIC-TERR-RIVER-01, VIC-TERR-ROAD-04)."""
        if self.river or self.bridge:
            return 1
        if self.road:
            return 2
        return TERRAIN[self.terrain][1]

    def army_passable(self) -> bool:
        """Armies never cross alpine or major-river hexsides except at bridges (VIC-MOVE-10)."""
        if self.kind == "water" or self.alpine:
            return False
        return not (self.major_river and not self.bridge)

    def naval_passable(self) -> bool:
        return self.kind in ("water", "coastal") and not self.shoal and not self.river

    def supply_passable(self) -> bool:
        """Supply never crosses alpine or major-river hexsides, bridges excepted (VIC-SUP-07)."""
        return not self.alpine and not (self.major_river and not self.bridge)


@dataclass
class Board:
    hexes: dict[str, dict[str, Any]]  # label -> {"type": land|sea|shoal, "terrain", "canal", "lake"}
    sides: dict[str, Side]
    adj: dict[str, list[str]]
    cities: dict[str, dict[str, Any]]  # label -> {"name", "pp", "sheet"}
    towns: dict[str, dict[str, Any]]
    sheet_of: dict[str, str]
    sheet_owner: dict[str, str | None]
    coastal: set[str] = field(default_factory=set)
    ports: set[str] = field(default_factory=set)
    road_adj: dict[str, list[str]] = field(default_factory=dict)

    def side(self, a: str, b: str) -> Side:
        return self.sides[side_key(a, b)]

    def is_sea(self, h: str) -> bool:
        return bool(self.hexes[h]["type"] == "sea")

    def is_land(self, h: str) -> bool:
        return bool(self.hexes[h]["type"] == "land")

    def terrain(self, h: str) -> str:
        return str(self.hexes[h].get("terrain", "clear"))

    def is_base(self, h: str) -> bool:
        """Cities and towns are airbases (VIC-TERR-CITY-03, VIC-TERR-TOWN-01)."""
        return h in self.cities or h in self.towns

    def army_stack(self, h: str) -> int:
        return TERRAIN[self.terrain(h)][0] if self.is_land(h) else 0

    def naval_stack(self, h: str) -> int:
        """4 in a sea hex, 2 in a coastal hex, none inland (VIC-NAV-04)."""
        if self.is_sea(h):
            return 4
        return 2 if h in self.coastal else 0

    def naval_hex(self, h: str) -> bool:
        return self.is_sea(h) or h in self.coastal

    def owner_of(self, h: str) -> str | None:
        return self.sheet_owner.get(self.sheet_of.get(h, ""))


def build_board(data: dict[str, Any]) -> Board:
    """Build the board from a validated ``map`` section (see docs/victory_scenario.md)."""
    cols, rows = data["columns"], data["rows"]
    hexes: dict[str, dict[str, Any]] = {}
    for c in range(1, cols + 1):
        for r in range(1, rows + 1):
            hexes[label(c, r)] = {"type": "land", "terrain": "clear"}
    for kind in ("sea", "shoal"):
        for h in data.get(kind, []):
            hexes[h] = {"type": kind}
    for h in data.get("lakes", []):
        hexes[h] = {"type": "sea", "lake": True}  # VIC-TERR-SEA-02
    for terrain, labels in data.get("terrain", {}).items():
        for h in labels:
            hexes[h]["terrain"] = terrain
    for h in data.get("canals", []):
        hexes[h]["canal"] = True
    adj: dict[str, list[str]] = {}
    for h in hexes:
        c, r = parse(h)
        adj[h] = [label(nc, nr) for nc, nr in neighbour_coords(c, r) if label(nc, nr) in hexes]
    sheet_of: dict[str, str] = {}
    owner: dict[str, str | None] = {}
    for sheet in data["sheets"]:
        owner[sheet["id"]] = sheet.get("owner")
        (c0, r0), (c1, r1) = parse(sheet["from"]), parse(sheet["to"])
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                sheet_of[label(c, r)] = sheet["id"]
    board = Board(hexes=hexes, sides={}, adj=adj,
                  cities={c["hex"]: {"name": c["name"], "pp": c["pp"]} for c in data.get("cities", [])},
                  towns={t["hex"]: {"name": t["name"]} for t in data.get("towns", [])},
                  sheet_of=sheet_of, sheet_owner=owner)
    _build_sides(board, data)
    return board


def _default_side(board: Board, a: str, b: str) -> Side:
    ha, hb = board.hexes[a], board.hexes[b]
    if ha["type"] != "land" or hb["type"] != "land":
        return Side(kind="water", shoal="shoal" in (ha["type"], hb["type"]))
    ta, tb = board.terrain(a), board.terrain(b)
    terrain = max(ta, tb, key=RESTRICTIVE.index)
    common = set(board.adj[a]) & set(board.adj[b])
    kind = "coastal" if any(board.hexes[n]["type"] == "sea" for n in common) else "land"
    return Side(kind=kind, terrain=terrain)


def _build_sides(board: Board, data: dict[str, Any]) -> None:
    for a, ns in board.adj.items():
        for b in ns:
            key = side_key(a, b)
            if key not in board.sides:
                board.sides[key] = _default_side(board, a, b)
    for rec in data.get("hexsides", []):
        a, b = rec["hexes"]
        side = board.sides[side_key(a, b)]
        for attr in ("kind", "terrain"):
            if attr in rec:
                setattr(side, attr, rec[attr])
        for flag in ("river", "major_river", "alpine", "bridge", "shoal"):
            if rec.get(flag):
                setattr(side, flag, True)
        if side.major_river:
            side.river = True
    board.road_adj = {h: [] for h in board.hexes}
    for chain in data.get("roads", []):
        for a, b in zip(chain, chain[1:], strict=False):
            side = board.sides[side_key(a, b)]
            side.road = True
            if side.river:
                side.bridge = True  # a road across a river is a bridge (VIC-TERR-RIVER-02)
            board.road_adj[a].append(b)
            board.road_adj[b].append(a)
    for h, info in board.hexes.items():
        if info["type"] == "land" and any(board.hexes[n]["type"] == "sea" for n in board.adj[h]):
            board.coastal.add(h)
    board.ports = {h for h in board.coastal if board.is_base(h)}
