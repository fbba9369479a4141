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
from pbem.engine.ruleset import Ruleset  # noqa: E402
from pbem.games.aa.bot import BotStuck, RandomBot, play  # noqa: E402

ROUNDS = 10
OPTIONS = ({}, {"research": True, "national_objectives": False})


def one_game(rs: Ruleset, seed: int) -> TimedGame:
    """A bot game of up to ``ROUNDS`` rounds, its orders timed."""
    options = OPTIONS[seed % len(OPTIONS)]
    game = TimedGame.create(rs, dict(options), None, seed=f"bench-{seed}")
    began = time.perf_counter()
    try:
        play(game, RandomBot(rs, random.Random(seed)), max_rounds=ROUNDS)
    except BotStuck as stuck:
        print(f"game {seed} stuck in round {game.state['round']}: {str(stuck)[:160]}")
    outcome = game.result()
    where = f"{outcome['winner']} won" if outcome else f"round {game.state['round']}"
    print(f"game {seed} ({options or 'defaults'}): {len(game.timings)} orders, "
          f"{len(game.log())} events, {where}; {time.perf_counter() - began:.2f} s in all, "
          f"{sum(t for _, t in game.timings):.2f} s in submit")
    return game


def replay_ms(rs: Ruleset, game: TimedGame, times: int = 3) -> float:
    log = game.log()
    spent = []
    for _ in range(times):
        began = time.perf_counter()
        again = rs.replay(log)
        spent.append(time.perf_counter() - began)
        assert again.state == game.state
    return statistics.median(spent) * 1e3


def main(games: int) -> None:
    rs = load_ruleset("global1940")
    played = [one_game(rs, seed) for seed in range(games)]
    timings = sorted(t for game in played for _, t in game.timings)
    order_us = statistics.median(timings) * 1e6
    print(f"orders: {len(timings)}; median {order_us:.0f} us, "
          f"p90 {timings[len(timings) * 9 // 10] * 1e6:.0f} us")
    full = next((g for g in played if g.state["round"] > ROUNDS or g.result()), None)
    if full is None:
        raise SystemExit("no game played all 10 rounds: run more games")
    replay = replay_ms(rs, full)
    print(f"replay of {full.state['round'] - 1} rounds ({len(full.log())} events): "
          f"median {replay:.0f} ms")
    print(f"order_us={order_us:.0f} replay_10_rounds_ms={replay:.0f}")  # <= 1000, <= 2000


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
