"""Authorization on every view: every GET route with URL arguments, tried by a visitor, by a
logged-in stranger and by a stranger's API token against a PRIVATE race game, answers 302 to the
login page, 401, 403 or 404 (400/410 for a bad signed link), never the game and never a 500.
Public pages and pages opened by possession of a signed link are named in allow-lists with the
reason. A hidden-information ruleset checks that no page shows a seat's secret to anyone else.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from pbem.engine import register
from pbem.engine.registry import unregister
from pbem.services import orders as order_service
from pbem.services import views
from pbem.store.models.games import Game
from pbem.web.api_tokens import create_token
from pbem.web.db import db_session
from tests.rulesets.race import Race
from tests.web.test_security_routes import (
    PRIVATE_TITLE,
    TOKEN_FOR,
    UNSAFE,
    is_login_redirect,
    login_plain,
    row_counts,
    rules,
    sample_url,
    world,
)

#: Pages anyone may open, and why.
PUBLIC = {
    "lobby.home": "front page",
    "lobby.open_games": "public games looking for players",
    "auth.login": "log-in form", "auth.register": "registration form",
    "auth.reset_request": "forgot-password form",
    "api.openapi_json": "the API description (docs/api.md: no authentication)",
    "board.outline": "the bare A&A board, the same for everyone",
    "odds.page": "the battle odds calculator: no game data, the same for everyone (rate limited)",
    "static": "CSS and JavaScript",
}
#: Pages opened by holding a signed or secret link (the link is the authority), and why.
BY_LINK = {
    "dice.ledger": "published dice ledger (organiser's signed link, revocable)",
    "dice.ledger_csv": "published dice ledger", "dice.ledger_json": "published dice ledger",
    "dice.ledger_verify": "published dice ledger",
    "auth.reset_password": "password-reset link mailed to the owner",
    "account.confirm_email": "email-change link mailed to the new address",
    "account.confirm_address": "address-confirmation link of the welcome email",
    "notifications.unsubscribe_confirm": "unsubscribe link in every email (RFC 8058)",
    "leagues.join": "a club's invitation link (shows the club's name and a Join button)",
    "leagues.calendar_feed": "a player's signed iCalendar feed of their own deadlines",
}
#: Pages any logged-in member may open, and why.
MEMBERS = {
    "notifications.player": "a player's public profile (name and reliability)",
    "lobby.join_invite": "the invitation link's seat chooser (with the game's invite token)",
}
REFUSED = (401, 403, 404)
BAD_LINK = (400, 404, 410)


def _forged(token: str) -> str:
    return token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")


def _refused(rule: Any, response: Any) -> bool:
    if is_login_redirect(response) or response.status_code in REFUSED:
        return True
    return "token" in rule.arguments and response.status_code in BAD_LINK


def _callers(app, user_factory):
    stranger = user_factory(display_name="Stranger")
    with app.app_context():
        token = create_token(db_session(), stranger.id, "stranger's bot")
    return {
        "visitor": (app.test_client(), {}),
        "stranger": (login_plain(app.test_client(), stranger.email), {}),
        "stranger-token": (app.test_client(), {"Authorization": f"Bearer {token}"}),
    }


def _get_routes_with_arguments(app):
    return [r for r in rules(app) if "GET" in (r.methods or ()) and r.arguments]


def test_allow_lists_name_existing_routes(app):
    endpoints = {rule.endpoint for rule in rules(app)}
    for table in (PUBLIC, BY_LINK, MEMBERS):
        assert set(table) <= endpoints, set(table) - endpoints
        assert all(table.values())
    assert set(BY_LINK) <= set(TOKEN_FOR)


def test_no_view_shows_a_private_game_to_strangers(app, user_factory):
    w = world(app, user_factory)
    callers = _callers(app, user_factory)
    failures, tried = [], 0
    for rule in _get_routes_with_arguments(app):
        if rule.endpoint in PUBLIC:
            continue
        variants = [("real", {})]
        if "token" in rule.arguments:
            real = w.value(rule, "token")
            variants = [("forged", {"token": _forged(real)}), ("junk", {"token": "x"}),
                        ("real", {})]
        for label, override in variants:
            path = sample_url(app, rule, w, **override)
            for who, (client, headers) in callers.items():
                response = client.get(path, headers=headers)
                tried += 1
                body = response.get_data(as_text=True)
                if response.status_code >= 500:
                    failures.append(f"{who} GET {path}: {response.status_code}")
                    continue
                allowed = label == "real" and (
                    rule.endpoint in BY_LINK
                    or (who == "stranger" and rule.endpoint in MEMBERS))
                if allowed:
                    continue
                if not _refused(rule, response):
                    failures.append(f"{who} GET {path} ({label}): {response.status_code}")
                if PRIVATE_TITLE in body:
                    failures.append(f"{who} GET {path} ({label}) shows the private game")
    assert not failures, failures
    assert tried >= 60


def test_lists_and_parameterless_pages_do_not_mention_a_private_game(app, user_factory):
    w = world(app, user_factory)
    callers = _callers(app, user_factory)
    failures = []
    for rule in rules(app):
        if "GET" not in (rule.methods or ()) or rule.arguments:
            continue
        for who, (client, headers) in callers.items():
            response = client.get(rule.rule, headers=headers)
            if response.status_code >= 500 or PRIVATE_TITLE in response.get_data(as_text=True):
                failures.append(f"{who} GET {rule.rule}: {response.status_code}")
    assert not failures, failures
    # the control: a member's own list does show it
    member = login_plain(app.test_client(), w.blue_email)
    assert PRIVATE_TITLE in member.get("/games").get_data(as_text=True)
    assert PRIVATE_TITLE in member.get("/api/v1/games").get_data(as_text=True)


def test_members_only_pages_show_the_game_to_its_members(app, user_factory):
    """The control for the test above: the same URLs do answer 200 to a member, so the
    refusals are about who asks."""
    w = world(app, user_factory)
    member = login_plain(app.test_client(), w.blue_email)
    for path in (f"/games/{w.game_id}", f"/games/{w.game_id}/dice", f"/api/v1/games/{w.game_id}",
                 f"/api/v1/games/{w.game_id}/log"):
        response = member.get(path)
        assert response.status_code == 200, path
        assert PRIVATE_TITLE in response.get_data(as_text=True) or path.startswith("/api"), path


def test_organiser_pages_refuse_a_player_who_is_not_the_organiser(app, user_factory):
    w = world(app, user_factory)
    blue = login_plain(app.test_client(), w.blue_email)
    for path in (f"/n/games/{w.game_id}/settings", f"/n/games/{w.game_id}/outbox"):
        assert blue.get(path).status_code == 403, path
    before = blue.post(f"/games/{w.game_id}/dice/ledger/{w.link_id}/revoke")
    assert before.status_code == 403
    assert blue.post(f"/n/games/{w.game_id}/outbox/{w.message_id}/retry").status_code == 403
    assert blue.post(f"/games/{w.game_id}/pause").status_code == 403


def test_other_members_rows_are_not_theirs_to_change(app, user_factory):
    """Rosa's vacation and API token, addressed by id from Bruno's session: 404, unchanged."""
    w = world(app, user_factory)
    blue = login_plain(app.test_client(), w.blue_email)
    assert blue.post(f"/n/vacations/{w.vacation_id}/delete").status_code == 404
    assert blue.post(f"/account/tokens/{w.api_token_id}/revoke").status_code == 404
    probe = app.test_client().get("/api/v1/games", headers={"Authorization": f"Bearer {w.api_token}"})
    assert probe.status_code == 200


def _state(app, w) -> tuple:
    """Row counts plus the fields a refused request could change in place."""
    from sqlmodel import Session, select

    from pbem.store.models.api import ApiToken
    from pbem.store.models.dice import DiceLedgerLink
    from pbem.store.models.games import SeatHolder
    from pbem.store.models.outbox import OutboxMessage
    from pbem.web.db import get_engine

    with Session(get_engine(app)) as s:
        game = s.get(Game, w.game_id)
        seats = sorted((h.seat, h.user_id) for h in s.exec(
            select(SeatHolder).where(SeatHolder.game_id == w.game_id)))
        return (row_counts(app), game.status, game.last_seq, game.deadline_hours,
                game.deadline_at, game.visibility, seats,
                s.get(DiceLedgerLink, w.link_id).revoked_at,
                s.get(OutboxMessage, w.message_id).status,
                s.get(ApiToken, w.api_token_id).revoked_at)


def test_no_stranger_can_act_on_a_private_game_or_on_others_rows(app, user_factory):
    """Every unsafe route whose URL names a game or someone's row, tried by a visitor, a
    stranger's session and a stranger's API token with a plausible form: refused, nothing
    stored."""
    from tests.web.test_security_csrf import FORM_DATA

    w = world(app, user_factory)
    callers = _callers(app, user_factory)
    failures, tried = [], 0
    for rule in rules(app):
        unsafe = [m for m in (rule.methods or ()) if m in UNSAFE]
        owned = set(rule.arguments) - {"token", "filename"}
        if not unsafe or not owned:
            continue
        path = sample_url(app, rule, w)
        data = {**FORM_DATA.get(rule.endpoint, {}), "expected_seq": "8", "seat": "red"}
        for who, (client, headers) in callers.items():
            before = _state(app, w)
            if path.startswith("/api/"):
                response = client.post(path, headers=headers, json={
                    "seat": "red", "order": {"type": "end"}, "expected_seq": 8})
            else:
                response = client.post(path, headers=headers, data=data)
            tried += 1
            if not (is_login_redirect(response) or response.status_code in (400, *REFUSED)):
                failures.append(f"{who} POST {path}: {response.status_code}")
            if _state(app, w) != before:
                failures.append(f"{who} POST {path} changed something")
    assert not failures, failures
    assert tried >= 40


# -- hidden information --------------------------------------------------------------------
SECRET = "Ocelot-secret-5521"


class HiddenNotes(Race):
    """Race where a seat's notes are its own: others see neither the note nor its order."""

    key = "sec_hiddennotes"
    title = "Hidden notes"

    def view(self, state, seat):
        shown = copy.deepcopy(state)
        shown["notes"] = {s: t for s, t in (state.get("notes") or {}).items() if s == seat}
        return shown

    def event_view(self, event, seat):
        if event["seat"] in ("red", "blue") and event["seat"] != seat:
            if event["type"] == "race.noted":
                return None
            if event["type"] == "order" and event["payload"]["order"].get("type") == "note":
                return {**event, "payload": {"order": {"type": "note"}}}
        return event

    def describe_event(self, event):
        return None


@pytest.fixture
def hidden_game(app, user_factory):
    register(HiddenNotes.key, HiddenNotes)
    try:
        w = world(app, user_factory, visibility="public", ruleset=HiddenNotes.key)
        with app.app_context():
            session = db_session()
            seq = session.get(Game, w.game_id).last_seq
            order_service.submit_order(session, game_id=w.game_id, user_id=w.red_id, seat="red",
                                       order={"type": "note", "text": SECRET}, expected_seq=seq)
        yield w
    finally:
        unregister(HiddenNotes.key)


def test_no_page_shows_a_seat_its_opponents_secret(app, user_factory, hidden_game):
    w = hidden_game
    red = login_plain(app.test_client(), w.red_email)
    # the control: the secret is Rosa's own, in what the read path gives her (the page shows no raw data)
    with app.app_context():
        own = views.game_view(db_session(), game_id=w.game_id, user_id=w.red_id, seat="red")
    assert SECRET in json.dumps(own["view"])
    assert red.get(f"/games/{w.game_id}").status_code == 200
    callers = _callers(app, user_factory)
    del callers["stranger-token"]  # the API answers the stranger's session alike
    callers["opponent"] = (login_plain(app.test_client(), w.blue_email), {})
    failures = []
    for rule in rules(app):
        if "GET" not in (rule.methods or ()) or rule.endpoint in PUBLIC:
            continue
        path = sample_url(app, rule, w)
        for who, (client, headers) in callers.items():
            queries = ["?seat=red&log_before=999&after=0&limit=500"]
            if who == "opponent" or not rule.arguments:
                queries.append("")
            for query in queries:
                response = client.get(path + query, headers=headers)
                if response.status_code >= 500:
                    failures.append(f"{who} GET {path}{query}: {response.status_code}")
                elif SECRET in response.get_data(as_text=True):
                    failures.append(f"{who} GET {path}{query} shows red's secret")
    assert not failures, failures


def test_no_page_shows_a_members_email_address_to_others(app, user_factory):
    """Addresses stay private: Rosa's address is on no page or API answer that Bruno, a
    stranger or a visitor gets (the unsubscribe page of Rosa's own link aside; her email-change
    link's page shows only the new address)."""
    w = world(app, user_factory, visibility="public")
    callers = _callers(app, user_factory)
    callers["opponent"] = (login_plain(app.test_client(), w.blue_email), {})
    failures = []
    for rule in rules(app):
        if "GET" not in (rule.methods or ()) or rule.endpoint in (
                "notifications.unsubscribe_confirm",):
            continue
        path = sample_url(app, rule, w)
        for who, (client, headers) in callers.items():
            response = client.get(path, headers=headers)
            if w.red_email in response.get_data(as_text=True):
                failures.append(f"{who} GET {path}")
    assert not failures, failures
    own = login_plain(app.test_client(), w.red_email).get("/account/").get_data(as_text=True)
    assert w.red_email in own  # the control: the address is on her own profile
