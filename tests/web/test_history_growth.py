"""Issue 11, growth: the history page does not replay the whole log on every request, and a
spectator's default history is the last round, not the whole game."""

from __future__ import annotations

import random
from typing import Any

from sqlmodel import Session

from benchmarks.growth import StoredPlay
from pbem.engine import Game as EngineGame
from pbem.engine import load_ruleset
from pbem.games.aa.bot import RandomBot
from pbem.web.db import get_engine
from tests.web.test_board import aa_game
from tests.web.test_play import as_user


def played(app: Any, user_factory: Any, rounds: int) -> tuple[int, Any, Any, Any]:
    game_id, allies, axis = aa_game(app, user_factory)
    session = Session(get_engine(app), expire_on_commit=False)
    play = StoredPlay(session, game_id)
    bot = RandomBot(load_ruleset("aa1941"), random.Random(7))
    play.play_until_round(bot, rounds)
    return game_id, allies, play, bot


def test_history_requests_fold_from_snapshots_not_from_the_start(app, client, user_factory, monkeypatch) -> None:
    game_id, allies, play, bot = played(app, user_factory, 3)
    as_user(client, allies)
    assert client.get(f"/games/{game_id}/history").status_code == 200  # the chart series is built once
    play.play_until_round(bot, 4)
    play.session.close()

    def no_full_replay(*_args: Any, **_kw: Any) -> None:
        raise AssertionError("the history replayed the whole log")

    monkeypatch.setattr(EngineGame, "replay", no_full_replay)
    page = client.get(f"/games/{game_id}/history")
    assert page.status_code == 200 and "Round 3" in page.get_data(as_text=True)
    assert client.get(f"/games/{game_id}/history?at=120").status_code == 200  # a past board too
    assert client.get(f"/games/{game_id}").status_code == 200


def test_a_spectators_history_starts_a_round_back(app, client, user_factory) -> None:
    game_id, _allies, play, _bot = played(app, user_factory, 4)
    play.session.close()
    html = client.get(f"/games/{game_id}/history").get_data(as_text=True)  # not logged in: a spectator
    assert "Start of the game" not in html and "Round 3" in html
    whole = client.get(f"/games/{game_id}/history?from=1").get_data(as_text=True)
    assert "Start of the game" in whole and len(whole) > len(html)
