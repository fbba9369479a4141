"""Regenerate the golden exported Anniversary logs (tests/golden/anniversary_<scenario>_v1_bot2.json).

    .venv/bin/python tools/make_golden_anniversary.py

Two rounds of the random legal bot (``pbem.games.aa.bot``) from each scenario's set-up with
seeded, verifiable dice, exported like a stored game (see tools/make_golden.py). The golden
tests replay them to their recorded fingerprints: when a change to the A&A engine breaks an
old log, ship an upcaster (docs/event-log.md) instead of regenerating the file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem.engine import load_ruleset  # noqa: E402
from pbem.engine.dice import SeededDice  # noqa: E402
from pbem.games.aa.bot import HashRng, RandomBot, play  # noqa: E402
from tools.make_golden import GAME_ID, OUT, export_doc  # noqa: E402

ROUNDS = 2
SCENARIOS = ("1941", "1942")


def main() -> None:
    rs = load_ruleset("anniversary")
    for scenario in SCENARIOS:
        seed = f"golden-anniversary-{scenario}"
        game = rs.new_game({"scenario": scenario}, dice=SeededDice(seed, str(GAME_ID)),
                           game_id=str(GAME_ID))
        play(game, RandomBot(rs, HashRng(seed)), max_rounds=ROUNDS)
        doc = export_doc(game, f"anniversary {scenario} bot, two rounds")
        doc["game"]["ruleset_key"] = "anniversary"
        doc["game"]["status"] = "active" if game.result() is None else "finished"
        doc["game"]["owed_seats"] = sorted({o["seat"] for o in game.owed()})
        path = OUT / f"anniversary_{scenario}_v1_bot2.json"
        path.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n",
                        encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}: {game.seq} events, {game.fingerprint()[:12]}")


if __name__ == "__main__":
    main()
