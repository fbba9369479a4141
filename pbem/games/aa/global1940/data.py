"""Typed loader of ``rules/global1940/*.json`` (written by ``tools/convert_global1940.py``).

``global1940()`` returns a :class:`G40Data`: an
:class:`~pbem.games.aa.anniversary.data.AnniversaryData` (so the Anniversary modules that
are the same rule in Global 1940, e.g. research dice and AA dice, run on it unchanged)
extended with what Global 1940 adds: map membership and neutrals by kind (G40-MAP, G40-NEUT),
ten treasuries (G40-UK-01), the wars at the start (G40-POL-01), installations (G40-FAC,
G40-BASE), convoy and kamikaze zones (G40-CONV, G40-KAMI) and the 28 national objectives
(G40-NO). China has no capital: its ``capital`` is the empty string.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from pbem.games.aa.anniversary.data import AESpace, AEUnitType, AnniversaryData, Research
from pbem.games.aa.data import RULES_DIR, Canal, Power

DIRECTORY = RULES_DIR / "global1940"


@dataclass(frozen=True)
class G40Space(AESpace):
    impassable: bool = False  # G40-MAP-08
    dutch: bool = False  # G40-POL-21
    neutral_kind: str | None = None  # strict | pro_axis | pro_allies | mongolia (G40-NEUT-02)
    neutral_army: int = 0  # G40-NEUT-03
    map: str = ""  # europe | pacific | border (G40-MAP-17)
    uk_economy: str = ""  # uk_europe | uk_pacific (G40-UK-02)
    chinese: bool = False  # Chinese emblem (G40-CHINA-05)
    convoy: bool = False  # G40-CONV-02
    kamikaze: bool = False  # G40-KAMI-02


@dataclass(frozen=True)
class G40UnitType(AEUnitType):
    convoy_dice: int = 0  # G40-CONV-03
    convoy_dice_on_carrier: int = 0
    max_damage: int = 0  # G40-SBR-10
    max_operational_damage: int = 0  # G40-BASE-01
    production: int = 0  # G40-MOB-03
    production_with_ifp: int = 0  # G40-TECH-11
    production_in_upgrade_turn: int = 0  # G40-FAC-04
    min_value: int = 0  # G40-FAC-02/03
    upgrades_to: str | None = None
    upgrades: str | None = None
    captured_becomes: str | None = None  # G40-CMB-23
    scramble_limit: int = 0  # G40-CM-22
    move_bonus: int = 0  # G40-CM-18/19
    aa_shots: int = 0  # G40-AA-02
    air_battle_hit: int = 0  # G40-SBR-05
    air_battle_hit_with_jets: int = 0  # G40-TECH-15
    raid_bonus: int = 0  # G40-SBR-09
    attack_supported: int = 0  # G40-CMB-04: tactical bomber with fighter or tank


@dataclass(frozen=True)
class Treasury:
    """One of the ten treasuries (G40-UK-01): the UK has two, every other power one."""

    id: str
    power: str
    capital: str  # "" for China
    starting_ipcs: int


@dataclass(frozen=True)
class G40Objective:
    """One national objective (G40-NO-*); the conditions the rulebook names, see objectives.py."""

    id: str
    treasury: str
    bonus: int
    territories: tuple[str, ...] = ()
    control: str = "power"  # power | axis | allies
    each: bool = False
    needed: int | None = None
    at_war_with_all: tuple[str, ...] = ()
    at_war_with_any: tuple[str, ...] = ()
    not_at_war_with: tuple[str, ...] = ()
    one_time: bool = False
    sweden_not_allied: bool = False
    own_land_unit_in: str | None = None
    no_enemy_warships_in: tuple[str, ...] = ()
    no_enemy_surface_warships_in: tuple[str, ...] = ()
    no_other_allied_units_in_original_territories: bool = False
    own_original_territories_on_map: str | None = None
    japan_never_attacked_west: bool = False
    on_liberation_of: str | None = None
    default_units: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class G40Data(AnniversaryData):
    treasuries: tuple[Treasury, ...] = ()
    wars_at_start: tuple[tuple[str, str], ...] = ()
    g40_objectives: tuple[G40Objective, ...] = ()
    rules: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    no_complex_islands: frozenset[str] = frozenset()

    def space(self, name: str) -> G40Space:
        space = self.spaces[name]
        assert isinstance(space, G40Space)
        return space

    def unit(self, utype: str) -> G40UnitType:
        unit = self.units[utype]
        assert isinstance(unit, G40UnitType)
        return unit

    def treasury_by_id(self, tid: str) -> Treasury:
        return next(t for t in self.treasuries if t.id == tid)

    def treasuries_of(self, power: str) -> tuple[Treasury, ...]:
        return tuple(t for t in self.treasuries if t.power == power)

    @property
    def china_area(self) -> frozenset[str]:
        """G40-CHINA-05: the territories with the Chinese emblem plus Kwangtung and Burma."""
        china = self.rules["china"]
        return frozenset(china["territories"]) | frozenset(china["may_enter"])


def _read(name: str) -> Any:
    return json.loads((DIRECTORY / name).read_text(encoding="utf-8"))


def _only(cls: type, raw: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in raw.items() if k in names}


def _objective(raw: dict[str, Any]) -> G40Objective:
    kwargs: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                              for k, v in _only(G40Objective, raw).items()}
    return G40Objective(**kwargs)


def load_global1940() -> G40Data:
    meta, map_, units = _read("scenario.json"), _read("map.json"), _read("units.json")
    powers, setups = _read("powers.json"), _read("setups.json")
    raw = map_["spaces"]
    names = sorted(raw, key=lambda n: (raw[n]["kind"] == "sea", raw[n].get("number") or 0, n))
    spaces = {n: G40Space(id=n, **_only(G40Space, raw[n])) for n in names}
    order = {n: i for i, n in enumerate(names)}
    links: dict[str, set[str]] = {n: set() for n in names}
    for a, b in map_["connections"]:
        links[a].add(b)
        links[b].add(a)
    turn_order = tuple(powers["turn_order"])
    by_id = {p["id"]: Power(id=p["id"], name=p["name"], side=p["side"],
                            capital=p["capital"] or "", turn_position=p["turn_position"],
                            starting_ipcs=sum(t["starting_ipcs"] for t in powers["treasuries"]
                                              if t["power"] == p["id"]))
             for p in powers["powers"]}
    listed = tuple(by_id[p] for p in turn_order)
    research = powers["research"]
    unit_types = {u: G40UnitType(id=u, abilities=frozenset(units["units"][u]["abilities"]),
                                 **{k: v for k, v in _only(G40UnitType, units["units"][u]).items()
                                    if k != "abilities"})
                  for u in units["order"]}
    return G40Data(
        key=meta["key"], title=meta["title"], spaces=dict(spaces),
        connections=tuple((a, b) for a, b in map_["connections"]),
        adjacency={n: tuple(sorted(v, key=order.__getitem__)) for n, v in links.items()},
        units=dict(unit_types), unit_order=tuple(units["order"]), powers=listed,
        power_by_id=by_id, turn_order=turn_order,
        sides={s["id"]: tuple(p.id for p in listed if p.side == s["id"]) for s in powers["sides"]},
        side_names={s["id"]: s["name"] for s in powers["sides"]},
        canals=tuple(Canal(name=c["name"], sea_zones=(c["sea_zones"][0], c["sea_zones"][1]),
                           territories=tuple(c["territories"])) for c in map_["canals"]),
        closed_sea_zones=frozenset(), victory={}, setups={"rulebook": setups["rulebook"]},
        scenario_key="global1940", victory_options=(), victory_default=0,
        research=Research(token_cost=research["die_cost"], success_face=research["success_face"],
                          charts={int(k): tuple(v) for k, v in research["charts"].items()},
                          names=dict(research["names"])),
        treasury=frozenset(p for p in turn_order if p not in research["excluded"]),
        rule_prefix=powers["rule_prefix"],
        treasuries=tuple(Treasury(id=t["id"], power=t["power"], capital=t["capital"] or "",
                                  starting_ipcs=t["starting_ipcs"]) for t in powers["treasuries"]),
        wars_at_start=tuple((a, b) for a, b in powers["wars_at_start"]),
        g40_objectives=tuple(_objective(o) for o in _read("objectives.json")["objectives"]),
        rules={k: powers[k] for k in ("china", "mongolia", "north_america", "victory",
                                       "us_factories_free_upgrade", "kamikaze_tokens",
                                       "kamikaze_zones")}
        | {"canals": map_["canals"], "research": research},
        no_complex_islands=frozenset(units["no_complex_islands"]),
    )


_CACHE: list[G40Data] = []


def global1940() -> G40Data:
    """The Global 1940 data, loaded once per process."""
    if not _CACHE:
        _CACHE.append(load_global1940())
    return _CACHE[0]
