"""Re-adjudicate a stored game under the rules installed now (``flask --app pbem pbem readjudicate``).

The engine does the work (:func:`pbem.engine.readjudicate.readjudicate`); this reads the game's
events from the store. Nothing is written: the report says whether a rules fix would change how
the game's orders were adjudicated, and where first.
"""

from __future__ import annotations

from sqlmodel import Session

from pbem.engine import UnknownRuleset, load_ruleset
from pbem.engine.readjudicate import Divergence, readjudicate
from pbem.services.common import get_game
from pbem.services.errors import ServiceError
from pbem.store import events as log


def readjudicate_game(session: Session, game_id: int) -> Divergence:
    """The first divergence of game ``game_id`` under the current rules (``seq`` None: none)."""
    game = get_game(session, game_id)
    events = log.load(session, game.id)
    if not events:
        raise ServiceError("Game %(game)s has no events.", game=game_id)
    try:
        ruleset = load_ruleset(events[0]["payload"]["ruleset"])
    except UnknownRuleset as err:
        raise ServiceError("%(problem)s", problem=str(err)) from None
    return readjudicate(ruleset, events)
