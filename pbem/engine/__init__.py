"""The pure rules engine: the facade every game, test, bot and page uses.

>>> from pbem.engine import load_ruleset, IllegalOrder
>>> rs = load_ruleset("aa1941")                      # doctest: +SKIP
>>> game = rs.new_game({}, seed="club-42")          # doctest: +SKIP
"""

from pbem.engine.dice import DiceSource, ScriptedDice, SeededDice
from pbem.engine.errors import (
    GameOver,
    IllegalOrder,
    InvalidOrder,
    NotYourTurn,
    ReplayError,
    RulesError,
    UnknownRuleset,
)
from pbem.engine.events import canonical_json, state_digest
from pbem.engine.game import Game
from pbem.engine.registry import available, load_ruleset, register
from pbem.engine.ruleset import Ruleset

__all__ = [
    "DiceSource", "GameOver", "Game", "IllegalOrder", "InvalidOrder", "NotYourTurn", "ReplayError",
    "Ruleset", "RulesError", "ScriptedDice", "SeededDice", "UnknownRuleset", "available",
    "canonical_json", "load_ruleset", "register", "state_digest",
]
