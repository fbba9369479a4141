"""Verifiable dice: derivation, uniformity, periods and salts (issue 3, item 1)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from scipy.stats import chisquare

from pbem.engine import Ruleset, load_ruleset
from pbem.engine.dice import (
    ByteStream,
    SeededDice,
    commitment,
    derive_faces,
    derive_key,
    derive_permutation,
    draw_width,
)
from tests.rulesets.race import Race

KEY = derive_key("seed-for-tests", [])


def play_turns(game: Any, turns: int, salts: dict[int, str] | None = None) -> Any:
    """Each turn the active seat rolls, the other answers a six, then the turn ends."""
    salts = salts or {}
    for turn in range(turns):
        if game.result() is not None:
            break
        seat = game.state["active"]
        if turn in salts:
            game.add_salt(seat, salts[turn])
        game.submit(seat, {"type": "roll"})
        if game.result() is not None:
            break
        if game.state["pending"]:
            other = game.owed()[0]["seat"]
            game.submit(other, {"type": "answer", "block": False})
        game.submit(seat, {"type": "end"})
    return game


def test_same_seed_material_gives_same_faces_and_other_seq_differs():
    a = derive_faces(KEY, "g1", 5, 40, 6)
    assert a == derive_faces(KEY, "g1", 5, 40, 6)
    assert a != derive_faces(KEY, "g1", 6, 40, 6)
    assert a != derive_faces(KEY, "g2", 5, 40, 6)
    assert a != derive_faces(derive_key("seed-for-tests", ["salt"]), "g1", 5, 40, 6)
    assert all(1 <= f <= 6 for f in a)


def test_fewer_dice_are_a_prefix_of_more_dice_at_the_same_seq():
    assert derive_faces(KEY, "g", 3, 100, 6)[:7] == derive_faces(KEY, "g", 3, 7, 6)


def test_fast_path_agrees_with_the_general_byte_stream():
    for sides in (2, 6, 10, 12, 20, 129, 200, 256):
        stream = ByteStream(KEY, "g", 9)
        expected = [stream.below(sides) + 1 for _ in range(300)]
        assert derive_faces(KEY, "g", 9, 300, sides) == expected
        for count in (0, 1, 5, 16, 17):
            assert derive_faces(KEY, "g", 9, count, sides) == expected[:count]


def test_faces_are_uniform_over_600000_rolls():
    faces = derive_faces(KEY, "uniform", 1, 600_000, 6)
    counts = [faces.count(f) for f in range(1, 7)]
    assert chisquare(counts).pvalue > 0.001


def test_no_modulo_bias_on_a_die_that_does_not_divide_256():
    # with plain "byte mod 200", faces 1..56 would come up twice as often as 57..200
    faces = derive_faces(KEY, "bias", 1, 200_000, 200)
    low = sum(1 for f in faces if f <= 56)
    assert abs(low / len(faces) - 56 / 200) < 0.005
    counts = [0] * 200
    for f in faces:
        counts[f - 1] += 1
    assert chisquare(counts).pvalue > 0.001


class _FixedStream(ByteStream):
    def __init__(self, values: list[int]) -> None:
        super().__init__(KEY, "g", 1)
        self.values = list(values)

    def take(self, width: int) -> int:
        return self.values.pop(0)


def test_rejection_sampling_skips_values_at_or_above_the_limit():
    assert _FixedStream([252, 253, 255, 13]).below(6) == 13 % 6
    assert _FixedStream([65535, 65534, 700]).below(1000) == 700
    assert draw_width(256) == 1 and draw_width(257) == 2 and draw_width(1 << 16) == 2


def test_large_dice_and_bad_sides_are_handled():
    faces = derive_faces(KEY, "g", 1, 50, 100_000)
    assert all(1 <= f <= 100_000 for f in faces) and len(set(faces)) > 40
    with pytest.raises(ValueError):
        derive_faces(KEY, "g", 1, 3, 0)
    with pytest.raises(ValueError):
        derive_faces(KEY, "g", 1, -1, 6)


def test_fisher_yates_permutation_is_a_uniform_permutation():
    assert sorted(derive_permutation(KEY, "g", 4, 52)) == list(range(52))
    firsts = [0] * 5
    for seq in range(30_000):
        firsts[derive_permutation(KEY, "p", seq, 5)[0]] += 1
    assert chisquare(firsts).pvalue > 0.001


def test_commitment_is_sha256_of_the_seed():
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_same_seed_and_orders_replay_the_same_rolls():
    rs = load_ruleset("race")
    a = play_turns(rs.new_game({"goal": 40}, seed="club-42", game_id="7"), 10)
    b = play_turns(rs.new_game({"goal": 40}, seed="club-42", game_id="7"), 10)
    assert a.log() == b.log()
    again = rs.replay(a.log())
    assert again.fingerprint() == a.fingerprint()


def test_a_roll_is_bound_to_its_seq_and_cannot_be_retaken():
    dice = SeededDice("s", "g")
    first = dice.roll(5, 6, seq=12)
    assert dice.roll(5, 6, seq=12) == first


def test_open_game_commits_two_ahead_and_reveals_each_turn():
    game = play_turns(load_ruleset("race").new_game({"goal": 200}, seed="t"), 3)
    dice = game.meta["dice"]
    assert sorted(dice["revealed"], key=int) == ["1", "2", "3"]
    assert sorted(dice["commitments"], key=int) == ["1", "2", "3", "4", "5"]
    assert dice["period"] == 4
    for period, rec in dice["revealed"].items():
        assert commitment(rec["seed"]) == dice["commitments"][period]
    assert "4" not in dice["revealed"]


def test_salt_goes_to_next_period_and_changes_its_rolls():
    rs = load_ruleset("race")
    plain = play_turns(rs.new_game({"goal": 200}, seed="s"), 2)
    salted = play_turns(rs.new_game({"goal": 200}, seed="s"), 2, salts={0: "my lucky salt"})
    salt_events = [e for e in salted.log() if e["type"] == "dice.salted"]
    assert [e["payload"]["period"] for e in salt_events] == [2]
    rolls = [e for e in salted.log() if e["type"] == "dice.rolled"]
    revealed = salted.meta["dice"]["revealed"]
    assert revealed["2"]["salts"] == ["my lucky salt"]
    first, second = rolls[0], rolls[1]
    assert (first["payload"]["period"], second["payload"]["period"]) == (1, 2)
    # period 1 was committed and running: the salt does not touch it
    assert first["payload"]["faces"] == derive_faces(
        derive_key(revealed["1"]["seed"], []), "local", first["seq"], 1, 6)
    with_salt = derive_key(revealed["2"]["seed"], ["my lucky salt"])
    assert second["payload"]["faces"] == derive_faces(with_salt, "local", second["seq"], 1, 6)
    unsalted = derive_faces(derive_key(revealed["2"]["seed"], []), "local", second["seq"], 30, 6)
    assert derive_faces(with_salt, "local", second["seq"], 30, 6) != unsalted
    assert revealed["2"]["seed"] == plain.meta["dice"]["revealed"]["2"]["seed"]


def test_salt_is_refused_when_too_long_or_for_an_unknown_seat():
    from pbem.engine import InvalidOrder

    game = load_ruleset("race").new_game({}, seed="s")
    with pytest.raises(InvalidOrder):
        game.add_salt("red", "x" * 201)
    with pytest.raises(InvalidOrder):
        game.add_salt("green", "abc")


def test_seed_is_never_in_the_log_before_its_period_ends():
    game = load_ruleset("race").new_game({"goal": 200}, seed="hide", game_id="3")
    source = game.dice
    text = str(play_turns(game, 4).log())
    current = game.meta["dice"]["period"]
    for p in range(current, current + 2):
        assert source.seed_for(p) not in text


class HiddenRace(Race):
    """A race whose dice must stay secret until the game ends (like a card game).

    ``{"type": "deal"}`` shuffles a private deck of ten cards for the active seat.
    """

    key = "hidden-race"
    dice_period = "game"

    def decide(self, ctx: Any, order: dict[str, Any]) -> None:
        if order["type"] == "deal":
            ctx.shuffle(list(range(10)), context={"deck": "hand", "roller": ctx.seat})
            return
        super().decide(ctx, order)

    def event_view(self, event: dict[str, Any], seat: str | None) -> dict[str, Any] | None:
        p = event["payload"]
        if event["type"] == "dice.shuffled" and not p["public"] and seat != event["seat"]:
            return {**event, "payload": {k: v for k, v in p.items() if k != "order"}}
        return event


def test_hidden_shuffle_order_is_redacted_for_other_seats():
    game = HiddenRace().new_game({"goal": 30}, seed="deck", game_id="d")
    game.submit("red", {"type": "deal"})
    shuffle = game.log()[-1]
    order = shuffle["payload"]["order"]
    assert shuffle["type"] == "dice.shuffled" and sorted(order) == list(range(10))
    assert "order" not in game.ruleset.event_view(shuffle, "blue")["payload"]
    assert game.ruleset.event_view(shuffle, "red")["payload"]["order"] == order


def test_hidden_information_game_reveals_no_seed_before_the_end():
    game = HiddenRace().new_game({"goal": 30}, seed="cards", game_id="9")
    play_turns(game, 6)
    assert game.result() is None
    types = [e["type"] for e in game.log()]
    assert "dice.revealed" not in types
    assert "dice.closed" in types  # periods still change each turn, so salts take effect
    text = str(game.log())
    for p in range(1, game.meta["dice"]["period"] + 3):
        assert game.dice.seed_for(p) not in text


def test_hidden_information_game_reveals_every_seed_when_it_ends():
    game = HiddenRace().new_game({"goal": 30}, seed="cards", game_id="9")
    play_turns(game, 200)
    assert game.result() is not None
    revealed = [e for e in game.log() if e["type"] == "dice.revealed"]
    last_period = game.meta["dice"]["period"] - 1
    assert [e["payload"]["period"] for e in revealed] == list(range(1, last_period + 1))
    assert revealed[-1]["payload"].get("final") is True
    assert game.log()[-1]["type"] == "dice.revealed"
    assert game.meta["dice"]["final"] is True


def test_open_game_end_reveals_the_last_period_as_final():
    game = play_turns(load_ruleset("race").new_game({"goal": 12}, seed="end"), 200)
    assert game.result() is not None
    last = game.log()[-1]
    assert last["type"] == "dice.revealed" and last["payload"]["final"] is True
    with pytest.raises(Exception, match="over"):
        game.add_salt("red", "late")


def test_resumed_source_continues_with_the_committed_seeds():
    rs = load_ruleset("race")
    whole = play_turns(rs.new_game({"goal": 200}, seed="resume", game_id="5"), 6)
    part = play_turns(rs.new_game({"goal": 200}, seed="resume", game_id="5"), 3, salts={2: "x"})
    # a fresh source bound to the replayed meta gives what the live one gave
    log = copy.deepcopy(part.log())
    resumed = rs.replay(log, dice=SeededDice("resume", "5"))
    assert resumed.dice.period == part.dice.period
    assert resumed.dice.salts == part.dice.salts
    assert resumed.dice.roll(3, 6, seq=99) == part.dice.roll(3, 6, seq=99)
    assert whole.dice.period == 7


def test_ruleset_base_defaults_to_turn_periods():
    assert Ruleset.dice_period == "turn"
