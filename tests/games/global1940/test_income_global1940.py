"""Income, national objectives, convoy disruption and the UK's two economies (G40-INC, G40-NO,
G40-CONV, G40-UK)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940 import convoy, economy, income, objectives
from pbem.games.aa.global1940.data import G40Data
from tests.games.global1940.kit import add_unit, make_state, war

STATE = dict[str, object]


def _bonus(data: G40Data, state: dict, oid: str) -> int:  # type: ignore[type-arg]
    obj = next(o for o in data.g40_objectives if o.id == oid)
    return objectives.bonus(data, state, obj)


def _own(state: dict, power: str, *territories: str) -> None:  # type: ignore[type-arg]
    for t in territories:
        state["owners"][t] = power


def test_G40_INC_04_objectives_met_at_start_c3() -> None:
    data, state = make_state()
    met = {t.id: [o["id"] for o in objectives.evaluate(data, state, t.id) if o["met"]]
           for t in data.treasuries}
    assert met == {"germany": ["G40-NO-GER-01", "G40-NO-GER-04"], "ussr": [],
                   "japan": ["G40-NO-JPN-01"], "usa": [], "china": ["G40-NO-CHN-01"],
                   "uk_europe": ["G40-NO-UKE-01"], "uk_pacific": [], "italy": [],
                   "anzac": [], "france": []}


def test_G40_INC_01_and_G40_UK_07_income_per_treasury() -> None:
    data, state = make_state()
    totals = {t.id: income.income(data, state, t.id)["total"] for t in data.treasuries}
    assert totals == {"germany": 40, "ussr": 37, "japan": 36, "usa": 52, "china": 18,
                      "uk_europe": 33, "uk_pacific": 17, "italy": 10, "anzac": 10,
                      "france": 19}


def test_G40_INC_02_production_follows_control_at_once() -> None:
    data, state = make_state()
    _own(state, "germany", "France")
    assert income.production(data, state, "germany") == 34
    assert income.production(data, state, "france") == 15


def test_G40_INC_03_and_G40_UK_08_lost_capital_collects_nothing_per_economy() -> None:
    data, state = make_state()
    _own(state, "japan", "India")
    assert income.income(data, state, "uk_pacific")["total"] == 0
    assert income.income(data, state, "uk_europe")["total"] == 33
    with pytest.raises(IllegalOrder) as err:
        economy.check_spend(data, state, "uk_pacific", "uk", 3)
    assert err.value.rule_id == "G40-UK-08"
    economy.check_spend(data, state, "uk_europe", "uk", 3)


def test_G40_INC_05_war_bonds() -> None:
    data, state = make_state()
    state["research"]["germany"] = {"tokens": 0, "advances": ["war_bonds"]}
    assert income.income(data, state, "germany", war_bonds_face=4)["war_bonds"] == 4


def test_G40_UK_01_and_G40_UK_02_two_economies_collect_their_own_territories() -> None:
    data, state = make_state()
    assert "West India" in convoy.territories(data, state, "uk_pacific")
    assert "British Columbia" in convoy.territories(data, state, "uk_europe")
    _own(state, "uk", "Java")  # G40-UK-02: captured territories follow the map
    assert "Java" in convoy.territories(data, state, "uk_pacific")


def test_G40_UK_03_and_G40_UK_05_one_power_for_research_and_moves() -> None:
    data, _ = make_state()
    assert [t.id for t in data.treasuries_of("uk")] == ["uk_europe", "uk_pacific"]
    assert data.turn_order.count("uk") == 1


def test_G40_UK_04_and_G40_UK_06_each_economy_spends_and_places_on_its_own() -> None:
    data, state = make_state()
    with pytest.raises(IllegalOrder):
        economy.check_spend(data, state, "uk_pacific", "uk", 18)
    economy.check_economy_site(data, "uk", "uk_pacific", "India")
    with pytest.raises(IllegalOrder) as err:
        economy.check_economy_site(data, "uk", "uk_pacific", "United Kingdom")
    assert err.value.rule_id == "G40-UK-06"
    with pytest.raises(IllegalOrder) as err:
        economy.check_spend(data, state, "germany", "italy", 1)
    assert err.value.rule_id == "G40-UK-04"


def test_G40_UK_09_and_G40_CMB_25_capital_capture_takes_the_unspent_ipcs() -> None:
    data, state = make_state()
    payload = economy.capital_capture(data, state, "japan", "India")
    assert payload == {"from": "uk_pacific", "to": "japan", "ipcs": 17}
    economy.apply_capital_capture(state, payload)
    assert state["ipcs"]["uk_europe"] == 28 and state["ipcs"]["japan"] == 43
    assert economy.capital_capture(data, state, "uk", "Japan")["to"] == "uk_pacific"
    assert economy.capital_capture(data, state, "uk", "Southern Italy")["to"] == "uk_europe"
    assert economy.capital_capture(data, state, "uk", "France") is None


def test_G40_CONV_02_and_G40_CONV_03_dice_from_enemy_warships_next_to_own_territory() -> None:
    data, state = make_state()
    assert convoy.dice(data, state, "uk_europe") == {}  # German U-boats are off the convoys
    add_unit(state, "SZ 109", "transport", "germany")
    assert convoy.dice(data, state, "uk_europe") == {}  # a transport is no warship
    add_unit(state, "SZ 109", "submarine", "germany")
    add_unit(state, "SZ 109", "destroyer", "germany")
    assert convoy.dice(data, state, "uk_europe") == {"SZ 109": 3}  # 2 + 1, transport 0
    carrier = add_unit(state, "SZ 106", "carrier", "germany")
    add_unit(state, "SZ 106", "fighter", "germany", aboard=carrier["id"])
    assert convoy.dice(data, state, "uk_europe")["SZ 106"] == 2  # carrier 0, fighter 2
    assert convoy.dice(data, state, "usa") == {}  # not at war with anybody


def test_G40_CONV_04_and_G40_CONV_05_and_G40_CONV_06_loss_capped_by_zone_and_territory() -> None:
    data, state = make_state()
    assert convoy.loss(data, state, "uk_europe", {"SZ 109": [3, 1], "SZ 119": [4, 6]}) == 4
    # Scotland (2) borders SZ 109 and SZ 119: together it gives at most 2
    zones = {z: data.adjacency[z] for z in ("SZ 109", "SZ 119")}
    assert "Scotland" in zones["SZ 109"] and "Scotland" in zones["SZ 119"]
    huge = {"SZ 109": [3, 3, 3, 3, 3, 3], "SZ 119": [3, 3, 3, 3]}
    cap = sum(data.spaces[t].value for t in {*zones["SZ 109"], *zones["SZ 119"]}
              if state["owners"].get(t) == "uk")
    assert convoy.loss(data, state, "uk_europe", huge) == cap


def test_G40_CONV_07_and_G40_CONV_01_loss_never_below_zero_and_after_objectives() -> None:
    data, state = make_state()
    add_unit(state, "SZ 109", "submarine", "germany")
    everything = {z: [3] * 20 for z in convoy.dice(data, state, "uk_europe")}
    assert everything
    payload = income.income(data, state, "uk_europe", everything)
    assert payload["total"] == max(0, 28 + 5 - payload["convoy"]) >= 0


def test_G40_CONV_08_china_never_disrupted_CHINA_11() -> None:
    data, state = make_state()
    add_unit(state, "SZ 36", "submarine", "japan")
    assert convoy.dice(data, state, "china") == {}


def test_G40_CONV_09_same_submarine_hits_several_powers() -> None:
    data, state = make_state()
    war(state, "germany", "usa")
    add_unit(state, "SZ 101", "submarine", "germany")
    assert "SZ 101" in convoy.dice(data, state, "usa")
    add_unit(state, "SZ 106", "submarine", "germany")
    assert "SZ 106" in convoy.dice(data, state, "uk_europe")


@pytest.mark.parametrize(("oid", "setup", "expected"), [
    ("G40-NO-GER-01", lambda s: None, 5),
    ("G40-NO-GER-01", lambda s: war(s, "germany", "ussr"), 0),
    ("G40-NO-GER-02", lambda s: (war(s, "germany", "ussr"), _own(s, "germany", "Novgorod",
                                                                   "Russia")), 10),
    ("G40-NO-GER-03", lambda s: (war(s, "germany", "ussr"), _own(s, "italy", "Caucasus")), 5),
    ("G40-NO-GER-04", lambda s: s["neutrals"].update(Sweden="pro_allies"), 0),
    ("G40-NO-GER-05", lambda s: add_unit(s, "Egypt", "tank", "germany"), 5),
    ("G40-NO-GER-06", lambda s: _own(s, "germany", "Iraq", "Persia"), 4),
    ("G40-NO-SOV-01", lambda s: (war(s, "germany", "ussr"), _own(s, "ussr", "Poland",
                                                                   "Finland")), 6),
    ("G40-NO-SOV-02", lambda s: war(s, "italy", "ussr"), 5),
    ("G40-NO-SOV-02", lambda s: (war(s, "italy", "ussr"),
                                 add_unit(s, "Karelia", "infantry", "uk")), 0),
    ("G40-NO-SOV-03", lambda s: _own(s, "ussr", "Germany"), 10),
    ("G40-NO-JPN-01", lambda s: s["politics"]["flags"].update(japan_attacked_west=True), 0),
    ("G40-NO-JPN-02", lambda s: _own(s, "japan", "Guam", "Midway", "Wake Island",
                                     "Gilbert Islands", "Solomon Islands"), 5),
    ("G40-NO-JPN-03", lambda s: _own(s, "germany", "India"), 5),
    ("G40-NO-JPN-04", lambda s: _own(s, "japan", "Sumatra", "Java", "Borneo", "Celebes"), 5),
    ("G40-NO-USA-01", lambda s: war(s, "usa", "japan"), 10),
    ("G40-NO-USA-02", lambda s: war(s, "usa", "japan"), 5),
    ("G40-NO-USA-03", lambda s: war(s, "usa", "germany"), 5),
    ("G40-NO-USA-04", lambda s: war(s, "usa", "italy"), 5),
    ("G40-NO-USA-05", lambda s: (war(s, "usa", "italy"), add_unit(s, "France", "infantry",
                                                                  "usa")), 5),
    ("G40-NO-CHN-01", lambda s: _own(s, "japan", "Burma"), 0),
    ("G40-NO-UKE-01", lambda s: _own(s, "italy", "Malta"), 0),
    ("G40-NO-UKP-01", lambda s: war(s, "uk", "japan"), 5),
    ("G40-NO-ITA-01", lambda s: _own(s, "italy", "Egypt", "Gibraltar", "Southern France"), 5),
    ("G40-NO-ITA-02", lambda s: [s["units"][z].clear() for z in ("SZ 93", "SZ 98")], 5),
    ("G40-NO-ITA-03", lambda s: _own(s, "germany", "Morocco", "Algeria", "Tunisia",
                                     "Alexandria"), 5),
    ("G40-NO-ITA-04", lambda s: _own(s, "italy", "Iraq", "Persia", "Northwest Persia"), 6),
    ("G40-NO-ANZ-01", lambda s: (war(s, "anzac", "japan"), _own(s, "anzac",
                                                                "Dutch New Guinea")), 5),
    ("G40-NO-ANZ-02", lambda s: war(s, "anzac", "japan"), 5),
])
def test_G40_NO_each_objective(oid: str, setup: object, expected: int) -> None:
    data, state = make_state()
    setup(state)  # type: ignore[operator]
    assert _bonus(data, state, oid) == expected


def test_G40_NO_SOV_03_one_time_and_ANZ_01_not_the_dutch() -> None:
    data, state = make_state()
    _own(state, "ussr", "Germany")
    payload = income.income(data, state, "ussr")
    income.collect(state, payload)
    assert "G40-NO-SOV-03" in state["objectives_paid"]
    assert _bonus(data, state, "G40-NO-SOV-03") == 0
    war(state, "anzac", "japan")
    assert _bonus(data, state, "G40-NO-ANZ-01") == 0  # Dutch New Guinea still Dutch


def test_G40_NO_UKE_01_europe_map_originals_include_west_india_AMB_25() -> None:
    data, state = make_state()
    _own(state, "japan", "West India")
    assert _bonus(data, state, "G40-NO-UKE-01") == 0
    _own(state, "uk", "West India")
    _own(state, "japan", "British Columbia")
    assert _bonus(data, state, "G40-NO-UKE-01") == 5


def test_national_objectives_option_off() -> None:
    data, state = make_state(national_objectives=False)
    assert income.income(data, state, "germany")["total"] == 30
