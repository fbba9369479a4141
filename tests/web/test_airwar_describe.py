"""The Airwar Pacific! describer (pbem/ui/airwar_pacific/describe.py): every ``awp.`` event as an English
and an Italian sentence, for each reader as the one read path redacts it (issue 14)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pbem.engine import load_ruleset
from pbem.games.airwar_pacific.bot import RandomBot
from pbem.ui import platform, ui_for
from pbem.ui.airwar_pacific.describe import CATALOG
from pbem.ui.base import Audience
from tests.i18n_catalogs import extracted, italian, missing_from_template, untranslated

RS = load_ruleset("airwar_pacific")
NAMES = {"axis": "Axis", "allies": "Allies"}


@pytest.fixture(scope="module")
def logs() -> list[Any]:
    games = []
    for seed in range(4):
        game = RS.new_game({"round_limit": 6}, seed=f"d{seed}")
        bot = RandomBot(RS, random.Random(seed))
        while game.result() is None:
            bot.act(game)
        games.append(game)
    return games


def test_ui_for_airwar_is_the_airwar_package() -> None:
    assert type(ui_for(RS)).__name__ == "AirwarUI"


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("seat", ["axis", "allies", None])
def test_AWP_HID_01_every_event_is_a_sentence_for_every_reader(logs: list[Any], language: str,
                                                                seat: str | None) -> None:
    ui = ui_for(RS)
    core = platform.CATALOG.bind(language)
    seen: set[str] = set()
    for game in logs:
        story = ui.story(RS, Audience(language, seat, NAMES), game.view(seat))
        events = [e for e in (RS.event_view(e, seat) for e in game.log()) if e is not None]
        story.learn(events)
        for e in events:
            if not e["type"].startswith("awp."):
                continue
            text = story.line(e)
            seen.add(e["type"])
            assert text and text != platform.fallback(e, core) and "awp." not in text and "{" not in text, (e, text)
            assert "%(" not in text, text
    assert len(seen) >= 18, sorted(seen)  # every kind of event the bot's games produce


def test_every_message_has_an_italian_translation() -> None:
    """Every message the Airwar Pacific! code marks, as ``pybabel extract`` finds it now (the deck
    problems' templates included), is translated in airwar_pacific.po and held by the .pot; and the
    .po holds nothing untranslated or fuzzy."""
    assert untranslated("airwar_pacific") == []
    assert missing_from_template("airwar_pacific") == []
    assert len(extracted("airwar_pacific")) > 200
    catalog = italian("airwar_pacific")
    assert not [m.id for m in catalog if m.id and not (m.string if isinstance(m.string, str) else all(m.string))]
    assert not [m.id for m in catalog if m.fuzzy and m.id]


def test_italian_sentences_are_italian(logs: list[Any]) -> None:
    story_it = ui_for(RS).story(RS, Audience("it", "axis", NAMES), logs[0].view("axis"))
    events = [e for e in (RS.event_view(e, "axis") for e in logs[0].log()) if e is not None]
    story_it.learn(events)
    lines = [story_it.line(e) for e in events if e["type"] == "awp.turn_started"]
    assert lines and all("inizia il turno" in line for line in lines)
    assert "Asse" in lines[0] or "Alleati" in lines[0]
    ended = next(e for e in events if e["type"] == "awp.game_ended")
    assert "vince" in story_it.line(ended) or "patta" in story_it.line(ended)
    assert CATALOG.gettext("it", "Carrier") == "Portaerei"


def test_AWP_HID_05_the_opponent_reads_no_card_of_a_hidden_mission(logs: list[Any]) -> None:
    for game in logs:
        for e in game.log():
            if e["type"] != "awp.mission_formed":
                continue
            defender = e["payload"]["defender"]
            shown = RS.event_view(e, defender)
            story = ui_for(RS).story(RS, Audience("en", defender, NAMES), {})
            text = story.line(shown)
            names = {c["name"] for c in RS.initial_position({})["card_list"]["cards"]}
            assert "mission of" in text and not [n for n in names if f" {n}" in text.split("against")[0]]
            return
    pytest.fail("no mission in the bot's games")
