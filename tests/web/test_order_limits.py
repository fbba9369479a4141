"""Issue 11, item 4: every order is checked against its game's order schema on every path that
stores one, request bodies are capped before parsing, and a seat's orders allowed at any time
(A&A standing orders) are rate-limited. Runs on SQLite, and on PostgreSQL with
``PBEM_TEST_DATABASE_URL``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlmodel import Session

from pbem.engine import InvalidOrder
from pbem.engine.schemas import MAX_ORDER_BYTES
from pbem.services import orders as order_service
from pbem.web.db import get_engine
from tests.fixtures_web import make_test_app
from tests.web.test_api import bearer, order_body, token_for
from tests.web.test_board import aa_game
from tests.web.test_play import as_user, events_stored, last_seq, post_order, race_game

JUNK_8_MIB = "x" * (8 * 1024 * 1024)
STANDING = {"type": "standing", "loss_order": ["infantry", "tank"], "keep_last": [], "submerge": False,
            "damage_battleships_first": False}


def _api(client: Any, app: Flask, game_id: int, token: str, seat: str, order: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/games/{game_id}/orders", headers=bearer(token),
                       json=order_body(seat, order, last_seq(app, game_id)))


def test_an_8_mib_junk_standing_order_is_refused_by_the_json_order_box(app, client, user_factory) -> None:
    game_id, _allies, axis = aa_game(app, user_factory)
    before = events_stored(app, game_id)
    as_user(client, axis)
    response = post_order(client, game_id, "germany", {**STANDING, "junk": JUNK_8_MIB}, last_seq(app, game_id))
    assert response.status_code == 413
    text = response.get_data(as_text=True)
    assert "An order request is at most 65536 bytes" in text and "Nothing was saved" in text
    assert len(response.data) < 100_000  # the refusal does not echo the junk back
    assert events_stored(app, game_id) == before


def test_an_8_mib_junk_standing_order_is_refused_by_the_api(app, client, user_factory) -> None:
    game_id, _allies, axis = aa_game(app, user_factory)
    before = events_stored(app, game_id)
    response = _api(client, app, game_id, token_for(app, axis), "germany", {**STANDING, "junk": JUNK_8_MIB})
    assert response.status_code == 413
    body = response.get_json()
    assert body["error"] == "RequestEntityTooLarge" and "at most 65536 bytes" in body["message"]
    assert events_stored(app, game_id) == before


def test_ENGINE_ORDER_3_a_junk_extra_field_is_refused_on_every_path(app, client, user_factory) -> None:
    game_id, _allies, axis = aa_game(app, user_factory)
    before = events_stored(app, game_id)
    api = _api(client, app, game_id, token_for(app, axis), "germany", {**STANDING, "junk": "x"})
    assert api.status_code == 400
    assert api.get_json()["rule_id"] == "ENGINE-ORDER-3" and "junk" in api.get_json()["message"]
    as_user(client, axis)
    page = post_order(client, game_id, "germany", {**STANDING, "junk": "x"}, last_seq(app, game_id))
    assert page.status_code == 400 and "ENGINE-ORDER-3" in page.get_data(as_text=True)
    assert events_stored(app, game_id) == before
    # a form post with fields the order has not: the form builds the order, extra fields are dropped
    form = client.post(f"/games/{game_id}/standing", data={"seat": "germany", "loss_order": ["tank"],
                                                           "junk": "y" * 1000})
    assert form.status_code == 302
    assert events_stored(app, game_id) > before


def test_ENGINE_ORDER_4_an_order_over_16_kib_is_refused_under_the_body_cap(app, client, user_factory) -> None:
    game_id, _allies, axis = aa_game(app, user_factory)
    before = events_stored(app, game_id)
    big = {**STANDING, "loss_order": ["infantry"] * (MAX_ORDER_BYTES // 10)}
    response = _api(client, app, game_id, token_for(app, axis), "germany", big)
    assert response.status_code == 400 and response.get_json()["rule_id"] == "ENGINE-ORDER-4"
    assert events_stored(app, game_id) == before


def test_a_deadline_or_policy_order_goes_through_the_same_schema(app, user_factory) -> None:
    """Deadline default orders are stored by ``submit_order(by=...)``: the engine checks them too."""
    game_id, _allies, _axis = aa_game(app, user_factory)
    with Session(get_engine(app)) as s, pytest.raises(InvalidOrder) as err:
        order_service.submit_order(s, game_id=game_id, user_id=None, by="policy:act", seat="germany",
                                   order={**STANDING, "junk": 1}, expected_seq=last_seq(app, game_id))
    assert err.value.rule_id == "ENGINE-ORDER-3"


def test_the_game_page_stays_small_after_junk_and_many_standing_orders(app, client, user_factory) -> None:
    game_id, allies, axis = aa_game(app, user_factory)
    as_user(client, allies)
    first = len(client.get(f"/games/{game_id}").data)
    client.post("/auth/logout")
    token = token_for(app, axis)
    _api(client, app, game_id, token, "germany", {**STANDING, "junk": JUNK_8_MIB})
    _api(client, app, game_id, token, "germany", {**STANDING, "junk": "z" * 15_000})
    for n in range(12):
        loss = ["infantry", "tank", "fighter", "bomber"][n % 4:] or ["tank"]
        assert _api(client, app, game_id, token, "germany", {**STANDING, "loss_order": loss}).status_code == 201
    as_user(client, allies)
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200
    assert len(page.data) < first + 20_000, (first, len(page.data))
    assert "zzzz" not in page.get_data(as_text=True)


def test_an_import_with_a_junk_order_field_is_refused(app, client, user_factory) -> None:
    from pbem.store.events import event_hash

    game_id, red, _blue = race_game(app, user_factory)
    token = token_for(app, red)
    assert _api(client, app, game_id, token, "red", {"type": "step", "n": 2}).status_code == 201
    doc = client.get(f"/api/v1/games/{game_id}/export", headers=bearer(token)).get_json()
    order = next(e for e in doc["events"] if e["type"] == "order")
    order["payload"]["order"]["junk"] = "x" * 1000
    prev = doc["events"][0]["prev_hash"]
    for e in doc["events"]:  # a forger recomputes the whole chain
        e["prev_hash"] = prev
        e["hash"] = prev = event_hash(e["game_id"], e["seq"], e["seat"], e["type"], e["v"], e["payload"],
                                      e["created_at"], prev)
    doc["final"] = {"seq": doc["events"][-1]["seq"], "hash": prev}
    response = client.post("/api/v1/games/import", headers=bearer(token), data=json.dumps(doc),
                           content_type="application/json")
    assert response.status_code == 400
    assert "ENGINE-ORDER-3" in response.get_json()["message"]


# -- the rate limit on orders allowed at any time ----------------------------------------------
@pytest.fixture
def limited_app(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    application = make_test_app(request, tmp_path, RATELIMIT_ENABLED=True, ANYTIME_ORDER_RATE_LIMIT="3 per hour",
                                RATELIMIT_KEY_PREFIX=f"t{id(tmp_path)}")
    yield application
    get_engine(application).dispose()


def _users(app: Flask) -> Any:
    """``user_factory`` for ``app`` (the fixture serves ``app`` or ``csrf_app``)."""
    from pbem.store.models.accounts import User
    from tests.fixtures_web import DEFAULT_PASSWORD, FAST_HASH

    def make(display_name: str) -> User:
        user = User(email=f"{display_name.lower()}@example.com", display_name=display_name, password_hash="")
        user.set_password(DEFAULT_PASSWORD, FAST_HASH)
        with Session(get_engine(app), expire_on_commit=False) as s:
            s.add(user)
            s.commit()
            s.refresh(user)
        return user

    return make


def test_standing_orders_are_rate_limited_per_seat(limited_app) -> None:
    app = limited_app
    client = app.test_client()
    game_id, allies, axis = aa_game(app, _users(app))
    token = token_for(app, axis)
    for _ in range(3):
        assert _api(client, app, game_id, token, "germany", STANDING).status_code == 201
    before = events_stored(app, game_id)
    refused = _api(client, app, game_id, token, "germany", STANDING)
    assert refused.status_code == 429
    body = refused.get_json()
    assert body["error"] == "TooManyOrders"
    assert "at most 3 orders of this kind every 60 minutes" in body["message"]
    assert events_stored(app, game_id) == before
    # the standing-orders page says the same, in the page
    as_user(client, axis)
    page = client.post(f"/games/{game_id}/standing", data={"seat": "germany", "loss_order": ["tank"]})
    assert page.status_code == 429 and "at most 3 orders of this kind" in page.get_data(as_text=True)
    # another seat of the same player has its own count; orders owed in turn are not limited
    assert _api(client, app, game_id, token, "japan", STANDING).status_code == 201
    allies_token = token_for(app, allies)
    for kind in ("purchase", "end_phase"):
        order = {"type": kind} if kind == "end_phase" else {"type": "purchase", "units": {}}
        assert _api(client, app, game_id, allies_token, "ussr", order).status_code == 201


def test_dice_salts_are_rate_limited_per_seat_too(limited_app) -> None:
    app = limited_app
    client = app.test_client()
    game_id, allies, _axis = aa_game(app, _users(app))
    as_user(client, allies)
    for n in range(3):
        assert client.post(f"/games/{game_id}/salt", data={"seat": "ussr", "salt": f"s{n}"}).status_code == 302
    before = events_stored(app, game_id)
    refused = client.post(f"/games/{game_id}/salt", data={"seat": "ussr", "salt": "one more"})
    assert refused.status_code == 429 and "at most 3" in refused.get_data(as_text=True)
    assert events_stored(app, game_id) == before


def test_refused_standing_orders_do_not_count(limited_app) -> None:
    app = limited_app
    client = app.test_client()
    game_id, _allies, axis = aa_game(app, _users(app))
    token = token_for(app, axis)
    for _ in range(5):
        assert _api(client, app, game_id, token, "germany", {**STANDING, "junk": 1}).status_code == 400
    for _ in range(3):
        assert _api(client, app, game_id, token, "germany", STANDING).status_code == 201
    assert _api(client, app, game_id, token, "germany", STANDING).status_code == 429


def test_a_bad_rate_limit_setting_stops_the_start(request, tmp_path) -> None:
    with pytest.raises(ValueError, match="PBEM_ANYTIME_ORDER_RATE_LIMIT"):
        make_test_app(request, tmp_path, ANYTIME_ORDER_RATE_LIMIT="often")
