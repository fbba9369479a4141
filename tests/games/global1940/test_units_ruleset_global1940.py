"""The unit profiles of the checklist (table C.1) are the ruleset's: cost, attack, defence,
movement; production and damage caps of installations."""

from __future__ import annotations

import re
from pathlib import Path

from tests.games.global1940.facade import RS

SPEC = Path(__file__).resolve().parents[3].parent / "shared" / "specs" / "global1940.md"
TYPES = {"INF": "infantry", "ART": "artillery", "MECH": "mech_infantry", "ARM": "tank",
         "FTR": "fighter", "TAC": "tactical_bomber", "BMB": "bomber", "BB": "battleship",
         "CV": "carrier", "CA": "cruiser", "DD": "destroyer", "SS": "submarine",
         "TT": "transport", "AAA": "aa_gun", "ICMAJ": "major_complex",
         "ICMIN": "minor_complex", "AB": "air_base", "NB": "naval_base"}


def _line(code: str) -> str:
    found = re.search(rf"\*\*G40-UNIT-{code}-01\*\* — ([^\n]*)", SPEC.read_text("utf-8"))
    assert found is not None, code
    return found.group(1)


def _check_combat_units(*codes: str) -> None:
    for code in codes:
        numbers = re.search(r"costs (\d+), attack (\d+)[^,]*, defence (\d+), move (\d+)",
                            _line(code))
        assert numbers is not None, code
        unit = RS.data.units[TYPES[code]]
        assert (unit.cost, unit.attack, unit.defense, unit.move) == tuple(
            int(n) for n in numbers.groups()), code


def test_G40_UNIT_INF_01_G40_UNIT_ART_01_G40_UNIT_MECH_01_G40_UNIT_ARM_01_land_units() -> None:
    _check_combat_units("INF", "ART", "MECH", "ARM")


def test_G40_UNIT_FTR_01_G40_UNIT_TAC_01_G40_UNIT_BMB_01_air_units() -> None:
    _check_combat_units("FTR", "TAC", "BMB")


def test_G40_UNIT_BB_01_G40_UNIT_CV_01_G40_UNIT_CA_01_G40_UNIT_DD_01_G40_UNIT_SS_01_G40_UNIT_TT_01_ships(
) -> None:
    _check_combat_units("BB", "CV", "CA", "DD", "SS", "TT")
    assert RS.data.units["battleship"].hits == RS.data.units["carrier"].hits == 2


def test_G40_UNIT_AAA_01_the_aa_gun_costs_5_moves_1_only_in_noncombat_move() -> None:
    assert "costs 5" in _line("AAA")
    gun = RS.data.units["aa_gun"]
    assert (gun.cost, gun.attack, gun.move) == (5, 0, 1) and gun.has("noncombat_move_only")


def test_G40_UNIT_ICMAJ_01_G40_UNIT_ICMIN_01_G40_UNIT_AB_01_G40_UNIT_NB_01_installations(
) -> None:
    data = RS.data
    for code in ("ICMAJ", "ICMIN", "AB", "NB"):
        line = _line(code)
        unit = data.units[TYPES[code]]
        cost = re.search(r"costs (\d+)", line)
        cap = re.search(r"damage cap (\d+)", line)
        assert cost is not None and cap is not None
        assert (unit.cost, unit.max_damage) == (int(cost.group(1)),
                                                           int(cap.group(1))), code
        places = re.search(r"places (\d+) units", line)
        if places:
            assert unit.production == int(places.group(1)), code
