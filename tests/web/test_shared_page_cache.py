"""The game page's kept parts and positions shared by the web processes through Redis
(pbem/shared_cache.py, ``PBEM_PAGE_CACHE_URL``): another process serves what one rendered, a new
log head is never served the old page, one seat never gets another's page, and a value not signed
with the site's secret is never used. "Another process" here: the same app with its own LRUs
emptied before each request, so that only Redis can hold what it serves."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from pbem import shared_cache
from pbem.services import views
from pbem.web import page_cache
from tests.web.test_page_cache import ACCEPTED, aa_game, page, without_tokens
from tests.web.test_play import as_user, hidden_expected_seq, last_seq, post_order
from tests.web.test_play_hidden import secret_game  # noqa: F401  (fixture)

REDIS_URL = os.environ.get("PBEM_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def shared(app: Any) -> Iterator[shared_cache.SharedStore]:
    """The app's processes share a Redis store under a prefix of this test's own (deleted after)."""
    prefix = f"pbem-test-shared-{uuid.uuid4().hex[:12]}"
    store = shared_cache.SharedStore(REDIS_URL, app.config["SECRET_KEY"], prefix=prefix, ttl=120)
    assert store.client.ping(), f"Redis is not reachable at {REDIS_URL}"
    shared_cache.configure(store)
    try:
        yield store
    finally:
        shared_cache.configure(None)
        keys = list(store.client.scan_iter(match=f"{prefix}:*"))
        if keys:
            store.client.delete(*keys)
        store.client.close()


def other_process() -> None:
    """Forget what this process kept: what it serves next comes from Redis or is rendered anew."""
    page_cache.PARTS.clear()
    views.POSITIONS.clear()


def fresh_page(client: Any, game_id: int) -> str:
    other_process()
    return page(client, game_id)


def test_another_process_serves_the_page_one_process_rendered(app, client, user_factory, shared):
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    first = fresh_page(client, game_id)
    hits = page_cache.PARTS.shared_hits
    positions = views.POSITIONS.shared_hits
    second = fresh_page(client, game_id)
    assert page_cache.PARTS.shared_hits > hits and views.POSITIONS.shared_hits > positions
    assert without_tokens(second) == without_tokens(first)
    assert 'id="purchase-form"' in second


def test_a_new_event_is_never_served_the_old_page_by_another_process(app, client, user_factory, shared):
    game_id, red, _blue = aa_game(app, user_factory)
    as_user(client, red)
    before = fresh_page(client, game_id)
    response = client.post(f"/games/{game_id}/form", data={
        "kind": "purchase", "seat": "ussr", "expected_seq": str(hidden_expected_seq(before)), "buy-infantry": "2"})
    assert response.status_code == 302
    accepted = fresh_page(client, game_id)
    assert ACCEPTED in accepted
    after = fresh_page(client, game_id)  # the parts the page above kept, read by another process
    assert hidden_expected_seq(after) == last_seq(app, game_id) > hidden_expected_seq(before)
    assert ACCEPTED not in after  # the message belongs to the request that showed it
    assert 'value="2"' in after.split('id="purchase-form"')[1].split("</form>")[0]


def test_the_message_after_an_order_does_not_stop_the_page_being_kept(app, client, user_factory, shared):
    game_id, red, _blue = aa_game(app, user_factory)
    as_user(client, red)
    before = fresh_page(client, game_id)
    client.post(f"/games/{game_id}/form", data={
        "kind": "purchase", "seat": "ussr", "expected_seq": str(hidden_expected_seq(before)), "buy-infantry": "1"})
    assert ACCEPTED in fresh_page(client, game_id)
    hits = page_cache.PARTS.shared_hits
    fresh_page(client, game_id)
    assert page_cache.PARTS.shared_hits == hits + 1  # the content, kept whole: no section or log looked up


def test_two_seats_with_hidden_information_never_get_each_others_page_from_redis(
        app, user_factory, shared, secret_game):  # noqa: F811
    game_id, red, blue = secret_game
    red_client, blue_client = as_user(app.test_client(), red), as_user(app.test_client(), blue)
    post_order(red_client, game_id, "red", {"type": "step", "n": 3}, last_seq(app, game_id))
    for _ in range(2):  # the second round from Redis only
        own = fresh_page(red_client, game_id)
        other = fresh_page(blue_client, game_id)
        assert "Red steps 3 squares." in own and "Red: 3" in own
        assert "Red steps 3 squares." not in other and "Red: 3" not in other


def test_a_value_not_signed_with_the_sites_secret_is_ignored(app, client, user_factory, shared):
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    fresh_page(client, game_id)
    names = list(shared.client.scan_iter(match=f"{shared.prefix}part:*"))
    assert names
    for name in names:  # someone with access to Redis but not to the secret rewrites every part
        raw = shared.client.get(name)
        forged = raw[shared_cache.TAG_SIZE:].replace(b"</section>", b"<script>alert(1)</script></section>")
        shared.client.set(name, raw[:shared_cache.TAG_SIZE] + forged)
    html = fresh_page(client, game_id)
    assert "alert(1)" not in html and 'id="purchase-form"' in html


def test_a_store_with_another_secret_reads_nothing(app, client, user_factory, shared):
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    fresh_page(client, game_id)
    stranger = shared_cache.SharedStore(REDIS_URL, "another secret", prefix=shared.prefix.split(":")[0],
                                        client=shared.client)
    assert stranger.prefix == shared.prefix  # the same names: only the signature tells them apart
    names = [name.decode() for name in shared.client.scan_iter(match=f"{shared.prefix}*")]
    assert names and all(shared.read(name) is not None for name in names)
    assert all(stranger.read(name) is None for name in names)


def test_the_page_works_without_redis(app, client, user_factory):
    store = shared_cache.SharedStore("redis://127.0.0.1:1/0", app.config["SECRET_KEY"])  # nothing listens
    shared_cache.configure(store)
    try:
        game_id, allies, _axis = aa_game(app, user_factory)
        as_user(client, allies)
        assert 'id="purchase-form"' in fresh_page(client, game_id)
        assert store.down_until > 0  # noted, and not asked again for a while
    finally:
        shared_cache.configure(None)


def test_create_app_configures_the_store_from_page_cache_url(tmp_path):
    from pbem.web import create_app

    try:
        create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "i"), "DOTENV_PATH": str(tmp_path / "no.env"),
                    "SECRET_KEY": "s", "DATABASE_URL": f"sqlite:///{tmp_path}/x.sqlite",
                    "PAGE_CACHE_URL": REDIS_URL, "PAGE_CACHE_PREFIX": "pbem-test-config"})
        assert shared_cache.STORE is not None and shared_cache.STORE.prefix.startswith("pbem-test-config:kept:")
    finally:
        shared_cache.configure(None)
    redis.Redis.from_url(REDIS_URL).close()


def test_the_kept_frame_still_shows_a_message_once(app, client, user_factory, shared):
    game_id, allies, _axis = aa_game(app, user_factory)
    as_user(client, allies)
    fresh_page(client, game_id)
    fresh_page(client, game_id)  # the frame is kept now
    assert client.post(f"/games/{game_id}/pause").status_code == 302
    assert "The game is paused." in page(client, game_id)
    assert "The game is paused." not in page(client, game_id)


def test_the_kept_frame_follows_the_login(app, client, user_factory, shared):
    game_id, allies, _axis = aa_game(app, user_factory)
    anonymous = page(app.test_client(), game_id)
    as_user(client, allies)
    own = page(client, game_id)
    assert "Log out" in own and "Log out" not in anonymous
    assert "Log out" not in page(app.test_client(), game_id)
