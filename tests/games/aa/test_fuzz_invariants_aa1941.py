"""The fuzzer's own tools: the invariant checks find broken states, the bot plays legally.

``pbem.games.aa.invariants`` must report each kind of breach the fuzzer looks for, or the
200 fuzz games would prove nothing; the bot must be deterministic for a seed and keep to the
helpers' legal choices.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pbem.engine import load_ruleset
from pbem.games.aa.bot import HashRng, RandomBot, play
from pbem.games.aa.invariants import turn_violations, violations

RS = load_ruleset("aa1941")


def state_of(units: dict[str, list[dict[str, Any]]], **extra: Any) -> dict[str, Any]:
    position = {"round": 2, "power": "germany", "phase": "purchase", "units": units, **extra}
    return RS.position_to_state(position, RS.normalise_options({}))


def u(type_: str, owner: str, count: int = 1, **extra: Any) -> dict[str, Any]:
    return {"type": type_, "owner": owner, "count": count, **extra}


@pytest.mark.parametrize("setup", ["rulebook", "errata"])
def test_the_starting_setups_keep_every_invariant(setup: str) -> None:
    game = RS.new_game({"setup": setup})
    assert violations(RS, game.state) == []
    assert turn_violations(RS, game.state) == []


def test_negative_ipcs_are_a_violation() -> None:
    state = state_of({})
    state["ipcs"]["uk"] = -3
    assert violations(RS, state) == ["uk has -3 IPCs"]


def test_land_unit_at_sea_must_be_aboard_a_transport() -> None:
    state = state_of({"SZ 5": [u("infantry", "germany")]})
    assert any("not aboard a transport" in v for v in violations(RS, state))
    ok = state_of({"SZ 5": [u("transport", "germany"), u("infantry", "germany", aboard_entry=0)]})
    assert violations(RS, ok) == []


def test_ships_on_land_and_units_in_neutrals_are_violations() -> None:
    assert any("a sea unit on land" in v for v in violations(RS, state_of({"Germany": [u("destroyer", "germany")]})))
    assert any("neutral" in v for v in violations(RS, state_of({"Sweden": [u("infantry", "germany")]})))


def test_overloaded_transport_and_carrier_are_violations() -> None:
    state = state_of({"SZ 5": [u("transport", "germany"), u("tank", "germany", 2, aboard_entry=0)]})
    assert any("carries too much" in v for v in violations(RS, state))
    state = state_of({"SZ 5": [u("carrier", "germany"), u("fighter", "germany", 3, aboard_entry=0)]})
    assert any("holds 3 fighters" in v for v in violations(RS, state))


def test_duplicate_ids_and_stale_next_id_are_violations() -> None:
    state = state_of({"Germany": [u("infantry", "germany", 2)]})
    state["units"]["Germany"][1]["id"] = state["units"]["Germany"][0]["id"]
    assert any("appears twice" in v for v in violations(RS, state))
    state = state_of({"Germany": [u("infantry", "germany")]})
    state["next_id"] = 1
    assert any("next_id" in v for v in violations(RS, state))


def test_control_markers_must_name_powers_and_neutrals_stay_neutral() -> None:
    state = state_of({})
    state["owners"]["Germany"] = "italy"
    state["owners"]["Sweden"] = "germany"
    found = violations(RS, state)
    assert any("Germany has no valid control marker" in v for v in found)
    assert any("neutral Sweden is controlled by germany" in v for v in found)


def test_damaged_unit_outside_a_battle_is_a_violation() -> None:
    state = state_of({"Germany": [u("infantry", "germany", hits=1)]})
    assert any("has 1 hits" in v for v in violations(RS, state))


def test_air_units_must_have_landed_between_turns() -> None:
    state = state_of({"SZ 5": [u("fighter", "germany")]})
    assert violations(RS, state) == []  # in flight: allowed during a turn
    assert any("has not landed" in v for v in turn_violations(RS, state))
    on_carrier = state_of({"SZ 5": [u("carrier", "germany"), u("fighter", "germany", aboard_entry=0)]})
    assert turn_violations(RS, on_carrier) == []


def test_between_turns_no_territory_holds_both_sides_or_enemy_controlled_units() -> None:
    state = state_of({"Karelia": [u("infantry", "ussr"), u("infantry", "germany")]})
    found = turn_violations(RS, state)
    assert any("holds units of both sides" in v for v in found)
    assert any("germany infantry" in v and "controlled by ussr" in v for v in found)


def test_between_turns_nothing_of_the_last_turn_is_left_over() -> None:
    state = state_of({"Germany": [u("infantry", "germany", t_moved=1)]}, bought={"tank": 1},
                     captured_this_turn=["Karelia"])
    found = turn_violations(RS, state)
    assert any("captures of the last turn" in v for v in found)
    assert any("pool is not empty" in v for v in found)
    assert any("keeps turn flags ['t_moved']" in v for v in found)


def test_bot_with_a_hash_rng_plays_deterministically_and_legally() -> None:
    logs = []
    for _ in range(2):
        game = RS.new_game({}, seed="hash-bot")
        bot = RandomBot(RS, HashRng("hash-bot"))
        play(game, bot, max_rounds=1)
        assert game.state["round"] == 2
        assert bot.refused == []
        logs.append(game.log())
    assert logs[0] == logs[1]


def test_hash_rng_draws_are_uniform_enough_and_reproducible() -> None:
    rng = HashRng("x")
    draws = [rng.random() for _ in range(2000)]
    assert all(0 <= d < 1 for d in draws) and 0.45 < sum(draws) / len(draws) < 0.55
    assert HashRng("x").choice("abc") == HashRng("x").choice("abc")
    sample = HashRng("y").sample(list(range(10)), 4)
    assert len(set(sample)) == 4


def test_bot_answers_an_owed_casualty_choice_of_the_defender() -> None:
    position = {"round": 1, "power": "germany", "phase": "combat_move",
                "units": {"Karelia": [u("infantry", "ussr"), u("tank", "ussr")],
                          "Eastern Europe": [u("tank", "germany", 2)]}}
    game = RS.from_position(position, seed="owed", options={"ask_defender": True, "dice": "low_luck"})
    tanks = [x["id"] for x in game.state["units"]["Eastern Europe"]]
    game.submit("germany", {"type": "move", "units": tanks, "route": ["Eastern Europe", "Karelia"]})
    game.submit("germany", {"type": "end_phase"})
    game.submit("germany", {"type": "battle", "place": "Karelia"})  # strength 6: one sure hit, no die
    assert game.owed()[0]["seat"] == "ussr" and game.owed()[0]["kind"] == "casualties"
    bot = RandomBot(RS, random.Random(1))
    bot.act(game)
    assert bot.orders == 1 and not bot.refused
    assert [e["type"] for e in game.log() if e["type"] == "aa.casualties" and e["seat"] == "ussr"]
