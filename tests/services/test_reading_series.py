"""Issue 11, growth: the history's chart is a series the reader keeps and extends with the events
since (``Reader.series``), folding from a snapshot, never replaying the whole log per request; it
equals what a full replay gives, for every seat, as the game goes on."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from sqlmodel import Session

from benchmarks.growth import StoredPlay
from pbem.engine import Game as EngineGame
from pbem.engine import load_ruleset
from pbem.games.aa.bot import RandomBot
from pbem.services import games, reading
from pbem.store import events as log
from pbem.store import snapshots
from pbem.store.models.games import Game
from tests.services.conftest import add_user

TYPES = ["aa.income_collected"]


def point(event: dict[str, Any], view: dict[str, Any]) -> tuple[str, int, int, int]:
    power = event["payload"]["power"]
    return power, view["round"], view["ipcs"][power], event["payload"]["amount"]


def replayed(session: Session, game_id: int, seat: str | None) -> list[tuple[str, int, int, int]]:
    """The series by one replay of the whole log, as the history computed it before."""
    rs = load_ruleset("aa1941")
    raw = log.load(session, game_id)
    visible = {e["seq"] for e in reading.redact_all(rs, raw, seat) if e["type"] in TYPES}
    points: dict[int, Any] = {}
    proxy = copy.copy(rs)

    def evolve(state: dict[str, Any], event: dict[str, Any]) -> None:
        rs.evolve(state, event)
        if event["seq"] in visible:
            points[event["seq"]] = point(event, rs.view(copy.deepcopy(state), seat))

    proxy.evolve = evolve
    EngineGame.replay(proxy, raw)
    return [points[s] for s in sorted(points)]


@pytest.fixture
def aa_game(session: Session) -> int:
    allies, axis = add_user(session, "alleati"), add_user(session, "asse")
    game = games.create_game(session, organiser_id=allies.id, ruleset_key="aa1941", title="Chart", options={})
    for user, seats in ((allies, ("ussr", "uk", "usa")), (axis, ("germany", "japan"))):
        for seat in seats:
            games.join_game(session, game_id=game.id, user_id=user.id, seat=seat)
    games.start_game(session, game_id=game.id, user_id=allies.id)
    return int(game.id)


def series(session: Session, game_id: int, seat: str | None) -> list[Any]:
    row = session.get(Game, game_id)
    session.refresh(row)
    return reading.Reader(session, row, seat).series("test.income", TYPES, point)


def test_the_series_grows_with_the_game_and_equals_a_full_replay(session: Session, aa_game: int,
                                                                 monkeypatch) -> None:
    play = StoredPlay(session, aa_game)
    bot = RandomBot(load_ruleset("aa1941"), random.Random(3))
    play.play_until_round(bot, 2)
    first = series(session, aa_game, "ussr")
    assert first == replayed(session, aa_game, "ussr") and len(first) >= 5
    assert series(session, aa_game, None) == replayed(session, aa_game, None)
    play.play_until_round(bot, 4)
    assert len(snapshots.all_for(session, aa_game)) > snapshots.KEEP  # checkpoints further back

    def no_full_replay(*_args: Any, **_kw: Any) -> None:
        raise AssertionError("the cached series was replayed from the start")

    monkeypatch.setattr(reading.EngineGame, "replay", no_full_replay)
    later = series(session, aa_game, "ussr")  # extended from the cache and a snapshot
    monkeypatch.undo()
    assert later[:len(first)] == first and len(later) > len(first)
    assert later == replayed(session, aa_game, "ussr")


def test_a_series_whose_log_changed_underneath_is_computed_again(session: Session, aa_game: int) -> None:
    play = StoredPlay(session, aa_game)
    play.play_until_round(RandomBot(load_ruleset("aa1941"), random.Random(5)), 2)
    good = series(session, aa_game, "germany")
    for key, (upto, _hash, items) in list(reading._SERIES.items()):
        if key[1] == aa_game and key[2] == "germany":
            reading._SERIES[key] = (upto, "another database's hash", [("junk", 0, 0, 0)] + items)
    assert series(session, aa_game, "germany") == good
