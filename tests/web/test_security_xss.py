"""Markup typed by players never reaches a page as markup: a game title, display names, an API
token name, a note order and a dice salt full of HTML are shown escaped on every HTML or SVG
response of the URL map (JSON and CSV are data, not pages).
"""

from __future__ import annotations

from sqlmodel import Session

from pbem.services import orders as order_service
from pbem.store.models.accounts import User
from pbem.store.models.api import ApiToken
from pbem.store.models.games import Game
from pbem.web.db import get_engine
from tests.web.test_security_routes import login_plain, sample_url, walk, world

PAYLOADS = ('<script>alert("t")</script>', '<img src=x onerror=alert(1)>',
            '"><svg onload=alert(2)>', "</textarea><b>n</b>")
RENDERED = ("text/html", "image/svg+xml")


def _plant(app, w) -> None:
    with Session(get_engine(app)) as s:
        game = s.get(Game, w.game_id)
        game.title = "T " + PAYLOADS[0]
        s.get(User, w.red_id).display_name = "R " + PAYLOADS[1]
        s.get(User, w.blue_id).display_name = "B " + PAYLOADS[2]
        s.get(ApiToken, w.api_token_id).name = "K " + PAYLOADS[3]
        s.commit()
        for order in ({"type": "note", "text": " ".join(PAYLOADS)},):
            order_service.submit_order(s, game_id=w.game_id, user_id=w.red_id, seat="red",
                                       order=order, expected_seq=s.get(Game, w.game_id).last_seq)
        order_service.add_salt(s, game_id=w.game_id, user_id=w.red_id, seat="red",
                               salt=PAYLOADS[1])


def test_player_text_is_escaped_on_every_page(app, user_factory):
    w = world(app, user_factory)
    _plant(app, w)
    clients = {"organiser": login_plain(app.test_client(), w.red_email),
               "opponent": login_plain(app.test_client(), w.blue_email)}
    failures, rendered = [], 0
    for who, client in clients.items():
        for rule, method in walk(app):
            if method != "GET":
                continue
            path = sample_url(app, rule, w)
            response = client.get(path, query_string={"seat": "red"})
            if response.mimetype not in RENDERED:
                continue
            rendered += 1
            body = response.get_data(as_text=True)
            failures += [f"{who} GET {path}: {p}" for p in PAYLOADS if p in body]
    assert not failures, failures
    assert rendered >= 20


def test_the_planted_text_does_reach_the_pages_escaped(app, user_factory):
    """The control: the payloads are on the pages, escaped (so the test above looked at pages
    that show them)."""
    w = world(app, user_factory)
    _plant(app, w)
    client = login_plain(app.test_client(), w.red_email)
    page = client.get(f"/games/{w.game_id}").get_data(as_text=True)
    assert "&lt;script&gt;alert(" in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    tokens = client.get("/account/tokens").get_data(as_text=True)
    assert "&lt;/textarea&gt;&lt;b&gt;n&lt;/b&gt;" in tokens
