"""Odds calculator benchmark (issue 17): median time of the exact odds of six battles.

Anniversary units. Attacker loses infantry, artillery, tanks, fighters, bombers in that order;
defender infantry, artillery, tanks, bombers, fighters. Sea units, which the issue's orders do not
name, follow: submarines and destroyers first, then (after the named air units' places) cruisers,
carriers and battleships; battleships take a first hit before anything is lost.

Each line also shows the median CPU time of the process (``time.process_time``), steadier than
the wall clock on a shared machine. Last line: ``NAME_ms=<median wall-clock ms>
NAME_win=<attacker win probability>`` pairs.
Run: ``python benchmarks/calculator.py [repeats]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pbem.games.aa.odds import BattleSpec, Options, SideOrder, odds  # noqa: E402

ATT = SideOrder(loss_order=("infantry", "artillery", "tank", "submarine", "destroyer", "fighter", "bomber",
                            "cruiser", "carrier", "battleship"))
DEF = SideOrder(loss_order=("infantry", "artillery", "tank", "submarine", "destroyer", "bomber", "fighter",
                            "cruiser", "carrier", "battleship"))
LARGE_A = {"infantry": 20, "artillery": 8, "tank": 8, "fighter": 3, "bomber": 1}
LARGE_D = {"infantry": 28, "artillery": 4, "tank": 4, "fighter": 2}
BATTLES = {
    "small": ("land", {"infantry": 3, "artillery": 1, "tank": 1}, {"infantry": 3, "tank": 1}),
    "medium_aa": ("land", {"infantry": 10, "artillery": 3, "tank": 2, "fighter": 2, "bomber": 1},
                  {"infantry": 12, "tank": 2, "fighter": 1, "aa_gun": 1}),
    "large": ("land", LARGE_A, LARGE_D),
    "large_aa": ("land", LARGE_A, {**LARGE_D, "aa_gun": 1}),
    "naval": ("sea", {"submarine": 2, "destroyer": 2, "cruiser": 1, "fighter": 2, "bomber": 1, "battleship": 1},
              {"battleship": 1, "carrier": 1, "fighter": 2, "destroyer": 2, "submarine": 1}),
    "naval_large": ("sea", {"submarine": 6, "destroyer": 4, "cruiser": 2, "fighter": 4, "bomber": 2, "battleship": 2},
                    {"battleship": 2, "carrier": 3, "fighter": 6, "destroyer": 4, "submarine": 2, "cruiser": 1}),
}


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    options = Options(attacker=ATT, defender=DEF, method="exact")
    figures = []
    for name, (kind, att, dfn) in BATTLES.items():
        spec = BattleSpec("anniversary", kind, att, dfn)
        wall, cpu = [], []
        for _ in range(repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            result = odds(spec, options)
            cpu.append((time.process_time() - start_cpu) * 1000)
            wall.append((time.perf_counter() - start) * 1000)
        print(f"{name:12} {statistics.median(wall):8.2f} ms (cpu {statistics.median(cpu):7.2f} ms)"
              f"  attacker wins {result.attacker_wins:.4f}  defender {result.defender_wins:.4f}"
              f"  both {result.both_destroyed:.4f}  rounds {result.average_rounds:.2f}  method {result.method}")
        figures.append(f"{name}_ms={statistics.median(wall):.2f} {name}_win={result.attacker_wins:.4f}")
    print(" ".join(figures))


if __name__ == "__main__":
    main()
