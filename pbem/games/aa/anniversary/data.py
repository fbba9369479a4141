"""Typed loader of ``rules/anniversary/*.json`` (written by ``tools/convert_anniversary.py``).

``anniversary(scenario)`` returns an :class:`AnniversaryData`, a
:class:`~pbem.games.aa.data.ScenarioData` of one scenario ("1941" or "1942": its turn
order, starting treasuries and starting position) extended with what the Anniversary
Edition adds: victory cities (AAE-VIC-01), the research charts (AAE-RD, table C.4), the
national objectives (AAE-NO), China's area and rules (AAE-CHINA), and unit abilities by name.
China has no capital (AAE-CHINA-12): its ``capital`` is the empty string, which no enemy
can ever hold, so "capital lost" is never true for China.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from pbem.games.aa.data import (
    RULES_DIR,
    Canal,
    Power,
    ScenarioData,
    Space,
    UnitType,
)

SCENARIOS = ("1941", "1942")
DIRECTORY = RULES_DIR / "anniversary"


@dataclass(frozen=True)
class AESpace(Space):
    victory_city: str | None = None  # AAE-VIC-01: the city's name


@dataclass(frozen=True)
class AEUnitType(UnitType):
    abilities: frozenset[str] = frozenset()
    shipyard_cost: int | None = None  # AAE-TECH-09
    bombard: int = 0  # AAE-BOMB-04: battleship 4, cruiser 3
    aa_hit: int = 0  # AAE-AA-03: hits on 1
    aa_hit_with_radar: int = 0  # AAE-TECH-10: hits on 1 or 2
    attack_with_jets: int | None = None  # AAE-TECH-08
    attack_with_super_submarines: int | None = None  # AAE-TECH-07
    move_with_long_range: int | None = None  # AAE-TECH-11
    heavy_bomber_dice: int = 1  # AAE-TECH-12

    def has(self, ability: str) -> bool:
        return ability in self.abilities


@dataclass(frozen=True)
class Objective:
    """One national objective (AAE-NO-11..62)."""

    id: str
    power: str
    bonus: int
    controlled_by: str  # "side" (AAE-NO-03) or "power" (AAE-NO-62)
    needed: int
    territories: tuple[str, ...]
    no_enemy_surface_warships_in: tuple[str, ...] = ()  # AAE-NO-31
    no_other_allied_units_in_own_territories: bool = False  # AAE-NO-62


@dataclass(frozen=True)
class ChinaRules:
    territories: tuple[str, ...]  # the seven Chinese territories
    may_control: tuple[str, ...]  # Manchuria, Kiangsu (AAE-CHINA-06)
    may_enter_never_control: dict[str, str]  # Kwangtung -> uk (AAE-CHINA-07)
    infantry_per_territories: int  # 2 (AAE-CHINA-03)
    placement_limit: int  # 3 (AAE-CHINA-04)

    @property
    def area(self) -> frozenset[str]:
        """AAE-CHINA-05: where Chinese units may be."""
        return frozenset(self.territories) | set(self.may_control) | set(
            self.may_enter_never_control)


@dataclass(frozen=True)
class Research:
    token_cost: int  # 5 (AAE-RD-02)
    success_face: int  # 6 (AAE-RD-04)
    charts: dict[int, tuple[str, ...]]  # chart 1/2 -> advances by die face 1..6
    names: dict[str, str]


@dataclass(frozen=True)
class AnniversaryData(ScenarioData):
    scenario_key: str = "1941"
    victory_options: tuple[int, ...] = (13, 15, 18)
    victory_default: int = 15
    starting_victory_cities: dict[str, int] = field(default_factory=dict)
    objectives: tuple[Objective, ...] = ()
    china: ChinaRules | None = None
    research: Research | None = None
    treasury: frozenset[str] = frozenset()  # powers that hold IPCs (not China)
    inside_turn_of: dict[str, str] = field(default_factory=dict)  # china -> usa
    rule_prefix: str = "AAE"

    @property
    def victory_cities(self) -> dict[str, str]:
        return {s: sp.victory_city for s, sp in self.spaces.items()
                if isinstance(sp, AESpace) and sp.victory_city}

    def unit(self, utype: str) -> AEUnitType:
        unit = self.units[utype]
        assert isinstance(unit, AEUnitType)
        return unit

    def china_rules(self) -> ChinaRules:
        assert self.china is not None
        return self.china

    def research_rules(self) -> Research:
        assert self.research is not None
        return self.research


def _read(name: str) -> Any:
    return json.loads((DIRECTORY / name).read_text(encoding="utf-8"))


_UNIT_FIELDS = frozenset(f.name for f in fields(AEUnitType))


def _unit(uid: str, raw: dict[str, Any]) -> AEUnitType:
    """Abilities are listed by name in ``units.json``; the converted TripleA flags that the
    family's ``UnitType`` keeps as fields are passed only while it has them."""
    kept = {k: v for k, v in raw.items() if k in _UNIT_FIELDS and k != "abilities"}
    return AEUnitType(id=uid, abilities=frozenset(raw["abilities"]), **kept)


def load_anniversary(scenario: str) -> AnniversaryData:
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown Anniversary scenario {scenario!r}")
    meta, map_, units = _read("scenario.json"), _read("map.json"), _read("units.json")
    powers, setups = _read("powers.json"), _read("setups.json")
    objectives = _read("objectives.json")["objectives"]
    sc = powers["scenarios"][scenario]
    raw = map_["spaces"]
    names = sorted(raw, key=lambda n: (raw[n]["kind"] == "sea", raw[n].get("number") or 0, n))
    spaces: dict[str, Space] = {n: AESpace(id=n, **raw[n]) for n in names}
    connections = tuple((a, b) for a, b in map_["connections"])
    neighbours: dict[str, list[str]] = {n: [] for n in names}
    for a, b in connections:
        neighbours[a].append(b)
        neighbours[b].append(a)
    order = {n: i for i, n in enumerate(names)}
    adjacency = {n: tuple(sorted(v, key=order.__getitem__)) for n, v in neighbours.items()}
    by_id = {p["id"]: Power(id=p["id"], name=p["name"], side=p["side"],
                            capital=p["capital"] or "", starting_ipcs=sc["starting_ipcs"][p["id"]],
                            turn_position=(sc["turn_order"].index(p["id"]) + 1
                                           if p["id"] in sc["turn_order"] else 0))
             for p in powers["powers"]}
    turn_order = tuple(sc["turn_order"])
    listed = [by_id[p] for p in turn_order] + [p for p in by_id.values() if p.id not in turn_order]
    research = powers["research"]
    china = powers["china"]
    setup = setups[scenario]
    return AnniversaryData(
        key=f"{meta['key']}/{scenario}", title=f"{meta['title']} ({scenario})", spaces=spaces,
        connections=connections, adjacency=adjacency,
        units={u: _unit(u, units["units"][u]) for u in units["order"]},
        unit_order=tuple(units["order"]), powers=tuple(listed), power_by_id=by_id,
        turn_order=turn_order,
        sides={s["id"]: tuple(p.id for p in listed if p.side == s["id"]) for s in powers["sides"]},
        side_names={s["id"]: s["name"] for s in powers["sides"]},
        canals=tuple(Canal(name=c["name"], sea_zones=(c["sea_zones"][0], c["sea_zones"][1]),
                           territories=tuple(c["territories"])) for c in map_["canals"]),
        closed_sea_zones=frozenset(map_["closed_sea_zones"]), victory={},
        setups={"rulebook": setup}, scenario_key=scenario,
        victory_options=tuple(powers["victory"]["options"]),
        victory_default=int(powers["victory"]["default"]),
        starting_victory_cities=dict(sc["victory_cities"]),
        objectives=tuple(Objective(**{**o, "territories": tuple(o["territories"]),
                                      "no_enemy_surface_warships_in": tuple(
                                          o.get("no_enemy_surface_warships_in", ()))})
                         for o in objectives),
        china=ChinaRules(territories=tuple(china["territories"]),
                         may_control=tuple(china["may_control"]),
                         may_enter_never_control=dict(china["may_enter_never_control"]),
                         infantry_per_territories=china["infantry_per_territories"],
                         placement_limit=china["placement_limit"]),
        research=Research(token_cost=research["token_cost"],
                          success_face=research["success_face"],
                          charts={int(k): tuple(v) for k, v in research["charts"].items()},
                          names=dict(research["names"])),
        treasury=frozenset(p["id"] for p in powers["powers"] if p["treasury"]),
        inside_turn_of={p["id"]: p["played_inside_turn_of"] for p in powers["powers"]
                        if p["played_inside_turn_of"]},
        rule_prefix=powers["rule_prefix"],
    )


_CACHE: dict[str, AnniversaryData] = {}


def anniversary(scenario: str = "1941") -> AnniversaryData:
    """The scenario ("1941" or "1942"), loaded once per process."""
    if scenario not in _CACHE:
        _CACHE[scenario] = load_anniversary(scenario)
    return _CACHE[scenario]
