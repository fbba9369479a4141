"""Artillery support (AAE-UNIT-INF-02, AAE-UNIT-ART), shore bombardment (AAE-BOMB) and new
industrial complexes (AAE-PUR-06, AAE-MOB-02/07/08/10)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary import artillery, bombardment, complexes
from tests.games.anniversary.kit import add_unit, capture, give, make_state


def _attack(state: dict, kinds: list[str], owner: str = "germany") -> list[dict]:
    return [add_unit(state, "Poland", k, owner) for k in kinds]


def test_AAE_UNIT_INF_02_five_infantry_two_artillery() -> None:
    data, state = make_state()
    units = _attack(state, ["infantry"] * 5 + ["artillery"] * 2)
    values = artillery.attack_values(data, state, "germany", units)
    assert sorted(values[u["id"]] for u in units if u["type"] == "infantry") == [1, 1, 1, 2, 2]
    assert artillery.supported_count(data, frozenset(), 5, 2) == 2


def test_AAE_UNIT_ART_02_artillery_attacks_at_two_and_only_supports_on_attack() -> None:
    data, state = make_state()
    units = _attack(state, ["artillery", "tank"])
    assert [artillery.attack_values(data, state, "germany", units)[u["id"]] for u in units] == [2, 3]
    assert data.unit("infantry").defense == 2  # never raised on defence


def test_AAE_UNIT_ART_01_artillery_profile() -> None:
    data, _ = make_state()
    art = data.unit("artillery")
    assert (art.cost, art.attack, art.defense, art.move) == (4, 2, 2, 1)


def test_AAE_TECH_01_advanced_artillery_pairs_two_infantry() -> None:
    data, state = make_state()
    give(state, "germany", "advanced_artillery")
    units = _attack(state, ["infantry"] * 3 + ["artillery"])
    values = artillery.attack_values(data, state, "germany", units)
    assert sorted(values[u["id"]] for u in units if u["type"] == "infantry") == [1, 2, 2]


def test_AAE_TECH_08_jets_enter_attack_values() -> None:
    data, state = make_state()
    give(state, "germany", "jet_fighters")
    (fighter,) = _attack(state, ["fighter"])
    assert artillery.attack_values(data, state, "germany", [fighter])[fighter["id"]] == 4


def _ships(state: dict, zone: str, kinds: list[str], owner: str = "uk") -> list[tuple[str, dict]]:
    return [(zone, add_unit(state, zone, k, owner)) for k in kinds]


def test_AAE_BOMB_01_only_battleships_and_cruisers_from_the_offload_zone() -> None:
    data, state = make_state()
    ships = _ships(state, "SZ 7", ["battleship", "cruiser"])
    bombardment.check_bombardment(data, state, "uk", "France", ships, {"SZ 7"}, set(), 2)
    for bad, zones in ((_ships(state, "SZ 7", ["destroyer"]), {"SZ 7"}), (ships, {"SZ 13"})):
        with pytest.raises(IllegalOrder) as err:
            bombardment.check_bombardment(data, state, "uk", "France", bad, zones, set(), 2)
        assert err.value.rule_id == "AAE-BOMB-01"


def test_AAE_BOMB_02_no_bombardment_after_a_sea_battle_there() -> None:
    data, state = make_state()
    ships = _ships(state, "SZ 7", ["battleship"])
    with pytest.raises(IllegalOrder) as err:
        bombardment.check_bombardment(data, state, "uk", "France", ships, {"SZ 7"}, {"SZ 7"}, 2)
    assert err.value.rule_id == "AAE-BOMB-02"


def test_AAE_BOMB_03_no_more_ships_than_land_units_offloaded() -> None:
    data, state = make_state()
    ships = _ships(state, "SZ 7", ["battleship", "cruiser", "cruiser"])
    with pytest.raises(IllegalOrder) as err:
        bombardment.check_bombardment(data, state, "uk", "France", ships, {"SZ 7"}, set(), 2)
    assert err.value.rule_id == "AAE-BOMB-03" and err.value.params["limit"] == 2


def test_AAE_BOMB_04_battleship_hits_on_four_cruiser_on_three() -> None:
    data, state = make_state()
    bb, ca = (u for _, u in _ships(state, "SZ 7", ["battleship", "cruiser"]))
    assert bombardment.hits(data, [bb, ca], [4, 4]) == 1
    assert bombardment.hits(data, [bb, ca], [4, 3]) == 2
    assert bombardment.hits(data, [bb, ca], [5, 4]) == 0


def test_AAE_BOMB_05_hits_are_counted_for_the_casualty_zone() -> None:
    data, state = make_state()
    ships = [u for _, u in _ships(state, "SZ 7", ["battleship", "battleship"])]
    assert bombardment.hits(data, ships, [1, 2]) == 2


def test_AAE_BOMB_06_each_ship_bombards_once_per_turn() -> None:
    data, state = make_state()
    ships = _ships(state, "SZ 7", ["cruiser"])
    ships[0][1]["t_bombarded"] = True
    with pytest.raises(IllegalOrder) as err:
        bombardment.check_bombardment(data, state, "uk", "France", ships, {"SZ 7"}, set(), 1)
    assert err.value.rule_id == "AAE-BOMB-06"


def test_AAE_PUR_06_complex_costs_fifteen() -> None:
    data, _ = make_state()
    assert data.unit("industrial_complex").cost == 15


def test_AAE_MOB_08_new_complex_where_held_since_turn_start_value_one() -> None:
    data, state = make_state()
    assert complexes.check_new_complex(data, state, "uk", "India") == "India"
    cases = (("Gibraltar", "uk"), ("United Kingdom", "uk"), ("France", "uk"),
             ("SZ 7", "uk"), ("Spain", "uk"))
    for territory, power in cases:
        with pytest.raises(IllegalOrder) as err:
            complexes.check_new_complex(data, state, power, territory)
        assert err.value.rule_id == "AAE-MOB-08", territory
    capture(state, "Egypt", "germany")  # captured this turn: not since the turn start
    with pytest.raises(IllegalOrder):
        complexes.check_new_complex(data, state, "germany", "Egypt")


def test_AAE_MOB_10_new_complex_mobilizes_nothing_this_turn() -> None:
    data, state = make_state()
    complexes.place_complex(state, "India")
    assert complexes.capacity(data, state, "uk", "India") == 0
    state.pop("complexes_placed")
    assert complexes.capacity(data, state, "uk", "India") == 3


def test_AAE_MOB_02_capacity_is_value_plus_two_with_ifp() -> None:
    data, state = make_state()
    assert complexes.capacity(data, state, "ussr", "Karelia S.S.R.") == 2
    give(state, "ussr", "increased_factory_production")
    assert complexes.capacity(data, state, "ussr", "Karelia S.S.R.") == 4  # spec D-03


def test_AAE_MOB_07_no_mobilizing_at_an_allys_complex() -> None:
    data, state = make_state()
    assert complexes.capacity(data, state, "usa", "United Kingdom") == 0
