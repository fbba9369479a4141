"""Both Anniversary starting positions pinned against the spec's tables (spec C.2, C.3, C.6, C.7).

The tables below are copied from ``specs/anniversary.md`` (C.6 territories, C.7 starting
units), not from the converter's output: the test fails if the converted data drifts from
the spec. AAE-SETUP-03..07, AAE-SEQ-02/03, AAE-VIC-01.
"""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.aa.anniversary.data import anniversary

TERRITORIES = {  # spec C.6: territory -> (IPC value, 1941 controller, 1942 controller)
    'Alaska': (2, 'usa', 'usa'),
    'Anglo-Egypt Sudan': (1, 'uk', 'uk'),
    'Archangel': (2, 'ussr', 'ussr'),
    'Australia': (2, 'uk', 'uk'),
    'Balkans': (3, 'italy', 'italy'),
    'Baltic States': (1, 'ussr', 'germany'),
    'Belgian Congo': (1, 'uk', 'uk'),
    'Belorussia': (1, 'ussr', 'germany'),
    'Borneo': (4, 'uk', 'japan'),
    'Brazil': (3, 'usa', 'usa'),
    'Bulgaria Romania': (2, 'germany', 'germany'),
    'Burma': (2, 'uk', 'japan'),
    'Buryatia S.S.R.': (1, 'ussr', 'ussr'),
    'Caroline Islands': (0, 'japan', 'japan'),
    'Caucasus': (4, 'ussr', 'ussr'),
    'Central United States': (6, 'usa', 'usa'),
    'Chinghai': (1, 'china', 'china'),
    'Czechoslovakia Hungary': (2, 'germany', 'germany'),
    'East Indies': (4, 'uk', 'japan'),
    'East Poland': (1, 'ussr', 'germany'),
    'Eastern Canada': (3, 'uk', 'uk'),
    'Eastern Ukraine': (1, 'ussr', 'germany'),
    'Eastern United States': (12, 'usa', 'usa'),
    'Egypt': (2, 'uk', 'uk'),
    'Evenki National Okrug': (1, 'ussr', 'ussr'),
    'Finland': (2, 'germany', 'germany'),
    'Formosa': (1, 'japan', 'japan'),
    'France': (6, 'germany', 'germany'),
    'French Equatorial Africa': (1, 'uk', 'uk'),
    'French Indo-China Thailand': (2, 'japan', 'japan'),
    'French Madagascar': (1, 'uk', 'uk'),
    'French West Africa': (1, 'uk', 'uk'),
    'Fukien': (1, 'china', 'china'),
    'Germany': (10, 'germany', 'germany'),
    'Gibraltar': (0, 'uk', 'uk'),
    'Greenland': (0, 'usa', 'usa'),
    'Hawaiian Islands': (1, 'usa', 'usa'),
    'Hupeh': (1, 'china', 'china'),
    'Iceland': (0, 'uk', 'uk'),
    'India': (3, 'uk', 'uk'),
    'Italian Africa': (1, 'uk', 'uk'),
    'Italy': (6, 'italy', 'italy'),
    'Iwo Jima': (0, 'japan', 'japan'),
    'Japan': (8, 'japan', 'japan'),
    'Karelia S.S.R.': (2, 'ussr', 'ussr'),
    'Kazakh S.S.R.': (2, 'ussr', 'ussr'),
    'Kiangsu': (2, 'japan', 'japan'),
    'Kwangtung': (1, 'uk', 'japan'),
    'Libya': (1, 'italy', 'italy'),
    'Manchuria': (3, 'japan', 'japan'),
    'Mexico': (2, 'usa', 'usa'),
    'Midway': (0, 'usa', 'usa'),
    'Morocco Algeria': (1, 'germany', 'germany'),
    'New Guinea': (1, 'uk', 'japan'),
    'New Zealand': (1, 'uk', 'uk'),
    'Ningxia': (1, 'china', 'china'),
    'Northwestern Europe': (2, 'germany', 'germany'),
    'Norway': (3, 'germany', 'germany'),
    'Novosibirsk': (2, 'ussr', 'ussr'),
    'Okinawa': (1, 'japan', 'japan'),
    'Panama': (1, 'usa', 'usa'),
    'Persia': (1, 'uk', 'uk'),
    'Philippine Islands': (2, 'usa', 'japan'),
    'Poland': (3, 'germany', 'germany'),
    'Rhodesia': (1, 'uk', 'uk'),
    'Russia': (6, 'ussr', 'ussr'),
    'Sikang': (1, 'china', 'china'),
    'Solomon Islands': (0, 'uk', 'japan'),
    'Soviet Far East': (1, 'ussr', 'ussr'),
    'Stanovoj Chrebet': (1, 'ussr', 'ussr'),
    'Suiyuan': (1, 'china', 'china'),
    'Trans-Jordan': (1, 'uk', 'uk'),
    'Ukraine': (2, 'ussr', 'germany'),
    'Union of South Africa': (2, 'uk', 'uk'),
    'United Kingdom': (8, 'uk', 'uk'),
    'Urals': (1, 'ussr', 'ussr'),
    'Wake Island': (0, 'usa', 'japan'),
    'West Indies': (1, 'usa', 'usa'),
    'Western Canada': (1, 'uk', 'uk'),
    'Western United States': (10, 'usa', 'usa'),
    'Yakut S.S.R.': (1, 'ussr', 'ussr'),
    'Yunnan': (1, 'china', 'china'),
}
VICTORY_CITIES = {
    'Australia': 'Sydney',
    'Caucasus': 'Stalingrad',
    'Eastern Canada': 'Ottawa',
    'Eastern United States': 'Washington',
    'France': 'Paris',
    'Germany': 'Berlin',
    'Hawaiian Islands': 'Honolulu',
    'India': 'Calcutta',
    'Italy': 'Rome',
    'Japan': 'Tokyo',
    'Karelia S.S.R.': 'Leningrad',
    'Kiangsu': 'Shanghai',
    'Kwangtung': 'Hong Kong',
    'Philippine Islands': 'Manila',
    'Poland': 'Warsaw',
    'Russia': 'Moscow',
    'United Kingdom': 'London',
    'Western United States': 'San Francisco',
}
COMPLEXES = [
    'Caucasus',
    'Eastern United States',
    'Germany',
    'Italy',
    'Japan',
    'Karelia S.S.R.',
    'Russia',
    'United Kingdom',
    'Western United States',
]
UNITS_1941 = {  # spec C.7
    ('germany', 'Bulgaria Romania'): {"inf": 3, "art": 1, "tank": 2},
    ('germany', 'Czechoslovakia Hungary'): {"tank": 2},
    ('germany', 'Finland'): {"inf": 2},
    ('germany', 'France'): {"inf": 2, "tank": 1},
    ('germany', 'Germany'): {"inf": 3, "art": 1, "AA": 1, "IC": 1, "ftr": 1, "bmb": 1},
    ('germany', 'Libya'): {"inf": 1, "art": 1, "tank": 1},
    ('germany', 'Morocco Algeria'): {"inf": 1},
    ('germany', 'Northwestern Europe'): {"inf": 1, "ftr": 1},
    ('germany', 'Norway'): {"inf": 2, "ftr": 1},
    ('germany', 'Poland'): {"inf": 4, "art": 1, "tank": 2, "ftr": 1},
    ('germany', 'SZ 5'): {"cru": 1, "sub": 1, "trn": 1},
    ('germany', 'SZ 7'): {"sub": 2},
    ('germany', 'SZ 13'): {"trn": 1},
    ('ussr', 'Archangel'): {"inf": 2},
    ('ussr', 'Baltic States'): {"inf": 3},
    ('ussr', 'Belorussia'): {"inf": 2},
    ('ussr', 'Buryatia S.S.R.'): {"inf": 3},
    ('ussr', 'Caucasus'): {"inf": 4, "AA": 1, "IC": 1},
    ('ussr', 'East Poland'): {"inf": 2},
    ('ussr', 'Eastern Ukraine'): {"inf": 1},
    ('ussr', 'Evenki National Okrug'): {"inf": 1},
    ('ussr', 'Karelia S.S.R.'): {"inf": 5, "art": 1, "AA": 1, "IC": 1},
    ('ussr', 'Kazakh S.S.R.'): {"inf": 2},
    ('ussr', 'Novosibirsk'): {"inf": 2},
    ('ussr', 'Russia'): {"inf": 3, "art": 1, "tank": 1, "AA": 1, "IC": 1},
    ('ussr', 'Soviet Far East'): {"inf": 2},
    ('ussr', 'Stanovoj Chrebet'): {"inf": 2},
    ('ussr', 'Ukraine'): {"inf": 2},
    ('ussr', 'Yakut S.S.R.'): {"inf": 1},
    ('ussr', 'SZ 4'): {"sub": 1},
    ('japan', 'Caroline Islands'): {"inf": 3},
    ('japan', 'Formosa'): {"ftr": 1},
    ('japan', 'French Indo-China Thailand'): {"inf": 3},
    ('japan', 'Iwo Jima'): {"inf": 1},
    ('japan', 'Japan'): {"inf": 4, "art": 1, "tank": 1, "AA": 1, "IC": 1, "ftr": 1},
    ('japan', 'Kiangsu'): {"inf": 3},
    ('japan', 'Manchuria'): {"inf": 3, "ftr": 1},
    ('japan', 'Okinawa'): {"inf": 1},
    ('japan', 'SZ 51'): {"dd": 1, "trn": 2},
    ('japan', 'SZ 57'): {"ftr": 4, "cv": 2},
    ('japan', 'SZ 61'): {"inf": 3, "art": 1, "ftr": 2, "bb": 1, "cv": 1, "cru": 1, "trn": 2},
    ('japan', 'SZ 62'): {"trn": 1},
    ('uk', 'Australia'): {"inf": 3, "art": 1, "AA": 1},
    ('uk', 'Burma'): {"inf": 1},
    ('uk', 'Eastern Canada'): {"tank": 1},
    ('uk', 'Egypt'): {"inf": 2, "art": 1, "tank": 1, "ftr": 1},
    ('uk', 'India'): {"inf": 3, "art": 1, "AA": 1},
    ('uk', 'Kwangtung'): {"inf": 1},
    ('uk', 'Trans-Jordan'): {"inf": 2},
    ('uk', 'Union of South Africa'): {"inf": 2},
    ('uk', 'United Kingdom'): {"inf": 2, "art": 1, "tank": 1, "AA": 1, "IC": 1, "ftr": 2, "bmb": 1},
    ('uk', 'Western Canada'): {"inf": 1},
    ('uk', 'SZ 2'): {"bb": 1, "trn": 1},
    ('uk', 'SZ 6'): {"dd": 1},
    ('uk', 'SZ 9'): {"dd": 1, "trn": 1},
    ('uk', 'SZ 12'): {"cru": 1, "dd": 1},
    ('uk', 'SZ 35'): {"dd": 1, "trn": 1},
    ('uk', 'SZ 41'): {"dd": 1, "trn": 1},
    ('italy', 'Balkans'): {"inf": 2, "tank": 1},
    ('italy', 'Italy'): {"inf": 1, "art": 1, "tank": 1, "AA": 1, "IC": 1, "ftr": 1},
    ('italy', 'Libya'): {"inf": 2},
    ('italy', 'SZ 14'): {"bb": 1, "cru": 2, "trn": 1},
    ('china', 'Fukien'): {"inf": 1},
    ('china', 'Hupeh'): {"inf": 1},
    ('china', 'Suiyuan'): {"inf": 1},
    ('china', 'Yunnan'): {"inf": 1, "ftr": 1},
    ('usa', 'Alaska'): {"inf": 1},
    ('usa', 'Central United States'): {"inf": 1},
    ('usa', 'Eastern United States'): {"inf": 1, "art": 1, "AA": 1, "IC": 1, "ftr": 1, "bmb": 1},
    ('usa', 'Hawaiian Islands'): {"inf": 1, "ftr": 1},
    ('usa', 'Midway'): {"inf": 1},
    ('usa', 'Philippine Islands'): {"inf": 2},
    ('usa', 'Wake Island'): {"inf": 1},
    ('usa', 'Western United States'): {"inf": 1, "AA": 1, "IC": 1, "ftr": 1, "bmb": 1},
    ('usa', 'SZ 10'): {"dd": 1, "trn": 1},
    ('usa', 'SZ 44'): {"ftr": 1, "cv": 1, "dd": 1},
    ('usa', 'SZ 50'): {"dd": 1, "trn": 1},
    ('usa', 'SZ 53'): {"bb": 1},
    ('usa', 'SZ 56'): {"dd": 1, "trn": 1},
}
UNITS_1942 = {  # spec C.7
    ('germany', 'Baltic States'): {"inf": 3},
    ('germany', 'Belorussia'): {"inf": 3},
    ('germany', 'Bulgaria Romania'): {"inf": 2, "tank": 1, "ftr": 1},
    ('germany', 'Czechoslovakia Hungary'): {"inf": 2},
    ('germany', 'East Poland'): {"inf": 2, "art": 1, "ftr": 1},
    ('germany', 'Eastern Ukraine'): {"inf": 2, "art": 1, "tank": 2},
    ('germany', 'Finland'): {"inf": 2},
    ('germany', 'France'): {"inf": 1, "tank": 1, "AA": 1, "ftr": 1},
    ('germany', 'Germany'): {"inf": 4, "tank": 2, "AA": 1, "IC": 1, "ftr": 1, "bmb": 1},
    ('germany', 'Libya'): {"inf": 1, "tank": 1},
    ('germany', 'Morocco Algeria'): {"inf": 1, "art": 1},
    ('germany', 'Northwestern Europe'): {"inf": 1, "tank": 1},
    ('germany', 'Norway'): {"inf": 3, "ftr": 1},
    ('germany', 'Poland'): {"inf": 2, "tank": 1},
    ('germany', 'Ukraine'): {"inf": 2, "tank": 1},
    ('germany', 'SZ 5'): {"cru": 1, "dd": 1, "sub": 1, "trn": 1},
    ('germany', 'SZ 7'): {"sub": 1},
    ('germany', 'SZ 8'): {"sub": 1},
    ('germany', 'SZ 13'): {"dd": 1, "trn": 1},
    ('ussr', 'Archangel'): {"inf": 3, "tank": 1},
    ('ussr', 'Buryatia S.S.R.'): {"inf": 3},
    ('ussr', 'Caucasus'): {"inf": 3, "art": 1, "tank": 1, "AA": 1, "IC": 1},
    ('ussr', 'Evenki National Okrug'): {"inf": 1},
    ('ussr', 'Karelia S.S.R.'): {"inf": 3, "AA": 1, "IC": 1, "ftr": 1},
    ('ussr', 'Kazakh S.S.R.'): {"inf": 2},
    ('ussr', 'Novosibirsk'): {"inf": 2},
    ('ussr', 'Russia'): {"inf": 3, "art": 1, "tank": 2, "AA": 1, "IC": 1, "bmb": 1},
    ('ussr', 'Soviet Far East'): {"inf": 3},
    ('ussr', 'Stanovoj Chrebet'): {"inf": 1},
    ('ussr', 'Urals'): {"inf": 1},
    ('ussr', 'Yakut S.S.R.'): {"inf": 1},
    ('ussr', 'SZ 4'): {"sub": 1},
    ('japan', 'Borneo'): {"inf": 1},
    ('japan', 'Burma'): {"inf": 1},
    ('japan', 'Caroline Islands'): {"inf": 1},
    ('japan', 'East Indies'): {"inf": 1},
    ('japan', 'Formosa'): {"ftr": 1},
    ('japan', 'French Indo-China Thailand'): {"inf": 2, "ftr": 1},
    ('japan', 'Iwo Jima'): {"inf": 1},
    ('japan', 'Japan'): {"inf": 4, "art": 1, "tank": 1, "AA": 1, "IC": 1, "ftr": 1, "bmb": 1},
    ('japan', 'Kiangsu'): {"inf": 3},
    ('japan', 'Kwangtung'): {"inf": 1},
    ('japan', 'Manchuria'): {"inf": 2, "ftr": 1},
    ('japan', 'New Guinea'): {"inf": 1},
    ('japan', 'Okinawa'): {"inf": 1},
    ('japan', 'Philippine Islands'): {"inf": 2},
    ('japan', 'Solomon Islands'): {"inf": 1},
    ('japan', 'Wake Island'): {"inf": 1},
    ('japan', 'SZ 38'): {"ftr": 2, "bb": 1, "cv": 1},
    ('japan', 'SZ 46'): {"sub": 1},
    ('japan', 'SZ 50'): {"cru": 1},
    ('japan', 'SZ 51'): {"ftr": 1, "cv": 1, "dd": 1},
    ('japan', 'SZ 62'): {"bb": 1, "trn": 1},
    ('uk', 'Australia'): {"inf": 3, "AA": 1, "ftr": 1},
    ('uk', 'Eastern Canada'): {"inf": 2, "tank": 1},
    ('uk', 'Egypt'): {"inf": 3, "tank": 1, "ftr": 1},
    ('uk', 'India'): {"inf": 3, "AA": 1},
    ('uk', 'New Zealand'): {"inf": 1},
    ('uk', 'Persia'): {"inf": 1},
    ('uk', 'Trans-Jordan'): {"inf": 1, "art": 1},
    ('uk', 'Union of South Africa'): {"inf": 1, "art": 1},
    ('uk', 'United Kingdom'): {"inf": 2, "art": 1, "tank": 1, "AA": 1, "IC": 1, "ftr": 2, "bmb": 1},
    ('uk', 'Western Canada'): {"inf": 1},
    ('uk', 'SZ 1'): {"cru": 1, "trn": 1},
    ('uk', 'SZ 2'): {"bb": 1, "dd": 1, "trn": 1},
    ('uk', 'SZ 12'): {"cru": 1, "dd": 1},
    ('uk', 'SZ 15'): {"dd": 1},
    ('uk', 'SZ 27'): {"trn": 1},
    ('uk', 'SZ 35'): {"ftr": 1, "cv": 1, "dd": 1, "trn": 1},
    ('italy', 'Balkans'): {"inf": 2, "tank": 1},
    ('italy', 'Italy'): {"inf": 2, "art": 1, "tank": 2, "AA": 1, "IC": 1, "ftr": 1},
    ('italy', 'Libya'): {"inf": 2},
    ('italy', 'SZ 14'): {"bb": 1, "cru": 2, "trn": 1},
    ('china', 'Chinghai'): {"inf": 1},
    ('china', 'Fukien'): {"inf": 1},
    ('china', 'Hupeh'): {"inf": 1},
    ('china', 'Ningxia'): {"inf": 1},
    ('china', 'Sikang'): {"inf": 1},
    ('china', 'Suiyuan'): {"inf": 2},
    ('china', 'Yunnan'): {"inf": 2, "ftr": 1},
    ('usa', 'Alaska'): {"inf": 1},
    ('usa', 'Central United States'): {"inf": 2},
    ('usa', 'Eastern United States'): {"inf": 2, "art": 1, "tank": 1, "AA": 1, "IC": 1, "ftr": 1, "bmb": 1},
    ('usa', 'Hawaiian Islands'): {"inf": 2, "ftr": 1},
    ('usa', 'Midway'): {"inf": 1},
    ('usa', 'United Kingdom'): {"bmb": 1},
    ('usa', 'Western United States'): {"inf": 2, "AA": 1, "IC": 1, "ftr": 1, "bmb": 1},
    ('usa', 'SZ 10'): {"dd": 1, "trn": 2},
    ('usa', 'SZ 20'): {"dd": 1},
    ('usa', 'SZ 53'): {"ftr": 1, "cv": 1, "dd": 1},
    ('usa', 'SZ 56'): {"bb": 1, "cru": 1, "sub": 1, "trn": 1},
}

NEUTRALS = ["Afghanistan", "Angola", "Argentina Chile", "Eire", "Himalaya", "Mongolia",
            "Mozambique", "Northern South America", "Peruvian Central", "Sahara",
            "Saudi Arabia", "Spain", "Sweden", "Switzerland", "Turkey"]
IPCS = {"1941": {"germany": 31, "japan": 17, "italy": 10, "usa": 40, "uk": 43, "ussr": 30,
                 "china": 0},
        "1942": {"germany": 37, "japan": 31, "italy": 10, "usa": 38, "uk": 31, "ussr": 24,
                 "china": 0}}
TERRITORY_COUNTS = {"1941": {"germany": 9, "ussr": 17, "japan": 8, "uk": 25, "italy": 3,
                             "usa": 13, "china": 7},
                    "1942": {"germany": 14, "ussr": 12, "japan": 16, "uk": 19, "italy": 3,
                             "usa": 11, "china": 7}}
UNIT_TOTALS = {"1941": {"germany": 44, "ussr": 47, "japan": 46, "uk": 43, "italy": 15,
                        "china": 5, "usa": 29},
               "1942": {"germany": 61, "ussr": 41, "japan": 43, "uk": 46, "italy": 17,
                        "china": 10, "usa": 33}}
ABBREVIATIONS = {"inf": "infantry", "art": "artillery", "tank": "tank", "AA": "aa_gun",
                 "IC": "industrial_complex", "ftr": "fighter", "bmb": "bomber", "bb": "battleship",
                 "cv": "carrier", "cru": "cruiser", "dd": "destroyer", "sub": "submarine",
                 "trn": "transport"}
UNITS = {key: {cell: {ABBREVIATIONS[u]: n for u, n in units.items()}
               for cell, units in table.items()}
         for key, table in (("1941", UNITS_1941), ("1942", UNITS_1942))}
CONTROLLER = {"1941": 1, "1942": 2}


def _tally(position: dict[str, Any]) -> dict[tuple[str, str], dict[str, int]]:
    out: dict[tuple[str, str], dict[str, int]] = {}
    for space, entries in position["units"].items():
        for e in entries:
            cell = out.setdefault((e["owner"], space), {})
            cell[e["type"]] = cell.get(e["type"], 0) + e.get("count", 1)
    for space in position["complexes"]:
        cell = out.setdefault((position["owners"][space], space), {})
        cell["industrial_complex"] = cell.get("industrial_complex", 0) + 1
    return out


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_AAE_SETUP_06_every_space_owner_and_units_pinned(scenario: str) -> None:
    position = anniversary(scenario).setup()
    expected = {t: row[CONTROLLER[scenario]] for t, row in TERRITORIES.items()}
    expected.update({n: None for n in NEUTRALS})
    assert position["owners"] == expected
    assert len(position["owners"]) == 97
    assert _tally(position) == UNITS[scenario]
    totals: dict[str, int] = {}
    for (owner, _), cell in UNITS[scenario].items():
        totals[owner] = totals.get(owner, 0) + sum(cell.values())
    assert totals == UNIT_TOTALS[scenario]


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_AAE_SETUP_03_starting_ipcs(scenario: str) -> None:
    data = anniversary(scenario)
    assert data.setup()["ipcs"] == IPCS[scenario]
    assert {p.id: p.starting_ipcs for p in data.powers} == IPCS[scenario]


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_AAE_SETUP_04_starting_production_equals_treasury(scenario: str) -> None:
    data = anniversary(scenario)
    owners = data.setup()["owners"]
    for power, ipcs in IPCS[scenario].items():
        mine = [t for t, p in owners.items() if p == power]
        assert len(mine) == TERRITORY_COUNTS[scenario][power]
        production = sum(data.spaces[t].value for t in mine)
        assert production == (7 if power == "china" else ipcs)
    assert sum(TERRITORY_COUNTS[scenario].values()) == 82


@pytest.mark.parametrize(("scenario", "axis", "allies"), [("1941", 6, 12), ("1942", 8, 10)])
def test_AAE_SETUP_05_starting_victory_cities(scenario: str, axis: int, allies: int) -> None:
    data = anniversary(scenario)
    assert data.victory_cities == VICTORY_CITIES
    owners = data.setup()["owners"]
    held = {"axis": 0, "allies": 0}
    for territory in data.victory_cities:
        held[data.side_of(owners[territory])] += 1
    assert held == {"axis": axis, "allies": allies} == data.starting_victory_cities


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_AAE_SETUP_07_original_owners_are_the_1941_board(scenario: str) -> None:
    data = anniversary(scenario)
    for territory, (value, c41, _) in TERRITORIES.items():
        space = data.spaces[territory]
        assert space.value == value
        expected = "china" if territory in ("Manchuria", "Kiangsu") else c41
        assert space.original_owner == expected, territory
    for name in NEUTRALS:
        assert data.spaces[name].neutral and data.spaces[name].original_owner is None


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_AAE_SETUP_06_complexes_and_cargo_at_start(scenario: str) -> None:
    data = anniversary(scenario)
    position = data.setup()
    assert sorted(position["complexes"]) == COMPLEXES == sorted(data.factories)
    assert set(position["complexes"].values()) == {0}
    for space, entries in position["units"].items():
        for e in entries:
            if "aboard_entry" not in e:
                assert data.spaces[space].is_land or data.unit(e["type"]).domain == "sea"
                continue
            carrier = entries[e["aboard_entry"]]
            assert data.spaces[space].is_sea and carrier["count"] == 1
            assert carrier["owner"] == e["owner"]
            aboard = [x for x in entries if x.get("aboard_entry") == e["aboard_entry"]]
            if carrier["type"] == "carrier":
                assert sum(x["count"] for x in aboard) <= 2
            else:
                assert carrier["type"] == "transport"
                kinds = sorted(x["type"] for x in aboard for _ in range(x["count"]))
                assert len(kinds) <= 2 and kinds.count("infantry") >= len(kinds) - 1


def test_AAE_SEQ_02_1941_turn_order() -> None:
    data = anniversary("1941")
    assert data.turn_order == ("germany", "ussr", "japan", "uk", "italy", "usa")
    assert data.inside_turn_of == {"china": "usa"}
    assert data.setup()["power"] == "germany"


def test_AAE_SEQ_03_1942_turn_order() -> None:
    data = anniversary("1942")
    assert data.turn_order == ("japan", "ussr", "germany", "uk", "italy", "usa")
    assert data.setup()["power"] == "japan"


def test_AAE_SETUP_01_sides() -> None:
    data = anniversary("1941")
    assert set(data.sides["axis"]) == {"germany", "japan", "italy"}
    assert set(data.sides["allies"]) == {"ussr", "uk", "usa", "china"}
    assert data.treasury == {"germany", "japan", "italy", "ussr", "uk", "usa"}
    assert data.power("china").capital == ""
