"""Password reset by an emailed signed link: works once, expires after an hour, never enumerates."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import time_machine
from flask import Flask
from flask.testing import FlaskClient

from tests.fixtures_web import DEFAULT_PASSWORD
from tests.web.test_auth import is_logged_in, outbox, without_tokens

NEW_PASSWORD = "a brand new passphrase"
START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def reset_link(app: Flask) -> str:
    [mail] = outbox(app, "password_reset")
    match = re.search(r"http://pbem\.test(/auth/reset/\S+)", mail.text)
    assert match, mail.text
    return match.group(1)


def set_password(client: FlaskClient, path: str, password: str = NEW_PASSWORD):
    return client.post(path, data={"password": password, "confirm": password})


def can_log_in(client: FlaskClient, email: str, password: str) -> bool:
    response = client.post("/auth/login", data={"email": email, "password": password})
    return response.status_code == 302


def test_reset_request_says_the_same_for_known_and_unknown_addresses(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user = user_factory(email="known@example.com", language="it")
    known = client.post("/auth/reset", data={"email": "known@example.com"}, follow_redirects=True)
    unknown = client.post("/auth/reset", data={"email": "ghost@example.com"},
                          follow_redirects=True)
    assert known.status_code == unknown.status_code == 200
    assert without_tokens(known.data) == without_tokens(unknown.data)
    assert b"If that address has an account" in known.data
    [mail] = outbox(app)
    assert mail.kind == "password_reset"
    assert mail.to_address == "known@example.com" and mail.user_id == user.id
    assert "nuova password" in mail.subject  # written in the owner's language


def test_reset_link_sets_a_new_password_and_works_only_once(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user_factory(email="p@example.com")
    client.post("/auth/reset", data={"email": "p@example.com"})
    link = reset_link(app)
    assert client.get(link).status_code == 200
    response = set_password(client, link)
    assert response.status_code == 302 and response.headers["Location"] == "/auth/login"
    assert not can_log_in(client, "p@example.com", DEFAULT_PASSWORD)
    assert can_log_in(client, "p@example.com", NEW_PASSWORD)
    again = client.get(link)
    assert again.status_code == 400
    assert b"invalid, expired or already used" in again.data
    assert set_password(client, link, "yet another passphrase").status_code == 400
    assert can_log_in(client, "p@example.com", NEW_PASSWORD)


def test_reset_link_expires_after_an_hour(app: Flask, client: FlaskClient, user_factory) -> None:
    user_factory(email="p@example.com")
    with time_machine.travel(START, tick=False) as clock:
        client.post("/auth/reset", data={"email": "p@example.com"})
        link = reset_link(app)
        clock.shift(timedelta(minutes=59))
        assert client.get(link).status_code == 200
        clock.shift(timedelta(minutes=2))
        assert client.get(link).status_code == 400
        assert set_password(client, link).status_code == 400
    assert can_log_in(client, "p@example.com", DEFAULT_PASSWORD)


def test_tampered_reset_link_is_refused(app: Flask, client: FlaskClient, user_factory) -> None:
    user_factory(email="p@example.com")
    client.post("/auth/reset", data={"email": "p@example.com"})
    link = reset_link(app)
    assert client.get(link[:-2] + ("AA" if not link.endswith("AA") else "BB")).status_code == 400


def test_reset_link_stops_working_when_the_password_changes_otherwise(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user_factory(email="p@example.com")
    client.post("/auth/reset", data={"email": "p@example.com"})
    link = reset_link(app)
    client.post("/auth/login", data={"email": "p@example.com", "password": DEFAULT_PASSWORD})
    response = client.post("/account/password", data={
        "pw-current_password": DEFAULT_PASSWORD, "pw-password": NEW_PASSWORD, "pw-confirm": NEW_PASSWORD})
    assert response.status_code == 302
    assert client.get(link).status_code == 400


def test_reset_logs_out_other_sessions(app: Flask, user_factory) -> None:
    user_factory(email="p@example.com")
    laptop, phone = app.test_client(), app.test_client()
    assert can_log_in(laptop, "p@example.com", DEFAULT_PASSWORD)
    phone.post("/auth/reset", data={"email": "p@example.com"})
    set_password(phone, reset_link(app))
    assert not is_logged_in(laptop)


def test_reset_requests_are_rate_limited(csrf_app: Flask, user_factory) -> None:
    user_factory(email="p@example.com")
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    client = csrf_app.test_client()
    statuses = [client.post("/auth/reset", data={"email": "p@example.com"}).status_code
                for _ in range(4)]
    assert statuses == [302, 302, 302, 429]
    assert len(outbox(csrf_app, "password_reset")) == 3
    page = client.post("/auth/reset", data={"email": "p@example.com"})
    assert page.status_code == 429
    assert b"Too many attempts" in page.data
