"""The conformance suite: every game family's ``CONFORMANCE`` (and the test-only race) runs it.

A family is listed in :data:`FAMILIES` (``module:CONFORMANCE``). The fuzz is short by default;
``PBEM_FUZZ=long`` plays the family's ``long_fuzz`` (or ten times the games and decisions; see
README, "Testing").
"""

from __future__ import annotations

import os
from typing import Any

from pbem.engine.conformance import Conformance

FAMILIES = {
    "aa": "pbem.games.aa.conformance:CONFORMANCE",
    "anniversary": "pbem.games.aa.conformance:ANNIVERSARY",
    "global1940": "pbem.games.aa.conformance:GLOBAL1940",
    "race": "tests.rulesets.race_conformance:CONFORMANCE",
}

LONG = os.environ.get("PBEM_FUZZ", "") == "long"


def load(family: str) -> Conformance:
    import importlib

    module, _, attr = FAMILIES[family].partition(":")
    conf: Conformance = getattr(importlib.import_module(module), attr)
    return conf


def runs() -> list[tuple[str, str, dict[str, Any]]]:
    """``(family, ruleset key, options)`` of every run."""
    return [(family, key, options) for family in FAMILIES
            for key, option_list in load(family).rulesets.items() for options in option_list]


def fuzz_size(conf: Conformance) -> tuple[int, int, int | None]:
    """``(games, decisions, rounds)`` of each run (rounds: None when the size is in decisions)."""
    if LONG and conf.long_fuzz is not None:
        return conf.long_fuzz["games"], conf.long_fuzz["decisions"], conf.long_fuzz.get("rounds")
    games, decisions = conf.short_fuzz["games"], conf.short_fuzz["decisions"]
    return (games * 10, decisions * 10, None) if LONG else (games, decisions, None)
