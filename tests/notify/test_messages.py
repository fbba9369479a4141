"""Rendering queued rows: language and time zone of the recipient, links, headers, log lines."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session

from pbem.notify.deadline_time import next_wall_clock
from pbem.notify.messages import render_row
from pbem.web.db import get_engine
from tests.notify.race_games import T0, play, rows, start_race


@pytest.fixture
def db(app):  # type: ignore[no-untyped-def]
    with Session(get_engine(app), expire_on_commit=False) as session:
        yield session


@pytest.fixture
def people(user_factory):  # type: ignore[no-untyped-def]
    return {
        "olga": user_factory(email="olga@example.org", display_name="Olga"),
        "rita": user_factory(email="rita@example.org", display_name="Rita",
                             language="it", timezone="Europe/Rome"),
        "bruno": user_factory(email="bruno@example.org", display_name="Bruno",
                              language="en", timezone="America/New_York"),
    }


def _render(app, db, row):  # type: ignore[no-untyped-def]
    with app.app_context():
        render_row(db, row)
    return row


def test_your_turn_email_has_what_happened_deadline_in_zone_and_links(app, db, people) -> None:  # type: ignore[no-untyped-def]
    game = start_race(db, people, hours=48)
    play(db, game, people["rita"], "red", {"type": "step", "n": 2}, T0 + timedelta(hours=1))
    play(db, game, people["rita"], "red", {"type": "end"}, T0 + timedelta(hours=2))
    row = _render(app, db, rows(db, "your_turn")[-1])
    assert row.to_address == "bruno@example.org"
    assert row.subject == "Your turn in Friday race"
    # deadline: 2026-01-14 20:00 UTC is 15:00 in New York (EST)
    assert "Wednesday 14 January 2026, 15:00 EST" in row.text
    assert "Red steps 2 squares." in row.text  # the race UI package's describer
    assert "http://pbem.test/n/open/" in row.text and "http://pbem.test/n/open/" in row.html
    headers = row.headers
    assert "List-Unsubscribe" in headers and "One-Click" in headers


def test_email_is_rendered_in_the_recipients_language(app, db, people) -> None:  # type: ignore[no-untyped-def]
    start_race(db, people, hours=48)
    row = _render(app, db, rows(db, "your_turn")[0])  # Rita, Italian, Rome
    assert row.to_address == "rita@example.org"
    assert row.subject == "Tocca a te in Friday race"
    assert "Scadenza" in row.text and "mercoledì 14 gennaio 2026, 19:00 CET" in row.text


def test_html_part_escapes_names(app, db, people, user_factory) -> None:  # type: ignore[no-untyped-def]
    people["rita"] = user_factory(email="x@example.org", display_name="<b>Rita</b>")
    start_race(db, people, hours=48)
    row = _render(app, db, rows(db, "your_turn")[0])
    assert "<b>Rita</b>" in row.text and "&lt;b&gt;Rita&lt;/b&gt;" in row.html
    assert "<b>Rita</b>" not in row.html


def test_daily_deadline_keeps_local_time_across_daylight_saving() -> None:
    before = next_wall_clock(datetime(2026, 3, 27, 12, 0, tzinfo=UTC), "21:00", "Europe/Rome")
    after = next_wall_clock(before, "21:00", "Europe/Rome")
    assert before == datetime(2026, 3, 27, 20, 0, tzinfo=UTC)  # CET
    assert after == datetime(2026, 3, 28, 20, 0, tzinfo=UTC)
    summer = next_wall_clock(after, "21:00", "Europe/Rome")
    assert summer == datetime(2026, 3, 29, 19, 0, tzinfo=UTC)  # CEST from 29 March
    assert next_wall_clock(summer, "21:00", "Europe/Rome") == datetime(2026, 3, 30, 19, 0,
                                                                         tzinfo=UTC)


def test_dice_lines_show_faces_and_hits() -> None:
    from pbem.ui import ui_for_family
    from pbem.ui.base import Audience

    event = {"seq": 9, "seat": "red", "type": "dice.rolled", "v": 1,
             "payload": {"sides": 6, "faces": [2, 6, 1], "dice": [
                 {"target": 2, "hit": True}, {"target": 2, "hit": False},
                 {"target": 2, "hit": True}]}}
    ui = ui_for_family("no-such-family")  # the platform's own sentence for a roll
    assert ui.story(None, Audience("en", None, {"red": "Red"})).line(event) == "Red rolled 2, 6, 1: 2 hits"
    assert ui.story(None, Audience("it", None, {"red": "Rosso"})).line(event) == \
        "Rosso ha tirato 2, 6, 1: 2 colpi"
