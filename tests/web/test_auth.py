"""Register, log in, log out, no account enumeration, open redirects, CSRF, rate limits."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, select

from pbem.notify.outbox import OutboxMessage
from pbem.store.models.accounts import User
from pbem.web.auth import safe_next
from pbem.web.db import get_engine
from tests.fixtures_web import DEFAULT_PASSWORD, login, logout, register


def outbox(app: Flask, kind: str | None = None) -> list[OutboxMessage]:
    with Session(get_engine(app)) as session:
        query = select(OutboxMessage).order_by(OutboxMessage.id)
        if kind:
            query = query.where(OutboxMessage.kind == kind)
        return list(session.exec(query).all())


def users(app: Flask) -> list[User]:
    with Session(get_engine(app)) as session:
        return list(session.exec(select(User)).all())


def is_logged_in(client: FlaskClient) -> bool:
    return client.get("/account/").status_code == 200


def without_tokens(page: bytes) -> bytes:
    """A page with its CSRF token values blanked (they carry a timestamp)."""
    return re.sub(rb'name="csrf_token"( type="hidden")? value="[^"]*"', b"TOKEN", page)


def csrf_token_from(html: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, "no CSRF token in the page"
    return match.group(1)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("password", "short", b"Use at least 10 characters"),
        ("email", "not-an-address", b"Enter a valid email address"),
        ("timezone", "Mars/Olympus", b"Choose a time zone from the list"),
        ("confirm", "something else entirely", b"The two passwords are not the same"),
    ],
)
def test_register_rejects_bad_input_with_a_clear_message(
    app: Flask, client: FlaskClient, field: str, value: str, message: bytes
) -> None:
    data = {"email": "a@example.com", "display_name": "A", "password": DEFAULT_PASSWORD,
            "confirm": DEFAULT_PASSWORD, "timezone": "Europe/Rome", "language": "en"}
    data[field] = value
    if field == "password":
        data["confirm"] = value
    response = client.post("/auth/register", data=data)
    assert response.status_code == 400
    assert message in response.data
    assert users(app) == []


def test_login_and_logout(client: FlaskClient, user_factory) -> None:
    user_factory(email="p@example.com")
    assert not is_logged_in(client)
    response = client.post("/auth/login", data={"email": "P@example.com ",
                                                 "password": DEFAULT_PASSWORD})
    assert response.status_code == 302
    assert is_logged_in(client)
    response = logout(client)
    assert b"You are logged out" in response.data
    assert not is_logged_in(client)


def test_a_new_member_can_log_in_after_registering(client: FlaskClient) -> None:
    register(client, "new@example.com", log_in=False)
    response = client.post("/auth/login", data={"email": "new@example.com",
                                                 "password": DEFAULT_PASSWORD})
    assert response.status_code == 302
    assert is_logged_in(client)


def test_wrong_password_and_unknown_email_look_the_same(
    client: FlaskClient, user_factory
) -> None:
    user_factory(email="known@example.com")
    wrong = client.post("/auth/login", data={"email": "known@example.com", "password": "nope"})
    unknown = client.post("/auth/login", data={"email": "ghost@example.com", "password": "nope"})
    assert wrong.status_code == unknown.status_code == 401
    assert b"Wrong email address or password" in wrong.data
    assert without_tokens(wrong.data.replace(b"known", b"X")) == without_tokens(
        unknown.data.replace(b"ghost", b"X"))
    assert not is_logged_in(client)


def test_inactive_account_cannot_log_in(client: FlaskClient, user_factory) -> None:
    user_factory(email="gone@example.com", is_active=False)
    response = login(client, "gone@example.com")
    assert response.status_code == 401
    assert not is_logged_in(client)


def test_login_follows_a_local_next_and_refuses_an_external_one(
    client: FlaskClient, user_factory
) -> None:
    user_factory(email="p@example.com")
    response = client.post("/auth/login", data={
        "email": "p@example.com", "password": DEFAULT_PASSWORD, "next": "/account/?tab=1"})
    assert response.status_code == 302 and response.headers["Location"] == "/account/?tab=1"
    logout(client)
    response = client.post("/auth/login", data={
        "email": "p@example.com", "password": DEFAULT_PASSWORD, "next": "//evil.example/x"})
    assert response.status_code == 302
    assert "evil" not in response.headers["Location"]


@pytest.mark.parametrize("target", [
    "https://evil.example/", "//evil.example", "/\\evil.example", "evil.example", "/x\r\nLocation:",
    "javascript:alert(1)", "", None,
])
def test_safe_next_refuses_anything_but_a_local_path(target: str | None) -> None:
    assert safe_next(target) is None


def test_safe_next_keeps_a_local_path() -> None:
    assert safe_next("/games/42?tab=log") == "/games/42?tab=log"


def test_login_page_carries_a_safe_next_into_the_form(client: FlaskClient) -> None:
    assert b'name="next" type="hidden" value="/account/"' in client.get(
        "/auth/login?next=/account/").data
    assert b'name="next" type="hidden" value=""' in client.get(
        "/auth/login?next=https://evil.example/").data


def test_protected_page_sends_anonymous_visitors_to_login(client: FlaskClient) -> None:
    response = client.get("/account/")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/auth/login?next=")


def test_logout_needs_post(client: FlaskClient, user_factory) -> None:
    user_factory(email="p@example.com")
    client.post("/auth/login", data={"email": "p@example.com", "password": DEFAULT_PASSWORD})
    assert client.get("/auth/logout").status_code == 405
    assert is_logged_in(client)


@pytest.mark.parametrize("path", ["/auth/login", "/auth/register"])
def test_forms_without_csrf_token_are_refused(csrf_client: FlaskClient, path: str) -> None:
    response = csrf_client.post(path, data={
        "email": "p@example.com", "password": DEFAULT_PASSWORD, "confirm": DEFAULT_PASSWORD,
        "display_name": "P", "timezone": "Europe/Rome", "language": "en"})
    assert response.status_code == 400
    assert b"The form has expired or was not sent from this site" in response.data


def test_logout_without_csrf_token_is_refused(csrf_app: Flask, csrf_client: FlaskClient,
                                              user_factory) -> None:
    user_factory(email="p@example.com")
    token = csrf_token_from(csrf_client.get("/auth/login").get_data(as_text=True))
    response = csrf_client.post("/auth/login", data={
        "email": "p@example.com", "password": DEFAULT_PASSWORD, "csrf_token": token})
    assert response.status_code == 302
    assert csrf_client.post("/auth/logout").status_code == 400
    assert csrf_client.get("/account/").status_code == 200
    token = csrf_token_from(csrf_client.get("/account/").get_data(as_text=True))
    assert csrf_client.post("/auth/logout", data={"csrf_token": token}).status_code == 302
    assert csrf_client.get("/account/").status_code == 302


def test_login_attempts_are_rate_limited_per_account(csrf_app: Flask, user_factory) -> None:
    user_factory(email="target@example.com")
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    statuses = []
    for number in range(7):
        client = csrf_app.test_client()  # the same account, but always a "new" browser
        response = client.post("/auth/login", data={"email": "target@example.com",
                                                    "password": f"guess {number}"},
                               environ_base={"REMOTE_ADDR": f"10.0.0.{number}"})
        statuses.append(response.status_code)
    assert statuses[:5] == [401] * 5
    assert statuses[5:] == [429, 429]
    assert b"Too many attempts" in response.data


def test_login_attempts_are_rate_limited_per_address(csrf_app: Flask) -> None:
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    client = csrf_app.test_client()
    statuses = [
        client.post("/auth/login", data={"email": f"u{n}@example.com", "password": "x"}).status_code
        for n in range(11)
    ]
    assert statuses[:10] == [401] * 10
    assert statuses[10] == 429


def test_successful_logins_do_not_use_up_the_account_limit(csrf_app: Flask, user_factory) -> None:
    user_factory(email="p@example.com")
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    for number in range(7):
        client = csrf_app.test_client()
        response = client.post("/auth/login", data={"email": "p@example.com",
                                                    "password": DEFAULT_PASSWORD},
                               environ_base={"REMOTE_ADDR": f"10.0.1.{number}"})
        assert response.status_code == 302
