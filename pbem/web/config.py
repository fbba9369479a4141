"""Configuration: defaults < ``.env`` file < ``PBEM_*`` environment variables < ``test_config``.

Every setting is read from an environment variable with the ``PBEM_`` prefix (the prefix is
dropped in ``app.config``: ``PBEM_DATABASE_URL`` becomes ``app.config["DATABASE_URL"]``).
Values that parse as JSON (``true``, ``10``) are converted, as Flask's ``from_prefixed_env``
does. The ``.env`` file is read without changing ``os.environ``. See ``docs/configuration.md``.
"""

from __future__ import annotations

import json
import os
import secrets
import time
import zoneinfo
from datetime import timedelta
from pathlib import Path
from typing import Any

from dotenv import dotenv_values
from limits import parse_many

PREFIX = "PBEM_"
REPO_ROOT = Path(__file__).resolve().parents[2]

# Settings whose default depends on the instance folder are filled in by ``load_config``.
DEFAULTS: dict[str, Any] = {
    "BASE_URL": "http://127.0.0.1:5000",
    "DEFAULT_LANGUAGE": "en",
    "DEFAULT_TIMEZONE": "Europe/Rome",
    "LANGUAGES": ["en", "it"],
    "MAIL_FROM": "pbem <pbem@localhost>",
    "MAIL_TRANSPORT": "file",
    "PASSWORD_MIN_LENGTH": 10,
    "ALLOW_TEST_EMAIL_DOMAINS": False,  # accept alice@club.test (a test or demo server)
    "PASSWORD_HASH_METHOD": "scrypt",
    "PASSWORD_RESET_MAX_AGE": 3600,
    "EMAIL_CONFIRM_MAX_AGE": 7 * 86400,
    "DICE_LEDGER_MAX_AGE": 180 * 86400,
    "LOGIN_RATE_LIMIT": "10 per minute;50 per hour",
    "LOGIN_ACCOUNT_RATE_LIMIT": "5 per minute;20 per hour",
    "RESET_RATE_LIMIT": "5 per minute;20 per hour",
    "RESET_ACCOUNT_RATE_LIMIT": "3 per hour",
    "REGISTER_RATE_LIMIT": "20 per hour",
    "REGISTER_ACCOUNT_RATE_LIMIT": "5 per hour",
    "RATELIMIT_STORAGE_URI": "memory://",
    "PAGE_CACHE_URL": "",  # Redis shared by the web processes for the game pages (pbem/shared_cache.py)
    "PAGE_CACHE_PREFIX": "pbem",
    "PAGE_CACHE_TTL": 86400,
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_HEADERS_ENABLED": False,
    "PROXY_FIX_X_FOR": 0,
    "CONTENT_SECURITY_POLICY": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    ),
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "PERMANENT_SESSION_LIFETIME": timedelta(days=14),
    "REMEMBER_COOKIE_DURATION": timedelta(days=30),
    "REMEMBER_COOKIE_HTTPONLY": True,
    "REMEMBER_COOKIE_SAMESITE": "Lax",
    "WTF_CSRF_TIME_LIMIT": 6 * 3600,
    "MAX_CONTENT_LENGTH": 16 * 1024 * 1024,
    "ORDER_MAX_CONTENT_LENGTH": 64 * 1024,
    "ANYTIME_ORDER_RATE_LIMIT": "30 per hour",
    "ODDS_RATE_LIMIT": "30 per minute;300 per hour",  # battle odds: page and API (docs/odds.md)
}


def resolve_instance_path(test_config: dict[str, Any] | None = None) -> Path:
    """``INSTANCE_PATH`` in test_config, else ``PBEM_INSTANCE_PATH``, else ``<repo>/instance``."""
    if test_config and test_config.get("INSTANCE_PATH"):
        return Path(test_config["INSTANCE_PATH"]).resolve()
    env = os.environ.get(PREFIX + "INSTANCE_PATH")
    return Path(env).resolve() if env else REPO_ROOT / "instance"


# Always kept as text, even when they look like JSON (a numeric password stays a string).
STRING_KEYS = frozenset({
    "SECRET_KEY", "DATABASE_URL", "BASE_URL", "INSTANCE_PATH", "DOTENV_PATH", "MAIL_FROM",
    "MAIL_HOST", "MAIL_USERNAME", "MAIL_PASSWORD", "MAIL_FILE_DIR", "DEFAULT_LANGUAGE",
    "DEFAULT_TIMEZONE", "RATELIMIT_STORAGE_URI", "CONTENT_SECURITY_POLICY", "WORKER_HOST",
    "RATELIMIT_KEY_PREFIX", "PAGE_CACHE_URL", "PAGE_CACHE_PREFIX",
})


def _parse(key: str, value: str) -> Any:
    if key in STRING_KEYS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


def prefixed(values: dict[str, str | None]) -> dict[str, Any]:
    """The ``PBEM_``-prefixed entries of ``values``, prefix dropped, JSON-looking values parsed."""
    return {
        key[len(PREFIX):]: _parse(key[len(PREFIX):], value)
        for key, value in values.items()
        if key.startswith(PREFIX) and value is not None
    }


def _as_duration(value: Any) -> Any:
    return timedelta(seconds=value) if isinstance(value, int | float) else value


def load_config(instance_path: Path, test_config: dict[str, Any] | None) -> dict[str, Any]:
    """Return the merged configuration (without touching ``os.environ``)."""
    test_config = dict(test_config or {})
    config: dict[str, Any] = dict(DEFAULTS)
    config["DATABASE_URL"] = f"sqlite:///{instance_path / 'pbem.sqlite'}"
    config["MAIL_FILE_DIR"] = str(instance_path / "mail")
    dotenv_path = test_config.get("DOTENV_PATH", os.environ.get(PREFIX + "DOTENV_PATH"))
    dotenv_file = Path(dotenv_path) if dotenv_path else REPO_ROOT / ".env"
    if dotenv_file.is_file():
        config.update(prefixed(dotenv_values(dotenv_file)))
    config.update(prefixed(dict(os.environ)))
    config.update(test_config)
    for key in ("PERMANENT_SESSION_LIFETIME", "REMEMBER_COOKIE_DURATION"):
        config[key] = _as_duration(config[key])
    secure = config.get("SESSION_COOKIE_SECURE")
    if secure is None:
        secure = str(config["BASE_URL"]).startswith("https://")
    config.setdefault("SESSION_COOKIE_SECURE", secure)
    config.setdefault("REMEMBER_COOKIE_SECURE", secure)
    _check(config)
    config["BABEL_DEFAULT_LOCALE"] = config["DEFAULT_LANGUAGE"]
    config["BABEL_DEFAULT_TIMEZONE"] = config["DEFAULT_TIMEZONE"]
    config["BABEL_TRANSLATION_DIRECTORIES"] = str(REPO_ROOT / "pbem" / "translations")
    if not config.get("SECRET_KEY"):
        config["SECRET_KEY"] = instance_secret_key(instance_path)
    return config


def _check(config: dict[str, Any]) -> None:
    """Refuse to start with a setting that would only fail later, saying which and why."""
    if config["DEFAULT_LANGUAGE"] not in config["LANGUAGES"]:
        raise ValueError(f"PBEM_DEFAULT_LANGUAGE={config['DEFAULT_LANGUAGE']!r}: use one of "
                         f"{', '.join(config['LANGUAGES'])}")
    if config["DEFAULT_TIMEZONE"] not in zoneinfo.available_timezones():
        raise ValueError(f"PBEM_DEFAULT_TIMEZONE={config['DEFAULT_TIMEZONE']!r} is not an IANA "
                         "time zone name such as Europe/Rome")
    try:
        parse_many(str(config["ANYTIME_ORDER_RATE_LIMIT"]))
    except ValueError:
        raise ValueError(f"PBEM_ANYTIME_ORDER_RATE_LIMIT={config['ANYTIME_ORDER_RATE_LIMIT']!r} is not a "
                         "rate limit such as '30 per hour'") from None
    if not str(config["BASE_URL"]).startswith(("http://", "https://")):
        raise ValueError(f"PBEM_BASE_URL={config['BASE_URL']!r} must start with http:// or "
                         "https://")


def instance_secret_key(instance_path: Path) -> str:
    """Read ``<instance>/secret_key``, creating it (mode 0600) with a random key on first start.

    The file is created exclusively, so web workers starting together agree on one key.
    """
    key_file = instance_path / "secret_key"
    try:
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _attempt in range(50):
            key = key_file.read_text(encoding="ascii").strip()
            if key:
                return key
            time.sleep(0.02)
        raise RuntimeError(f"{key_file} is empty: delete it or set PBEM_SECRET_KEY") from None
    key = secrets.token_urlsafe(48)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key
