"""Registering with a reserved domain (``alice@club.test``): a specific message, not the generic one;
accepted on a test server (``ALLOW_TEST_EMAIL_DOMAINS``)."""

from __future__ import annotations

from tests.fixtures_web import DEFAULT_PASSWORD


def form(email: str) -> dict[str, str]:
    return {"email": email, "display_name": "Alice", "password": DEFAULT_PASSWORD, "confirm": DEFAULT_PASSWORD,
            "timezone": "Europe/Rome", "language": "en"}


def test_a_reserved_domain_gets_a_message_that_says_why(app, client) -> None:
    response = client.post("/auth/register", data=form("alice@club.test"))
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Addresses at club.test are reserved for tests and examples" in body
    assert "Enter a valid email address" not in body
    bad = client.post("/auth/register", data=form("alice@@club")).get_data(as_text=True)
    assert "Enter a valid email address" in bad and "reserved" not in bad


def test_a_test_server_accepts_reserved_domains(app, client) -> None:
    app.config["ALLOW_TEST_EMAIL_DOMAINS"] = True
    response = client.post("/auth/register", data=form("alice@club.test"))
    assert response.status_code == 302
