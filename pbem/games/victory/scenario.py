"""Scenario files: loading, and the validator the web calls on upload (``validate_scenario``).

The format is documented in ``docs/victory_scenario.md`` and its JSON Schema is
``rules/victory/scenario.schema.json``. The schema checks the shape; the checks here are the rules
(VIC-SETUP-*, VIC-TERR-*), each problem naming the rule it breaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import jsonschema

from pbem.engine import InvalidOrder
from pbem.engine.i18n import N_
from pbem.games import rulesdata
from pbem.games.victory.board import Board, build_board
from pbem.games.victory.hexgrid import neighbour_coords, parse, side_key
from pbem.games.victory.units import CARRIER_LOAD, UNITS

#: The rules editions this engine implements; recorded in every game's position.
RULES_VERSIONS = {"1999-it": "Italian rules by Enrico Buffo, page of 14 October 1999 (first edition)"}
SCENARIOS = ("river_line", "crossroads")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a scenario: the rule it breaks and an English sentence (``key`` + ``params``)."""

    rule_id: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return self.key.format(**self.params) if self.params else self.key

    def __str__(self) -> str:
        return f"{self.message} ({self.rule_id})"

    def to_dict(self) -> dict[str, Any]:
        return {"rule_id": self.rule_id, "message": self.message, "key": self.key, "params": self.params}


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    data: dict[str, Any] = rulesdata.load_json("victory", "scenario.schema.json")
    return data


def load_builtin(name: str) -> dict[str, Any]:
    if name not in SCENARIOS:
        raise InvalidOrder("VIC-SETUP-01", "There is no built-in scenario {name}.", {"name": name})
    data: dict[str, Any] = rulesdata.load_json("victory", f"scenarios/{name}.json")
    return data


def validate_scenario(data: Any) -> list[Problem]:
    """Every problem of a scenario (empty: it can be played). Safe on any JSON value."""
    validator = jsonschema.Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        return [Problem("VIC-SETUP-01", N_("The scenario file is malformed at {path}: {error}"),
                        {"path": "/".join(str(p) for p in e.absolute_path) or "(top)", "error": e.message[:200]})
                for e in errors[:20]]
    problems: list[Problem] = []
    _check_map(data["map"], problems)
    if problems:
        return problems
    board = build_board(data["map"])
    _check_sheets(data["map"], board, problems)
    _check_blocks(data, board, problems)
    _check_victory(data, board, problems)
    return problems


def check_scenario(data: Any) -> None:
    """Raise ``InvalidOrder`` naming the rule of the first problem (used when a game starts)."""
    problems = validate_scenario(data)
    if problems:
        p = problems[0]
        raise InvalidOrder(p.rule_id, p.key, p.params)


def _in_grid(h: str, m: dict[str, Any]) -> bool:
    c, r = parse(h)
    return bool(1 <= c <= m["columns"] and 1 <= r <= m["rows"])


def _adjacent(a: str, b: str) -> bool:
    return parse(b) in neighbour_coords(*parse(a))


def _check_map(m: dict[str, Any], problems: list[Problem]) -> None:
    labels: list[str] = [*m.get("sea", []), *m.get("lakes", []), *m.get("shoal", []), *m.get("canals", [])]
    for hexes in m.get("terrain", {}).values():
        labels.extend(hexes)
    labels += [c["hex"] for c in m["cities"]] + [t["hex"] for t in m.get("towns", [])]
    labels += [h for road in m.get("roads", []) for h in road]
    labels += [h for rec in m.get("hexsides", []) for h in rec["hexes"]]
    labels += [h for s in m["sheets"] for h in (s["from"], s["to"])]
    for h in dict.fromkeys(labels):
        if not _in_grid(h, m):
            problems.append(Problem("VIC-TERR-GEN-01", N_("Hex {hex} is outside the {columns}x{rows} grid."),
                                    {"hex": h, "columns": m["columns"], "rows": m["rows"]}))
    if problems:
        return
    for road in m.get("roads", []):
        for a, b in zip(road, road[1:], strict=False):
            if not _adjacent(a, b):
                problems.append(Problem("VIC-TERR-ROAD-01", N_("The road from {a} to {b} does not join two adjacent "
                                           "land hexes."), {"a": a, "b": b}))
    for rec in m.get("hexsides", []):
        if not _adjacent(*rec["hexes"]):
            problems.append(Problem("VIC-TERR-GEN-02", N_("Hexes {a} and {b} are not adjacent."),
                                    {"a": rec["hexes"][0], "b": rec["hexes"][1]}))
    water = set(m.get("sea", [])) | set(m.get("lakes", [])) | set(m.get("shoal", []))
    for terrain, hexes in m.get("terrain", {}).items():
        for h in hexes:
            if h in water:
                problems.append(Problem("VIC-TERR-GEN-04", N_("Hex {hex} is water and cannot also be {terrain}."),
                                        {"hex": h, "terrain": terrain}))


def _sheet_cells(sheet: dict[str, Any]) -> set[str]:
    (c0, r0), (c1, r1) = parse(sheet["from"]), parse(sheet["to"])
    return {f"{c:02d}{r:02d}" for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)}


def _check_sheets(m: dict[str, Any], board: Board, problems: list[Problem]) -> None:
    seen: dict[str, str] = {}
    for sheet in m["sheets"]:
        c0, _ = parse(sheet["from"])
        if (c0 - 1) % 2:
            problems.append(Problem("VIC-SETUP-01", N_("Sheet {sheet} starts at column {col}: a sheet's column offset "
                                       "must be even so the hex pattern continues across the seam."),
                                    {"sheet": sheet["id"], "col": c0}))
        for h in _sheet_cells(sheet):
            if h in seen:
                problems.append(Problem("VIC-SETUP-01", N_("Hex {hex} lies on two sheets, {a} and {b}."),
                                        {"hex": h, "a": seen[h], "b": sheet["id"]}))
                break
            seen[h] = sheet["id"]
    for sheet in m["sheets"]:
        cities = [c for c in m["cities"] if board.sheet_of.get(c["hex"]) == sheet["id"]]
        if len(cities) != 6:
            problems.append(Problem("VIC-SETUP-02", N_("Sheet {sheet} has {n} cities; each sheet needs 6."),
                                    {"sheet": sheet["id"], "n": len(cities)}))
        bad = [c for c in cities if c["pp"] not in (1, 2, 3)]
        for c in bad:
            problems.append(Problem("VIC-SETUP-02", N_("City {city} is worth {pp} PP; a city is worth 1, 2 or 3."),
                                    {"city": c["name"], "pp": c["pp"]}))
        total = sum(c["pp"] for c in cities)
        if not bad and len(cities) == 6 and total != 10:
            problems.append(Problem("VIC-SETUP-02", N_("The cities of sheet {sheet} total {total} PP; each sheet "
                                       "totals 10."), {"sheet": sheet["id"], "total": total}))
    for c in [*m["cities"], *m.get("towns", [])]:
        if c["hex"] not in board.sheet_of:
            problems.append(Problem("VIC-SETUP-01", N_("{name} ({hex}) is on no sheet."), {"name": c["name"],
                                                                                        "hex": c["hex"]}))
        if not board.is_land(c["hex"]):
            problems.append(Problem("VIC-TERR-CITY-01", N_("{name} ({hex}) is in a water hex; cities and towns are "
                                       "on land."), {"name": c["name"], "hex": c["hex"]}))
    for road in m.get("roads", []):
        for a, b in zip(road, road[1:], strict=False):
            if b not in board.adj[a] or not (board.is_land(a) and board.is_land(b)):
                problems.append(Problem("VIC-TERR-ROAD-01", N_("The road from {a} to {b} does not join two adjacent "
                                           "land hexes."), {"a": a, "b": b}))
    for rec in m.get("hexsides", []):
        a, b = rec["hexes"]
        if b not in board.adj[a]:
            problems.append(Problem("VIC-TERR-GEN-02", N_("Hexes {a} and {b} are not adjacent."), {"a": a, "b": b}))
            continue
        overlay = any(rec.get(k) for k in ("river", "major_river", "alpine", "bridge"))
        if overlay and not (board.is_land(a) and board.is_land(b)):
            problems.append(Problem("VIC-TERR-RIVER-01", N_("The hexside {side} carries a river, alpine ridge or "
                                       "bridge but is not between two land hexes."), {"side": side_key(a, b)}))


def _check_blocks(data: dict[str, Any], board: Board, problems: list[Problem]) -> None:
    cap = data.get("setup", {}).get("cap", 2)
    for side in ("blue", "red"):
        blocks = data["blocks"][side]
        per_hex: dict[str, int] = {}
        load: dict[int, list[int]] = {}
        for i, b in enumerate(blocks):
            h, code = b["hex"], b["type"]
            cls = UNITS[code].cls
            per_hex[h] = per_hex.get(h, 0) + 1
            if h not in board.hexes or not board.is_base(h) or board.owner_of(h) != side:
                problems.append(Problem("VIC-SETUP-05", N_("{side} block {n} ({type}) starts at {hex}, which is not a "
                                           "city or town on a {side} sheet."), {"side": side, "n": i + 1, "type": code,
                                                                            "hex": h}))
                continue
            if cls == "naval" and h not in board.ports:
                problems.append(Problem("VIC-SETUP-08", N_("{side} {type} starts at {hex}, which is not a port."),
                                        {"side": side, "type": code, "hex": h}))
            if "aboard" in b:
                j = b["aboard"]
                carrier = blocks[j] if j < len(blocks) else None
                if cls != "air" or code == "HB" or carrier is None or carrier["type"] != "CV" \
                        or carrier["hex"] != h:
                    problems.append(Problem("VIC-UNIT-CV-02", N_("{side} block {n} ({type}) cannot start aboard block "
                                               "{m}: only fighters and dive bombers ride a carrier in the same hex."),
                                            {"side": side, "n": i + 1, "type": code, "m": j + 1}))
                else:
                    load.setdefault(j, []).append(b["steps"])
        for j, steps in load.items():
            if len(steps) > CARRIER_LOAD or sum(steps) > blocks[j]["steps"]:
                problems.append(Problem("VIC-UNIT-CV-02", N_("{side} carrier {n} carries more air than its strength "
                                           "allows."), {"side": side, "n": j + 1}))
        for h, n in per_hex.items():
            if n > cap:
                problems.append(Problem("VIC-SETUP-06", N_("{side} starts {n} blocks at {hex}; at most {cap} "
                                                           "blocks may start in a city or town."),
                                        {"side": side, "n": n, "hex": h, "cap": cap}))
            armies = sum(1 for b in blocks if b["hex"] == h and UNITS[b["type"]].cls == "army")
            if h in board.hexes and armies > board.army_stack(h):
                problems.append(Problem("VIC-SETUP-06", N_("{side} starts {n} armies at {hex}; its terrain stacks "
                                           "{limit}."), {"side": side, "n": armies, "hex": h,
                                                     "limit": board.army_stack(h)}))


def _check_victory(data: dict[str, Any], board: Board, problems: list[Problem]) -> None:
    def walk(cond: dict[str, Any]) -> None:
        for sub in cond.get("any", []) + cond.get("all", []):
            walk(sub)
        for h in cond.get("cities", []):
            if h not in board.cities:
                problems.append(Problem("VIC-VIC-02", N_("The victory conditions name {hex}, which is not a city."),
                                        {"hex": h}))
    if "sudden_death" in data.get("victory", {}):
        walk(data["victory"]["sudden_death"])
