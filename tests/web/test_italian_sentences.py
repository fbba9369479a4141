"""Italian A&A sentences whose values are not names: a battle's side ("vince l'attaccante", "del
difensore"), nobody defending, a development chart; and lists of names as Babel writes them in
each language ("Germania, Giappone e Italia", "Germany, Japan, and Italy") with their articles and
a plural verb in Italian (``pbem/ui/italian.py``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po

from pbem.engine import load_ruleset
from pbem.ui import italian, ui_for
from pbem.ui.base import Audience
from pbem.ui.i18n import names_list
from pbem.web.config import REPO_ROOT

RS = load_ruleset("aa1941")
NAMES = {s["id"]: s["name"] for s in RS.seats({})}


def _line(language: str, kind: str, **payload: Any) -> str:
    story = ui_for(RS).story(RS, Audience(language, None, NAMES), {})
    return story.line({"seq": 1, "seat": "germany", "v": 1, "type": kind, "payload": payload})


def test_italian_battle_end_names_the_winner_with_its_article() -> None:
    ended = {"place": "Karelia", "reason": "defender destroyed"}
    assert _line("it", "aa.battle_ended", **ended, winner="attacker").endswith("; vince l'attaccante")
    assert _line("it", "aa.battle_ended", **ended, winner="defender").endswith("; vince il difensore")
    assert _line("en", "aa.battle_ended", **ended, winner="attacker").endswith("; the attacker wins")
    assert _line("en", "aa.battle_ended", **ended, winner="defender").endswith("; the defender wins")


def test_italian_battle_without_losses_names_the_side_with_its_article() -> None:
    assert _line("it", "aa.casualties", place="Karelia", side="attacker") == \
        "Karelia: nessuna unità dell'attaccante è distrutta"
    assert _line("it", "aa.casualties", place="Karelia", side="defender") == \
        "Karelia: nessuna unità del difensore è distrutta"
    assert _line("en", "aa.casualties", place="Karelia", side="defender") == \
        "Karelia: no unit of the defender is destroyed"


def test_italian_battle_nobody_defends_puts_no_article_before_nobody() -> None:
    opened = {"place": "Karelia", "attacker": "germany", "defenders": [], "attackers": []}
    said = _line("it", "aa.battle_opened", **opened)
    assert said == "Battaglia in Karelia: la Germania attacca con nulla; nessuno difende", said
    assert "il nessuno" not in said
    assert _line("en", "aa.battle_opened", **opened) == \
        "Battle in Karelia: Germany attacks with nothing; nobody defends"


def test_italian_battle_against_several_defenders_lists_them_with_e_and_their_articles() -> None:
    opened = {"place": "Karelia", "attacker": "ussr", "defenders": ["germany", "japan"], "attackers": []}
    assert _line("it", "aa.battle_opened", **opened) == \
        "Battaglia in Karelia: l'Unione Sovietica attacca la Germania e il Giappone con nulla"
    assert _line("en", "aa.battle_opened", **opened) == \
        "Battle in Karelia: Soviet Union attacks Germany and Japan with nothing"


def test_italian_casualties_owed_by_several_powers_take_the_plural_verb() -> None:
    owed = {"place": "Karelia", "seats": ["germany", "japan"], "side": "defender", "hits": 2}
    assert _line("it", "aa.casualties_owed", **owed) == \
        "Karelia: la Germania e il Giappone devono scegliere 2 perdite (difensore)"
    assert _line("en", "aa.casualties_owed", **owed) == \
        "Karelia: Germany and Japan (defender) must choose 2 casualties"


@pytest.mark.parametrize(("side", "italian", "english"), [
    ("defender", "Karelia: il difensore deve scegliere 2 perdite", "Karelia: the defender must choose 2 casualties"),
    ("attacker", "Karelia: l'attaccante deve scegliere 2 perdite", "Karelia: the attacker must choose 2 casualties"),
    ("", "Karelia: vanno scelte 2 perdite", "Karelia: 2 casualties must be chosen"),
])
def test_casualties_owed_without_a_power_name_the_side_once_as_the_subject(side, italian, english) -> None:
    owed = {"place": "Karelia", "seats": [], "side": side, "hits": 2}
    assert _line("it", "aa.casualties_owed", **owed) == italian
    assert _line("en", "aa.casualties_owed", **owed) == english
    one = {"place": "Karelia", "side": "defender", "hits": {"germany": 1}}
    assert _line("it", "aa.casualties_owed", **one) == "Karelia: il difensore deve scegliere 1 perdita"


def test_a_moves_route_and_its_blitzed_territories_are_listed_as_the_readers_language_lists_them() -> None:
    moved = {"power": "germany", "units": ["u1"], "route": ["Germany", "Poland", "Ukraine", "Caucasus"],
             "blitzed": ["Poland", "Ukraine"]}
    assert _line("it", "aa.moved", **moved) == (
        "La Germania muove 1 unità dalla Germania al Caucaso passando per la Polonia e l'Ucraina "
        "(con avanzata lampo attraverso la Polonia e l'Ucraina)")
    assert _line("en", "aa.moved", **moved) == (
        "Germany moves 1 unit from Germany to Caucasus via Poland and Ukraine (blitzing through Poland and Ukraine)")
    moved["route"] = ["Germany", "SZ 5", "SZ 6", "SZ 7", "Caucasus"]
    assert "passando per la ZM 5, la ZM 6 e la ZM 7" in _line("it", "aa.moved", **moved)


def test_an_objectives_sea_zones_are_listed_with_e_and_each_takes_its_article() -> None:
    from pbem.ui.aa.describe import CATALOG
    from pbem.ui.aa.editions_words import objective_text

    objective = {"territories": ["Egypt"], "controlled_by": "power", "no_enemy_surface_warships_in":
                 ["SZ 13", "SZ 14", "SZ 15"]}
    said = {}
    for language in ("en", "it"):
        _ = CATALOG.bind(language, nouns=CATALOG.places(language))
        said[language] = objective_text(_, objective, _("Italy"), _("Axis"))
    assert said["it"] == ("Italia: controllo dell'Egitto; nessuna nave da guerra di superficie nemica nella ZM 13, "
                          "nella ZM 14 e nella ZM 15")
    assert said["en"] == "Italy controls Egypt; no enemy surface warship in SZ 13, SZ 14, and SZ 15"


def test_lists_of_names_are_joined_by_the_readers_language() -> None:
    assert names_list("it", ["Germania", "Giappone", "Italia"]) == "Germania, Giappone e Italia"
    assert names_list("en", ["Germany", "Japan", "Italy"]) == "Germany, Japan, and Italy"
    assert names_list("it", ["Germania", "Giappone"]) == "Germania e Giappone"
    assert names_list("it", ["Germania"]) == "Germania"
    assert names_list("it", []) == ""


def test_articulate_reads_a_list_joined_with_e_and_gives_it_the_plural_verb() -> None:
    found = {"Germania": italian.noun("Germania", "la in"), "Giappone": italian.noun("Giappone", "il in"),
             "Italia": italian.noun("Italia", "l' in"), "Stati Uniti": italian.noun("Stati Uniti", "gli")}

    def said(template: str, **params: Any) -> str:
        return italian.articulate(template, params, found) % params

    three = "Germania, Giappone e Italia"
    assert said("Il %(power)s sceglie le sue perdite", power=three) == \
        "La Germania, il Giappone e l'Italia scelgono le loro perdite"
    assert said("In attesa di %(seats)s", seats=three) == "In attesa della Germania, del Giappone e dell'Italia"
    assert said("Tocca a %(seats)s", seats="Giappone e Stati Uniti") == "Tocca al Giappone e agli Stati Uniti"
    assert said("in guerra con %(powers)s", powers="Germania e Italia") == "in guerra con la Germania e l'Italia"
    assert said("Il %(seat)s ha dato un ordine", seat="Germania e Giappone") == \
        "La Germania e il Giappone hanno dato un ordine"
    # the old ", " list still reads, and a list with a name that is none is left bare
    assert said("Il %(power)s sceglie", power="Germania, Giappone") == "La Germania, il Giappone scelgono"
    assert said("Il %(power)s sceglie", power="Germania e Ignoto") == "Germania e Ignoto sceglie"


#: Placeholders whose value is never a name with Italian grammar: a battle's side, units, a phase,
#: a player's name, a step, a reason, a development chart ("stage" is always "fase ...": "chiude la
#: fase Portaerei" is right).
NOT_NAMES = {"side", "units", "phase", "player", "organiser", "step", "why", "chart", "name"}
ARTICLE_BEFORE = re.compile(
    r"(?<![\w'])(il|lo|la|l'|i|gli|le|del|dello|della|dell'|dei|degli|delle|al|allo|alla|all'|ai|agli|alle|"
    r"dal|dallo|dalla|dall'|dai|dagli|dalle|nel|nello|nella|nell'|nei|negli|nelle|sul|sullo|sulla|sull'|sui|"
    r"sugli|sulle)\s*(?:%\((\w+)\)s|\{(\w+)\})", re.I)


def _italian_strings() -> Iterator[tuple[str, str]]:
    """(catalog file name, translated string) for every Italian message of every catalog, each
    plural form apart."""
    for po in sorted(REPO_ROOT.joinpath("pbem").rglob("it/LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle, locale="it")
        for message in catalog:
            for text in message.string if isinstance(message.string, tuple) else (message.string,):
                if text:
                    yield po.name, text


def test_italian_templates_put_no_article_before_a_side_a_unit_a_phase_or_a_player() -> None:
    """"vince il %(side)s" reads "vince il attaccante": an article before a value that is no name
    is never rewritten (``pbem/ui/italian.py``), so no Italian template writes one."""
    bad = [(po, text) for po, text in _italian_strings() for match in ARTICLE_BEFORE.finditer(text)
           if (match.group(2) or match.group(3)) in NOT_NAMES]
    assert bad == []


#: The reader addressed as "voi": a possessive, a verb of the second person plural (present,
#: imperative, with an enclitic), or an imperative starting a sentence ("Indicate la potenza").
VOI = re.compile(r"\b(voi|vostr[oaie]|potete|dovete|volete|avete|siete|sapete|fate|dite|[a-zà-ù]+ete|"
                 r"[a-zà-ù]+[aei]te(?:l[oaie]|ne|ci))\b|(?:^|[.:;!?] )([A-Z][a-zà-ù]+[aei]te) "
                 r"(?:il|lo|la|l'|i|gli|le|un|uno|una|prima|tutt[ei]|quell)", re.I)
#: Words ending in "-ete" that are no verb.
NOT_VOI = {"rete", "sete", "monete", "parete", "pareti", "prete", "abete", "quiete", "segrete", "concrete",
           "complete", "discrete", "incomplete", "mete", "comete"}


def test_italian_addresses_the_reader_as_tu_in_every_catalog() -> None:
    """Every Italian message speaks to the reader as "tu" ("scegli", "i tuoi ordini"), never as
    "voi" ("indicate", "i vostri ordini"): one reader, one form of address across the site."""
    found = [(po, word, text) for po, text in _italian_strings() for match in VOI.finditer(text)
             if (word := (match.group(1) or match.group(2)).lower()) not in NOT_VOI]
    assert found == []
