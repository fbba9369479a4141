"""VICTORY: The Blocks of War (Columbia Games): a hex-and-block WWII game with fog of war.

The ruleset is registered as ``"victory"``; scenarios live in ``rules/victory/scenarios/`` and
uploaded ones are checked with :func:`validate_scenario`. See docs/victory.md and
docs/victory_scenario.md.
"""

from __future__ import annotations

from pbem.games.victory.ruleset import VictoryRuleset, victory
from pbem.games.victory.scenario import Problem, validate_scenario

__all__ = ["Problem", "VictoryRuleset", "validate_scenario", "victory"]
