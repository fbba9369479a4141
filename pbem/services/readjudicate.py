"""Re-adjudicate a stored game under the rules installed now (``flask --app pbem pbem readjudicate``).

The engine does the work (:func:`pbem.engine.readjudicate.readjudicate`); this reads the game's
events from the store. Nothing is written: the report says whether a rules fix would change how
the game's orders were adjudicated, and where first. :func:`readjudication_problems` is the same
check as one of ``verify``'s and ``pbem-verify``'s (the stored events are the ones the rules make).
"""

from __future__ import annotations

from typing import Any

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


def readjudication_problems(events: list[dict[str, Any]]) -> list[str]:
    """``verify`` and ``pbem-verify``: every logged order, re-run with the recorded dice, must make
    exactly the events stored after it. A rewrite of a non-dice event (an income raised, a unit
    added) with every hash recomputed keeps the chain sound, but not this; the problem names the
    first stored event that differs. Empty when the log re-adjudicates exactly (or its ruleset is
    not installed, which the replay reports)."""
    log_ = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in events]
    try:
        ruleset = load_ruleset(str(log_[0]["payload"]["ruleset"]))
    except (UnknownRuleset, KeyError, TypeError, IndexError):
        return []
    try:
        report = readjudicate(ruleset, log_)
    except Exception as exc:  # noqa: BLE001  a log the rules cannot re-run is the finding
        return [f"the orders cannot be re-adjudicated: {type(exc).__name__}: {exc}"]
    if not report.diverged:
        return []
    return [f"event {report.event_seq}: the stored events are not what the rules make of the order "
            f"at event {report.seq} with the recorded dice ({report.reason}): the log was rewritten, "
            "or the rules changed since it was played (pbem-readjudicate shows both versions)"]
