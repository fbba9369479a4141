"""Speed of dice derivation: 1,000,000 six-sided dice (target: rolls_per_s >= 500,000).

``rolls_per_s`` is the headline: events of 12 dice (a typical A&A battle step).
Also printed: one event of 1,000,000 dice, single-die events (the worst case, one
HMAC per die), and the speed of ``verify_dice`` over a synthetic log.
"""

from __future__ import annotations

import time

from pbem.engine.dice import SeededDice, derive_faces, derive_key
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


def synthetic_log(periods: int = 100, rolls: int = 100, dice: int = 12) -> list[dict]:
    """A log of ``periods`` revealed periods with ``rolls`` events of ``dice`` dice each."""
    source = SeededDice("bench", "b")
    log: list[dict] = [{"seq": 1, "seat": None, "type": "game.created", "v": 1,
                        "payload": {"game_id": "b"}}]

    def add(type_: str, payload: dict) -> None:
        log.append({"seq": len(log) + 1, "seat": None, "type": type_, "v": 1, "payload": payload})

    for type_, rec in source.start():
        add(type_, rec)
    for _ in range(periods):
        for _ in range(rolls):
            faces, period = source.roll(dice, 6, seq=len(log) + 1)
            add("dice.rolled", {"sides": 6, "faces": faces, "period": period, "context": {}})
        for type_, rec in source.end_period():
            add(type_, rec)
    return log


def verify_rate() -> tuple[int, float]:
    log = synthetic_log()
    dice = sum(len(e["payload"]["faces"]) for e in log if e["type"] == "dice.rolled")
    start = time.perf_counter()
    report = verify_dice(log)
    elapsed = time.perf_counter() - start
    assert report.ok
    return report.checked, dice / elapsed


def main() -> None:
    print(f"rolls_per_s={rate(12):.0f}")
    print(f"rolls_per_s_one_event={rate(TOTAL):.0f}")
    print(f"rolls_per_s_single_die_events={rate(1):.0f}")
    checked, per_s = verify_rate()
    print(f"verify_events_checked={checked} verify_dice_per_s={per_s:.0f}")


if __name__ == "__main__":
    main()
