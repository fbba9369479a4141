"""Convert the TripleA "World War II v6 1941" data into the project's own A&A 1941 files.

Usage (from the repository root)::

    .venv/bin/python tools/convert_triplea.py [TRIPLEA_DIR] [--rulebook FILE] [--out DIR]

``TRIPLEA_DIR`` defaults to ``../shared/reference/triplea/aa1941`` (relative to the
repository). The TripleA files themselves are never committed; only the converted
``rules/aa1941/*.json`` are. What the rulebook fixes (unit table, starting IPCs, the
rulebook setup, victory conditions, the closed Black Sea) comes from the hand-kept
``tools/aa1941_rulebook.json``; the map (spaces, adjacency, values, original owners,
capitals, complexes, neutrals, canals) and the errata setup come from the XML, as
section D.8 of ``specs/aa1941.md`` says. The output is deterministic: sorted keys, stable
order, one trailing newline, so re-running the converter reproduces the committed files.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT_TRIPLEA = REPO.parent / "shared" / "reference" / "triplea" / "aa1941"
DEFAULT_RULEBOOK = REPO / "tools" / "aa1941_rulebook.json"
DEFAULT_OUT = REPO / "rules" / "aa1941"
XML_NAME = "WW2v6_1941.xml"

_SEA = re.compile(r"^(\d+) Sea Zone$")


def space_id(xml_name: str) -> str:
    """XML "5 Sea Zone" -> "SZ 5"; land territories keep their XML name."""
    m = _SEA.match(xml_name)
    return f"SZ {m.group(1)}" if m else xml_name


def _options(att: ET.Element) -> dict[str, str]:
    return {o.get("name", ""): o.get("value", "") for o in att.findall("option")}


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


class ConversionError(Exception):
    pass


def _check(cond: bool, message: str) -> None:
    if not cond:
        raise ConversionError(message)


def read_xml(path: Path) -> ET.Element:
    return ET.parse(path).getroot()


def convert_map(root: ET.Element, rulebook: dict[str, Any], powers_by_xml: dict[str, str]
                ) -> dict[str, Any]:
    spaces: dict[str, dict[str, Any]] = {}
    for t in root.iter("territory"):
        name = space_id(t.get("name", ""))
        sea = t.get("water") == "true"
        spaces[name] = {"kind": "sea" if sea else "land", "value": 0, "original_owner": None,
                        "capital_of": None, "factory": False, "neutral": False}
        if sea:
            spaces[name]["number"] = int(name.split()[1])
    pairs: set[tuple[str, str]] = set()
    for c in root.iter("connection"):
        a, b = space_id(c.get("t1", "")), space_id(c.get("t2", ""))
        _check(a in spaces and b in spaces and a != b, f"bad connection {a!r}-{b!r}")
        pairs.add((min(a, b), max(a, b)))
    canals: dict[str, dict[str, Any]] = {}
    for att in root.iter("attachment"):
        name, target = att.get("name", ""), space_id(att.get("attachTo", ""))
        opts = _options(att)
        if name == "territoryAttachment" and spaces.get(target, {}).get("kind") == "land":
            sp = spaces[target]
            sp["value"] = int(opts.get("production", "0"))
            if opts.get("isImpassable") == "true":
                sp["neutral"] = True
            if "capital" in opts:
                sp["capital_of"] = powers_by_xml[opts["capital"]]
        elif name.startswith("canalAttachment"):
            canal = canals.setdefault(opts["canalName"], {
                "name": opts["canalName"], "sea_zones": [],
                "territories": sorted(opts["landTerritories"].split(":"))})
            canal["sea_zones"].append(target)
    for o in root.iter("territoryOwner"):
        owner = powers_by_xml[o.get("owner", "")]
        spaces[space_id(o.get("territory", ""))]["original_owner"] = owner
    for p in root.iter("unitPlacement"):
        if p.get("unitType") == "factory":
            sp = spaces[space_id(p.get("territory", ""))]
            _check(sp["original_owner"] == powers_by_xml[p.get("owner", "")], "factory owner")
            sp["factory"] = True
    closed = sorted(rulebook["closed_sea_zones"])
    kept = []
    for canal in canals.values():
        canal["sea_zones"] = sorted(canal["sea_zones"], key=lambda s: spaces[s]["number"])
        if canal["name"] in rulebook["canals_replaced_by_closed_sea_zones"]:
            # AA41-MAP-07: the "Turkish Straits" canal needs neutral Turkey: never open.
            _check(all(spaces[t]["neutral"] for t in canal["territories"]), "straits need neutral")
            _check(any(z in closed for z in canal["sea_zones"]), "straits lead to a closed zone")
            continue
        _check(tuple(canal["sea_zones"]) in {(a, b) for a, b in pairs}
               or tuple(reversed(canal["sea_zones"])) in pairs, "canal zones adjacent")
        kept.append(canal)
    neighbours: dict[str, set[str]] = {s: set() for s in spaces}
    for a, b in pairs:
        neighbours[a].add(b)
        neighbours[b].add(a)
    for name, sp in spaces.items():
        if sp["kind"] == "land":
            sp["coastal"] = any(spaces[n]["kind"] == "sea" for n in neighbours[name])
            sp["island"] = not sp["neutral"] and not any(
                spaces[n]["kind"] == "land" for n in neighbours[name])
        _check(not (sp["neutral"] and sp["original_owner"]), f"owned neutral {name}")
    return {"spaces": spaces, "connections": [list(p) for p in sorted(pairs)],
            "canals": sorted(kept, key=lambda c: c["name"]), "closed_sea_zones": closed}


def convert_units(root: ET.Element, rulebook: dict[str, Any]) -> dict[str, Any]:
    rename = rulebook["unit_xml_names"]
    xml_stats: dict[str, dict[str, str]] = {}
    for att in root.iter("attachment"):
        if att.get("name") == "unitAttachment":
            xml_stats[rename.get(att.get("attachTo", ""), att.get("attachTo", ""))] = _options(att)
    costs: dict[str, int] = {}
    for rule in root.iter("productionRule"):
        result, cost = rule.find("result"), rule.find("cost")
        if result is None or cost is None or rule.get("name", "").endswith("Technology"):
            continue
        unit = rename.get(result.get("resourceOrUnit", ""), result.get("resourceOrUnit", ""))
        # "buyArmour" for "armour", "buyAAGun" for "aaGun": the XML capitalises freely.
        if rule.get("name", "").lower() == "buy" + result.get("resourceOrUnit", "").lower():
            costs[unit] = int(cost.get("quantity", "0"))
    units: dict[str, dict[str, Any]] = {}
    differences: list[str] = []
    for uid, book in rulebook["units"].items():
        xml = xml_stats[uid]
        for field, key in (("move", "movement"), ("attack", "attack"), ("defense", "defense")):
            if int(xml.get(key, "0")) != book[field]:
                differences.append(f"{uid} {field}: rulebook {book[field]}, XML {xml.get(key)}")
        if costs.get(uid) != book["cost"]:
            differences.append(f"{uid} cost: rulebook {book['cost']}, XML {costs.get(uid)}")
        units[uid] = {
            "name": book["name"], "cost": book["cost"], "move": book["move"],
            "attack": book["attack"], "defense": book["defense"], "domain": book["domain"],
            "hits": int(xml.get("hitPoints", "1")),
            "can_blitz": xml.get("canBlitz") == "true",
            "carrier_capacity": int(xml.get("carrierCapacity", "0")),
            "carrier_cost": int(xml.get("carrierCost", "0")),
            # Transport arithmetic (AA41-UNIT-TRN-03): capacity 5, infantry 2, tank 3.
            "transport_capacity": int(xml.get("transportCapacity", "0")) if book.get("transport")
            else 0,
            "transport_cost": int(xml.get("transportCost", "0")) if book["domain"] == "land" else 0,
            "submarine": xml.get("isSub") == "true",
            "destroyer": xml.get("isDestroyer") == "true",
            "transport": bool(book.get("transport")),
            "warship": bool(book.get("warship")),
            "surface_warship": bool(book.get("surface_warship")),
        }
        _check(units[uid]["can_blitz"] == bool(book.get("can_blitz")), f"{uid} blitz")
        _check(units[uid]["submarine"] == bool(book.get("submarine")), f"{uid} submarine")
        _check(units[uid]["destroyer"] == bool(book.get("destroyer")), f"{uid} destroyer")
    return {"units": units, "order": list(rulebook["units"]), "xml_differences": differences}


def convert_powers(root: ET.Element, rulebook: dict[str, Any], spaces: dict[str, Any]
                   ) -> dict[str, Any]:
    by_xml = {p["xml"]: p["id"] for p in rulebook["powers"]}
    xml_order = [by_xml[p.get("name", "")] for p in root.iter("player")]
    order = [p["id"] for p in rulebook["powers"]]
    _check(xml_order == order, f"turn order differs: XML {xml_order}")
    given = {by_xml[g.get("player", "")]: int(g.get("quantity", "0"))
             for g in root.iter("resourceGiven")}
    powers = []
    for pos, p in enumerate(rulebook["powers"], start=1):
        _check(given[p["id"]] == p["starting_ipcs"], f"{p['id']} starting IPCs differ")
        capital = [n for n, s in spaces.items() if s["capital_of"] == p["id"]]
        _check(len(capital) == 1, f"{p['id']} capital")
        production = sum(s["value"] for s in spaces.values() if s["original_owner"] == p["id"])
        _check(production == p["starting_ipcs"], f"{p['id']} production {production}")
        powers.append({"id": p["id"], "name": p["name"], "side": p["side"], "capital": capital[0],
                       "starting_ipcs": p["starting_ipcs"], "turn_position": pos})
    return {"powers": powers, "turn_order": order, "sides": rulebook["sides"],
            "victory": rulebook["victory"]}


def _position(units: dict[str, dict[str, dict[str, int]]], spaces: dict[str, Any],
              powers: dict[str, Any], order: list[str], unit_order: list[str]) -> dict[str, Any]:
    board: dict[str, list[dict[str, Any]]] = {}
    for power in order:
        for space in sorted(units.get(power, {})):
            _check(space in spaces, f"unknown setup space {space!r}")
            cell = units[power][space]
            _check(set(cell) <= set(unit_order), f"unit type in {space}")
            entries = board.setdefault(space, [])
            # Fighters in a sea zone start aboard their power's carrier (section C.3): the
            # carrier entry comes first so that "aboard_entry" can point back at it.
            carrier = None
            if spaces[space]["kind"] == "sea" and cell.get("carrier"):
                carrier = len(entries)
                entries.append({"type": "carrier", "owner": power, "count": cell["carrier"]})
            for utype in unit_order:
                count = cell.get(utype, 0)
                if not count or (utype == "carrier" and carrier is not None):
                    continue
                entry: dict[str, Any] = {"type": utype, "owner": power, "count": count}
                if utype == "fighter" and spaces[space]["kind"] == "sea":
                    _check(carrier is not None and count <= 2 * cell["carrier"],
                           f"fighters in {space} need a carrier")
                    _check(cell["carrier"] == 1, f"one carrier per zone in {space}")
                    entry["aboard_entry"] = carrier
                entries.append(entry)
    return {
        "round": 1, "power": order[0], "phase": "purchase",
        "owners": {n: s["original_owner"] for n, s in spaces.items() if s["kind"] == "land"},
        "ipcs": {p["id"]: p["starting_ipcs"] for p in powers["powers"]},
        "units": board,
    }


def convert_setups(root: ET.Element, rulebook: dict[str, Any], map_: dict[str, Any],
                   powers: dict[str, Any], unit_order: list[str]) -> dict[str, Any]:
    by_xml = {p["xml"]: p["id"] for p in rulebook["powers"]}
    rename = rulebook["unit_xml_names"]
    errata: dict[str, dict[str, dict[str, int]]] = {}
    for p in root.iter("unitPlacement"):
        utype = rename.get(p.get("unitType", ""), p.get("unitType", ""))
        if utype == "factory":
            continue
        cell = errata.setdefault(by_xml[p.get("owner", "")], {}).setdefault(
            space_id(p.get("territory", "")), {})
        cell[utype] = cell.get(utype, 0) + int(p.get("quantity", "1"))
    order = powers["turn_order"]
    return {
        "rulebook": _position(rulebook["setup_rulebook"], map_["spaces"], powers, order,
                              unit_order),
        "errata": _position(errata, map_["spaces"], powers, order, unit_order),
    }


_POINT = re.compile(r"\((-?\d+),(-?\d+)\)")
BOARD_TOLERANCE = 1.0  # pixels: outlines simplified with Ramer-Douglas-Peucker


def _simplify(points: list[tuple[int, int]], tolerance: float) -> list[tuple[int, int]]:
    """Ramer-Douglas-Peucker on an open polyline (iterative, deterministic)."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        norm = (dx * dx + dy * dy) ** 0.5
        best, index = 0.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if norm:
                d = abs(dy * px - dx * py + x2 * y1 - y2 * x1) / norm
            else:
                d = ((px - x1) ** 2 + (py - y1) ** 2) ** 0.5
            if d > best:
                best, index = d, i
        if index >= 0 and best > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def _ring_path(points: list[tuple[int, int]], tolerance: float) -> str:
    # split the closed ring in two halves so that both ends of each half are kept
    half = len(points) // 2
    ring = _simplify(points[: half + 1], tolerance)[:-1] + _simplify(points[half:] + points[:1],
                                                                     tolerance)[:-1]
    if len(ring) < 3:
        ring = points
    head, *rest = ring
    return f"M{head[0]} {head[1]}L" + " ".join(f"{x} {y}" for x, y in rest) + "Z"


def convert_board(triplea: Path, spaces: dict[str, Any], tolerance: float = BOARD_TOLERANCE,
                  not_spaces: tuple[str, ...] = ()) -> dict[str, Any]:
    """Simplified outlines (SVG path data) and label points of every space (spec C.9);
    ``tolerance`` is the Ramer-Douglas-Peucker distance in pixels; ``not_spaces`` are names
    the map files draw but the game has no longer (Global 1940: Yukon Territory)."""
    props = dict(line.split("=", 1) for line in (triplea / "map.properties").read_text(
        encoding="utf-8").splitlines() if "=" in line)
    labels: dict[str, list[int]] = {}
    for line in (triplea / "centers.txt").read_text(encoding="utf-8").splitlines():
        name, _, rest = line.partition("  ")
        m = _POINT.search(rest)
        if name.strip() and m and name.strip() not in not_spaces:
            labels[space_id(name.strip())] = [int(m.group(1)), int(m.group(2))]
    paths: dict[str, str] = {}
    for line in (triplea / "polygons.txt").read_text(encoding="utf-8").splitlines():
        name, _, rest = line.partition("<")
        if not name.strip() or name.strip() in not_spaces:
            continue
        rings = []
        for chunk in ("<" + rest).split("<")[1:]:
            pts = [(int(x), int(y)) for x, y in _POINT.findall(chunk)]
            if len(pts) >= 3:
                rings.append(_ring_path(pts, tolerance))
        paths[space_id(name.strip())] = "".join(rings)
    _check(set(paths) == set(spaces) == set(labels), "board spaces differ from the map")
    return {
        "width": int(props["map.width"]), "height": int(props["map.height"]),
        "wrap_x": props.get("map.scrollWrapX") == "true",
        "spaces": {n: {"path": paths[n], "label": labels[n], "kind": spaces[n]["kind"]}
                   for n in sorted(spaces)},
    }


def convert(triplea: Path, rulebook_path: Path) -> dict[str, str]:
    """Return {file name: text} for every file of ``rules/aa1941/`` the converter writes."""
    root = read_xml(triplea / XML_NAME)
    rulebook = json.loads(rulebook_path.read_text(encoding="utf-8"))
    by_xml = {p["xml"]: p["id"] for p in rulebook["powers"]}
    map_ = convert_map(root, rulebook, by_xml)
    units = convert_units(root, rulebook)
    powers = convert_powers(root, rulebook, map_["spaces"])
    setups = convert_setups(root, rulebook, map_, powers, units["order"])
    meta = {"key": rulebook["scenario"], "title": rulebook["title"]}
    board = convert_board(triplea, map_["spaces"])
    return {
        "board.json": json.dumps(board, sort_keys=True, separators=(",", ":")) + "\n",
        "scenario.json": _dump(meta),
        "map.json": _dump(map_),
        "units.json": _dump(units),
        "powers.json": _dump(powers),
        "setups.json": _dump(setups),
    }


def cli(argv: list[str] | None, description: str, convert_fn: Any, triplea: Path,
        rulebook: Path, out: Path) -> int:
    """The command line of a converter: read ``triplea`` and ``rulebook``, write into ``out``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("triplea", nargs="?", type=Path, default=triplea)
    parser.add_argument("--rulebook", type=Path, default=rulebook)
    parser.add_argument("--out", type=Path, default=out)
    args = parser.parse_args(argv)
    files = convert_fn(args.triplea, args.rulebook)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (args.out / name).write_text(text, encoding="utf-8")
        print(f"wrote {args.out / name}")
    return 0


def main(argv: list[str] | None = None) -> int:
    return cli(argv, (__doc__ or "").splitlines()[0], convert, DEFAULT_TRIPLEA, DEFAULT_RULEBOOK,
               DEFAULT_OUT)


if __name__ == "__main__":
    sys.exit(main())
