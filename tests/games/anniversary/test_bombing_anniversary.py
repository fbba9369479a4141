"""Strategic bombing raids (AAE-SBR), AA fire (AAE-AA), rockets and repairs."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.anniversary import antiaircraft as aa
from pbem.games.aa.anniversary import bombing
from pbem.games.aa.anniversary.complexes import capacity
from tests.games.anniversary.kit import add_unit, capture, give, make_state


def _bombers(state: dict, space: str, owner: str, n: int) -> list[dict]:
    return [add_unit(state, space, "bomber", owner) for _ in range(n)]


def test_AAE_SBR_01_only_bombers_raid_enemy_complexes() -> None:
    data, state = make_state()
    bombers = _bombers(state, "Germany", "uk", 1)
    fighter = add_unit(state, "Germany", "fighter", "uk")
    assert bombing.check_raid(data, state, "uk", "Germany", bombers) == "Germany"
    for target, raiders, rule in (("Germany", [fighter], "AAE-SBR-01"),
                                  ("France", bombers, "AAE-SBR-01"),
                                  ("Russia", bombers, "AAE-SBR-01")):
        with pytest.raises(IllegalOrder) as err:
            bombing.check_raid(data, state, "uk", target, raiders)
        assert err.value.rule_id == rule


def test_AAE_SBR_02_aa_gun_rolls_one_die_per_raiding_bomber() -> None:
    data, state = make_state()
    ids = [b["id"] for b in _bombers(state, "Germany", "uk", 3)]
    outcome = bombing.resolve_raid(data, state, "uk", "Germany", ids, [1, 2, 6], [3, 4])
    assert outcome["shot_down"] == [ids[0]] and outcome["survivors"] == ids[1:]
    with pytest.raises(InvalidOrder):
        bombing.resolve_raid(data, state, "uk", "Germany", ids, [1, 2], [3, 4])


def test_AAE_SBR_03_damage_is_the_total_of_the_survivors_dice() -> None:
    data, state = make_state()
    ids = [b["id"] for b in _bombers(state, "Germany", "uk", 2)]
    outcome = bombing.resolve_raid(data, state, "uk", "Germany", ids, [4, 5], [3, 6])
    assert outcome["damage"] == 9
    give(state, "uk", "heavy_bombers")
    with pytest.raises(InvalidOrder):
        bombing.resolve_raid(data, state, "uk", "Germany", ids, [4, 5], [3, 6])
    heavy = bombing.resolve_raid(data, state, "uk", "Germany", ids, [4, 5], [3, 6, 2, 1])
    assert heavy["damage"] == 12  # AAE-TECH-12: raid dice added


def test_AAE_SBR_04_damage_capped_at_twice_the_value() -> None:
    data, state = make_state()
    state["complexes"]["Karelia S.S.R."] = 3
    ids = [b["id"] for b in _bombers(state, "Karelia S.S.R.", "germany", 2)]
    outcome = bombing.resolve_raid(data, state, "germany", "Karelia S.S.R.", ids, [5, 5], [6, 6])
    assert outcome["rolled"] == 12 and outcome["damage"] == 1  # cap 4
    assert bombing.add_damage(data, state, "Karelia S.S.R.", 12) == 1
    assert state["complexes"]["Karelia S.S.R."] == 4 == bombing.max_damage(data, "Karelia S.S.R.")


def test_AAE_SBR_06_damage_reduces_capacity_never_below_zero() -> None:
    data, state = make_state()
    assert capacity(data, state, "germany", "Germany") == 10
    state["complexes"]["Germany"] = 4
    assert capacity(data, state, "germany", "Germany") == 6
    state["complexes"]["Germany"] = 20
    assert capacity(data, state, "germany", "Germany") == 0


def test_AAE_SBR_07_damage_stays_when_the_territory_changes_hands() -> None:
    data, state = make_state()
    state["complexes"]["Karelia S.S.R."] = 2
    capture(state, "Karelia S.S.R.", "germany")
    assert state["complexes"]["Karelia S.S.R."] == 2
    state["owners_at_turn_start"]["Karelia S.S.R."] = "germany"
    assert capacity(data, state, "germany", "Karelia S.S.R.") == 0


def test_AAE_TECH_15_bomber_that_carried_paratroopers_cannot_raid() -> None:
    data, state = make_state()
    bomber = add_unit(state, "Germany", "bomber", "uk", t_paratroopers=True)
    with pytest.raises(IllegalOrder) as err:
        bombing.check_raid(data, state, "uk", "Germany", [bomber])
    assert err.value.rule_id == "AAE-TECH-15"


def test_AAE_AA_01_only_defending_guns_fire() -> None:
    data, state = make_state()
    assert aa.firing_gun(data, state, "Germany", "uk") is not None
    assert aa.firing_gun(data, state, "Germany", "italy") is None  # own side
    assert aa.firing_gun(data, state, "France", "uk") is None  # no gun


def test_AAE_AA_03_one_die_per_aircraft_no_limit() -> None:
    planes = list(range(1, 8))
    assert aa.fire(planes, [1, 2, 3, 1, 1, 6, 5], 1) == [1, 4, 5]
    with pytest.raises(InvalidOrder):
        aa.fire(planes, [1, 2, 3], 1)


def test_AAE_AA_04_one_gun_per_territory_best_of_the_defenders() -> None:
    data, state = make_state()
    extra = add_unit(state, "Germany", "aa_gun", "italy")
    give(state, "italy", "radar")
    gun = aa.firing_gun(data, state, "Germany", "uk")
    assert gun == extra and aa.hit_value(data, state, gun) == 2


def test_AAE_AA_05_each_die_destroys_its_named_aircraft() -> None:
    data, state = make_state()
    attackers = [add_unit(state, "SZ 5", t, "uk") for t in ("bomber", "fighter", "infantry")]
    targets = aa.targets(data, attackers)
    assert targets == [attackers[0]["id"], attackers[1]["id"]]
    assert aa.fire(targets, [6, 1], 1) == [attackers[1]["id"]]


def test_AAE_AA_10_gun_fires_at_raid_and_again_in_general_combat() -> None:
    data, state = make_state()
    raiders = [b["id"] for b in _bombers(state, "Germany", "uk", 1)]
    bombing.resolve_raid(data, state, "uk", "Germany", raiders, [6], [2])
    assert aa.firing_gun(data, state, "Germany", "uk") is not None  # still fires later


def test_AAE_TECH_02_rockets_hit_enemy_complexes_within_three_spaces() -> None:
    data, state = make_state()
    give(state, "germany", "rockets")
    targets = bombing.rocket_targets(data, state, "germany", "Germany")
    assert "Karelia S.S.R." in targets and "United Kingdom" in targets
    assert "Italy" not in targets and "Russia" not in targets  # own side; 4 spaces away
    bombing.check_rockets(data, state, "germany", [("Germany", "Karelia S.S.R.")])
    with pytest.raises(IllegalOrder) as err:
        bombing.check_rockets(data, state, "germany", [("Germany", "Eastern United States")])
    assert err.value.rule_id == "AAE-TECH-14"


def test_AAE_TECH_13_one_rocket_per_territory_and_per_target() -> None:
    data, state = make_state()
    give(state, "germany", "rockets")
    add_unit(state, "Poland", "aa_gun", "germany")
    with pytest.raises(IllegalOrder) as err:
        bombing.check_rockets(data, state, "germany", [("Germany", "Karelia S.S.R."),
                                                       ("Poland", "Karelia S.S.R.")])
    assert err.value.rule_id == "AAE-TECH-13"
    with pytest.raises(IllegalOrder):
        bombing.check_rockets(data, state, "uk", [("United Kingdom", "Germany")])


def test_AAE_TECH_14_rocket_range_never_through_neutrals() -> None:
    data, state = make_state()
    # Spain is neutral: Gibraltar's reach is only by sea
    assert all(not data.spaces[t].neutral for t in bombing.rocket_targets(
        data, state, "uk", "Gibraltar"))


def test_AAE_PUR_03_repair_costs_one_per_marker_on_own_complexes() -> None:
    data, state = make_state()
    state["complexes"]["Germany"] = 5
    assert bombing.check_repair(data, state, "germany", {"Germany": 3}) == 3
    give(state, "germany", "increased_factory_production")
    assert bombing.check_repair(data, state, "germany", {"Germany": 5}) == 3
    bombing.repair(state, {"Germany": 5})
    assert state["complexes"]["Germany"] == 0
    for power, repairs in (("uk", {"Germany": 1}), ("germany", {"Germany": 1})):
        with pytest.raises(IllegalOrder) as err:
            bombing.check_repair(data, state, power, repairs)
        assert err.value.rule_id == "AAE-PUR-03"


def test_AAE_PUR_07_no_repair_while_capital_held() -> None:
    data, state = make_state()
    state["complexes"]["Caucasus"] = 2
    capture(state, "Russia", "germany")
    with pytest.raises(IllegalOrder) as err:
        bombing.check_repair(data, state, "ussr", {"Caucasus": 1})
    assert err.value.rule_id == "AAE-PUR-07"
