"""Sessions and links expire: the configured lifetimes are finite; the session cookie, the CSRF
token and every signed link (password reset, email change, "open the game", unsubscribe) are
refused after their max age or when tampered with; the published dice ledger is refused when
tampered with or revoked. The clock is moved with ``time_machine``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from sqlmodel import Session

from pbem.notify.messages import OPEN_MAX_AGE, UNSUBSCRIBE_MAX_AGE, open_token, unsubscribe_token
from pbem.notify.prefs import preference
from pbem.services import dice_audit
from pbem.store.models.outbox import NONE
from pbem.web.account import EMAIL_TOKEN_MAX_AGE
from pbem.web.db import get_engine
from pbem.web.dice import ledger_token
from tests.fixtures_web import DEFAULT_PASSWORD
from tests.web.test_security_routes import csrf_token_of, is_login_redirect, login_plain, world

T0 = datetime(2031, 3, 1, 12, 0, tzinfo=UTC)


def _at(seconds: float):
    return time_machine.travel(T0 + timedelta(seconds=seconds), tick=False)


def _forged(token: str) -> str:
    """The same token with its signature changed (and, separately, its payload)."""
    return token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")


def _payload_changed(token: str) -> str:
    head, _sep, rest = token.partition(".")
    swapped = head[:-2] + ("xx" if not head.endswith("xx") else "yy")
    return f"{swapped}.{rest}"


# -- configuration ---------------------------------------------------------------------------
def test_lifetimes_are_finite_and_cookies_are_guarded(app):
    cfg = app.config
    assert isinstance(cfg["PERMANENT_SESSION_LIFETIME"], timedelta)
    assert timedelta(0) < cfg["PERMANENT_SESSION_LIFETIME"] <= timedelta(days=31)
    assert isinstance(cfg["REMEMBER_COOKIE_DURATION"], timedelta)
    assert timedelta(0) < cfg["REMEMBER_COOKIE_DURATION"] <= timedelta(days=90)
    assert cfg["WTF_CSRF_TIME_LIMIT"] is not None and 0 < cfg["WTF_CSRF_TIME_LIMIT"] <= 24 * 3600
    assert 0 < cfg["PASSWORD_RESET_MAX_AGE"] <= 24 * 3600
    assert 0 < EMAIL_TOKEN_MAX_AGE <= 7 * 24 * 3600
    assert 0 < OPEN_MAX_AGE <= 90 * 24 * 3600
    assert 0 < UNSUBSCRIBE_MAX_AGE <= 2 * 365 * 24 * 3600
    assert cfg["SESSION_COOKIE_HTTPONLY"] and cfg["REMEMBER_COOKIE_HTTPONLY"]
    assert cfg["SESSION_COOKIE_SAMESITE"] in ("Lax", "Strict")
    assert cfg["REMEMBER_COOKIE_SAMESITE"] in ("Lax", "Strict")


def test_an_https_site_marks_every_cookie_secure(request, tmp_path):
    from tests.fixtures_web import make_test_app

    app = make_test_app(request, tmp_path, BASE_URL="https://pbem.example.org")
    try:
        assert app.config["SESSION_COOKIE_SECURE"] and app.config["REMEMBER_COOKIE_SECURE"]
    finally:
        get_engine(app).dispose()


def test_the_remember_cookie_is_sent_with_its_duration(app, user_factory):
    user = user_factory()
    client = app.test_client()
    with _at(0):
        response = client.post("/auth/login", data={"email": user.email, "remember": "y",
                                                    "password": DEFAULT_PASSWORD})
    cookie = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("remember_token=")]
    assert cookie and "HttpOnly" in cookie[0]
    expires = (T0 + app.config["REMEMBER_COOKIE_DURATION"]).strftime("%d %b %Y")
    assert expires in cookie[0]


# -- the session -----------------------------------------------------------------------------
def test_the_session_cookie_is_refused_after_its_lifetime(app, user_factory):
    user = user_factory()
    lifetime = app.config["PERMANENT_SESSION_LIFETIME"].total_seconds()
    client = app.test_client()
    with _at(0):
        login_plain(client, user.email)
        session_cookie = client.get_cookie("session").value
    with _at(3600):
        assert client.get("/account/").status_code == 200
    with _at(lifetime + 2 * 3600):
        late = app.test_client()
        late.set_cookie("session", session_cookie)
        assert is_login_redirect(late.get("/account/"))
        assert late.get("/api/v1/games").status_code == 401


def test_a_tampered_session_cookie_is_refused(app, user_factory):
    user = user_factory()
    client = login_plain(app.test_client(), user.email)
    value = client.get_cookie("session").value
    forged = app.test_client()
    forged.set_cookie("session", _forged(value))
    assert is_login_redirect(forged.get("/account/"))


def test_a_password_change_ends_other_sessions(app, user_factory):
    user = user_factory()
    other_device = login_plain(app.test_client(), user.email)
    client = login_plain(app.test_client(), user.email)
    response = client.post("/account/password", data={
        "pw-current_password": DEFAULT_PASSWORD, "pw-password": "another long password",
        "pw-confirm": "another long password"})
    assert response.status_code == 302
    assert client.get("/account/").status_code == 200
    assert is_login_redirect(other_device.get("/account/"))


def test_a_form_token_is_refused_after_the_csrf_time_limit(csrf_app, csrf_client, user_factory):
    user = user_factory()
    limit = csrf_app.config["WTF_CSRF_TIME_LIMIT"]
    with _at(0):
        token = csrf_token_of(csrf_client.get("/auth/login").get_data(as_text=True))
        csrf_client.post("/auth/login", data={"email": user.email, "password": DEFAULT_PASSWORD,
                                              "csrf_token": token})
        token = csrf_token_of(csrf_client.get("/account/").get_data(as_text=True))
    with _at(limit - 60):
        ok = csrf_client.post("/account/language", data={"lang": "it", "csrf_token": token})
        assert ok.status_code == 302
    with _at(limit + 60):
        late = csrf_client.post("/account/language", data={"lang": "en", "csrf_token": token})
        assert late.status_code == 400


# -- signed links ----------------------------------------------------------------------------
def test_password_reset_links_expire_are_single_use_and_cannot_be_forged(app, client,
                                                                         user_factory):
    w = world(app, user_factory)  # w.reset_token: signed now, outside the travel
    with app.test_request_context():
        from pbem.store.models.accounts import User
        from pbem.web.auth import make_reset_token
        with Session(get_engine(app)) as s, _at(0):
            token = make_reset_token(s.get(User, w.red_id))
    max_age = app.config["PASSWORD_RESET_MAX_AGE"]
    with _at(max_age - 60):
        assert client.get(f"/auth/reset/{token}").status_code == 200
        for bad in (_forged(token), _payload_changed(token), w.unsubscribe_token, "x"):
            assert client.get(f"/auth/reset/{bad}").status_code == 400, bad
    with _at(max_age + 60):
        assert client.get(f"/auth/reset/{token}").status_code == 400
        refused = client.post(f"/auth/reset/{token}", data={
            "password": "a brand new password", "confirm": "a brand new password"})
        assert refused.status_code == 400
    login_plain(app.test_client(), w.red_email)  # the password did not change
    used = client.post(f"/auth/reset/{w.reset_token}", data={
        "password": "a brand new password", "confirm": "a brand new password"})
    assert used.status_code == 302
    assert client.get(f"/auth/reset/{w.reset_token}").status_code == 400  # used up


def test_email_change_links_expire_and_cannot_be_forged(app, client, user_factory):
    user = user_factory()
    with app.test_request_context(), _at(0):
        from pbem.web.account import _email_serializer
        token = _email_serializer().dumps({"uid": user.id, "email": "new@example.com",
                                           "old": user.email})
    for bad in (_forged(token), _payload_changed(token)):
        with _at(60):
            assert client.get(f"/account/email/{bad}").status_code == 400
    with _at(EMAIL_TOKEN_MAX_AGE + 60):
        assert client.get(f"/account/email/{token}").status_code == 400
    login_plain(app.test_client(), user.email)  # the address did not change
    with _at(EMAIL_TOKEN_MAX_AGE - 60):
        assert client.get(f"/account/email/{token}").status_code == 200  # the confirm button
        assert client.post(f"/account/email/{token}").status_code == 302
    login_plain(app.test_client(), "new@example.com")


def test_open_game_links_expire_and_belong_to_their_addressee(app, user_factory):
    w = world(app, user_factory)
    with app.test_request_context(), _at(0):
        token = open_token(w.red_id, w.game_id)
        other = unsubscribe_token(w.red_id)
    with _at(OPEN_MAX_AGE - 60):
        red = login_plain(app.test_client(), w.red_email)
        blue = login_plain(app.test_client(), w.blue_email)
        opened = red.get(f"/n/open/{token}")
        assert opened.status_code == 302 and opened.headers["Location"] == f"/games/{w.game_id}"
        assert blue.get(f"/n/open/{token}").status_code == 403
        visitor = app.test_client().get(f"/n/open/{token}")
        assert is_login_redirect(visitor)
        for bad in (_forged(token), _payload_changed(token), other):
            assert red.get(f"/n/open/{bad}").status_code == 404, bad
    with _at(OPEN_MAX_AGE + 60):
        red = login_plain(app.test_client(), w.red_email)
        assert red.get(f"/n/open/{token}").status_code == 410


def test_unsubscribe_links_expire_and_cannot_be_forged(app, client, user_factory):
    w = world(app, user_factory)
    with app.test_request_context(), _at(0):
        token = unsubscribe_token(w.red_id)
        other = open_token(w.red_id, w.game_id)
    with _at(UNSUBSCRIBE_MAX_AGE + 60):
        assert client.get(f"/n/unsubscribe/{token}").status_code == 410
        assert client.post(f"/n/unsubscribe/{token}").status_code == 410
    with _at(60):
        for bad in (_forged(token), _payload_changed(token), other):
            assert client.get(f"/n/unsubscribe/{bad}").status_code == 404, bad
            assert client.post(f"/n/unsubscribe/{bad}").status_code == 404, bad
    with Session(get_engine(app)) as s:
        assert preference(s, w.red_id).mode != NONE  # nothing refused changed anything
    with _at(UNSUBSCRIBE_MAX_AGE - 60):
        assert client.post(f"/n/unsubscribe/{token}").status_code == 200
    with Session(get_engine(app)) as s:
        assert preference(s, w.red_id).mode == NONE


@pytest.mark.parametrize("suffix", ["", "/dice.csv", "/dice.json", "/verify"])
def test_dice_ledger_links_are_refused_when_forged_or_revoked(app, client, user_factory, suffix):
    w = world(app, user_factory)
    other = world(app, user_factory)  # another private game of the same site
    assert client.get(f"/dice/ledger/{w.ledger_token}{suffix}").status_code == 200
    with app.test_request_context():
        with Session(get_engine(app)) as s:
            nonce = s.get(dice_audit.DiceLedgerLink, w.link_id).nonce
        pointed_elsewhere = ledger_token(other.game_id, nonce)
        unsigned = w.ledger_token.split(".")[0] + "." + _forged(ledger_token(other.game_id, "x"))
    for bad in (_forged(w.ledger_token), _payload_changed(w.ledger_token), pointed_elsewhere,
                unsigned, w.open_token):
        assert client.get(f"/dice/ledger/{bad}{suffix}").status_code == 404, bad
    with Session(get_engine(app)) as s:
        dice_audit.revoke_ledger(s, game_id=w.game_id, user_id=w.red_id, link_id=w.link_id)
    assert client.get(f"/dice/ledger/{w.ledger_token}{suffix}").status_code == 404
