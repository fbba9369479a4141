"""Configuration: instance folder, generated secret key, .env and PBEM_* variables, headers,
error pages."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from flask import Flask, abort
from flask.testing import FlaskClient

from pbem.web import create_app
from pbem.web.config import load_config

BASE = {"TESTING": True, "RATELIMIT_ENABLED": False}


def app_in(tmp_path: Path, **config: object) -> Flask:
    settings = {**BASE, "INSTANCE_PATH": str(tmp_path / "instance"),
                "DOTENV_PATH": str(tmp_path / "missing.env")}
    settings.update(config)
    return create_app(settings)


def test_first_start_creates_instance_folder_sqlite_file_and_secret_key(tmp_path: Path) -> None:
    app = app_in(tmp_path)
    instance = tmp_path / "instance"
    key_file = instance / "secret_key"
    assert app.instance_path == str(instance)
    assert app.config["DATABASE_URL"] == f"sqlite:///{instance / 'pbem.sqlite'}"
    assert (instance / "pbem.sqlite").is_file()
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert app.config["SECRET_KEY"] == key_file.read_text().strip()
    assert len(app.config["SECRET_KEY"]) >= 40


def test_generated_secret_key_is_reused_on_the_next_start(tmp_path: Path) -> None:
    first = app_in(tmp_path).config["SECRET_KEY"]
    assert app_in(tmp_path).config["SECRET_KEY"] == first


def test_instance_path_comes_from_the_environment(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path / "elsewhere"))
    app = create_app({**BASE, "DOTENV_PATH": str(tmp_path / "missing.env")})
    assert app.instance_path == str(tmp_path / "elsewhere")
    assert (tmp_path / "elsewhere" / "secret_key").is_file()


def test_dotenv_file_is_read_and_environment_wins_over_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dotenv = tmp_path / "test.env"
    dotenv.write_text(
        "PBEM_SECRET_KEY=from-dotenv\n"
        "PBEM_BASE_URL=https://pbem.example.org\n"
        "PBEM_DEFAULT_TIMEZONE=America/New_York\n"
        "PBEM_PASSWORD_MIN_LENGTH=14\n"
        "UNRELATED=ignored\n"
    )
    monkeypatch.setenv("PBEM_DEFAULT_TIMEZONE", "Asia/Tokyo")
    config = load_config(tmp_path, {"DOTENV_PATH": str(dotenv)})
    assert config["SECRET_KEY"] == "from-dotenv"
    assert config["BASE_URL"] == "https://pbem.example.org"
    assert config["PASSWORD_MIN_LENGTH"] == 14
    assert config["DEFAULT_TIMEZONE"] == "Asia/Tokyo"
    assert config["SESSION_COOKIE_SECURE"] is True  # an https base URL means secure cookies
    assert "UNRELATED" not in config
    assert not (tmp_path / "secret_key").exists()


def test_test_config_overrides_environment(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATABASE_URL", "postgresql+psycopg://nowhere/none")
    config = load_config(tmp_path, {"DATABASE_URL": "sqlite:///x.sqlite",
                                    "DOTENV_PATH": str(tmp_path / "missing.env")})
    assert config["DATABASE_URL"] == "sqlite:///x.sqlite"


def test_session_cookies_are_httponly_lax_and_expire(app: Flask) -> None:
    assert app.config["SESSION_COOKIE_HTTPONLY"] is True
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"
    assert app.config["PERMANENT_SESSION_LIFETIME"].days == 14
    assert app.config["REMEMBER_COOKIE_DURATION"].days == 30
    assert app.config["SESSION_COOKIE_SECURE"] is False  # http://pbem.test in the fixture


def test_remember_me_sets_an_expiring_httponly_cookie(client: FlaskClient, user_factory) -> None:
    user = user_factory()
    response = client.post("/auth/login", data={
        "email": user.email, "password": "correct horse battery", "remember": "y"})
    cookies = response.headers.getlist("Set-Cookie")
    remember = next(c for c in cookies if c.startswith("remember_token="))
    assert "Expires=" in remember and "HttpOnly" in remember


def test_pages_carry_security_headers(client: FlaskClient) -> None:
    headers = client.get("/auth/login").headers
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"


def test_unknown_page_gets_a_friendly_404(client: FlaskClient) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert b"There is no page at this address" in response.data
    assert b'<main id="main"' in response.data


def test_errors_under_api_are_json(client: FlaskClient) -> None:
    response = client.get("/api/no/such/thing")
    assert response.status_code == 404
    assert response.is_json
    assert response.get_json()["error"] == "NotFound"  # the name docs/api.md documents
    assert response.get_json()["message"]


def test_a_crash_gives_a_500_page_without_details(tmp_path: Path) -> None:
    app = app_in(tmp_path, PROPAGATE_EXCEPTIONS=False)

    @app.route("/boom")
    def boom() -> str:
        raise RuntimeError("secret internals")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert b"An error on our side" in response.data
    assert b"secret internals" not in response.data


@pytest.mark.parametrize("code", [400, 403, 409, 429])
def test_error_pages_for_common_codes(tmp_path: Path, code: int) -> None:
    app = app_in(tmp_path)

    @app.route("/fail")
    def fail() -> str:
        abort(code)

    response = app.test_client().get("/fail")
    assert response.status_code == code
    assert f"({code})".encode() in response.data


def test_abort_with_a_description_shows_it(tmp_path: Path) -> None:
    app = app_in(tmp_path)

    @app.route("/conflict")
    def conflict() -> str:
        abort(409, description="The game moved on: reload.")

    response = app.test_client().get("/conflict")
    assert response.status_code == 409
    assert b"The game moved on: reload." in response.data


def test_pbem_create_app_builds_the_web_app(tmp_path: Path) -> None:
    import pbem

    app = pbem.create_app({**BASE, "INSTANCE_PATH": str(tmp_path / "i"),
                           "DOTENV_PATH": str(tmp_path / "missing.env")})
    assert isinstance(app, Flask)
    assert "auth.login" in app.view_functions


def test_cli_group_is_registered(runner) -> None:
    result = runner.invoke(args=["pbem", "--help"])
    assert result.exit_code == 0
    assert "pbem administration" in result.output


def test_a_session_expires_after_its_lifetime(client: FlaskClient, user_factory) -> None:
    from datetime import UTC, datetime, timedelta

    import time_machine

    user = user_factory()
    with time_machine.travel(datetime(2026, 5, 1, tzinfo=UTC), tick=False) as clock:
        client.post("/auth/login", data={"email": user.email, "password": "correct horse battery"})
        clock.shift(timedelta(days=13))
        assert client.get("/account/").status_code == 200
        clock.shift(timedelta(days=15))
        assert client.get("/account/").status_code == 302


def test_workers_starting_together_share_one_schema_and_one_secret_key(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = ("from pbem.web import create_app; "
            f"app = create_app({{'INSTANCE_PATH': {str(tmp_path)!r}, "
            f"'DOTENV_PATH': {str(tmp_path / 'none.env')!r}}}); "
            "import sys; sys.stdout.write(app.config['SECRET_KEY'])")
    workers = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, cwd=str(Path(__file__).parents[2]))
               for _ in range(2)]
    results = [worker.communicate(timeout=120) for worker in workers]
    assert [worker.returncode for worker in workers] == [0, 0], results
    assert len({out for out, _err in results}) == 1
    assert (tmp_path / "secret_key").read_text().strip() == results[0][0].decode()


@pytest.mark.parametrize(("key", "value", "message"), [
    ("DEFAULT_LANGUAGE", "de", "PBEM_DEFAULT_LANGUAGE='de': use one of en, it"),
    ("DEFAULT_TIMEZONE", "Rome", "PBEM_DEFAULT_TIMEZONE='Rome' is not an IANA time zone"),
    ("BASE_URL", "pbem.example.org", "PBEM_BASE_URL='pbem.example.org' must start with http"),
])
def test_a_bad_setting_stops_the_start_with_a_clear_message(
    tmp_path: Path, key: str, value: str, message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        load_config(tmp_path, {key: value, "DOTENV_PATH": str(tmp_path / "missing.env")})


def test_an_https_site_sends_hsts_and_secure_cookies(tmp_path: Path) -> None:
    app = app_in(tmp_path, BASE_URL="https://pbem.example.org", SECRET_KEY="k",
                 WTF_CSRF_ENABLED=False)
    client = app.test_client()
    assert client.get("/auth/login").headers["Strict-Transport-Security"].startswith("max-age=")
    response = client.post("/account/language", data={"lang": "it", "next": "/auth/login"})
    assert "Secure" in response.headers["Set-Cookie"]
    assert app.config["SESSION_COOKIE_SECURE"] and app.config["REMEMBER_COOKIE_SECURE"]
