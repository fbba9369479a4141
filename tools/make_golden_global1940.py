"""Regenerate the golden exported Global 1940 log (tests/golden/global1940_v1_bot2.json).

    .venv/bin/python tools/make_golden_global1940.py

Two rounds of the random legal bot (``pbem.games.aa.bot``) from the rulebook's set-up with
seeded, verifiable dice, exported like a stored game (see tools/make_golden.py). The golden
test replays it to its recorded fingerprint: when a change to the A&A engine breaks an old
log, ship an upcaster (docs/event-log.md) instead of regenerating the file.
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
KEY = "global1940"


def main() -> None:
    rs = load_ruleset(KEY)
    seed = "golden-global1940"
    game = rs.new_game({}, dice=SeededDice(seed, str(GAME_ID)), game_id=str(GAME_ID))
    play(game, RandomBot(rs, HashRng(seed)), max_rounds=ROUNDS)
    doc = export_doc(game, "Global 1940 bot, two rounds")
    doc["game"]["ruleset_key"] = KEY
    doc["game"]["status"] = "active" if game.result() is None else "finished"
    doc["game"]["owed_seats"] = sorted({o["seat"] for o in game.owed()})
    path = OUT / f"{KEY}_v1_bot2.json"
    path.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n",
                    encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}: {game.seq} events, {game.fingerprint()[:12]}")


if __name__ == "__main__":
    main()
