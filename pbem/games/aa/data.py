"""Typed loader of a converted A&A scenario: ``rules/aa1941/*.json`` (``tools/convert_triplea.py``).

``load_scenario(directory)`` returns a :class:`ScenarioData` of frozen dataclasses: the
spaces (land territories and sea zones), their adjacency, the unit types, the powers,
sides and turn order, the canals, the closed sea zones (SZ 18, AA41-MAP-07), the victory
conditions (AA41-VIC) and the starting positions ("rulebook" and "errata", AA41-SEQ-01,
Interp. AMB-19) in the position format of ``Ruleset.from_position``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem.games.rulesdata import RULES_DIR, rules_dir

__all__ = ["RULES_DIR", "ScenarioData", "UnitType", "load_scenario", "scenario"]


@dataclass(frozen=True)
class Space:
    """A land territory or a sea zone (AA41-DEF-03)."""

    id: str
    kind: str  # "land" | "sea"
    value: int = 0  # income value (AA41-MAP-03); also the complex capacity (AA41-MOB-03)
    original_owner: str | None = None  # AA41-DEF-08; None for neutrals and sea zones
    capital_of: str | None = None  # AA41-MAP-12
    factory: bool = False  # industrial complex printed on the map (AA41-MAP-13)
    neutral: bool = False  # neutral and impassable (AA41-MAP-04)
    island: bool = False  # no land neighbour at all (AA41-MAP-05)
    coastal: bool = False  # land next to a sea zone (AA41-MAP-06)
    number: int | None = None  # sea zone number ("SZ 5" -> 5)

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"


@dataclass(frozen=True)
class UnitType:
    """One of the nine purchasable unit types (section C.1, AA41-UNIT-*-01)."""

    id: str
    name: str
    cost: int
    move: int
    attack: int
    defense: int
    domain: str  # "land" | "air" | "sea"
    hits: int = 1  # 2 for the battleship (AA41-UNIT-BB-02)
    carrier_capacity: int = 0  # fighters a carrier holds (2)
    carrier_cost: int = 0  # room a fighter takes on a carrier (1); 0: cannot land on carriers
    transport_capacity: int = 0  # 5: one land unit + one infantry (AA41-UNIT-TRN-03)
    transport_cost: int = 0  # infantry 2, tank 3
    submarine: bool = False
    destroyer: bool = False
    transport: bool = False
    warship: bool = False
    surface_warship: bool = False  # AA41-DEF-06

    abilities: frozenset[str] = frozenset()  # special abilities by name (docs/aa_family.md)

    @property
    def two_hit(self) -> bool:
        return self.has("two_hits")

    def has(self, ability: str) -> bool:
        """Whether this unit type has the special ability ``ability`` (e.g. ``"submerge"``)."""
        return ability in self.abilities


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    side: str
    capital: str
    starting_ipcs: int
    turn_position: int

    @property
    def ipcs(self) -> int:
        """Starting treasury (= starting production, AA41-SEQ-01)."""
        return self.starting_ipcs


@dataclass(frozen=True)
class Canal:
    """A canal between two sea zones, open to a side controlling every listed territory."""

    name: str
    sea_zones: tuple[str, str]
    territories: tuple[str, ...]


@dataclass(frozen=True)
class VictoryRule:
    """``side`` wins if, at the end of ``after``'s turn, it controls ``needed`` of ``capitals``."""

    side: str
    after: str
    capitals: tuple[str, ...]
    needed: int


@dataclass(frozen=True)
class ScenarioData:
    key: str
    title: str
    spaces: dict[str, Space]
    connections: tuple[tuple[str, str], ...]
    adjacency: dict[str, tuple[str, ...]]
    units: dict[str, UnitType]  # in purchase-table order
    unit_order: tuple[str, ...]
    powers: tuple[Power, ...]  # in turn order
    power_by_id: dict[str, Power]
    turn_order: tuple[str, ...]
    sides: dict[str, tuple[str, ...]]
    side_names: dict[str, str]
    canals: tuple[Canal, ...]
    closed_sea_zones: frozenset[str]
    victory: dict[str, tuple[VictoryRule, ...]]
    setups: dict[str, dict[str, Any]] = field(repr=False, compare=False)  # do not mutate

    # -- queries ------------------------------------------------------------------
    def power(self, power: str) -> Power:
        return self.power_by_id[power]

    def side_of(self, power: str) -> str:
        return self.power_by_id[power].side

    def friendly(self, a: str | None, b: str | None) -> bool:
        """AA41-DEF-01: same side (a power is friendly to itself); None (neutral) is nobody's."""
        by_id = self.power_by_id
        return a is not None and b is not None and by_id[a].side == by_id[b].side

    @property
    def land_territories(self) -> tuple[str, ...]:
        return tuple(s for s, sp in self.spaces.items() if sp.is_land)

    @property
    def sea_zones(self) -> tuple[str, ...]:
        return tuple(s for s, sp in self.spaces.items() if sp.is_sea)

    @property
    def factories(self) -> tuple[str, ...]:
        return tuple(s for s, sp in self.spaces.items() if sp.factory)

    def with_ability(self, ability: str) -> tuple[UnitType, ...]:
        """The unit types with ``ability``, in purchase-table order."""
        return tuple(u for u in self.units.values() if u.has(ability))

    def capital_of(self, power: str) -> str:
        return self.power_by_id[power].capital

    def setup_names(self) -> tuple[str, ...]:
        return tuple(sorted(self.setups))

    def setup(self, name: str = "rulebook") -> dict[str, Any]:
        """A fresh copy of the named starting position ("rulebook" or "errata")."""
        return copy.deepcopy(self.setups[name])


#: The converted flags of ``units.json`` (TripleA's unit options) and the abilities they give.
FLAG_ABILITIES: dict[str, tuple[str, ...]] = {
    "can_blitz": ("blitz",),
    "submarine": ("submerge", "first_strike", "cannot_hit_air", "evades_air", "stealth"),
    "destroyer": ("detects_submarines",),
    "transport": ("carries_land_units", "defenceless"),
    "warship": ("warship",),
    "surface_warship": ("surface_warship",),
}


def unit_type(uid: str, raw: dict[str, Any]) -> UnitType:
    """A :class:`UnitType` from its ``units.json`` entry: flags become abilities by name."""
    kept = {f.name for f in dataclasses.fields(UnitType)}  # the flags UnitType also keeps as fields
    fields = {k: v for k, v in raw.items() if k != "abilities" and (k not in FLAG_ABILITIES or k in kept)}
    abilities = set(raw.get("abilities", ()))
    for flag, given in FLAG_ABILITIES.items():
        if raw.get(flag):
            abilities.update(given)
    if int(raw.get("hits", 1)) >= 2:
        abilities.add("two_hits")
    if int(raw.get("carrier_capacity", 0)) > 0:
        abilities.add("carries_fighters")
    return UnitType(id=uid, abilities=frozenset(abilities), **fields)


def _read(directory: Path, name: str) -> Any:
    return json.loads((directory / name).read_text(encoding="utf-8"))


def load_scenario(directory: Path) -> ScenarioData:
    """Load ``directory`` (e.g. ``rules/aa1941``) written by ``tools/convert_triplea.py``."""
    meta = _read(directory, "scenario.json")
    map_ = _read(directory, "map.json")
    units = _read(directory, "units.json")
    powers = _read(directory, "powers.json")
    setups = _read(directory, "setups.json")
    # Spaces in a stable order: land territories by name, then sea zones by number.
    raw = map_["spaces"]
    names = sorted(raw, key=lambda n: (raw[n]["kind"] == "sea", raw[n].get("number") or 0, n))
    spaces = {n: Space(id=n, **raw[n]) for n in names}
    connections = tuple((a, b) for a, b in map_["connections"])
    neighbours: dict[str, list[str]] = {n: [] for n in names}
    for a, b in connections:
        neighbours[a].append(b)
        neighbours[b].append(a)
    order = {n: i for i, n in enumerate(names)}
    adjacency = {n: tuple(sorted(v, key=order.__getitem__)) for n, v in neighbours.items()}
    units_ = {u: unit_type(u, units["units"][u]) for u in units["order"]}
    by_id = {p["id"]: Power(**p) for p in powers["powers"]}
    power_list = [by_id[p] for p in powers["turn_order"]]
    sides = {s["id"]: tuple(p.id for p in power_list if p.side == s["id"])
             for s in powers["sides"]}
    victory = {mode: tuple(VictoryRule(side=r["side"], after=r["after"],
                                       capitals=tuple(r["capitals"]), needed=r["needed"])
                           for r in rules)
               for mode, rules in powers["victory"].items()}
    canals = tuple(Canal(name=c["name"], sea_zones=(c["sea_zones"][0], c["sea_zones"][1]),
                         territories=tuple(c["territories"])) for c in map_["canals"])
    return ScenarioData(
        key=meta["key"], title=meta["title"], spaces=spaces, connections=connections,
        adjacency=adjacency, units=units_, unit_order=tuple(units["order"]),
        powers=tuple(power_list), power_by_id=by_id, turn_order=tuple(powers["turn_order"]),
        sides=sides, side_names={s["id"]: s["name"] for s in powers["sides"]},
        canals=canals, closed_sea_zones=frozenset(map_["closed_sea_zones"]), victory=victory,
        setups=setups,
    )


_CACHE: dict[str, ScenarioData] = {}


def scenario(key: str = "aa1941") -> ScenarioData:
    """The scenario ``rules/<key>/``, loaded once per process."""
    if key not in _CACHE:
        _CACHE[key] = load_scenario(rules_dir(key))
    return _CACHE[key]
