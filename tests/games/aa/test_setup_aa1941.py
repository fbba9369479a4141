"""Both A&A 1941 starting positions, pinned value by value (AA41-SEQ-01, spec C.2, C.3, D.5)."""

from __future__ import annotations

from typing import Any

from pbem.games.aa.data import scenario

DATA = scenario("aa1941")

RULEBOOK_UNITS: dict[tuple[str, str], dict[str, int]] = {
    ("ussr", "Archangel"): {"infantry": 3},
    ("ussr", "Caucasus"): {"infantry": 3, "tank": 1},
    ("ussr", "Karelia"): {"infantry": 3},
    ("ussr", "Russia"): {"infantry": 3, "tank": 1, "fighter": 1},
    ("ussr", "Siberia"): {"infantry": 3},
    ("ussr", "SZ 4"): {"submarine": 1},
    ("germany", "Eastern Europe"): {"infantry": 4, "tank": 2},
    ("germany", "Germany"): {"infantry": 3, "fighter": 1, "bomber": 1},
    ("germany", "North Africa"): {"tank": 1},
    ("germany", "Norway Finland"): {"infantry": 2},
    ("germany", "Southern Europe"): {"infantry": 2, "fighter": 1},
    ("germany", "Ukraine"): {"infantry": 3, "tank": 2},
    ("germany", "West Russia"): {"infantry": 3},
    ("germany", "Western Europe"): {"infantry": 2, "tank": 1, "fighter": 1},
    ("germany", "SZ 5"): {"battleship": 1, "submarine": 1},
    ("germany", "SZ 9"): {"submarine": 1},
    ("germany", "SZ 16"): {"destroyer": 1, "submarine": 1, "transport": 1},
    ("uk", "Anglo-Egypt Sudan"): {"infantry": 2, "tank": 1},
    ("uk", "Australia"): {"infantry": 1},
    ("uk", "Eastern Canada"): {"tank": 1},
    ("uk", "India"): {"infantry": 2, "fighter": 1},
    ("uk", "Union of South Africa"): {"infantry": 1},
    ("uk", "United Kingdom"): {"infantry": 1, "fighter": 1, "bomber": 1},
    ("uk", "SZ 8"): {"battleship": 1, "submarine": 1},
    ("uk", "SZ 10"): {"destroyer": 1, "transport": 1},
    ("uk", "SZ 14"): {"fighter": 1, "carrier": 1},
    ("uk", "SZ 29"): {"destroyer": 1, "transport": 1},
    ("uk", "SZ 33"): {"submarine": 1, "transport": 1},
    ("japan", "Coastal China"): {"infantry": 2},
    ("japan", "Japan"): {"infantry": 4, "tank": 1, "fighter": 1, "bomber": 1},
    ("japan", "Manchuria"): {"infantry": 2},
    ("japan", "Southeast Asia"): {"infantry": 2},
    ("japan", "SZ 31"): {"destroyer": 1, "submarine": 1},
    ("japan", "SZ 45"): {"fighter": 2, "battleship": 1, "carrier": 1, "transport": 1},
    ("japan", "SZ 46"): {"fighter": 1, "carrier": 1, "destroyer": 1, "transport": 1},
    ("usa", "Eastern United States"): {"infantry": 2, "tank": 1, "fighter": 1, "bomber": 1},
    ("usa", "Hawaiian Islands"): {"infantry": 1},
    ("usa", "Philippine Islands"): {"infantry": 1},
    ("usa", "Szechwan"): {"infantry": 2},
    ("usa", "Western United States"): {"infantry": 2, "tank": 1},
    ("usa", "SZ 11"): {"transport": 1},
    ("usa", "SZ 40"): {"battleship": 1},
    ("usa", "SZ 42"): {"fighter": 2, "carrier": 1, "submarine": 1, "transport": 1},
}

# The errata setup (XML, spec D.5): three more Soviet infantry in Russia, one US infantry in
# Northwestern China, one US destroyer in SZ 11.
ERRATA_UNITS = {**RULEBOOK_UNITS,
                ("ussr", "Russia"): {"infantry": 6, "tank": 1, "fighter": 1},
                ("usa", "Northwestern China"): {"infantry": 1},
                ("usa", "SZ 11"): {"destroyer": 1, "transport": 1}}

TERRITORIES = {
    "ussr": ["Archangel", "Caucasus", "Karelia", "Russia", "Siberia", "Soviet Far East",
             "Urals"],
    "germany": ["Eastern Europe", "Germany", "North Africa", "Norway Finland",
                "Southern Europe", "Ukraine", "West Russia", "Western Europe"],
    "uk": ["Anglo-Egypt Sudan", "Australia", "Belgian Congo Kenya", "Borneo", "East Indies",
           "Eastern Canada", "French Equatorial Africa", "French Madagascar",
           "French West Africa", "Gibraltar", "Iceland", "India", "Italian East Africa",
           "Middle East", "New Guinea", "New Zealand", "Solomon Islands",
           "Union of South Africa", "United Kingdom", "Western Canada"],
    "japan": ["Caroline Islands", "Coastal China", "Iwo Jima", "Japan", "Manchuria", "Okinawa",
              "Southeast Asia"],
    "usa": ["Alaska", "Brazil", "Central America", "East Mexico", "Eastern United States",
            "Greenland", "Hawaiian Islands", "Mexico", "Midway", "Northwestern China",
            "Philippine Islands", "Szechwan", "Wake Island", "West Indies",
            "Western United States"],
}
NEUTRALS = ["Afghanistan", "Angola", "Chile Argentina", "Colombia Venezuela", "Eire", "Himalaya",
            "Mongolia", "Mozambique", "Sahara", "Saudi Arabia", "Spain Portugal", "Sweden",
            "Switzerland", "Turkey"]
IPCS = {"ussr": 7, "germany": 12, "uk": 12, "japan": 9, "usa": 17}


def _tally(position: dict[str, Any]) -> dict[tuple[str, str], dict[str, int]]:
    out: dict[tuple[str, str], dict[str, int]] = {}
    for space, entries in position["units"].items():
        for e in entries:
            cell = out.setdefault((e["owner"], space), {})
            cell[e["type"]] = cell.get(e["type"], 0) + e.get("count", 1)
    return out


def _check_common(position: dict[str, Any]) -> None:
    assert position["round"] == 1 and position["power"] == "ussr"
    assert position["phase"] == "purchase"
    assert position["ipcs"] == IPCS
    expected_owners = {t: p for p, ts in TERRITORIES.items() for t in ts}
    expected_owners.update({n: None for n in NEUTRALS})
    assert position["owners"] == expected_owners
    assert len(position["owners"]) == 71


def test_AA41_SEQ_01_rulebook_setup_pinned() -> None:
    position = DATA.setup("rulebook")
    _check_common(position)
    assert _tally(position) == RULEBOOK_UNITS
    totals = {p: sum(sum(c.values()) for (o, _), c in RULEBOOK_UNITS.items() if o == p)
              for p in IPCS}
    assert totals == {"ussr": 19, "germany": 35, "uk": 22, "japan": 24, "usa": 19}


def test_AA41_SEQ_01_errata_setup_pinned() -> None:
    position = DATA.setup("errata")
    _check_common(position)
    assert _tally(position) == ERRATA_UNITS
    assert sum(sum(c.values()) for c in ERRATA_UNITS.values()) == 124


def test_AA41_SEQ_01_fighters_at_sea_start_aboard_carriers() -> None:
    for name in ("rulebook", "errata"):
        position = DATA.setup(name)
        for space, entries in position["units"].items():
            for e in entries:
                if e["type"] == "fighter" and DATA.spaces[space].is_sea:
                    carrier = entries[e["aboard_entry"]]
                    assert carrier["type"] == "carrier" and carrier["owner"] == e["owner"]
                    assert e["count"] <= 2 * carrier["count"]
                else:
                    assert "aboard_entry" not in e


def test_AA41_SEQ_01_starting_production_equals_treasury() -> None:
    position = DATA.setup()
    for power, ipcs in IPCS.items():
        production = sum(DATA.spaces[t].value for t, p in position["owners"].items()
                         if p == power)
        assert production == ipcs == DATA.power(power).starting_ipcs


def test_setup_is_a_fresh_copy() -> None:
    a = DATA.setup()
    a["units"]["Russia"].clear()
    assert DATA.setup()["units"]["Russia"]
