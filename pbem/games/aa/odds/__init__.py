"""Battle odds for the A&A editions, exact where it fits, from the referee's own casualty rule (issue 17).

``odds(battle_spec, options) -> OddsResult``; :func:`battle_spec_from_state` fills a spec from
the board; :func:`percentile_of_outcome` is the luck of an actual result. See docs/odds.md.
"""

from pbem.games.aa.odds.api import TooLarge, battle_spec_from_state, odds
from pbem.games.aa.odds.result import OddsResult, percentile_of_outcome
from pbem.games.aa.odds.spec import BattleSpec, Options, SideOrder, options_from_json, spec_from_json

__all__ = ["BattleSpec", "OddsResult", "Options", "SideOrder", "TooLarge", "battle_spec_from_state", "odds",
           "options_from_json", "percentile_of_outcome", "spec_from_json"]
