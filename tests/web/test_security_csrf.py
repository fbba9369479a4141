"""CSRF on every form: every route that accepts POST/PUT/PATCH/DELETE refuses a logged-in
member's request without a valid CSRF token (400, the "form has expired" message, or the API's
``CSRFError``) and stores nothing. The routes come from ``app.url_map``; the exempt ones are named
in ``CSRF_EXEMPT`` with the reason.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from pbem.store.models.outbox import NONE
from pbem.web.db import get_engine
from tests.web.test_security_routes import (
    API_PREFIX,
    UNSAFE,
    login_with_csrf,
    row_counts,
    sample_url,
    walk,
    world,
)

CSRF_MESSAGE = "The form has expired or was not sent from this site"

#: Routes that take unsafe methods without a CSRF token, and why.
CSRF_EXEMPT = {
    ("notifications.unsubscribe", "POST"):
        "RFC 8058 one-click unsubscribe: mail clients POST to the List-Unsubscribe URL without "
        "any page; the signed, expiring token in the URL is the authority",
}
#: Under /api/v1 a bearer token needs no CSRF token (a browser never sends Authorization across
#: sites); a browser session does, in the X-CSRFToken header. Both are checked below.
API_BEARER_EXEMPT = "token-authenticated /api/v1 calls (Authorization: Bearer)"

#: What each form would send, so that without the CSRF check the request would have acted.
FORM_DATA: dict[str, dict[str, Any]] = {
    "account.profile": {"email": "x@example.com", "display_name": "Mallory",
                        "timezone": "UTC", "language": "en"},
    "account.change_password": {"pw-current_password": "correct horse battery",
                                "pw-password": "a brand new password",
                                "pw-confirm": "a brand new password"},
    "account.set_language": {"lang": "it"},
    "api.create_token": {"name": "planted by another site"},
    "auth.login": {"email": "x@example.com", "password": "whatever password"},
    "auth.register": {"email": "new@example.com", "display_name": "New", "timezone": "UTC",
                      "language": "en", "password": "long enough password",
                      "confirm": "long enough password"},
    "auth.reset_request": {"email": "x@example.com"},
    "auth.reset_password": {"password": "a brand new password",
                            "confirm": "a brand new password"},
    "lobby.new_game": {"ruleset": "race", "title": "Planted", "visibility": "public"},
    "lobby.join": {"seat": "red"},
    "lobby.leave": {"seat": "blue"},
    "play.order": {"seat": "blue", "order": '{"type": "note", "text": "planted"}'},
    "play.undo": {"seat": "red"},
    "play.salt": {"seat": "red", "salt": "planted"},
    "play.deadline": {"hours": "5"},
    "play.replace": {"seat": "blue", "email": "x@example.com"},
    "board.form_order": {"seat": "red", "kind": "end_phase"},
    "board.standing": {"seat": "red", "loss_order": "infantry"},
    "notifications.preferences": {"mode": "none", "reminder_hours": "1"},
    "notifications.add_vacation": {"starts_on": "2030-01-01", "ends_on": "2030-01-05"},
    "notifications.game_settings": {"deadline_mode": "duration", "deadline_hours": "24",
                                    "policy": "wait", "extend_hours": "24",
                                    "excused_misses": "1", "deadline_zone": "UTC"},
}


def _data(endpoint: str, w: Any) -> dict[str, Any]:
    data = dict(FORM_DATA.get(endpoint, {"x": "1"}))
    if endpoint in ("play.order", "play.undo", "board.form_order"):
        data["expected_seq"] = "999"
    return data


def _refused_for_csrf(response: Any, api: bool) -> bool:
    if response.status_code != 400:
        return False
    if api:
        return (response.get_json(silent=True) or {}).get("error") == "CSRFError"
    return CSRF_MESSAGE in response.get_data(as_text=True)


def _unsafe_routes(app):
    return [(rule, method) for rule, method in walk(app) if method in UNSAFE]


def test_exempt_list_names_existing_routes(csrf_app):
    routes = {(rule.endpoint, method) for rule, method in _unsafe_routes(csrf_app)}
    assert set(CSRF_EXEMPT) <= routes, set(CSRF_EXEMPT) - routes
    assert all(reason for reason in CSRF_EXEMPT.values())


def test_every_form_refuses_a_request_without_csrf_token(csrf_app, csrf_client, user_factory):
    w = world(csrf_app, user_factory)
    login_with_csrf(csrf_client, w.red_email)
    checked, failures = 0, []
    for rule, method in _unsafe_routes(csrf_app):
        if (rule.endpoint, method) in CSRF_EXEMPT:
            continue
        path = sample_url(csrf_app, rule, w)
        api = path.startswith(API_PREFIX)
        before = row_counts(csrf_app)
        if api:
            response = csrf_client.open(path, method=method, json={"seat": "red",
                                        "order": {"type": "end"}, "expected_seq": 999})
        else:
            response = csrf_client.open(path, method=method, data=_data(rule.endpoint, w))
        after = row_counts(csrf_app)
        checked += 1
        if not _refused_for_csrf(response, api):
            failures.append(f"{method} {path}: {response.status_code}")
        if after != before:
            failures.append(f"{method} {path} stored rows: "
                            f"{ {k: after[k] - before[k] for k in after if after[k] != before[k]} }")
    assert not failures, failures
    assert checked >= 30  # the walk found the forms (a broken walker must not pass quietly)


def test_a_wrong_or_foreign_csrf_token_is_refused_too(csrf_app, csrf_client, user_factory):
    """A token from another session (an attacker's own) or a forged one does not pass."""
    w = world(csrf_app, user_factory)
    stranger = user_factory()
    foreign = login_with_csrf(csrf_app.test_client(), stranger.email)
    own = login_with_csrf(csrf_client, w.red_email)
    assert foreign != own
    failures = []
    for rule, method in _unsafe_routes(csrf_app):
        if (rule.endpoint, method) in CSRF_EXEMPT:
            continue
        path = sample_url(csrf_app, rule, w)
        api = path.startswith(API_PREFIX)
        for bad in (foreign, own[:-4] + "AAAA", "not-a-token"):
            before = row_counts(csrf_app)
            if api:
                response = csrf_client.open(path, method=method, headers={"X-CSRFToken": bad},
                                            json={"seat": "red", "order": {"type": "end"},
                                                  "expected_seq": 999})
            else:
                response = csrf_client.open(path, method=method,
                                            data={**_data(rule.endpoint, w), "csrf_token": bad})
            if not _refused_for_csrf(response, api) or row_counts(csrf_app) != before:
                failures.append(f"{method} {path} with {bad[:12]}…: {response.status_code}")
    assert not failures, failures


def test_the_session_csrf_token_is_accepted(csrf_app, csrf_client, user_factory):
    """The control: the same client with its own token gets through (so the 400s above are
    the CSRF check, not a broken request)."""
    w = world(csrf_app, user_factory)
    token = login_with_csrf(csrf_client, w.red_email)
    response = csrf_client.post("/account/language", data={"lang": "it", "csrf_token": token})
    assert response.status_code == 302
    response = csrf_client.post(f"/games/{w.game_id}/salt",
                                data={"seat": "red", "salt": "pepper", "csrf_token": token})
    assert response.status_code == 302


def test_api_with_a_bearer_token_needs_no_csrf_token(csrf_app, csrf_client, user_factory):
    """API_BEARER_EXEMPT: every unsafe /api/v1 route answers a bearer call without a CSRF
    header with something other than a CSRF refusal."""
    w = world(csrf_app, user_factory)
    seen = 0
    for rule, method in _unsafe_routes(csrf_app):
        path = sample_url(csrf_app, rule, w)
        if not path.startswith(API_PREFIX):
            continue
        seen += 1
        response = csrf_client.open(path, method=method, json={},
                                    headers={"Authorization": f"Bearer {w.api_token}"})
        assert not _refused_for_csrf(response, True), path
        # an empty body is refused on its merits: 400, or 409 for starting a game already started
        assert (response.status_code, response.get_json()["error"]) in ((400, "BadRequest"), (409, "Conflict")), path
    assert seen >= 3


def test_one_click_unsubscribe_works_without_csrf_only_with_a_valid_token(csrf_app, csrf_client,
                                                                          user_factory):
    """The exempt route: a forged token changes nothing; the signed one unsubscribes."""
    from pbem.notify.prefs import preference

    w = world(csrf_app, user_factory)
    before = row_counts(csrf_app)
    forged = w.unsubscribe_token[:-3] + ("AAA" if not w.unsubscribe_token.endswith("AAA") else "BBB")
    assert csrf_client.post(f"/n/unsubscribe/{forged}").status_code == 404
    assert csrf_client.post("/n/unsubscribe/x").status_code == 404
    assert row_counts(csrf_app) == before
    response = csrf_client.post(f"/n/unsubscribe/{w.unsubscribe_token}",
                                data={"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    with Session(get_engine(csrf_app)) as s:
        assert preference(s, w.red_id).mode == NONE
