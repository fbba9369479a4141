"""China (G40-CHINA-01…11, G40-NO-CHN-01, G40-MOB-08, G40-PUR-02).

China is a separate Allied power with its own IPCs (G40-CHINA-01) and no capital
(G40-CHINA-02: ``queries.treasury_capital_lost`` is never true for it, so it keeps and may
spend its IPCs once it holds a Chinese territory again). It buys infantry, and artillery
while the Burma Road is open at purchase time (AMB-40); it uses no complexes and places in
the territories with the Chinese emblem it controls, any number in each (AMB-40); its units
(the Flying Tigers fighter included) stay in its area and never board transports.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.state import State, Unit

CHINA = "china"


def burma_road_open(data: G40Data, state: State) -> bool:
    """G40-CHINA-09: the Allies control India, Burma, Yunnan and Szechwan."""
    return all(state["owners"].get(t) is not None
               and data.side_of(state["owners"][t]) == data.side_of(CHINA)
               for t in data.rules["china"]["burma_road"])


def buyable(data: G40Data, state: State) -> tuple[str, ...]:
    """G40-CHINA-03: infantry; artillery too while the Burma Road is open now (at purchase)."""
    rules = data.rules["china"]
    extra = tuple(rules["buys_with_burma_road"]) if burma_road_open(data, state) else ()
    return (*rules["buys"], *extra)


def check_purchase(data: G40Data, state: State, units: Mapping[str, int]) -> None:
    """G40-CHINA-03, G40-PUR-02: China buys nothing but infantry (and artillery with the
    Burma Road): no air, naval or AA units, no installations."""
    allowed = buyable(data, state)
    for utype, count in sorted(units.items()):
        if count and utype not in allowed:
            raise IllegalOrder("G40-CHINA-03", "China may buy only {allowed}, not {unit}.",
                               {"allowed": ", ".join(allowed), "unit": utype})


def check_no_spending(kind: str) -> None:
    """G40-CHINA-03, G40-REP-06, G40-TECH-02: no repairs and no research dice for China."""
    raise IllegalOrder("G40-CHINA-03", "China never buys {kind}.", {"kind": kind})


def placement_territories(data: G40Data, state: State) -> list[str]:
    """G40-CHINA-04: the territories with the Chinese emblem that China controls now
    (captured this turn included); never Burma, Kwangtung or a sea zone."""
    return sorted(t for t in data.rules["china"]["territories"]
                  if state["owners"].get(t) == CHINA)


def mobilizing(state: State) -> bool:
    """China's Mobilize: its territories stand in for complexes (``Edition.complexes``)."""
    return state.get("power") == CHINA and state.get("phase") == "mobilize"


def placement_capacity(state: State, territory: str) -> int:
    """G40-MOB-08, AMB-40: no limit in a territory: what is placed there and all still to
    place (``Edition.capacity``)."""
    placed = sum(1 for u in state["units"].get(territory, []) if u.get("t_placed") == territory)
    return placed + sum(int(n) for n in state.get("bought", {}).values())


def check_placement(data: G40Data, state: State, placements: Mapping[str, int]) -> None:
    """G40-CHINA-04, G40-MOB-08: ``{territory: count}``, no limit per territory (AMB-40)."""
    allowed = placement_territories(data, state)
    for territory in sorted(placements):
        if territory not in allowed:
            raise IllegalOrder("G40-CHINA-04", "China places its new units in a territory with "
                               "the Chinese emblem that it controls, not {space}.",
                               {"space": territory})


def check_path(data: G40Data, unit: Unit, path: Sequence[str]) -> None:
    """G40-CHINA-05, -08: a Chinese unit, the Flying Tigers fighter included (never even to
    attack and return), moves only within the Chinese territories, Kwangtung and Burma."""
    if unit["owner"] != CHINA:
        return
    area = data.china_area
    rule = "G40-CHINA-08" if data.unit(unit["type"]).domain == "air" else "G40-CHINA-05"
    for space in path:
        if space not in area:
            raise IllegalOrder(rule, "Chinese units never leave China's area: {space} is "
                               "outside it.", {"space": space})


def check_transport(unit: Unit) -> None:
    """G40-CHINA-06: Chinese units are never carried by transports."""
    if unit["owner"] == CHINA:
        raise IllegalOrder("G40-CHINA-06", "Chinese units cannot board transports.")
