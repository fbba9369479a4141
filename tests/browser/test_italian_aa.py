"""An Italian club in headless Chromium: two players register in Italian, create an A&A 1941 game,
and the Soviet player gives a few orders (a refused purchase, a purchase, a combat move, a battle
with its casualties). What they read, the text the browser shows (``innerText``, after the
scripts ran) on the game page, the history, the refusal, and the emails the server wrote, holds no
English phrase of any message catalog (``tests/i18n_leaks.py``); proper names and words the same
in both languages pass. The same over the Flask test client, faster: ``tests/web/test_italian_aa.py``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select
from werkzeug.serving import make_server

import pbem.store.models  # noqa: F401  (registers every table)
from pbem.notify.messages import render_row
from pbem.store.db import create_schema, make_engine
from pbem.store.models.outbox import OutboxMessage
from pbem.web import create_app
from pbem.web.db import get_engine
from tests.browser.aa_helpers import DESKTOP, PASSWORD, PHONE, Screen
from tests.fixtures_web import FAST_HASH
from tests.i18n_leaks import english_in, visible_text

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """The app served from a thread, as ``live_server`` does, keeping the app to read its outbox."""
    tmp = tmp_path_factory.mktemp("italian")
    url = f"sqlite:///{tmp / 'pbem.sqlite'}"
    create_schema(make_engine(url))
    app = create_app({
        "TESTING": False, "INSTANCE_PATH": str(tmp / "instance"), "DOTENV_PATH": str(tmp / "no.env"),
        "DATABASE_URL": url, "SECRET_KEY": "browser-test-secret", "WTF_CSRF_ENABLED": True,
        "RATELIMIT_ENABLED": False, "BASE_URL": "http://127.0.0.1", "PASSWORD_MIN_LENGTH": 10,
        "PASSWORD_HASH_METHOD": FAST_HASH, "DEFAULT_LANGUAGE": "it",
    })
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}", app
    http.shutdown()
    thread.join(timeout=5)
    get_engine(app).dispose()


def submit(screen: Screen, form: str) -> None:
    """Send the form ``form`` (a CSS selector) with its own submit button, as a click."""
    with screen.page.expect_navigation():
        screen.page.locator(f"{form} button[type=submit], {form} input[type=submit]").first.click()
    screen.settled()


def register(screen: Screen, email: str, name: str) -> None:
    screen.goto("/auth/register")
    page = screen.page
    page.select_option("#language", "it")
    page.fill("#email", email)
    page.fill("#display_name", name)
    page.fill("#password", PASSWORD)
    page.fill("#confirm", PASSWORD)
    submit(screen, "form:has(#password)")
    # registering logs the new player in: no log-in page follows (issue 10)
    assert "/auth/" not in page.url and not page.locator("#password").count(), page.url


def take_seats(screen: Screen, seats: tuple[str, ...]) -> None:
    for seat in seats:
        submit(screen, f'form:has(input[name=seat][value="{seat}"])[action$="/join"]')


def text_of(screen: Screen) -> str:
    """What the reader sees: the page's rendered text, plus the labels a screen reader announces."""
    shown = str(screen.page.evaluate("document.body.innerText"))
    return shown + "\n" + visible_text(screen.page.content())


def leaks(where: str, text: str) -> list[str]:
    found = english_in(text)
    return [f"{where}: {found}"] if found else []


def play(screen: Screen) -> None:
    """The Soviet turn so far: 2 infantry, the attack on West Russia, the battle."""
    page = screen.page
    page.fill("#buy-infantry", "2")
    submit(screen, "#purchase-form")
    with page.expect_navigation():
        page.locator("#end-phase").click()
    screen.settled()
    if page.locator("#order-seat").count():
        page.select_option("#order-seat", "ussr")
    order = {"type": "move", "units": [51, 52, 53, 54], "route": ["Russia", "West Russia"]}
    page.fill("#order-json", json.dumps(order))
    submit(screen, "form.order-form")
    assert not page.locator("#order-error").count(), page.locator("#order-error").inner_text()
    with page.expect_navigation():
        page.locator("#end-phase").click()
    screen.settled()
    for _step in range(30):
        form = page.locator("#casualties-form")
        if form.count():
            boxes = form.locator("input[type=checkbox]")
            for i in range(min(int(form.get_attribute("data-hits") or "1"), boxes.count())):
                boxes.nth(i).check()
            submit(screen, "#casualties-form")
            continue
        fight = page.locator(".aa-battle-order button.primary")
        if not fight.count():
            return
        with page.expect_navigation():
            fight.first.click()
        screen.settled()
    raise AssertionError("the battle did not end")


def test_an_italian_player_reads_no_english(browser: Any, server: tuple[str, Any], artifacts: Path) -> None:
    base, app = server
    allies, axis = Screen(browser, base, DESKTOP), Screen(browser, base, PHONE)
    register(allies, "carla@club.example.org", "Carla")
    register(axis, "bruno@club.example.org", "Bruno")
    found: list[str] = []

    allies.goto("/games/new?ruleset=aa1941")
    found += leaks("new game form", text_of(allies))
    allies.page.fill("#title", "Barbarossa")
    allies.page.select_option("#opt_dice", "low_luck")
    submit(allies, 'form[method=post][action$="/games/new"]')
    game_url = allies.page.url
    take_seats(allies, ("ussr", "uk", "usa"))
    axis.goto(game_url)
    take_seats(axis, ("germany", "japan"))
    allies.goto(game_url)
    submit(allies, 'form[action$="/start"]')
    found += leaks("game page at the start", text_of(allies))

    page = allies.page
    page.fill("#buy-battleship", "1")
    submit(allies, "#purchase-form")
    refusal = page.locator("#order-error").inner_text()
    assert "AA41-PUR-02" in refusal
    found += leaks("refusal page", text_of(allies))
    allies.goto(game_url)
    play(allies)
    page.screenshot(path=str(artifacts / "italian-game.png"), full_page=True)
    game_text = text_of(allies)
    found += leaks("game page after a battle", game_text)
    assert "Unione Sovietica" in game_text and "Soviet Union" not in game_text
    assert "perde" in game_text  # the battle's losses, by owner and type

    allies.goto(game_url.split("?")[0] + "/history?from=1")
    history = text_of(allies)
    found += leaks("history", history)
    assert "Unione Sovietica acquista 2 fanteria per 6 IPC" in history
    axis.goto(game_url)
    found += leaks("game page of the other player, on a phone", text_of(axis))

    with app.app_context(), Session(get_engine(app), expire_on_commit=False) as s:
        rows = list(s.exec(select(OutboxMessage)))
        emails = [r for r in rows if r.channel == "email" and r.template]
        for row in emails:
            render_row(s, row)
            found += leaks(f"email {row.template}", f"{row.subject}\n{row.text}\n{visible_text(row.html or '')}")
        hooks = [r for r in rows if r.channel == "webhook"]
    assert emails and any(r.template == "your_turn" for r in emails)
    assert not hooks or all(not english_in(json.loads(r.headers).get("content", "")) for r in hooks)
    assert not found, found
