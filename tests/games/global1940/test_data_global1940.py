"""Global 1940 data: the converter reproduces the committed files, the unit roster (spec C.1,
C.2, G40-UNIT-*), the board drawing's size, the national objectives as converted."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.games.aa.global1940.data import DIRECTORY, global1940

REPO = Path(__file__).resolve().parents[3]
TRIPLEA = REPO.parent / "shared" / "reference" / "triplea" / "global1940"


@pytest.mark.skipif(not TRIPLEA.exists(), reason="TripleA reference data not present")
def test_converter_reproduces_committed_files_deterministically() -> None:
    from tools import convert_global1940

    rulebook = REPO / "tools" / "global1940_rulebook.json"
    first = convert_global1940.convert(TRIPLEA, rulebook)
    assert first == convert_global1940.convert(TRIPLEA, rulebook)
    assert sorted(first) == sorted(p.name for p in DIRECTORY.glob("*.json"))
    for name, text in first.items():
        assert (DIRECTORY / name).read_text(encoding="utf-8") == text, name


def test_board_outlines_every_space_and_stays_small() -> None:
    """Issue 15: every space drawn; the page must stay under 400 KB."""
    import json

    board = json.loads((DIRECTORY / "board.json").read_text(encoding="utf-8"))
    assert set(board["spaces"]) == set(global1940().spaces)
    assert board["wrap_x"] and (board["width"], board["height"]) == (7705, 3213)
    assert (DIRECTORY / "board.json").stat().st_size < 200_000


# spec C.1 / C.2: cost, attack, defence, move, hits
UNITS = {
    "infantry": (3, 1, 2, 1, 1), "artillery": (4, 2, 2, 1, 1), "mech_infantry": (4, 1, 2, 2, 1),
    "tank": (6, 3, 3, 2, 1), "aa_gun": (5, 0, 0, 1, 1), "fighter": (10, 3, 4, 4, 1),
    "tactical_bomber": (11, 3, 3, 4, 1), "bomber": (12, 4, 1, 6, 1),
    "transport": (7, 0, 0, 2, 1), "submarine": (6, 2, 1, 2, 1), "destroyer": (8, 2, 2, 2, 1),
    "cruiser": (12, 3, 3, 2, 1), "carrier": (16, 0, 2, 2, 2), "battleship": (20, 4, 4, 2, 2),
    "minor_complex": (12, 0, 0, 0, 1), "major_complex": (30, 0, 0, 0, 1),
    "complex_upgrade": (20, 0, 0, 0, 1), "air_base": (15, 0, 0, 0, 1),
    "naval_base": (15, 0, 0, 0, 1)}


@pytest.mark.parametrize("utype", sorted(UNITS))
def test_G40_UNIT_profiles(utype: str) -> None:
    """G40-UNIT-INF-01, -ART-01, -MECH-01, -ARM-01, -AAA-01, -FTR-01, -TAC-01, -BMB-01, -BB-01,
    -CV-01, -CA-01, -DD-01, -SS-01, -TT-01, -ICMAJ-01, -ICMIN-01, -AB-01, -NB-01."""
    unit = global1940().unit(utype)
    assert (unit.cost, unit.attack, unit.defense, unit.move, unit.hits) == UNITS[utype]


def test_G40_UNIT_INF_02_and_G40_UNIT_TT_02_transport_arithmetic() -> None:
    data = global1940()
    assert data.unit("transport").transport_capacity == 5
    assert data.unit("infantry").transport_cost == 2
    assert {data.unit(u).transport_cost for u in ("artillery", "mech_infantry", "tank",
                                                    "aa_gun")} == {3}
    assert data.unit("infantry").has("paratrooper")


def test_G40_UNIT_SS_03_and_CONV_03_convoy_dice() -> None:
    data = global1940()
    assert {u: data.unit(u).convoy_dice for u in ("battleship", "cruiser", "destroyer",
                                                   "submarine", "carrier", "transport")} == {
        "battleship": 1, "cruiser": 1, "destroyer": 1, "submarine": 2, "carrier": 0,
        "transport": 0}
    assert data.unit("fighter").convoy_dice_on_carrier == 2
    assert data.unit("tactical_bomber").convoy_dice_on_carrier == 2
    assert data.unit("submarine").has("passes_gibraltar")


def test_G40_UNIT_ICMAJ_ICMIN_AB_NB_installations() -> None:
    data = global1940()
    major, minor = data.unit("major_complex"), data.unit("minor_complex")
    assert (major.production, major.max_damage, major.min_value) == (10, 20, 3)
    assert (minor.production, minor.max_damage, minor.min_value) == (3, 6, 2)
    assert major.captured_becomes == "minor_complex" and minor.upgrades_to == "major_complex"
    for base in ("air_base", "naval_base"):
        assert (data.unit(base).max_damage, data.unit(base).max_operational_damage) == (6, 2)
    assert data.unit("air_base").scramble_limit == 3


def test_G40_UNIT_CV_01_and_G40_UNIT_BB_01_capital_ships_and_bombardment() -> None:
    data = global1940()
    assert data.unit("carrier").carrier_capacity == 2
    assert data.unit("fighter").carrier_cost == data.unit("tactical_bomber").carrier_cost == 1
    assert data.unit("bomber").carrier_cost == 0
    assert (data.unit("battleship").bombard, data.unit("cruiser").bombard) == (4, 3)
    assert data.unit("carrier").has("capital_ship") and data.unit("battleship").has("two_hits")


def test_G40_TECH_16_improved_shipyards_prices() -> None:
    data = global1940()
    assert {u: data.unit(u).shipyard_cost for u in (
        "battleship", "carrier", "cruiser", "destroyer", "transport", "submarine")} == {
        "battleship": 17, "carrier": 13, "cruiser": 9, "destroyer": 7, "transport": 6,
        "submarine": 5}


def test_objectives_cover_every_G40_NO_id() -> None:
    ids = [o.id for o in global1940().g40_objectives]
    assert len(ids) == len(set(ids)) == 28
    bonus = {o.id: o.bonus for o in global1940().g40_objectives}
    assert bonus["G40-NO-JPN-01"] == 10 and bonus["G40-NO-CHN-01"] == 6
    assert bonus["G40-NO-SOV-03"] == 10 and bonus["G40-NO-GER-06"] == 2
