"""The /account/tokens page: a token is shown once, only its hash is stored, revoking works."""

from __future__ import annotations

import hashlib
import re

from sqlmodel import Session, select

from pbem.store.models.accounts import User
from pbem.store.models.api import ApiToken
from pbem.web.api_tokens import create_token
from pbem.web.db import get_engine
from tests.fixtures_web import make_test_app
from tests.web.test_play import as_user


def stored_tokens(app, user_id):
    with Session(get_engine(app)) as s:
        return list(s.exec(select(ApiToken).where(ApiToken.user_id == user_id)))


def test_token_page_needs_login(client):
    response = client.get("/account/tokens")
    assert response.status_code == 302 and "/auth/login" in response.headers["Location"]


def test_created_token_is_shown_once_and_only_its_hash_is_stored(app, client, user_factory):
    user = user_factory()
    as_user(client, user)
    response = client.post("/account/tokens", data={"name": "my bot"})
    assert response.status_code == 201
    token = re.search(r'id="new-token"[^>]*value="([^"]+)"', response.get_data(as_text=True))[1]
    [row] = stored_tokens(app, user.id)
    assert row.name == "my bot"
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest() != token
    assert token not in client.get("/account/tokens").get_data(as_text=True)
    api = app.test_client().get("/api/v1/games", headers={"Authorization": f"Bearer {token}"})
    assert api.status_code == 200
    assert stored_tokens(app, user.id)[0].last_used_at is not None


def test_token_needs_a_name(app, client, user_factory):
    user = user_factory()
    response = as_user(client, user).post("/account/tokens", data={"name": "  "})
    assert response.status_code == 400
    assert "Give the token a name" in response.get_data(as_text=True)
    assert stored_tokens(app, user.id) == []


def test_nobody_revokes_someone_elses_token(app, client, user_factory):
    owner, other = user_factory(), user_factory()
    as_user(client, owner).post("/account/tokens", data={"name": "mine"})
    [row] = stored_tokens(app, owner.id)
    other_client = app.test_client()
    as_user(other_client, other)
    assert other_client.post(f"/account/tokens/{row.id}/revoke").status_code == 404
    assert stored_tokens(app, owner.id)[0].revoked_at is None


def test_api_is_rate_limited_per_token(request, tmp_path, user_factory):
    limited = make_test_app(request, tmp_path / "limited", RATELIMIT_ENABLED=True,
                            API_RATE_LIMIT="3 per minute")
    with Session(get_engine(limited)) as s:
        user = User(email="bot@example.com", display_name="Bot", password_hash="x")
        s.add(user)
        s.commit()
        token = create_token(s, user.id, "bot")
    client = limited.test_client()
    codes = [client.get("/api/v1/games", headers={"Authorization": f"Bearer {token}"}).status_code
             for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert client.get("/api/v1/openapi.json").status_code == 200  # other callers are not blocked
