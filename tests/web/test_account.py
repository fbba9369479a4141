"""The profile page: name, time zone, language, email change by confirmation link, password."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from pbem.store.models.accounts import User
from pbem.web.db import get_engine
from tests.fixtures_web import DEFAULT_PASSWORD
from tests.web.test_auth import is_logged_in, outbox

NEW_PASSWORD = "another long passphrase"


def reload(app: Flask, user: User) -> User:
    with Session(get_engine(app)) as session:
        fresh = session.get(User, user.id)
        assert fresh is not None
        return fresh


def logged_in(client: FlaskClient, user_factory, **fields) -> User:
    user = user_factory(**fields)
    response = client.post("/auth/login", data={"email": user.email, "password": DEFAULT_PASSWORD})
    assert response.status_code == 302
    return user


def profile_data(user: User, **changes: str) -> dict[str, str]:
    data = {"display_name": user.display_name, "email": user.email, "timezone": user.timezone,
            "language": user.language, "current_password": ""}
    data.update(changes)
    return data


def test_profile_page_shows_the_users_details(client: FlaskClient, user_factory) -> None:
    logged_in(client, user_factory, email="p@example.com", display_name="Giulia",
              timezone="America/New_York")
    page = client.get("/account/").get_data(as_text=True)
    assert 'value="Giulia"' in page
    assert 'value="p@example.com"' in page
    assert '<option selected value="America/New_York">' in page


def test_profile_update_saves_name_time_zone_and_language(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user = logged_in(client, user_factory)
    response = client.post("/account/", data=profile_data(
        user, display_name="  Marco  ", timezone="Asia/Tokyo", language="it"))
    assert response.status_code == 302
    saved = reload(app, user)
    assert (saved.display_name, saved.timezone, saved.language) == ("Marco", "Asia/Tokyo", "it")
    assert "Il tuo profilo" in client.get("/account/").get_data(as_text=True)


def test_profile_update_rejects_an_unknown_time_zone(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user = logged_in(client, user_factory, timezone="Europe/Rome")
    response = client.post("/account/", data=profile_data(user, timezone="Europe/Atlantis"))
    assert response.status_code == 400
    assert b"Choose a time zone from the list" in response.data
    assert reload(app, user).timezone == "Europe/Rome"


def test_email_change_needs_the_current_password(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user = logged_in(client, user_factory, email="old@example.com")
    response = client.post("/account/", data=profile_data(user, email="new@example.com"))
    assert response.status_code == 400
    assert b"Enter your current password to change the email address" in response.data
    assert reload(app, user).email == "old@example.com"
    assert outbox(app) == []


def test_email_change_takes_effect_when_the_link_is_opened(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user = logged_in(client, user_factory, email="old@example.com")
    response = client.post("/account/", data=profile_data(
        user, email="New@Example.com", current_password=DEFAULT_PASSWORD))
    assert response.status_code == 302
    assert reload(app, user).email == "old@example.com"
    [mail] = outbox(app, "email_change")
    assert mail.to_address == "new@example.com"
    link = re.search(r"http://pbem\.test(/account/email/\S+)", mail.text).group(1)
    assert client.get(link).status_code == 200  # opening the link only shows the button
    assert reload(app, user).email == "old@example.com"
    assert client.post(link).status_code == 302
    assert reload(app, user).email == "new@example.com"
    [notice] = outbox(app, "email_changed")
    assert notice.to_address == "old@example.com"


def test_email_change_to_a_taken_address_warns_its_owner_and_changes_nothing(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user_factory(email="taken@example.com")
    user = logged_in(client, user_factory, email="mine@example.com")
    response = client.post("/account/", data=profile_data(
        user, email="taken@example.com", current_password=DEFAULT_PASSWORD), follow_redirects=True)
    assert b"We sent a confirmation link to taken@example.com" in response.data
    assert [m.kind for m in outbox(app)] == ["email_taken"]
    assert reload(app, user).email == "mine@example.com"


def test_change_password_checks_the_current_one(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user = logged_in(client, user_factory)
    response = client.post("/account/password", data={
        "pw-current_password": "not my password", "pw-password": NEW_PASSWORD, "pw-confirm": NEW_PASSWORD})
    assert response.status_code == 400
    assert b"The current password is not right" in response.data
    assert reload(app, user).check_password(DEFAULT_PASSWORD)


def test_change_password_keeps_this_session_and_ends_the_others(
    app: Flask, user_factory
) -> None:
    laptop, phone = app.test_client(), app.test_client()
    user = logged_in(laptop, user_factory)
    phone.post("/auth/login", data={"email": user.email, "password": DEFAULT_PASSWORD})
    response = laptop.post("/account/password", data={
        "pw-current_password": DEFAULT_PASSWORD, "pw-password": NEW_PASSWORD, "pw-confirm": NEW_PASSWORD})
    assert response.status_code == 302
    assert reload(app, user).check_password(NEW_PASSWORD)
    assert is_logged_in(laptop)
    assert not is_logged_in(phone)


def test_language_switch_sets_a_cookie_for_visitors(client: FlaskClient) -> None:
    response = client.post("/account/language", data={"lang": "it", "next": "/auth/login"})
    assert response.status_code == 302 and response.headers["Location"] == "/auth/login"
    assert "pbem_lang=it" in response.headers["Set-Cookie"]
    assert "Accedi" in client.get("/auth/login").get_data(as_text=True)


def test_language_switch_saves_the_language_of_a_logged_in_user(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user = logged_in(client, user_factory, language="en")
    client.post("/account/language", data={"lang": "it", "next": "https://evil.example/"})
    assert reload(app, user).language == "it"


def test_language_switch_refuses_an_unknown_language(client: FlaskClient) -> None:
    response = client.post("/account/language", data={"lang": "xx"})
    assert response.status_code == 400
    assert b"Choose one of the offered languages" in response.data


def test_an_older_email_change_link_is_void_once_the_address_changed(
    app: Flask, client: FlaskClient, user_factory
) -> None:
    user = logged_in(client, user_factory, email="old@example.com")
    for new in ("first@example.com", "second@example.com"):
        client.post("/account/", data=profile_data(
            user, email=new, current_password=DEFAULT_PASSWORD))
    first, second = (re.search(r"http://pbem\.test(/account/email/\S+)", m.text).group(1)
                     for m in outbox(app, "email_change"))
    assert client.post(second).status_code == 302
    assert client.get(first).status_code == 400
    assert client.post(first).status_code == 400
    assert reload(app, user).email == "second@example.com"


def test_profile_and_language_forms_need_a_csrf_token(csrf_app: Flask, user_factory) -> None:
    user = user_factory(language="en")
    client = csrf_app.test_client()
    page = client.get("/auth/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    client.post("/auth/login", data={"email": user.email, "password": DEFAULT_PASSWORD,
                                     "csrf_token": token})
    assert client.post("/account/", data=profile_data(user, display_name="X")).status_code == 400
    assert client.post("/account/language", data={"lang": "it"}).status_code == 400
    assert client.post("/account/password", data={
        "pw-current_password": DEFAULT_PASSWORD, "pw-password": NEW_PASSWORD,
        "pw-confirm": NEW_PASSWORD}).status_code == 400
    saved = reload(csrf_app, user)
    assert (saved.display_name, saved.language) == (user.display_name, "en")
    assert saved.check_password(DEFAULT_PASSWORD)


class _Markup(HTMLParser):
    """Collects element ids, label targets and the form controls of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.label_for: set[str] = set()
        self.controls: list[dict[str, str | None]] = []
        self.landmarks: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.append(str(attributes["id"]))
        if tag == "label" and attributes.get("for"):
            self.label_for.add(str(attributes["for"]))
        if tag in ("input", "select", "textarea") and attributes.get("type") not in (
            "hidden", "submit", "checkbox"
        ):
            self.controls.append(attributes)
        if tag in ("main", "nav", "header", "footer"):
            self.landmarks.append(tag)


@pytest.mark.parametrize("path", ["/auth/login", "/auth/register", "/auth/reset", "/account/"])
def test_account_pages_have_unique_ids_labelled_fields_and_landmarks(
    client: FlaskClient, user_factory, path: str
) -> None:
    if path == "/account/":
        logged_in(client, user_factory)
    markup = _Markup()
    markup.feed(client.get(path).get_data(as_text=True))
    assert len(markup.ids) == len(set(markup.ids))
    assert markup.controls
    assert all(control.get("id") in markup.label_for for control in markup.controls)
    assert {"main", "nav", "header", "footer"} <= set(markup.landmarks)
