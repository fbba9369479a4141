"""Italian place names inside sentences: the article and the articulated preposition each one needs.

Italian says "nel Regno Unito", "in Germania", "a Malta", "negli Stati Uniti", "dalla ZM 5", "della
Francia meridionale": the preposition before a place depends on the place. The Italian templates of
the ``aa`` catalog therefore write a plain preposition before a place's placeholder ("in %(place)s",
"da %(zone)s", "di %(territory)s", "a %(power)s", "su %(target)s"; "in" also for "to" a place) or
the article "il" where the place is only named with its article ("conquista il %(territory)s"), and
:func:`articulate` rewrites that word for the name the placeholder is filled with, from
:data:`GRAMMAR` (by the English key of every space, power and treasury of every A&A board): the
article of its Italian name and how the place says "in" ("in Germania": no article; "a Malta": a
town or a small island; else the articulated "nel", "nella", "nell'", "negli"...).

Only a value that is a known place's Italian name (or a list of them, ", " between) is rewritten, so
a unit, a phase or a player's name beside such a word is left alone. The names themselves come from
the catalog (``vocabulary.SPACES``); ``tests/web/test_italian_places.py`` checks every space of
every A&A board against this table. The grammar itself (joining, a subject's article and plural
verb) is the platform's :mod:`pbem.ui.italian`; the A&A UI gives this table as its ``grammar``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from pbem.ui.i18n import Catalog
from pbem.ui.italian import WORDS, Noun, articulate

__all__ = ["GRAMMAR", "GRAMMAR_GROUPS", "WORDS", "Place", "PlaceCatalog", "articulate", "places"]

#: English key -> the grammar of its Italian name: the article ("il", "lo", "l'", "la", "i", "gli",
#: "le"; "-" none), then how it says "in" when not with the article: "in" ("in Germania") or "a"
#: ("a Malta"). Grouped by grammar; every "SZ n" is "la" ("nella ZM 5").
GRAMMAR_GROUPS: dict[str, tuple[str, ...]] = {
    # feminine countries and regions: "la Germania", "in Germania", "della Germania"
    "la in": (
        "Germany", "France", "Poland", "Russia", "Spain", "Sweden", "Switzerland", "Norway", "Finland",
        "Denmark", "Greece", "Bulgaria", "Romania", "Bessarabia", "Yugoslavia", "Belarus", "Belorussia",
        "Karelia", "Siberia", "Buryatia", "Nenetsia", "Sakha", "Manchuria", "Korea", "Burma", "Malaya", "Persia",
        "Syria", "Turkey", "Trans-Jordan", "Libya", "Tunisia", "Liberia", "Nigeria", "Rhodesia", "Sierra Leone",
        "Bolivia", "Colombia", "Sardinia", "Sicily", "Scotland", "Greenland", "New Zealand", "Normandy Bordeaux",
        "Slovakia Hungary", "Czechoslovakia Hungary", "Bulgaria Romania", "Norway Finland", "Mongolia", "China",
        "Timguska",
    ),
    # beginning with a vowel: "l'Albania", "in Albania", "dell'Albania"
    "l' in": (
        "Afghanistan", "Alaska", "Albania", "Algeria", "Angola", "Argentina", "Argentina Chile", "Australia", "Italy",
        "Ethiopia", "Iceland", "India", "Saudi Arabia", "Ukraine", "Eire", "Soviet Union",
        "Alberta Saskatchewan Manitoba", "Holland Belgium", "Ecuador", "Egypt", "Iraq", "Ontario", "Uruguay",
    ),
    # masculine countries: "il Giappone", "in Giappone", "del Giappone"
    "il in": (
        "Japan", "Brazil", "Chile", "Mexico", "Morocco", "Morocco Algeria", "Mozambique", "Portugal", "Peru",
        "Paraguay", "Venezuela", "Kenya", "Kazakhstan", "Turkmenistan", "Siam", "Suriname", "Quebec",
        "Queensland",
    ),
    # with the article also after "in": "nel Regno Unito", "nel Caucaso"
    "il": (
        "United Kingdom", "United Kingdom (Europe)", "United Kingdom (Pacific)", "Caucasus", "Borneo",
        "Belgian Congo", "Anglo Egyptian Sudan", "Central America", "Chahar", "Jehol", "Kansu", "Kiangsi",
        "Kiangsu", "Kwangsi", "Kwangtung", "Kweichow", "Sikang", "Suiyuyan", "Suiyuan", "Chinghai", "Fukien",
        "Ningxia", "French Madagascar", "New Brunswick Nova Scotia", "New South Wales", "Northern Territory",
        "Rio de Oro", "Southeast Mexico", "Tanganyika Territory", "Sahara", "Northern South America",
        "Peruvian Central",
    ),
    "lo": ("Dzavhan", "Hopei", "Hunan", "Hupeh", "Shan State", "Shantung", "Shensi", "Szechwan", "Yunnan",
           "Tsinghai", "Stanovoj Chrebet"),
    "l'": (
        "Amur", "Anhwe", "Evenkiyskiy", "Himalayas", "Himalaya", "Yenisey", "French Central Africa",
        "French Equatorial Africa", "French Indo China", "French Indo-China Thailand", "French West Africa",
        "Northern Italy", "Southern Italy", "South Australia", "Western Australia", "South West Africa",
        "Soviet Far East", "West India", "Western Ukraine", "Eastern Ukraine", "Union of South Africa",
        "Johnston Island", "Paulau Island", "Wake Island", "Italian Africa", "Northwestern Europe", "ANZAC",
    ),
    "la": (
        "British Columbia", "British Guiana", "British Somaliland", "Central Mongolia", "Dutch New Guinea",
        "Eastern Persia", "Eastern Poland", "East Poland", "French Guiana", "Gold Coast", "Greater Southern Germany",
        "Italian Somaliland", "New Britain", "New Guinea", "Northwest Persia", "Portuguese Guinea",
        "Southern France", "Western Germany", "Yakut S.S.R.",
    ),
    "gli": ("United States", "Baltic States", "Central United States", "Eastern United States",
            "Western United States", "Urals"),
    "i": ("Balkans",),
    "le": ("Aleutian Islands", "Caroline Islands", "Fiji", "Gilbert Islands", "Hawaiian Islands", "Line Islands",
           "Marianas", "Marshall Islands", "New Hebrides", "Philippines", "Philippine Islands", "Pripet Marshes",
           "Solomon Islands", "West Indies"),
    # towns and small islands: "Malta", "a Malta", "di Malta", "ad Alessandria"
    "- a": (
        "Alexandria", "Archangel", "Bryansk", "Buyant-Uhaa", "Celebes", "Ceylon", "Crete", "Cyprus", "Formosa",
        "Gibraltar", "Guam", "Hainan", "Iwo Jima", "Java", "Malta", "Midway", "Novgorod", "Novosibirsk",
        "Okinawa", "Olgiy", "Rostov", "Samara", "Samoa", "Smolensk", "Sumatra", "Tambov", "Tobruk",
        "Tsagaan Olom", "Ulaanbaatar", "Volgograd", "Vologda", "Vyborg", "Panama",
    ),
    # names kept as printed on the board (A&A 1941), and double names read as one: "in Western Europe"
    "- in": (
        "Newfoundland Labrador", "Victoria", "Anglo-Egypt Sudan", "Belgian Congo Kenya", "Chile Argentina",
        "Coastal China", "Colombia Venezuela", "East Indies", "East Mexico", "Eastern Canada", "Eastern Europe",
        "Italian East Africa", "Middle East", "North Africa", "Northwestern China", "Southeast Asia",
        "Southern Europe", "Spain Portugal", "West Russia", "Western Canada", "Western Europe", "Buryatia S.S.R.",
        "Evenki National Okrug", "Karelia S.S.R.", "Kazakh S.S.R.",
    ),
}

#: An Italian place name and its grammar (see :data:`GRAMMAR_GROUPS`).
Place = Noun


def grammar() -> dict[str, tuple[str, str]]:
    """English key -> (article, locative) of every place of :data:`GRAMMAR_GROUPS`."""
    out: dict[str, tuple[str, str]] = {}
    for code, keys in GRAMMAR_GROUPS.items():
        article, _, locative = code.partition(" ")
        for key in keys:
            out[key] = ("" if article == "-" else article, locative)
    return out


GRAMMAR = grammar()
SEA_ZONE = re.compile(r"SZ \d+")


def places(translate: Callable[[str], str]) -> dict[str, Place]:
    """Italian name -> :class:`Place`, the names given by ``translate`` (the Italian catalog)."""
    out: dict[str, Place] = {}
    for key, (article, locative) in GRAMMAR.items():
        name = translate(key)
        out[name] = Place(name, article, locative)
    for n in range(1, 200):
        name = translate(f"SZ {n}")
        out[name] = Place(name, "la", "")
    return out


class PlaceCatalog(Catalog):
    """The ``aa`` catalog: an Italian template's preposition before a place is articulated."""

    def places(self, language: str) -> dict[str, Place]:
        """Italian name -> :class:`Place` (empty for a language without such grammar here)."""
        return _places(self, language.split("_")[0] if language else "en")

    def shape(self, language: str, template: str, params: dict[str, Any]) -> str:
        found = self.places(language)
        return articulate(template, params, found) if found else template


@cache
def _places(catalog: PlaceCatalog, language: str) -> dict[str, Place]:
    return places(catalog.translations(language).gettext) if language == "it" else {}
