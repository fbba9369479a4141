"""The story of Global 1940 in English and Italian: every event of bot games (as every seat and a
spectator receive them, through the one read path), every event type the edition's rules modules
declare (the combat modules' scrambles, kamikaze attacks, raids on installations, as made-up events
in their documented shapes), neutrals attacked, entered, taken and held, the Mongolian pact,
installations captured, a capital's treasury seized, read as sentences: no raw
event type, no JSON, no sentence left to the platform's fallback, no English in the Italian, every
message in the Italian catalog."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from pbem.engine import load_ruleset
from pbem.games.aa.bot import RandomBot, play
from pbem.services.reading import redact_all
from pbem.ui import platform, ui_for
from pbem.ui.base import Audience
from tests.i18n_leaks import english_in
from tests.web.story_kit import record_lookups
from tests.web.test_story_aa import family_event_types

RS = load_ruleset("global1940")
RAW = re.compile(r"\b(aa|dice|game|seat|policy)\.[a-z_]+\b")
NAMES = {s["id"]: s["name"] for s in RS.seats({})}


def event(seq: int, kind: str, payload: dict[str, Any], seat: str | None = None) -> dict[str, Any]:
    return {"seq": 10**6 + seq, "seat": seat, "type": kind, "v": 1, "payload": payload}


#: Events the bots seldom or never cause (or that the edition does not emit yet), in their shapes.
RARE = [
    event(1, "aa.g40_war_declared", {"declarer": "japan", "target": "uk",
                                     "pairs": [["japan", "uk"], ["anzac", "japan"]], "provoked": False, "round": 2,
                                     "flags": {"japan_attacked_west": True}, "upgrades": []}, "japan"),
    event(2, "aa.g40_war_declared", {"declarer": "usa", "target": "germany", "pairs": [["germany", "usa"]],
                                     "provoked": True, "round": 3, "flags": {},
                                     "upgrades": ["Eastern United States"]}, "usa"),
    event(3, "aa.g40_repaired", {"power": "uk", "treasury": "uk_europe", "cost": 3,
                                 "repairs": {"United Kingdom": {"major_complex": 2, "air_base": 1}}}, "uk"),
    event(4, "aa.g40_refunded", {"power": "uk", "treasury": "uk_pacific", "units": {"transport": 1}, "ipcs": 7}),
    event(5, "aa.g40_game_won", {"winner": "allies", "round": 14}),
    event(6, "aa.g40_victory_track", {"track": {"axis": 3, "allies": 0}}),
    event(7, "aa.g40_income_collected", {"treasury": "uk_pacific", "production": 0, "objectives": [], "convoy": 0,
                                         "war_bonds": 0, "total": 0, "capital_lost": True}),
    event(8, "aa.g40_income_collected", {"treasury": "uk_europe", "production": 28, "convoy": 4, "war_bonds": 0,
                                         "total": 29, "capital_lost": False, "objectives": [
                                             {"id": "G40-NO-UKE-01", "met": True, "bonus": 5, "one_time": False}]}),
    event(9, "aa.defence_owed", {"power": "usa", "options": {"japan": {"kamikaze": {"SZ 6": [300]}}}}),
    event(10, "aa.defence_chosen", {"power": "japan", "scramble": {"Japan": {"SZ 6": [301, 302]}},
                                    "kamikaze": {"SZ 6": [300, 300]}, "intercept": {}, "by": "standing orders"}),
    event(11, "aa.defence_chosen", {"power": "uk", "scramble": {}, "kamikaze": {}, "intercept": {}, "by": "uk"}),
    event(12, "aa.kamikaze", {"used": 2, "sunk": [300], "damaged": [], "no_bombardment": ["SZ 6"],
                              "targets": [["SZ 6", 300], ["SZ 6", 300]], "power": "usa"}),
    event(13, "aa.scrambled", {"power": "usa", "moves": [["Japan", "SZ 6", [301, 302]]]}),
    event(14, "aa.scramble_returned", {"returned": [["SZ 6", "Japan", 301]], "stranded": [302]}),
    event(15, "aa.installation_raid_declared", {"target": "Germany", "installation": "major_complex",
                                                "units": [303], "escorts": [304]}, "uk"),
    event(16, "aa.installation_raid_declared", {"target": "Germany", "installation": "air_base", "units": [],
                                                "escorts": []}, "uk"),
    event(17, "aa.air_battle", {"place": "Germany", "power": "uk", "attackers": [303, 304], "defenders": [305],
                                "attacker_hits": 1, "defender_hits": 0, "destroyed": [305]}),
    event(18, "aa.installation_raid", {"territory": "Germany", "kind": "major_complex", "rolled": 9, "damage": 9,
                                       "power": "uk", "raiders": [303], "shot_down": [], "survivors": [303]}),
    event(19, "aa.installation_raid", {"territory": "Germany", "kind": "air_base", "rolled": 0, "damage": 0,
                                       "power": "uk", "raiders": [306], "shot_down": [306], "survivors": []}),
]
#: The made-up events' units, as the describer would know them from the position.
UNITS = {"units": {"SZ 6": [{"id": 300, "type": "battleship", "owner": "usa"},
                            {"id": 301, "type": "fighter", "owner": "japan"},
                            {"id": 302, "type": "tactical_bomber", "owner": "japan"}],
                   "Germany": [{"id": 303, "type": "bomber", "owner": "uk"},
                               {"id": 304, "type": "fighter", "owner": "uk"},
                               {"id": 305, "type": "fighter", "owner": "germany"},
                               {"id": 306, "type": "tactical_bomber", "owner": "uk"}]}}
#: The turn's bookkeeping and the neutrals' events, in the shapes the edition emits them.
MORE = [
    event(30, "aa.g40_neutral_attacked", {"attacker": "germany", "territory": "Spain", "joins": "allies",
                                          "operator": "uk", "army": 6,
                                          "changes": {"Spain": "pro_allies", "Portugal": "pro_allies",
                                                      "Sweden": "pro_allies"}}, "germany"),
    event(31, "aa.g40_neutral_entered", {"power": "uk", "territory": "Eire", "army": 2, "survivors": []}),
    event(32, "aa.g40_mongolia_pact", {"territories": ["Olgiy", "Dzavhan"], "armies": {"Olgiy": 1, "Dzavhan": 1}}),
    event(33, "aa.g40_captured", {"territory": "France", "power": "germany", "by": "germany",
                                  "installations": {"minor_complex": 6, "air_base": 0}}),
    event(34, "aa.g40_captured", {"territory": "Kwangsi", "power": "china", "by": "china", "installations": {}}),
    event(35, "aa.territory_captured", {"territory": "Germany", "power": "uk", "from": "germany", "by": "uk",
                                        "liberated": False, "ipcs": 12, "ipcs_from": "germany",
                                        "ipcs_to": "uk_europe"}, "uk"),
    event(36, "aa.g40_attacks", {"power": "germany", "territories": {"Eastern Poland": ["ussr"], "Spain": []}}),
    event(37, "aa.g40_move_bonuses", {"power": "japan", "units": [[301, 1], [302, 1], [300, 1]]}),
    event(38, "aa.g40_installations_woken", {"power": "germany"}),
    event(39, "aa.g40_pool_opened", {"power": "uk", "treasury": "uk_pacific", "units": {"infantry": 2}}),
    event(40, "aa.g40_research_rolled", {"power": "germany", "bought": 2, "cost": 10, "paid": {"germany": 10},
                                         "faces": [6, 2], "success": True, "round": 1, "chart_owed": True},
          "germany"),
    event(41, "aa.g40_neutral_taken", {"territory": "Spain", "power": "germany"}),
    event(42, "aa.g40_neutral_held", {"territory": "Turkey"}),
]
#: Installations built, the Dutch territories, interception, liberation, rockets, paratroopers and lone
#: enemies ignored, in the shapes ``building.py``, ``entering.py``, ``liberation_hooks.py``,
#: ``rocket_orders.py``, ``paradrop_orders.py`` and ``ignoring.py`` emit them.
BOARD = [
    event(50, "aa.g40_built", {"power": "uk", "treasury": "uk_pacific", "kind": "minor_complex", "at": "Burma"},
          "uk"),
    event(51, "aa.g40_built", {"power": "germany", "treasury": "germany", "kind": "complex_upgrade",
                               "at": "Southern France"}, "germany"),
    event(52, "aa.g40_dutch_taken", {"territory": "Java", "power": "anzac"}),
    event(53, "aa.g40_dutch_wronged", {"power": "japan", "territory": "Sumatra", "wronged": ["uk", "anzac"]}),
    event(54, "aa.g40_intercepted", {"zone": "SZ 91", "power": "uk", "dice": [2, 5, 1], "hits": 2,
                                     "transports": [307, 308], "at": "SZ 91", "lost": [307, 308]}),
    event(55, "aa.g40_intercepted", {"zone": "SZ 91", "power": "uk", "dice": [4], "hits": 0,
                                     "transports": [307], "at": "SZ 92", "lost": []}),
    event(56, "aa.g40_liberated", {"power": "usa", "returns": [
        {"territory": "France", "from": "usa", "to": "france"},
        {"territory": "Normandy Bordeaux", "from": "uk", "to": "france"}]}),
    event(57, "aa.g40_france_bonus", {"power": "france", "territory": "France", "units": {"infantry": 4},
                                      "objective": "G40-NO-FRA-01"}),
    event(58, "aa.g40_rocket_declared", {"power": "germany", "from": "Western Germany", "target": "United Kingdom",
                                         "kind": "major_complex"}, "germany"),
    event(59, "aa.g40_rocket_fired", {"power": "germany", "from": "Western Germany", "territory": "United Kingdom",
                                      "kind": "air_base", "damage": 1, "rolled": 5}),
    event(60, "aa.g40_paradropped", {"power": "germany", "unit": 303, "from": "Western Germany",
                                     "to": "Holland Belgium"}, "germany"),
    event(61, "aa.g40_enemy_ignored", {"power": "germany", "sea_zone": "SZ 112", "ignore": True,
                                       "enemies": [307]}, "germany"),
    event(62, "aa.g40_enemy_ignored", {"power": "germany", "sea_zone": "SZ 112", "ignore": False,
                                       "enemies": [307]}, "germany"),
]
RARE += MORE + BOARD


@pytest.fixture(scope="module")
def logs() -> list[list[dict[str, Any]]]:
    out = []
    for seed in range(3):
        game = RS.new_game({"dice": "low_luck" if seed % 2 else "standard", "research": seed == 2},
                           seed=f"story-g40-{seed}")
        play(game, RandomBot(RS, random.Random(seed)), max_rounds=2)
        out.append(game.log())
    return out


@pytest.fixture
def used(monkeypatch: pytest.MonkeyPatch) -> set[tuple[str, str]]:
    """Every (domain, msgid) the describers look up."""
    return record_lookups(monkeypatch)


def problems_of(language: str, events: list[dict[str, Any]], lines: list[str], story: Any) -> list[str]:
    out = []
    for e, line in zip(events, lines, strict=True):
        if RAW.search(line) or any(c in line for c in '{}[]"') or not line.strip():
            out.append(f"{language} {e['type']}: {line!r}")
        if e["type"].startswith("aa.") and line == platform.fallback(e, story.core):
            out.append(f"{language} {e['type']}: no sentence of its own")
        if language == "it" and (english := english_in(line)):
            out.append(f"English in Italian {e['type']}: {line!r} {english}")
    return out


def test_G40_every_event_of_bot_games_and_of_the_edition_is_a_translated_sentence(logs, used) -> None:
    ui = ui_for(RS)
    problems: list[str] = []
    types: set[str] = set()
    for log in logs:
        for seat in (None, "germany", "uk", "japan"):
            events = redact_all(RS, log + RARE, seat)
            types.update(e["type"] for e in events)
            for language in ("en", "it"):
                story = ui.story(RS, Audience(language, seat, NAMES), UNITS)
                problems += problems_of(language, events, story.lines(events), story)
    assert not problems, sorted(set(problems))[:20]
    # the edition's own events (the family's are every edition's, tests/web/test_story_aa.py)
    assert {t for t in RS.evolvers if t.startswith("aa.g40_")} <= types
    assert {"aa.moved", "aa.battle_round", "aa.casualties", "aa.placed", "aa.territory_captured"} <= types
    g40 = {t for t in family_event_types() if t.startswith("aa.g40_") or t in {e["type"] for e in RARE}}
    assert g40 <= types, sorted(g40 - types)  # and every one the edition's combat modules declare
    catalogs = {"aa": ui.catalog, "ui": platform.CATALOG}
    untranslated = sorted(m for domain, m in used if not catalogs[domain].has("it", m))
    assert not untranslated, untranslated


def test_G40_NEUT_neutrals_captures_and_the_turns_bookkeeping_read_well() -> None:
    en = ui_for(RS).story(RS, Audience("en", None, NAMES), UNITS)
    said = {e["seq"] - 10**6: en.line(e) for e in MORE}
    assert said[30] == ("Germany attacks the neutral Spain: its army of 6 infantry fight for the Allies "
                        "(United Kingdom); the other neutrals lean now: Portugal (pro-Allied neutral), "
                        "Sweden (pro-Allied neutral)")
    assert said[32] == "Mongolia joins Soviet Union: Olgiy and Dzavhan, with 2 infantry"
    assert said[33] == ("Germany captures in France: air base, minor industrial complex (6 damage); idle until "
                        "its next turn")
    assert said[35].endswith("; United Kingdom (Europe) seizes 12 IPCs of Germany")
    assert said[36] == "Germany attacks: Eastern Poland (Soviet Union), Spain (neutral)"
    assert said[40] == "Germany buys 2 research dice for 10 IPCs and rolls 6 2: a breakthrough!"
    assert en.quiet(MORE[4]) and not en.quiet(MORE[3])  # a capture without installations says nothing new


def test_G40_the_story_names_treasuries_wars_and_the_defence() -> None:
    en = ui_for(RS).story(RS, Audience("en", None, NAMES), UNITS)
    it = ui_for(RS).story(RS, Audience("it", None, NAMES), UNITS)
    said = {e["seq"] - 10**6: (en.line(e), it.line(e)) for e in RARE}
    assert said[1][0] == "Japan declares war on United Kingdom; also at war now: ANZAC and Japan"
    assert said[1][1] == "Il Giappone dichiara guerra al Regno Unito; ora in guerra anche: ANZAC e Giappone"
    assert "the minor industrial complexes in Eastern United States become major complexes" in said[2][0]
    assert said[8][0].startswith("United Kingdom (Europe) collects 29 IPCs: 28 of production")
    assert "convoy disruption: \u22124 IPCs" in said[8][0]
    assert said[7][1].startswith("Il Regno Unito (Pacifico)")
    assert said[12][0] == ("Japan makes 2 kamikaze attacks in SZ 6; sunk: 1 battleship; no shore bombardment "
                           "from there this turn")
    assert said[10][0] == ("Japan defends with: 1 fighter, 1 tactical bomber from Japan into SZ 6; 2 kamikaze "
                           "attacks (by standing orders)")
    assert "stranded, their air base lost: 1 tactical bomber" in said[14][0]
    assert said[18][0] == ("Raid on the major industrial complex in Germany: the raiders roll 9; 9 damage markers")


#: What the events of ``BOARD`` say, one after the other (" | " between two; wrapped lines are joined).
BOARD_EN = """United Kingdom (Pacific) builds in Burma: minor industrial complex | Germany builds in Southern
France: upgrade to a major complex | ANZAC takes over the Dutch territory Java and its income | Japan attacks the
Dutch territory Sumatra: an act of war against United Kingdom and ANZAC | Submarines in SZ 91 intercept transports of
United Kingdom: dice 2 5 1, 2 hits; 2 transports sunk with their cargo | Submarines in SZ 91 intercept transports of
United Kingdom: dice 4, 0 hits; no transport lost | United States liberates: France (control back to France);
Normandy Bordeaux (control back to France) | Liberation bonus for France, placed at once in France: 4 infantry |
Germany readies a rocket in Western Germany; target: the major industrial complex in United Kingdom | Rocket from
Western Germany on the air base in United Kingdom: rolls 5; 1 damage marker; the rest is beyond its maximum damage |
Germany drops a paratrooper infantry from the air base in Western Germany on Holland Belgium | Germany ignores the
enemy submarines and transports in SZ 112: no sea battle there | Germany will attack the enemy submarines and
transports in SZ 112 after all"""
BOARD_IT = """Il Regno Unito (Pacifico) costruisce in Birmania: complesso industriale minore | La Germania costruisce
nella Francia meridionale: potenziamento a complesso maggiore | L'ANZAC assume il controllo del territorio olandese
Giava e della relativa rendita | Il Giappone attacca il territorio olandese Sumatra: atto di guerra contro il Regno
Unito e l'ANZAC | I sommergibili nella ZM 91 intercettano le navi trasporto del Regno Unito: dadi 2 5 1, 2 colpi; 2
trasporti affondati con il loro carico | I sommergibili nella ZM 91 intercettano le navi trasporto del Regno Unito:
dadi 4, 0 colpi; nessun trasporto perso | Gli Stati Uniti liberano: Francia (il controllo torna alla Francia);
Normandia Bordeaux (il controllo torna alla Francia) | Bonus di liberazione della Francia, piazzato subito in
Francia: 4 fanteria | La Germania prepara un razzo nella Germania occidentale; bersaglio: complesso industriale
maggiore nel Regno Unito | Razzo dalla Germania occidentale su base aerea nel Regno Unito: tiro di 5; 1 segnalino
danno; il resto supera il danno massimo | La Germania lancia una fanteria paracadutista dalla base aerea nella
Germania occidentale sull'Olanda Belgio | La Germania ignora i sommergibili e i trasporti nemici nella ZM 112:
nessuna battaglia navale lì | La Germania attaccherà comunque i sommergibili e i trasporti nemici nella ZM 112"""


def test_G40_builds_dutch_territories_interception_liberation_rockets_and_paratroopers_read_well() -> None:
    for language, expected in (("en", BOARD_EN), ("it", BOARD_IT)):
        story = ui_for(RS).story(RS, Audience(language, None, NAMES), UNITS)
        assert " | ".join(story.line(e) for e in BOARD) == " ".join(expected.split())
