"""No 500 on junk: every route of ``app.url_map``, sent malformed input by a logged-in member
(the organiser of a private game), answers 4xx (or 200/201/302 for what it accepts) and never 500.
A refused request stores nothing. The app runs with ``PROPAGATE_EXCEPTIONS=False`` so that an
exception in a view becomes the 500 these tests look for.

The parameter names come from the web modules' own ``request.args/form/values.get(...)`` calls and
from every WTForms form, so a new field gets junk too.
"""

from __future__ import annotations

import inspect
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask_wtf import FlaskForm

import pbem.web
import pbem.web.forms
import pbem.web.notifications_forms
from tests.web.test_security_routes import (
    API_PREFIX,
    login_plain,
    raw_url,
    row_counts,
    rules,
    sample_url,
    walk,
    world,
)

WEB = Path(pbem.web.__file__).parent
UI = WEB.parent / "ui"
#: Requests that may end the member's session or change the password come last.
LAST = ("auth.logout", "auth.reset_password", "account.confirm_email", "account.change_password")
#: Names read in loops or through helpers (``_int("count")``, ``for k in (...)``).
EXTRA_NAMES = ("after", "limit", "player", "battle", "round", "at", "from", "count", "ruleset",
               "buy-infantry", "buy-tank", "opt_goal", "opt_victory", "csrf_token")

JUNK = {
    "empty": "",
    "long": "x" * 5000,
    "huge": "99999999999999999999999999",
    "negative": "-1",
    "nul-and-markup": "\x00<script>alert(1)</script>'\"",
    "json-array": "[]",
    "truncated-json": '{"type": ',
    "unicode": "ü€𝄞\u202e\ufeff",
    "float": "1e400",
}
#: The junk values in three groups (one test each, so that xdist spreads them).
GROUPS = {"numbers": ("huge", "negative", "float"), "text": ("long", "nul-and-markup", "unicode"),
          "shapes": ("empty", "json-array", "truncated-json")}
#: The A&A 1941 game page and its forms (the other routes answer an A&A game as any other).
AA_BLUEPRINTS = ("board.", "play.")


def _params(names: list[str], value: str) -> dict[str, str]:
    return dict.fromkeys(names, value)


#: Bodies for the JSON API's POST routes.
API_BODIES: dict[str, tuple[bytes | str, str]] = {
    "not-json": ("{", "application/json"),
    "array": ("[]", "application/json"),
    "null": ("null", "application/json"),
    "string": ('"order"', "application/json"),
    "bad-utf8": (b"\xff\xfe{\x00", "application/json"),
    "wrong-types": (json.dumps({"seat": 1, "expected_seq": "7", "order": []}), "application/json"),
    "bool-seq": (json.dumps({"seat": "red", "expected_seq": True, "order": {"type": "end"}}),
                 "application/json"),
    "huge-numbers": (json.dumps({"seat": "red", "expected_seq": 10**30,
                                 "order": {"type": "step", "n": 10**30}}), "application/json"),
    "nested-200": (json.dumps({"seat": "red", "expected_seq": 1,
                               "order": {"type": "note", "x": json.loads("[" * 200 + "]" * 200)}}),
                   "application/json"),
    "unknown-type": (json.dumps({"seat": "red", "expected_seq": 1, "order": {"type": "x" * 5000}}),
                     "application/json"),
    "form-encoded": ("seat=red&expected_seq=1", "application/x-www-form-urlencoded"),
    "text-plain": ("seat=red", "text/plain"),
    "fake-export": (json.dumps({"format": "pbem-game", "events": [{"seq": "x"}], "game": 3}),
                    "application/json"),
}


def field_names(app) -> list[str]:
    """Every request parameter name the web layer reads, and every form field as the form
    names it (with its prefix: the password form's fields are ``pw-...``)."""
    names = set(EXTRA_NAMES)
    pattern = re.compile(r"(?:args|form|values|files)\.get(?:list)?\(\s*[\"']([\w-]+)[\"']")
    for path in [*WEB.glob("*.py"), *UI.rglob("*.py")]:
        names.update(pattern.findall(path.read_text(encoding="utf-8")))
    with app.test_request_context():
        for module in (pbem.web.forms, pbem.web.notifications_forms):
            for _name, cls in inspect.getmembers(module, inspect.isclass):
                if not issubclass(cls, FlaskForm) or cls is FlaskForm:
                    continue
                try:
                    form = cls(meta={"csrf": False})
                except AttributeError:  # a base class (its subclasses carry its fields)
                    continue
                names.update(field.name for field in form)
    return sorted(names)


@pytest.fixture
def junk_app(app):
    app.config["PROPAGATE_EXCEPTIONS"] = False
    return app


def _ordered(app):
    return sorted(walk(app), key=lambda rm: rm[0].endpoint in LAST)


def _check(app, failures: list[str], label: str, response: Any, before: dict[str, int],
           api: bool) -> None:
    status = response.status_code
    if status >= 500:
        failures.append(f"{label}: {status}")
        return
    if status < 400:
        return
    after = row_counts(app)
    if after != before:
        failures.append(f"{label}: refused with {status} but stored "
                        f"{ {k: after[k] - before[k] for k in after if after[k] != before[k]} }")
    body = response.get_data(as_text=True)
    if api:
        data = response.get_json(silent=True)
        if not isinstance(data, dict) or not data.get("message"):
            failures.append(f"{label}: {status} without a JSON message")
    elif status != 405 and not body.strip():
        failures.append(f"{label}: {status} with an empty body")


def test_field_names_cover_the_forms(app):
    names = field_names(app)
    for expected in ("expected_seq", "order", "seat", "email", "password", "pw-password", "starts_on",
                     "deadline_hours", "reminder_hours", "lang", "units", "log_before"):
        assert expected in names


def _still_logged_in(client) -> bool:
    return client.get("/account/").status_code == 200


def _junk_walk(app, user_factory, values, *, ruleset: str = "race",
               only: tuple[str, ...] = ()) -> list[str]:
    """Each junk value in every parameter of every route, in a fresh game (the last routes may
    log the member out or change the password)."""
    failures: list[str] = []
    names = field_names(app)
    for junk in values:
        w = world(app, user_factory, ruleset=ruleset)
        client = login_plain(app.test_client(), w.red_email)
        params = _params(names, JUNK[junk])
        checked_session = False
        for rule, method in _ordered(app):
            if only and not rule.endpoint.startswith(only):
                continue
            if rule.endpoint in LAST and not checked_session:
                assert _still_logged_in(client), f"[{junk}] the walk lost the session early"
                checked_session = True
            path = sample_url(app, rule, w)
            api = path.startswith(API_PREFIX)
            before = row_counts(app)
            if method == "GET":
                response = client.get(path, query_string=params)
            elif api:
                response = client.open(path, method=method, json=params)
            else:
                response = client.open(path, method=method, data=params)
            _check(app, failures, f"{method} {path} [{junk}]", response, before, api)
    return failures


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_junk_parameters_never_give_a_500(junk_app, user_factory, group):
    failures = _junk_walk(junk_app, user_factory, GROUPS[group])
    assert not failures, failures


def test_junk_parameters_to_the_aa_game_pages_never_give_a_500(junk_app, user_factory):
    failures = _junk_walk(junk_app, user_factory, sorted(JUNK), ruleset="aa1941",
                          only=AA_BLUEPRINTS)
    assert not failures, failures


def test_missing_fields_never_give_a_500(junk_app, user_factory):
    w = world(junk_app, user_factory)
    client = login_plain(junk_app.test_client(), w.red_email)
    failures: list[str] = []
    for rule, method in _ordered(junk_app):
        path = sample_url(junk_app, rule, w)
        before = row_counts(junk_app)
        response = client.open(path, method=method)
        _check(junk_app, failures, f"{method} {path} (nothing sent)", response, before,
               path.startswith(API_PREFIX))
    assert not failures, failures


def test_malformed_api_bodies_get_a_json_4xx(junk_app, user_factory):
    w = world(junk_app, user_factory)
    token = {"Authorization": f"Bearer {w.api_token}"}
    client = junk_app.test_client()
    failures: list[str] = []
    seen = 0
    for rule, method in walk(junk_app):
        path = sample_url(junk_app, rule, w)
        if method == "GET" or not path.startswith(API_PREFIX):
            continue
        seen += 1
        for body, (data, content_type) in API_BODIES.items():
            before = row_counts(junk_app)
            response = client.open(path, method=method, data=data, content_type=content_type,
                                   headers=token)
            if response.status_code < 400:
                failures.append(f"{method} {path} [{body}] accepted: {response.status_code}")
            _check(junk_app, failures, f"{method} {path} [{body}]", response, before, True)
    assert seen >= 3
    assert not failures, failures


def test_wrong_content_types_to_forms_never_give_a_500(junk_app, user_factory):
    w = world(junk_app, user_factory)
    client = login_plain(junk_app.test_client(), w.red_email)
    bodies = {
        "json": lambda: dict(json={"seat": "red", "order": {"type": "end"}, "expected_seq": 1}),
        "text": lambda: dict(data="seat=red&order=x", content_type="text/plain"),
        "bad-multipart": lambda: dict(data=b"--zz\r\njunk",
                                      content_type="multipart/form-data; boundary=zz"),
        "file": lambda: dict(data={"file": (io.BytesIO(b"\xff\xfe not json"), "game.json"),
                                   "order": (io.BytesIO(b"{}"), "order.json")}),
        "binary": lambda: dict(data=b"\xff\xfe\x00\x01" * 64,
                               content_type="application/octet-stream"),
    }
    failures: list[str] = []
    for rule, method in _ordered(junk_app):
        if method == "GET":
            continue
        path = sample_url(junk_app, rule, w)
        for label, make in bodies.items():
            before = row_counts(junk_app)
            response = client.open(path, method=method, **make())
            _check(junk_app, failures, f"{method} {path} [{label}]", response, before,
                   path.startswith(API_PREFIX))
    assert not failures, failures


def test_odd_url_arguments_never_give_a_500(junk_app, user_factory):
    """Ids that are not numbers, zero, the largest id every database takes and ids beyond it
    (PostgreSQL int4, SQLite int8); odd tokens; methods a route does not take."""
    w = world(junk_app, user_factory)
    client = login_plain(junk_app.test_client(), w.red_email)
    ints = ("abc", "1.5", "-1", "0", "0x10", "%20", "00001", str(2**31 - 1), str(2**31), str(2**63), "9" * 30)
    tokens = ("x", "x" * 3000, "ü€𝄞", "..", "a.b.c", "%00", w.ledger_token + "x")
    failures: list[str] = []
    for rule in rules(junk_app):
        method = "GET" if "GET" in (rule.methods or ()) else "POST"
        path = sample_url(junk_app, rule, w)
        response = client.delete(path)
        if response.status_code != 405:
            failures.append(f"DELETE {path}: {response.status_code}")
        for name in rule.arguments:
            if name == "filename":
                continue
            for odd in tokens if name == "token" else ints:
                values = {n: w.value(rule, n) for n in rule.arguments}
                values[name] = odd
                odd_path = raw_url(rule, values)
                before = row_counts(junk_app)
                response = client.open(odd_path, method=method)
                _check(junk_app, failures, f"{method} {odd_path[:80]}", response, before,
                       odd_path.startswith(API_PREFIX))
    assert not failures, failures


def test_too_large_bodies_are_refused_with_413(junk_app, user_factory):
    w = world(junk_app, user_factory)
    junk_app.config["MAX_CONTENT_LENGTH"] = 64 * 1024  # the same check, with a smaller limit
    client = login_plain(junk_app.test_client(), w.red_email)
    big = "x" * (65 * 1024)
    for path, kwargs in (
        (f"/games/{w.game_id}/orders", dict(data={"seat": "red", "order": big,
                                                  "expected_seq": "1"})),
        (f"/api/v1/games/{w.game_id}/orders", dict(data=big, content_type="application/json")),
        ("/api/v1/games/import", dict(data=big, content_type="application/json")),
        ("/games/import", dict(data={"file": (io.BytesIO(big.encode()), "g.json")})),
    ):
        before = row_counts(junk_app)
        response = client.post(path, **kwargs)
        assert response.status_code == 413, path
        assert row_counts(junk_app) == before
