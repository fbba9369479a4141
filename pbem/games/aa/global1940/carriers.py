"""Carriers in Global 1940 (G40-UNIT-CV-02): a damaged carrier neither launches nor lands
aircraft until repaired (rulebook over data, AMB-39): ``checks.check_decks`` on every move.
In battle the aircraft aboard a damaged carrier are cargo and those aboard an undamaged one
defend (G40-UNIT-CV-03, G40-CMB-33: the family's combat with the edition's combat hooks);
aircraft waiting for a carrier placed this turn land in Mobilize (G40-MOB-09: the family's
``mobilize``)."""

from __future__ import annotations

from pbem.engine import IllegalOrder
from pbem.games.aa.state import Unit


def deck_open(carrier: Unit) -> bool:
    """G40-UNIT-CV-02: only an undamaged carrier launches or lands aircraft."""
    return not carrier["hits"]


def check_deck(carrier: Unit) -> None:
    if not deck_open(carrier):
        raise IllegalOrder("G40-UNIT-CV-02", "A damaged carrier can neither launch nor land "
                           "aircraft until it is repaired.")
