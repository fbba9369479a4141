"""Regenerate the golden exported A&A 1941 log (tests/golden/aa1941_v1_bot3.json).

    .venv/bin/python tools/make_golden_aa1941.py

Three rounds of the random legal bot (``pbem.games.aa.bot``) from the rulebook setup with
seeded, verifiable dice, exported like a stored game (see tools/make_golden.py). The golden
tests replay it to its recorded fingerprint: when a change to the A&A engine breaks this old
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

ROUNDS = 3


def main() -> None:
    rs = load_ruleset("aa1941")
    game = rs.new_game({"victory": "two_capitals"}, dice=SeededDice("golden-aa1941", str(GAME_ID)),
                       game_id=str(GAME_ID))
    play(game, RandomBot(rs, HashRng("golden-aa1941")), max_rounds=ROUNDS)
    doc = export_doc(game, "aa1941 bot, three rounds")
    doc["game"]["ruleset_key"] = "aa1941"
    doc["game"]["status"] = "active" if game.result() is None else "finished"
    doc["game"]["owed_seats"] = sorted({o["seat"] for o in game.owed()})
    path = OUT / "aa1941_v1_bot3.json"
    path.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}: {game.seq} events, {game.fingerprint()[:12]}")


if __name__ == "__main__":
    main()
