"""Issue 11, the multi-host path: two web instances (gunicorn, two ports, as two hosts would be)
sharing PostgreSQL and a Redis rate-limit store, and two workers of which one acts.

* a rate limit counts across both instances (the log-in limit, half the attempts on each);
* a session (cookie and CSRF token) made on one works on the other;
* an emailed link (password reset) made on one works on the other;
* the acting worker killed with ``kill -9`` mid-send is taken over by the other within 30 s,
  nothing lost, a duplicate only for the message in flight.

Runs when PBEM_TEST_DATABASE_URL is PostgreSQL (CI's second run): several hosts sharing one
SQLite file is not a supported layout (docs/deploy.md). Redis at 127.0.0.1:6379
(``PBEM_TEST_REDIS_URL``) under a key prefix of its own, deleted afterwards.
"""

from __future__ import annotations

import http.cookiejar
import logging
import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from sqlmodel import Session

from pbem.notify import lease
from pbem.store.db import make_engine
from pbem.store.models.accounts import User
from pbem.store.models.outbox import SENT
from tests.fixtures_db import ENV
from tests.fixtures_web import DEFAULT_PASSWORD, FAST_HASH
from tests.processes.procs import (
    assert_resent_only_in_flight,
    free_port,
    kill9,
    outbox_statuses,
    queue_mail,
    sink,
    start_web,
    start_worker,
    stop,
    wait_for,
)

pytestmark = pytest.mark.skipif(
    not os.environ.get(ENV, "").startswith("postgresql"),
    reason="the multi-host path is PostgreSQL's: it runs in the PostgreSQL run "
           "(PBEM_TEST_DATABASE_URL); hosts never share a SQLite file")

REDIS_URL = os.environ.get("PBEM_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
LOGIN_LIMIT = 6  # per minute and address, on the whole site
MESSAGES = 60
SLOW = 0.05  # the sink's time per message: a kill lands in the middle of a batch


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Browser:
    """One person's browser: a cookie jar, redirects not followed, any host."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())

    def request(self, url: str, data: dict[str, str] | None = None) -> tuple[int, str, Any]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(url, body, timeout=30) as response:
                return response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode("utf-8", "replace"), err.headers

    def csrf(self, url: str) -> str:
        status, html, _headers = self.request(url)
        assert status == 200, (url, status)
        match = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
        assert match, url
        return match.group(1)

    def log_in(self, base: str, email: str, password: str = DEFAULT_PASSWORD) -> int:
        token = self.csrf(base + "/auth/login")
        return self.request(base + "/auth/login", {"email": email, "password": password,
                                                   "csrf_token": token})[0]


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    """A key prefix of this test's own; every key under it deleted afterwards."""
    store = redis.Redis.from_url(REDIS_URL)
    assert store.ping(), f"Redis is not reachable at {REDIS_URL}"
    prefix = f"pbem-test-multihost-{uuid.uuid4().hex[:12]}"
    try:
        yield prefix
    finally:
        keys = list(store.scan_iter(match=f"*{prefix}*"))
        if keys:
            store.delete(*keys)
        store.close()


def _users(database_url: str) -> list[str]:
    engine = make_engine(database_url)
    emails = [f"host{i}@example.org" for i in range(3)]
    try:
        with Session(engine) as s:
            for email in emails:
                user = User(email=email, display_name=email.split("@")[0], password_hash="")
                user.set_password(DEFAULT_PASSWORD, FAST_HASH)
                s.add(user)
            s.commit()
    finally:
        engine.dispose()
    return emails


def _up(base: str) -> bool:
    try:
        return urllib.request.urlopen(base + "/auth/login", timeout=5).status == 200
    except OSError:
        return False


def _holder(database_url: str) -> str:
    engine = make_engine(database_url)
    try:
        return lease.holder_of(lambda: Session(engine)) or ""
    finally:
        engine.dispose()


def test_two_web_hosts_and_two_workers_share_limits_sessions_links_and_the_outbox(
        database_url, tmp_path: Path, redis_prefix):
    emails = _users(database_url)
    web = dict(RATELIMIT_STORAGE_URI=REDIS_URL, RATELIMIT_KEY_PREFIX=redis_prefix,
               LOGIN_RATE_LIMIT=f"{LOGIN_LIMIT} per minute",
               LOGIN_ACCOUNT_RATE_LIMIT="100 per minute", PASSWORD_HASH_METHOD=FAST_HASH)
    ports = [free_port(), free_port()]
    a, b = (f"http://127.0.0.1:{port}" for port in ports)
    procs = []
    with sink(SLOW) as (box, smtp_port):
        try:
            procs += [start_web(database_url, tmp_path, port, name=f"web{i}", **web)
                      for i, port in enumerate(ports)]
            alpha = start_worker(database_url, tmp_path, smtp_port, name="alpha",
                                 WORKER_HOST="alpha", NOTIFY_DISPATCH_SECONDS=1)
            procs.append(alpha)
            assert wait_for(lambda: _up(a) and _up(b), 60, step=0.5), (
                (tmp_path / "web0.log").read_text()[-2000:])
            assert wait_for(lambda: _holder(database_url).startswith("alpha:"), 30)
            beta = start_worker(database_url, tmp_path, smtp_port, name="beta",
                                WORKER_HOST="beta", NOTIFY_DISPATCH_SECONDS=1)
            procs.append(beta)

            # 1. the log-in limit counts attempts on both hosts together
            statuses = [Browser().log_in(host, emails[0], "wrong password")
                        for _ in range(LOGIN_LIMIT // 2) for host in (a, b)]
            assert statuses == [401] * LOGIN_LIMIT, statuses
            assert Browser().log_in(a, emails[0]) == 429
            assert Browser().log_in(b, emails[1]) == 429
            store = redis.Redis.from_url(REDIS_URL)
            assert list(store.scan_iter(match=f"*{redis_prefix}*")), "no counter in Redis"
            for key in store.scan_iter(match=f"*{redis_prefix}*"):  # a fresh minute
                store.delete(key)
            store.close()

            # 2. a session made on A (its CSRF token taken on B) works on B, and on A again
            person = Browser()
            token = person.csrf(b + "/auth/login")
            assert person.request(a + "/auth/login", {"email": emails[1],
                                                      "password": DEFAULT_PASSWORD,
                                                      "csrf_token": token})[0] == 302
            assert person.request(b + "/account/")[0] == 200
            assert person.request(a + "/account/")[0] == 200
            assert Browser().request(b + "/account/")[0] == 302  # not logged in: to the login

            # 3. a password-reset link asked for on A and emailed by the worker works on B
            asker = Browser()
            token = asker.csrf(a + "/auth/reset")
            assert asker.request(a + "/auth/reset", {"email": emails[2],
                                                     "csrf_token": token})[0] == 302
            assert wait_for(lambda: box.texts_to(emails[2]), 30), "no reset email"
            link = re.search(re.escape(a) + r"(/auth/reset/\S+)", box.texts_to(emails[2])[0])
            assert link, box.texts_to(emails[2])[0]
            opener = Browser()
            new_password = "a brand new password 42"
            token = opener.csrf(b + link.group(1))
            assert opener.request(b + link.group(1), {
                "password": new_password, "confirm": new_password, "csrf_token": token,
            })[0] == 302
            assert Browser().log_in(a, emails[2], new_password) == 302
            assert Browser().log_in(b, emails[2]) == 401  # the old password no longer works

            # 4. one worker acts; killed mid-send, the other takes over within 30 s
            assert _holder(database_url).startswith("alpha:")
            before = box.count()
            queued = queue_mail(database_url, MESSAGES)
            assert wait_for(lambda: box.count() >= before + 15, 30)
            assert not box.duplicates(), "two workers sent the same messages"
            at_kill = box.count()
            kill9(alpha)
            killed = time.monotonic()
            time.sleep(3 * SLOW)
            window = (at_kill - 1, box.count())
            assert window[1] < before + MESSAGES, "alpha sent everything before the kill"
            assert wait_for(lambda: box.first_after(killed + 3 * SLOW) is not None, 40)
            takeover = box.first_after(killed + 3 * SLOW) - killed  # type: ignore[operator]
            assert wait_for(lambda: set(box.ids()) >= set(queued), 30), (
                f"lost: {len(set(queued) - set(box.ids()))}")
            time.sleep(1.0)
            assert _holder(database_url).startswith("beta:")
        finally:
            for proc in procs:
                stop(proc)
    assert takeover < 30, takeover
    assert_resent_only_in_flight(box, [window])
    assert outbox_statuses(database_url) == {SENT}
    logging.getLogger(__name__).warning(
        "two hosts: takeover after kill -9 %.1f s; duplicates %s", takeover, len(box.duplicates()))
