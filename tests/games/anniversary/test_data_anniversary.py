"""Anniversary data: the converter, the map (AAE-MAP), the unit roster (spec C.1, AAE-UNIT-*-01),
research charts (C.4) and national objectives (AAE-NO) as converted."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from pbem.games.aa.anniversary.data import DIRECTORY, anniversary

REPO = Path(__file__).resolve().parents[3]
TRIPLEA = REPO.parent / "shared" / "reference" / "triplea" / "anniversary"
needs_reference = pytest.mark.skipif(not TRIPLEA.exists(),
                                     reason="TripleA reference data not present")


def _converter() -> ModuleType:
    spec = importlib.util.spec_from_file_location("convert_anniversary",
                                                  REPO / "tools" / "convert_anniversary.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_reference
def test_converter_reproduces_committed_files() -> None:
    files = _converter().convert(TRIPLEA, REPO / "tools" / "anniversary_rulebook.json")
    assert sorted(files) == sorted(p.name for p in DIRECTORY.glob("*.json"))
    for name, text in files.items():
        assert (DIRECTORY / name).read_text(encoding="utf-8") == text, name


@needs_reference
def test_converter_output_is_deterministic() -> None:
    conv = _converter()
    rulebook = REPO / "tools" / "anniversary_rulebook.json"
    assert conv.convert(TRIPLEA, rulebook) == conv.convert(TRIPLEA, rulebook)


def test_AAE_MAP_01_board_size() -> None:
    data = anniversary("1941")
    land = [s for s in data.spaces.values() if s.is_land]
    assert (len(data.spaces), len(land), len(data.connections)) == (162, 97, 407)
    assert sorted(s.number or 0 for s in data.spaces.values() if s.is_sea) == list(range(1, 66))


def test_AAE_MAP_02_wrap_around_links() -> None:
    adj = anniversary("1941").adjacency
    for a, b in (("SZ 20", "SZ 55"), ("SZ 21", "SZ 44"), ("SZ 25", "SZ 43")):
        assert b in adj[a] and a in adj[b]


def test_AAE_MAP_04_fifteen_neutrals_without_value() -> None:
    data = anniversary("1941")
    neutrals = [s for s in data.spaces.values() if s.neutral]
    assert len(neutrals) == 15
    assert all(s.value == 0 and s.original_owner is None for s in neutrals)


def test_AAE_MAP_09_canals() -> None:
    canals = {c.name: c for c in anniversary("1941").canals}
    assert canals["Panama Canal"].sea_zones == ("SZ 19", "SZ 20")
    assert canals["Panama Canal"].territories == ("Panama",)
    assert canals["Suez Canal"].sea_zones == ("SZ 15", "SZ 34")
    assert canals["Suez Canal"].territories == ("Egypt", "Trans-Jordan")


UNIT_TABLE = {  # spec C.1: cost, attack, defence, move, shipyard cost
    "infantry": (3, 1, 2, 1, None), "artillery": (4, 2, 2, 1, None), "tank": (5, 3, 3, 2, None),
    "aa_gun": (6, 0, 0, 1, None), "industrial_complex": (15, 0, 0, 0, None),
    "fighter": (10, 3, 4, 4, None), "bomber": (12, 4, 1, 6, None),
    "battleship": (20, 4, 4, 2, 17), "carrier": (14, 1, 2, 2, 11), "cruiser": (12, 3, 3, 2, 10),
    "destroyer": (8, 2, 2, 2, 7), "submarine": (6, 2, 1, 2, 5), "transport": (7, 0, 0, 2, 6),
}


def test_AAE_UNIT_roster_of_thirteen_types() -> None:
    data = anniversary("1941")
    assert set(data.units) == set(UNIT_TABLE)
    for uid, (cost, attack, defense, move, shipyard) in UNIT_TABLE.items():
        unit = data.unit(uid)
        assert (unit.cost, unit.attack, unit.defense, unit.move, unit.shipyard_cost) == (
            cost, attack, defense, move, shipyard), uid


def test_AAE_UNIT_ARM_01_tank_costs_five_and_blitzes() -> None:
    tank = anniversary("1941").unit("tank")
    assert tank.cost == 5 and tank.has("blitz")


def test_AAE_UNIT_CV_01_carrier_costs_fourteen() -> None:
    carrier = anniversary("1941").unit("carrier")
    assert carrier.cost == 14 and carrier.carrier_capacity == 2


def test_AAE_UNIT_BB_01_battleship_costs_twenty_two_hits() -> None:
    bb = anniversary("1941").unit("battleship")
    assert bb.cost == 20 and bb.hits == 2 and bb.bombard == 4 and bb.has("two_hits")


def test_AAE_UNIT_CA_01_cruiser_bombards_at_three() -> None:
    ca = anniversary("1941").unit("cruiser")
    assert (ca.cost, ca.bombard, ca.shipyard_cost) == (12, 3, 10)


def test_AAE_UNIT_AAG_01_aa_gun_hits_on_one() -> None:
    aa = anniversary("1941").unit("aa_gun")
    assert (aa.cost, aa.aa_hit, aa.aa_hit_with_radar) == (6, 1, 2)
    assert aa.has("noncombat_move_only") and aa.has("never_casualty")


def test_AAE_UNIT_TT_02_transport_capacity_arithmetic() -> None:
    data = anniversary("1941")
    assert data.unit("transport").transport_capacity == 5
    assert data.unit("infantry").transport_cost == 2
    assert {data.unit(u).transport_cost for u in ("artillery", "tank", "aa_gun")} == {3}
    assert data.unit("industrial_complex").transport_cost == 0


def test_AAE_RD_05_two_charts_of_six_advances() -> None:
    research = anniversary("1941").research_rules()
    assert research.charts[1] == ("advanced_artillery", "rockets", "paratroopers",
                                  "increased_factory_production", "war_bonds",
                                  "mechanized_infantry")
    assert research.charts[2] == ("super_submarines", "jet_fighters", "improved_shipyards",
                                  "radar", "long_range_aircraft", "heavy_bombers")
    assert research.token_cost == 5


def test_AAE_NO_01_seventeen_objectives_with_maximum_bonuses() -> None:
    objectives = anniversary("1942").objectives
    assert len(objectives) == 17
    best: dict[str, int] = {}
    for o in objectives:
        best[o.power] = best.get(o.power, 0) + o.bonus
    assert best == {"germany": 15, "japan": 15, "italy": 10, "usa": 20, "uk": 15, "ussr": 15}


@pytest.mark.parametrize(("rule", "utype", "profile"), [
    ("AAE-UNIT-INF-01", "infantry", (3, 1, 2, 1)),
    ("AAE-UNIT-FTR-01", "fighter", (10, 3, 4, 4)),
    ("AAE-UNIT-BMB-01", "bomber", (12, 4, 1, 6)),
    ("AAE-UNIT-DD-01", "destroyer", (8, 2, 2, 2)),
    ("AAE-UNIT-SS-01", "submarine", (6, 2, 1, 2)),
    ("AAE-UNIT-TT-01", "transport", (7, 0, 0, 2)),
])
def test_AAE_UNIT_profiles(rule: str, utype: str, profile: tuple[int, int, int, int]) -> None:
    unit = anniversary("1941").unit(utype)
    assert (unit.cost, unit.attack, unit.defense, unit.move) == profile, rule


def test_AAE_UNIT_IC_01_complex_profile_never_moves_nor_carried() -> None:
    ic = anniversary("1941").unit("industrial_complex")
    assert (ic.cost, ic.attack, ic.defense, ic.move, ic.transport_cost) == (15, 0, 0, 0, 0)
    assert ic.has("immobile") and ic.has("never_casualty") and ic.has("bombing_target")


def test_AAE_UNIT_BMB_02_only_bombers_raid_never_on_carriers() -> None:
    data = anniversary("1941")
    assert [u.id for u in data.units.values() if u.has("strategic_bombing")] == ["bomber"]
    assert data.unit("bomber").carrier_cost == 0 and data.unit("fighter").carrier_cost == 1


def test_AAE_UNIT_SEA_01_surface_warships_and_warships() -> None:
    data = anniversary("1941")
    surface = sorted(u.id for u in data.units.values() if u.has("surface_warship"))
    assert surface == ["battleship", "carrier", "cruiser", "destroyer"]
    assert data.unit("submarine").has("warship") and not data.unit("transport").has("warship")


def test_AAE_AA_06_aa_gun_has_no_attack_and_is_never_a_casualty() -> None:
    gun = anniversary("1941").unit("aa_gun")
    assert gun.attack == 0 and gun.has("never_casualty")


def test_AAE_AA_07_aa_gun_captured_with_its_territory() -> None:
    assert anniversary("1941").unit("aa_gun").has("captured_with_territory")


def test_AAE_AA_08_aa_gun_moves_one_in_noncombat_only_and_is_carried() -> None:
    gun = anniversary("1941").unit("aa_gun")
    assert gun.move == 1 and gun.has("noncombat_move_only") and gun.transport_cost == 3


def test_AAE_PUR_08_china_never_purchases() -> None:
    data = anniversary("1942")
    assert "china" not in data.treasury and data.power("china").starting_ipcs == 0


def test_AAE_SETUP_08_no_component_limits_in_the_data() -> None:
    units = anniversary("1941").units
    assert not any(hasattr(u, "limit") or hasattr(u, "max_count") for u in units.values())
