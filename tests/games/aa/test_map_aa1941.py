"""A&A 1941 board data and map queries (AA41-MAP, AA41-DEF-03/04/08, spec C.4-C.8)."""

from __future__ import annotations

from pbem.games.aa.data import scenario
from pbem.games.aa.mapgraph import MapGraph

DATA = scenario("aa1941")
MAP = MapGraph(DATA)
START = DATA.setup()["owners"]


def test_AA41_MAP_01_board_has_120_spaces_and_282_connections() -> None:
    assert len(DATA.spaces) == 120
    assert len(DATA.land_territories) == 71 and len(DATA.sea_zones) == 49
    assert DATA.sea_zones == tuple(f"SZ {n}" for n in range(1, 50))
    assert len(DATA.connections) == 282 == len({frozenset(p) for p in DATA.connections})
    # bidirectional adjacency
    for a, b in DATA.connections:
        assert b in MAP.neighbours(a) and a in MAP.neighbours(b)
    assert sum(len(v) for v in DATA.adjacency.values()) == 2 * 282


def test_AA41_DEF_03_adjacency_samples_from_c5_c7() -> None:
    assert MAP.neighbours("Germany") == (
        "Eastern Europe", "Southern Europe", "Switzerland", "Western Europe", "SZ 5")
    assert MAP.sea_neighbours("SZ 13") == ("SZ 9", "SZ 10", "SZ 11", "SZ 12", "SZ 14", "SZ 22",
                                           "SZ 23")
    assert MAP.land_neighbours("SZ 45") == ("Iwo Jima", "Japan", "Manchuria", "Okinawa",
                                            "Siberia")
    assert MAP.sea_neighbours("SZ 4") == ("SZ 3",)
    assert not MAP.adjacent("Germany", "Russia") and MAP.adjacent("Russia", "West Russia")


def test_AA41_MAP_02_wrap_around_pairs() -> None:
    for a, b in [("Western Canada", "Eastern Canada"),
                 ("Western United States", "Eastern United States"), ("Mexico", "East Mexico"),
                 ("SZ 35", "SZ 21"), ("SZ 36", "SZ 20"), ("SZ 41", "SZ 19")]:
        assert MAP.adjacent(a, b)
    # the north and south edges do not connect
    assert not MAP.adjacent("SZ 4", "SZ 47") and not MAP.adjacent("SZ 26", "SZ 34")


def test_AA41_MAP_03_income_values() -> None:
    values = [DATA.spaces[t].value for t in DATA.land_territories if not DATA.spaces[t].neutral]
    assert len(values) == 57
    assert {v: values.count(v) for v in set(values)} == {0: 26, 1: 20, 2: 4, 3: 3, 4: 2, 6: 2}
    assert DATA.spaces["Gibraltar"].value == 0 and DATA.spaces["Germany"].value == 4
    assert sum(values) == 57
    assert all(DATA.spaces[s].value == 0 for s in DATA.sea_zones)


def test_AA41_MAP_04_neutrals_impassable() -> None:
    neutrals = sorted(t for t in DATA.land_territories if DATA.spaces[t].neutral)
    assert len(neutrals) == 14 and "Turkey" in neutrals and "Sahara" in neutrals
    for n in neutrals:
        assert DATA.spaces[n].value == 0 and DATA.spaces[n].original_owner is None
        assert MAP.air_distance("Germany", n) is None  # never entered or overflown
    # Switzerland lies between Germany, Southern and Western Europe: no short cut through it.
    assert MAP.air_distance("Western Europe", "Southern Europe") == 1
    # Sahara cannot be crossed by land: North Africa -> French West Africa goes around.
    assert MAP.land_distance("North Africa", "French West Africa") == 3
    assert MAP.land_distance("Gibraltar", "Western Europe") is None  # Spain is closed


def test_AA41_DEF_04_neutral_territories_have_no_owner() -> None:
    for t in DATA.land_territories:
        assert (START[t] is None) == DATA.spaces[t].neutral


def test_AA41_DEF_08_original_owner() -> None:
    counts = {p: sum(1 for t in DATA.land_territories if DATA.spaces[t].original_owner == p)
              for p in DATA.turn_order}
    assert counts == {"ussr": 7, "germany": 8, "uk": 20, "japan": 7, "usa": 15}
    assert DATA.spaces["Northwestern China"].original_owner == "usa"


def test_AA41_MAP_05_islands() -> None:
    islands = sorted(t for t in DATA.land_territories if DATA.spaces[t].island)
    assert islands == sorted([
        "Australia", "Borneo", "Caroline Islands", "East Indies", "French Madagascar",
        "Greenland", "Hawaiian Islands", "Iceland", "Iwo Jima", "Japan", "Midway",
        "New Guinea", "New Zealand", "Okinawa", "Philippine Islands", "Solomon Islands",
        "Wake Island", "West Indies"])
    assert MAP.island_groups_of("SZ 37") == ("New Guinea", "Solomon Islands")
    assert MAP.island_groups_of("SZ 38") == ("Caroline Islands", "Philippine Islands")
    assert MAP.island_groups_of("SZ 45") == ("Iwo Jima", "Japan", "Okinawa")


def test_AA41_MAP_06_coastal_and_landlocked() -> None:
    landlocked = sorted(t for t in DATA.land_territories
                        if not DATA.spaces[t].neutral and not MAP.is_coastal(t))
    assert landlocked == ["Northwestern China", "Russia", "Urals", "West Russia"]
    assert MAP.sea_zones_of("Western Europe") == ("SZ 5", "SZ 6", "SZ 7", "SZ 8", "SZ 15")


def test_AA41_MAP_07_black_sea_closed_to_ships() -> None:
    assert DATA.closed_sea_zones == frozenset({"SZ 18"})
    assert MAP.adjacent("SZ 17", "SZ 18")
    for side in ("allies", "axis"):
        assert not MAP.sea_step_allowed("SZ 17", "SZ 18", side, START, START)
        assert not MAP.sea_step_allowed("SZ 18", "SZ 17", side, START, START)
    # air units fly in and out normally
    assert MAP.air_distance("Ukraine", "SZ 18") == 1
    assert MAP.air_distance("SZ 18", "SZ 17") == 1


def test_AA41_MAP_08_panama_canal_needs_central_america() -> None:
    canal = MAP.canal_between("SZ 12", "SZ 19")
    assert canal is not None and canal.territories == ("Central America",)
    assert MAP.sea_step_allowed("SZ 12", "SZ 19", "allies", START, START)
    assert not MAP.sea_step_allowed("SZ 19", "SZ 12", "axis", START, START)
    held = {**START, "Central America": "japan"}
    assert MAP.sea_step_allowed("SZ 19", "SZ 12", "axis", held, held)
    assert not MAP.sea_step_allowed("SZ 19", "SZ 12", "allies", held, held)


def test_AA41_MAP_09_suez_needs_both_territories() -> None:
    canal = MAP.canal_between("SZ 28", "SZ 17")
    assert canal is not None and canal.territories == ("Anglo-Egypt Sudan", "Middle East")
    assert MAP.sea_step_allowed("SZ 17", "SZ 28", "allies", START, START)
    one = {**START, "Middle East": "germany"}
    assert not MAP.sea_step_allowed("SZ 17", "SZ 28", "allies", one, one)
    assert not MAP.sea_step_allowed("SZ 17", "SZ 28", "axis", one, one)
    both = {**one, "Anglo-Egypt Sudan": "japan"}  # two different Axis powers suffice
    assert MAP.sea_step_allowed("SZ 28", "SZ 17", "axis", both, both)


def test_AA41_MAP_10_canal_needs_control_since_turn_start() -> None:
    now = {**START, "Central America": "germany"}
    assert not MAP.sea_step_allowed("SZ 12", "SZ 19", "axis", START, now)  # captured this turn
    assert not MAP.sea_step_allowed("SZ 12", "SZ 19", "allies", START, now)  # lost this turn
    assert MAP.sea_distances("SZ 11", "axis", START, now) == {"SZ 11": 0, "SZ 10": 1,
                                                              "SZ 12": 1, "SZ 13": 1,
                                                              "SZ 1": 2, "SZ 2": 2, "SZ 9": 2,
                                                              "SZ 22": 2, "SZ 14": 2,
                                                              "SZ 23": 2}


def test_AA41_MAP_11_canals_do_not_restrict_land_or_air() -> None:
    assert MAP.land_distance("Anglo-Egypt Sudan", "Middle East") == 1
    assert MAP.land_distance("East Mexico", "Central America") == 1
    assert MAP.air_distance("SZ 12", "SZ 19") == 1 and MAP.air_distance("SZ 17", "SZ 28") == 1


def test_AA41_MAP_13_industrial_complexes_only_in_nine_territories() -> None:
    assert sorted(MAP.factories) == sorted([
        "Russia", "Caucasus", "Germany", "United Kingdom", "India", "Australia", "Japan",
        "Eastern United States", "Western United States"])
    capacity = {t: DATA.spaces[t].value for t in MAP.factories}
    assert capacity == {"Russia": 3, "Caucasus": 2, "Germany": 4, "United Kingdom": 3,
                        "India": 1, "Australia": 1, "Japan": 4, "Eastern United States": 6,
                        "Western United States": 6}


def test_AA41_UNIT_IC_01_complexes_are_map_features() -> None:
    # not a unit type, not in any setup as a unit, and fixed to its territory
    assert "factory" not in DATA.units
    for name in DATA.setup_names():
        for entries in DATA.setup(name)["units"].values():
            assert all(e["type"] in DATA.units for e in entries)
    # C.4: where each complex can put ships
    assert {t: MAP.sea_zones_of(t) for t in MAP.factories} == {
        "Australia": ("SZ 33",), "Caucasus": ("SZ 18",), "Eastern United States": ("SZ 11",),
        "Germany": ("SZ 5",), "India": ("SZ 29",), "Japan": ("SZ 45",), "Russia": (),
        "United Kingdom": ("SZ 6", "SZ 7", "SZ 8"), "Western United States": ("SZ 42",)}
    assert all(len(MAP.complexes_bordering(z)) <= 1 for z in DATA.sea_zones)


def test_air_distances_and_reach() -> None:
    assert MAP.air_distance("United Kingdom", "Germany") == 3  # via a sea zone, Western Europe
    assert MAP.air_distance("Germany", "Russia") == 3
    assert set(MAP.within_air("Germany", 1)) == {"Germany", "Eastern Europe", "Southern Europe",
                                                 "Western Europe", "SZ 5"}
    assert MAP.air_distances("Japan")["SZ 45"] == 1


def test_AA41_DEF_10_production_level_from_owners() -> None:
    assert {p: MAP.production(p, START) for p in DATA.turn_order} == {
        "ussr": 7, "germany": 12, "uk": 12, "japan": 9, "usa": 17}
    moved = {**START, "Karelia": "germany"}
    assert MAP.production("germany", moved) == 13 and MAP.production("ussr", moved) == 6
