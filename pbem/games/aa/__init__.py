"""The Axis & Allies family: one rules package; scenario data under ``rules/<scenario>/``.

Only the factories are public: ``aa1941()`` builds the ruleset registered as ``"aa1941"``.
"""

from __future__ import annotations

from pbem.games.aa.ruleset import AARuleset
from pbem.games.rulesdata import rules_dir


def aa1941() -> AARuleset:
    """Axis & Allies 1941 (2012 edition), rules data from ``rules/aa1941/``."""
    return AARuleset(key="aa1941", title="Axis & Allies 1941", data_dir=rules_dir("aa1941"))
