"""The Axis & Allies family: one rules package; scenario data under ``rules/<scenario>/``.

Only the factories are public: ``aa1941()`` builds the ruleset registered as ``"aa1941"``.
"""

from __future__ import annotations

from pathlib import Path

from pbem.games.aa.ruleset import AARuleset

#: The top-level ``rules/`` folder of the project (game data, no code).
RULES_DIR = Path(__file__).resolve().parents[3] / "rules"


def aa1941() -> AARuleset:
    """Axis & Allies 1941 (2012 edition), rules data from ``rules/aa1941/``."""
    return AARuleset(key="aa1941", title="Axis & Allies 1941", data_dir=RULES_DIR / "aa1941")
