"""The arbiter console (rulings with reasons in the log), draws, playoffs, challenges, and the
abandonment policy."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from pbem.services.errors import BadRequest, Conflict, Forbidden
from pbem.services.leagues import arbiter, results, seasons
from pbem.services.orders import submit_order
from pbem.store import events as log
from pbem.store.models.games import Game, SeatHolder
from pbem.store.models.leagues import Pairing, SeasonEntry
from tests.leagues.conftest import NOW


def _only(session, season):
    return session.exec(select(Pairing).where(Pairing.season_id == season.id)).one()


@pytest.fixture
def duel(session, people, make_league, make_season):
    league = make_league()
    season = make_season(league, ("rita", "bruno"))
    seasons.start_season(session, season_id=season.id, user_id=people["olga"].id, now=NOW)
    return _only(session, season)


def test_substitute_ruling_is_logged_with_its_reason(session, people, duel):
    with pytest.raises(Forbidden):
        arbiter.substitute(session, game_id=duel.game_id, user_id=people["rita"].id, player=duel.player_a,
                           new_user_id=people["carla"].id, reason="x")
    with pytest.raises(BadRequest):
        arbiter.substitute(session, game_id=duel.game_id, user_id=people["olga"].id, player=duel.player_a,
                           new_user_id=people["carla"].id, reason="  ")
    arbiter.substitute(session, game_id=duel.game_id, user_id=people["olga"].id, player=duel.player_a,
                       new_user_id=people["carla"].id, reason="Rita moved abroad", now=NOW)
    seated = {h.seat: h.user_id for h in session.exec(select(SeatHolder).where(SeatHolder.game_id == duel.game_id))}
    assert seated["red"] == people["carla"].id
    session.refresh(duel)
    assert duel.player_a == people["carla"].id
    ruling = [e for e in log.load(session, duel.game_id) if e["type"] == "game.ruling"]
    assert ruling[0]["payload"]["reason"] == "Rita moved abroad" and ruling[0]["payload"]["by"] == people["olga"].id


def test_rewind_ruling_takes_orders_back_through_the_engine(session, people, duel):
    game = session.get(Game, duel.game_id)
    before = game.last_seq
    for n in (1, 2):
        session.refresh(game)
        submit_order(session, game_id=game.id, user_id=duel.player_a, seat="red", order={"type": "step", "n": n},
                     expected_seq=game.last_seq, now=NOW)
    session.refresh(game)
    undone = arbiter.rewind(session, game_id=game.id, user_id=people["olga"].id, to_seq=before,
                            reason="Misclick reported in time", now=NOW)
    assert undone == 2
    events = log.load(session, game.id)
    assert [e["type"] for e in events[-3:]] == ["undo", "undo", "game.ruling"]
    with pytest.raises(Conflict):
        arbiter.rewind(session, game_id=game.id, user_id=people["olga"].id, to_seq=before, reason="again")


def test_draw_by_agreement_needs_both_players(session, people, duel):
    assert results.offer_draw(session, game_id=duel.game_id, user_id=duel.player_a, now=NOW) is None
    with pytest.raises(Forbidden):
        results.offer_draw(session, game_id=duel.game_id, user_id=people["carla"].id, now=NOW)
    row = results.offer_draw(session, game_id=duel.game_id, user_id=duel.player_b, now=NOW)
    assert row.kind == "draw" and row.score_a == 0.5


def test_playoffs_pair_the_top_of_the_standings_then_the_winners(session, people, make_league, make_season):
    league = make_league()
    season = make_season(league, ("rita", "bruno", "carla", "dario"), playoff_top=4)
    olga = people["olga"].id
    seasons.start_season(session, season_id=season.id, user_id=olga, now=NOW)
    with pytest.raises(Conflict):
        seasons.start_playoffs(session, season_id=season.id, user_id=olga, now=NOW)
    order = [people[n].id for n in ("rita", "bruno", "carla", "dario")]
    for p in session.exec(select(Pairing).where(Pairing.season_id == season.id)).all():
        winner = min((p.player_a, p.player_b), key=order.index)  # Rita beats all, then Bruno...
        results.adjudicate(session, game_id=p.game_id, user_id=olga, winner=winner, reason="test", now=NOW)
    seasons.start_playoffs(session, season_id=season.id, user_id=olga, now=NOW)
    semis = session.exec(select(Pairing).where(Pairing.season_id == season.id, Pairing.stage == "playoff")).all()
    assert {frozenset((p.player_a, p.player_b)) for p in semis} == {
        frozenset((order[0], order[3])), frozenset((order[1], order[2]))}
    for p in semis:
        results.concede(session, game_id=p.game_id, user_id=max((p.player_a, p.player_b), key=order.index))
    seasons.start_playoffs(session, season_id=season.id, user_id=olga, now=NOW)
    final = session.exec(select(Pairing).where(Pairing.season_id == season.id, Pairing.stage == "playoff",
                                               Pairing.round == 2)).one()
    assert {final.player_a, final.player_b} == {order[0], order[1]}


def test_open_challenge_is_accepted_by_the_challenged_player(session, people, make_league, make_season):
    league = make_league()
    season = make_season(league, ("rita", "bruno", "carla"), format="challenges")
    seasons.start_season(session, season_id=season.id, user_id=people["olga"].id, now=NOW)
    assert session.exec(select(Pairing).where(Pairing.season_id == season.id)).first() is None
    pairing = seasons.challenge(session, season_id=season.id, user_id=people["rita"].id,
                                opponent_id=people["carla"].id, now=NOW)
    with pytest.raises(Forbidden):
        seasons.accept_challenge(session, pairing_id=pairing.id, user_id=people["bruno"].id, now=NOW)
    seasons.accept_challenge(session, pairing_id=pairing.id, user_id=people["carla"].id, now=NOW)
    assert session.get(Game, pairing.game_id).status == "active"


def test_abandoning_many_games_at_once_forfeits_the_rest_and_bars_sign_up(session, people, make_league,
                                                                        make_season):
    league = make_league(abandon_limit=2)
    season = make_season(league, ("rita", "bruno", "carla", "dario"))
    seasons.start_season(session, season_id=season.id, user_id=people["olga"].id, now=NOW)
    rita = people["rita"].id
    mine = session.exec(select(Pairing).where(Pairing.season_id == season.id,
                                              (Pairing.player_a == rita) | (Pairing.player_b == rita))).all()
    assert len(mine) == 3
    results.concede(session, game_id=mine[0].game_id, user_id=rita, now=NOW)
    assert session.get(Game, mine[2].game_id).status == "active"
    results.concede(session, game_id=mine[1].game_id, user_id=rita, now=NOW + timedelta(hours=1))
    session.expire_all()
    third = [e for e in log.load(session, mine[2].game_id) if e["type"] == "game.result"]
    assert third[0]["payload"]["kind"] == "forfeit" and third[0]["payload"]["reason"] == "abandonment"
    entry = session.exec(select(SeasonEntry).where(SeasonEntry.season_id == season.id,
                                                   SeasonEntry.user_id == rita)).one()
    assert entry.withdrawn_at is not None
    later = seasons.create_season(session, league_id=league.id, user_id=people["olga"].id, name="Autumn",
                                  format="round_robin", signup_opens_at=NOW, signup_closes_at=NOW + timedelta(days=3),
                                  starts_at=NOW + timedelta(days=3))
    with pytest.raises(Forbidden):
        seasons.sign_up(session, season_id=later.id, user_id=rita, now=NOW + timedelta(hours=2))
