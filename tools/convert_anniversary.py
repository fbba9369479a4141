"""Convert the TripleA "World War II v3" 1941 and 1942 data into ``rules/anniversary/``.

Usage (from the repository root)::

    .venv/bin/python tools/convert_anniversary.py [TRIPLEA_DIR] [--rulebook FILE] [--out DIR]

``TRIPLEA_DIR`` defaults to ``../shared/reference/triplea/anniversary``. It shares the map,
unit and board code of ``tools/convert_triplea.py`` (the A&A 1941 converter) and adds what
the Anniversary Edition needs: two scenarios on one board, China, victory cities, research
charts, national objectives, and starting units aboard transports and carriers. What the
rulebook fixes is hand-kept in ``tools/anniversary_rulebook.json``; every XML value that the
rulebook also gives is checked against it (a difference stops the conversion, except the
ones the rulebook corrects: spec D-07 Saudi Arabia, D-14 original owners, D-05 China's
capital). The output is deterministic: sorted keys, stable order, one trailing newline.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run as a script
    sys.path.insert(0, str(REPO))

from tools.convert_triplea import (  # noqa: E402
    _check,
    _dump,
    _options,
    cli,
    convert_board,
    convert_map,
    convert_units,
    read_xml,
    space_id,
)

DEFAULT_TRIPLEA = REPO.parent / "shared" / "reference" / "triplea" / "anniversary"
DEFAULT_RULEBOOK = REPO / "tools" / "anniversary_rulebook.json"
DEFAULT_OUT = REPO / "rules" / "anniversary"
LARGE_CARGO = ("artillery", "tank", "aa_gun")  # a transport's first place (AAE-UNIT-TT-02)


def _drop_neutral_owners(root: ET.Element, rulebook: dict[str, Any]) -> None:
    """AAE-MAP-04, spec D-07: a neutral has no controller, whatever the XML lists."""
    owners = root.find("initialize/ownerInitialize")
    _check(owners is not None, "no ownerInitialize")
    assert owners is not None
    for o in list(owners):
        if o.get("territory") in rulebook["neutrals_listed_with_owner"]:
            owners.remove(o)


def _territory_owners(root: ET.Element, by_xml: dict[str, str]) -> dict[str, str]:
    return {space_id(o.get("territory", "")): by_xml[o.get("owner", "")]
            for o in root.iter("territoryOwner")}


def build_map(roots: dict[str, ET.Element], rulebook: dict[str, Any], by_xml: dict[str, str]
              ) -> dict[str, Any]:
    """The board of both scenarios: the 1941 file, checked against the 1942 file."""
    for root in roots.values():
        _drop_neutral_owners(root, rulebook)
    map_ = convert_map(roots["1941"], rulebook, by_xml)
    other = convert_map(roots["1942"], rulebook, by_xml)
    _check(other["connections"] == map_["connections"], "1942 connections differ")
    _check(other["canals"] == map_["canals"], "1942 canals differ")
    spaces = map_["spaces"]
    for name, sp in spaces.items():
        _check(other["spaces"][name]["value"] == sp["value"], f"1942 value of {name}")
        _check(other["spaces"][name]["factory"] == sp["factory"], f"1942 complex in {name}")
    # Original owners (AAE-SETUP-07, spec D-14): the 1941 controller, China for Manchuria and
    # Kiangsu; the XML "originalOwner" options of both files must agree.
    for name, owner in rulebook["original_owners"].items():
        spaces[name]["original_owner"] = owner
    for root in roots.values():
        for att in root.iter("attachment"):
            original = _options(att).get("originalOwner")
            if att.get("name") == "territoryAttachment" and original:
                name = space_id(att.get("attachTo", ""))
                _check(spaces[name]["original_owner"] == by_xml[original],
                       f"original owner of {name}")
    # Capitals: the rulebook's six; China has none (spec D-05: the XML uses neutral Mongolia).
    capitals = {p["capital"]: p["id"] for p in rulebook["powers"] if p["capital"]}
    for name, sp in spaces.items():
        if sp["capital_of"] == "china":
            _check(sp["neutral"], "China's XML capital is a neutral")
            sp["capital_of"] = None
        _check(sp["capital_of"] == capitals.get(name), f"capital {name}")
        sp["victory_city"] = rulebook["victory_cities"].get(name)
        _check(not (sp["victory_city"] and sp["kind"] != "land"), f"city at sea {name}")
    land = [s for s in spaces.values() if s["kind"] == "land"]
    _check((len(spaces), len(land), len(map_["connections"])) == (162, 97, 407), "map size")
    _check(sum(s["neutral"] for s in land) == 15, "15 neutrals")
    _check(sum(1 for s in land if s["victory_city"]) == 18, "18 victory cities")
    return map_


def build_units(root: ET.Element, rulebook: dict[str, Any]) -> dict[str, Any]:
    units = convert_units(root, rulebook)
    _check(not units["xml_differences"] or all(
        d.startswith(("aa_gun", "industrial_complex")) for d in units["xml_differences"]),
        f"unit table differs: {units['xml_differences']}")
    shipyards: dict[str, int] = {}
    for rule in root.iter("productionRule"):
        result, cost = rule.find("result"), rule.find("cost")
        if rule.get("name", "").endswith("Shipyards") and result is not None and cost is not None:
            shipyards[result.get("resourceOrUnit", "")] = int(cost.get("quantity", "0"))
    for uid, book in rulebook["units"].items():
        unit = units["units"][uid]
        unit["abilities"] = sorted(book["abilities"])
        extras = {k: v for k, v in book.items() if k not in unit and k not in (
            "can_blitz", "destroyer", "submarine", "transport", "warship", "surface_warship")}
        unit.update(extras)
        if "shipyard_cost" in book:
            _check(shipyards.get(uid) == book["shipyard_cost"], f"{uid} shipyard cost")
    _check(len(units["units"]) == 13, "13 unit types")
    return units


def build_powers(roots: dict[str, ET.Element], rulebook: dict[str, Any],
                 spaces: dict[str, Any], by_xml: dict[str, str]) -> dict[str, Any]:
    scenarios: dict[str, Any] = {}
    for key, sc in rulebook["scenarios"].items():
        root = roots[key]
        xml_order = [by_xml[p.get("name", "")] for p in root.iter("player")]
        _check([p for p in xml_order if p != "china"] == sc["turn_order"], f"{key} turn order")
        given = {by_xml[g.get("player", "")]: int(g.get("quantity", "0"))
                 for g in root.iter("resourceGiven") if g.get("resource") == "PUs"}
        _check(given == sc["starting_ipcs"], f"{key} starting IPCs differ: {given}")
        owners = _territory_owners(root, by_xml)
        for power, ipcs in sc["starting_ipcs"].items():
            production = sum(spaces[t]["value"] for t, p in owners.items() if p == power)
            _check(power == "china" or production == ipcs, f"{key} {power} production")
        cities = {"axis": 0, "allies": 0}
        side = {p["id"]: p["side"] for p in rulebook["powers"]}
        for t, p in owners.items():
            if spaces[t]["victory_city"]:
                cities[side[p]] += 1
        _check(cities == sc["victory_cities"], f"{key} victory cities {cities}")
        scenarios[key] = {"turn_order": sc["turn_order"], "starting_ipcs": sc["starting_ipcs"],
                          "victory_cities": sc["victory_cities"]}
    techs = {o.get("name", "") for att in roots["1941"].iter("attachment")
             if att.get("name") == "techAttachment" for o in att.findall("option")}
    _check(techs == set(rulebook["research"]["xml_names"].values()), "advances differ")
    powers = [{k: p[k] for k in ("id", "name", "side", "capital", "city")}
              | {"treasury": p.get("treasury", True),
                 "played_inside_turn_of": p.get("played_inside_turn_of")}
              for p in rulebook["powers"]]
    return {"powers": powers, "sides": rulebook["sides"], "scenarios": scenarios,
            "victory": rulebook["victory"], "china": rulebook["china"],
            "research": {k: v for k, v in rulebook["research"].items() if k != "xml_names"},
            "rule_prefix": rulebook["rule_prefix"]}


def build_objectives(root: ET.Element, rulebook: dict[str, Any], by_xml: dict[str, str]
                     ) -> list[dict[str, Any]]:
    """The 17 national objectives (AAE-NO), checked against the XML objective attachments."""
    xml: dict[tuple[str, str], dict[str, Any]] = {}
    for att in root.iter("attachment"):
        if att.get("name", "").startswith("objectiveAttachment"):
            opts = {o.get("name", ""): o for o in att.findall("option")}
            owned = opts["alliedOwnershipTerritories"]
            xml[(by_xml[att.get("attachTo", "")], att.get("name", ""))] = {
                "bonus": int(opts["objectiveValue"].get("value", "0")),
                "territories": sorted(owned.get("value", "").split(":")),
                "needed": int(owned.get("count", "0")),
                "seas": sorted(space_id(s) for s in opts["enemySurfaceExclusionTerritories"].get(
                    "value", "").split(":")) if "enemySurfaceExclusionTerritories" in opts else []}
    _check(len(xml) == len(rulebook["objectives"]) == 17, "17 objectives")
    out = []
    for obj in rulebook["objectives"]:
        x = xml[(obj["power"], obj["xml"])]
        _check(x["bonus"] == obj["bonus"] and x["needed"] == obj["needed"]
               and x["territories"] == sorted(obj["territories"])
               and x["seas"] == sorted(obj.get("no_enemy_surface_warships_in", [])),
               f"{obj['id']} differs from the XML")
        out.append({k: v for k, v in obj.items() if k != "xml"})
    return out


def _sea_cell(power: str, cell: dict[str, int], entries: list[dict[str, Any]],
              unit_order: list[str]) -> None:
    """One power's units in a sea zone: carriers and transports one entry each, with the
    fighters and land units aboard them (AAE-SETUP-06, spec C.7)."""
    cargo = {u: cell.get(u, 0) for u in ("infantry", *LARGE_CARGO)}
    fighters = cell.get("fighter", 0)
    for _ in range(cell.get("carrier", 0)):
        entries.append({"type": "carrier", "owner": power, "count": 1})
        if fighters:
            take = min(2, fighters)
            fighters -= take
            entries.append({"type": "fighter", "owner": power, "count": take,
                            "aboard_entry": len(entries) - 1})
    for _ in range(cell.get("transport", 0)):
        at = len(entries)
        entries.append({"type": "transport", "owner": power, "count": 1})
        large = next((u for u in LARGE_CARGO if cargo[u]), None)
        load = [large, "infantry"] if large else ["infantry", "infantry"]
        for utype in load:
            if utype and cargo[utype]:
                cargo[utype] -= 1
                entries.append({"type": utype, "owner": power, "count": 1, "aboard_entry": at})
    _check(fighters == 0 and not any(cargo.values()), f"{power}: cargo without room at sea")
    for utype in unit_order:
        if cell.get(utype) and utype not in ("carrier", "fighter", "transport", "infantry",
                                             *LARGE_CARGO):
            entries.append({"type": utype, "owner": power, "count": cell[utype]})


def build_setup(root: ET.Element, key: str, rulebook: dict[str, Any], spaces: dict[str, Any],
                unit_order: list[str], by_xml: dict[str, str]) -> dict[str, Any]:
    rename = rulebook["unit_xml_names"]
    placed: dict[str, dict[str, dict[str, int]]] = {}
    for p in root.iter("unitPlacement"):
        utype = rename.get(p.get("unitType", ""), p.get("unitType", ""))
        cell = placed.setdefault(by_xml[p.get("owner", "")], {}).setdefault(
            space_id(p.get("territory", "")), {})
        cell[utype] = cell.get(utype, 0) + int(p.get("quantity", "1"))
    owners = _territory_owners(root, by_xml)
    complexes: dict[str, int] = {}
    board: dict[str, list[dict[str, Any]]] = {}
    order = [p["id"] for p in rulebook["powers"]]
    for power in order:
        for space in sorted(placed.get(power, {})):
            cell = placed[power][space]
            _check(space in spaces and set(cell) <= set(unit_order), f"setup {space}")
            entries = board.setdefault(space, [])
            if spaces[space]["kind"] == "sea":
                _sea_cell(power, cell, entries, unit_order)
                continue
            for utype in unit_order:
                if utype == "industrial_complex" and cell.get(utype):
                    _check(spaces[space]["factory"] and owners[space] == power, "complex")
                    complexes[space] = 0  # damage markers (AAE-SBR)
                elif cell.get(utype):
                    entries.append({"type": utype, "owner": power, "count": cell[utype]})
    sc = rulebook["scenarios"][key]
    return {
        "round": 1, "power": sc["turn_order"][0], "phase": "research",
        "owners": {n: owners.get(n) for n, s in sorted(spaces.items())
                   if s["kind"] == "land"},
        "ipcs": dict(sc["starting_ipcs"]),
        "complexes": complexes,
        "units": board,
    }


def convert(triplea: Path, rulebook_path: Path) -> dict[str, str]:
    """Return {file name: text} for every file of ``rules/anniversary/``."""
    rulebook = json.loads(rulebook_path.read_text(encoding="utf-8"))
    by_xml = {p["xml"]: p["id"] for p in rulebook["powers"]}
    roots = {k: read_xml(triplea / sc["xml"]) for k, sc in rulebook["scenarios"].items()}
    map_ = build_map(roots, rulebook, by_xml)
    units = build_units(roots["1941"], rulebook)
    powers = build_powers(roots, rulebook, map_["spaces"], by_xml)
    objectives = build_objectives(roots["1941"], rulebook, by_xml)
    _check(objectives == build_objectives(roots["1942"], rulebook, by_xml), "1942 objectives")
    setups = {k: build_setup(roots[k], k, rulebook, map_["spaces"], units["order"], by_xml)
              for k in rulebook["scenarios"]}
    board = convert_board(triplea, map_["spaces"])
    meta = {"key": rulebook["scenario"], "title": rulebook["title"],
            "scenarios": sorted(rulebook["scenarios"])}
    return {
        "board.json": json.dumps(board, sort_keys=True, separators=(",", ":")) + "\n",
        "scenario.json": _dump(meta),
        "map.json": _dump(map_),
        "units.json": _dump(units),
        "powers.json": _dump(powers),
        "objectives.json": _dump({"objectives": objectives}),
        "setups.json": _dump(setups),
    }


def main(argv: list[str] | None = None) -> int:
    return cli(argv, (__doc__ or "").splitlines()[0], convert, DEFAULT_TRIPLEA, DEFAULT_RULEBOOK,
               DEFAULT_OUT)


if __name__ == "__main__":
    sys.exit(main())
