"""Verification of a game's dice from its log (issue 3, item 3)."""

from __future__ import annotations

import copy

from pbem.engine import ScriptedDice, load_ruleset
from pbem.engine.dice_verify import verify_dice
from tests.engine.test_dice import HiddenRace, play_turns


def finished_log(seed: str = "verify", salts: dict[int, str] | None = None) -> list[dict]:
    game = load_ruleset("race").new_game({"goal": 40}, seed=seed, game_id="11")
    return play_turns(game, 400, salts=salts).log()


def rolls(log):
    return [e for e in log if e["type"] == "dice.rolled"]


def test_untouched_finished_game_verifies_ok_with_every_roll_counted():
    log = finished_log(salts={1: "pepper", 4: "sale"})
    report = verify_dice(log)
    assert report.ok, report.to_dict()
    assert report.checked == len(rolls(log)) > 5
    assert report.pending == 0
    assert report.summary() == f"OK: {report.checked} rolls checked"


def test_changed_stored_face_fails_verification_at_that_roll():
    log = copy.deepcopy(finished_log())
    target = rolls(log)[3]
    face = target["payload"]["faces"][0]
    target["payload"]["faces"][0] = face % 6 + 1
    target["payload"]["dice"][0]["face"] = face % 6 + 1
    report = verify_dice(log)
    assert not report.ok
    assert report.first_bad["seq"] == target["seq"]
    assert "derived" in report.first_bad["reason"]


def test_changed_hit_flag_fails_at_that_roll():
    log = copy.deepcopy(finished_log())
    target = rolls(log)[2]
    target["payload"]["dice"][0]["hit"] = not target["payload"]["dice"][0]["hit"]
    report = verify_dice(log)
    assert not report.ok and report.first_bad["seq"] == target["seq"]


def test_changed_salt_fails_verification_at_the_first_roll_it_keyed():
    log = copy.deepcopy(finished_log(salts={2: "pepper"}))
    salt = next(e for e in log if e["type"] == "dice.salted")
    salt["payload"]["salt"] = "paprika"
    period = salt["payload"]["period"]
    first = next(e for e in rolls(log) if e["payload"]["period"] == period)
    report = verify_dice(log)
    assert not report.ok
    assert report.first_bad["seq"] == first["seq"]


def test_changed_revealed_seed_fails_at_the_first_roll_of_that_period():
    log = copy.deepcopy(finished_log())
    reveal = [e for e in log if e["type"] == "dice.revealed"][2]
    reveal["payload"]["seed"] = "0" * 64
    period = reveal["payload"]["period"]
    first = next(e for e in rolls(log) if e["payload"]["period"] == period)
    report = verify_dice(log)
    assert not report.ok
    assert report.first_bad["seq"] == first["seq"]
    assert "commitment" in report.first_bad["reason"]


def test_seed_changed_together_with_its_commitment_still_fails():
    log = copy.deepcopy(finished_log())
    from pbem.engine.dice import commitment

    reveal = [e for e in log if e["type"] == "dice.revealed"][1]
    period = reveal["payload"]["period"]
    reveal["payload"]["seed"] = "f" * 64
    committed = next(e for e in log if e["type"] == "dice.committed"
                     and e["payload"]["period"] == period)
    committed["payload"]["commitment"] = commitment("f" * 64)
    report = verify_dice(log)
    first = next(e for e in rolls(log) if e["payload"]["period"] == period)
    assert not report.ok and report.first_bad["seq"] == first["seq"]


def test_roll_claiming_another_period_fails():
    log = copy.deepcopy(finished_log())
    target = rolls(log)[4]
    target["payload"]["period"] += 1
    report = verify_dice(log)
    assert not report.ok and report.first_bad["seq"] == target["seq"]


def test_revealed_salt_list_that_contradicts_the_log_is_reported():
    log = copy.deepcopy(finished_log(salts={2: "pepper"}))
    reveal = next(e for e in log if e["type"] == "dice.revealed" and e["payload"]["salts"])
    reveal["payload"]["salts"] = []
    report = verify_dice(log)
    assert not report.ok and report.problems[0]["seq"] == reveal["seq"]


def test_running_game_counts_current_period_rolls_as_pending():
    game = play_turns(load_ruleset("race").new_game({"goal": 200}, seed="p"), 3)
    game.submit(game.state["active"], {"type": "roll"})
    report = verify_dice(game.log())
    assert report.ok and report.pending == 1 and report.checked == 3


def test_hidden_game_is_pending_until_the_end_then_verifies():
    running = play_turns(HiddenRace().new_game({"goal": 30}, seed="h", game_id="h1"), 4)
    report = verify_dice(running.log())
    assert report.ok and report.checked == 0 and report.pending == 4
    done = play_turns(HiddenRace().new_game({"goal": 30}, seed="h", game_id="h1"), 400)
    report = verify_dice(done.log())
    assert report.ok and report.checked == len(rolls(done.log())) and report.pending == 0


def test_scripted_dice_without_commitments_do_not_verify():
    game = load_ruleset("race").new_game({}, dice=ScriptedDice([3]))
    game.submit("red", {"type": "roll"})
    report = verify_dice(game.log())
    assert not report.ok and "committed" in report.first_bad["reason"]


def test_whole_log_with_a_gap_is_refused_but_a_dice_only_extract_verifies():
    log = copy.deepcopy(finished_log())
    gap = log[:5] + log[6:]
    assert not verify_dice(gap).ok
    assert not verify_dice([]).ok
    extract = [log[0]] + [e for e in log if e["type"].startswith("dice.")]
    report = verify_dice(extract, complete=False)
    assert report.ok and report.checked == len(rolls(log))
    swapped = extract[:3] + [extract[4], extract[3]] + extract[5:]
    assert not verify_dice(swapped, complete=False).ok


def test_hidden_shuffle_verifies_at_the_end_and_a_changed_order_fails():
    game = HiddenRace().new_game({"goal": 30}, seed="deck", game_id="d2")
    game.submit("red", {"type": "deal"})
    play_turns(game, 400)
    log = game.log()
    assert verify_dice(log).ok and verify_dice(log).checked == len(rolls(log)) + 1
    bad = copy.deepcopy(log)
    shuffle = next(e for e in bad if e["type"] == "dice.shuffled")
    order = shuffle["payload"]["order"]
    order[0], order[1] = order[1], order[0]
    report = verify_dice(bad)
    assert not report.ok and report.first_bad["seq"] == shuffle["seq"]


def test_malformed_logs_are_reported_not_raised():
    from pbem.engine.dice import commitment

    created = {"seq": 1, "seat": None, "type": "game.created", "v": 1, "payload": {"game_id": "g"}}
    commit = {"seq": 2, "seat": None, "type": "dice.committed", "v": 1,
              "payload": {"period": 1, "commitment": commitment("s")}}
    cases = [
        None, [], ["not an event"], [{"seq": 1, "type": "game.created"}],
        [created, {"seq": 2, "type": "dice.revealed", "payload": {"period": 1, "seed": 5}}],
        [created, {"seq": 2, "type": "dice.salted", "payload": {"period": "x", "salt": "s"}}],
        [created, {"seq": 2, "type": "dice.rolled", "payload": "faces"}],
        [created, commit, {"seq": 3, "type": "dice.rolled",
                           "payload": {"period": 1, "sides": 0, "faces": [1]}},
         {"seq": 4, "type": "dice.revealed", "payload": {"period": 1, "seed": "s", "salts": []}}],
        [created, commit, {"seq": 3, "type": "dice.shuffled",
                           "payload": {"period": 1, "n": 10 ** 12, "order": [0, 1]}},
         {"seq": 4, "type": "dice.revealed", "payload": {"period": 1, "seed": "s", "salts": []}}],
    ]
    for log in cases:
        report = verify_dice(log)
        assert not report.ok, log
        assert report.summary().startswith("FAILED")
