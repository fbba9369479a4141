"""One story of the game: every event type met in 20 fuzzer games of A&A 1941, as every seat
and a spectator receive it (through the one read path), becomes a sentence in English and in
Italian with no raw event type, no JSON and no message missing from the Italian catalog."""

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
from pbem.ui.i18n import Catalog

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
RAW = re.compile(r"\b(aa|dice|game|seat|policy)\.[a-z_]+\b")


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
    seen: set[tuple[str, str]] = set()
    gettext, ngettext = Catalog.gettext, Catalog.ngettext

    def record(self: Catalog, language: str, text: str, **params: Any) -> str:
        seen.add((self.domain, text))
        return gettext(self, language, text, **params)

    def record_n(self: Catalog, language: str, singular: str, plural: str, num: int, **params: Any) -> str:
        seen.add((self.domain, singular))
        return ngettext(self, language, singular, plural, num, **params)

    monkeypatch.setattr(Catalog, "gettext", record)
    monkeypatch.setattr(Catalog, "ngettext", record_n)
    return seen


def test_every_event_of_20_fuzzer_games_is_a_translated_sentence(logs, used) -> None:
    ui = ui_for(RS)
    names = {s["id"]: s["name"] for s in RS.seats({})}
    types: set[str] = set()
    problems: list[str] = []
    for log in logs:
        for seat in [None, *names]:
            events = redact_all(RS, log + EXTRA, seat)
            types.update(e["type"] for e in events)
            for language in ("en", "it"):
                story = ui.story(RS, Audience(language, seat, names))
                for event, line in zip(events, story.lines(events), strict=True):
                    if RAW.search(line) or any(c in line for c in '{}[]"') or not line.strip():
                        problems.append(f"{language} {event['type']}: {line!r}")
                    if event["type"].startswith("aa.") and line == platform.fallback(event, story.core):
                        problems.append(f"{language} {event['type']}: no sentence of its own")
    assert not problems, problems[:20]
    assert {"aa.moved", "aa.purchased", "aa.placed", "aa.battle_round", "aa.casualties", "aa.battle_ended",
            "aa.territory_captured", "aa.income_collected", "dice.rolled", "order"} <= types
    catalogs = {"aa": ui.catalog, "ui": platform.CATALOG}
    untranslated = sorted(m for domain, m in used if not catalogs[domain].has("it", m))
    assert not untranslated, untranslated
    assert len(used) > 40  # the check above looked at the describer's real messages


def test_the_italian_story_reads_italian() -> None:
    ui = ui_for(RS)
    names = {s["id"]: s["name"] for s in RS.seats({})}
    moved = {"seq": 3, "seat": "ussr", "type": "aa.moved", "v": 1,
             "payload": {"units": [51, 52], "route": ["Karelia S.S.R.", "West Russia"]}}
    view = {"units": {"Karelia S.S.R.": [{"id": 51, "type": "infantry"}, {"id": 52, "type": "tank"}]}}
    story = ui.story(RS, Audience("it", "ussr", names), view)
    assert story.line(moved) == "Unione Sovietica: 1 fanteria, 1 carro armato Karelia S.S.R. \u2192 West Russia"
    assert ui.story(RS, Audience("en", "ussr", names), view).line(moved) == \
        "Soviet Union: 1 infantry, 1 tank Karelia S.S.R. \u2192 West Russia"
