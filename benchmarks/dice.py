"""Speed of dice derivation: 1,000,000 six-sided dice (target: rolls_per_s >= 500,000).

Prints figures for three shapes: one big event, battle-sized events of 12 dice, and
single-die events (the worst case: one HMAC per die); plus verification speed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pbem.engine import load_ruleset, register
from pbem.engine.dice import derive_faces, derive_key
from pbem.engine.dice_verify import verify_dice

TOTAL = 1_000_000


def rate(per_event: int) -> float:
    key = derive_key("benchmark-seed", ["salt-a", "salt-b"])
    events = TOTAL // per_event
    start = time.perf_counter()
    n = 0
    for seq in range(1, events + 1):
        n += len(derive_faces(key, "bench", seq, per_event, 6))
    return n / (time.perf_counter() - start)


def verify_rate() -> tuple[int, float]:
    from tests.engine.test_dice import play_turns

    register("race", "tests.rulesets.race:factory")
    game = load_ruleset("race").new_game({"goal": 500}, seed="bench", game_id="b")
    log = play_turns(game, 400).log()
    start = time.perf_counter()
    report = verify_dice(log)
    return report.checked, report.checked / (time.perf_counter() - start)


def main() -> None:
    typical = rate(12)
    print(f"rolls_per_s={typical:.0f}")
    print(f"rolls_per_s_one_event={rate(TOTAL):.0f}")
    print(f"rolls_per_s_single_die_events={rate(1):.0f}")
    checked, per_s = verify_rate()
    print(f"verify_rolls_checked={checked} verify_rolls_per_s={per_s:.0f}")


if __name__ == "__main__":
    main()
