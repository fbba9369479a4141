"""Italian sentences name a place with the article and the articulated preposition it takes ("nel
Regno Unito", "in Germania", "a Malta", "dalla ZM 5", "sull'Olanda Belgio"), for every one of
Global 1940's 332 spaces (and every space of the other A&A boards), in the story, in the owed
decisions and in refusals (``pbem/ui/aa/italian_places.py``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pbem.engine import load_ruleset
from pbem.ui import ui_for
from pbem.ui.aa.describe import CATALOG
from pbem.ui.aa.italian_places import GRAMMAR
from pbem.ui.aa.vocabulary import POWERS, SPACES, TREASURIES
from pbem.ui.base import Audience

RS = load_ruleset("global1940")
NAMES = {s["id"]: s["name"] for s in RS.seats({})}
G40_SPACES = sorted(RS.data.spaces)
ITALIAN = CATALOG.translations("it").gettext
#: Italian names that are also the English (proper names the board and Italian share).
SAME = {"Afghanistan", "Alaska", "Albania", "Algeria", "Amur", "Angola", "Anhwe", "Argentina", "Bessarabia",
        "Bolivia", "Borneo", "Bulgaria", "Buyant-Uhaa", "Celebes", "Ceylon", "Chahar", "Colombia", "Dzavhan",
        "Ecuador", "Eire", "Evenkiyskiy", "Formosa", "Guam", "Hainan", "Hopei", "Hunan", "India", "Iraq",
        "Iwo Jima", "Jehol", "Kansu", "Karelia", "Kenya", "Kiangsi", "Kiangsu", "Kwangsi", "Kwangtung",
        "Kweichow", "Liberia", "Malta", "Midway", "Nigeria", "Novgorod", "Novosibirsk", "Okinawa", "Olgiy",
        "Ontario", "Paraguay", "Persia", "Queensland", "Rhodesia", "Rio de Oro", "Romania", "Rostov", "Russia",
        "Samara", "Samoa", "Shantung", "Shensi", "Siam", "Siberia", "Sierra Leone", "Sikang", "Smolensk",
        "Suiyuyan", "Sumatra", "Suriname", "Szechwan", "Tambov", "Timguska", "Tobruk", "Tsagaan Olom", "Tsinghai",
        "Tunisia", "Turkmenistan", "Uruguay", "Venezuela", "Victoria", "Volgograd", "Vologda", "Vyborg", "Yunnan",
        "Alberta Saskatchewan Manitoba"}
ARTICLE = "il|lo|l'|la|i|gli|le"
#: A preposition joined with each article, in the order of ``ARTICLE``.
JOINED = {"di": "del dello dell' della dei degli delle", "a": "al allo all' alla ai agli alle",
          "da": "dal dallo dall' dalla dai dagli dalle", "su": "sul sullo sull' sulla sui sugli sulle",
          "in": "nel nello nell' nella nei negli nelle"}


def _article_fits(article: str, name: str) -> bool:
    """Italian's choice of article by the name's first sounds (foreign h, y and ts/dz taking "lo")."""
    vowel = name[:1].lower() in "aeiouàèéìòù"
    impure = bool(re.match(r"(s[^aeiou]|z|gn|ps|x|y|h|dz|ts)", name.lower()))
    return {"il": not vowel and not impure, "lo": impure and not vowel, "l'": vowel or name[:1] in "Hh",
            "la": not vowel, "i": not vowel and not impure, "gli": vowel or impure, "le": True}[article]


def _before(msgid: str, name: str, **params: Any) -> list[str]:
    """The word before each ``name`` in the Italian of ``msgid`` filled with ``params``."""
    said = CATALOG.gettext("it", msgid, **params)
    found = [re.findall(r"(\S+'|\S+ |)$", said[:m.start()])[0].strip()
             for m in re.finditer(re.escape(name) + r"(?![\w'])", said)]
    assert found, (msgid, said)
    return found


def _forms(name: str) -> dict[str, str]:
    """How real sentences of the catalog join ``name`` to "di", "da", "a", "su", "in" and the article."""
    (di,) = _before("%(who)s controls %(spaces)s", name, who="x", spaces=name)
    da, a = _before("%(power)s moves %(units)s from %(start)s to %(end)s", name, power="x", units="x",
                    start=name, end=name)
    (su,) = _before("%(power)s declares an amphibious assault on %(target)s from %(zone)s with %(units)s", name,
                    power="x", target=name, zone="x", units="x")
    (in_,) = _before("Battle in %(place)s: %(attacker)s attacks %(defenders)s with %(units)s", name, place=name,
                     attacker="x", defenders="x", units="x")
    (the,) = _before("%(power)s takes %(territory)s", name, power="x", territory=name)
    return {"di": di, "da": da, "a": a, "su": su, "in": in_, "il": the}


def test_G40_every_space_has_an_italian_name_and_the_article_it_takes() -> None:
    assert len(G40_SPACES) == 332 and set(G40_SPACES) <= set(SPACES)
    untranslated = [s for s in G40_SPACES if not CATALOG.has("it", s)
                    or (ITALIAN(s) == s and s not in SAME and not s.startswith("SZ "))]
    assert untranslated == []
    names = [ITALIAN(s) for s in G40_SPACES]
    assert len(set(names)) == len(names)  # one Italian name, one place
    places = CATALOG.places("it")
    assert [s for s in SPACES if ITALIAN(s) not in places] == []
    assert [p for p in (*POWERS.values(), *TREASURIES.values()) if ITALIAN(p) not in places] == []
    assert set(GRAMMAR) <= set(SPACES) | set(POWERS.values()) | set(TREASURIES.values())
    wrong = [p.with_article() for p in places.values() if p.article and not _article_fits(p.article, p.name)]
    assert wrong == []


@pytest.mark.parametrize("space", G40_SPACES)
def test_G40_every_italian_sentence_form_of_a_space_is_well_built(space: str) -> None:
    """"di", "da", "a", "su" join the place's article ("del", "dalla", "all'", "sugli"...), or take
    none for a town or an island ("di Malta", "ad Alessandria"); "in" is bare ("in Germania"), "a"
    (a town: "a Malta") or joined ("nel Regno Unito"); the article alone ("conquista il Regno
    Unito", "conquista Malta") is the one the joined forms use, and fits the name's first letters."""
    name = ITALIAN(space)
    forms = _forms(name)
    articles = ARTICLE.split("|")
    article = forms["il"] if forms["il"] in articles else ""
    assert forms["il"] in (article, "conquista"), forms
    assert article == "" or _article_fits(article, name), forms
    for preposition in ("di", "da", "a", "su"):
        joined = JOINED[preposition].split()[articles.index(article)] if article else preposition
        assert forms[preposition] in (joined, "ad" if joined == "a" and name[0] in "Aa" else joined), forms
    assert forms["in"] in ({"in", JOINED["in"].split()[articles.index(article)]} if article
                           else {"in", "a", "ad"}), forms


def test_G40_places_read_well_in_the_story_the_owed_decisions_and_refusals() -> None:
    ui = ui_for(RS)
    story = ui.story(RS, Audience("it", None, NAMES), {})
    event = {"seq": 1, "seat": "germany", "v": 1, "type": "aa.battle_opened",
             "payload": {"place": "United Kingdom", "attacker": "germany", "defenders": ["uk"], "attackers": []}}
    assert story.line(event).startswith("Battaglia nel Regno Unito: la Germania attacca il Regno Unito")
    moved = {"seq": 2, "seat": "germany", "v": 1, "type": "aa.moved",
             "payload": {"units": [], "route": ["SZ 112", "Alexandria", "Malta", "Eastern United States"]}}
    assert story.line(moved).endswith("dalla ZM 112 agli Stati Uniti orientali passando per Alessandria e Malta")
    war = {"seq": 3, "seat": "japan", "v": 1, "type": "aa.g40_war_declared",
           "payload": {"declarer": "japan", "target": "uk", "pairs": [["japan", "uk"]]}}
    assert story.line(war) == "Il Giappone dichiara guerra al Regno Unito"
    taken = {"seq": 4, "seat": "germany", "v": 1, "type": "aa.territory_captured",
             "payload": {"territory": "Holland Belgium", "power": "germany", "from": "uk"}}
    assert story.line(taken) == "La Germania toglie l'Olanda Belgio al Regno Unito"
    owed = {"seat": "uk", "kind": "casualties", "place": "Hawaiian Islands", "prompt_params": {"count": 2}}
    assert ui.owed_text(owed, NAMES, "it") == "Regno Unito: scegli 2 perdite nelle Isole Hawaii"
    refusal = {"rule_id": "G40-TECH-09", "key": "A rocket from {space} cannot reach an enemy {kind} in {target} "
               "(4 spaces, never over a neutral).",
               "params": {"space": "Western Germany", "kind": "air_base", "target": "United Kingdom"}}
    assert ui.refusal(refusal, "it", RS) == ("Un razzo dalla Germania occidentale non può raggiungere "
                                             "un'installazione nemica (base aerea) nel Regno Unito (4 spazi, mai "
                                             "sopra un neutrale).")
    assert ui.refusal(refusal, "en", RS) == ("A rocket from Western Germany cannot reach an enemy air base in "
                                             "United Kingdom (4 spaces, never over a neutral).")
    war_refusal = {"rule_id": "G40-POL-03", "key": "{power} is already at war with {target}.",
                   "params": {"power": "japan", "target": "usa"}}
    assert ui.refusal(war_refusal, "it", RS) == "Il Giappone è già in guerra con gli Stati Uniti."
    assert ui.refusal(war_refusal, "en", RS) == "Japan is already at war with United States."


#: Placeholders an A&A sentence fills with a place name (or a list of them).
PLACE_PARAMS = {"place", "at", "to", "start", "end", "zone", "zones", "territory", "space", "spaces", "target",
                "from", "via", "base", "capitals", "sea_zone", "space_2"}


def test_the_italian_templates_leave_the_articulated_preposition_to_the_place() -> None:
    """Before a place's placeholder the Italian writes "in", "a", "da", "di", "su" or "il" (the
    place adds its article): never a preposition already joined with an article ("nel %(place)s"
    would read "nel Germania"), nor another article ("la %(place)s")."""
    from babel.messages.pofile import read_po

    from tests.games.aa.test_translations_aa1941 import CATALOG as PO

    with (PO / "aa.po").open("rb") as handle:
        catalog = read_po(handle, locale="it")
    joined = "|".join(w for words in JOINED.values() for w in words.split())
    wrong = re.compile(r"(?<![\w'])(" + joined + r"|lo|la|l'|gli|le|i)\s*(?:%\((\w+)\)s|\{(\w+)\})", re.I)
    bad = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for match in wrong.finditer(text or ""):
                if (match.group(2) or match.group(3)) in PLACE_PARAMS:
                    bad.append(text)
    assert bad == []


@pytest.mark.parametrize(("space", "in_", "of"), [
    ("United Kingdom", "nel Regno Unito", "del Regno Unito"), ("Germany", "in Germania", "della Germania"),
    ("Japan", "in Giappone", "del Giappone"), ("Malta", "a Malta", "di Malta"),
    ("Alexandria", "ad Alessandria", "di Alessandria"), ("SZ 110", "nella ZM 110", "della ZM 110"),
    ("Eastern United States", "negli Stati Uniti orientali", "degli Stati Uniti orientali"),
    ("Philippines", "nelle Filippine", "delle Filippine"), ("Southern Italy", "nell'Italia meridionale",
                                                             "dell'Italia meridionale"),
    ("Szechwan", "nello Szechwan", "dello Szechwan"), ("Egypt", "in Egitto", "dell'Egitto"),
    ("Caucasus", "nel Caucaso", "del Caucaso"), ("Urals", "negli Urali", "degli Urali"),
    ("Holland Belgium", "in Olanda Belgio", "dell'Olanda Belgio"), ("Crete", "a Creta", "di Creta"),
])
def test_G40_places_take_the_article_italian_gives_them(space: str, in_: str, of: str) -> None:
    name = ITALIAN(space)
    assert CATALOG.gettext("it", "Battle in %(place)s", place=name) == f"Battaglia {in_}"
    assert CATALOG.gettext("it", "%(who)s controls %(spaces)s", who="Asse", spaces=name) == f"Asse: controllo {of}"
