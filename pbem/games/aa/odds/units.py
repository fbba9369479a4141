"""Unit statistics of every A&A edition the calculator knows, keyed by edition.

Every edition is read from the converted rules data the referee reads (``rules/aa1941/units.json``;
``rules/anniversary/units.json`` through :mod:`pbem.games.aa.anniversary.data`;
``rules/global1940/`` through :mod:`pbem.games.aa.global1940.data`), so the calculator and the
referee share one unit model: support, bombardment values, AA guns and casualty rules are read from
the same ability names (``artillery_support``/``supported_by_artillery``,
``supports_tactical_bomber``/``attack_supported``, ``bombard``, ``anti_aircraft``,
``never_casualty``, ``captures_territory``). Installations and complexes never fight (AAE-UNIT-IC-01).

:class:`CombatUnit` adds to the referee's :class:`~pbem.games.aa.data.UnitType` what the
calculator needs beyond it: who a unit supports, its bombardment value, whether it is an AA gun.
The attack values themselves (support, research) are the referee's (``referee.py``); ``supports``
and ``supported_attack`` only say which units take part in a pairing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pbem.games.aa.data import UnitType, unit_type
from pbem.games.rulesdata import load_json

EDITIONS = ("aa1941", "anniversary", "global1940")


@dataclass(frozen=True)
class CombatUnit:
    """The combat profile of one unit type in one edition."""

    type: UnitType
    supports: tuple[str, ...] = ()  # unit types this one raises on attack (one unit each)
    supported_attack: int = 0  # attack of a unit raised by a supporter (0: never raised)
    bombard: int = 0  # shore bombardment value (AAE-BOMB-04, G40-CMB-29)
    aa_gun: bool = False  # fires at attacking aircraft before round 1 (AAE-AA, G40-AA)
    casualty: bool = True  # may be chosen as a casualty (AAE-AA-06: the Anniversary AA gun never)
    captures: bool = False  # a land unit that can take a territory (AAE-CMB-15, G40-CMB-22)

    @property
    def paired(self) -> bool:
        """Whether its attack may depend on the other attackers (support, G40-CMB-04)."""
        return bool(self.supports or self.supported_attack)


@cache
def _aa1941() -> dict[str, CombatUnit]:
    raw = load_json("aa1941", "units.json")
    out = {}
    for uid in raw["order"]:
        ut = unit_type(uid, raw["units"][uid])
        out[uid] = CombatUnit(ut, captures=ut.domain == "land")
    return out


def _from_data(data: Any) -> dict[str, CombatUnit]:
    """The fighting units of an edition's data (installations and immobile complexes left out):
    an artillery raises the units ``supported_by_artillery`` (AAE-UNIT-INF-02, G40-CMB-04), a
    fighter or armour the units with an ``attack_supported`` value (G40-UNIT-TAC-01)."""
    units = {uid: data.unit(uid) for uid in data.unit_order}
    fighting = {uid: ut for uid, ut in units.items() if not ut.has("immobile") and ut.domain != "installation"}
    raised = tuple(t for t, ut in fighting.items() if ut.has("supported_by_artillery"))
    helped = tuple(t for t, ut in fighting.items() if getattr(ut, "attack_supported", 0))
    out = {}
    for uid, ut in fighting.items():
        supports = raised if ut.has("artillery_support") else helped if ut.has("supports_tactical_bomber") else ()
        supported = ut.attack + 1 if ut.has("supported_by_artillery") else getattr(ut, "attack_supported", 0)
        out[uid] = CombatUnit(ut, supports=supports, supported_attack=supported, bombard=ut.bombard,
                              aa_gun=ut.has("anti_aircraft"), casualty=not ut.has("never_casualty"),
                              captures=ut.has("captures_territory"))
    return out


@cache
def _anniversary() -> dict[str, CombatUnit]:
    """The referee's Anniversary roster (AAE-UNIT-*-01)."""
    from pbem.games.aa.anniversary.data import anniversary

    return _from_data(anniversary("1941"))


@cache
def _global1940() -> dict[str, CombatUnit]:
    """The referee's Global 1940 roster (unit table, section C; G40-AA-01: AA guns are casualties)."""
    from pbem.games.aa.global1940.data import global1940

    return _from_data(global1940())


def table(edition: str) -> dict[str, CombatUnit]:
    """Every unit type of ``edition`` (ValueError for an unknown edition)."""
    if edition == "aa1941":
        return _aa1941()
    if edition == "anniversary":
        return _anniversary()
    if edition == "global1940":
        return _global1940()
    raise ValueError(f"Unknown edition '{edition}' (one of {', '.join(EDITIONS)}).")


def unit_types(edition: str) -> dict[str, UnitType]:
    """The referee's view of the edition's units (what the casualty rule reads)."""
    return {k: v.type for k, v in table(edition).items()}
