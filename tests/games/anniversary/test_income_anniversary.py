"""Collect Income (AAE-INC), national objectives (AAE-NO), victory (AAE-VIC) and the turn
(AAE-SEQ)."""

from __future__ import annotations

import pytest

from pbem.engine import InvalidOrder
from pbem.games.aa.anniversary import income, objectives, turn, victory
from tests.games.anniversary.kit import add_unit, capture, give, make_state


def _met(data: object, state: dict, power: str) -> dict[str, bool]:
    return {o["id"]: o["met"] for o in objectives.evaluate(data, state, power)}  # type: ignore[arg-type]


def test_AAE_NO_01_optional_rule_off_pays_nothing() -> None:
    data, state = make_state(national_objectives=False)
    assert not any(_met(data, state, "germany").values())
    assert income.income(data, state, "germany")["total"] == 31


def test_AAE_NO_02_each_objective_evaluated_at_collect_income() -> None:
    data, state = make_state()
    paid = income.income(data, state, "germany")
    assert paid["production"] == 31
    assert [o["id"] for o in paid["objectives"]] == ["AAE-NO-11", "AAE-NO-12", "AAE-NO-13"]
    assert paid["total"] == 31 + 5  # Lebensraum 1 only, at start of 1941
    income.collect(state, paid)
    assert state["ipcs"]["germany"] == 31 + 36


def test_AAE_NO_03_any_power_of_the_side_counts() -> None:
    data, state = make_state()
    capture(state, "Egypt", "italy")
    capture(state, "Trans-Jordan", "germany")
    assert _met(data, state, "italy")["AAE-NO-32"]  # Egypt, Trans-Jordan, France


def test_AAE_NO_04_nothing_while_the_capital_is_held() -> None:
    data, state = make_state()
    capture(state, "Germany", "ussr")
    assert not any(_met(data, state, "germany").values())
    assert income.income(data, state, "germany")["total"] == 0


def test_AAE_NO_05_enemy_transports_and_subs_do_not_break_mare_nostrum() -> None:
    data, state = make_state("1942")
    assert not _met(data, state, "italy")["AAE-NO-31"]  # a British destroyer in SZ 15
    state["units"]["SZ 15"] = [u for u in state["units"]["SZ 15"] if u["owner"] != "uk"]
    add_unit(state, "SZ 14", "transport", "uk")
    add_unit(state, "SZ 13", "submarine", "usa")
    assert _met(data, state, "italy")["AAE-NO-31"]


def test_AAE_NO_11_lebensraum_core() -> None:
    data, state = make_state()
    assert _met(data, state, "germany")["AAE-NO-11"]
    capture(state, "France", "uk")
    assert not _met(data, state, "germany")["AAE-NO-11"]


def test_AAE_NO_12_three_of_the_western_soviet_territories() -> None:
    data, state = make_state()
    assert not _met(data, state, "germany")["AAE-NO-12"]
    data42, state42 = make_state("1942")
    assert _met(data42, state42, "germany")["AAE-NO-12"]


def test_AAE_NO_13_karelia_or_caucasus() -> None:
    data, state = make_state()
    capture(state, "Caucasus", "italy")
    assert _met(data, state, "germany")["AAE-NO-13"]


def test_AAE_NO_21_manchuria_kiangsu_indochina() -> None:
    data, state = make_state()
    assert _met(data, state, "japan")["AAE-NO-21"]
    capture(state, "Kiangsu", "china")
    assert not _met(data, state, "japan")["AAE-NO-21"]


def test_AAE_NO_22_four_of_the_southern_resource_areas() -> None:
    assert not _met(*make_state(), "japan")["AAE-NO-22"]
    assert _met(*make_state("1942"), "japan")["AAE-NO-22"]


def test_AAE_NO_23_hawaii_australia_or_india() -> None:
    data, state = make_state()
    capture(state, "India", "japan")
    assert _met(data, state, "japan")["AAE-NO-23"]


def test_AAE_NO_31_mare_nostrum_missed_with_allied_warships() -> None:
    data, state = make_state()
    capture(state, "Morocco Algeria", "italy")
    assert _met(data, state, "italy")["AAE-NO-31"]
    add_unit(state, "SZ 15", "destroyer", "uk")
    assert not _met(data, state, "italy")["AAE-NO-31"]


def test_AAE_NO_32_three_of_egypt_transjordan_france_gibraltar() -> None:
    data, state = make_state()
    assert not _met(data, state, "italy")["AAE-NO-32"]


def test_AAE_NO_41_continental_united_states() -> None:
    data, state = make_state()
    assert _met(data, state, "usa")["AAE-NO-41"]
    capture(state, "Central United States", "japan")
    assert not _met(data, state, "usa")["AAE-NO-41"]


def test_AAE_NO_42_philippines() -> None:
    assert _met(*make_state(), "usa")["AAE-NO-42"]
    assert not _met(*make_state("1942"), "usa")["AAE-NO-42"]


def test_AAE_NO_43_france() -> None:
    data, state = make_state()
    capture(state, "France", "uk")
    assert _met(data, state, "usa")["AAE-NO-43"]


def test_AAE_NO_44_three_pacific_islands() -> None:
    assert _met(*make_state(), "usa")["AAE-NO-44"]
    assert not _met(*make_state("1942"), "usa")["AAE-NO-44"]


def test_AAE_NO_51_british_empire() -> None:
    data, state = make_state()
    assert _met(data, state, "uk")["AAE-NO-51"]
    capture(state, "Gibraltar", "germany")
    assert not _met(data, state, "uk")["AAE-NO-51"]


def test_AAE_NO_52_any_original_japanese_territory_not_manchuria() -> None:
    data, state = make_state()
    capture(state, "Manchuria", "china")
    assert not _met(data, state, "uk")["AAE-NO-52"]
    capture(state, "Okinawa", "usa")
    assert _met(data, state, "uk")["AAE-NO-52"]


def test_AAE_NO_53_france_or_balkans() -> None:
    data, state = make_state()
    capture(state, "Balkans", "ussr")
    assert _met(data, state, "uk")["AAE-NO-53"]


def test_AAE_NO_61_three_of_the_buffer_territories_pays_ten() -> None:
    data, state = make_state()
    for t in ("Norway", "Finland", "Poland"):
        capture(state, t, "uk")
    met = {o["id"]: o["bonus"] for o in objectives.evaluate(data, state, "ussr")}
    assert met["AAE-NO-61"] == 10


def test_AAE_NO_62_archangel_soviet_and_no_allied_units_in_soviet_territories() -> None:
    data, state = make_state()
    assert _met(data, state, "ussr")["AAE-NO-62"]
    add_unit(state, "Karelia S.S.R.", "fighter", "uk")
    assert not _met(data, state, "ussr")["AAE-NO-62"]  # a national objective missed
    state["units"]["Karelia S.S.R."].pop()
    capture(state, "Archangel", "uk")  # spec D-08: an ally holding it is not enough
    assert not _met(data, state, "ussr")["AAE-NO-62"]


def test_AAE_INC_01_production_is_the_value_controlled_now() -> None:
    data, state = make_state()
    capture(state, "Egypt", "germany")
    assert income.production(data, state, "germany") == 33
    assert income.production(data, state, "uk") == 41


def test_AAE_INC_02_capital_lost_collects_nothing_war_bonds_included() -> None:
    data, state = make_state()
    give(state, "ussr", "war_bonds")
    capture(state, "Russia", "germany")
    paid = income.income(data, state, "ussr", 6)
    assert paid["total"] == 0 and paid["capital_lost"]


def test_AAE_INC_03_objectives_paid_with_income() -> None:
    data, state = make_state()
    paid = income.income(data, state, "usa")
    assert paid["total"] == 40 + 5 + 5 + 5  # NO-41, NO-42, NO-44


def test_AAE_INC_04_war_bonds_add_the_die() -> None:
    data, state = make_state(national_objectives=False)
    give(state, "uk", "war_bonds")
    assert income.needs_war_bonds_die(state, "uk")
    assert income.income(data, state, "uk", 5)["total"] == 43 + 5


def test_AAE_INC_05_china_never_collects() -> None:
    data, state = make_state()
    assert income.income(data, state, "china")["total"] == 0


def test_AAE_CHINA_02_china_has_no_ipcs() -> None:
    data, state = make_state()
    assert state["ipcs"]["china"] == 0 and "china" not in data.treasury
    capture(state, "Hupeh", "japan")
    assert income.production(data, state, "japan") == 18  # the Axis gains the value


def test_AAE_VIC_01_eighteen_cities_counted_by_side() -> None:
    assert victory.cities_held(*make_state()) == {"axis": 6, "allies": 12}
    assert victory.cities_held(*make_state("1942")) == {"axis": 8, "allies": 10}


def test_AAE_VIC_02_checked_only_at_the_end_of_the_round() -> None:
    data, state = make_state(victory_cities=13)
    for city in ("Russia", "Caucasus", "Karelia S.S.R.", "India", "Australia", "Hawaiian Islands",
                 "Philippine Islands"):
        capture(state, city, "germany")
    assert victory.cities_held(data, state)["axis"] == 13
    assert victory.winner(data, state, "italy") is None
    assert victory.winner(data, state, "usa") == {"winner": "axis", "cities": 13, "needed": 13,
                                                  "round": 1}


def test_AAE_VIC_03_threshold_13_15_18_default_15() -> None:
    data, _ = make_state()
    assert victory.threshold(data, {}) == 15
    assert victory.threshold(data, {"victory_cities": 18}) == 18
    with pytest.raises(InvalidOrder):
        victory.threshold(data, {"victory_cities": 14})


def test_AAE_VIC_04_not_enough_cities_the_game_goes_on() -> None:
    data, state = make_state()
    assert victory.winner(data, state, "usa") is None
    data42, state42 = make_state("1942")
    assert victory.is_end_of_round(data42, "usa") and not victory.is_end_of_round(data42, "japan")


def test_AAE_VIC_05_a_city_changes_hands_with_its_territory() -> None:
    data, state = make_state()
    capture(state, "France", "uk")
    assert victory.cities_held(data, state) == {"axis": 5, "allies": 13}


def test_AAE_SEQ_04_seven_phases_in_order() -> None:
    data, state = make_state()
    assert turn.phases(data, state, "germany") == turn.PHASES
    assert turn.PHASES[-1] == "collect_income" and turn.PHASES[0] == "research"


def test_AAE_SEQ_05_collect_income_is_always_played() -> None:
    data, state = make_state(research=False)
    assert turn.phases(data, state, "uk") == turn.PHASES[1:]


def test_AAE_SEQ_09_capital_held_plays_only_move_and_combat() -> None:
    data, state = make_state()
    capture(state, "United Kingdom", "germany")
    assert turn.phases(data, state, "uk") == ("combat_move", "combat", "noncombat_move")
    assert turn.steps(data, state, "uk") == (("uk", "combat_move"), ("uk", "combat"),
                                              ("uk", "noncombat_move"))


def test_AAE_SEQ_01_rounds_follow_the_scenario_order() -> None:
    data, _ = make_state("1942")
    assert turn.next_power(data, "japan") == ("ussr", False)
    assert turn.next_power(data, "usa") == ("japan", True)


def test_AAE_SEQ_11_victory_checked_after_the_us_turn() -> None:
    data, _ = make_state()
    assert victory.is_end_of_round(data, "usa")
    assert not any(victory.is_end_of_round(data, p) for p in data.turn_order[:-1])
