"""Optional research in Global 1940 (G40-TECH-*), rockets and paratroopers."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary import artillery
from pbem.games.aa.global1940 import bases, income, paratroopers, raids, rockets, support
from tests.games.global1940.facade import RS
from tests.games.global1940.kit import add_unit, make_state


def _owns(state: dict, power: str, *advances: str) -> None:  # type: ignore[type-arg]
    state["research"][power] = {"tokens": 0, "advances": sorted(advances)}


def test_G40_TECH_06_an_advance_is_the_powers_own() -> None:
    _, state = make_state(research=True)
    _owns(state, "germany", "super_submarines")
    german = add_unit(state, "SZ 112", "submarine", "germany")
    italian = add_unit(state, "SZ 112", "submarine", "italy")
    attack = RS.edition.combat.attack_values
    assert attack is not None
    assert attack(RS, state, "germany", [german]) == {german["id"]: 3}
    assert attack(RS, state, "italy", [italian]) == {italian["id"]: 2}  # ally: not shared


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


def test_G40_TECH_14_super_submarines_attack_three_defence_unchanged() -> None:
    data, state = make_state()
    _owns(state, "germany", "super_submarines")
    sub = add_unit(state, "SZ 112", "submarine", "germany")
    assert support.attack_values(data, state, "germany", [sub]) == {sub["id"]: 3}
    assert data.unit("submarine").defense == 1


def test_G40_TECH_15_jet_fighters_attack_four_and_hit_on_two_in_air_battles() -> None:
    data, state = make_state()
    fighter = add_unit(state, "Germany", "fighter", "germany")
    assert raids.air_battle_hit(data, state, fighter) == 1
    _owns(state, "germany", "jet_fighters")
    assert support.attack_values(data, state, "germany", [fighter]) == {fighter["id"]: 4}
    assert raids.air_battle_hit(data, state, fighter) == 2


def test_G40_TECH_18_long_range_aircraft_one_more_move() -> None:
    data, state = make_state()
    assert bases.air_move(data, state, "germany", "bomber", "Germany") == 6
    _owns(state, "germany", "long_range_aircraft")
    assert bases.air_move(data, state, "germany", "bomber", "Germany") == 7
    assert bases.air_move(data, state, "germany", "fighter", "Western Germany") == 6
