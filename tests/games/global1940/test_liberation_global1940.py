"""Liberation of allied territories and capitals, France's bonus, the Dutch territories
(G40-CMB-24, G40-CMB-36, G40-NO-FRA-01, G40-FAC-06, G40-POL-21, G40-UK-08)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940 import bases, complexes, dutch, income, liberation
from tests.games.global1940.kit import make_state


def _fall(state: dict, power: str, *territories: str) -> None:  # type: ignore[type-arg]
    for t in territories:
        state["owners"][t] = power


def test_G40_CMB_24_liberated_territory_returns_to_its_original_controller() -> None:
    data, state = make_state()
    _fall(state, "germany", "Normandy Bordeaux")
    _fall(state, "uk", "Normandy Bordeaux")  # the UK captures it back, Paris still French
    payload = liberation.settle(data, state, "uk", ["Normandy Bordeaux"])
    assert payload["returns"] == [{"territory": "Normandy Bordeaux", "from": "uk",
                                   "to": "france"}]
    liberation.apply(state, payload)
    assert state["owners"]["Normandy Bordeaux"] == "france"
    assert income.production(data, state, "france") == 19  # income back at once


def test_G40_CMB_24_liberator_keeps_it_while_the_capital_is_enemy_held() -> None:
    data, state = make_state()
    _fall(state, "germany", "France")
    _fall(state, "uk", "Normandy Bordeaux")
    payload = liberation.settle(data, state, "uk", ["Normandy Bordeaux"])
    assert payload["returns"] == []  # the UK keeps it, collects its income
    assert liberation.controller(data, state, "Normandy Bordeaux", "uk") == "uk"
    # an enemy's original territory, a Dutch one, a former neutral: the capturer keeps them
    assert liberation.controller(data, state, "Western Germany", "uk") == "uk"
    assert liberation.controller(data, state, "Java", "usa") == "usa"
    assert liberation.controller(data, state, "Sweden", "uk") == "uk"


def test_G40_CMB_24_uk_regional_capital_decides_per_economy() -> None:
    data, state = make_state()
    _fall(state, "japan", "India", "Malaya")
    _fall(state, "anzac", "Malaya")
    assert liberation.controller(data, state, "Malaya", "anzac") == "anzac"  # Calcutta lost
    _fall(state, "germany", "Gibraltar", "United Kingdom")
    _fall(state, "usa", "Gibraltar")
    assert liberation.controller(data, state, "Gibraltar", "usa") == "usa"  # London lost
    _fall(state, "uk", "India")
    assert liberation.controller(data, state, "Malaya", "anzac") == "uk"  # Calcutta back


def test_G40_CMB_36_liberated_capital_takes_back_its_territories_and_installations() -> None:
    data, state = make_state()
    _fall(state, "germany", "France", "Normandy Bordeaux")
    _fall(state, "uk", "Normandy Bordeaux")  # held by the UK while Paris is German
    state["ipcs"]["germany"] += 7
    _fall(state, "usa", "France")  # the US liberates Paris
    before = dict(state["ipcs"])
    payload = liberation.settle(data, state, "usa", ["France"])
    assert payload["returns"] == [
        {"territory": "France", "from": "usa", "to": "france"},
        {"territory": "Normandy Bordeaux", "from": "uk", "to": "france"}]  # AMB-20
    liberation.apply(state, payload)
    assert state["owners"]["Normandy Bordeaux"] == "france"
    assert state["ipcs"] == before  # no IPCs are returned
    # FAC-06: a returned complex serves its owner from the start of its next turn
    assert ["France", "france"] in state["installations_idle"]
    assert complexes.capacity(data, state, "france", "France") == 0
    bases.wake(state, "france")
    assert complexes.capacity(data, state, "france", "France") == 10


def test_G40_NO_FRA_01_first_liberation_of_paris_places_twelve_ipcs_of_units() -> None:
    data, state = make_state()
    _fall(state, "germany", "France")
    _fall(state, "uk", "France")
    payload = liberation.settle(data, state, "uk", ["France"])
    assert payload["france_bonus"]
    liberation.apply(state, payload)
    bonus = liberation.france_bonus(data)  # default: 4 infantry (AMB-23)
    assert bonus["units"] == {"infantry": 4}
    count = len(state["units"].get("France", []))
    liberation.apply_france_bonus(state, bonus)
    assert len(state["units"]["France"]) == count + 4
    assert all(u["owner"] == "france" for u in state["units"]["France"][-4:])
    assert liberation.france_bonus(data, {"tank": 2})["units"] == {"tank": 2}
    with pytest.raises(IllegalOrder) as err:
        liberation.check_france_bonus(data, {"tank": 2, "infantry": 1})  # 15 > 12
    assert err.value.rule_id == "G40-NO-FRA-01"
    with pytest.raises(IllegalOrder):
        liberation.check_france_bonus(data, {"fighter": 1})  # land units only
    fresh = make_state()[1]
    _fall(fresh, "germany", "France")
    _fall(fresh, "france", "France")  # French units retake Paris themselves
    assert liberation.settle(data, fresh, "france", ["France"])["france_bonus"]
    _fall(state, "germany", "France")  # lost and liberated again: no new bonus
    _fall(state, "uk", "France")
    assert not liberation.settle(data, state, "uk", ["France"])["france_bonus"]


def test_G40_FAC_06_liberated_complex_stays_minor() -> None:
    data, state = make_state()
    payload = bases.capture(data, state, "France", "germany")  # major -> minor
    _fall(state, "germany", "France")
    bases.apply_capture(state, payload)
    payload = bases.capture(data, state, "France", "uk")
    _fall(state, "uk", "France")
    bases.apply_capture(state, payload)
    liberation.apply(state, liberation.settle(data, state, "uk", ["France"]))
    assert complexes.complex_kind(state, "France") == "minor_complex"
    assert state["owners"]["France"] == "france"


def test_G40_POL_21_first_uk_or_anzac_land_unit_takes_a_dutch_territory() -> None:
    data, state = make_state()
    assert dutch.takeover(data, state, "usa", "Java", "infantry") is None  # enters only
    assert dutch.takeover(data, state, "uk", "Java", "fighter") is None  # air: no control
    payload = dutch.takeover(data, state, "anzac", "Java", "infantry")
    assert payload == {"territory": "Java", "power": "anzac"}
    dutch.apply_takeover(state, payload)
    assert income.production(data, state, "anzac") == 10 + data.spaces["Java"].value
    assert dutch.takeover(data, state, "uk", "Java", "infantry") is None  # no longer Dutch
    assert dutch.wronged_by_attack(data, state, "japan", "Sumatra") == ("uk", "anzac")
    assert dutch.wronged_by_attack(data, state, "japan", "Java") == ()


def test_G40_UK_08_territories_of_a_lost_economy_are_held_by_their_liberators() -> None:
    data, state = make_state()
    _fall(state, "japan", "India", "Burma")
    _fall(state, "usa", "Burma")
    liberation.apply(state, liberation.settle(data, state, "usa", ["Burma"]))
    assert state["owners"]["Burma"] == "usa"  # held temporarily by the liberator
    _fall(state, "usa", "India")
    payload = liberation.settle(data, state, "usa", ["India"])  # Calcutta liberated
    assert {"territory": "Burma", "from": "usa", "to": "uk"} in payload["returns"]
