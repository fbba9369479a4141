"""The leak check: random games through the HTTP API, and every byte each seat receives searched
for the other seats' secrets (``Conformance.secrets``-style hooks: ``secrets(ruleset, state, seat)``).

What a seat receives: the game page, the history and its stepper, the board, the dice audit
(page and JSON), the API view, options and log (with its readable sentences), the export when
the seat may make one, the emails rendered for the seat's player and every webhook post.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, select

from pbem.notify.messages import render_row
from pbem.services import games as game_service
from pbem.store import snapshots
from pbem.store.models.games import Game
from pbem.store.models.outbox import GameNotifySettings, OutboxMessage
from pbem.web.db import get_engine

Secrets = Callable[[Any, dict[str, Any], str], list[str]]


def start(app: Flask, users: dict[str, Any], ruleset: str, options: dict[str, Any]) -> int:
    """A started public game with a chat webhook; ``users``: seat -> user."""
    organiser = next(iter(users.values()))
    with Session(get_engine(app), expire_on_commit=False) as s:
        game = game_service.create_game(s, organiser_id=organiser.id, ruleset_key=ruleset, title="Segreti",
                                        options=options)
        for seat, user in users.items():
            game_service.join_game(s, game_id=game.id, user_id=user.id, seat=seat)
        s.add(GameNotifySettings(game_id=game.id, webhook_url="http://chat.test/hook"))
        s.commit()
        game_service.start_game(s, game_id=game.id, user_id=organiser.id)
        return int(game.id)


def state_of(app: Flask, game_id: int) -> tuple[Any, dict[str, Any], int]:
    with Session(get_engine(app)) as s:
        row = s.get(Game, game_id)
        engine = snapshots.load_game(s, row)
        return engine.ruleset, engine.state, row.last_seq


def received(app: Flask, client: FlaskClient, game_id: int, seat: str, user_id: int) -> dict[str, str]:
    """Everything the seat's player receives now, by where it came from."""
    _rs, _state, last = state_of(app, game_id)
    q = f"seat={seat}"
    out = {}
    for url in (f"/games/{game_id}?{q}", f"/games/{game_id}/history?from=1&{q}",
                f"/games/{game_id}/history/frame?at={last}&{q}", f"/games/{game_id}/board.svg?{q}",
                f"/games/{game_id}/dice", f"/games/{game_id}/dice.json", f"/api/v1/games/{game_id}?{q}",
                f"/api/v1/games/{game_id}/options?{q}", f"/api/v1/games/{game_id}/log?limit=500&{q}",
                f"/games/{game_id}/export", f"/api/v1/games/{game_id}/export"):
        response = client.get(url)
        if response.status_code == 200:
            out[url] = response.get_data(as_text=True)
    with Session(get_engine(app)) as s, app.app_context():
        for row in s.exec(select(OutboxMessage).where(OutboxMessage.game_id == game_id)):
            if row.channel == "webhook":
                out[f"webhook {row.id}"] = row.headers
            elif row.user_id == user_id and row.template:
                render_row(s, row)
                out[f"email {row.id}"] = f"{row.subject}\n{row.text}\n{row.html}"
    return out


def leaks(app: Flask, clients: dict[str, FlaskClient], users: dict[str, Any], game_id: int,
          secrets: Secrets) -> list[str]:
    """Each other seat's secret found in what each seat received (empty: no leak)."""
    ruleset, state, last = state_of(app, game_id)
    found = []
    for seat, client in clients.items():
        others = {s: secrets(ruleset, state, s) for s in clients if s != seat}
        for where, text in received(app, client, game_id, seat, users[seat].id).items():
            for other, values in others.items():
                found += [f"seq {last}: {seat} received {other}'s secret {v!r} in {where}" for v in values
                          if v and v in text]
    return found


def random_orders(app: Flask, clients: dict[str, FlaskClient], game_id: int, rng: random.Random,
                  count: int, extra: Callable[[str, random.Random], dict[str, Any] | None] | None = None) -> int:
    """Up to ``count`` random legal orders through the API, by whichever seat owes one; ``extra``
    may add an anytime order of any seat (e.g. a private note) now and then."""
    sent = 0
    for _ in range(count):
        _rs, _state, last = state_of(app, game_id)
        if extra is not None:
            seat = rng.choice(sorted(clients))
            order = extra(seat, rng)
            if order is not None:
                clients[seat].post(f"/api/v1/games/{game_id}/orders",
                                   json={"seat": seat, "order": order, "expected_seq": last})
                _rs, _state, last = state_of(app, game_id)
        for seat, client in clients.items():
            options = client.get(f"/api/v1/games/{game_id}/options?seat={seat}").get_json()
            if options.get("owes") and options["options"].get("orders"):
                order = rng.choice(options["options"]["orders"])
                answer = client.post(f"/api/v1/games/{game_id}/orders",
                                     json={"seat": seat, "order": order, "expected_seq": last})
                assert answer.status_code == 201, answer.get_json()
                sent += 1
                break
        else:
            return sent
    return sent
