"""Issue 17, item 3: a battle's exact pre-battle odds are stored when it opens (a side table keyed
by game and seq, the log unchanged) and its luck (the outcome's percentile) when it ends.
Runs on SQLite and, with PBEM_TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session, select

from pbem.games.aa.odds import BattleSpec, Options, odds
from pbem.services import battle_odds
from pbem.services import games as game_service
from pbem.services.orders import submit_order
from pbem.store import snapshots
from pbem.store.models.games import Event, Game
from pbem.store.models.odds import BattleOdds
from tests.services.conftest import add_user

NF = "Norway Finland"
AXIS = ("germany", "japan")
ALLIES = ("ussr", "uk", "usa")


def _att(type_: str, count: int) -> dict:
    return {"type": type_, "owner": "germany", "count": count, "t_combat": True, "t_moved": 1,
            "t_route_from": NF, "t_from": NF}


def karelia_game(session: Session, dice: str = "standard") -> tuple[Game, dict]:
    """Germany's 3 tanks and 2 infantry attack 3 Soviet infantry and 1 fighter in Karelia."""
    axis, allies = add_user(session, "axis"), add_user(session, "allies")
    game = game_service.create_game(session, organiser_id=axis.id, ruleset_key="aa1941", title="Karelia",
                                    options={"dice": dice})
    for user, seats in ((axis, AXIS), (allies, ALLIES)):
        for seat in seats:
            game_service.join_game(session, game_id=game.id, user_id=user.id, seat=seat)
    position = {"round": 1, "power": "germany", "phase": "combat_move", "owners": {}, "declared": {},
                "standing": {}, "units": {"Karelia": [{"type": "infantry", "owner": "ussr", "count": 3},
                                                      {"type": "fighter", "owner": "ussr", "count": 1},
                                                      _att("tank", 3), _att("infantry", 2)]}}
    game_service.start_game(session, game_id=game.id, user_id=axis.id, position=position)
    return game, {"axis": axis, "allies": allies}


def _order(session: Session, game: Game, user, seat: str, order: dict) -> None:
    session.refresh(game)
    submit_order(session, game_id=game.id, user_id=user.id, seat=seat, order=order, expected_seq=game.last_seq)


def _fight(session: Session, game: Game, who: dict) -> None:
    """Open the battle and play it out: each owed decision by the rules' default order (the
    casualties chosen as the standing orders say), else Germany fights on."""
    _order(session, game, who["axis"], "germany", {"type": "end_phase"})  # the battle opens
    for _ in range(40):
        session.refresh(game)
        row = session.exec(select(BattleOdds).where(BattleOdds.game_id == game.id)).one()
        if row.end_seq is not None:
            return
        engine = snapshots.load_game(session, game)
        seat = engine.owed()[0]["seat"]
        order = engine.ruleset.default_order(engine.state, seat) or {"type": "battle", "place": "Karelia"}
        _order(session, game, who["axis" if seat in AXIS else "allies"], seat, order)
    raise AssertionError("the battle did not end")


def test_AA41_CMB_opening_a_battle_stores_its_exact_pre_battle_odds_keyed_by_game_and_seq(session):
    game, who = karelia_game(session)
    before = [e.hash for e in session.exec(select(Event).where(Event.game_id == game.id))]
    _order(session, game, who["axis"], "germany", {"type": "end_phase"})
    row = session.exec(select(BattleOdds).where(BattleOdds.game_id == game.id)).one()
    opened = session.exec(select(Event).where(Event.game_id == game.id, Event.seq == row.seq)).one()
    assert opened.type == "aa.battle_opened" and row.place == "Karelia" and row.attacker == "germany"
    record = json.loads(row.record)
    expected = odds(BattleSpec("aa1941", "land", {"tank": 3, "infantry": 2}, {"infantry": 3, "fighter": 1}),
                    Options())
    assert record["method"] == "exact"
    assert record["attacker_wins"] == pytest.approx(expected.attacker_wins, abs=1e-12)
    assert sum(p for _s, p in record["scores"]) == pytest.approx(1.0)
    assert record["defenders"] == ["ussr"] and sorted(record["defender_units"].values()) == \
        ["fighter", "infantry", "infantry", "infantry"]
    # the log is what the referee decided, nothing more: no odds in any event
    events = session.exec(select(Event).where(Event.game_id == game.id)).all()
    assert [e.hash for e in events][:len(before)] == before
    assert not any("attacker_wins" in e.payload for e in events)


def test_AA41_CMB_an_ended_battle_gets_the_percentile_of_its_outcome(session):
    game, who = karelia_game(session)
    _fight(session, game, who)
    row = session.exec(select(BattleOdds).where(BattleOdds.game_id == game.id)).one()
    assert row.end_seq is not None and row.end_seq > row.seq
    assert 0.0 < row.percentile < 1.0
    shown = battle_odds.battles(session, game.id)
    assert shown[0]["percentile"] == row.percentile and "scores" not in shown[0]
    luck = battle_odds.luck_by_seat(shown)
    assert luck["germany"]["mean"] == pytest.approx(row.percentile)
    assert luck["ussr"]["mean"] == pytest.approx(1 - row.percentile)


def test_odds_rows_can_be_worked_out_again_from_the_log_alone(session):
    game, who = karelia_game(session)
    _fight(session, game, who)
    stored = [(r.seq, r.record, r.end_seq, r.percentile)
              for r in session.exec(select(BattleOdds).where(BattleOdds.game_id == game.id))]
    for r in session.exec(select(BattleOdds).where(BattleOdds.game_id == game.id)).all():
        session.delete(r)
    session.commit()
    battle_odds.record_battles(session, game, 0)
    session.commit()
    again = [(r.seq, r.record, r.end_seq, r.percentile)
             for r in session.exec(select(BattleOdds).where(BattleOdds.game_id == game.id))]
    assert again == stored


def test_percentile_ranks_the_outcome_in_the_pre_battle_distribution():
    from pbem.games.aa.odds.record import battle_luck

    record = {"place": "Karelia", "costs": {"tank": 5, "infantry": 3},
              "attacker_units": {"1": "tank", "2": "infantry"}, "defender_units": {"3": "infantry"},
              "scores": [[-3.0, 0.25], [3.0, 0.25], [8.0, 0.5]]}
    end = {"type": "aa.battle_ended", "payload": {"place": "Karelia"}}
    board = {"units": {"Karelia": [{"id": 2, "type": "infantry", "owner": "germany"}]}}  # kept 3, defender 0
    assert battle_luck(record, board, end) == pytest.approx(0.25 + 0.25 / 2)
    assert battle_luck(record, board, {"type": "aa.battle_ended", "payload": {"place": "Ukraine"}}) is None
