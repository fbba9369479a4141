"""China (G40-CHINA-*, G40-NO-CHN-01, G40-PUR-02)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940 import china, convoy, economy, income, liberation
from pbem.games.aa.global1940.queries import treasury_capital_lost
from tests.games.global1940.kit import add_unit, make_state


def _rule(err: pytest.ExceptionInfo[IllegalOrder]) -> str:
    return err.value.rule_id


def test_G40_CHINA_01_china_has_its_own_treasury_never_pooled() -> None:
    data, state = make_state()
    assert [t.id for t in data.treasuries_of("china")] == ["china"]
    assert state["ipcs"]["china"] == 12
    with pytest.raises(IllegalOrder) as err:
        economy.check_spend(data, state, "china", "usa", 3)  # the US cannot spend China's
    assert _rule(err) == "G40-UK-04"


def test_G40_CHINA_02_no_capital_keeps_ipcs_when_all_territories_are_lost() -> None:
    data, state = make_state()
    for territory in data.rules["china"]["territories"]:
        state["owners"][territory] = "japan"
    assert not treasury_capital_lost(data, state, "china")
    assert income.income(data, state, "china")["total"] == 0  # nothing to collect ...
    assert state["ipcs"]["china"] == 12  # ... but nothing seized
    assert china.placement_territories(data, state) == []
    state["owners"]["Yunnan"] = "china"  # liberated: may spend again
    economy.check_spend(data, state, "china", "china", 12)
    assert china.placement_territories(data, state) == ["Yunnan"]


def test_G40_CHINA_03_and_G40_PUR_02_infantry_only_artillery_with_the_burma_road() -> None:
    data, state = make_state()
    assert china.burma_road_open(data, state)
    china.check_purchase(data, state, {"infantry": 3, "artillery": 1})
    for utype in ("fighter", "aa_gun", "transport", "minor_complex", "tank"):
        with pytest.raises(IllegalOrder) as err:
            china.check_purchase(data, state, {utype: 1})
        assert _rule(err) == "G40-CHINA-03"
    state["owners"]["Burma"] = "japan"
    assert china.buyable(data, state) == ("infantry",)
    with pytest.raises(IllegalOrder):
        china.check_purchase(data, state, {"artillery": 1})
    with pytest.raises(IllegalOrder) as err:
        china.check_no_spending("research dice")
    assert _rule(err) == "G40-CHINA-03"


def test_G40_CHINA_04_placement_in_chinese_territories_china_controls_no_limit() -> None:
    data, state = make_state()
    spots = china.placement_territories(data, state)
    assert "Szechwan" in spots and "Yunnan" in spots
    assert "Kiangsu" not in spots  # Chinese emblem, but Japanese-held
    assert "Burma" not in spots and "Kwangtung" not in spots
    china.check_placement(data, state, {"Szechwan": 9})  # AMB-40: no cap
    state["owners"]["Kiangsu"] = "china"  # captured this turn: allowed
    china.check_placement(data, state, {"Kiangsu": 2})
    for where in ("Burma", "Kwangtung", "SZ 36", "India"):
        with pytest.raises(IllegalOrder) as err:
            china.check_placement(data, state, {where: 1})
        assert _rule(err) == "G40-CHINA-04"


def test_G40_CHINA_05_chinese_units_move_only_in_their_area() -> None:
    data, state = make_state()
    infantry = add_unit(state, "Yunnan", "infantry", "china")
    china.check_path(data, infantry, ["Yunnan", "Burma"])
    china.check_path(data, infantry, ["Kwangsi", "Kwangtung"])
    assert data.china_area == frozenset(data.rules["china"]["territories"]) | {"Kwangtung",
                                                                                "Burma"}
    with pytest.raises(IllegalOrder) as err:
        china.check_path(data, infantry, ["Burma", "India"])
    assert _rule(err) == "G40-CHINA-05"
    uk = add_unit(state, "Burma", "infantry", "uk")
    china.check_path(data, uk, ["Burma", "India"])  # not Chinese: not this rule


def test_G40_CHINA_06_never_carried_by_transports() -> None:
    data, state = make_state()
    with pytest.raises(IllegalOrder) as err:
        china.check_transport(add_unit(state, "Kwangtung", "infantry", "china"))
    assert _rule(err) == "G40-CHINA-06"
    china.check_transport(add_unit(state, "Kwangtung", "infantry", "uk"))


def test_G40_CHINA_07_china_keeps_kwangtung_only_while_india_is_axis() -> None:
    data, state = make_state()
    state["owners"]["Kwangtung"] = "china"  # retaken from Japan by China
    assert liberation.controller(data, state, "Kwangtung", "china") == "uk"
    state["owners"]["India"] = "japan"
    assert liberation.controller(data, state, "Kwangtung", "china") == "china"
    assert liberation.controller(data, state, "Burma", "china") == "china"


def test_G40_CHINA_08_flying_tigers_never_leave_chinas_area() -> None:
    data, state = make_state()
    tigers = next(u for u in state["units"]["Szechwan"] if u["type"] == "fighter")
    assert tigers["owner"] == "china"  # a Chinese unit for movement and combat
    china.check_path(data, tigers, ["Szechwan", "Yunnan", "Burma"])
    with pytest.raises(IllegalOrder) as err:  # not even to attack and come back
        china.check_path(data, tigers, ["Szechwan", "Yunnan", "French Indo China", "Yunnan"])
    assert _rule(err) == "G40-CHINA-08"
    with pytest.raises(IllegalOrder):  # and it cannot be replaced: China buys no fighter
        china.check_purchase(data, state, {"fighter": 1})


def test_G40_CHINA_09_and_G40_NO_CHN_01_burma_road_needs_all_four_allied() -> None:
    data, state = make_state()
    assert data.rules["china"]["burma_road"] == ["India", "Burma", "Yunnan", "Szechwan"]
    assert income.income(data, state, "china")["total"] == 12 + 6
    state["owners"]["India"] = "usa"  # any Allied power holds it
    assert china.burma_road_open(data, state)
    state["owners"]["Yunnan"] = "japan"
    assert not china.burma_road_open(data, state)
    assert income.income(data, state, "china")["total"] == 11
    assert "artillery" not in china.buyable(data, state)


def test_G40_CHINA_11_never_subject_to_convoy_disruption() -> None:
    data, state = make_state()
    add_unit(state, "SZ 36", "submarine", "japan")
    assert convoy.dice(data, state, "china") == {}
