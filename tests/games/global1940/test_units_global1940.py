"""Unit profiles (G40-UNIT-*): the numbers of table C.1 and the special abilities the pure rule
modules give each unit; carriers (G40-UNIT-CV-02/03, G40-MOB-09)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary import artillery
from pbem.games.aa.global1940 import bases, blitz, carriers, raids, restrictions
from tests.games.global1940.kit import add_unit, make_state, war


def _profile(data, utype: str) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
    u = data.unit(utype)
    return (u.cost, u.attack, u.defense, u.move)


def test_G40_UNIT_INF_01_infantry_attacks_two_beside_artillery() -> None:
    data, state = make_state()
    assert _profile(data, "infantry") == (3, 1, 2, 1)
    pair = [add_unit(state, "Poland", "infantry", "germany"),
            add_unit(state, "Poland", "artillery", "germany"),
            add_unit(state, "Poland", "infantry", "germany")]
    values = artillery.attack_values(data, state, "germany", pair)
    assert sorted((values[pair[0]["id"]], values[pair[2]["id"]])) == [1, 2]  # one-to-one


def test_G40_UNIT_ART_01_artillery_raises_infantry_or_mech_not_both() -> None:
    data, state = make_state()
    assert _profile(data, "artillery") == (4, 2, 2, 1)
    group = [add_unit(state, "Poland", "artillery", "germany"),
             add_unit(state, "Poland", "mech_infantry", "germany"),
             add_unit(state, "Poland", "infantry", "germany")]
    values = artillery.attack_values(data, state, "germany", group)
    assert values[group[1]["id"]] + values[group[2]["id"]] == 3


def test_G40_UNIT_MECH_01_mech_infantry_blitzes_only_with_armour() -> None:
    data, _ = make_state()
    assert _profile(data, "mech_infantry") == (4, 1, 2, 2)
    assert data.unit("mech_infantry").has("blitz_with_tank")
    assert blitz.mech_blitz_needs_tank(frozenset())


def test_G40_UNIT_ARM_01_armour_blitzes_and_supports_a_tactical_bomber() -> None:
    data, _ = make_state()
    assert _profile(data, "tank") == (6, 3, 3, 2)
    assert data.unit("tank").has("blitz") and data.unit("tank").has("supports_tactical_bomber")
    assert data.unit("tactical_bomber").attack_supported == 4


def test_G40_UNIT_AAA_01_aa_gun_three_shots_destroyed_on_capture() -> None:
    data, state = make_state()
    gun = data.unit("aa_gun")
    assert (gun.cost, gun.attack, gun.move, gun.aa_shots, gun.transport_cost) == (5, 0, 1, 3, 3)
    assert gun.has("destroyed_on_capture")


def test_G40_UNIT_FTR_01_fighter_profile_and_abilities() -> None:
    data, state = make_state()
    assert _profile(data, "fighter") == (10, 3, 4, 4)
    fighter = data.unit("fighter")
    assert {"escort", "intercept", "scramble", "lands_on_carrier"} <= fighter.abilities
    assert fighter.convoy_dice_on_carrier == 2
    assert bases.air_move(data, state, "uk", "fighter", "United Kingdom") == 5


def test_G40_UNIT_TAC_01_tactical_bomber_raids_bases_never_complexes() -> None:
    data, state = make_state()
    assert _profile(data, "tactical_bomber") == (11, 3, 3, 4)
    tac = add_unit(state, "Western Germany", "tactical_bomber", "germany")
    raids.check_target(data, state, "germany", tac, "United Kingdom", "air_base")
    with pytest.raises(IllegalOrder):
        raids.check_target(data, state, "germany", tac, "United Kingdom", "major_complex")
    with pytest.raises(IllegalOrder):
        raids.check_escorts_and_interceptors(data, [tac], [])
    assert raids.damage_roll(data, state, tac, [4]) == 4  # no +2


def test_G40_UNIT_BMB_01_bomber_raids_for_d6_plus_two_never_at_sea() -> None:
    data, state = make_state()
    assert _profile(data, "bomber") == (12, 4, 1, 6)
    bomber = add_unit(state, "Germany", "bomber", "germany")
    assert raids.damage_roll(data, state, bomber, [4]) == 6
    assert not data.unit("bomber").has("scramble") and not data.unit("bomber").carrier_cost


def test_G40_UNIT_BB_01_battleship_two_hits_free_repair_bombard_four() -> None:
    data, state = make_state()
    assert _profile(data, "battleship") == (20, 4, 4, 2)
    bb = data.unit("battleship")
    assert (bb.hits, bb.bombard, bb.convoy_dice) == (2, 4, 1)
    ship = add_unit(state, "SZ 110", "battleship", "uk", hits=1)
    assert ship["id"] in bases.free_repairs(data, state, "uk")


def test_G40_UNIT_CV_02_damaged_carrier_neither_launches_nor_lands() -> None:
    data, state = make_state()
    carrier = add_unit(state, "SZ 110", "carrier", "uk")
    carriers.check_deck(carrier)
    carrier["hits"] = 1
    with pytest.raises(IllegalOrder) as err:
        carriers.check_deck(carrier)
    assert err.value.rule_id == "G40-UNIT-CV-02"


def test_G40_UNIT_CA_01_cruiser_bombards_at_three() -> None:
    data, _ = make_state()
    assert _profile(data, "cruiser") == (12, 3, 3, 2)
    assert (data.unit("cruiser").bombard, data.unit("cruiser").convoy_dice) == (3, 1)


def test_G40_UNIT_DD_01_destroyer_detects_submarines() -> None:
    data, _ = make_state()
    assert _profile(data, "destroyer") == (8, 2, 2, 2)
    assert data.unit("destroyer").destroyer and data.unit("destroyer").convoy_dice == 1


def test_G40_UNIT_SS_01_submarine_strikes_first_and_ignores_aircraft() -> None:
    data, _ = make_state()
    assert _profile(data, "submarine") == (6, 2, 1, 2)
    assert {"first_strike", "submerge", "cannot_hit_air", "evades_air"} <= data.unit(
        "submarine").abilities


def test_G40_UNIT_TT_01_transport_profile() -> None:
    data, _ = make_state()
    assert _profile(data, "transport") == (7, 0, 0, 2)
    assert data.unit("transport").has("defenceless")


def test_G40_UNIT_TT_02_one_unit_and_one_infantry_or_two_infantry_allies_belligerent() -> None:
    data, state = make_state()
    room = data.unit("transport").transport_capacity
    infantry, other = data.unit("infantry").transport_cost, data.unit("tank").transport_cost
    assert 2 * infantry <= room and infantry + other <= room
    assert 2 * other > room and 3 * infantry > room
    assert not data.unit("minor_complex").transport_cost  # never installations
    assert not restrictions.may_share(data, state, "uk", "usa", "United Kingdom")
    war(state, "usa", "japan")
    assert restrictions.may_share(data, state, "uk", "usa", "United Kingdom")

