"""Research and development (AAE-RD) and the twelve advances (AAE-TECH)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.anniversary import research as rd
from tests.games.anniversary.kit import capture, give, make_state


def test_AAE_RD_01_optional_rule_off_refuses_research() -> None:
    data, state = make_state(research=False)
    with pytest.raises(IllegalOrder) as err:
        rd.check_token_purchase(data, state, "germany", 1)
    assert err.value.rule_id == "AAE-RD-01"


def test_AAE_RD_02_tokens_cost_five_and_never_more_than_held() -> None:
    data, state = make_state()
    assert rd.check_token_purchase(data, state, "germany", 6) == 30
    assert rd.check_token_purchase(data, state, "germany", 0) == 0
    with pytest.raises(IllegalOrder) as err:
        rd.check_token_purchase(data, state, "germany", 7)  # 35 > 31
    assert err.value.rule_id == "AAE-RD-02" and err.value.params["cost"] == 35
    with pytest.raises(InvalidOrder):
        rd.check_token_purchase(data, state, "germany", -1)


def test_AAE_RD_03_one_die_per_token_held() -> None:
    data, state = make_state()
    rd.record(state, "germany")["tokens"] = 3
    with pytest.raises(InvalidOrder) as err:
        rd.resolve(data, state, "germany", [1, 2], None, [])
    assert err.value.rule_id == "AAE-RD-03"


def test_AAE_RD_04_failure_keeps_tokens_success_discards_them() -> None:
    data, state = make_state()
    rd.record(state, "germany")["tokens"] = 2
    failed = rd.resolve(data, state, "germany", [5, 3], None, [])
    assert failed == {"power": "germany", "success": False, "tokens": 2, "advance": None}
    rd.apply(state, failed)
    assert rd.tokens(state, "germany") == 2
    won = rd.resolve(data, state, "germany", [6, 1], 2, [2])
    rd.apply(state, won)
    assert rd.tokens(state, "germany") == 0 and rd.advances(state, "germany") == {"jet_fighters"}


def test_AAE_RD_05_chart_chosen_after_success_then_one_die() -> None:
    data, state = make_state()
    rd.record(state, "uk")["tokens"] = 1
    assert rd.resolve(data, state, "uk", [6], 1, [4])["advance"] == "increased_factory_production"
    with pytest.raises(InvalidOrder):
        rd.resolve(data, state, "uk", [6], 3, [4])


def test_AAE_RD_06_one_advance_however_many_sixes() -> None:
    data, state = make_state()
    rd.record(state, "uk")["tokens"] = 3
    outcome = rd.resolve(data, state, "uk", [6, 6, 6], 1, [1, 2])
    assert outcome["advance"] == "advanced_artillery" and outcome["tokens"] == 0


def test_AAE_RD_07_duplicates_rerolled_full_chart_not_choosable() -> None:
    data, state = make_state()
    give(state, "usa", "super_submarines", "jet_fighters")
    rd.record(state, "usa")["tokens"] = 1
    assert rd.resolve(data, state, "usa", [6], 2, [1, 2, 6])["advance"] == "heavy_bombers"
    give(state, "usa", *data.research_rules().charts[2])
    assert rd.choosable_charts(data, rd.advances(state, "usa")) == (1,)
    with pytest.raises(IllegalOrder) as err:
        rd.resolve(data, state, "usa", [6], 2, [1])
    assert err.value.rule_id == "AAE-RD-07"
    give(state, "usa", *data.research_rules().charts[1])
    assert rd.resolve(data, state, "usa", [6], None, [])["advance"] is None


def test_AAE_RD_08_breakthrough_effective_at_once() -> None:
    data, state = make_state()
    rd.record(state, "japan")["tokens"] = 1
    assert rd.unit_cost(data, rd.advances(state, "japan"), "battleship") == 20
    rd.apply(state, rd.resolve(data, state, "japan", [6], 2, [3]))
    # the same turn's purchase already pays the shipyard price (AAE-TECH-18)
    assert rd.unit_cost(data, rd.advances(state, "japan"), "battleship") == 17


def test_AAE_RD_09_advances_never_shared_between_allies() -> None:
    _, state = make_state()
    give(state, "usa", "radar")
    assert rd.advances(state, "uk") == frozenset()


def test_AAE_RD_10_no_research_while_capital_held() -> None:
    data, state = make_state()
    capture(state, "Russia", "germany")
    with pytest.raises(IllegalOrder) as err:
        rd.check_token_purchase(data, state, "ussr", 1)
    assert err.value.rule_id == "AAE-RD-10"


def test_AAE_RD_11_china_never_researches() -> None:
    data, state = make_state()
    with pytest.raises(IllegalOrder) as err:
        rd.check_may_research(data, state, "china")
    assert err.value.rule_id == "AAE-RD-11"


def test_AAE_TECH_01_advanced_artillery_supports_two() -> None:
    assert rd.infantry_per_artillery(frozenset({"advanced_artillery"})) == 2
    assert rd.infantry_per_artillery(frozenset()) == 1


def test_AAE_TECH_04_increased_factory_production_bonus_and_half_repairs() -> None:
    ifp = frozenset({"increased_factory_production"})
    assert rd.factory_bonus(ifp) == 2 and rd.factory_bonus(frozenset()) == 0
    assert rd.repair_cost(ifp, 4) == 2 and rd.repair_cost(frozenset(), 4) == 4


def test_AAE_TECH_05_war_bonds_add_a_die() -> None:
    assert rd.war_bonds(frozenset({"war_bonds"}), 4) == 4
    assert rd.war_bonds(frozenset(), 4) == 0


def test_AAE_TECH_07_super_submarines_attack_three_defend_one() -> None:
    data, _ = make_state()
    owned = frozenset({"super_submarines"})
    assert rd.attack_value(data, owned, "submarine") == 3
    assert data.unit("submarine").defense == 1


def test_AAE_TECH_08_jet_fighters_attack_four() -> None:
    data, _ = make_state()
    assert rd.attack_value(data, frozenset({"jet_fighters"}), "fighter") == 4
    assert rd.attack_value(data, frozenset(), "fighter") == 3


def test_AAE_TECH_09_improved_shipyards_prices() -> None:
    data, _ = make_state()
    owned = frozenset({"improved_shipyards"})
    prices = {u: rd.unit_cost(data, owned, u) for u in
              ("battleship", "carrier", "cruiser", "destroyer", "transport", "submarine", "tank")}
    assert prices == {"battleship": 17, "carrier": 11, "cruiser": 10, "destroyer": 7,
                      "transport": 6, "submarine": 5, "tank": 5}


def test_AAE_TECH_10_radar_hits_on_two() -> None:
    data, _ = make_state()
    assert rd.aa_hit_value(data, frozenset({"radar"})) == 2
    assert rd.aa_hit_value(data, frozenset()) == 1


def test_AAE_TECH_11_long_range_aircraft() -> None:
    data, _ = make_state()
    owned = frozenset({"long_range_aircraft"})
    assert (rd.move_value(data, owned, "fighter"), rd.move_value(data, owned, "bomber")) == (6, 8)
    assert rd.move_value(data, owned, "tank") == 2


def test_AAE_TECH_12_heavy_bombers_two_dice_attacking_one_defending() -> None:
    data, _ = make_state()
    owned = frozenset({"heavy_bombers"})
    assert rd.bomber_dice(data, owned, attacking=True) == 2
    assert rd.bomber_dice(data, owned, attacking=False) == 1
    assert rd.bomber_dice(data, frozenset(), attacking=True) == 1


def test_AAE_TECH_18_odd_repairs_round_up() -> None:
    assert rd.repair_cost(frozenset({"increased_factory_production"}), 3) == 2
    assert rd.repair_cost(frozenset({"increased_factory_production"}), 1) == 1


def test_AAE_SEQ_06_each_power_keeps_its_own_tokens_and_advances() -> None:
    data, state = make_state()
    rd.record(state, "germany")["tokens"] = 2
    rd.apply(state, {"power": "italy", "tokens": 0, "advance": "radar"})
    assert rd.tokens(state, "italy") == 0 and rd.tokens(state, "germany") == 2
    assert rd.advances(state, "germany") == frozenset()
    assert data.side_of("italy") == data.side_of("germany")
