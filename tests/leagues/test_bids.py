"""Sealed bids (LEAGUE-BID-*): hidden until both are in; the placement validated by the
A&A rules (pbem.games.aa.bids) on the starting position; the game starts from it."""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from pbem.engine import IllegalOrder, load_ruleset
from pbem.games.aa.bids import apply_bid
from pbem.services.leagues import bidding, seasons
from pbem.store import events as log
from pbem.store import snapshots
from pbem.store.models.games import ACTIVE, FORMING, Game
from pbem.store.models.leagues import PLACING, Pairing
from tests.leagues.conftest import NOW

BID_SETTINGS = {"bids": True, "bid_side": "axis", "bid_tie": "schedule",
                "bid_rules": {"max_per_territory": 1, "where": "held"}}


@pytest.fixture
def pairing(session, people, make_league, make_season) -> Pairing:
    league = make_league("aa1941", options={}, **BID_SETTINGS)
    season = make_season(league, ("rita", "bruno"))
    seasons.start_season(session, season_id=season.id, user_id=people["olga"].id, now=NOW)
    return session.exec(select(Pairing).where(Pairing.season_id == season.id)).one()


def test_LEAGUE_BID_sealed_bid_is_hidden_from_the_opponent_until_both_are_in(session, pairing):
    assert pairing.status == "bidding" and session.get(Game, pairing.game_id).status == FORMING
    seen = bidding.place_bid(session, pairing_id=pairing.id, user_id=pairing.player_a, ipcs=9, now=NOW)
    assert seen["mine"] == 9
    other = bidding.bid_view(pairing, pairing.player_b)
    assert other["mine"] is None and other["other_in"] is True and other["result"] is None
    assert "9" not in json.dumps(other)
    bidding.place_bid(session, pairing_id=pairing.id, user_id=pairing.player_b, ipcs=12, now=NOW)
    session.refresh(pairing)
    both = bidding.bid_view(pairing, pairing.player_a)
    assert both["both"] and both["result"]["winner"] == pairing.player_b
    assert both["result"]["bids"] == {str(pairing.player_a): 9, str(pairing.player_b): 12}
    assert pairing.status == PLACING and both["result"]["placer"] == pairing.player_a


def _settle(session, pairing) -> None:
    bidding.place_bid(session, pairing_id=pairing.id, user_id=pairing.player_a, ipcs=6, now=NOW)
    bidding.place_bid(session, pairing_id=pairing.id, user_id=pairing.player_b, ipcs=9, now=NOW)
    session.refresh(pairing)


def test_LEAGUE_BID_03_two_units_in_one_territory_are_refused_with_a_clear_message(session, pairing):
    _settle(session, pairing)
    placement = {"units": [{"power": "uk", "territory": "Australia", "type": "infantry", "count": 2}],
                 "keep": {"uk": 3}}
    with pytest.raises(IllegalOrder) as err:
        bidding.place_units(session, pairing_id=pairing.id, user_id=pairing.player_a, placement=placement)
    assert err.value.rule_id == "LEAGUE-BID-03"
    assert err.value.message == "At most 1 bid unit(s) per territory; Australia would get 2."
    assert session.get(Game, pairing.game_id).status == FORMING


def test_LEAGUE_BID_02_a_territory_the_side_does_not_hold_is_refused(session, pairing):
    _settle(session, pairing)
    placement = {"units": [{"power": "uk", "territory": "Germany", "type": "infantry", "count": 1}],
                 "keep": {"uk": 6}}
    with pytest.raises(IllegalOrder) as err:
        bidding.place_units(session, pairing_id=pairing.id, user_id=pairing.player_a, placement=placement)
    assert err.value.rule_id == "LEAGUE-BID-02"
    assert "Germany" in err.value.message


def test_LEAGUE_BID_01_a_power_of_the_other_side_is_refused():
    rs = load_ruleset("aa1941")
    position = rs.initial_position(rs.normalise_options({}))
    with pytest.raises(IllegalOrder) as err:
        apply_bid(rs.data, position, side="allies", ipcs=3,
                  placement={"units": [{"power": "germany", "territory": "Germany", "type": "infantry"}]})
    assert err.value.rule_id == "LEAGUE-BID-01"


def test_a_valid_bid_starts_the_game_from_the_adjusted_position_and_is_logged(session, pairing):
    _settle(session, pairing)
    placement = {"units": [{"power": "uk", "territory": "Australia", "type": "infantry", "count": 1},
                           {"power": "ussr", "territory": "Karelia", "type": "infantry", "count": 1}],
                 "keep": {"uk": 3}}
    rs = load_ruleset("aa1941")
    start = rs.initial_position(rs.normalise_options({}))
    bidding.place_units(session, pairing_id=pairing.id, user_id=pairing.player_a, placement=placement)
    game = session.get(Game, pairing.game_id)
    assert game.status == ACTIVE
    events = log.load(session, game.id)
    created = events[0]["payload"]["position"]
    assert created["ipcs"]["uk"] == start["ipcs"]["uk"] + 3
    aus = sum(u["count"] for u in created["units"]["Australia"] if u["type"] == "infantry")
    assert aus == sum(u["count"] for u in start["units"]["Australia"] if u["type"] == "infantry") + 1
    bid = [e for e in events if e["type"] == "game.bid"]
    assert len(bid) == 1 and bid[0]["payload"]["ipcs"] == 9 and bid[0]["payload"]["placement"] == placement
    engine = snapshots.load_game(session, game)  # the log replays
    assert engine.seq == game.last_seq
    seated = {s: h for s, h in engine.meta["seats"].items()}
    assert seated["germany"]["user"] == pairing.player_b and seated["uk"]["user"] == pairing.player_a
