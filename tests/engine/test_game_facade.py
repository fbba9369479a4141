"""The engine facade: new_game, submit, owed, undo, replay bit for bit (issue 2, item 5)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, NotYourTurn, ScriptedDice, load_ruleset


def play(game, moves):
    for seat, order in moves:
        game.submit(seat, order)


def test_new_game_owes_first_seat_and_replays_equal():
    rs = load_ruleset("race")
    game = rs.new_game({"goal": 12}, seed="s1")
    assert game.owed()[0]["seat"] == "red"
    play(game, [("red", {"type": "step", "n": 2}), ("red", {"type": "roll"}), ("red", {"type": "end"}),
                ("blue", {"type": "roll"})])
    again = rs.replay(game.log())
    assert again.fingerprint() == game.fingerprint()
    assert again.state == game.state and again.meta == game.meta


def test_non_owing_seat_is_refused_with_whose_turn_it_is():
    game = load_ruleset("race").new_game({}, seed="x")
    with pytest.raises(NotYourTurn) as err:
        game.submit("blue", {"type": "step", "n": 1})
    assert "Red's turn (move)" in err.value.message


def test_illegal_order_leaves_no_trace():
    game = load_ruleset("race").new_game({}, seed="x")
    before = (game.fingerprint(), len(game.log()))
    with pytest.raises(IllegalOrder) as err:
        game.submit("red", {"type": "step", "n": 7})
    assert err.value.rule_id == "RACE-1"
    assert (game.fingerprint(), len(game.log())) == before


def test_undo_takes_back_latest_order_and_is_an_event():
    rs = load_ruleset("race")
    game = rs.new_game({}, seed="x")
    game.submit("red", {"type": "step", "n": 1})
    game.submit("red", {"type": "step", "n": 3})
    game.submit("red", {"type": "undo"})
    assert game.state["pos"]["red"] == 1
    assert game.log()[-1]["type"] == "undo"
    game.undo("red")
    assert game.state["pos"]["red"] == 0
    with pytest.raises(IllegalOrder):
        game.undo("red")
    assert rs.replay(game.log()).fingerprint() == game.fingerprint()


def test_undo_refused_after_a_die_was_rolled():
    game = load_ruleset("race").new_game({}, dice=ScriptedDice([2]))
    game.submit("red", {"type": "step", "n": 1})
    game.submit("red", {"type": "roll"})
    with pytest.raises(IllegalOrder) as err:
        game.undo("red")
    assert err.value.rule_id == "ENGINE-UNDO-2"
    game.submit("red", {"type": "step", "n": 2})
    game.undo("red")
    with pytest.raises(IllegalOrder):
        game.undo("red")
    assert game.state["pos"]["red"] == 3


def test_decision_owed_by_the_other_seat_mid_turn():
    game = load_ruleset("race").new_game({}, dice=ScriptedDice([6]))
    game.submit("red", {"type": "roll"})
    assert [o["seat"] for o in game.owed()] == ["blue"]
    with pytest.raises(NotYourTurn):
        game.submit("red", {"type": "end"})
    game.submit("blue", {"type": "answer", "block": True})
    assert game.state["pos"]["red"] == 4


def test_dice_period_revealed_at_turn_end_and_resume_from_snapshot():
    rs = load_ruleset("race")
    game = rs.new_game({}, seed="abc")
    game.submit("red", {"type": "roll"})
    game.submit("red", {"type": "end"})
    types = [e["type"] for e in game.log()]
    assert "dice.revealed" in types
    snap = game.snapshot()
    game.submit("blue", {"type": "step", "n": 1})
    resumed = rs.replay(game.log()[: snap["seq"]])
    assert resumed.snapshot() == snap
    from pbem.engine.game import Game

    fast = Game.from_snapshot(rs, snap, game.log()[snap["seq"]:])
    assert fast.fingerprint() == game.fingerprint()
    fast.dice = None
    assert fast.can_undo("blue")


def test_anytime_order_accepted_off_turn_and_does_not_block_undo():
    rs = load_ruleset("race")
    game = rs.new_game({}, seed="x")
    game.submit("red", {"type": "step", "n": 2})
    game.submit("blue", {"type": "note", "text": "standing orders"})
    assert game.state["notes"]["blue"] == "standing orders"
    game.undo("red")
    assert game.state["pos"]["red"] == 0
    assert game.state["notes"]["blue"] == "standing orders"
    with pytest.raises(NotYourTurn):
        game.submit("green", {"type": "note", "text": "?"})
    assert rs.replay(game.log()).fingerprint() == game.fingerprint()
