"""One story of the game: every event type met in 20 fuzzer games of A&A 1941 (and a made-up
event of each type the fuzzer rarely meets), as every seat and a spectator receive it (through
the one read path), becomes a sentence in English and in Italian with no raw event type, no JSON,
no message missing from the Italian catalog, no English in the Italian, and units named by type."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from pbem.engine import load_ruleset
from pbem.games.aa.bot import RandomBot, play
from pbem.services.reading import redact_all
from pbem.ui import platform, ui_for
from pbem.ui.aa.sentences import SENTENCES
from pbem.ui.base import Audience
from tests.i18n_leaks import english_in
from tests.web.story_kit import record_lookups

RS = load_ruleset("aa1941")
GAMES, ROUNDS = 20, 4
#: Platform records the bot never makes (the site and the scheduler do).
EXTRA = [
    {"seq": 10**6, "seat": "germany", "type": "undo", "v": 1, "payload": {"order_seq": 5}},
    {"seq": 10**6 + 1, "seat": "ussr", "type": "dice.salted", "v": 1, "payload": {"salt_hash": "ab"}},
    {"seq": 10**6 + 2, "seat": None, "type": "seat.joined", "v": 1, "payload": {"seat": "uk", "name": "Ada"}},
    {"seq": 10**6 + 3, "seat": None, "type": "game.paused", "v": 1, "payload": {}},
    {"seq": 10**6 + 4, "seat": "japan", "type": "policy.acted", "v": 1,
     "payload": {"seat": "japan", "reason": "nothing_to_decide", "policy": "act"}},
    {"seq": 10**6 + 5, "seat": "usa", "type": "policy.waited", "v": 1, "payload": {"seat": "usa", "policy": "wait"}},
    {"seq": 10**6 + 6, "seat": "germany", "type": "order", "v": 1,
     "payload": {"order": {"type": "standing", "submerge": True}}},
    {"seq": 10**6 + 7, "seat": "germany", "type": "aa.standing", "v": 1,
     "payload": {"power": "germany", "orders": {"submerge": True}}},
]
#: A&A events the bot seldom or never causes, as the rules emit them.
RARE = [
    {"seq": 2 * 10**6, "seat": None, "type": "aa.air_landed", "v": 1, "payload": {"landings": {"7": 40, "8": 40}}},
    {"seq": 2 * 10**6 + 1, "seat": None, "type": "aa.air_lost", "v": 1,
     "payload": {"units": [7], "rule": "AA41-AIR-08"}},
    {"seq": 2 * 10**6 + 2, "seat": "germany", "type": "aa.stranded_lost", "v": 1,
     "payload": {"unit": 7, "space": "SZ 5", "by": "owner"}},
    {"seq": 2 * 10**6 + 3, "seat": "germany", "type": "aa.stranded_landed", "v": 1,
     "payload": {"unit": 7, "from": "SZ 5", "to": "Germany", "carrier": None, "by": "standing orders"}},
    {"seq": 2 * 10**6 + 4, "seat": None, "type": "aa.game_won", "v": 1,
     "payload": {"winner": "axis", "reason": "x", "capitals": ["Russia", "United Kingdom"], "mode": "two_capitals"}},
    {"seq": 2 * 10**6 + 5, "seat": None, "type": "aa.income_collected", "v": 1,
     "payload": {"power": "ussr", "amount": 0, "capital_lost": True}},
    {"seq": 2 * 10**6 + 6, "seat": None, "type": "aa.refunded", "v": 1,
     "payload": {"power": "uk", "units": {"transport": 1}, "ipcs": 7}},
    {"seq": 2 * 10**6 + 7, "seat": "japan", "type": "aa.territory_captured", "v": 1,
     "payload": {"territory": "Russia", "power": "japan", "from": "ussr", "by": "japan", "liberated": False,
                 "ipcs": 12, "ipcs_from": "ussr"}},
    {"seq": 2 * 10**6 + 8, "seat": "uk", "type": "aa.territory_captured", "v": 1,
     "payload": {"territory": "Russia", "power": "ussr", "from": "japan", "by": "uk", "liberated": True,
                 "ipcs": 0, "ipcs_from": None}},
    {"seq": 2 * 10**6 + 9, "seat": "germany", "type": "aa.casualty_choice", "v": 1,
     "payload": {"place": "Karelia", "power": "germany", "units": [7]}},
    {"seq": 2 * 10**6 + 10, "seat": "ussr", "type": "aa.retreated", "v": 1,
     "payload": {"place": "Ukraine", "to": None, "units": [], "air": [7], "partial": True}},
    # the family's combat events of later editions (AA fire, shore bombardment): never in A&A 1941
    {"seq": 2 * 10**6 + 11, "seat": "germany", "type": "aa.antiaircraft_fire", "v": 1,
     "payload": {"place": "Karelia", "gun": 9, "owner": "ussr", "hit_on": 1, "targets": [7, 8], "destroyed": [7],
                 "step": "antiaircraft fire", "low_luck": False}},
    {"seq": 2 * 10**6 + 12, "seat": "germany", "type": "aa.bombarded", "v": 1,
     "payload": {"place": "Karelia", "ships": [7], "hits": 1}},
    # the family's mobilization events of later editions (units waiting, complexes built)
    {"seq": 2 * 10**6 + 13, "seat": None, "type": "aa.units_waiting", "v": 1,
     "payload": {"power": "germany", "units": {"infantry": 2}}},
    {"seq": 2 * 10**6 + 14, "seat": None, "type": "aa.units_returned", "v": 1,
     "payload": {"power": "germany", "units": {"infantry": 2}}},
    {"seq": 2 * 10**6 + 15, "seat": "germany", "type": "aa.site_placed", "v": 1,
     "payload": {"power": "germany", "at": "Karelia", "type": "industrial_complex"}},
]
RAW = re.compile(r"\b(aa|dice|game|seat|policy)\.[a-z_]+\b")
#: A unit not named by its type (the describer did not know it).
UNNAMED = re.compile(r"\b\d+ units?\b")


@pytest.fixture(scope="module")
def logs() -> list[list[dict[str, Any]]]:
    out = []
    for seed in range(GAMES):
        game = RS.new_game({"dice": "low_luck" if seed % 4 == 3 else "standard", "ask_defender": seed % 3 == 0},
                           seed=f"story-{seed}")
        play(game, RandomBot(RS, random.Random(seed)), max_rounds=ROUNDS)
        out.append(game.log())
    return out


@pytest.fixture
def used(monkeypatch: pytest.MonkeyPatch) -> set[tuple[str, str]]:
    """Every (domain, msgid) the describers look up."""
    return record_lookups(monkeypatch)


def test_every_event_of_20_fuzzer_games_is_a_translated_sentence(logs, used) -> None:
    ui = ui_for(RS)
    names = {s["id"]: s["name"] for s in RS.seats({})}
    types: set[str] = set()
    problems: list[str] = []
    for log in logs:
        for seat in [None, *names]:
            events = redact_all(RS, log + EXTRA + RARE, seat)
            types.update(e["type"] for e in events)
            for language in ("en", "it"):
                story = ui.story(RS, Audience(language, seat, names))
                for event, line in zip(events, story.lines(events), strict=True):
                    if RAW.search(line) or any(c in line for c in '{}[]"') or not line.strip():
                        problems.append(f"{language} {event['type']}: {line!r}")
                    if event["type"].startswith("aa.") and line == platform.fallback(event, story.core):
                        problems.append(f"{language} {event['type']}: no sentence of its own")
                    if language == "en" and UNNAMED.search(line):
                        problems.append(f"unnamed units in {event['type']}: {line!r}")
                    if language == "it" and (english := english_in(line)):
                        problems.append(f"English in Italian {event['type']}: {line!r} {english}")
    assert not problems, problems[:20]
    assert set(RS.evolvers) <= types  # every event type the A&A rules emit was described
    assert {"dice.rolled", "order", "undo", "seat.joined"} <= types
    catalogs = {"aa": ui.catalog, "ui": platform.CATALOG}
    untranslated = sorted(m for domain, m in used if not catalogs[domain].has("it", m))
    assert not untranslated, untranslated
    assert len(used) > 40  # the check above looked at the describer's real messages


def aa_rulesets() -> list[Any]:
    """Every registered ruleset of the A&A family (1941, Anniversary...)."""
    from pbem.engine.registry import RULESETS

    return [rs for rs in (load_ruleset(k) for k in sorted(RULESETS)) if getattr(rs, "family", "") == "aa."]


def family_event_types() -> set[str]:
    """Every event type a module of the A&A rules declares (``EVOLVERS``), wired into a ruleset yet
    or not (Global 1940's combat modules before the edition swaps them in)."""
    import importlib
    import pkgutil

    import pbem.games.aa as family

    found: set[str] = set()
    for info in pkgutil.walk_packages(family.__path__, "pbem.games.aa."):
        evolvers = getattr(importlib.import_module(info.name), "EVOLVERS", None)
        if isinstance(evolvers, dict):
            found |= set(evolvers)
    return found


def test_every_event_type_of_every_aa_ruleset_has_its_own_sentence() -> None:
    rulesets = aa_rulesets()
    assert RS in rulesets and "global1940" in {rs.key for rs in rulesets}
    for rs in rulesets:
        assert set(rs.evolvers) <= set(SENTENCES), (rs.key, sorted(set(rs.evolvers) - set(SENTENCES)))
    known = set().union(*(rs.evolvers for rs in rulesets)) | family_event_types()
    assert set(SENTENCES) <= known, sorted(set(SENTENCES) - known)  # no sentence for an event nobody emits


def test_the_italian_story_reads_italian() -> None:
    ui = ui_for(RS)
    names = {s["id"]: s["name"] for s in RS.seats({})}
    moved = {"seq": 3, "seat": "ussr", "type": "aa.moved", "v": 1,
             "payload": {"units": [51, 52], "route": ["Karelia", "Archangel"]}}
    view = {"units": {"Karelia": [{"id": 51, "type": "infantry"}, {"id": 52, "type": "tank"}]}}
    story = ui.story(RS, Audience("it", "ussr", names), view)
    assert story.line(moved) == "L'Unione Sovietica muove 1 fanteria, 1 carro armato dalla Karelia ad Arcangelo"
    assert ui.story(RS, Audience("en", "ussr", names), view).line(moved) == \
        "Soviet Union moves 1 infantry, 1 tank from Karelia to Archangel"


def test_units_are_named_from_the_starting_position_and_losses_by_owner() -> None:
    """A unit that died before the reader's view was taken is still named: the starting position
    (the view's options) numbers every unit of the board; losses name each owner's units."""
    ui = ui_for(RS)
    names = {s["id"]: s["name"] for s in RS.seats({})}
    start = RS.position_to_state(RS.initial_position({}), RS.normalise_options({}))
    karelia = [u for u in start["units"]["Karelia"]]
    lost = {"seq": 9, "seat": None, "type": "aa.casualties", "v": 1,
            "payload": {"place": "Karelia", "round": 2, "side": "defender", "destroyed": [u["id"] for u in karelia],
                        "damaged": [], "cargo": [], "stranded": [], "units": []}}
    view = {"options": RS.normalise_options({}), "units": {}}
    assert ui.story(RS, Audience("en", None, names), view).line(lost) == \
        f"Karelia, round 2: Soviet Union loses {len(karelia)} infantry"
    assert ui.story(RS, Audience("it", None, names), view).line(lost) == \
        f"Karelia, round 2: l'Unione Sovietica perde {len(karelia)} fanteria"
