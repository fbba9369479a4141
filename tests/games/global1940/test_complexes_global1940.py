"""Industrial complexes, new installations and placement (G40-FAC-*, G40-MOB-*, G40-PUR-*,
G40-UNIT-ICMAJ/ICMIN/AB/NB, G40-UK-06)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940 import bases, complexes, economy, politics
from tests.games.global1940.kit import make_state, refused, turn


def test_G40_FAC_01_two_kinds_of_complex() -> None:
    data, _ = make_state()
    major, minor, upgrade = (data.unit(k) for k in ("major_complex", "minor_complex",
                                                       "complex_upgrade"))
    assert (major.cost, major.production, major.max_damage) == (30, 10, 20)
    assert (minor.cost, minor.production, minor.max_damage) == (12, 3, 6)
    assert (upgrade.cost, minor.upgrades_to) == (20, "major_complex")


def test_G40_UNIT_ICMAJ_01_major_complex_places_ten_and_takes_twenty() -> None:
    data, state = make_state()
    assert complexes.capacity(data, state, "germany", "Germany") == 10
    assert bases.add_damage(data, state, "Germany", "major_complex", 25) == 20
    assert complexes.capacity(data, state, "germany", "Germany") == 0


def test_G40_UNIT_ICMIN_01_minor_complex_places_three_and_upgrades_for_twenty() -> None:
    data, state = make_state()
    assert complexes.capacity(data, state, "ussr", "Ukraine") == 3
    assert bases.add_damage(data, state, "Ukraine", "minor_complex", 9) == 6
    assert data.unit("complex_upgrade").cost == 20


def test_G40_UNIT_AB_01_and_G40_UNIT_NB_01_bases_cost_fifteen_and_take_six() -> None:
    data, state = make_state()
    for kind in ("air_base", "naval_base"):
        assert (data.unit(kind).cost, data.unit(kind).max_damage) == (15, 6)
    assert bases.add_damage(data, state, "United Kingdom", "naval_base", 8) == 6
    assert not bases.operational(data, state, "United Kingdom", "naval_base", "uk")


def test_G40_FAC_02_minor_complex_worth_two_held_since_turn_start_not_island() -> None:
    data, state = make_state()
    complexes.check_new_complex(data, state, "germany", "germany", "Poland", "minor_complex")
    refused("G40-FAC-02", complexes.check_new_complex, data, state, "ussr", "ussr",
             "Karelia", "minor_complex")  # worth 1
    refused("G40-MOB-07", complexes.check_new_complex, data, state, "germany", "germany",
             "Germany", "minor_complex")  # already has a complex
    state["owners"]["Normandy Bordeaux"] = "germany"  # captured this turn
    refused("G40-MOB-07", complexes.check_new_complex, data, state, "germany", "germany",
             "Normandy Bordeaux", "minor_complex")


def test_G40_FAC_08_no_complex_on_listed_islands() -> None:
    data, state = make_state()
    assert data.space("Borneo").value == 4
    refused("G40-FAC-08", complexes.check_new_complex, data, state, "uk", "uk_pacific",
             "Borneo", "minor_complex")
    complexes.check_new_base(data, state, "uk", "uk_pacific", "Borneo", "air_base")


def test_G40_FAC_03_major_complex_in_own_original_territory_worth_three() -> None:
    data, state = make_state()
    complexes.check_new_complex(data, state, "germany", "germany", "Greater Southern Germany",
                                "major_complex")
    refused("G40-FAC-03", complexes.check_new_complex, data, state, "germany", "germany",
             "Poland", "major_complex")  # worth 2
    state["owners"]["Egypt"] = state["owners_at_turn_start"]["Egypt"] = "italy"
    complexes.check_new_complex(data, state, "italy", "italy", "Egypt",
                                "minor_complex")  # a minor may go to a captured territory
    refused("G40-FAC-03", complexes.check_new_complex, data, state, "italy", "italy",
             "Egypt", "major_complex")  # not Italy's original territory
    state["owners"]["Finland"] = state["owners_at_turn_start"]["Finland"] = "germany"
    state["neutrals"].pop("Finland", None)
    refused("G40-FAC-03", complexes.check_new_complex, data, state, "germany", "germany",
             "Finland", "major_complex")  # former neutral (G40-NEUT-11)


def test_G40_FAC_04_and_G40_REP_05_upgrade_minor_to_major_undamaged_original_worth_three() -> None:
    data, state = make_state()
    italy = ("italy", "italy", "Southern Italy")
    complexes.check_upgrade(data, state, *italy)
    state["installations"]["Southern Italy"]["minor_complex"] = 1
    refused("G40-REP-05", complexes.check_upgrade, data, state, *italy)
    state["installations"]["Southern Italy"]["minor_complex"] = 0
    refused("G40-FAC-04", complexes.check_upgrade, data, state, "ussr", "ussr", "Novgorod")
    refused("G40-FAC-04", complexes.check_upgrade, data, state, "ussr", "ussr", "Russia")
    complexes.apply_installation(state, "Southern Italy", "complex_upgrade")
    assert complexes.complex_kind(state, "Southern Italy") == "major_complex"
    assert complexes.capacity(data, state, *italy[1:]) == 3  # this turn still 3
    state["complexes_placed"] = []  # next turn
    assert complexes.capacity(data, state, *italy[1:]) == 10


def test_G40_FAC_05_damage_reduces_capacity_to_zero_never_destroys() -> None:
    data, state = make_state()
    bases.add_damage(data, state, "Ukraine", "minor_complex", 4)
    assert complexes.capacity(data, state, "ussr", "Ukraine") == 0
    assert complexes.complex_kind(state, "Ukraine") == "minor_complex"


def test_G40_FAC_06_captured_complex_idle_for_the_conqueror_until_its_turn() -> None:
    data, state = make_state()
    payload = bases.capture(data, state, "Ukraine", "germany")
    state["owners"]["Ukraine"] = "germany"
    bases.apply_capture(state, payload)
    assert complexes.capacity(data, state, "germany", "Ukraine") == 0
    state["owners_at_turn_start"]["Ukraine"] = "germany"
    bases.wake(state, "germany")
    assert complexes.capacity(data, state, "germany", "Ukraine") == 3


def test_G40_FAC_07_us_minor_complexes_become_major_at_war() -> None:
    data, state = make_state()
    assert complexes.capacity(data, state, "usa", "Western United States") == 3
    turn(state, "germany")
    payload = politics.declare(data, state, "germany", "usa")
    politics.apply(state, payload)
    assert complexes.capacity(data, state, "usa", "Western United States") == 10


def test_G40_MOB_01_and_G40_MOB_02_own_complexes_held_since_turn_start_only() -> None:
    data, state = make_state()
    assert complexes.usable(state, "uk", "India")
    assert not complexes.usable(state, "usa", "India")  # an ally's complex
    state["owners"]["India"] = "japan"  # captured this turn: not usable
    assert not complexes.usable(state, "japan", "India")
    complexes.apply_installation(state, "Poland", "minor_complex")  # built this turn
    assert complexes.capacity(data, state, "germany", "Poland") == 0


def test_G40_MOB_03_and_G40_TECH_11_capacity_with_damage_and_increased_factory_production() -> None:
    data, state = make_state()
    state["installations"]["Germany"]["major_complex"] = 3
    assert complexes.capacity(data, state, "germany", "Germany") == 7
    state["research"]["germany"] = {"tokens": 0, "advances": ["increased_factory_production"]}
    assert complexes.capacity(data, state, "germany", "Germany") == 9  # 12 - 3
    assert complexes.capacity(data, state, "germany", "Western Germany") == 12
    state["research"]["ussr"] = {"tokens": 0, "advances": ["increased_factory_production"]}
    assert complexes.capacity(data, state, "ussr", "Ukraine") == 4


def test_G40_MOB_07_installations_need_no_complex_and_one_of_each_kind() -> None:
    data, state = make_state()
    complexes.check_installation(data, state, "germany", "germany", "Poland", "air_base")
    complexes.check_installation(data, state, "germany", "germany", "Norway", "naval_base")
    refused("G40-MOB-07", complexes.check_installation, data, state, "germany", "germany",
             "Western Germany", "air_base")
    refused("G40-BASE-02", complexes.check_installation, data, state, "germany", "germany",
             "Slovakia Hungary", "naval_base")  # no coast
    refused("G40-MOB-07", complexes.check_installation, data, state, "germany", "germany",
             "SZ 112", "naval_base")


def test_G40_UK_06_each_uk_economy_builds_on_its_own_territories() -> None:
    data, state = make_state()
    refused("G40-UK-06", complexes.check_installation, data, state, "uk", "uk_europe",
             "Burma", "air_base")
    economy.check_economy_site(data, "uk", "uk_pacific", "Burma")


def test_G40_PUR_01_purchase_within_the_treasury() -> None:
    data, state = make_state()
    economy.check_spend(data, state, "italy", "italy", 10)
    with pytest.raises(IllegalOrder) as err:
        economy.check_spend(data, state, "italy", "italy", 11)
    assert err.value.rule_id == "G40-PUR-01"


def test_G40_PUR_04_installation_prices() -> None:
    data, _ = make_state()
    prices = {k: data.unit(k).cost for k in ("major_complex", "minor_complex",
                                            "complex_upgrade", "air_base", "naval_base")}
    assert prices == {"major_complex": 30, "minor_complex": 12, "complex_upgrade": 20,
                      "air_base": 15, "naval_base": 15}


def test_G40_PUR_06_no_purchase_while_the_capital_is_enemy_held() -> None:
    data, state = make_state()
    state["owners"]["Southern Italy"] = "uk"
    with pytest.raises(IllegalOrder) as err:
        economy.check_spend(data, state, "italy", "italy", 3)
    assert err.value.rule_id == "G40-PUR-06"
