"""Blitzing and overflight (G40-CM-15, -26, -31, -32, G40-NEUT-05, -13); the turn's steps are
tested through the ruleset (test_sequence_ruleset_global1940.py)."""

from __future__ import annotations

from pbem.games.aa.global1940 import airpaths, blitz
from tests.games.global1940.kit import add_unit, make_state, refused, war


def test_G40_CM_15_blitz_through_an_empty_hostile_territory_takes_it() -> None:
    data, state = make_state()
    state["units"]["Normandy Bordeaux"] = []
    state["installations"].pop("Normandy Bordeaux")
    blitz.check_first_step(data, state, "germany", "Normandy Bordeaux")
    refused("G40-CM-15", blitz.check_first_step, data, state, "germany", "Poland")  # own
    refused("G40-CM-15", blitz.check_first_step, data, state, "germany", "Eastern Poland")


def test_G40_CM_31_an_aa_gun_or_installation_stops_the_blitz() -> None:
    data, state = make_state()
    state["units"]["Normandy Bordeaux"] = []
    refused("G40-CM-31", blitz.check_first_step, data, state, "germany", "Normandy Bordeaux")
    state["installations"].pop("Normandy Bordeaux")
    add_unit(state, "Normandy Bordeaux", "aa_gun", "france")
    refused("G40-CM-31", blitz.check_first_step, data, state, "germany", "Normandy Bordeaux")


def test_G40_NEUT_13_no_blitz_through_a_neutral() -> None:
    data, state = make_state()
    refused("G40-NEUT-13", blitz.check_first_step, data, state, "germany", "Sweden")


def test_G40_CM_32_one_mech_infantry_per_armour_same_start_and_end() -> None:
    data, _ = make_state()
    none: frozenset[str] = frozenset()
    pair = [{"id": 1, "type": "tank", "path": ["A", "B", "C"]},
            {"id": 2, "type": "mech_infantry", "path": ["A", "B", "C"]}]
    blitz.check_pairs(data, none, pair)
    two = [*pair, {"id": 3, "type": "mech_infantry", "path": ["A", "B", "C"]}]
    refused("G40-CM-32", blitz.check_pairs, data, none, two)
    apart = [pair[0], {"id": 2, "type": "mech_infantry", "path": ["A", "B", "D"]}]
    refused("G40-CM-32", blitz.check_pairs, data, none, apart)
    blitz.check_pairs(data, frozenset({"improved_mechanized_infantry"}), two)  # G40-TECH-13


def test_G40_CM_26_aircraft_fly_over_hostile_spaces() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    airpaths.check_overflight(data, state, ["Poland", "Eastern Poland", "Belarus",
                                            "Russia"], attacking=True)


def test_G40_NEUT_05_aircraft_never_fly_over_a_neutral() -> None:
    data, state = make_state()
    refused("G40-NEUT-05", airpaths.check_overflight, data, state,
            ["Norway", "Sweden", "Finland", "Karelia"], False)
    airpaths.check_overflight(data, state, ["Norway", "Sweden"], True)  # attacking it
    refused("G40-NEUT-05", airpaths.check_overflight, data, state, ["Norway", "Sweden"],
            False)
    refused("G40-MAP-08", airpaths.check_overflight, data, state,
            ["Eastern Poland", "Pripet Marshes", "Belarus"], True)
