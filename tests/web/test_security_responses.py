"""What every response carries, over the whole URL map: no redirect to another site whatever the
parameters say (``next`` and friends), the security headers on pages and errors alike, and no
shared-cache permission on what a member sees of a private game.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from tests.web.test_robustness_junk import field_names
from tests.web.test_security_routes import API_PREFIX, login_plain, sample_url, walk, world

EVIL = ("//evil.example/x", "https://evil.example/", "/\\evil.example", "\\\\evil.example",
        "javascript:alert(1)", "http:evil.example", "/%2F%2Fevil.example", " //evil.example",
        "/\t/evil.example", "https:/\\evil.example")
#: The walk sends a few of them everywhere; the forms that follow ``next`` get all of them.
WALK_EVIL = EVIL[:3] + EVIL[4:5]
SECURITY_HEADERS = {"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff"}
#: Pages of the private game that a member sees (must not be stored by shared caches).
PRIVATE_PAGES = ("play.game", "dice.page", "dice.export_csv", "dice.export_json", "api.game",
                 "api.log", "api.options", "board.game_board")


def _offsite(location: str) -> bool:
    """Whether a browser would leave the site (it drops tabs and newlines, reads \\ as /)."""
    parts = urlsplit(re.sub(r"[\t\r\n]", "", location).strip().replace("\\", "/"))
    if parts.scheme and parts.scheme not in ("http", "https"):
        return True
    return bool(parts.netloc) and parts.netloc not in ("pbem.test", "localhost")


def test_offsite_detection_works():
    assert all(_offsite(u) for u in ("//evil.example/x", "https://evil.example/", "javascript:x",
                                     "/\\evil.example", "/\t/evil.example"))
    assert not any(_offsite(u) for u in ("/games/1", "http://pbem.test/games", "/auth/login?next=/"))


def test_no_route_redirects_to_another_site(app, user_factory):
    names = field_names(app)
    failures = []
    for evil in WALK_EVIL:
        w = world(app, user_factory)
        member = login_plain(app.test_client(), w.red_email)
        params = {name: evil for name in names}
        for client in (member, app.test_client()):
            for rule, method in walk(app):
                if rule.endpoint == "auth.logout":
                    continue
                path = sample_url(app, rule, w)
                if method == "GET":
                    response = client.get(path, query_string=params)
                else:
                    response = client.open(path, method=method, data=params)
                location = response.headers.get("Location", "")
                if location and _offsite(location):
                    failures.append(f"{method} {path} [{evil!r}] -> {location}")
    assert not failures, failures


def test_login_and_language_switch_follow_a_local_next(app, user_factory):
    """The control: a local ``next`` is followed (so the test above is not passing because
    ``next`` is ignored)."""
    w = world(app, user_factory)
    client = app.test_client()
    response = client.post("/auth/login", data={"email": w.red_email, "next": f"/games/{w.game_id}",
                                                "password": "correct horse battery"})
    assert response.headers["Location"] == f"/games/{w.game_id}"
    response = client.post("/account/language", data={"lang": "it", "next": "/n/preferences"})
    assert response.headers["Location"] == "/n/preferences"


def test_login_and_language_switch_never_follow_an_offsite_next(app, user_factory):
    w = world(app, user_factory)
    failures = []
    for evil in EVIL:
        client = app.test_client()
        response = client.post("/auth/login", data={"email": w.red_email, "next": evil,
                                                    "password": "correct horse battery"})
        again = client.get("/auth/login", query_string={"next": evil})  # already logged in
        switch = client.post("/account/language", data={"lang": "en", "next": evil})
        anonymous = app.test_client().post("/account/language", data={"lang": "en", "next": evil})
        for label, r in (("login", response), ("login again", again), ("language", switch),
                         ("anonymous language", anonymous)):
            if r.status_code != 302 or _offsite(r.headers["Location"]):
                failures.append(f"{label} next={evil!r}: {r.status_code} {r.headers.get('Location')}")
    assert not failures, failures


def test_every_response_carries_the_security_headers(app, user_factory):
    w = world(app, user_factory)
    member = login_plain(app.test_client(), w.red_email)
    failures = []
    for client in (member, app.test_client()):
        for rule, method in walk(app):
            if rule.endpoint == "auth.logout":
                continue
            path = sample_url(app, rule, w)
            for target in (path, path + "x/nothing"):  # the page, and a 404 or 405 beside it
                response = client.open(target, method=method)
                headers = response.headers
                for name, value in SECURITY_HEADERS.items():
                    if headers.get(name) != value:
                        failures.append(f"{method} {target}: {name}={headers.get(name)}")
                csp = headers.get("Content-Security-Policy", "")
                if "frame-ancestors 'none'" not in csp or "object-src 'none'" not in csp:
                    failures.append(f"{method} {target}: CSP {csp!r}")
    assert not failures, failures


def test_private_game_pages_are_not_cacheable_by_shared_caches(app, user_factory):
    w = world(app, user_factory)
    member = login_plain(app.test_client(), w.red_email)
    seen = 0
    for rule, method in walk(app):
        if method != "GET" or rule.endpoint not in PRIVATE_PAGES:
            continue
        path = sample_url(app, rule, w)
        response = member.get(path)
        if response.status_code != 200:
            continue
        seen += 1
        cache = response.headers.get("Cache-Control", "")
        assert "public" not in cache, (path, cache)
        assert not path.startswith(API_PREFIX) or "s-maxage" not in cache
    assert seen >= 6
