"""The board, canals and straits, general rules and the UK's one power (G40-MAP-*, G40-GEN-*,
G40-UK-05, G40-UK-07)."""

from __future__ import annotations

from pbem.games.aa.global1940 import convoy, economy, income, straits
from tests.games.global1940.kit import add_unit, make_state, refused, war


def test_G40_GEN_01_two_sides_and_us_ussr_at_war_with_nobody() -> None:
    data, state = make_state()
    assert data.sides["axis"] == ("germany", "japan", "italy")
    assert set(data.sides["allies"]) == {"ussr", "usa", "china", "uk", "anzac", "france"}
    assert not any(p in pair for pair in state["wars"] for p in ("usa", "ussr"))


def test_G40_GEN_02_each_power_keeps_its_own_ipcs() -> None:
    data, state = make_state()
    refused("G40-UK-04", economy.check_spend, data, state, "anzac", "uk", 1)
    refused("G40-UK-04", economy.check_spend, data, state, "usa", "china", 1)
    economy.check_spend(data, state, "anzac", "anzac", 10)


def test_G40_GEN_03_a_die_hits_when_equal_or_lower() -> None:
    from pbem.games.aa.battle import count_hits

    die = {"unit": "bomber", "unit_id": 1, "target": 4, "cat": "N"}  # a bomber attacks at 4
    assert count_hits([die, die], [4, 5])["N"] == 1  # the 4 hits, the 5 misses


def test_G40_GEN_04_no_lending_and_never_negative() -> None:
    data, state = make_state()
    refused("G40-UK-04", economy.check_spend, data, state, "france", "uk", 1)
    refused("G40-PUR-01", economy.check_spend, data, state, "italy", "italy", 11)
    zone_subs = [add_unit(state, "SZ 97", "submarine", "germany") for _ in range(6)]
    assert zone_subs
    faces = {z: [1] * n for z, n in convoy.dice(data, state, "italy").items()}
    assert income.income(data, state, "italy", faces)["total"] >= 0


def test_G40_MAP_02_sea_zones_joined_across_the_maps() -> None:
    data, _ = make_state()
    for a, b in (("SZ 11", "SZ 64"), ("SZ 28", "SZ 64"), ("SZ 51", "SZ 64"),
                 ("SZ 51", "SZ 65"), ("SZ 51", "SZ 66"), ("SZ 52", "SZ 66")):
        assert b in data.adjacency[a] and a in data.adjacency[b]


def test_G40_MAP_03_meeting_at_a_point_is_not_adjacent() -> None:
    data, _ = make_state()
    assert "SZ 111" not in data.adjacency["United Kingdom"]
    assert "SZ 110" in data.adjacency["United Kingdom"]


def test_G40_MAP_07_islands_are_single_territories() -> None:
    data, _ = make_state()
    assert {"Sardinia", "Sicily"} <= set(data.adjacency["SZ 95"])
    assert data.space("Sardinia").island and data.space("Sicily").island
    assert "West Indies" in data.adjacency["SZ 89"]
    assert not any(s.startswith("West Indies ") for s in data.spaces)


def test_G40_MAP_11_land_units_never_cross_a_strait_by_land() -> None:
    data, _ = make_state()
    for a, b in (("Denmark", "Sweden"), ("Denmark", "Norway"), ("Gibraltar", "Morocco"),
                 ("Spain", "Morocco")):
        assert b not in data.adjacency[a]
    assert {"SZ 99", "SZ 100"} <= set(data.adjacency["Turkey"])  # one territory on both


def test_G40_MAP_12_passage_needs_alliance_control_since_the_turn_started() -> None:
    data, state = make_state()
    straits.check_passage(data, state, "uk", "cruiser", "SZ 91", "SZ 92")  # Gibraltar
    straits.check_passage(data, state, "france", "cruiser", "SZ 81", "SZ 98")  # an ally's
    straits.check_passage(data, state, "germany", "cruiser", "SZ 112", "SZ 113")
    refused("G40-MAP-14", straits.check_passage, data, state, "uk", "cruiser", "SZ 112",
             "SZ 113")  # Denmark is German
    state["owners"]["Denmark"] = "uk"  # taken this turn
    refused("G40-MAP-12", straits.check_passage, data, state, "uk", "cruiser", "SZ 112",
             "SZ 113")
    state["owners_at_turn_start"]["Denmark"] = "uk"
    straits.check_passage(data, state, "uk", "cruiser", "SZ 112", "SZ 113")


def test_G40_MAP_13_suez_split_between_alliances_is_closed_to_all() -> None:
    data, state = make_state()
    state["owners"]["Egypt"] = state["owners_at_turn_start"]["Egypt"] = "italy"
    refused("G40-MAP-13", straits.check_passage, data, state, "uk", "cruiser", "SZ 81",
             "SZ 98")
    refused("G40-MAP-13", straits.check_passage, data, state, "italy", "cruiser", "SZ 98",
             "SZ 81")


def test_G40_MAP_14_other_alliance_needs_permission_enemy_or_neutral_bars() -> None:
    data, state = make_state()
    refused("G40-MAP-14", straits.check_passage, data, state, "japan", "cruiser", "SZ 64",
             "SZ 89")  # the US not at war: permission needed, default deny (AMB-34)
    state["standing"] = {"usa": {"canal_permissions": {"japan": "allow"}}}
    straits.check_passage(data, state, "japan", "cruiser", "SZ 64", "SZ 89")
    war(state, "japan", "usa")
    refused("G40-MAP-14", straits.check_passage, data, state, "japan", "cruiser", "SZ 64",
             "SZ 89")
    for power in ("uk", "germany"):  # Turkey is neutral
        refused("G40-MAP-14", straits.check_passage, data, state, power, "cruiser", "SZ 99",
                 "SZ 100")


def test_G40_MAP_15_submarines_pass_gibraltar_whoever_holds_it() -> None:
    data, state = make_state()
    straits.check_passage(data, state, "italy", "submarine", "SZ 92", "SZ 91")
    refused("G40-MAP-14", straits.check_passage, data, state, "italy", "destroyer",
             "SZ 92", "SZ 91")
    refused("G40-MAP-14", straits.check_passage, data, state, "italy", "submarine",
             "SZ 99", "SZ 100")  # only Gibraltar


def test_G40_MAP_16_aircraft_ignore_canals_and_straits() -> None:
    data, state = make_state()
    for utype in ("fighter", "bomber", "tactical_bomber"):
        straits.check_passage(data, state, "italy", utype, "SZ 99", "SZ 100")
        straits.check_passage(data, state, "japan", utype, "SZ 64", "SZ 89")
    assert straits.crossing(data, "SZ 110", "SZ 111") is None


def test_G40_UK_05_one_power_moves_every_uk_unit() -> None:
    data, state = make_state()
    owners = {u["owner"] for units in state["units"].values() for u in units}
    assert "uk" in owners and not owners & {"uk_europe", "uk_pacific"}
    assert [p.id for p in data.powers].count("uk") == 1


def test_G40_UK_07_each_economy_collects_its_own_income_and_convoy_losses() -> None:
    data, state = make_state()
    add_unit(state, "SZ 109", "submarine", "germany")
    europe, pacific = convoy.dice(data, state, "uk_europe"), convoy.dice(data, state,
                                                                         "uk_pacific")
    assert europe.get("SZ 109") and "SZ 109" not in pacific
    faces = {z: [1] * n for z, n in europe.items()}
    assert income.income(data, state, "uk_europe", faces)["convoy"] > 0
    assert income.income(data, state, "uk_pacific")["total"] == 17
