"""Registering logs the new user in, and still tells nobody whether an address has an account.

Registering always makes a new account (address unconfirmed) and logs the browser in to it; the
answer is the same for a new and a taken address. The welcome email carries a signed link that
confirms the address; a taken address's owner gets a notice with a reset link instead, so the new
account can never claim the address. Login checks the password against every account holding the
address (confirmed first); reset and invitations pick the confirmed account.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, select

from pbem.store.models.accounts import User
from pbem.web.db import get_engine
from tests.fixtures_web import DEFAULT_PASSWORD, login, logout
from tests.web.test_auth import is_logged_in, outbox, users, without_tokens

OTHER_PASSWORD = "another long password 42"


def form(email: str, password: str = OTHER_PASSWORD, name: str = "Newcomer") -> dict[str, str]:
    return {"email": email, "display_name": name, "password": password, "confirm": password,
            "timezone": "Europe/Rome", "language": "en"}


def accounts(app: Flask, email: str) -> list[User]:
    with Session(get_engine(app)) as s:
        return list(s.exec(select(User).where(User.email == email).order_by(User.id)))


def link(text: str, path: str) -> str:
    match = re.search(rf"https?://[^\s]+({re.escape(path)}[^\s]+)", text)
    assert match, f"no {path} link in {text}"
    return match.group(1)


def test_registering_logs_the_new_user_in_and_the_welcome_link_confirms_the_address(
        app: Flask, client: FlaskClient) -> None:
    response = client.post("/auth/register", data=form("Anna@Example.com", name="Anna"))
    assert response.status_code == 302 and response.headers["Location"] == "/games"  # my games
    assert is_logged_in(client)
    page = client.get("/account/").get_data(as_text=True)
    assert "Your email address is not confirmed yet" in page
    [anna] = users(app)
    assert anna.email == "anna@example.com" and not anna.email_confirmed and anna.last_login_at
    [welcome] = outbox(app, "welcome")
    assert welcome.to_address == "anna@example.com" and welcome.user_id == anna.id
    confirm = link(welcome.text, "/account/confirm/")
    logout(client)  # the link works in any browser: it names the account
    assert client.get(confirm).status_code == 200  # a page with a button: opening it changes nothing
    assert not users(app)[0].email_confirmed
    assert client.post(confirm).status_code == 302
    assert users(app)[0].email_confirmed
    assert client.get("/account/confirm/not-a-token").status_code == 400


def test_registering_a_taken_address_answers_the_same_logs_in_and_warns_the_owner(
        app: Flask, user_factory) -> None:
    owner = user_factory(email="owner@example.com", display_name="Owner")
    fresh_client, taken_client = app.test_client(), app.test_client()
    fresh = fresh_client.post("/auth/register", data=form("fresh@example.com"))
    taken = taken_client.post("/auth/register", data=form("owner@example.com"))
    assert (fresh.status_code, fresh.headers["Location"]) == (taken.status_code, taken.headers["Location"])
    assert fresh.get_data() == taken.get_data()
    fresh_page = fresh_client.get(fresh.headers["Location"]).get_data().replace(b"fresh", b"X")
    taken_page = taken_client.get(taken.headers["Location"]).get_data().replace(b"owner", b"X")
    assert without_tokens(fresh_page) == without_tokens(taken_page)
    assert b"You are logged in" in fresh_page
    assert is_logged_in(fresh_client) and is_logged_in(taken_client)
    # the taken address: a second, unconfirmed account; the owner's account is untouched
    first, second = accounts(app, "owner@example.com")
    assert first.id == owner.id and first.email_confirmed and first.check_password(DEFAULT_PASSWORD)
    assert not second.email_confirmed and second.check_password(OTHER_PASSWORD)
    [notice] = outbox(app, "account_exists")
    assert notice.to_address == "owner@example.com" and notice.user_id == owner.id
    reset = link(notice.text, "/auth/reset/")
    assert taken_client.get(reset).status_code == 200  # a working reset link for the owner
    assert [m.user_id for m in outbox(app, "welcome")] == [accounts(app, "fresh@example.com")[0].id]


def test_login_opens_the_account_whose_password_matches_confirmed_first(app: Flask, user_factory) -> None:
    owner = user_factory(email="owner@example.com", display_name="Owner")
    app.test_client().post("/auth/register", data=form("owner@example.com"))
    [_owner, newcomer] = accounts(app, "owner@example.com")
    client = app.test_client()
    login(client, "owner@example.com", DEFAULT_PASSWORD)
    assert "Owner" in client.get("/account/").get_data(as_text=True)
    logout(client)
    login(client, "owner@example.com", OTHER_PASSWORD)
    page = client.get("/account/").get_data(as_text=True)
    assert "Newcomer" in page and "Your email address is not confirmed yet" in page
    logout(client)
    wrong = client.post("/auth/login", data={"email": "owner@example.com", "password": "nope nope nope"})
    unknown = client.post("/auth/login", data={"email": "nobody@example.com", "password": "nope nope nope"})
    assert wrong.status_code == unknown.status_code == 401
    assert without_tokens(wrong.get_data().replace(b"owner", b"X")) == \
        without_tokens(unknown.get_data().replace(b"nobody", b"X"))
    assert owner.id != newcomer.id


def test_password_reset_goes_to_the_confirmed_account_only(app: Flask, user_factory) -> None:
    owner = user_factory(email="owner@example.com", display_name="Owner")
    app.test_client().post("/auth/register", data=form("owner@example.com"))
    app.test_client().post("/auth/reset", data={"email": "owner@example.com"})
    [reset] = outbox(app, "password_reset")
    assert reset.user_id == owner.id


def test_password_reset_reaches_a_new_player_who_never_confirmed_and_confirms_the_address(
        app: Flask, client: FlaskClient) -> None:
    """No confirmed account holds the address: the reset goes to the newest unconfirmed one, and
    choosing a new password through the emailed link confirms the address."""
    app.test_client().post("/auth/register", data=form("forgetful@example.com", name="Forgetful"))
    client.post("/auth/reset", data={"email": "forgetful@example.com"})
    [reset] = outbox(app, "password_reset")
    [account] = accounts(app, "forgetful@example.com")
    assert reset.user_id == account.id and not account.email_confirmed
    new = "a brand new long password"
    assert client.post(link(reset.text, "/auth/reset/"), data={"password": new, "confirm": new}).status_code == 302
    [account] = accounts(app, "forgetful@example.com")
    assert account.email_confirmed
    login(client, "forgetful@example.com", new)
    assert is_logged_in(client)


def test_an_unconfirmed_account_never_takes_a_confirmed_address(app: Flask, client: FlaskClient) -> None:
    """Two registrations of a new address: the first to open its link owns it; the other link then
    answers 409 and that account stays unconfirmed."""
    first, second = app.test_client(), app.test_client()
    first.post("/auth/register", data=form("twice@example.com", name="First"))
    second.post("/auth/register", data=form("twice@example.com", password="a third long password", name="Second"))
    one, two = (link(m.text, "/account/confirm/") for m in outbox(app, "welcome"))
    assert client.post(two).status_code == 302
    assert client.get(one).status_code == 409 and client.post(one).status_code == 409
    a, b = accounts(app, "twice@example.com")
    assert (a.email_confirmed, b.email_confirmed) == (False, True)


def test_invitations_and_game_mail_pick_the_confirmed_account(app: Flask, user_factory) -> None:
    from pbem.notify.outbox import enqueue_template

    owner = user_factory(email="owner@example.com", display_name="Owner", language="it")
    app.test_client().post("/auth/register", data=form("owner@example.com"))
    [_owner, newcomer] = accounts(app, "owner@example.com")
    with Session(get_engine(app)) as s:
        # the newcomer's game mail would reach the owner, who never asked for it: not queued
        assert enqueue_template(s, to_address=newcomer.email, template="your_turn", context={},
                                kind="your_turn", user_id=newcomer.id) is None
        assert enqueue_template(s, to_address=owner.email, template="your_turn", context={},
                                kind="your_turn", user_id=owner.id) is not None


def test_registrations_are_rate_limited_per_address_whether_or_not_it_has_an_account(
        csrf_app: Flask, user_factory) -> None:
    user_factory(email="owner@example.com")
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    for address in ("owner@example.com", "nobody@example.com"):
        statuses = [csrf_app.test_client().post("/auth/register", data=form(address),
                                                environ_base={"REMOTE_ADDR": f"10.9.{n}.1"}).status_code
                    for n in range(6)]
        assert statuses == [302] * 5 + [429], (address, statuses)
