"""A&A 1941 engine speed: time per order over fuzzer games, replay time of a 15-round game.

    .venv/bin/python benchmarks/aa1941.py [games]

1. ``games`` (default 10) games of up to 15 rounds played by the random-but-legal bot
   (``pbem.games.aa.bot``) with seeds 0, 1, ...: every accepted ``Game.submit`` is timed
   (the engine's work: validation, events, evolvers, undo checkpoints; not the bot's
   thinking). Target: median <= 2 ms. Also printed: the 90th and 99th percentiles, the
   slowest order types, and the time the bot itself spent per game.
2. The full replay (``rs.replay(log)``) of the first game that played all 15 rounds,
   best of 5. Target: <= 1 s.

The last line is ``order_us=<n> replay_15_rounds_ms=<n>``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem.engine import Game, load_ruleset  # noqa: E402
from pbem.games.aa.bot import BotStuck, RandomBot, play  # noqa: E402

ROUNDS = 15


class TimedGame(Game):
    """A facade game that records how long each accepted order took."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.timings: list[tuple[str, float]] = []

    def submit(self, seat: str, order: dict[str, Any], *, by: str | None = None) -> list[dict[str, Any]]:
        start = time.perf_counter()
        events = super().submit(seat, order, by=by)
        self.timings.append((order["type"], time.perf_counter() - start))
        return events


def fuzz_game(rs: Any, seed: int) -> tuple[TimedGame, float]:
    options = {"victory": "one_capital" if seed % 2 else "two_capitals"}
    game = TimedGame.create(rs, options, None, seed=f"bench-{seed}")
    start = time.perf_counter()
    try:
        play(game, RandomBot(rs, random.Random(seed)), max_rounds=ROUNDS)
    except BotStuck as stuck:  # an engine deadlock (see the fuzzer): time what was played
        print(f"game {seed} stuck in round {game.state['round']}: {str(stuck)[:160]}")
    return game, time.perf_counter() - start


def main(games: int) -> None:
    rs = load_ruleset("aa1941")
    timings: list[float] = []
    by_type: dict[str, list[float]] = defaultdict(list)
    full: TimedGame | None = None
    for seed in range(games):
        game, elapsed = fuzz_game(rs, seed)
        engine = sum(t for _, t in game.timings)
        for kind, t in game.timings:
            timings.append(t)
            by_type[kind].append(t)
        end = f"{game.result()['winner']} won" if game.result() else f"round {game.state['round']}"
        print(f"game {seed}: {len(game.timings)} orders, {len(game.log())} events, {end}; "
              f"{elapsed:.2f} s in all, {engine:.2f} s in submit, {elapsed - engine:.2f} s in the bot")
        if full is None and game.state["round"] > ROUNDS:
            full = game
    timings.sort()
    median = statistics.median(timings)
    print(f"orders: {len(timings)}; median {median * 1e6:.0f} us, p90 {timings[len(timings) * 9 // 10] * 1e6:.0f} us, "
          f"p99 {timings[len(timings) * 99 // 100] * 1e6:.0f} us")
    for kind, values in sorted(by_type.items(), key=lambda kv: -statistics.median(kv[1])):
        print(f"  {kind:18} n={len(values):6}  median {statistics.median(values) * 1e6:7.0f} us  "
              f"max {max(values) * 1e3:6.1f} ms")
    if full is None:
        raise SystemExit("no game played all 15 rounds: run more games")
    log = full.log()
    replays = []
    for _ in range(5):
        start = time.perf_counter()
        again = rs.replay(log)
        replays.append(time.perf_counter() - start)
        assert again.state == full.state
    best = min(replays)
    print(f"replay of a {ROUNDS}-round game ({len(log)} events): best {best * 1e3:.0f} ms, "
          f"median {statistics.median(replays) * 1e3:.0f} ms")
    print(f"order_us={median * 1e6:.0f} replay_15_rounds_ms={best * 1e3:.0f}")  # targets: <= 2000, <= 1000


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
