"""The notifications pages: preferences, vacations, unsubscribe, signed links, organiser pages."""

from __future__ import annotations

import json
import re

import pytest
from sqlmodel import Session, select

from pbem.notify.outbox import enqueue_email
from pbem.store.models.outbox import (
    DAILY,
    DIGEST,
    FAILED,
    NONE,
    PENDING,
    GameNotifySettings,
    NotificationPreference,
    OutboxMessage,
    Vacation,
)
from pbem.web.db import get_engine
from tests.fixtures_web import login
from tests.notify.race_games import start_race


@pytest.fixture
def db(app):  # type: ignore[no-untyped-def]
    with Session(get_engine(app), expire_on_commit=False) as session:
        yield session


@pytest.fixture
def people(user_factory):  # type: ignore[no-untyped-def]
    return {n: user_factory(email=f"{n}@example.org", display_name=n.title())
            for n in ("olga", "rita", "bruno")}


def _token(app, salt: str, data: dict) -> str:  # type: ignore[no-untyped-def]
    from pbem.notify.messages import serializer

    with app.app_context():
        return serializer(salt).dumps(data)


def test_preferences_need_login(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/n/preferences")
    assert response.status_code == 302 and "/auth/login" in response.headers["Location"]


def test_preferences_are_saved(client, people, db) -> None:  # type: ignore[no-untyped-def]
    login(client, "rita@example.org")
    page = client.get("/n/preferences")
    assert page.status_code == 200 and b"24, 2" in page.data
    response = client.post("/n/preferences", data={"mode": DIGEST, "reminder_hours": "12, 1"})
    assert response.status_code == 302
    pref = db.get(NotificationPreference, people["rita"].id)
    assert pref.mode == DIGEST and json.loads(pref.reminder_hours) == [12, 1]


def test_bad_reminder_hours_are_a_form_error(client, people) -> None:  # type: ignore[no-untyped-def]
    login(client, "rita@example.org")
    response = client.post("/n/preferences", data={"mode": "each", "reminder_hours": "soon"})
    assert response.status_code == 400 and b"whole numbers of hours" in response.data


def test_vacation_is_stored_in_utc_from_the_users_days(client, people, db) -> None:  # type: ignore[no-untyped-def]
    login(client, "rita@example.org")  # Europe/Rome by default
    response = client.post("/n/vacations", data={"starts_on": "2026-07-01",
                                                  "ends_on": "2026-07-14"})
    assert response.status_code == 302
    (row,) = db.exec(select(Vacation)).all()
    assert row.starts_at.isoformat().startswith("2026-06-30T22:00")  # 00:00 CEST
    assert row.ends_at.isoformat().startswith("2026-07-14T22:00")
    bad = client.post("/n/vacations", data={"starts_on": "2026-07-14", "ends_on": "2026-07-01"})
    assert bad.status_code == 400


def test_one_click_unsubscribe_post_needs_no_csrf_token(csrf_app, user_factory) -> None:  # type: ignore[no-untyped-def]
    user = user_factory(email="anna@example.org")
    token = _token(csrf_app, "pbem-unsubscribe", {"u": user.id})
    client = csrf_app.test_client()
    confirm = client.get(f"/n/unsubscribe/{token}")
    assert confirm.status_code == 200 and b"anna@example.org" in confirm.data
    response = client.post(f"/n/unsubscribe/{token}", data="List-Unsubscribe=One-Click",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200
    with Session(get_engine(csrf_app)) as session:
        assert session.get(NotificationPreference, user.id).mode == NONE  # type: ignore[union-attr]


def test_forged_unsubscribe_token_is_refused(client, people) -> None:  # type: ignore[no-untyped-def]
    assert client.post("/n/unsubscribe/not-a-token").status_code == 404
    assert client.get("/n/unsubscribe/not-a-token").status_code == 404


def test_signed_game_link(app, client, people, db) -> None:  # type: ignore[no-untyped-def]
    game = start_race(db, people)
    token = _token(app, "pbem-open-game", {"u": people["rita"].id, "g": game.id})
    anonymous = client.get(f"/n/open/{token}")
    assert anonymous.status_code == 302 and "/auth/login" in anonymous.headers["Location"]
    login(client, "rita@example.org")
    opened = client.get(f"/n/open/{token}")
    assert opened.status_code == 302 and re.search(rf"/games?/{game.id}",
                                                   opened.headers["Location"])
    client.post("/auth/logout")
    login(client, "bruno@example.org")
    assert client.get(f"/n/open/{token}").status_code == 403


def test_only_the_organiser_sets_deadlines(client, people, db) -> None:  # type: ignore[no-untyped-def]
    game = start_race(db, people)
    login(client, "rita@example.org")
    assert client.get(f"/n/games/{game.id}/settings").status_code == 403
    assert client.get(f"/n/games/{game.id}/outbox").status_code == 403


def test_organiser_sets_a_daily_deadline_in_a_zone(client, people, db) -> None:  # type: ignore[no-untyped-def]
    game = start_race(db, people)
    login(client, "olga@example.org")
    form = {"deadline_mode": DAILY, "deadline_time": "21:00", "deadline_zone": "Europe/Rome",
            "policy": "act", "extend_hours": "24", "excused_misses": "2", "webhook_url": ""}
    response = client.post(f"/n/games/{game.id}/settings", data=form)
    assert response.status_code == 302
    settings = db.get(GameNotifySettings, game.id)
    assert (settings.deadline_mode, settings.deadline_time, settings.excused_misses) == (
        DAILY, "21:00", 2)
    db.expire_all()
    from pbem.store.models.games import Game

    deadline = db.get(Game, game.id).deadline_at
    assert deadline is not None and deadline.minute == 0 and deadline.hour in (19, 20)


@pytest.mark.parametrize("field,value", [("deadline_zone", "Mars/Olympus"),
                                         ("excused_misses", "7"),
                                         ("deadline_time", "25:00"),
                                         ("webhook_url", "http://insecure.example/hook")])
def test_bad_deadline_settings_are_form_errors(client, people, db, field, value) -> None:  # type: ignore[no-untyped-def]
    game = start_race(db, people)
    login(client, "olga@example.org")
    form = {"deadline_mode": DAILY, "deadline_time": "21:00", "deadline_zone": "Europe/Rome",
            "policy": "wait", "extend_hours": "24", "excused_misses": "1", "webhook_url": "",
            field: value}
    assert client.post(f"/n/games/{game.id}/settings", data=form).status_code == 400


def test_organiser_sees_failed_emails_and_retries(client, people, db) -> None:  # type: ignore[no-untyped-def]
    game = start_race(db, people)
    row = enqueue_email(db, to_address="rita@example.org", subject="s", text="t",
                        kind="your_turn", game_id=game.id)
    row.status, row.last_error = FAILED, "550 mailbox unavailable"
    db.commit()
    login(client, "olga@example.org")
    page = client.get(f"/n/games/{game.id}/outbox")
    assert page.status_code == 200 and b"550 mailbox unavailable" in page.data
    assert client.post(f"/n/games/{game.id}/outbox/{row.id}/retry").status_code == 302
    db.expire_all()
    assert db.get(OutboxMessage, row.id).status == PENDING
    assert client.post(f"/n/games/{game.id}/outbox/99999/retry").status_code == 404


def test_reliability_shows_on_the_player_page(client, people) -> None:  # type: ignore[no-untyped-def]
    login(client, "olga@example.org")
    page = client.get(f"/n/players/{people['rita'].id}")
    assert page.status_code == 200 and b"no turns owed yet" in page.data


def test_pages_speak_the_users_language(client, user_factory) -> None:  # type: ignore[no-untyped-def]
    user_factory(email="lucia@example.org", language="it")
    login(client, "lucia@example.org")
    page = client.get("/n/preferences").get_data(as_text=True)
    assert "Preferenze email" in page and "Riepilogo quotidiano" in page
    bad = client.post("/n/preferences", data={"mode": "each", "reminder_hours": "presto"})
    assert bad.status_code == 400
    assert "Indica fino a cinque numeri interi" in bad.get_data(as_text=True)
