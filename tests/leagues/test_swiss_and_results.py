"""Swiss pairing by score; results (concession, forfeit by deadline policy) in the log,
the standings and the ratings."""

from __future__ import annotations

import json
from datetime import timedelta

from sqlmodel import Session, select

from pbem.services.deadlines import apply_deadlines
from pbem.services.leagues import ratings, results, seasons
from pbem.services.leagues.standings import result_rows, season_standings
from pbem.store import events as log
from pbem.store.models.games import FINISHED, Game
from pbem.store.models.leagues import Pairing
from tests.leagues.conftest import NOW
from tests.notify.race_games import factory

EIGHT = ("rita", "bruno", "carla", "dario", "elena", "fabio", "gina", "ivo")


def _round(session: Session, season_id: int, number: int) -> list[Pairing]:
    session.expire_all()
    return [p for p in session.exec(select(Pairing).where(Pairing.season_id == season_id,
                                                          Pairing.round == number)).all()]


def test_swiss_season_of_8_pairs_round_2_by_score(session, people, make_league, make_season):
    league = make_league()
    season = make_season(league, EIGHT, format="swiss", rounds=3)
    olga = people["olga"].id
    seasons.start_season(session, season_id=season.id, user_id=olga, now=NOW)
    first = _round(session, season.id, 1)
    assert len(first) == 4
    winners = set()
    for p in first:  # player_a wins every game of round 1 (by adjudication)
        results.adjudicate(session, game_id=p.game_id, user_id=olga, winner=p.player_a,
                           reason="test round", now=NOW)
        winners.add(p.player_a)
    seasons.next_swiss_round(session, season_id=season.id, user_id=olga, now=NOW)
    second = _round(session, season.id, 2)
    assert len(second) == 4
    met = {frozenset((p.player_a, p.player_b)) for p in first}
    for p in second:
        # winners meet winners, losers meet losers, nobody meets the same opponent again
        assert (p.player_a in winners) == (p.player_b in winners)
        assert frozenset((p.player_a, p.player_b)) not in met


def test_concession_and_forfeit_update_standings_and_ratings_and_are_logged(
        session, people, make_league, make_season, db_engine):
    league = make_league(forfeit_after_misses=1, vacation_days=0, deadline_hours=24)
    season = make_season(league, ("rita", "bruno", "carla"))
    seasons.start_season(session, season_id=season.id, user_id=people["olga"].id, now=NOW)
    games = [p for p in session.exec(select(Pairing).where(Pairing.season_id == season.id,
                                                           Pairing.player_b.is_not(None)))]
    conceded, timed_out = games[0], games[1]
    # a concession by player_b
    results.concede(session, game_id=conceded.game_id, user_id=conceded.player_b, now=NOW + timedelta(hours=1))
    # the other game's deadline passes: the league forfeits the player who owes the move
    game = session.get(Game, timed_out.game_id)
    late = game.deadline_at + timedelta(minutes=1)
    apply_deadlines(factory(db_engine), late)
    session.commit()
    session.expire_all()
    game = session.get(Game, timed_out.game_id)
    assert game.status == FINISHED
    records = [e for e in log.load(session, game.id) if e["type"] == "game.result"]
    assert [r["payload"]["kind"] for r in records] == ["forfeit"]
    red_player = timed_out.player_a  # red moves first and owed the decision
    assert records[0]["payload"]["loser"] == red_player and records[0]["payload"]["reason"] == "deadline"
    conceded_log = [e for e in log.load(session, conceded.game_id) if e["type"] == "game.result"]
    assert conceded_log[0]["payload"]["kind"] == "concession"
    assert conceded_log[0]["payload"]["winner"] == conceded.player_a

    rows = result_rows(session, club_id=league.club_id)
    by_game = {r["game_id"]: r for r in rows}
    assert by_game[conceded.game_id]["kind"] == "concession"
    assert by_game[timed_out.game_id]["kind"] == "forfeit"
    # every game whose deadline passed was forfeited (three players: the third game too)
    assert sorted(r["kind"] for r in rows) == ["concession", "forfeit", "forfeit"]
    table = {s.player: s for s in season_standings(session, season)}
    expected = {p.id: 0.0 for p in people.values()}
    for r in rows:
        expected[int(r["player_a"])] += float(r["score_a"])
        expected[int(r["player_b"])] += 1 - float(r["score_a"])
    for pairing in session.exec(select(Pairing).where(Pairing.season_id == season.id,
                                                      Pairing.player_b.is_(None))):
        expected[pairing.player_a] += 1.0  # a bye scores a win
    assert {p: s.points for p, s in table.items()} == {p: expected[p] for p in table}
    assert table[red_player].losses >= 1
    rated = ratings.compute(rows)[("race", league.ruleset_version)]
    # the concession ended first: 1500 v 1500, K 32 -> +16 / -16
    assert rated[conceded.player_a].history[0][1] == 1516.0
    assert rated[conceded.player_b].history[0][1] == 1484.0
    assert rated[timed_out.player_b].rating > rated[red_player].rating


def test_a_result_cannot_be_recorded_twice_and_an_adjustment_needs_a_reason(session, people, make_league,
                                                                            make_season):
    import pytest

    from pbem.services.errors import BadRequest, Conflict, Forbidden

    league = make_league()
    season = make_season(league, ("rita", "bruno"))
    seasons.start_season(session, season_id=season.id, user_id=people["olga"].id, now=NOW)
    pairing = session.exec(select(Pairing).where(Pairing.season_id == season.id)).one()
    results.concede(session, game_id=pairing.game_id, user_id=pairing.player_a, now=NOW)
    with pytest.raises(Conflict):
        results.concede(session, game_id=pairing.game_id, user_id=pairing.player_b, now=NOW)
    with pytest.raises(Forbidden):
        results.adjudicate(session, game_id=pairing.game_id, user_id=pairing.player_a, winner=None,
                           reason="I say so", now=NOW)
    with pytest.raises(BadRequest):
        results.adjudicate(session, game_id=pairing.game_id, user_id=people["olga"].id, winner=None,
                           reason=" ", now=NOW)
    row = results.adjudicate(session, game_id=pairing.game_id, user_id=people["olga"].id, winner=None,
                             reason="Both players agreed the concession was a misclick", now=NOW)
    assert row.score_a == 0.5 and row.kind == "adjudication"
    payloads = results.result_payloads(session, pairing.game_id)
    assert [p["adjusts"] for p in payloads] == [False, True]
    assert json.loads(session.get(Game, pairing.game_id).result)["reason"] == "adjudication"
