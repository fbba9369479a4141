"""A round-robin season: every pair once, games with the league's options, pairing emails."""

from __future__ import annotations

import json
from itertools import combinations

from sqlmodel import select

from pbem.services.leagues import seasons
from pbem.services.leagues.pairing import round_robin
from pbem.store.models.games import ACTIVE, Game, SeatHolder
from pbem.store.models.leagues import Pairing
from pbem.store.models.outbox import GameNotifySettings, OutboxMessage
from tests.leagues.conftest import NOW


def test_round_robin_of_4_creates_6_games_with_the_options_and_emails(session, people, make_league,
                                                                      make_season):
    league = make_league(deadline_hours=48, policy="extend")
    season = make_season(league, ("rita", "bruno", "carla", "dario"))
    seasons.start_season(session, season_id=season.id, user_id=people["olga"].id, now=NOW)

    pairings = session.exec(select(Pairing).where(Pairing.season_id == season.id)).all()
    assert len(pairings) == 6
    ids = {people[n].id for n in ("rita", "bruno", "carla", "dario")}
    assert {frozenset((p.player_a, p.player_b)) for p in pairings} == {
        frozenset(c) for c in combinations(ids, 2)}
    assert sorted({p.round for p in pairings}) == [1, 2, 3]
    for p in pairings:
        game = session.get(Game, p.game_id)
        assert game.status == ACTIVE and game.ruleset_key == "race"
        assert json.loads(game.options) == {"goal": 12}
        assert game.deadline_hours == 48
        assert session.get(GameNotifySettings, game.id).policy == "extend"
        seated = {h.seat: h.user_id for h in session.exec(select(SeatHolder).where(SeatHolder.game_id == game.id))}
        assert seated == {"red": p.player_a, "blue": p.player_b}
    mails = session.exec(select(OutboxMessage).where(OutboxMessage.kind == "league_pairings")).all()
    # one email per player per round: 4 players x 3 rounds
    assert len(mails) == 12
    assert {m.user_id for m in mails} == ids


def test_round_robin_with_an_odd_number_gives_byes_and_balances_sides():
    rounds = round_robin([1, 2, 3, 4, 5])
    assert len(rounds) == 5
    pairs = [p for r in rounds for p in r if p[1] is not None]
    assert len({frozenset(p) for p in pairs}) == 10
    firsts = {n: sum(1 for a, _ in pairs if a == n) for n in range(1, 6)}
    assert all(1 <= v <= 3 for v in firsts.values()), firsts
