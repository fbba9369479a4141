"""The Global 1940 starting position pinned against the rulebook's §14 setup tables and §3
starting IPCs, and the board against the spec's tables C.5, C.6, C.7 and C.8.

``SETUP`` is the rulebook's tables transcribed row by row (17 columns: inf, art, mech, arm,
AA, ftr, tac, bmb, CV, BB, CA, DD, SS, TT, IC (M major, P minor), AB, NB), names normalised to
the data spellings (spec D.1); ``TERRITORIES`` is spec C.6. Neither is read from the
converter: the test fails if the converted data drifts from the rulebook.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pbem.games.aa.global1940.data import global1940

COLUMNS = ("infantry", "artillery", "mech_infantry", "tank", "aa_gun", "fighter",
           "tactical_bomber", "bomber", "carrier", "battleship", "cruiser", "destroyer",
           "submarine", "transport", "complex", "air_base", "naval_base")

SETUP = {  # rulebook §14, "TABELLE SETUP A&A GLOBAL1940 (Integrato con Alpha3+)"
    "germany": {
        "Holland Belgium": "4 2 - 3 - 1 - - - - - - - - - - -",
        "Western Germany": "3 1 4 - 3 2 3 - - - - - - - M 1 1",
        "Greater Southern Germany": "6 2 - 3 - - - - - - - - - - - - -",
        "Germany": "11 3 - - 3 - 1 2 - - - - - - M - -",
        "Slovakia Hungary": "2 - - 1 - 1 - - - - - - - - - - -",
        "Poland": "3 - - 1 - - 1 - - - - - - - - - -",
        "Romania": "2 - - 1 - - - - - - - - - - - - -",
        "Norway": "3 - - - - 1 - - - - - - - - - - -",
        "Denmark": "2 - - - - - - - - - - - - - - - -",
        "SZ 103": "- - - - - - - - - - - - 1 - - - -",
        "SZ 108": "- - - - - - - - - - - - 1 - - - -",
        "SZ 113": "- - - - - - - - - 1 1 - - 1 - - -",
        "SZ 114": "- - - - - - - - - - 1 - - 1 - - -",
        "SZ 117": "- - - - - - - - - - - - 1 - - - -",
        "SZ 118": "- - - - - - - - - - - - 1 - - - -",
        "SZ 124": "- - - - - - - - - - - - 1 - - - -",
    },
    "ussr": {
        "Karelia": "2 - - - - - - - - - - - - - - - -",
        "Archangel": "1 - - - - - - - - - - - - - - - -",
        "Russia": "1 1 1 1 2 1 1 - - - - - - - M 1 -",
        "Volgograd": "- - 1 1 - - - - - - - - - - P - -",
        "Caucasus": "2 - - - - - - - - - - - - - - - -",
        "Bessarabia": "2 - - - - - - - - - - - - - - - -",
        "Western Ukraine": "1 1 - - - - - - - - - - - - - - -",
        "Eastern Poland": "2 - - - - - - - - - - - - - - - -",
        "Baltic States": "3 - - - - - - - - - - - - - - - -",
        "Belarus": "1 - - - - - - - - - - - - - - - -",
        "Novgorod": "6 1 - - 2 1 - - - - - - - - P 1 1",
        "Vyborg": "3 - - - - - - - - - - - - - - - -",
        "Ukraine": "3 - - - - - - - - - - - - - P - -",
        "Amur": "6 - - - - - - - - - - - - - - - -",
        "Sakha": "6 - - - 2 - - - - - - - - - - - -",
        "Buryatia": "6 - - - - - - - - - - - - - - - -",
        "SZ 115": "- - - - - - - - - - 1 - 1 - - - -",
        "SZ 127": "- - - - - - - - - - - - 1 - - - -",
    },
    "japan": {
        "Japan": "6 2 - 1 3 2 2 2 - - - - - - M 1 1",
        "Manchuria": "6 1 1 - 1 2 2 - - - - - - - - - -",
        "Paulau Island": "1 - - - - - - - - - - - - - - - -",
        "Kiangsi": "3 1 - - - - - - - - - - - - - - -",
        "Formosa": "- - - - - 1 - - - - - - - - - - -",
        "Shantung": "3 1 - - - - - - - - - - - - - - -",
        "Kwangsi": "3 1 - - - - - - - - - - - - - - -",
        "Iwo Jima": "1 - - - - - - - - - - - - - - - -",
        "Jehol": "2 1 - - - - - - - - - - - - - - -",
        "Caroline Islands": "2 - - - 1 - - - - - - - - - - 1 1",
        "Siam": "2 - - - - - - - - - - - - - - - -",
        "Okinawa": "1 - - - - 1 - - - - - - - - - - -",
        "Kiangsu": "3 1 - - - 1 1 - - - - - - - - - -",
        "Korea": "4 - - - - 1 - - - - - - - - - - -",
        "SZ 6": "- - - - - 2 2 - 2 1 1 2 1 1 - - -",
        "SZ 19": "- - - - - - - - - 1 - 1 1 1 - - -",
        "SZ 33": "- - - - - 1 1 - 1 - - 1 - - - - -",
        "SZ 20": "- - - - - - - - - - 1 - - 1 - - -",
    },
    "uk": {
        "Ontario": "1 1 - - - - - - - - - - - - - - -",
        "Quebec": "1 - - 1 - - - - - - - - - - P - -",
        "New Brunswick Nova Scotia": "- - - - - - - - - - - - - - - - 1",
        "Iceland": "- - - - - - - - - - - - - - - 1 -",
        "United Kingdom": "2 - 1 - 4 2 - 1 - - - - - - M 1 1",
        "France": "1 1 - 1 - - - - - - - - - - - - -",
        "Normandy Bordeaux": "1 - - - - 1 - - - - - - - - - - -",
        "Gibraltar": "- - - - - 1 - - - - - - - - - 1 1",
        "Malta": "1 - - - 1 1 - - - - - - - - - 1 -",
        "Alexandria": "2 1 1 - - - - - - - - - - - - - 1",
        "Anglo Egyptian Sudan": "1 - - - - - - - - - - - - - - - -",
        "Union of South Africa": "2 - - - - - - - - - - - - - P - 1",
        "West India": "1 - - - - - - - - - - - - - - - -",
        "Scotland": "2 - - - 1 1 - - - - - - - - - 1 -",
        "Kwangtung": "2 - - - - - - - - - - - - - - - 1",
        "Burma": "2 - - - - 1 - - - - - - - - - - -",
        "Malaya": "3 - - - - - - - - - - - - - - - 1",
        "India": "6 1 - - 3 1 1 - - - - - - - M 1 1",
        "SZ 37": "- - - - - - - - - 1 - - - - - - -",
        "SZ 39": "- - - - - - - - - - 1 1 - 1 - - -",
        "SZ 71": "- - - - - - - - - - 1 - - - - - -",
        "SZ 91": "- - - - - - - - - - 1 - - - - - -",
        "SZ 98": "- - - - - - 1 - 1 - 1 1 - 1 - - -",
        "SZ 106": "- - - - - - - - - - - 1 - 1 - - -",
        "SZ 109": "- - - - - - - - - - - 1 - 1 - - -",
        "SZ 110": "- - - - - - - - - 1 1 - - - - - -",
        "SZ 111": "- - - - - - - - - 1 1 1 - - - - -",
    },
    "anzac": {
        "New South Wales": "2 - - - 2 - - - - - - - - - P - 1",
        "New Zealand": "1 - - - - 2 - - - - - - - - - 1 1",
        "Queensland": "2 1 - - - 1 - - - - - - - - - 1 1",
        "Malaya": "1 - - - - - - - - - - - - - - - -",
        "Egypt": "2 - - - - - - - - - - - - - - - -",
        "SZ 62": "- - - - - - - - - - - 1 - 1 - - -",
        "SZ 63": "- - - - - - - - - - 1 - - - - - -",
    },
    "italy": {
        "Northern Italy": "2 2 - 1 2 1 - 1 - - - - - - M - -",
        "Southern Italy": "6 - - - 2 2 - - - - - - - - P 1 1",
        "Albania": "2 - - 1 - - - - - - - - - - - - -",
        "Italian Somaliland": "1 - - - - - - - - - - - - - - - -",
        "Ethiopia": "2 1 - - - - - - - - - - - - - - -",
        "Libya": "1 1 - - - - - - - - - - - - - - -",
        "Tobruk": "3 1 1 1 - - - - - - - - - - - - -",
        "SZ 95": "- - - - - - - - - - 1 1 1 1 - - -",
        "SZ 96": "- - - - - - - - - - - 1 - 1 - - -",
        "SZ 97": "- - - - - - - - - 1 1 - - 1 - - -",
    },
    "usa": {
        "Western United States": "2 1 1 - 2 1 - - - - - - - - P 1 1",
        "Hawaiian Islands": "2 - - - - 2 - - - - - - - - - 1 1",
        "Philippines": "2 - - - - 1 - - - - - - - - - 1 1",
        "Midway": "- - - - - - - - - - - - - - - 1 -",
        "Wake Island": "- - - - - - - - - - - - - - - 1 -",
        "Guam": "- - - - - - - - - - - - - - - 1 -",
        "Eastern United States": "1 1 - - 2 1 - - - - - - - - P 1 1",
        "Central United States": "1 - 3 1 - - - 1 - - - - - - P - -",
        "SZ 10": "- - - - - 1 1 - 1 1 1 1 - 1 - - -",
        "SZ 26": "- - - - - - - - - - 1 1 1 1 - - -",
        "SZ 35": "- - - - - - - - - - 1 1 - - - - -",
        "SZ 101": "- - - - - - - - - - 1 - - 1 - - -",
    },
    "china": {
        "Szechwan": "6 - - - - 1 - - - - - - - - - - -",
        "Hunan": "2 - - - - - - - - - - - - - - - -",
        "Yunnan": "4 - - - - - - - - - - - - - - - -",
        "Kweichow": "2 - - - - - - - - - - - - - - - -",
        "Shensi": "1 - - - - - - - - - - - - - - - -",
        "Suiyuyan": "2 - - - - - - - - - - - - - - - -",
    },
    "france": {
        "France": "6 1 - 1 1 1 - - - - - - - - M 1 -",
        "Normandy Bordeaux": "1 - - 1 - - - - - - - - - - P - 1",
        "Southern France": "1 1 - - - - - - - - - - - - P - 1",
        "United Kingdom": "2 - - - - 1 - - - - - - - - - - -",
        "Syria": "1 - - - - - - - - - - - - - - - -",
        "Tunisia": "1 - - - - - - - - - - - - - - - -",
        "Morocco": "1 - - - - - - - - - - - - - - - -",
        "Algeria": "1 - - - - - - - - - - - - - - - -",
        "French West Africa": "1 - - - - - - - - - - - - - - - -",
        "SZ 72": "- - - - - - - - - - - 1 - - - - -",
        "SZ 93": "- - - - - - - - - - 1 1 - - - - -",
        "SZ 110": "- - - - - - - - - - 1 - - - - - -",
    },
}

TERRITORIES = {  # spec C.6: territory -> (IPC value, controller at start)
    'Afghanistan': (0, None),
    'Alaska': (2, 'usa'),
    'Albania': (1, 'italy'),
    'Alberta Saskatchewan Manitoba': (1, 'uk'),
    'Aleutian Islands': (0, 'usa'),
    'Alexandria': (0, 'uk'),
    'Algeria': (1, 'france'),
    'Amur': (1, 'ussr'),
    'Anglo Egyptian Sudan': (1, 'uk'),
    'Angola': (1, None),
    'Anhwe': (1, 'china'),
    'Archangel': (1, 'ussr'),
    'Argentina': (2, None),
    'Baltic States': (1, 'ussr'),
    'Belarus': (1, 'ussr'),
    'Belgian Congo': (1, 'uk'),
    'Bessarabia': (0, 'ussr'),
    'Bolivia': (0, None),
    'Borneo': (4, 'uk'),
    'Brazil': (2, None),
    'British Columbia': (1, 'uk'),
    'British Guiana': (0, 'uk'),
    'British Somaliland': (0, 'uk'),
    'Bryansk': (1, 'ussr'),
    'Bulgaria': (1, None),
    'Burma': (1, 'uk'),
    'Buryatia': (1, 'ussr'),
    'Buyant-Uhaa': (0, None),
    'Caroline Islands': (0, 'japan'),
    'Caucasus': (2, 'ussr'),
    'Celebes': (3, None),
    'Central America': (1, 'usa'),
    'Central Mongolia': (0, None),
    'Central United States': (12, 'usa'),
    'Ceylon': (0, 'uk'),
    'Chahar': (1, 'china'),
    'Chile': (2, None),
    'Colombia': (0, None),
    'Crete': (0, None),
    'Cyprus': (0, 'uk'),
    'Denmark': (2, 'germany'),
    'Dutch New Guinea': (0, None),
    'Dzavhan': (0, None),
    'Eastern Persia': (0, None),
    'Eastern Poland': (1, 'ussr'),
    'Eastern United States': (20, 'usa'),
    'Ecuador': (0, None),
    'Egypt': (2, 'uk'),
    'Eire': (0, None),
    'Ethiopia': (1, 'italy'),
    'Evenkiyskiy': (1, 'ussr'),
    'Fiji': (0, 'uk'),
    'Finland': (2, None),
    'Formosa': (1, 'japan'),
    'France': (4, 'france'),
    'French Central Africa': (1, 'france'),
    'French Equatorial Africa': (1, 'france'),
    'French Guiana': (0, 'france'),
    'French Indo China': (2, 'france'),
    'French Madagascar': (1, 'france'),
    'French West Africa': (1, 'france'),
    'Germany': (5, 'germany'),
    'Gibraltar': (0, 'uk'),
    'Gilbert Islands': (0, 'uk'),
    'Gold Coast': (1, 'uk'),
    'Greater Southern Germany': (4, 'germany'),
    'Greece': (2, None),
    'Greenland': (0, 'usa'),
    'Guam': (0, 'usa'),
    'Hainan': (0, 'japan'),
    'Hawaiian Islands': (1, 'usa'),
    'Himalayas': (0, None),  # spec lists China: the XML's dummy capital (D.6 #14)
    'Holland Belgium': (3, 'germany'),
    'Hopei': (1, 'china'),
    'Hunan': (1, 'china'),
    'Iceland': (0, 'uk'),
    'India': (3, 'uk'),
    'Iraq': (2, None),
    'Italian Somaliland': (0, 'italy'),
    'Iwo Jima': (1, 'japan'),
    'Japan': (8, 'japan'),
    'Java': (4, None),
    'Jehol': (1, 'japan'),
    'Johnston Island': (0, 'usa'),
    'Kansu': (1, 'china'),
    'Karelia': (1, 'ussr'),
    'Kazakhstan': (1, 'ussr'),
    'Kenya': (1, 'uk'),
    'Kiangsi': (1, 'japan'),
    'Kiangsu': (3, 'japan'),
    'Korea': (3, 'japan'),
    'Kwangsi': (1, 'japan'),
    'Kwangtung': (3, 'uk'),
    'Kweichow': (1, 'china'),
    'Liberia': (0, None),
    'Libya': (1, 'italy'),
    'Line Islands': (0, 'usa'),
    'Malaya': (3, 'uk'),
    'Malta': (0, 'uk'),
    'Manchuria': (3, 'japan'),
    'Marianas': (0, 'japan'),
    'Marshall Islands': (0, 'japan'),
    'Mexico': (2, 'usa'),
    'Midway': (0, 'usa'),
    'Morocco': (1, 'france'),
    'Mozambique': (1, None),
    'Nenetsia': (0, 'ussr'),
    'New Britain': (0, 'anzac'),
    'New Brunswick Nova Scotia': (1, 'uk'),
    'New Guinea': (0, 'anzac'),
    'New Hebrides': (0, 'france'),
    'New South Wales': (2, 'anzac'),
    'New Zealand': (2, 'anzac'),
    'Newfoundland Labrador': (0, 'uk'),
    'Nigeria': (1, 'uk'),
    'Normandy Bordeaux': (2, 'france'),
    'Northern Italy': (4, 'italy'),
    'Northern Territory': (1, 'anzac'),
    'Northwest Persia': (0, None),
    'Norway': (3, 'germany'),
    'Novgorod': (2, 'ussr'),
    'Novosibirsk': (1, 'ussr'),
    'Okinawa': (1, 'japan'),
    'Olgiy': (0, None),
    'Ontario': (2, 'uk'),
    'Paraguay': (0, None),
    'Paulau Island': (0, 'japan'),
    'Persia': (2, None),
    'Peru': (0, None),
    'Philippines': (2, 'usa'),
    'Poland': (2, 'germany'),
    'Portugal': (1, None),
    'Portuguese Guinea': (0, None),
    'Pripet Marshes': (0, None),
    'Quebec': (2, 'uk'),
    'Queensland': (2, 'anzac'),
    'Rhodesia': (1, 'uk'),
    'Rio de Oro': (0, None),
    'Romania': (3, 'germany'),
    'Rostov': (2, 'ussr'),
    'Russia': (3, 'ussr'),
    'Sakha': (1, 'ussr'),
    'Samara': (1, 'ussr'),
    'Samoa': (0, 'uk'),
    'Sardinia': (0, 'italy'),
    'Saudi Arabia': (2, None),
    'Scotland': (2, 'uk'),
    'Shan State': (1, 'uk'),
    'Shantung': (2, 'japan'),
    'Shensi': (1, 'china'),
    'Siam': (1, 'japan'),
    'Siberia': (1, 'ussr'),
    'Sicily': (0, 'italy'),
    'Sierra Leone': (0, None),
    'Sikang': (1, 'china'),
    'Slovakia Hungary': (3, 'germany'),
    'Smolensk': (1, 'ussr'),
    'Solomon Islands': (0, 'anzac'),
    'South Australia': (1, 'anzac'),
    'South West Africa': (1, 'uk'),
    'Southeast Mexico': (1, 'usa'),
    'Southern France': (3, 'france'),
    'Southern Italy': (3, 'italy'),
    'Soviet Far East': (1, 'ussr'),
    'Spain': (2, None),
    'Suiyuyan': (1, 'china'),
    'Sumatra': (4, None),
    'Suriname': (0, None),
    'Sweden': (3, None),
    'Switzerland': (0, None),
    'Syria': (1, 'france'),
    'Szechwan': (1, 'china'),
    'Tambov': (1, 'ussr'),
    'Tanganyika Territory': (1, 'uk'),
    'Timguska': (1, 'ussr'),
    'Tobruk': (0, 'italy'),
    'Trans-Jordan': (1, 'uk'),
    'Tsagaan Olom': (0, None),
    'Tsinghai': (1, 'china'),
    'Tunisia': (1, 'france'),
    'Turkey': (2, None),
    'Turkmenistan': (0, 'ussr'),
    'Ukraine': (2, 'ussr'),
    'Ulaanbaatar': (0, None),
    'Union of South Africa': (2, 'uk'),
    'United Kingdom': (6, 'uk'),
    'Urals': (1, 'ussr'),
    'Uruguay': (0, None),
    'Venezuela': (2, None),
    'Victoria': (1, 'anzac'),
    'Volgograd': (2, 'ussr'),
    'Vologda': (1, 'ussr'),
    'Vyborg': (0, 'ussr'),
    'Wake Island': (0, 'usa'),
    'West India': (2, 'uk'),
    'West Indies': (1, 'usa'),
    'Western Australia': (1, 'anzac'),
    'Western Germany': (5, 'germany'),
    'Western Ukraine': (2, 'ussr'),
    'Western United States': (10, 'usa'),
    'Yakut S.S.R.': (1, 'ussr'),
    'Yenisey': (1, 'ussr'),
    'Yugoslavia': (2, None),
    'Yunnan': (1, 'china'),
}

STARTING_IPCS = {  # rulebook §3
    "germany": 30, "ussr": 37, "japan": 26, "uk_europe": 28, "uk_pacific": 17, "anzac": 10,
    "italy": 10, "usa": 52, "china": 12, "france": 19}

NEUTRAL_ARMIES = {  # spec C.5 (kind, IPC value, infantry)
    "Bulgaria": ("pro_axis", 1, 4), "Finland": ("pro_axis", 2, 4), "Iraq": ("pro_axis", 2, 3),
    "Brazil": ("pro_allies", 2, 3), "Greece": ("pro_allies", 2, 4),
    "Persia": ("pro_allies", 2, 2), "Yugoslavia": ("pro_allies", 2, 5),
    "Crete": ("pro_allies", 0, 0), "Eastern Persia": ("pro_allies", 0, 0),
    "Eire": ("pro_allies", 0, 0), "Northwest Persia": ("pro_allies", 0, 0),
    "Turkey": ("strict", 2, 8), "Spain": ("strict", 2, 6), "Sweden": ("strict", 3, 6),
    "Afghanistan": ("strict", 0, 4), "Argentina": ("strict", 2, 4), "Chile": ("strict", 2, 2),
    "Venezuela": ("strict", 2, 2), "Saudi Arabia": ("strict", 2, 2), "Portugal": ("strict", 1, 2),
    "Angola": ("strict", 1, 2), "Mozambique": ("strict", 1, 2), "Switzerland": ("strict", 0, 2),
    **{n: ("strict", 0, 0) for n in (
        "Bolivia", "Colombia", "Ecuador", "Liberia", "Paraguay", "Peru", "Portuguese Guinea",
        "Rio de Oro", "Sierra Leone", "Uruguay")},
    "Ulaanbaatar": ("mongolia", 0, 1), "Buyant-Uhaa": ("mongolia", 0, 2),
    "Olgiy": ("mongolia", 0, 2), "Dzavhan": ("mongolia", 0, 1),
    "Central Mongolia": ("mongolia", 0, 0), "Tsagaan Olom": ("mongolia", 0, 0)}

EUROPE_CITIES = {"United Kingdom", "Germany", "Southern Italy", "France", "Russia", "Novgorod",
                 "Volgograd", "Poland", "Egypt", "Ontario", "Eastern United States"}
PACIFIC_CITIES = {"Japan", "Kiangsu", "Kwangtung", "Philippines", "India", "New South Wales",
                  "Hawaiian Islands", "Western United States"}


def _expected(power: str, space: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for column, cell in zip(COLUMNS, SETUP[power][space].split(), strict=True):
        if cell == "-":
            continue
        if column == "complex":
            out["major_complex" if cell == "M" else "minor_complex"] += 1
        else:
            out[column] += int(cell)
    return out


def _actual(position: dict[str, Any], power: str, space: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for entry in position["units"].get(space, []):
        if entry["owner"] == power:
            out[entry["type"]] += entry["count"]
    if position["owners"].get(space) == power:
        for kind in position["installations"].get(space, {}):
            out[kind] += 1
    return out


ROWS = [(p, s) for p in SETUP for s in SETUP[p]]


@pytest.mark.parametrize(("power", "space"), ROWS, ids=[f"{p}-{s}" for p, s in ROWS])
def test_G40_setup_row_equals_the_rulebook_table(power: str, space: str) -> None:
    assert _actual(global1940().setup(), power, space) == _expected(power, space)


def test_G40_setup_has_nothing_outside_the_rulebook_tables() -> None:
    position = global1940().setup()
    placed = {(e["owner"], s) for s, entries in position["units"].items() for e in entries}
    placed |= {(position["owners"][s], s) for s in position["installations"]}
    assert placed == set(ROWS)
    assert len(ROWS) == 126


def test_G40_setup_aircraft_at_sea_start_aboard_their_carriers() -> None:
    """Spec C.4: aircraft listed in a sea zone are aboard the carrier(s) there; a carrier holds
    two fighters and/or tactical bombers (G40-UNIT-CV-01)."""
    position = global1940().setup()
    for zone in ("SZ 6", "SZ 33", "SZ 10", "SZ 98"):
        entries = position["units"][zone]
        for entry in entries:
            if entry["type"] in ("fighter", "tactical_bomber"):
                assert entries[entry["aboard_entry"]]["type"] == "carrier"
        aboard = Counter(e["aboard_entry"] for e in entries if "aboard_entry" in e)
        assert all(n <= 2 for n in aboard.values())


def test_G40_UK_01_ten_treasuries_with_the_rulebook_starting_ipcs() -> None:
    data = global1940()
    assert data.setup()["ipcs"] == STARTING_IPCS
    assert {t.id: t.capital for t in data.treasuries_of("uk")} == {
        "uk_europe": "United Kingdom", "uk_pacific": "India"}


def test_G40_MAP_09_starting_income_equals_starting_ipcs_and_c6_values() -> None:
    data = global1940()
    position = data.setup()
    for name, (value, controller) in TERRITORIES.items():
        assert data.space(name).value == value, name
        assert position["owners"][name] == controller, name
    assert set(TERRITORIES) == set(data.land_territories)
    income: Counter[str] = Counter()
    for name, owner in position["owners"].items():
        if owner == "uk":
            income[data.space(name).uk_economy] += data.space(name).value
        elif owner:
            income[owner] += data.space(name).value
    assert dict(income) == STARTING_IPCS
    for name in ("Shantung", "Kwangsi", "Kiangsi", "Kiangsu", "Jehol", "Manchuria"):
        assert data.space(name).original_owner == "china"
        assert position["owners"][name] == "japan"


def test_G40_SEQ_01_turn_order_and_GEN_01_sides() -> None:
    data = global1940()
    assert data.turn_order == ("germany", "ussr", "japan", "usa", "china", "uk", "italy",
                               "anzac", "france")
    assert data.sides == {"axis": ("germany", "japan", "italy"),
                          "allies": ("ussr", "usa", "china", "uk", "anzac", "france")}


def test_G40_POL_01_wars_at_start() -> None:
    assert {tuple(w) for w in global1940().setup()["wars"]} == {
        ("germany", "uk"), ("france", "germany"), ("anzac", "germany"), ("italy", "uk"),
        ("france", "italy"), ("anzac", "italy"), ("china", "japan")}


def test_G40_NEUT_02_and_G40_NEUT_03_neutrals_by_kind_with_their_armies() -> None:
    data = global1940()
    found = {n: (s.neutral_kind, s.value, s.neutral_army) for n, s in data.spaces.items()
             if isinstance(s, type(data.space("Sweden"))) and s.neutral_kind}
    assert found == NEUTRAL_ARMIES
    assert data.setup()["neutrals"] == {n: k for n, (k, _, _) in NEUTRAL_ARMIES.items()}
    dutch = {n for n, s in data.spaces.items() if getattr(s, "dutch", False)}
    assert dutch == {"Sumatra", "Java", "Celebes", "Dutch New Guinea", "Suriname"}


def test_G40_VIC_01_nineteen_victory_cities_by_map() -> None:
    data = global1940()
    cities = data.victory_cities
    assert set(cities) == EUROPE_CITIES | PACIFIC_CITIES
    assert {c for c in cities if data.space(c).map == "europe"} == EUROPE_CITIES
    assert cities["Volgograd"] == "Stalingrad" and cities["Novgorod"] == "Leningrad"


def test_G40_MAP_08_impassable_and_G40_MAP_06_caspian() -> None:
    data = global1940()
    assert {n for n, s in data.spaces.items() if getattr(s, "impassable", False)} == {
        "Himalayas", "Pripet Marshes"}
    assert set(data.adjacency["SZ 128"]) == {"Caucasus", "Kazakhstan", "Turkmenistan",
                                             "Eastern Persia", "Persia", "Northwest Persia"}


def test_G40_MAP_01_and_G40_MAP_02_the_two_maps_join() -> None:
    adjacency = global1940().adjacency
    for a, b in (("Alberta Saskatchewan Manitoba", "British Columbia"),
                 ("Central United States", "Western United States"),
                 ("Mexico", "Southeast Mexico"), ("SZ 11", "SZ 64"), ("SZ 28", "SZ 64"),
                 ("SZ 51", "SZ 64"), ("SZ 51", "SZ 65"), ("SZ 51", "SZ 66"),
                 ("SZ 52", "SZ 66")):
        assert b in adjacency[a]
    assert "SZ 111" not in adjacency["United Kingdom"]  # G40-MAP-03


def test_G40_MAP_10_and_G40_MAP_11_canals_and_straits() -> None:
    canals = {c["name"]: (tuple(c["sea_zones"]), tuple(c["territories"]))
              for c in global1940().rules["canals"]}
    assert canals == {
        "Panama Canal": (("SZ 64", "SZ 89"), ("Central America",)),
        "Suez Canal": (("SZ 81", "SZ 98"), ("Egypt", "Trans-Jordan")),
        "Turkish Straits": (("SZ 99", "SZ 100"), ("Turkey",)),
        "Strait of Gibraltar": (("SZ 91", "SZ 92"), ("Gibraltar",)),
        "Danish Straits": (("SZ 112", "SZ 113"), ("Denmark",))}


def test_G40_CONV_02_convoy_zones_and_G40_KAMI_02_kamikaze_zones() -> None:
    data = global1940()
    convoy = {s.number for s in data.spaces.values() if getattr(s, "convoy", False)}
    assert convoy == {1, 6, 10, 19, 20, 26, 35, 36, 37, 39, 41, 42, 43, 44, 54, 62, 63, 70, 71,
                      72, 80, 82, 85, 89, 93, 97, 98, 99, 101, 105, 106, 109, 119, 125}
    kamikaze = {s.number for s in data.spaces.values() if getattr(s, "kamikaze", False)}
    assert kamikaze == {6, 17, 19, 20, 22, 35}
    assert data.setup()["kamikaze_tokens"] == 6


def test_G40_MAP_17_map_membership_and_G40_UK_02_economies() -> None:
    data = global1940()
    assert data.space("West India").map == "europe"
    assert data.space("West India").uk_economy == "uk_pacific"
    assert data.space("British Columbia").map == "pacific"
    assert data.space("British Columbia").uk_economy == "uk_europe"
    assert data.space("India").map == "border"
    assert data.space("SZ 63").map == "pacific" and data.space("SZ 64").map == "europe"


def test_G40_FAC_08_islands_without_complexes() -> None:
    islands = global1940().no_complex_islands
    assert {"Ceylon", "Sumatra", "Hawaiian Islands", "Iceland", "Sicily", "Cyprus"} <= islands
    assert len(islands) == 38
