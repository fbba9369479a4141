"""Browser fixtures: the app served on 127.0.0.1 from a thread, Debian's Chromium driven by Playwright.

One server and one browser per module (fast); SQLite in a temporary folder; CSRF is on, as in
production. Screenshots go to ``test-artifacts/`` (gitignored).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

import pbem.store.models  # noqa: F401  (registers every table)
from pbem.store.db import create_schema, make_engine
from pbem.web import create_app
from pbem.web.db import get_engine
from tests.fixtures_web import FAST_HASH

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("browser")
    url = f"sqlite:///{tmp / 'pbem.sqlite'}"
    create_schema(make_engine(url))
    app = create_app({
        "TESTING": False, "INSTANCE_PATH": str(tmp / "instance"), "DOTENV_PATH": str(tmp / "no.env"),
        "DATABASE_URL": url, "SECRET_KEY": "browser-test-secret", "WTF_CSRF_ENABLED": True,
        "RATELIMIT_ENABLED": False, "BASE_URL": "http://127.0.0.1", "PASSWORD_MIN_LENGTH": 10,
        "PASSWORD_HASH_METHOD": FAST_HASH,
    })
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
    get_engine(app).dispose()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
