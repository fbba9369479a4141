"""One test per national objective (G40-NO-*): the condition met, and the case that breaks it."""

from __future__ import annotations

from typing import Any

from pbem.games.aa.global1940 import objectives, politics
from pbem.games.aa.global1940.data import G40Data
from tests.games.global1940.kit import add_unit, make_state, war

State = dict[str, Any]


def _bonus(data: G40Data, state: State, oid: str) -> int:
    return objectives.bonus(data, state, next(o for o in data.g40_objectives if o.id == oid))


def _own(state: State, power: str, *territories: str) -> None:
    for t in territories:
        state["owners"][t] = power


def test_G40_NO_GER_01_trade_with_the_ussr_while_at_peace() -> None:
    data, state = make_state()
    assert _bonus(data, state, "G40-NO-GER-01") == 5
    war(state, "germany", "ussr")
    assert _bonus(data, state, "G40-NO-GER-01") == 0


def test_G40_NO_GER_02_five_per_soviet_city_at_war() -> None:
    data, state = make_state()
    _own(state, "germany", "Novgorod", "Volgograd")
    assert _bonus(data, state, "G40-NO-GER-02") == 0  # not at war with the USSR
    war(state, "germany", "ussr")
    assert _bonus(data, state, "G40-NO-GER-02") == 10
    _own(state, "germany", "Russia")
    assert _bonus(data, state, "G40-NO-GER-02") == 15


def test_G40_NO_GER_03_axis_in_the_caucasus() -> None:
    data, state = make_state()
    _own(state, "italy", "Caucasus")
    assert _bonus(data, state, "G40-NO-GER-03") == 0
    war(state, "germany", "ussr")
    assert _bonus(data, state, "G40-NO-GER-03") == 5


def test_G40_NO_GER_04_denmark_norway_and_sweden_not_allied() -> None:
    data, state = make_state()
    assert _bonus(data, state, "G40-NO-GER-04") == 5
    state["neutrals"]["Sweden"] = "pro_allies"
    assert _bonus(data, state, "G40-NO-GER-04") == 0
    state["neutrals"].pop("Sweden")
    _own(state, "germany", "Sweden")  # Axis-held is fine
    assert _bonus(data, state, "G40-NO-GER-04") == 5
    _own(state, "uk", "Norway")
    assert _bonus(data, state, "G40-NO-GER-04") == 0


def test_G40_NO_GER_05_a_german_land_unit_in_egypt() -> None:
    data, state = make_state()
    _own(state, "germany", "Egypt")
    assert _bonus(data, state, "G40-NO-GER-05") == 0
    add_unit(state, "Egypt", "tank", "germany")
    assert _bonus(data, state, "G40-NO-GER-05") == 5


def test_G40_NO_GER_06_two_per_middle_east_territory() -> None:
    data, state = make_state()
    _own(state, "germany", "Iraq", "Persia")
    assert _bonus(data, state, "G40-NO-GER-06") == 4
    _own(state, "italy", "Persia")
    assert _bonus(data, state, "G40-NO-GER-06") == 2


def test_G40_NO_SOV_01_three_per_axis_original_territory_held() -> None:
    data, state = make_state()
    _own(state, "ussr", "Romania", "Bulgaria")
    assert _bonus(data, state, "G40-NO-SOV-01") == 0  # not at war
    war(state, "ussr", "germany")
    assert _bonus(data, state, "G40-NO-SOV-01") == 6


def test_G40_NO_SOV_02_lend_lease_archangel_and_no_allied_units() -> None:
    data, state = make_state()
    war(state, "ussr", "germany")
    assert _bonus(data, state, "G40-NO-SOV-02") == 5
    add_unit(state, "SZ 125", "submarine", "germany")
    assert _bonus(data, state, "G40-NO-SOV-02") == 0
    state["units"]["SZ 125"] = []
    add_unit(state, "Karelia", "infantry", "uk")
    assert _bonus(data, state, "G40-NO-SOV-02") == 0


def test_G40_NO_JPN_01_ten_while_japan_left_the_west_alone() -> None:
    data, state = make_state()
    assert _bonus(data, state, "G40-NO-JPN-01") == 10
    state["power"], state["phase"] = "japan", "combat_move"
    politics.apply(state, politics.declare(data, state, "japan", "uk"))
    assert _bonus(data, state, "G40-NO-JPN-01") == 0


def test_G40_NO_JPN_02_axis_holds_the_pacific_islands() -> None:
    data, state = make_state()
    islands = ("Guam", "Midway", "Wake Island", "Gilbert Islands", "Solomon Islands")
    _own(state, "japan", *islands[:-1])
    assert _bonus(data, state, "G40-NO-JPN-02") == 0
    _own(state, "japan", islands[-1])
    assert _bonus(data, state, "G40-NO-JPN-02") == 5


def test_G40_NO_JPN_03_five_per_allied_key_territory() -> None:
    data, state = make_state()
    _own(state, "japan", "Hawaiian Islands", "India")
    _own(state, "germany", "Western United States")  # any Axis power
    assert _bonus(data, state, "G40-NO-JPN-03") == 15


def test_G40_NO_JPN_04_dutch_east_indies_and_borneo() -> None:
    data, state = make_state()
    _own(state, "japan", "Sumatra", "Java", "Borneo")
    assert _bonus(data, state, "G40-NO-JPN-04") == 0
    _own(state, "japan", "Celebes")
    assert _bonus(data, state, "G40-NO-JPN-04") == 5


def test_G40_NO_USA_01_mainland_at_war() -> None:
    data, state = make_state()
    assert _bonus(data, state, "G40-NO-USA-01") == 0  # not at war
    war(state, "usa", "japan")
    assert _bonus(data, state, "G40-NO-USA-01") == 10
    _own(state, "japan", "Western United States")
    assert _bonus(data, state, "G40-NO-USA-01") == 0


def test_G40_NO_USA_02_pacific_islands_and_alaska() -> None:
    data, state = make_state()
    war(state, "usa", "germany")
    assert _bonus(data, state, "G40-NO-USA-02") == 5
    _own(state, "japan", "Midway")
    assert _bonus(data, state, "G40-NO-USA-02") == 5  # not in the list
    _own(state, "japan", "Line Islands")
    assert _bonus(data, state, "G40-NO-USA-02") == 0


def test_G40_NO_USA_03_central_america() -> None:
    data, state = make_state()
    war(state, "usa", "italy")
    assert _bonus(data, state, "G40-NO-USA-03") == 5
    _own(state, "germany", "West Indies")
    assert _bonus(data, state, "G40-NO-USA-03") == 0


def test_G40_NO_USA_04_philippines() -> None:
    data, state = make_state()
    war(state, "usa", "japan")
    assert _bonus(data, state, "G40-NO-USA-04") == 5
    _own(state, "japan", "Philippines")
    assert _bonus(data, state, "G40-NO-USA-04") == 0


def test_G40_NO_USA_05_a_us_land_unit_in_france() -> None:
    data, state = make_state()
    war(state, "usa", "germany")
    add_unit(state, "France", "fighter", "usa")
    assert _bonus(data, state, "G40-NO-USA-05") == 0  # land units only (AMB-24)
    add_unit(state, "France", "infantry", "usa")
    assert _bonus(data, state, "G40-NO-USA-05") == 5


def test_G40_NO_CHN_01_burma_road_pays_six() -> None:
    data, state = make_state()
    assert _bonus(data, state, "G40-NO-CHN-01") == 6
    _own(state, "japan", "Burma")
    assert _bonus(data, state, "G40-NO-CHN-01") == 0


def test_G40_NO_UKP_01_malaya_and_kwangtung_at_war_with_japan() -> None:
    data, state = make_state()
    assert _bonus(data, state, "G40-NO-UKP-01") == 0
    war(state, "uk", "japan")
    assert _bonus(data, state, "G40-NO-UKP-01") == 5
    _own(state, "japan", "Malaya")
    assert _bonus(data, state, "G40-NO-UKP-01") == 0


def test_G40_NO_ITA_01_three_of_four_mediterranean_territories() -> None:
    data, state = make_state()
    _own(state, "italy", "Egypt", "Greece")
    _own(state, "germany", "Southern France")
    assert _bonus(data, state, "G40-NO-ITA-01") == 5
    _own(state, "uk", "Greece")
    assert _bonus(data, state, "G40-NO-ITA-01") == 0


def test_G40_NO_ITA_02_no_enemy_surface_warships_in_the_mediterranean() -> None:
    data, state = make_state()
    for zone in ("SZ 92", "SZ 93", "SZ 94", "SZ 95", "SZ 96", "SZ 97", "SZ 98", "SZ 99"):
        state["units"][zone] = [u for u in state["units"].get(zone, [])
                                if u["owner"] not in ("uk", "france", "anzac")]
    assert _bonus(data, state, "G40-NO-ITA-02") == 5
    add_unit(state, "SZ 97", "submarine", "uk")
    add_unit(state, "SZ 97", "cruiser", "usa")  # not at war with Italy (AMB-27)
    assert _bonus(data, state, "G40-NO-ITA-02") == 5
    add_unit(state, "SZ 97", "destroyer", "uk")
    assert _bonus(data, state, "G40-NO-ITA-02") == 0


def test_G40_NO_ITA_03_north_africa() -> None:
    data, state = make_state()
    _own(state, "italy", "Morocco", "Algeria", "Tunisia", "Libya", "Tobruk")
    assert _bonus(data, state, "G40-NO-ITA-03") == 0
    _own(state, "germany", "Alexandria")
    assert _bonus(data, state, "G40-NO-ITA-03") == 5


def test_G40_NO_ITA_04_two_per_middle_east_territory() -> None:
    data, state = make_state()
    _own(state, "italy", "Iraq", "Persia", "Northwest Persia")
    assert _bonus(data, state, "G40-NO-ITA-04") == 6
    _own(state, "germany", "Iraq")
    assert _bonus(data, state, "G40-NO-ITA-04") == 4


def test_G40_NO_ANZ_01_allies_hold_the_new_guinea_islands() -> None:
    data, state = make_state()
    _own(state, "anzac", "Dutch New Guinea")
    assert _bonus(data, state, "G40-NO-ANZ-01") == 0  # not at war with Japan
    war(state, "anzac", "japan")
    assert _bonus(data, state, "G40-NO-ANZ-01") == 5
    _own(state, "japan", "New Britain")
    assert _bonus(data, state, "G40-NO-ANZ-01") == 0


def test_G40_NO_ANZ_02_malaya_allied_and_all_anzac_originals() -> None:
    data, state = make_state()
    war(state, "anzac", "japan")
    assert _bonus(data, state, "G40-NO-ANZ-02") == 5
    _own(state, "japan", "Queensland")
    assert _bonus(data, state, "G40-NO-ANZ-02") == 0
    _own(state, "anzac", "Queensland")
    _own(state, "japan", "Malaya")
    assert _bonus(data, state, "G40-NO-ANZ-02") == 0
