"""Who fights and what is captured (G40-CMB-01, -20, -21, -22, -33), as far as the pure
Global 1940 modules decide it."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940 import bases, carriers, interception, restrictions
from tests.games.global1940.kit import add_unit, make_state, turn, war


def test_G40_CMB_01_combat_only_between_powers_at_war() -> None:
    data, state = make_state()
    turn(state, "japan")
    with pytest.raises(IllegalOrder) as err:
        restrictions.check_entry(data, state, "japan", "Malaya", combat=True)
    assert err.value.rule_id == "G40-POL-26"


def test_G40_CMB_20_damaged_capital_ships_stay_damaged_until_repaired() -> None:
    data, state = make_state()
    battleship = add_unit(state, "SZ 110", "battleship", "uk", hits=1)
    carrier = add_unit(state, "SZ 110", "carrier", "uk", hits=1)
    assert data.unit("battleship").hits == data.unit("carrier").hits == 2
    with pytest.raises(IllegalOrder):
        carriers.check_deck(carrier)  # keeps its defence, launches and lands nothing
    assert {battleship["id"], carrier["id"]} <= set(bases.free_repairs(data, state, "uk"))
    for territory in data.adjacency["SZ 110"]:  # no operational naval base serves it
        if bases.has(state, territory, "naval_base"):
            state["installations"][territory]["naval_base"] = 3
    assert battleship["id"] not in bases.free_repairs(data, state, "uk")


def test_G40_CMB_21_only_land_units_capture_territory() -> None:
    data, _ = make_state()
    capturers = sorted(u for u in data.unit_order if data.unit(u).has("captures_territory"))
    assert capturers == ["artillery", "infantry", "mech_infantry", "tank"]


def test_G40_CMB_22_capture_passes_installations_and_destroys_aa_guns() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    assert "aa_gun" not in [u for u in data.unit_order if data.unit(u).has("captures_territory")]
    payload = bases.capture(data, state, "Russia", "germany")
    assert payload["power"] == "germany" and "air_base" in payload["installations"]


def test_G40_CMB_33_cargo_never_fights_and_is_lost_with_its_carrier_or_transport() -> None:
    data, state = make_state()
    zone = "SZ 110"
    state["units"][zone] = []
    transport = add_unit(state, zone, "transport", "uk")
    cargo = add_unit(state, zone, "infantry", "uk", aboard=transport["id"])
    carrier = add_unit(state, zone, "carrier", "uk", hits=1)
    plane = add_unit(state, zone, "fighter", "uk", aboard=carrier["id"])
    interception.apply_losses(state, zone, [transport["id"]])
    ids = [u["id"] for u in state["units"][zone]]
    assert cargo["id"] not in ids and plane["id"] in ids
