"""Blitzing in Global 1940 (G40-CM-15, -31, -32, G40-NEUT-13, G40-UNIT-MECH-01,
G40-TECH-13): an armour (or a mech infantry paired with one, or alone with Improved
Mechanized Infantry) passes one hostile territory that holds no enemy unit at all, not even
an AA gun or an installation, as the first step of its move, and takes it at once. A neutral
is never blitzed (AMB-31): it is not hostile territory.

``moves`` below are ``{"id", "type", "path"}`` of the units blitzing in one combat move.
Wired by ``checks.check_blitz`` (``Edition.check_order``); the capture at once is the family's
(``movement.order_move``), a unit following its armour passes through ``routes.FOLLOWS_BLITZ``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940.bases import has
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, units_in
from pbem.games.aa.state import State

INSTALLATIONS = ("major_complex", "minor_complex", "air_base", "naval_base")


def check_first_step(data: G40Data, state: State, power: str, territory: str) -> None:
    """The territory passed through: hostile, empty of enemy units and installations."""
    if territory in state.get("neutrals", {}):
        raise IllegalOrder("G40-NEUT-13", "No blitz through the neutral {space}: a unit "
                           "entering it stops.", {"space": territory})
    if not at_war(state, power, state["owners"].get(territory)):
        raise IllegalOrder("G40-CM-15", "A blitz passes only through a hostile territory, not "
                           "{space}.", {"space": territory})
    enemy = [u for u in units_in(state, territory) if at_war(state, power, u["owner"])]
    if enemy or any(has(state, territory, k) for k in INSTALLATIONS):
        raise IllegalOrder("G40-CM-31", "{space} holds an enemy unit or installation: the "
                           "blitz stops there.", {"space": territory})


def mech_blitz_needs_tank(owned: frozenset[str]) -> bool:
    """G40-UNIT-MECH-01, G40-CM-32: a mech infantry blitzes only paired with an armour;
    G40-TECH-13: Improved Mechanized Infantry lifts that need."""
    return "improved_mechanized_infantry" not in owned


def check_pairs(data: G40Data, owned: frozenset[str], moves: Sequence[Mapping[str, Any]]
                ) -> None:
    """G40-CM-32: one mech infantry per armour, the pair starting and ending in the same
    territories; not needed with Improved Mechanized Infantry (G40-TECH-13)."""
    if not mech_blitz_needs_tank(owned):
        return
    tanks: dict[tuple[str, str], int] = {}
    for move in moves:
        if data.unit(move["type"]).has("blitz"):
            key = (move["path"][0], move["path"][-1])
            tanks[key] = tanks.get(key, 0) + 1
    for move in moves:
        if data.unit(move["type"]).has("blitz_with_tank"):
            key = (move["path"][0], move["path"][-1])
            if not tanks.get(key):
                raise IllegalOrder("G40-CM-32", "Each blitzing mech infantry needs its own "
                                   "armour starting in {start} and ending in {end}.",
                                   {"start": key[0], "end": key[1]})
            tanks[key] -= 1
