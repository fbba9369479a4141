"""The story of the events Anniversary Edition adds, in English and in Italian: research tokens,
dice and breakthroughs, strategic bombing raids and their damage, rockets, repairs, antiaircraft
fire and its losses, shore bombardment, China's free infantry, income with the national
objectives met and missed, victory cities. No raw event type, no JSON, no English in the Italian."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import load_ruleset
from pbem.ui import ui_for
from pbem.ui.aa.sentences_editions import SENTENCES as EDITION_SENTENCES
from pbem.ui.base import Audience
from tests.i18n_leaks import english_in

RS = load_ruleset("anniversary")

NAMES = {"germany": "Germany", "ussr": "Soviet Union", "japan": "Japan", "uk": "United Kingdom", "italy": "Italy",
         "usa": "United States", "china": "China"}
VIEW = {"units": {
    "Germany": [{"id": 1, "type": "bomber", "owner": "uk"}, {"id": 2, "type": "bomber", "owner": "uk"},
                {"id": 3, "type": "fighter", "owner": "uk"}],
    "SZ 14": [{"id": 4, "type": "battleship", "owner": "italy"}, {"id": 5, "type": "cruiser", "owner": "italy"}]}}


def event(kind: str, payload: dict[str, Any], seat: str | None = None) -> dict[str, Any]:
    return {"seq": 7, "seat": seat, "type": kind, "v": 1, "payload": payload}


EVENTS = [
    event("aa.aae_research_rolled", {"power": "germany", "bought": 2, "cost": 10, "ipcs": 21, "faces": [3, 4],
                                     "success": False, "tokens": 2, "chart_owed": False, "round": 1}, "germany"),
    event("aa.aae_research_rolled", {"power": "germany", "bought": 0, "cost": 0, "ipcs": 21, "faces": [6, 1],
                                     "success": True, "tokens": 0, "chart_owed": True, "round": 2}, "germany"),
    event("aa.aae_breakthrough", {"power": "germany", "chart": 2, "faces": [2], "advance": "jet_fighters"}),
    event("dice.rolled", {"faces": [3, 6], "dice": [], "context": {"power": "germany", "roll": "research"}}),
    event("aa.raid_declared", {"target": "Germany", "units": [1, 2]}, "uk"),
    event("aa.antiaircraft_fire", {"place": "Germany", "gun": 9, "owner": "germany", "hit_on": 1,
                                   "targets": [1, 2], "destroyed": [1], "step": "strategic bombing raid"}),
    event("aa.antiaircraft_fire", {"place": "Germany", "gun": 9, "owner": "germany", "hit_on": 1,
                                   "targets": [3], "destroyed": [], "step": "antiaircraft fire"}),
    event("aa.raid", {"target": "Germany", "power": "uk", "bombers": [1, 2], "survivors": [2], "rolled": 5,
                      "damage": 5}),
    event("aa.rocket", {"from": "Poland", "target": "United Kingdom", "power": "germany", "rolled": 4,
                        "damage": 4}),
    event("aa.aae_repaired", {"power": "germany", "complexes": {"Germany": 3}, "cost": 3}),
    event("aa.bombarded", {"place": "Egypt", "ships": [4, 5], "hits": 1}),
    event("aa.aae_china_infantry", {"count": 2, "pending": 2}),
    event("aa.aae_free_infantry_placed", {"placements": {"Yunnan": 1, "Hupeh": 1}, "ids": [500, 501]}),
    event("aa.aae_combat_block", {"first": "china", "round": 1}),
    event("aa.site_placed", {"power": "uk", "at": "India", "type": "industrial_complex"}),
    event("aa.aae_income_collected", {"power": "germany", "production": 36, "war_bonds": 0, "total": 46,
                                      "capital_lost": False, "objectives": [
                                          {"id": "AAE-NO-11", "met": True, "bonus": 5},
                                          {"id": "AAE-NO-12", "met": True, "bonus": 5},
                                          {"id": "AAE-NO-13", "met": False, "bonus": 0}]}),
    event("aa.aae_game_won", {"winner": "axis", "cities": 15, "needed": 15, "round": 6}),
    event("aa.aae_capital_losses", {"power": "ussr", "tokens": 2, "units": {"infantry": 3}}),
    event("aa.units_waiting", {"power": "uk", "units": {"infantry": 2, "tank": 1}}),
    event("aa.units_returned", {"power": "uk", "units": {"infantry": 2, "tank": 1}}),
]


@pytest.mark.parametrize("language", ["en", "it"])
def test_AAE_every_new_event_is_a_sentence_without_raw_data(language: str) -> None:
    story = ui_for(RS).story(RS, Audience(language, "germany", NAMES), VIEW)
    for e in EVENTS:
        text = story.line(e)
        assert text and e["type"] not in text and "{" not in text and "_" not in text, (e, text)
        if language == "it":
            assert not english_in(text), (text, english_in(text))


def test_AAE_NO_income_names_the_objectives_met_and_missed() -> None:
    story = ui_for(RS).story(RS, Audience("en", None, NAMES), VIEW)
    income = next(e for e in EVENTS if e["type"] == "aa.aae_income_collected")
    text = story.line(income)
    assert text.startswith("Germany collects 46 IPCs: 36 of production; national objectives met (+10 IPCs): ")
    assert ("Axis controls all of France, Northwestern Europe, Germany, Czechoslovakia Hungary, "
            "Bulgaria Romania, and Poland") in text
    assert "missed: Axis controls at least 1 of Karelia S.S.R. and Caucasus" in text
    italian = ui_for(RS).story(RS, Audience("it", None, NAMES), VIEW).line(income)
    assert "obiettivi nazionali raggiunti (+10 IPC)" in italian and "Francia" in italian


def test_AAE_NO_the_territories_of_an_objective_are_listed_as_the_readers_language_lists_them() -> None:
    """ "Francia, ..., Bulgaria Romania e Polonia"; after "tra" each name keeps its article."""
    income = next(e for e in EVENTS if e["type"] == "aa.aae_income_collected")
    italian = ui_for(RS).story(RS, Audience("it", None, NAMES), VIEW).line(income)
    assert ("Asse: controllo di tutti questi territori: Francia, Europa nordoccidentale, Germania, "
            "Cecoslovacchia Ungheria, Bulgaria Romania e Polonia") in italian
    assert ("Asse: controllo di almeno 3 tra gli Stati baltici, la Polonia orientale, l'Ucraina, "
            "l'Ucraina orientale e la Bielorussia") in italian


def test_AAE_SBR_a_raid_tells_the_bombers_shot_down_and_the_damage() -> None:
    story = ui_for(RS).story(RS, Audience("en", None, NAMES), VIEW)
    assert story.line(EVENTS[5]) == ("Germany: the antiaircraft gun fires at 2 bombers and destroys "
                                     "1 bomber (United Kingdom)")
    assert story.line(EVENTS[7]) == ("Strategic bombing raid on Germany: 1 bomber get through and roll 5; "
                                     "5 damage markers")
    assert story.line(EVENTS[2]) == "Germany rolls 2 on Development Chart 2: Jet Fighters, in effect at once"
    assert story.line(EVENTS[0]) == ("Germany buys 2 research tokens for 10 IPCs; Germany rolls 3 4 for research: "
                                     "no breakthrough; 2 tokens are kept")


def test_the_edition_sentences_are_part_of_the_family_story() -> None:
    from pbem.ui.aa.sentences import SENTENCES

    assert set(EDITION_SENTENCES) <= set(SENTENCES)


def test_AAE_every_word_of_the_edition_is_in_the_aa_catalog_in_italian() -> None:
    """Every power, unit type, phase, side, option label and space of Anniversary is named in
    Italian (a word whose Italian is its English is a proper name on purpose)."""
    from pbem.ui.aa.vocabulary import SPACES, STEPS, UNIT_NAMES

    ui = ui_for(RS)
    words = {RS.vocabulary("unit", u) for u in RS.data.units} | {RS.vocabulary("power", p) for p in RS.power_names}
    words |= {RS.vocabulary("side", s) for s in RS.data.side_names}
    words |= {RS.vocabulary("phase", p) for p in RS.edition.phase_labels}
    words |= set(RS.data.spaces) | {n for t in RS.data.units for n in UNIT_NAMES[t]} | set(STEPS.values())
    for option in RS.options_schema():
        words.add(option["label"])
        words |= {c["label"] for c in option.get("choices", [])}
    missing = sorted(w for w in words if not ui.catalog.has("it", w))
    assert not missing, missing
    assert set(RS.data.spaces) <= set(SPACES)
    assert ui.term("space", "Italy", "it", RS) == "Italia"
    assert ui.term("space", "SZ 60", "it", RS) == "ZM 60"
    assert ui.term("power", "china", "it", RS) == "Cina"
    assert ui.term("unit", "aa_gun", "it", RS) != "Antiaircraft gun"


def test_AAE_RD_an_owed_research_chart_reads_as_a_sentence() -> None:
    ui = ui_for(RS)
    owed = {"seat": "germany", "kind": "research_chart", "phase_key": "research",
            "prompt_key": "{power}: choose a research chart (1 land and production, 2 air and naval)",
            "prompt_params": {"power": "germany"}}
    assert ui.owed_text(owed, NAMES, "en") == \
        "Germany: choose a research chart (1 land and production, 2 air and naval)"
    assert ui.owed_text(owed, NAMES, "it").startswith("Germania: scegli una tabella degli sviluppi")


def test_AAE_every_event_of_bot_games_of_both_scenarios_is_a_translated_sentence() -> None:
    """Bot games of both scenarios (two rounds each; research, raids, China, income...), as every
    seat and a spectator receive them, read as sentences in English and Italian: no raw event type,
    no JSON, no sentence left to the platform's fallback, no English in the Italian."""
    import random
    import re

    from pbem.games.aa.bot import RandomBot, play
    from pbem.services.reading import redact_all
    from pbem.ui import platform

    raw = re.compile(r"\b(aa|dice|game|seat|policy)\.[a-z_]+\b")
    ui = ui_for(RS)
    problems: list[str] = []
    types: set[str] = set()
    for seed, scenario in enumerate(("1941", "1942", "1941", "1942")):
        game = RS.new_game({"scenario": scenario, "dice": "low_luck" if seed % 2 else "standard"},
                           seed=f"story-aae-{seed}")
        play(game, RandomBot(RS, random.Random(seed)), max_rounds=2)
        names = {s["id"]: s["name"] for s in RS.seats({"scenario": scenario})}
        for seat in (None, "germany", "china"):
            events = redact_all(RS, game.log(), seat)
            types.update(e["type"] for e in events)
            for language in ("en", "it"):
                story = ui.story(RS, Audience(language, seat, names))
                for event, line in zip(events, story.lines(events), strict=True):
                    if raw.search(line) or any(c in line for c in '{}[]"') or not line.strip():
                        problems.append(f"{language} {event['type']}: {line!r}")
                    if event["type"].startswith("aa.") and line == platform.fallback(event, story.core):
                        problems.append(f"{language} {event['type']}: no sentence of its own")
                    if language == "it" and (english := english_in(line)):
                        problems.append(f"English in Italian {event['type']}: {line!r} {english}")
    assert not problems, sorted(set(problems))[:20]
    assert {"aa.aae_china_infantry", "aa.aae_free_infantry_placed", "aa.aae_income_collected"} <= types
