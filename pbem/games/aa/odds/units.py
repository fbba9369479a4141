"""Unit statistics of every A&A edition the calculator knows, keyed by edition.

A&A 1941 and Anniversary are read from the converted rules data the referee reads
(``rules/aa1941/units.json``; ``rules/anniversary/units.json`` through
:mod:`pbem.games.aa.anniversary.data`), so the calculator and the referee share one unit model:
Anniversary's artillery support, bombardment values, AA guns and casualty rules are read from
the same ability names (``artillery_support``/``supported_by_artillery``, ``bombard``,
``anti_aircraft``, ``never_casualty``, ``captures_territory``). Global 1940 has no converted
unit data yet: its values come from its rule checklist (G40 unit table, section C) and live in
the small table below.

:class:`CombatUnit` adds to the referee's :class:`~pbem.games.aa.data.UnitType` what the
calculator needs beyond it: who a unit supports, its bombardment value, whether it is an AA gun.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

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


def _ut(uid: str, name: str, cost: int, attack: int, defense: int, domain: str, **kw: object) -> UnitType:
    """A unit type as the referee builds it (flags such as ``submarine`` become abilities by name)."""
    return unit_type(uid, {"name": name, "cost": cost, "move": 0, "attack": attack, "defense": defense,
                           "domain": domain, **kw})


_SEA = {"warship": True, "surface_warship": True}
# The units Global 1940 shares with Anniversary's section C.1 (AAE-UNIT-*-01; G40 fighters are redefined).
_SHARED = {
    "fighter": CombatUnit(_ut("fighter", "Fighter", 10, 3, 4, "air")),  # AAE-UNIT-FTR-01
    "bomber": CombatUnit(_ut("bomber", "Bomber", 12, 4, 1, "air")),  # AAE-UNIT-BMB-01
    "cruiser": CombatUnit(_ut("cruiser", "Cruiser", 12, 3, 3, "sea", **_SEA), bombard=3),  # AAE-UNIT-CA-01
    "destroyer": CombatUnit(_ut("destroyer", "Destroyer", 8, 2, 2, "sea", destroyer=True, **_SEA)),
    "submarine": CombatUnit(_ut("submarine", "Submarine", 6, 2, 1, "sea", submarine=True, warship=True)),
    "transport": CombatUnit(_ut("transport", "Transport", 7, 0, 0, "sea", transport=True)),  # AAE-UNIT-TT-01
}
# Global 1940, unit table (section C); G40-CMB-04 combined arms, G40-AA-01, G40-CMB-20.
_GLOBAL1940 = {
    **_SHARED,
    "infantry": CombatUnit(_ut("infantry", "Infantry", 3, 1, 2, "land"), supported_attack=2, captures=True),
    "artillery": CombatUnit(_ut("artillery", "Artillery", 4, 2, 2, "land"), supports=("infantry", "mech_infantry"),
                            captures=True),
    "mech_infantry": CombatUnit(_ut("mech_infantry", "Mech. infantry", 4, 1, 2, "land"), supported_attack=2,
                                captures=True),
    "tank": CombatUnit(_ut("tank", "Armour", 6, 3, 3, "land"), supports=("tactical_bomber",), captures=True),
    "aa_gun": CombatUnit(_ut("aa_gun", "AA gun", 5, 0, 0, "land"), aa_gun=True),  # G40-AA-01: may be a casualty
    "fighter": CombatUnit(_ut("fighter", "Fighter", 10, 3, 4, "air"), supports=("tactical_bomber",)),
    "tactical_bomber": CombatUnit(_ut("tactical_bomber", "Tactical bomber", 11, 3, 3, "air"), supported_attack=4),
    "battleship": CombatUnit(_ut("battleship", "Battleship", 20, 4, 4, "sea", hits=2, **_SEA), bombard=4),
    "carrier": CombatUnit(_ut("carrier", "Aircraft carrier", 16, 0, 2, "sea", hits=2, carrier_capacity=2, **_SEA)),
}


@cache
def _aa1941() -> dict[str, CombatUnit]:
    raw = load_json("aa1941", "units.json")
    out = {}
    for uid in raw["order"]:
        ut = unit_type(uid, raw["units"][uid])
        out[uid] = CombatUnit(ut, captures=ut.domain == "land")
    return out


@cache
def _anniversary() -> dict[str, CombatUnit]:
    """The referee's Anniversary roster (AAE-UNIT-*-01), industrial complexes left out (AAE-UNIT-IC-01)."""
    from pbem.games.aa.anniversary.data import anniversary

    data = anniversary("1941")
    raised = tuple(t for t in data.unit_order if data.unit(t).has("supported_by_artillery"))
    out = {}
    for uid in data.unit_order:
        ut = data.unit(uid)
        if ut.has("immobile"):
            continue
        out[uid] = CombatUnit(ut, supports=raised if ut.has("artillery_support") else (),
                              supported_attack=ut.attack + 1 if ut.has("supported_by_artillery") else 0,
                              bombard=ut.bombard, aa_gun=ut.has("anti_aircraft"),
                              casualty=not ut.has("never_casualty"), captures=ut.has("captures_territory"))
    return out


def table(edition: str) -> dict[str, CombatUnit]:
    """Every unit type of ``edition`` (ValueError for an unknown edition)."""
    if edition == "aa1941":
        return _aa1941()
    if edition == "anniversary":
        return _anniversary()
    if edition == "global1940":
        return _GLOBAL1940
    raise ValueError(f"Unknown edition '{edition}' (one of {', '.join(EDITIONS)}).")


def unit_types(edition: str) -> dict[str, UnitType]:
    """The referee's view of the edition's units (what the casualty rule reads)."""
    return {k: v.type for k, v in table(edition).items()}
