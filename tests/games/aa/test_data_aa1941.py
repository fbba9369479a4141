"""A&A 1941 data: the converter, the loader, unit statistics (section C.1) and powers (C.2)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pbem.games.aa.data import RULES_DIR, load_scenario, scenario

REPO = Path(__file__).resolve().parents[3]
TRIPLEA = REPO.parent / "shared" / "reference" / "triplea" / "aa1941"
DATA = scenario("aa1941")


def _converter():
    spec = importlib.util.spec_from_file_location("convert_triplea", REPO / "tools" /
                                                  "convert_triplea.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not (TRIPLEA / "WW2v6_1941.xml").exists(),
                    reason="the TripleA reference data (../shared) is not present")
def test_converter_reproduces_committed_files() -> None:
    conv = _converter()
    files = conv.convert(TRIPLEA, REPO / "tools" / "aa1941_rulebook.json")
    assert set(files) == {"board.json", "scenario.json", "map.json", "units.json",
                          "powers.json", "setups.json"}
    for name, text in files.items():
        assert (RULES_DIR / "aa1941" / name).read_text(encoding="utf-8") == text, name
    # The seed's unit table and the XML agree (spec D.3): no recorded difference.
    assert '"xml_differences": []' in files["units.json"]


def test_converter_output_is_deterministic(tmp_path: Path) -> None:
    if not (TRIPLEA / "WW2v6_1941.xml").exists():
        pytest.skip("the TripleA reference data (../shared) is not present")
    conv = _converter()
    conv.main([str(TRIPLEA), "--out", str(tmp_path / "a")])
    conv.main([str(TRIPLEA), "--out", str(tmp_path / "b")])
    for f in sorted((tmp_path / "a").iterdir()):
        assert f.read_bytes() == (tmp_path / "b" / f.name).read_bytes()


def test_loader_reads_directory_and_caches() -> None:
    fresh = load_scenario(RULES_DIR / "aa1941")
    assert fresh.spaces == DATA.spaces and fresh.units == DATA.units
    assert scenario("aa1941") is DATA
    assert DATA.key == "aa1941" and DATA.title == "Axis & Allies 1941"


UNIT_TABLE = {
    # unit: (cost, move, attack, defense, domain)
    "infantry": (3, 1, 1, 2, "land"),
    "tank": (6, 2, 3, 3, "land"),
    "fighter": (10, 4, 3, 4, "air"),
    "bomber": (12, 6, 4, 1, "air"),
    "submarine": (6, 2, 2, 1, "sea"),
    "transport": (7, 2, 0, 0, "sea"),
    "destroyer": (8, 2, 2, 2, "sea"),
    "carrier": (12, 2, 1, 2, "sea"),
    "battleship": (16, 2, 4, 4, "sea"),
}


def _stats(unit: str) -> tuple[int, int, int, int, str]:
    u = DATA.units[unit]
    return (u.cost, u.move, u.attack, u.defense, u.domain)


def test_AA41_UNIT_INF_01_infantry_statistics() -> None:
    assert _stats("infantry") == UNIT_TABLE["infantry"]
    assert DATA.units["infantry"].transport_cost == 2


def test_AA41_UNIT_ARM_01_tank_statistics() -> None:
    assert _stats("tank") == UNIT_TABLE["tank"]
    assert DATA.units["tank"].has("blitz") and DATA.units["tank"].transport_cost == 3
    assert not DATA.units["infantry"].has("blitz")


def test_AA41_UNIT_FTR_01_fighter_statistics() -> None:
    assert _stats("fighter") == UNIT_TABLE["fighter"]
    assert DATA.units["fighter"].carrier_cost == 1


def test_AA41_UNIT_BMB_01_bomber_statistics() -> None:
    assert _stats("bomber") == UNIT_TABLE["bomber"]
    assert DATA.units["bomber"].carrier_cost == 0  # never lands on a carrier
    assert DATA.units["bomber"].transport_capacity == 0  # carries nothing


def test_AA41_UNIT_SEA_01_all_sea_units_move_two() -> None:
    sea = [u for u in DATA.units.values() if u.domain == "sea"]
    assert sorted(u.id for u in sea) == sorted(
        ["submarine", "transport", "destroyer", "carrier", "battleship"])
    assert all(u.move == 2 for u in sea)


def test_AA41_UNIT_BB_01_battleship_statistics() -> None:
    assert _stats("battleship") == UNIT_TABLE["battleship"]
    assert DATA.units["battleship"].has("surface_warship")


def test_AA41_UNIT_BB_02_battleship_takes_two_hits() -> None:
    assert DATA.units["battleship"].hits == 2 and DATA.units["battleship"].two_hit
    assert [u for u in DATA.units.values() if u.two_hit] == [DATA.units["battleship"]]


def test_AA41_UNIT_CV_01_carrier_statistics() -> None:
    assert _stats("carrier") == UNIT_TABLE["carrier"]
    assert DATA.units["carrier"].carrier_capacity == 2


def test_AA41_UNIT_DD_01_destroyer_statistics() -> None:
    assert _stats("destroyer") == UNIT_TABLE["destroyer"]
    assert DATA.units["destroyer"].has("detects_submarines")
    assert [u.id for u in DATA.units.values() if u.has("detects_submarines")] == ["destroyer"]


def test_AA41_UNIT_SUB_01_submarine_statistics() -> None:
    assert _stats("submarine") == UNIT_TABLE["submarine"]
    sub = DATA.units["submarine"]
    assert sub.has("submerge") and sub.has("warship") and not sub.has("surface_warship")


def test_AA41_UNIT_TRN_01_transport_statistics() -> None:
    assert _stats("transport") == UNIT_TABLE["transport"]
    trn = DATA.units["transport"]
    assert trn.has("carries_land_units") and not trn.has("warship") and trn.transport_capacity == 5


def test_AA41_UNIT_TRN_03_transport_capacity_arithmetic() -> None:
    cap = DATA.units["transport"].transport_capacity
    inf, tank = DATA.units["infantry"].transport_cost, DATA.units["tank"].transport_cost
    assert 2 * inf <= cap and inf + tank <= cap and 2 * tank > cap


def test_AA41_DEF_06_unit_classes() -> None:
    by_domain = {d: sorted(u.id for u in DATA.units.values() if u.domain == d)
                 for d in ("land", "air", "sea")}
    assert by_domain == {"land": ["infantry", "tank"], "air": ["bomber", "fighter"],
                         "sea": ["battleship", "carrier", "destroyer", "submarine",
                                 "transport"]}
    assert sorted(u.id for u in DATA.units.values() if u.has("surface_warship")) == [
        "battleship", "carrier", "destroyer"]
    assert "factory" not in DATA.units  # complexes are map features (AA41-UNIT-IC-01)


def test_AA41_DEF_01_sides_and_friendship() -> None:
    assert DATA.sides == {"allies": ("ussr", "uk", "usa"), "axis": ("germany", "japan")}
    assert DATA.friendly("ussr", "usa") and DATA.friendly("germany", "germany")
    assert not DATA.friendly("uk", "japan") and not DATA.friendly(None, "uk")


def test_AA41_SEQ_02_turn_order() -> None:
    assert DATA.turn_order == ("ussr", "germany", "uk", "japan", "usa")
    assert [p.id for p in DATA.powers] == list(DATA.turn_order)
    assert [p.turn_position for p in DATA.powers] == [1, 2, 3, 4, 5]


def test_AA41_MAP_12_capitals() -> None:
    assert {p.id: p.capital for p in DATA.powers} == {
        "ussr": "Russia", "germany": "Germany", "uk": "United Kingdom", "japan": "Japan",
        "usa": "Eastern United States"}
    for p in DATA.powers:
        space = DATA.spaces[p.capital]
        assert space.capital_of == p.id and space.factory and space.original_owner == p.id


def test_AA41_VIC_01_victory_modes_in_data() -> None:
    two, one = DATA.victory["two_capitals"], DATA.victory["one_capital"]
    assert [(r.side, r.after, r.capitals, r.needed) for r in two] == [
        ("allies", "japan", ("Germany", "Japan"), 2),
        ("axis", "usa", ("Eastern United States", "United Kingdom", "Russia"), 2)]
    assert [(r.side, r.after, r.capitals, r.needed) for r in one] == [
        ("allies", "japan", ("Germany", "Japan"), 1),
        ("axis", "usa", ("Eastern United States", "United Kingdom"), 1)]
