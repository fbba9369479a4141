"""Optional research in Global 1940 (G40-TECH-*), rockets and paratroopers."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.anniversary import artillery
from pbem.games.aa.anniversary import research as family
from pbem.games.aa.global1940 import bases, income, paratroopers, raids, research, rockets
from tests.games.global1940.kit import add_unit, make_state


def _owns(state: dict, power: str, *advances: str) -> None:  # type: ignore[type-arg]
    state["research"][power] = {"tokens": 0, "advances": sorted(advances)}


def test_G40_TECH_01_research_is_off_by_default() -> None:
    data, state = make_state()
    with pytest.raises(IllegalOrder) as err:
        research.check_may_research(data, state, "germany")
    assert err.value.rule_id == "G40-TECH-01"
    state["options"]["research"] = True
    research.check_may_research(data, state, "germany")


def test_G40_TECH_02_china_and_the_ussr_never_research() -> None:
    data, state = make_state(research=True)
    for power in ("china", "ussr"):
        with pytest.raises(IllegalOrder) as err:
            research.check_may_research(data, state, power)
        assert err.value.rule_id == "G40-TECH-02"
    research.check_may_research(data, state, "usa")


def test_G40_TECH_03_dice_cost_five_and_the_uk_economies_may_share() -> None:
    data, state = make_state(research=True)
    assert research.check_dice_purchase(data, state, "germany", 0, {}) == {}
    assert research.check_dice_purchase(data, state, "germany", 3, {"germany": 15}) == {
        "germany": 15}
    shares = research.check_dice_purchase(data, state, "uk", 5, {"uk_europe": 15,
                                                                 "uk_pacific": 10})
    research.apply_dice_purchase(state, "uk", 5, shares)
    assert (state["ipcs"]["uk_europe"], state["ipcs"]["uk_pacific"]) == (13, 7)
    assert family.tokens(state, "uk") == 5
    with pytest.raises(IllegalOrder) as err:
        research.check_dice_purchase(data, state, "germany", 2, {"germany": 5})
    assert err.value.rule_id == "G40-TECH-03"
    with pytest.raises(IllegalOrder):  # more than the treasury holds
        research.check_dice_purchase(data, state, "italy", 3, {"italy": 15})
    with pytest.raises(InvalidOrder):
        research.check_dice_purchase(data, state, "italy", -1, {})


def test_G40_TECH_04_one_breakthrough_however_many_sixes() -> None:
    data, state = make_state(research=True)
    research.apply_dice_purchase(state, "japan", 3, {"japan": 15})
    outcome = research.resolve(data, state, "japan", [6, 6, 6], 1, [4])
    assert outcome["advance"] == "increased_factory_production"
    family.apply(state, outcome)
    assert family.advances(state, "japan") == {"increased_factory_production"}
    with pytest.raises(InvalidOrder) as err:
        research.resolve(data, state, "japan", [6, 6], 1, [4])  # one die per bought die
    assert err.value.rule_id == "G40-TECH-04"


def test_G40_TECH_05_chosen_chart_and_an_owned_advance_is_rolled_again() -> None:
    data, state = make_state(research=True)
    _owns(state, "germany", "rockets")
    state["research"]["germany"]["tokens"] = 1
    outcome = research.resolve(data, state, "germany", [6], 1, [2, 2, 5])
    assert outcome["advance"] == "war_bonds" and outcome["chart"] == 1
    with pytest.raises((IllegalOrder, InvalidOrder)) as err:
        research.resolve(data, state, "germany", [6], 3, [1])
    assert err.value.rule_id == "G40-TECH-05"


def test_G40_TECH_06_an_advance_is_the_powers_own() -> None:
    data, state = make_state(research=True)
    state["research"]["germany"] = {"tokens": 1, "advances": []}
    family.apply(state, research.resolve(data, state, "germany", [6], 2, [1]))
    assert research.attack_value(data, state, "germany", "submarine") == 3
    assert research.attack_value(data, state, "italy", "submarine") == 2  # ally: not shared


def test_G40_TECH_07_failed_dice_are_discarded() -> None:
    data, state = make_state(research=True)
    research.apply_dice_purchase(state, "italy", 2, {"italy": 10})
    outcome = research.resolve(data, state, "italy", [1, 5], None, [])
    assert not outcome["success"] and outcome["tokens"] == 0
    family.apply(state, outcome)
    assert family.tokens(state, "italy") == 0  # Anniversary would keep them


def test_G40_TECH_08_improved_artillery_supports_two() -> None:
    data, state = make_state()
    army = [add_unit(state, "Poland", t, "germany") for t in
            ("artillery", "infantry", "mech_infantry", "infantry")]
    values = artillery.attack_values(data, state, "germany", army)
    assert sorted(values[u["id"]] for u in army[1:]) == [1, 1, 2]
    _owns(state, "germany", "improved_artillery")
    values = artillery.attack_values(data, state, "germany", army)
    assert sorted(values[u["id"]] for u in army[1:]) == [1, 2, 2]


def test_G40_TECH_09_rockets_from_air_bases_within_four_not_over_neutrals() -> None:
    data, state = make_state()
    assert rockets.launch_sites(data, state, "germany") == []
    _owns(state, "germany", "rockets")
    assert rockets.launch_sites(data, state, "germany") == ["Western Germany"]
    hits = rockets.targets(data, state, "germany", "Western Germany")
    assert ("United Kingdom", "major_complex") in hits
    assert all(state["owners"][t] != "ussr" for t, _ in hits)  # not at war with the USSR
    payload = rockets.resolve(data, state, "germany", "Western Germany", "United Kingdom",
                              "air_base", 5)
    assert payload["damage"] == 5
    with pytest.raises(IllegalOrder) as err:  # one rocket per base per turn
        rockets.check(data, state, "germany", "Western Germany", "United Kingdom",
                      "air_base", fired=["Western Germany"])
    assert err.value.rule_id == "G40-TECH-09"
    # AMB-47: Gibraltar is within 4 only across neutral territory
    assert ("Gibraltar", "naval_base") not in hits
    state["neutrals"] = {}
    assert ("Gibraltar", "naval_base") in rockets.targets(data, state, "germany",
                                                           "Western Germany")
    state["installations"]["Western Germany"]["air_base"] = 3  # not operational
    assert "Western Germany" not in rockets.launch_sites(data, state, "germany")


def test_G40_TECH_10_paratroopers_two_infantry_per_air_base_within_three() -> None:
    data, state = make_state()
    troops = [u for u in state["units"]["Western Germany"] if u["type"] == "infantry"]
    args = (data, state, "germany", "Western Germany")
    with pytest.raises(IllegalOrder):
        paratroopers.check(*args, troops[:2], "Normandy Bordeaux", True)
    _owns(state, "germany", "paratroopers")
    assert "Normandy Bordeaux" in paratroopers.drop_zones(*args)
    assert "Poland" not in paratroopers.drop_zones(*args)  # own territory
    paratroopers.check(*args, troops[:2], "Normandy Bordeaux", True)
    for bad in ((troops[:3], "Normandy Bordeaux", True),  # at most 2
                (troops[:1], "Normandy Bordeaux", False),  # no land attack with them
                (troops[:1], "Morocco", True)):  # beyond 3
        with pytest.raises(IllegalOrder) as err:
            paratroopers.check(*args, *bad)
        assert err.value.rule_id == "G40-TECH-10"
    tanks = [u for u in state["units"]["Western Germany"] if u["type"] == "mech_infantry"]
    with pytest.raises(IllegalOrder) as err:  # only infantry (G40-UNIT-INF-02)
        paratroopers.check(*args, tanks[:1], "Normandy Bordeaux", True)
    with pytest.raises(IllegalOrder):  # from an air base only
        paratroopers.check(data, state, "germany", "Germany", troops[:1], "Normandy Bordeaux",
                           True)


def test_G40_TECH_11_increased_factory_production_repairs_two_per_ipc() -> None:
    data, state = make_state()
    state["installations"]["Germany"]["major_complex"] = 7
    repairs = {"Germany": {"major_complex": 7}}
    assert bases.check_repair(data, state, "germany", "germany", repairs) == 7
    _owns(state, "germany", "increased_factory_production")
    assert bases.check_repair(data, state, "germany", "germany", repairs) == 4
    assert bases.add_damage(data, state, "Germany", "major_complex", 30) == 13  # caps kept


def test_G40_TECH_12_war_bonds_add_a_die() -> None:
    data, state = make_state()
    assert income.income(data, state, "italy", war_bonds_face=4)["total"] == 10
    _owns(state, "italy", "war_bonds")
    assert income.income(data, state, "italy", war_bonds_face=4)["total"] == 14


def test_G40_TECH_13_improved_mechanized_infantry() -> None:
    data, _ = make_state()
    none: frozenset[str] = frozenset()
    imi = frozenset({"improved_mechanized_infantry"})
    assert research.mech_infantry_attack(data, none, False, True) == 1
    assert research.mech_infantry_attack(data, none, True, False) == 2
    assert research.mech_infantry_attack(data, imi, False, True) == 2
    assert research.mech_infantry_attack(data, imi, False, False) == 1
    assert research.mech_blitz_needs_tank(none) and not research.mech_blitz_needs_tank(imi)


def test_G40_TECH_14_super_submarines_attack_three_defence_unchanged() -> None:
    data, state = make_state()
    _owns(state, "germany", "super_submarines")
    assert research.attack_value(data, state, "germany", "submarine") == 3
    assert data.unit("submarine").defense == 1


def test_G40_TECH_15_jet_fighters_attack_four_and_hit_on_two_in_air_battles() -> None:
    data, state = make_state()
    fighter = add_unit(state, "Germany", "fighter", "germany")
    assert raids.air_battle_hit(data, state, fighter) == 1
    _owns(state, "germany", "jet_fighters")
    assert research.attack_value(data, state, "germany", "fighter") == 4
    assert raids.air_battle_hit(data, state, fighter) == 2


def test_G40_TECH_18_long_range_aircraft_one_more_move() -> None:
    data, state = make_state()
    assert bases.air_move(data, state, "germany", "bomber", "Germany") == 6
    _owns(state, "germany", "long_range_aircraft")
    assert bases.air_move(data, state, "germany", "bomber", "Germany") == 7
    assert bases.air_move(data, state, "germany", "fighter", "Western Germany") == 6


def test_G40_TECH_19_heavy_bombers_keep_the_better_of_two_dice() -> None:
    data, _ = make_state()
    heavy = frozenset({"heavy_bombers"})
    assert research.bomber_attack_hits(data, heavy, [6, 4])
    assert not research.bomber_attack_hits(data, heavy, [6, 5])
    assert research.bomber_attack_hits(data, frozenset(), [3])
    with pytest.raises(InvalidOrder):
        research.bomber_attack_hits(data, heavy, [3])
