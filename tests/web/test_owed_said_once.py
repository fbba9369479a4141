"""The decision owed is said once: never "Soviet Union: Soviet Union: purchase units (purchase
units)" (issue 10). For every game, in English and Italian: the game page's owed list and orders
heading, and the "your turn" email (text and HTML) name each owing seat and its phase once."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from sqlmodel import Session, select

from pbem.engine import load_ruleset
from pbem.engine.registry import available
from pbem.notify.messages import render_row
from pbem.store.models.outbox import OutboxMessage
from pbem.ui import ui_for
from pbem.web.db import get_engine
from tests.conformance.leaks import start
from tests.i18n_leaks import visible_text
from tests.web.test_play import as_user


def _sentences(key: str, language: str) -> list[tuple[str, str]]:
    """(seat name, decision sentence) of each decision owed at the start of ``key``, in ``language``."""
    rs = load_ruleset(key)
    ui = ui_for(rs)
    names = {s["id"]: s["name"] for s in rs.seats(rs.normalise_options({}))}
    game = rs.new_game({}, seed="said-once")
    return [(ui.text(names[o["seat"]], language), ui.owed_text(o, names, language)) for o in game.owed()]


def _doubled(text: str, seat: str, sentence: str) -> list[str]:
    found = []
    if f"{seat}: {sentence}" in text:  # "Germany: Germany: purchase units"; the board's label
        found.append(f"'{seat}' twice in a row")  # "Germany: Germany, 5 IPCs" (a territory) is right
    phase = sentence.split(": ", 1)[-1]
    if re.search(re.escape(sentence) + r"\s*\(" + re.escape(phase) + r"\)", text):
        found.append(f"'{phase}' repeated in brackets")
    return found


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("key", available())
def test_decision_owed_is_said_once_on_the_page_and_in_the_your_turn_email(
        app: Flask, user_factory: Any, key: str, language: str) -> None:
    rs = load_ruleset(key)
    seats = [s["id"] for s in rs.seats(rs.normalise_options({}))]
    users = {seat: user_factory(display_name=f"Club {n}", language=language) for n, seat in enumerate(seats)}
    app.config["DEFAULT_LANGUAGE"] = language
    game_id = start(app, users, key, {})
    client = as_user(app.test_client(), users[seats[-1]])
    page = visible_text(client.get(f"/games/{game_id}", headers={"Accept-Language": language})
                        .get_data(as_text=True))
    with app.app_context(), Session(get_engine(app)) as s:
        rows = s.exec(select(OutboxMessage).where(OutboxMessage.template == "your_turn")).all()
        assert rows, "no your-turn email"
        for row in rows:
            render_row(s, row)
        emails = [f"{r.text}\n{visible_text(r.html or '')}" for r in rows]
    owed = _sentences(key, language)
    assert owed
    for seat, sentence in owed:
        assert sentence in page, (sentence, page[:2000])
        assert not _doubled(page, seat, sentence), _doubled(page, seat, sentence)
        for email in emails:
            if sentence not in email:
                continue
            assert not _doubled(email, seat, sentence)
            before = email.split(sentence, 1)[0]  # no "Power:"/"Phase:" line saying it already
            assert seat not in before and sentence.split(": ", 1)[-1] not in before, email
