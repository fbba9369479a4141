"""The fuzzer: games of up to 15 rounds, played by the random-but-legal bot (20 by default, every
option combination among them; ``PBEM_FUZZ=long`` plays 200, as the other fuzzers and the
conformance suite do, see README "Testing").

Every state keeps the invariants (``pbem.games.aa.invariants``: no negative IPCs, units only
where they may stand, cargo within capacity, air units landed between turns, control markers
consistent), no order raises anything but a rules refusal, no phase deadlocks, the helpers'
choices are never refused, and every game replays from its log to the same state and meta,
as it does from a snapshot taken mid-game plus the events after it. Options vary with the
seed (victory mode, low luck, the defender choosing casualties, the errata setup, empty
capitals), so every rules path the bot can reach is played. The games are split into batches so that
``pytest -n 2`` spreads them.
"""

from __future__ import annotations

import os
import random
import traceback
from typing import Any

import pytest

from pbem.engine import Game, load_ruleset
from pbem.games.aa.bot import BotStuck, RandomBot, play
from pbem.games.aa.invariants import turn_violations, violations

RS = load_ruleset("aa1941")
GAMES = 200 if os.environ.get("PBEM_FUZZ") == "long" else 20
ROUNDS = 15
BATCH = 10


class Breach(AssertionError):
    pass


def fuzz_options(seed: int) -> dict[str, Any]:
    return {"victory": "one_capital" if seed % 2 else "two_capitals",
            "dice": "low_luck" if seed % 4 == 3 else "standard",
            "ask_defender": seed % 3 == 0,
            "setup": "errata" if seed % 5 == 4 else "rulebook"}


class Checker:
    """The bot's ``on_order`` hook: invariants after every order, a snapshot at the middle turn."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.snapshot: dict[str, Any] | None = None

    def __call__(self, game: Game, seat: str, order: dict[str, Any], events: list[dict[str, Any]]) -> None:
        found = violations(RS, game.state)
        if any(e["type"] == "aa.turn_started" for e in events):
            found += turn_violations(RS, game.state)
            if self.snapshot is None and game.state["round"] > ROUNDS // 2:
                self.snapshot = game.snapshot()
        if found:
            raise Breach(f"seed {self.seed}, seq {game.seq}, {seat} {order}: {found[:3]}")


def fuzz_position(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """The setup of the options; one game in five starts with empty capitals, so that capitals
    change hands (treasuries taken, turns without purchase, liberation) and games are won."""
    position = RS.initial_position(RS.normalise_options(options))
    if seed % 5 == 2:
        position["units"] = {space: units for space, units in position["units"].items()
                             if space not in RS.capitals.values()}
    return position


def fuzz_game(seed: int, rounds: int = ROUNDS) -> tuple[Game, RandomBot]:
    options = fuzz_options(seed)
    game = RS.from_position(fuzz_position(seed, options), seed=f"fuzz-{seed}", options=options)
    bot = RandomBot(RS, random.Random(seed), on_order=Checker(seed))
    return play(game, bot, max_rounds=rounds), bot


def problems_of(seed: int, rounds: int = ROUNDS) -> list[str]:
    """Everything wrong with one fuzz game (empty: it played, kept the invariants, replayed)."""
    try:
        game, bot = fuzz_game(seed, rounds)
    except Breach as breach:
        return [f"invariant breach: {breach}"]
    except BotStuck as stuck:
        return [f"seed {seed}: deadlock, no legal way to end the phase: {stuck}"]
    except Exception:  # noqa: BLE001 - an engine error is a finding, reported with its seed
        return [f"seed {seed}: engine error\n{traceback.format_exc(limit=-4)}"]
    out = []
    if game.result() is None and game.state["round"] <= rounds:
        out.append(f"seed {seed}: the game stopped in round {game.state['round']} without a result")
    if bot.refused:
        order, rule = bot.refused[0]
        out.append(f"seed {seed}: {len(bot.refused)} order(s) built from the helpers were refused, "
                   f"first {order}: {rule}")
    again = RS.replay(game.log())
    if again.state != game.state or again.meta != game.meta:
        out.append(f"seed {seed}: the replay differs from the game")
    snapshot = bot.on_order.snapshot  # type: ignore[union-attr]
    if snapshot is not None:
        resumed = Game.from_snapshot(RS, snapshot, game.events_since(snapshot["seq"]))
        if resumed.state != game.state or resumed.meta != game.meta:
            out.append(f"seed {seed}: resuming from the snapshot of seq {snapshot['seq']} differs from the game")
    return out


@pytest.mark.parametrize("batch", range(GAMES // BATCH))
def test_fuzzer_games_keep_the_invariants_and_replay(batch: int) -> None:
    found = [p for seed in range(batch * BATCH, (batch + 1) * BATCH) for p in problems_of(seed)]
    assert not found, "\n".join(found)


def test_a_fuzz_game_is_complete_and_varied() -> None:
    game, bot = fuzz_game(21)
    log = game.log()
    kinds = {e["type"] for e in log}
    assert {"aa.purchased", "aa.moved", "aa.battle_ended", "aa.territory_captured", "aa.placed",
            "aa.income_collected"} <= kinds
    assert game.result() is not None or game.state["round"] == ROUNDS + 1
    assert bot.orders > 100
    assert {e["seat"] for e in log if e["type"] == "order"} == set(RS.data.turn_order)


def test_the_same_seed_plays_the_same_game() -> None:
    first, _ = fuzz_game(7, rounds=2)
    second, _ = fuzz_game(7, rounds=2)
    assert first.log() == second.log()
    other, _ = fuzz_game(8, rounds=2)
    assert other.log() != first.log()
