"""Global 1940 engine speed: time per order over bot games, replay of a 10-round game.

    .venv/bin/python benchmarks/global1940.py [games]

1. ``games`` (default 2) games of up to 10 rounds from the rulebook's set-up, the optional
   rules off and on in turn, played by the random-but-legal bot (``pbem.games.aa.bot``): every
   accepted ``Game.submit`` is timed (validation, events, evolvers, undo checkpoints; not the
   bot's thinking). Target: median <= 1000 us.
2. The full replay (``rs.replay(log)``) of the first game that played all 10 rounds, three
   times. Target: median <= 2 s.

The last line is ``order_us=<median> replay_10_rounds_ms=<median>``.
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

ROUNDS = 10
OPTIONS = ({}, {"research": True, "national_objectives": False})


def main(games: int) -> None:
    rs = load_ruleset("global1940")
    timings: list[float] = []
    full: TimedGame | None = None
    for seed in range(games):
        options = OPTIONS[seed % 2]
        game = TimedGame.create(rs, dict(options), None, seed=f"bench-{seed}")
        start = time.perf_counter()
        try:
            play(game, RandomBot(rs, random.Random(seed)), max_rounds=ROUNDS)
        except BotStuck as stuck:
            print(f"game {seed} stuck in round {game.state['round']}: {str(stuck)[:160]}")
        elapsed = time.perf_counter() - start
        engine = sum(t for _, t in game.timings)
        timings.extend(t for _, t in game.timings)
        end = f"{game.result()['winner']} won" if game.result() else f"round {game.state['round']}"
        print(f"game {seed} ({options or 'defaults'}): {len(game.timings)} orders, "
              f"{len(game.log())} events, {end}; {elapsed:.2f} s in all, {engine:.2f} s in submit")
        if full is None and (game.state["round"] > ROUNDS or game.result()):
            full = game
    timings.sort()
    median = statistics.median(timings)
    print(f"orders: {len(timings)}; median {median * 1e6:.0f} us, "
          f"p90 {timings[len(timings) * 9 // 10] * 1e6:.0f} us")
    if full is None:
        raise SystemExit("no game played all 10 rounds: run more games")
    log = full.log()
    replays = []
    for _ in range(3):
        start = time.perf_counter()
        again = rs.replay(log)
        replays.append(time.perf_counter() - start)
        assert again.state == full.state
    replay = statistics.median(replays)
    print(f"replay of a game of {full.state['round'] - 1} rounds ({len(log)} events): "
          f"median {replay * 1e3:.0f} ms")
    print(f"order_us={median * 1e6:.0f} replay_10_rounds_ms={replay * 1e3:.0f}")  # <= 1000, <= 2000


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
