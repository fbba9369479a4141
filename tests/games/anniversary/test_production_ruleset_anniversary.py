"""The ``anniversary`` ruleset through the facade: purchase, repairs, complexes, China, income."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from tests.games.anniversary.facade import advance, end, events, game_at, start_position, step


def test_AAE_PUR_01_artillery_cruiser_and_aa_gun_are_for_sale() -> None:
    game = game_at("germany", "purchase")
    game.submit("germany", {"type": "purchase",
                            "units": {"artillery": 1, "cruiser": 1, "aa_gun": 1}})
    assert game.state["ipcs"]["germany"] == 31 - 4 - 12 - 6


def test_AAE_PUR_03_repair_costs_one_ipc_a_marker() -> None:
    game = game_at("germany", "purchase", edit={"complexes": {"Germany": 4}})
    game.submit("germany", {"type": "repair", "complexes": {"Germany": 3}})
    assert game.state["complexes"]["Germany"] == 1 and game.state["ipcs"]["germany"] == 28


def test_AAE_TECH_04_increased_factory_production_halves_repairs() -> None:
    game = game_at("germany", "purchase", edit={
        "complexes": {"Germany": 4},
        "research": {"germany": {"advances": ["increased_factory_production"]}}})
    game.submit("germany", {"type": "repair", "complexes": {"Germany": 3}})
    assert game.state["ipcs"]["germany"] == 31 - 2  # 3 markers: 2 IPCs, rounded up


def test_AAE_PUR_07_no_repair_outside_ones_own_complexes() -> None:
    game = game_at("germany", "purchase", edit={"complexes": {"Russia": 2}})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "repair", "complexes": {"Russia": 1}})
    assert err.value.rule_id == "AAE-PUR-03"


def test_AAE_MOB_02_AAE_MOB_03_capacity_is_value_minus_damage() -> None:
    game = game_at("germany", "mobilize", edit={"complexes": {"Germany": 8, "Italy": 0},
                                                "bought": {"infantry": 3}})
    assert game.legal_options("germany")["mobilize"]["capacity"]["Germany"] == 2
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "place", "units": {"infantry": 3}, "at": "Germany"})
    assert err.value.rule_id == "AAE-MOB-03"


def test_AAE_TECH_04_increased_factory_production_adds_two() -> None:
    game = game_at("germany", "mobilize", edit={
        "bought": {"infantry": 1},
        "research": {"germany": {"advances": ["increased_factory_production"]}}})
    assert game.legal_options("germany")["mobilize"]["capacity"]["Germany"] == 12


def test_AAE_PUR_06_MOB_08_a_complex_is_bought_and_placed() -> None:
    game = game_at("germany", "purchase")
    game.submit("germany", {"type": "purchase", "units": {"industrial_complex": 1, "infantry": 1}})
    end(game, times=4)
    assert step(game) == ("germany", "mobilize")
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "place", "units": {"industrial_complex": 1},
                                "at": "Germany"})
    assert err.value.rule_id == "AAE-MOB-08"  # one complex per territory
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "place", "units": {"industrial_complex": 1},
                                "at": "Ukraine"})
    assert err.value.rule_id == "AAE-MOB-08"  # not German since the start of the turn
    game.submit("germany", {"type": "place", "units": {"industrial_complex": 1}, "at": "Poland"})
    assert game.state["complexes"]["Poland"] == 0
    # AAE-MOB-10: the new complex mobilizes nothing this turn
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "place", "units": {"infantry": 1}, "at": "Poland"})
    game.submit("germany", {"type": "place", "units": {"infantry": 1}, "at": "Germany"})


def test_AAE_MOB_10_a_new_complex_counts_from_the_next_turn() -> None:
    game = game_at("germany", "mobilize", edit={"complexes": {"Germany": 0, "Poland": 0},
                                                "bought": {"infantry": 1}})
    assert game.legal_options("germany")["mobilize"]["capacity"]["Poland"] == 3  # its value


def test_AAE_PUR_08_china_never_purchases() -> None:
    game = game_at("china", "purchase")
    with pytest.raises(IllegalOrder) as err:
        game.submit("china", {"type": "purchase", "units": {"infantry": 1}})
    assert err.value.rule_id == "AAE-PUR-08"


def test_AAE_CHINA_03_SEQ_10_free_infantry_counted_after_the_us_purchase() -> None:
    game = game_at("usa", "purchase")
    end(game)
    assert step(game) == ("china", "purchase")
    assert events(game, "aa.aae_china_infantry") == [{"count": 3, "pending": 3}]
    assert game.state["china_pending"] == 3


def test_AAE_CHINA_04_free_infantry_placed_where_fewer_than_three() -> None:
    position = start_position()
    position["units"]["Hupeh"] = [{"type": "infantry", "owner": "china", "count": 3}]
    game = game_at("china", "mobilize", edit={**position, "china_pending": 3})
    options = game.legal_options("china")["free_infantry"]
    assert "Hupeh" not in options["territories"] and "Chinghai" in options["territories"]
    with pytest.raises(IllegalOrder) as err:
        game.submit("china", {"type": "place_free_infantry", "units": {"Hupeh": 1}})
    assert err.value.rule_id == "AAE-CHINA-04"
    with pytest.raises(IllegalOrder):
        game.submit("china", {"type": "end_phase"})  # AAE-MOB-09: place what can be placed
    game.submit("china", {"type": "place_free_infantry", "units": {"Chinghai": 3}})
    assert sum(1 for u in game.state["units"]["Chinghai"] if u["owner"] == "china") == 3
    assert game.state["china_pending"] == 0
    end(game, "china")


def test_AAE_CHINA_05_chinese_units_stay_in_china() -> None:
    game = game_at("china", "combat_move")
    infantry = next(u for u in game.state["units"]["Yunnan"] if u["type"] == "infantry")
    with pytest.raises(IllegalOrder) as err:
        game.submit("china", {"type": "move", "units": [infantry["id"]],
                              "route": ["Yunnan", "Burma"]})
    assert err.value.rule_id == "AAE-CHINA-05"


def test_AAE_CHINA_09_the_flying_tigers_stay_in_china() -> None:
    game = game_at("china", "noncombat_move")
    tiger = next(u for u in game.state["units"]["Yunnan"] if u["type"] == "fighter")
    with pytest.raises(IllegalOrder) as err:
        game.submit("china", {"type": "move", "units": [tiger["id"]],
                              "route": ["Yunnan", "India"]})
    assert err.value.rule_id == "AAE-CHINA-05"


def test_AAE_CHINA_10_the_us_chooses_china_first() -> None:
    game = game_at("usa", "research")
    game.submit("usa", {"type": "combat_block", "first": "china"})
    end(game, times=2)  # US research, US purchase
    end(game, "china")  # China's purchase step
    assert step(game) == ("china", "combat_move")
    end(game, "china", times=2)
    assert step(game) == ("usa", "combat_move")
    with pytest.raises(IllegalOrder) as err:
        game.submit("usa", {"type": "combat_block", "first": "usa"})
    assert err.value.rule_id == "AAE-CHINA-10"


def test_AAE_INC_03_objectives_paid_and_missed_at_collect_income() -> None:
    game = game_at("germany", "mobilize")
    end(game)
    income = events(game, "aa.aae_income_collected")[0]
    met = {o["id"]: o["met"] for o in income["objectives"]}
    assert met == {"AAE-NO-11": True, "AAE-NO-12": False, "AAE-NO-13": False}
    assert income["total"] == 31 + 5 and game.state["ipcs"]["germany"] == 31 + 36


def test_AAE_NO_01_objectives_off_pay_nothing() -> None:
    game = game_at("germany", "mobilize", national_objectives=False)
    end(game)
    assert events(game, "aa.aae_income_collected")[0]["total"] == 31


def test_AAE_INC_04_war_bonds_roll_one_die() -> None:
    game = game_at("germany", "mobilize", dice=[4],
                   edit={"research": {"germany": {"advances": ["war_bonds"]}}})
    end(game)
    income = events(game, "aa.aae_income_collected")[0]
    assert income["war_bonds"] == 4 and income["total"] == 31 + 5 + 4


def test_AAE_INC_05_china_collects_nothing() -> None:
    game = game_at("usa", "mobilize")
    while game.state["round"] == 1:
        advance(game)
    powers = [p["power"] for p in events(game, "aa.aae_income_collected")]
    assert powers == ["usa"]
    assert game.state["ipcs"]["china"] == 0


def test_AAE_MOB_09_PUR_05_units_that_cannot_be_placed_wait() -> None:
    game = game_at("germany", "mobilize", edit={"complexes": {"Germany": 20, "Italy": 0},
                                                "bought": {"infantry": 3}})
    ipcs = game.state["ipcs"]["germany"]
    end(game)
    assert events(game, "aa.units_waiting") == [{"power": "germany", "units": {"infantry": 3}}]
    assert game.state["waiting"]["germany"] == {"infantry": 3}
    assert game.state["ipcs"]["germany"] == ipcs + events(game, "aa.aae_income_collected")[0]["total"]


def test_AAE_MOB_09_waiting_units_join_the_next_mobilization() -> None:
    game = game_at("germany", "noncombat_move", edit={"waiting": {"germany": {"tank": 2}}})
    end(game)
    assert step(game) == ("germany", "mobilize")
    assert game.state["bought"] == {"tank": 2} and "germany" not in game.state["waiting"]
    game.submit("germany", {"type": "place", "units": {"tank": 2}, "at": "Germany"})


def test_AAE_MOB_11_capital_captured_loses_tokens_and_waiting_units() -> None:
    position = start_position()
    position["units"]["Russia"] = []
    position["units"]["Belorussia"] = [{"type": "tank", "owner": "germany", "count": 1}]
    game = game_at("germany", "combat_move", edit={
        **position, "waiting": {"ussr": {"infantry": 2}},
        "research": {"ussr": {"tokens": 2}}})
    tank = game.state["units"]["Belorussia"][0]["id"]
    game.submit("germany", {"type": "move", "units": [tank], "route": ["Belorussia", "Russia"]})
    end(game)
    while game.state["owners"]["Russia"] != "germany" and game.state["phase"] == "combat":
        advance(game)
    assert game.state["owners"]["Russia"] == "germany"
    assert events(game, "aa.aae_capital_losses") == [{"power": "ussr", "tokens": 2,
                                                      "units": {"infantry": 2}}]
    assert game.state["research"]["ussr"]["tokens"] == 0 and "ussr" not in game.state["waiting"]
