"""China (AAE-CHINA)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary import china
from pbem.games.aa.anniversary.turn import steps
from tests.games.anniversary.kit import add_unit, capture, make_state


def test_AAE_CHINA_01_china_is_an_allied_power_without_treasury() -> None:
    data, _ = make_state()
    assert data.side_of("china") == "allies" and "china" not in data.treasury
    assert data.inside_turn_of == {"china": "usa"}


def test_AAE_CHINA_03_one_infantry_per_two_territories() -> None:
    data, state = make_state()
    assert china.free_infantry(data, state) == 3  # 7 territories
    capture(state, "Yunnan", "japan")
    assert china.free_infantry(data, state) == 3  # 6
    capture(state, "Hupeh", "japan")
    assert china.free_infantry(data, state) == 2  # 5
    capture(state, "Manchuria", "china")
    assert china.free_infantry(data, state) == 3  # Manchuria counts once Chinese


def test_AAE_CHINA_04_placement_below_three_chinese_units() -> None:
    data, state = make_state("1942")
    state["china_pending"] = 3
    counts = {t: china.chinese_units(state, t) for t in china.chinese_territories(data, state)}
    add_unit(state, "Hupeh", "infantry", "usa")  # allied units do not count
    allowed = china.placement_territories(data, state, counts)
    assert "Yunnan" not in allowed  # 2 inf + 1 ftr
    assert "Suiyuan" in allowed and "Hupeh" in allowed
    assert china.check_placement(data, state, {"Suiyuan": 3}, counts) == {"Suiyuan": 3}
    with pytest.raises(IllegalOrder) as err:
        china.check_placement(data, state, {"Yunnan": 1}, counts)
    assert err.value.rule_id == "AAE-CHINA-04"
    with pytest.raises(IllegalOrder):
        china.check_placement(data, state, {"Suiyuan": 4}, counts)


def test_AAE_CHINA_05_chinese_units_stay_in_china() -> None:
    data, state = make_state()
    inf = state["units"]["Yunnan"][0]
    china.check_path(data, inf, ["Yunnan", "Kwangtung"])
    for path in (["Yunnan", "Burma"], ["Fukien", "SZ 61"]):
        with pytest.raises(IllegalOrder) as err:
            china.check_path(data, inf, path)
        assert err.value.rule_id == "AAE-CHINA-05"
    china.check_path(data, {"owner": "usa"}, ["Yunnan", "Burma"])


def test_AAE_CHINA_06_china_may_control_manchuria_and_kiangsu() -> None:
    data, state = make_state()
    assert china.controller_after_capture(data, "Manchuria", "china", "china") == "china"
    capture(state, "Kiangsu", "china")
    assert "Kiangsu" in china.chinese_territories(data, state)


def test_AAE_CHINA_07_kwangtung_goes_to_the_united_kingdom() -> None:
    data, _ = make_state("1942")
    assert china.controller_after_capture(data, "Kwangtung", "china", "uk") == "uk"
    assert china.controller_after_capture(data, "Kwangtung", "usa", "uk") == "uk"
    assert china.controller_after_capture(data, "Kwangtung", "japan", "uk") == "japan"


def test_AAE_CHINA_08_no_transports() -> None:
    with pytest.raises(IllegalOrder) as err:
        china.check_transport({"owner": "china"})
    assert err.value.rule_id == "AAE-CHINA-08"
    china.check_transport({"owner": "usa"})


def test_AAE_CHINA_09_flying_tigers_are_chinese_and_bound_to_china() -> None:
    data, state = make_state()
    tiger = next(u for u in state["units"]["Yunnan"] if u["type"] == "fighter")
    assert tiger["owner"] == "china"
    with pytest.raises(IllegalOrder):
        china.check_path(data, tiger, ["Yunnan", "India"])


def test_AAE_CHINA_10_china_block_before_or_after_the_us_block() -> None:
    data, state = make_state()
    us_first = steps(data, state, "usa")
    china_first = steps(data, state, "usa", first_block="china")
    assert us_first[:3] == (("usa", "research"), ("usa", "purchase"), ("china", "purchase"))
    assert us_first[3:7] == (("usa", "combat_move"), ("usa", "combat"),
                             ("china", "combat_move"), ("china", "combat"))
    assert china_first[3:7] == (("china", "combat_move"), ("china", "combat"),
                                ("usa", "combat_move"), ("usa", "combat"))
    assert us_first[7:] == (("usa", "noncombat_move"), ("china", "noncombat_move"),
                            ("usa", "mobilize"), ("china", "mobilize"), ("usa", "collect_income"))
    with pytest.raises(IllegalOrder) as err:
        china.check_block_order(["china"], "china")
    assert err.value.rule_id == "AAE-CHINA-10"


def test_AAE_CHINA_11_liberated_chinese_territory_returns_to_china() -> None:
    data, _ = make_state()
    assert china.controller_after_capture(data, "Kiangsu", "uk", "china") == "china"
    assert china.controller_after_capture(data, "Hupeh", "usa", "china") == "china"


def test_AAE_CHINA_12_china_never_loses_a_capital() -> None:
    data, state = make_state()
    from pbem.games.aa.anniversary.queries import capital_lost
    for t in china.chinese_territories(data, state):
        capture(state, t, "japan")
    assert not capital_lost(data, state, "china")


def test_AAE_CHINA_13_china_plays_while_washington_is_held() -> None:
    data, state = make_state()
    capture(state, "Eastern United States", "germany")
    seq = steps(data, state, "usa")
    assert ("china", "purchase") in seq and ("china", "mobilize") in seq
    assert ("china", "combat_move") in seq
    assert ("usa", "purchase") not in seq and ("usa", "combat_move") in seq
    assert china.free_infantry(data, state) == 3


def test_AAE_CHINA_14_unplaced_free_infantry_wait() -> None:
    data, state = make_state()
    state["china_pending"] = 3
    counts = {t: 3 for t in china.chinese_territories(data, state)}
    assert china.placement_territories(data, state, counts) == []
    assert state["china_pending"] == 3


def test_AAE_SEQ_10_china_inside_the_us_turn() -> None:
    data, state = make_state("1942")
    seq = steps(data, state, "usa")
    assert seq.index(("china", "purchase")) == seq.index(("usa", "purchase")) + 1
    assert seq.index(("china", "mobilize")) == seq.index(("usa", "mobilize")) + 1
    assert "china" not in data.turn_order


def test_AAE_CHINA_05_a_chinese_fighter_is_never_asked_to_land_outside_china() -> None:
    """Long fuzz, run 0 game 6: China's fighter in hostile Manchuria with one move left could
    reach only Buryatia (Soviet, outside China): the family's "land every air unit you can"
    (AA41-AIR-08, AAE-NCM-08) named that landing, the move there was refused (AAE-CHINA-05) and
    China's noncombat move could never end. A spot counts only if a legal move reaches it."""
    from pbem.games.aa.helpers import phase_requirements
    from tests.games.anniversary.facade import events
    from tests.games.anniversary.move_kit import board, end_phase, refused_move, u, uid

    g = board({"Manchuria": [u("fighter", "china", t_moved=3)], "Kiangsu": [u("infantry", "japan")]},
              power="china", phase="noncombat_move",
              owners={"Manchuria": "japan", "Suiyuan": "japan", "Kiangsu": "japan"})
    fighter = uid(g, "Manchuria", "fighter")
    refused_move(g, [fighter], ["Manchuria", "Buryatia S.S.R."], "AAE-CHINA-05")
    assert phase_requirements(g.ruleset, g.state) == []
    end_phase(g)
    assert fighter in events(g, "aa.air_lost")[-1]["units"]  # no safe space it may reach: lost
