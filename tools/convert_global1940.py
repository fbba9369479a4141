"""Convert the TripleA "World War II Global 1940 2nd Edition" data into ``rules/global1940/``.

Usage (from the repository root)::

    .venv/bin/python tools/convert_global1940.py [TRIPLEA_DIR] [--rulebook FILE] [--out DIR]

``TRIPLEA_DIR`` defaults to ``../shared/reference/triplea/global1940``. It shares the map,
unit and board code of ``tools/convert_triplea.py`` (the A&A 1941 converter) and adds what
Global 1940 needs: the joined board with map membership (Europe, Pacific, border), neutral
territories by kind with their armies, the Dutch territories, canals and straits, convoy and
kamikaze zones, ten treasuries (the UK's two economies), the wars at the start, installations
(minor and major complexes, air and naval bases) and the rulebook's setup tables. What the
rulebook fixes is hand-kept in ``tools/global1940_rulebook.json``; every XML value the
rulebook also gives is checked against it, and the setup rows where the two differ are
listed in ``setups.json`` (spec D.4). The output is deterministic.
"""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # run as a script
    sys.path.insert(0, str(REPO))

from tools import convert_triplea as shared  # noqa: E402

_check, _dump, _options, space_id = shared._check, shared._dump, shared._options, shared.space_id

DEFAULT_TRIPLEA = REPO.parent / "shared" / "reference" / "triplea" / "global1940"
DEFAULT_RULEBOOK = REPO / "tools" / "global1940_rulebook.json"
DEFAULT_OUT = REPO / "rules" / "global1940"
XML_NAME = "ww2global40_2nd_edition.xml"
BOARD_TOLERANCE = 3.0  # px on a 7705 x 3213 board: keeps board.json small (page < 400 KB)
INSTALLATIONS = ("major_complex", "minor_complex", "air_base", "naval_base")
CARRIED_AIR = ("fighter", "tactical_bomber")


def _last_attachments(root: ET.Element) -> dict[str, dict[str, str]]:
    """The effective ``territoryAttachment`` of each space: the XML's later one wins (spec
    D.7: Russia and Kazakhstan carry two, the second is the real one)."""
    out: dict[str, dict[str, str]] = {}
    for att in root.iter("attachment"):
        if att.get("name") == "territoryAttachment":
            out[space_id(att.get("attachTo", ""))] = _options(att)
    return out


def _strip_non_players(root: ET.Element, rulebook: dict[str, Any]) -> dict[str, str]:
    """Remove the owners that take no turn (neutrals, Mongolia, the Dutch) and the impassable
    spaces' owners (G40-MAP-08: China's dummy capital on the Himalayas) from the XML before the
    shared map code reads it; return {territory: kind} of the removed owners."""
    kinds = rulebook["non_playing_owners"]
    owners = root.find("initialize/ownerInitialize")
    _check(owners is not None, "no ownerInitialize")
    assert owners is not None
    removed: dict[str, str] = {}
    for o in list(owners):
        territory, owner = o.get("territory", ""), o.get("owner", "")
        if owner in kinds:
            removed[territory] = kinds[owner]
            owners.remove(o)
        elif territory in rulebook["impassable"]:
            owners.remove(o)
    for att in root.iter("attachment"):
        if att.get("name") == "territoryAttachment" and att.get("attachTo") in rulebook[
                "impassable"]:
            for opt in [o for o in att.findall("option") if o.get("name") == "capital"]:
                att.remove(opt)
    return removed


def _map_lists(xml_text: str) -> dict[str, set[str]]:
    """G40-MAP-17: the XML's comment lists "Full europe list", "Border territories", "Full
    pacific list" (``Yukon Territory`` is listed there but is no space, AMB-02)."""
    out = {}
    for key, label in (("europe", "Full europe list"), ("border", "Border territories"),
                       ("pacific", "Full pacific list")):
        m = re.search(re.escape(label) + r":\s*(.*?)\s*-->", xml_text, re.S)
        _check(m is not None, f"no {label}")
        assert m is not None
        out[key] = {n.strip() for n in m.group(1).split(":")}
    return out


def build_map(root: ET.Element, xml_text: str, rulebook: dict[str, Any], by_xml: dict[str, str],
              triplea: Path) -> dict[str, Any]:
    removed = _strip_non_players(root, rulebook)
    map_ = shared.convert_map(root, rulebook, by_xml)
    spaces = map_["spaces"]
    attachments = _last_attachments(root)
    lists = _map_lists(xml_text)
    armies: dict[str, int] = {}
    for p in root.iter("unitPlacement"):
        if p.get("owner") in rulebook["non_playing_owners"]:
            _check(p.get("unitType") == "infantry", "neutral armies are infantry")
            name = space_id(p.get("territory", ""))
            armies[name] = armies.get(name, 0) + int(p.get("quantity", "1"))
    for name, opts in attachments.items():
        original = opts.get("originalOwner")
        if original:  # G40-MAP-09: the six territories Japan holds but China owned
            spaces[name]["original_owner"] = by_xml[original]
    _check(sorted(n for n, a in attachments.items() if a.get("originalOwner"))
           == sorted(rulebook["original_owners_chinese"]), "originally Chinese territories")
    kamikaze = {space_id(line.split("  ")[0].strip()) for line in (
        triplea / "kamikaze_place.txt").read_text(encoding="utf-8").splitlines() if line.strip()}
    _check(kamikaze == set(rulebook["kamikaze_zones"]), "kamikaze zones")
    china = set(rulebook["china"]["territories"])
    for name, sp in spaces.items():
        impassable = bool(sp["neutral"])
        _check(impassable == (name in rulebook["impassable"]), f"impassable {name}")
        if sp["kind"] == "sea":  # the XML gives some sea zones an owner: no game meaning
            sp.update(original_owner=None, map="pacific" if sp["number"] <= 63 else "europe",
                      convoy=attachments.get(name, {}).get("blockadeZone") == "true",
                      kamikaze=name in kamikaze)
            continue
        kind = removed.get(name)
        sp["impassable"] = impassable
        sp["dutch"] = kind == "dutch"
        sp["neutral_kind"] = None if kind in (None, "dutch") else kind
        sp["neutral"] = sp["neutral_kind"] is not None
        sp["neutral_army"] = armies.get(name, 0)
        sp["victory_city"] = rulebook["victory_cities"].get(name)
        _check(bool(sp["victory_city"]) == (attachments.get(name, {}).get("victoryCity") == "1"),
               f"victory city {name}")
        where = [k for k in ("europe", "border", "pacific") if name in lists[k]]
        _check(len(where) == 1, f"map of {name}: {where}")
        sp["map"] = where[0]
        # G40-UK-02: the economy a UK-held territory belongs to (XML whenCapturedByGoesTo).
        goes = attachments.get(name, {}).get("whenCapturedByGoesTo") == "British:UK_Pacific"
        sp["uk_economy"] = "uk_pacific" if goes else "uk_europe"
        sp["chinese"] = name in china
        _check(sp["dutch"] == (name in rulebook["dutch_territories"]), f"Dutch {name}")
        _check(not sp["neutral"] or sp["original_owner"] is None, f"neutral {name}")
    capitals: dict[str, str] = {}
    for name, opts in attachments.items():
        if "capital" in opts:
            capitals[name] = opts["capital"]
    wanted = {t["capital"]: t["xml"] for t in rulebook["treasuries"] if t["capital"]}
    _check(capitals == wanted, f"capitals differ: {capitals}")
    for name, sp in spaces.items():
        sp["capital_of"] = by_xml[capitals[name]] if name in capitals else None
    _check(spaces["West India"]["uk_economy"] == "uk_pacific"
           and spaces["British Columbia"]["uk_economy"] == "uk_europe", "UK economies")
    _check(sum(1 for s in spaces.values() if s["kind"] == "sea" and s["convoy"]) == 34,
           "34 convoy zones")
    pairs = {tuple(p) for p in map_["connections"]}
    for a, b in rulebook["cross_map_land"] + rulebook["cross_map_sea"]:
        _check((min(a, b), max(a, b)) in pairs, f"cross-map pair {a}-{b}")
    caspian = rulebook["caspian_sea"]
    _check(all(spaces[b if a == caspian else a]["kind"] == "land" for a, b in pairs
               if caspian in (a, b)), "the Caspian Sea touches no sea zone")
    for canal in map_["canals"]:
        canal["kind"] = rulebook["canal_kinds"][canal["name"]]
        _check(canal["sea_zones"] == rulebook["canal_zones"][canal["name"]], canal["name"])
        canal["passes_freely"] = []
    for att in root.iter("attachment"):
        excluded = _options(att).get("excludedUnits")
        if att.get("name", "").startswith("canalAttachment") and excluded:
            canal = next(c for c in map_["canals"] if c["name"] == _options(att)["canalName"])
            canal["passes_freely"] = sorted(  # G40-MAP-15/16: submarines, aircraft
                rulebook["unit_xml_names"].get(u, u) for u in excluded.split(":"))
    land = [s for s in spaces.values() if s["kind"] == "land"]
    _check((len(spaces), len(land)) == (332, 204), f"map size {len(spaces)}")
    _check(sum(1 for s in land if s["victory_city"]) == 19, "19 victory cities")
    _check(sum(1 for s in land if s["neutral"]) == 39, "39 neutral territories")
    return map_


def build_units(root: ET.Element, rulebook: dict[str, Any]) -> dict[str, Any]:
    """The 19 unit types (C.1, C.2): the shared statistics check plus the Global abilities."""
    units = shared.convert_units(root, rulebook)
    _check(not units["xml_differences"], f"unit table differs: {units['xml_differences']}")
    rename = rulebook["unit_xml_names"]
    xml = {rename.get(a.get("attachTo", ""), a.get("attachTo", "")): _options(a)
           for a in root.iter("attachment") if a.get("name") == "unitAttachment"}
    shipyards: dict[str, int] = {}
    for rule in root.iter("productionRule"):
        result, cost = rule.find("result"), rule.find("cost")
        if rule.get("name", "").endswith("Shipyards") and result is not None and cost is not None:
            shipyards[result.get("resourceOrUnit", "")] = int(cost.get("quantity", "0"))
    checks = {"convoy_dice": "blockade", "convoy_dice_on_carrier": "blockade",
              "max_damage": "maxDamage", "max_operational_damage": "maxOperationalDamage",
              "production": "canProduceXUnits", "raid_bonus": "bombingBonus",
              "aa_shots": "maxAAattacks", "scramble_limit": "maxScrambleCount"}
    for uid, book in rulebook["units"].items():
        unit = units["units"][uid]
        unit["abilities"] = sorted(book["abilities"])
        unit.update({k: v for k, v in book.items() if k not in unit and k not in (
            "can_blitz", "destroyer", "submarine", "transport", "warship", "surface_warship")})
        for key, xml_key in checks.items():
            if key in book and xml_key in xml[uid]:
                _check(int(xml[uid][xml_key]) == book[key], f"{uid} {key}")
        if "min_value" in book and "canOnlyBePlacedInTerritoryValuedAtX" in xml[uid]:
            _check(int(xml[uid]["canOnlyBePlacedInTerritoryValuedAtX"]) == book["min_value"],
                   f"{uid} minimum value")
        if "shipyard_cost" in book:
            _check(shipyards.get(uid) == book["shipyard_cost"], f"{uid} shipyard cost")
    _check(len(units["units"]) == 19, "19 unit types")
    islands = xml["minor_complex"]["unitPlacementRestrictions"].split(":")
    return units | {"no_complex_islands": sorted(islands)}


def build_powers(root: ET.Element, rulebook: dict[str, Any], spaces: dict[str, Any],
                 by_xml: dict[str, str]) -> dict[str, Any]:
    players = [p.get("name", "") for p in root.iter("player") if p.get("optional") != "true"]
    order: list[str] = []
    for name in players:
        if by_xml[name] not in order:
            order.append(by_xml[name])
    _check(order == rulebook["turn_order"], f"turn order differs: XML {order}")
    given = {g.get("player", ""): int(g.get("quantity", "0"))
             for g in root.iter("resourceGiven") if g.get("resource") == "PUs"}
    owners = {space_id(o.get("territory", "")): o.get("owner", "")
              for o in root.iter("territoryOwner")}
    for t in rulebook["treasuries"]:
        _check(given[t["xml"]] == t["starting_ipcs"] == rulebook["starting_ipcs_rulebook"][
            t["id"]], f"{t['id']} starting IPCs")
        production = sum(spaces[n]["value"] for n, o in owners.items() if o == t["xml"])
        _check(production == t["starting_ipcs"], f"{t['id']} production {production}")
    wars = set()
    for r in root.iter("relationship"):
        a, b = r.get("player1", ""), r.get("player2", "")
        if r.get("type") == "War" and a in by_xml and b in by_xml:
            wars.add(tuple(sorted((by_xml[a], by_xml[b]))))
    _check(wars == {tuple(sorted(p)) for p in rulebook["wars_at_start"]}, f"wars {wars}")
    powers = [{k: p[k] for k in ("id", "name", "side", "capital", "city")}
              | {"turn_position": rulebook["turn_order"].index(p["id"]) + 1}
              for p in rulebook["powers"]]
    treasuries = [{k: t[k] for k in ("id", "power", "capital", "starting_ipcs")}
                  for t in rulebook["treasuries"]]
    keys = ("sides", "turn_order", "victory", "china", "mongolia", "north_america",
            "us_factories_free_upgrade", "kamikaze_tokens", "kamikaze_zones", "rule_prefix")
    return {"powers": powers, "treasuries": treasuries,
            "wars_at_start": sorted(sorted(p) for p in rulebook["wars_at_start"]),
            "research": rulebook["research"]} | {k: rulebook[k] for k in keys}


def _sea_entries(power: str, cell: dict[str, int], unit_order: list[str]) -> list[dict[str, Any]]:
    """A power's ships in a zone: one entry per carrier, with up to two fighters and tactical
    bombers aboard each (spec C.4: aircraft listed at sea are aboard the carriers there)."""
    entries: list[dict[str, Any]] = []
    aircraft = [u for u in CARRIED_AIR for _ in range(cell.get(u, 0))]
    for _ in range(cell.get("carrier", 0)):
        at = len(entries)
        entries.append({"type": "carrier", "owner": power, "count": 1})
        for utype in aircraft[:2]:
            entries.append({"type": utype, "owner": power, "count": 1, "aboard_entry": at})
        aircraft = aircraft[2:]
    _check(not aircraft, f"{power}: aircraft at sea without a carrier")
    for utype in unit_order:
        if cell.get(utype) and utype not in ("carrier", *CARRIED_AIR):
            entries.append({"type": utype, "owner": power, "count": cell[utype]})
    return entries


def build_setup(rulebook: dict[str, Any], spaces: dict[str, Any], unit_order: list[str]
                ) -> dict[str, Any]:
    """The rulebook's §14 tables as a starting position (G40 setup, spec C.4)."""
    board: dict[str, list[dict[str, Any]]] = {}
    installations: dict[str, dict[str, int]] = {}
    for power in rulebook["turn_order"]:
        for space, cell in sorted(rulebook["setup"][power].items()):
            _check(space in spaces and set(cell) <= set(unit_order), f"setup {power} {space}")
            if spaces[space]["kind"] == "sea":
                board.setdefault(space, []).extend(_sea_entries(power, cell, unit_order))
                continue
            for utype in unit_order:
                if utype in INSTALLATIONS and cell.get(utype):
                    # installations belong to the territory's controller (G40-CMB-22)
                    _check(spaces[space]["original_owner"] == power, f"{utype} in {space}")
                    installations.setdefault(space, {})[utype] = 0
                elif cell.get(utype):
                    board.setdefault(space, []).append(
                        {"type": utype, "owner": power, "count": cell[utype]})
    return {
        "round": 1, "power": rulebook["turn_order"][0], "phase": "purchase",
        "owners": {n: s["original_owner"] for n, s in sorted(spaces.items())
                   if s["kind"] == "land" and n not in rulebook["original_owners_chinese"]}
        | {n: "japan" for n in rulebook["original_owners_chinese"]},
        "ipcs": {t["id"]: t["starting_ipcs"] for t in rulebook["treasuries"]},
        "installations": installations,
        "neutrals": {n: s["neutral_kind"] for n, s in sorted(spaces.items()) if s.get("neutral")},
        "wars": sorted(sorted(p) for p in rulebook["wars_at_start"]),
        "kamikaze_tokens": rulebook["kamikaze_tokens"],
        "units": board,
    }


def setup_differences(root: ET.Element, rulebook: dict[str, Any], by_xml: dict[str, str]
                      ) -> list[dict[str, Any]]:
    """Spec D.4: every (power, space) whose units in the rulebook's tables differ from the
    XML ``unitPlacement`` (the UK's two XML owners merged)."""
    rename = dict(rulebook["unit_xml_names"], factory_major="major_complex",
                  factory_minor="minor_complex")
    xml: dict[tuple[str, str], dict[str, int]] = {}
    for p in root.iter("unitPlacement"):
        if p.get("owner") in rulebook["non_playing_owners"]:
            continue
        utype = rename.get(p.get("unitType", ""), p.get("unitType", ""))
        cell = xml.setdefault((by_xml[p.get("owner", "")], space_id(p.get("territory", ""))), {})
        cell[utype] = cell.get(utype, 0) + int(p.get("quantity", "1"))
    book = {(power, space): cell for power, rows in rulebook["setup"].items()
            for space, cell in rows.items()}
    return [{"power": k[0], "space": k[1], "rulebook": book.get(k, {}), "triplea": xml.get(k, {})}
            for k in sorted(set(book) | set(xml)) if book.get(k, {}) != xml.get(k, {})]


def convert(triplea: Path, rulebook_path: Path) -> dict[str, str]:
    """Return {file name: text} for every file of ``rules/global1940/``."""
    rulebook = json.loads(rulebook_path.read_text(encoding="utf-8"))
    by_xml = {x: p["id"] for p in rulebook["powers"] for x in p["xml"]}
    xml_text = (triplea / XML_NAME).read_text(encoding="utf-8")
    root = shared.read_xml(triplea / XML_NAME)
    map_ = build_map(root, xml_text, rulebook, by_xml, triplea)
    units = build_units(root, rulebook)
    powers = build_powers(root, rulebook, map_["spaces"], by_xml)
    setup = build_setup(rulebook, map_["spaces"], units["order"])
    differences = setup_differences(root, rulebook, by_xml)
    board = shared.convert_board(triplea, map_["spaces"], BOARD_TOLERANCE, rulebook["not_spaces"])
    meta = {"key": rulebook["scenario"], "title": rulebook["title"],
            "rulebook": rulebook["rulebook"]}
    return {
        "board.json": json.dumps(board, sort_keys=True, separators=(",", ":")) + "\n",
        "scenario.json": _dump(meta),
        "map.json": _dump(map_),
        "units.json": _dump(units),
        "powers.json": _dump(powers),
        "objectives.json": _dump({"objectives": rulebook["objectives"]}),
        "setups.json": _dump({"rulebook": setup, "triplea_differences": differences}),
    }


def main(argv: list[str] | None = None) -> int:
    return shared.cli(argv, (__doc__ or "").splitlines()[0], convert, DEFAULT_TRIPLEA,
                      DEFAULT_RULEBOOK, DEFAULT_OUT)


if __name__ == "__main__":
    sys.exit(main())
