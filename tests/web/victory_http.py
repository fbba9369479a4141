"""Playing VICTORY through the HTTP API in tests: an adapter that gives the engine's bot
(``pbem.games.victory.bot``) the game as the API shows it to each seat, so the bot chooses every
order from ``legal_options`` as a player's client would."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

from pbem.engine import IllegalOrder, load_ruleset
from pbem.games.victory.bot import VictoryBot


class HttpGame:
    """The engine game's face the bot uses (``owed``, ``legal_options``, ``submit``, ``undo``,
    ``state`` for the default order), each call an HTTP request of the seat's own player."""

    def __init__(self, clients: dict[str, FlaskClient], game_id: int, app: Any) -> None:
        self.clients, self.game_id, self.app = clients, game_id, app
        self.sent = 0

    def _get(self, seat: str, path: str) -> dict[str, Any]:
        answer = self.clients[seat].get(f"/api/v1/games/{self.game_id}{path}?seat={seat}")
        assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
        found: dict[str, Any] = answer.get_json()
        return found

    def last_seq(self) -> int:
        return int(self._get(next(iter(self.clients)), "")["last_seq"])

    def owed(self) -> list[dict[str, Any]]:
        out = []
        for seat in self.clients:
            for o in self._get(seat, "/options")["owed"]:
                out.append({**o, "seat": o.get("seat", seat)})
        return out

    def legal_options(self, seat: str) -> dict[str, Any]:
        return self._get(seat, "/options")["options"]

    def result(self) -> Any:
        return self._get(next(iter(self.clients)), "").get("result")

    def submit(self, seat: str, order: dict[str, Any]) -> None:
        answer = self.clients[seat].post(f"/api/v1/games/{self.game_id}/orders",
                                         json={"seat": seat, "order": order, "expected_seq": self.last_seq()})
        if answer.status_code == 201:
            self.sent += 1
            return
        body = answer.get_json() or {}
        assert answer.status_code in (400, 409, 422), (answer.status_code, body)
        raise IllegalOrder(body.get("rule_id") or "HTTP", body.get("message") or "refused")

    def undo(self, seat: str) -> None:
        answer = self.clients[seat].post(f"/api/v1/games/{self.game_id}/undo",
                                         json={"seat": seat, "expected_seq": self.last_seq()})
        assert answer.status_code in (200, 201), answer.get_data(as_text=True)[:300]

    @property
    def state(self) -> dict[str, Any]:
        from tests.conformance.leaks import state_of

        return state_of(self.app, self.game_id)[1]


def bot_plays(app: Any, clients: dict[str, FlaskClient], game_id: int, seed: int, decisions: int,
              until: Any = None) -> HttpGame:
    """Up to ``decisions`` decisions by the bot through the API (stops at the end or when
    ``until(game)`` is true)."""
    game = HttpGame(clients, game_id, app)
    bot = VictoryBot(load_ruleset("victory"), random.Random(seed), moves_per_turn=3)
    for _ in range(decisions):
        if game.result() is not None or (until is not None and until(game)):
            break
        bot.act(game)
    return game
