"""Politics: declarations of war, automatic entries, restrictions of powers not at war
(G40-POL)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940 import politics, restrictions
from pbem.games.aa.global1940.queries import at_war, belligerent, friendly
from tests.games.global1940.kit import add_unit, make_state, turn, war


def _declare(data, state, declarer, target, **kw):  # type: ignore[no-untyped-def]
    payload = politics.declare(data, state, declarer, target, **kw)
    politics.apply(state, payload)
    return payload


def test_G40_POL_02_declare_only_at_the_start_of_own_combat_move() -> None:
    data, state = make_state()
    turn(state, "germany", "purchase")
    with pytest.raises(IllegalOrder) as err:
        politics.declare(data, state, "germany", "ussr")
    assert err.value.rule_id == "G40-POL-02"
    turn(state, "germany")
    state["combat_moves_made"] = 1
    with pytest.raises(IllegalOrder):
        politics.declare(data, state, "germany", "ussr")
    turn(state, "italy")
    with pytest.raises(IllegalOrder):
        politics.declare(data, state, "germany", "ussr")


def test_G40_POL_03_war_is_symmetric_and_G40_POL_06_germany_declares_independently() -> None:
    data, state = make_state()
    turn(state, "germany")
    payload = _declare(data, state, "germany", "ussr")
    assert payload["pairs"] == [["germany", "ussr"]]
    assert at_war(state, "ussr", "germany") and not at_war(state, "germany", "usa")
    assert not at_war(state, "italy", "ussr")
    with pytest.raises(IllegalOrder):  # already at war
        politics.declare(data, state, "germany", "ussr")
    with pytest.raises(IllegalOrder):  # same side
        politics.declare(data, state, "germany", "italy")


def test_G40_POL_07_italy_may_declare_on_usa_ussr_china() -> None:
    data, state = make_state()
    turn(state, "italy")
    _declare(data, state, "italy", "usa")
    assert at_war(state, "italy", "usa") and not at_war(state, "germany", "usa")


def test_G40_POL_08_and_G40_POL_12_japan_on_uk_is_war_with_anzac_and_unprovoked() -> None:
    data, state = make_state()
    turn(state, "japan")
    payload = _declare(data, state, "japan", "uk")
    assert payload["pairs"] == [["anzac", "japan"], ["japan", "uk"]]
    assert not payload["provoked"]
    assert state["politics"]["flags"]["japan_unprovoked_on_west"]
    assert not at_war(state, "japan", "usa")  # G40-POL-12


def test_G40_POL_05_declaration_answering_an_act_of_war_is_provoked() -> None:
    data, state = make_state()
    politics.record_act_of_war(state, "uk", "japan")
    turn(state, "japan")
    payload = _declare(data, state, "japan", "anzac")
    assert payload["provoked"]
    assert "japan_unprovoked_on_west" not in state["politics"]["flags"]
    assert state["politics"]["declarations"][-1]["declarer"] == "japan"


def test_G40_POL_09_ussr_on_germany_only_from_round_4_unless_provoked() -> None:
    data, state = make_state()
    turn(state, "ussr", rnd=2)
    politics.declare(data, state, "ussr", "japan")  # allowed at any time
    with pytest.raises(IllegalOrder) as err:
        politics.declare(data, state, "ussr", "germany")
    assert err.value.rule_id == "G40-POL-09"
    turn(state, "ussr", rnd=4)
    politics.declare(data, state, "ussr", "germany")
    turn(state, "ussr", rnd=2)
    politics.record_capture(data, state, "germany", "United Kingdom")
    politics.declare(data, state, "ussr", "italy")  # London fell (AMB-08)


def test_G40_POL_10_ussr_belligerent_per_theatre() -> None:
    data, state = make_state()
    war(state, "ussr", "japan")
    assert belligerent(data, state, "ussr", "pacific")
    assert not belligerent(data, state, "ussr", "europe")
    assert not friendly(data, state, "uk", "ussr", "europe")


def test_G40_POL_15_us_entry_triggers() -> None:
    data, state = make_state()
    turn(state, "usa", rnd=2)
    with pytest.raises(IllegalOrder) as err:
        politics.declare(data, state, "usa", "japan")
    assert err.value.rule_id == "G40-POL-15"
    state["politics"]["flags"]["japan_unprovoked_on_west"] = True  # (d)
    politics.declare(data, state, "usa", "japan")
    state["politics"]["flags"].clear()
    politics.record_capture(data, state, "japan", "British Columbia")  # (c), AMB-50
    politics.declare(data, state, "usa", "germany")
    state["politics"]["flags"].clear()
    turn(state, "usa", rnd=4)  # from round 4 onward
    politics.declare(data, state, "usa", "italy")


def test_G40_POL_16_us_round3_collect_income_option_and_FAC_07_free_upgrade() -> None:
    data, state = make_state()
    turn(state, "usa", "collect_income", rnd=3)
    payload = _declare(data, state, "usa", "japan", at_income=True)
    assert sorted(payload["upgrades"]) == ["Central United States", "Eastern United States",
                                           "Western United States"]
    assert state["installations"]["Eastern United States"] == {
        "major_complex": 0, "air_base": 0, "naval_base": 0}
    _declare(data, state, "usa", "germany", at_income=True)  # any subset, AMB-06
    turn(state, "usa", "collect_income", rnd=2)
    with pytest.raises(IllegalOrder) as err:
        politics.declare(data, state, "usa", "italy", at_income=True)
    assert err.value.rule_id == "G40-POL-16"


def test_G40_POL_19_china_declares_only_on_an_axis_power_in_its_area() -> None:
    data, state = make_state()
    turn(state, "china")
    with pytest.raises(IllegalOrder) as err:
        politics.declare(data, state, "china", "germany")
    assert err.value.rule_id == "G40-POL-19"
    add_unit(state, "Yunnan", "infantry", "germany")
    politics.declare(data, state, "china", "germany")


def test_G40_POL_20_uk_on_japan_brings_anzac_and_is_not_a_us_trigger() -> None:
    data, state = make_state()
    turn(state, "uk")
    _declare(data, state, "uk", "japan")
    assert at_war(state, "anzac", "japan")
    assert not state["politics"]["flags"].get("japan_unprovoked_on_west")


def test_G40_POL_23_anzac_on_japan_brings_uk_and_G40_POL_24_france() -> None:
    data, state = make_state()
    turn(state, "anzac")
    _declare(data, state, "anzac", "japan")
    assert at_war(state, "uk", "japan")
    turn(state, "france")
    _declare(data, state, "france", "japan")
    assert at_war(state, "france", "japan")
    turn(state, "france")
    with pytest.raises(IllegalOrder):
        politics.declare(data, state, "france", "usa")


def test_G40_POL_22_italy_starts_at_war_with_france_uk_anzac() -> None:
    _, state = make_state()
    assert all(at_war(state, "italy", p) for p in ("france", "uk", "anzac"))
    assert not at_war(state, "italy", "usa")


def test_G40_POL_04_new_enemy_is_hostile_at_once() -> None:
    data, state = make_state()
    turn(state, "germany")
    with pytest.raises(IllegalOrder) as err:
        restrictions.check_entry(data, state, "germany", "Eastern Poland", combat=True)
    assert err.value.rule_id == "G40-POL-26"
    _declare(data, state, "germany", "ussr")
    restrictions.check_entry(data, state, "germany", "Eastern Poland", combat=True)


def test_G40_POL_11_japanese_ships_near_alaska_and_western_us() -> None:
    data, state = make_state()
    assert {int(z.split()[1]) for z in restrictions.japan_closed_zones(data, state)} == {
        1, 2, 3, 8, 9, 10, 11, 12}
    with pytest.raises(IllegalOrder) as err:
        restrictions.check_naval_end(data, state, "japan", "SZ 10", "destroyer")
    assert err.value.rule_id == "G40-POL-11"
    war(state, "japan", "usa")
    restrictions.check_naval_end(data, state, "japan", "SZ 10", "destroyer")


def test_G40_POL_17_us_ships_not_next_to_japan() -> None:
    data, state = make_state()
    assert {int(z.split()[1]) for z in restrictions.us_closed_zones(data, state)} == {
        6, 17, 19, 20, 22, 32, 33, 34, 36, 37}
    with pytest.raises(IllegalOrder) as err:
        restrictions.check_naval_end(data, state, "usa", "SZ 6", "cruiser")
    assert err.value.rule_id == "G40-POL-17"


def test_G40_POL_18_us_ships_in_europe_only_next_to_us_territory() -> None:
    data, state = make_state()
    assert {int(z.split()[1]) for z in restrictions.us_europe_open_zones(data, state) or ()} == {
        64, 89, 101, 121}
    restrictions.check_naval_end(data, state, "usa", "SZ 102", "cruiser")  # patrol
    with pytest.raises(IllegalOrder) as err:
        restrictions.check_naval_end(data, state, "usa", "SZ 102", "transport")
    assert err.value.rule_id == "G40-POL-18"
    war(state, "usa", "italy")
    restrictions.check_naval_end(data, state, "usa", "SZ 110", "transport")


def test_G40_POL_13_japan_attacks_dutch_only_at_war_with_uk_and_anzac() -> None:
    data, state = make_state()
    with pytest.raises(IllegalOrder) as err:
        restrictions.check_entry(data, state, "japan", "Java", combat=True)
    assert err.value.rule_id == "G40-POL-13"
    war(state, "japan", "uk")
    war(state, "japan", "anzac")
    restrictions.check_entry(data, state, "japan", "Java", combat=True)


def test_G40_POL_14_allies_keep_out_of_china_until_at_war_with_japan() -> None:
    data, state = make_state()
    with pytest.raises(IllegalOrder) as err:
        restrictions.check_entry(data, state, "uk", "Yunnan", combat=False)
    assert err.value.rule_id == "G40-POL-14"
    restrictions.check_entry(data, state, "china", "Yunnan", combat=False)
    war(state, "uk", "japan")
    restrictions.check_entry(data, state, "uk", "Yunnan", combat=False)


def test_G40_POL_21_dutch_territories_are_open_to_uk_and_anzac() -> None:
    data, state = make_state()
    restrictions.check_entry(data, state, "anzac", "Java", combat=False)
    assert state["owners"]["Java"] is None and data.space("Java").dutch


def test_G40_POL_25_powers_not_at_war_share_sea_zones() -> None:
    data, state = make_state()
    restrictions.check_entry(data, state, "usa", "SZ 6", combat=False)
    assert restrictions.may_share(data, state, "usa", "japan", "SZ 6")


def test_G40_POL_26_no_attack_on_units_of_a_power_not_at_war() -> None:
    data, state = make_state()
    war(state, "germany", "ussr")
    add_unit(state, "Eastern Poland", "infantry", "usa")
    with pytest.raises(IllegalOrder) as err:
        restrictions.check_entry(data, state, "germany", "Eastern Poland", combat=True)
    assert err.value.rule_id == "G40-POL-26"


def test_G40_POL_27_sharing_needs_both_belligerent() -> None:
    data, state = make_state()
    assert restrictions.may_share(data, state, "uk", "france", "United Kingdom")
    assert not restrictions.may_share(data, state, "uk", "usa", "United Kingdom")


def test_G40_POL_28_non_belligerent_keeps_to_its_own_territory() -> None:
    data, state = make_state()
    for space in ("Mexico", "Brazil"):  # Mexico is US: allowed; Brazil is neutral
        if space == "Brazil":
            with pytest.raises(IllegalOrder) as err:
                restrictions.check_entry(data, state, "usa", space, combat=False)
            assert err.value.rule_id == "G40-POL-28"
        else:
            restrictions.check_entry(data, state, "usa", space, combat=False)
    with pytest.raises(IllegalOrder):
        restrictions.check_entry(data, state, "usa", "Ontario", combat=False)
