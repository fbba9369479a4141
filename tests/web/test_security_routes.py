"""The route walker shared by the security and robustness tests, and its own guards.

The tests in ``test_security_*.py`` and ``test_robustness_*.py`` do not list routes by hand: they
walk ``app.url_map`` and fill each rule's arguments from :func:`world`'s rows (a private race game
organised by Rosa, with Bruno in the other seat, a published dice ledger, an API token, a vacation,
a failed email and every kind of signed link). The guards below fail when a new route has an
argument the walker cannot fill, so that a new route is covered, not silently skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import inspect, text
from sqlmodel import Session, func, select
from werkzeug.routing import Rule

from pbem.services import dice_audit
from pbem.services import games as game_service
from pbem.services import orders as order_service
from pbem.store.models.games import Event, Game
from pbem.store.models.outbox import FAILED, OutboxMessage, Vacation
from pbem.web.api_tokens import create_token
from pbem.web.db import get_engine
from tests.fixtures_web import DEFAULT_PASSWORD
from tests.leagues.walker import league_world

UNSAFE = ("POST", "PUT", "PATCH", "DELETE")
API_PREFIX = "/api/v1/"
#: A title nobody else uses: a response that contains it shows the private game.
PRIVATE_TITLE = "Zattera-7Q3 private club game"

#: Which signed or secret token each route with a ``<token>`` argument takes (a World attribute).
TOKEN_FOR = {
    "account.confirm_email": "email_token",
    "account.confirm_address": "confirm_token",
    "auth.reset_password": "reset_token",
    "notifications.open_game": "open_token",
    "notifications.unsubscribe_confirm": "unsubscribe_token",
    "notifications.unsubscribe": "unsubscribe_token",
    "dice.ledger": "ledger_token",
    "dice.ledger_csv": "ledger_token",
    "dice.ledger_json": "ledger_token",
    "dice.ledger_verify": "ledger_token",
    "lobby.join_invite": "invite_token",
    "leagues.join": "club_invite_token",
    "leagues.calendar_feed": "calendar_token",
    "invitations.show": "seat_invitation_token",
    "invitations.accept": "seat_invitation_token",
}
#: Every other argument name -> the World attribute that fills it.
ARG_FOR = {
    "game_id": "game_id",
    "link_id": "link_id",
    "message_id": "message_id",
    "token_id": "api_token_id",
    "user_id": "red_id",
    "vacation_id": "vacation_id",
    "filename": "static_file",
    **{name: name for name in ("club_id", "league_id", "season_id", "pairing_id", "invite_id", "member_id")},
    "invitation_id": "seat_invitation_id",
    "file_id": "file_id",
    "key": "ruleset_key",
    "name": "query_name",
}


@dataclass
class World:
    """The rows the walker's URLs point at (all owned by Rosa, the organiser, or her game)."""

    game_id: int
    red_id: int
    blue_id: int
    red_email: str
    blue_email: str
    link_id: int
    ledger_token: str
    invite_token: str
    api_token: str
    api_token_id: int
    vacation_id: int
    message_id: int
    reset_token: str
    email_token: str
    open_token: str
    unsubscribe_token: str
    static_file: str = "css/base.css"
    seat_invitation_id: int = 0
    seat_invitation_token: str = ""
    ruleset_key: str = "aa1941"
    query_name: str = "reachable"
    extra: dict[str, Any] = field(default_factory=dict)

    def value(self, rule: Rule, name: str) -> Any:
        key = TOKEN_FOR[rule.endpoint] if name == "token" else ARG_FOR[name]
        return self.extra[key] if key in self.extra else getattr(self, key)


RACE_ORDERS = (("red", {"type": "step", "n": 2}), ("red", {"type": "roll"}))
#: A&A 1941: Rosa holds the Allies (the Soviet Union moves first), Bruno the Axis.
AA_SEATS = (("ussr", "uk", "usa"), ("germany", "japan"))


def world(app: Flask, user_factory: Any, *, visibility: str = "private",
          ruleset: str = "race") -> World:
    """Rosa (organiser) and Bruno in a started game; in a race game Rosa (red) has stepped and
    rolled. ``ruleset="aa1941"``: Rosa holds the Allies, Bruno the Axis, no order yet."""
    aa = ruleset == "aa1941"
    red_seats, blue_seats = AA_SEATS if aa else (("red",), ("blue",))
    from pbem.notify.messages import open_token, unsubscribe_token
    from pbem.web.account import _email_serializer
    from pbem.web.auth import make_confirm_token, make_reset_token
    from pbem.web.dice import ledger_token

    red = user_factory(display_name="Rosa")
    blue = user_factory(display_name="Bruno")
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=red.id, ruleset_key=ruleset,
                                        title=PRIVATE_TITLE, options={} if aa else {"goal": 30},
                                        visibility=visibility)
        for user, seats in ((red, red_seats), (blue, blue_seats)):
            for seat in seats:
                game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat,
                                       invite_token=game.invite_token)
        game_service.start_game(s, game_id=game.id, user_id=red.id)
        for seat, order in () if aa else RACE_ORDERS:
            seq = s.get(Game, game.id).last_seq
            order_service.submit_order(s, game_id=game.id, user_id=red.id, seat=seat,
                                       order=order, expected_seq=seq)
        link = dice_audit.publish_ledger(s, game_id=game.id, user_id=red.id)
        token = create_token(s, red.id, "bot")
        now = datetime.now(UTC)
        vacation = Vacation(user_id=red.id, starts_at=now + timedelta(days=3),
                            ends_at=now + timedelta(days=5))
        message = OutboxMessage(kind="your_turn", to_address=red.email, subject="s", text="t",
                                message_id="<m@pbem.invalid>", user_id=red.id, game_id=game.id,
                                status=FAILED, last_error="refused")
        s.add_all([vacation, message])
        s.commit()
        from pbem.services import invitations
        invitation = invitations.invite(s, game_id=game.id, user_id=red.id, seat=blue_seats[0],
                                        email="invited@example.com")
        from pbem.store.models.api import ApiToken, hash_token
        token_row = s.exec(select(ApiToken).where(ApiToken.token_hash == hash_token(token))).one()
        ids = {"link": link.id, "nonce": link.nonce, "vacation": vacation.id,
               "message": message.id, "token": token_row.id, "invite": game.invite_token,
               "game": game.id, "invitation": invitation}
    with app.test_request_context():
        from pbem.store.models.accounts import User
        with Session(get_engine(app)) as s:
            red_row = s.get(User, red.id)
            reset = make_reset_token(red_row)
            confirm = make_confirm_token(red_row)
        from pbem.web.invitations import token_for
        seat_invitation_token = token_for(ids["invitation"])
        email = _email_serializer().dumps({"uid": red.id, "email": "rosa.new@example.com",
                                           "old": red.email})
        return World(
            game_id=ids["game"], red_id=red.id, blue_id=blue.id, red_email=red.email,
            blue_email=blue.email, link_id=ids["link"],
            ledger_token=ledger_token(ids["game"], ids["nonce"]),
            invite_token=ids["invite"] or "no-invite", api_token=token,
            api_token_id=ids["token"], vacation_id=ids["vacation"], message_id=ids["message"],
            reset_token=reset, email_token=email, open_token=open_token(red.id, ids["game"]),
            unsubscribe_token=unsubscribe_token(red.id), extra={**league_world(app, red, blue),
                                                                "file_id": player_file(app, red.id),
                                                                "confirm_token": confirm},
            seat_invitation_id=ids["invitation"].id, seat_invitation_token=seat_invitation_token)


def player_file(app: Flask, user_id: int) -> int:
    """A card list kept in Rosa's profile (the profile's file routes point at it)."""
    import json

    from pbem.engine import load_ruleset
    from pbem.games.rulesdata import load_json
    from pbem.services.player_files import save_file

    with Session(get_engine(app)) as s:
        row = save_file(s, user_id=user_id, ruleset=load_ruleset("airwar_pacific"), kind="card_list",
                        name="club cards", document=json.loads(json.dumps(load_json("airwar_pacific",
                                                                                    "sample_cards.json"))))
        return int(row.id)  # type: ignore[arg-type]


def rules(app: Flask) -> list[Rule]:
    return sorted(app.url_map.iter_rules(), key=lambda r: (r.rule, r.endpoint))


def methods(rule: Rule) -> list[str]:
    return sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})


def url(app: Flask, rule: Rule, values: dict[str, Any]) -> str:
    """The path of ``rule`` with ``values`` (built by the router: converters check them)."""
    adapter = app.url_map.bind("pbem.test")
    method = methods(rule)[0]
    return adapter.build(rule.endpoint, values, method=method)


def sample_url(app: Flask, rule: Rule, w: World, **override: Any) -> str:
    values = {name: w.value(rule, name) for name in rule.arguments}
    values.update(override)
    return url(app, rule, values)


def raw_url(rule: Rule, values: dict[str, Any]) -> str:
    """The path with ``values`` put in textually (to send what a converter would refuse)."""
    path = rule.rule
    for name, value in values.items():
        path = re.sub(r"<(?:[^:<>]+:)?" + re.escape(name) + ">", str(value), path)
    return path


def row_counts(app: Flask) -> dict[str, int]:
    """Rows in every table of the database (a refused request must not change any)."""
    engine = get_engine(app)
    names = sorted(set(inspect(engine).get_table_names()) - {"alembic_version"})
    with engine.connect() as conn:
        return {name: conn.execute(text(f'SELECT COUNT(*) FROM "{name}"')).scalar_one()
                for name in names}


def events_of(app: Flask, game_id: int) -> int:
    with Session(get_engine(app)) as s:
        return s.exec(select(func.count()).select_from(Event).where(Event.game_id == game_id)).one()


def csrf_token_of(html: str) -> str:
    match = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
    assert match, "no csrf_token field on the page"
    return match[1]


def login_with_csrf(client: FlaskClient, email: str, password: str = DEFAULT_PASSWORD) -> str:
    """Log in through the real form (CSRF on); returns the session's CSRF token."""
    token = csrf_token_of(client.get("/auth/login").get_data(as_text=True))
    response = client.post("/auth/login", data={"email": email, "password": password,
                                                "csrf_token": token})
    assert response.status_code == 302, response.status_code
    return csrf_token_of(client.get("/account/").get_data(as_text=True))


def login_plain(client: FlaskClient, email: str) -> FlaskClient:
    response = client.post("/auth/login", data={"email": email, "password": DEFAULT_PASSWORD})
    assert response.status_code == 302, response.status_code
    return client


def is_login_redirect(response: Any) -> bool:
    return response.status_code == 302 and \
        response.headers.get("Location", "").split("?")[0].endswith("/auth/login")


def walk(app: Flask) -> Iterator[tuple[Rule, str]]:
    for rule in rules(app):
        for method in methods(rule):
            yield rule, method


# -- the walker's own guards -----------------------------------------------------------------
def test_every_route_argument_can_be_filled(app):
    """A new route with an argument the walker does not know fails here: add it to
    ``ARG_FOR`` (or ``TOKEN_FOR`` for a ``<token>``), so the security tests cover it."""
    missing = []
    for rule in rules(app):
        for name in rule.arguments:
            if name == "token" and rule.endpoint not in TOKEN_FOR:
                missing.append(f"{rule.rule} ({rule.endpoint}): which token?")
            elif name != "token" and name not in ARG_FOR:
                missing.append(f"{rule.rule}: argument {name!r}")
    assert not missing, missing


def test_token_table_names_only_existing_routes(app):
    endpoints = {rule.endpoint for rule in rules(app)}
    assert set(TOKEN_FOR) <= endpoints, set(TOKEN_FOR) - endpoints


def test_the_walker_builds_a_url_for_every_rule(app, user_factory):
    w = world(app, user_factory)
    built = {rule.endpoint: sample_url(app, rule, w) for rule in rules(app)}
    assert built["play.game"] == f"/games/{w.game_id}"
    assert built["dice.revoke"] == f"/games/{w.game_id}/dice/ledger/{w.link_id}/revoke"
    assert len(built) == len({r.endpoint for r in rules(app)})
    assert all(path.startswith("/") for path in built.values())


def test_the_world_game_is_private_started_and_has_dice(app, user_factory):
    w = world(app, user_factory)
    with Session(get_engine(app)) as s:
        game = s.get(Game, w.game_id)
        assert (game.visibility, game.status, game.ruleset_key) == ("private", "active", "race")
    types = {e for e in _event_types(app, w.game_id)}
    assert {"order", "race.stepped", "dice.rolled"} <= types


def _event_types(app: Flask, game_id: int) -> list[str]:
    with Session(get_engine(app)) as s:
        return list(s.exec(select(Event.type).where(Event.game_id == game_id)))
