"""Anniversary Edition engine speed: time per order over bot games, replay of a 12-round game.

    .venv/bin/python benchmarks/anniversary.py [games]

1. ``games`` (default 4) games of up to 12 rounds, the two scenarios in turn, played by the
   random-but-legal bot (``pbem.games.aa.bot``): every accepted ``Game.submit`` is timed
   (validation, events, evolvers, undo checkpoints; not the bot's thinking). Target: median
   <= 500 us.
2. The full replay (``rs.replay(log)``) of the first game that played all 12 rounds, five
   times. Target: median <= 1 s.

The last line is ``order_us=<median> replay_12_rounds_ms=<median>``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.aa1941 import TimedGame  # noqa: E402
from pbem.engine import load_ruleset  # noqa: E402
from pbem.games.aa.bot import BotStuck, RandomBot, play  # noqa: E402

ROUNDS = 12


def main(games: int) -> None:
    rs = load_ruleset("anniversary")
    timings: list[float] = []
    full: TimedGame | None = None
    for seed in range(games):
        scenario = ("1941", "1942")[seed % 2]
        game = TimedGame.create(rs, {"scenario": scenario}, None, seed=f"bench-{seed}")
        start = time.perf_counter()
        try:
            play(game, RandomBot(rs, random.Random(seed)), max_rounds=ROUNDS)
        except BotStuck as stuck:
            print(f"game {seed} stuck in round {game.state['round']}: {str(stuck)[:160]}")
        elapsed = time.perf_counter() - start
        engine = sum(t for _, t in game.timings)
        timings.extend(t for _, t in game.timings)
        end = f"{game.result()['winner']} won" if game.result() else f"round {game.state['round']}"
        print(f"game {seed} ({scenario}): {len(game.timings)} orders, {len(game.log())} events, "
              f"{end}; {elapsed:.2f} s in all, {engine:.2f} s in submit")
        if full is None and (game.state["round"] > ROUNDS or game.result()):
            full = game
    timings.sort()
    median = statistics.median(timings)
    print(f"orders: {len(timings)}; median {median * 1e6:.0f} us, "
          f"p90 {timings[len(timings) * 9 // 10] * 1e6:.0f} us")
    if full is None:
        raise SystemExit("no game played all 12 rounds: run more games")
    log = full.log()
    replays = []
    for _ in range(5):
        start = time.perf_counter()
        again = rs.replay(log)
        replays.append(time.perf_counter() - start)
        assert again.state == full.state
    replay = statistics.median(replays)
    print(f"replay of a game of {full.state['round'] - 1} rounds ({len(log)} events): "
          f"median {replay * 1e3:.0f} ms")
    print(f"order_us={median * 1e6:.0f} replay_12_rounds_ms={replay * 1e3:.0f}")  # <= 500, <= 1000


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
