"""Flask app and client fixtures (shared by every web test).

``app``: ``create_app`` with TESTING, CSRF and rate limits off, a temporary instance folder and
the ``database_url`` of ``tests/fixtures_db.py``. ``csrf_app``: the same with CSRF and rate
limits on. Helpers: ``register(client, email, password, name)`` and ``login(...)`` return the
final response; ``user_factory(...)`` inserts a user row directly and returns it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlmodel import Session
from werkzeug.test import TestResponse

from pbem.store.models.accounts import User, normalize_email
from pbem.web import create_app
from pbem.web.db import get_engine

DEFAULT_PASSWORD = "correct horse battery"
#: Tests hash passwords cheaply (production uses scrypt: about 0.4 s per hash or check).
FAST_HASH = "pbkdf2:sha256:1000"


def _database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    try:
        return str(request.getfixturevalue("database_url"))
    except pytest.FixtureLookupError:  # until tests/fixtures_db.py provides it
        return f"sqlite:///{tmp_path / 'test.sqlite'}"


def make_test_app(request: pytest.FixtureRequest, tmp_path: Path, **overrides: Any) -> Flask:
    """A test app on a fresh instance folder (no real ``.env`` is read)."""
    instance = tmp_path / "instance"
    config: dict[str, Any] = {
        "TESTING": True,
        "INSTANCE_PATH": str(instance),
        "DOTENV_PATH": str(tmp_path / "no.env"),
        "DATABASE_URL": _database_url(request, tmp_path),
        "SECRET_KEY": "test-secret-key",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
        "BASE_URL": "http://pbem.test",
        "PASSWORD_MIN_LENGTH": 10,
        "PASSWORD_HASH_METHOD": FAST_HASH,
    }
    config.update(overrides)
    return create_app(config)


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    application = make_test_app(request, tmp_path)
    yield application
    get_engine(application).dispose()


@pytest.fixture
def csrf_app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    application = make_test_app(request, tmp_path, WTF_CSRF_ENABLED=True, RATELIMIT_ENABLED=True)
    yield application
    get_engine(application).dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def csrf_client(csrf_app: Flask) -> FlaskClient:
    return csrf_app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


def register(client: FlaskClient, email: str, password: str = DEFAULT_PASSWORD,
             name: str = "Player", *, log_in: bool = True, timezone: str = "Europe/Rome",
             language: str = "en") -> TestResponse:
    """Register through the form; by default then log in (new members log in after
    registering). Returns the last response (followed redirects)."""
    response = client.post("/auth/register", data={
        "email": email, "display_name": name, "password": password, "confirm": password,
        "timezone": timezone, "language": language,
    }, follow_redirects=True)
    if log_in and response.status_code == 200:
        return login(client, email, password)
    return response


def login(client: FlaskClient, email: str, password: str = DEFAULT_PASSWORD,
          next: str | None = None) -> TestResponse:
    """Log in through the form; returns the final response (followed redirects)."""
    data = {"email": email, "password": password}
    if next is not None:
        data["next"] = next
    return client.post("/auth/login", data=data, follow_redirects=True)


def logout(client: FlaskClient) -> TestResponse:
    return client.post("/auth/logout", follow_redirects=True)


@pytest.fixture
def user_factory(request: pytest.FixtureRequest) -> Callable[..., User]:
    """``user_factory(email=..., password=..., display_name=..., timezone=..., language=...)``:
    insert a user row directly (committed) and return it (detached, attributes loaded).

    It uses ``csrf_app`` when the test asks for it, else ``app`` (one app per test: the
    Flask-Limiter extension object is global, so the last app created sets its state)."""
    wanted = "csrf_app" if "csrf_app" in request.fixturenames else "app"
    app: Flask = request.getfixturevalue(wanted)
    counter = iter(range(1, 1_000_000))

    def make(email: str | None = None, password: str = DEFAULT_PASSWORD,
             display_name: str | None = None, **fields: Any) -> User:
        number = next(counter)
        fields.setdefault("email_confirmed", True)  # an established account
        user = User(email=normalize_email(email or f"player{number}@example.com"),
                    display_name=display_name or f"Player {number}", password_hash="", **fields)
        user.set_password(password, FAST_HASH)
        with Session(get_engine(app), expire_on_commit=False) as session:
            session.add(user)
            session.commit()
            session.refresh(user)
        return user

    return make


def without_tokens(html: str) -> str:
    """The page with its CSRF token values blanked: each request signs its own, with a
    timestamp, so a token can hold any short run of characters (``37``, ``Rita``)."""
    return re.sub(r'name="csrf_token"( type="hidden")? value="[^"]*"', 'name="csrf_token" value=""',
                  html)


def shows_number(html: str, number: int) -> bool:
    """Whether a reader of the page sees ``number`` as a number of its own: CSRF tokens
    blanked, and not as a digit run inside a longer number, a word, a time or a date."""
    return re.search(rf"(?<![\w:./-]){number}(?![\w:])", without_tokens(html)) is not None
