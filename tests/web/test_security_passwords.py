"""Hashed passwords and tokens: after registering, changing the password, asking for a reset and
creating an API token through the pages, neither a password nor the token's text is anywhere in
the database (every column of every table, emails in the outbox included).
"""

from __future__ import annotations

import re

from sqlalchemy import inspect, text

from pbem.web.config import DEFAULTS
from pbem.web.db import get_engine
from tests.fixtures_web import FAST_HASH, register

FIRST = "first secret passphrase 1"
SECOND = "second secret passphrase 2"


def _database_text(app) -> str:
    engine = get_engine(app)
    parts = []
    with engine.connect() as conn:
        for table in inspect(engine).get_table_names():
            for row in conn.execute(text(f'SELECT * FROM "{table}"')):
                parts.extend(str(value) for value in row)
    return "\n".join(parts)


def test_production_hashes_with_a_slow_hash():
    assert DEFAULTS["PASSWORD_HASH_METHOD"].startswith(("scrypt", "argon2", "bcrypt"))


def test_no_password_or_token_text_is_stored(app, client):
    register(client, "hash@example.com", FIRST, "Hashed")
    response = client.post("/account/password", data={
        "pw-current_password": FIRST, "pw-password": SECOND, "pw-confirm": SECOND})
    assert response.status_code == 302
    client.post("/auth/logout")
    client.post("/auth/reset", data={"email": "hash@example.com"})
    client.post("/auth/login", data={"email": "hash@example.com", "password": SECOND})
    page = client.post("/account/tokens", data={"name": "bot"})
    assert page.status_code == 201
    token = re.search(r"pbem_[A-Za-z0-9_-]{20,}", page.get_data(as_text=True))[0]
    stored = _database_text(app)
    assert "hash@example.com" in stored  # the control: the rows are there
    assert FAST_HASH.split(":")[0] in stored  # ... with hashes of the configured method
    for secret in (FIRST, SECOND, token, token[len("pbem_"):]):
        assert secret not in stored
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/v1/games", headers=headers).status_code == 200
