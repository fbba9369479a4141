"""Airwar Pacific! (Triumph Games): the pure rules engine. Spec: ../shared/specs/airwar_pacific.md.

Docs: docs/airwar_pacific.md (orders, views, options) and docs/airwar_pacific_cards.md (card list
and deck formats). ``validate_decks`` checks an uploaded card list and its decks.
"""

from __future__ import annotations

from pbem.games.airwar_pacific.decks import validate_decks
from pbem.games.airwar_pacific.ruleset import AirwarPacific


def airwar_pacific() -> AirwarPacific:
    return AirwarPacific()


__all__ = ["AirwarPacific", "airwar_pacific", "validate_decks"]
