"""China (AAE-CHINA): free infantry, placement, movement area, Kwangtung, its block inside
the US turn.

China holds no IPCs (AAE-CHINA-02): the free infantry are computed in the US Purchase phase
(AAE-CHINA-03) into ``state["china_pending"]`` and placed in the US Mobilize phase
(AAE-CHINA-04); those that cannot be placed wait (AAE-CHINA-14).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.state import State, Unit

CHINA = "china"


def chinese_territories(data: AnniversaryData, state: State) -> list[str]:
    """AAE-CHINA-03/06: territories China controls (Manchuria and Kiangsu once Chinese)."""
    rules = data.china_rules()
    return sorted(t for t in (*rules.territories, *rules.may_control)
                  if state["owners"].get(t) == CHINA)


def free_infantry(data: AnniversaryData, state: State) -> int:
    """AAE-CHINA-03: one infantry per two Chinese territories, rounded down (7 -> 3)."""
    return len(chinese_territories(data, state)) // data.china_rules().infantry_per_territories


def chinese_units(state: State, territory: str) -> int:
    return sum(1 for u in state["units"].get(territory, []) if u["owner"] == CHINA)


def placement_territories(data: AnniversaryData, state: State,
                          counts_at_start: dict[str, int]) -> list[str]:
    """AAE-CHINA-04, spec E-11/E-12: China-controlled territories (captured ones included)
    that held fewer than three Chinese units at the start of Mobilize; allied units do not
    count, and such a territory may receive any number of new infantry."""
    limit = data.china_rules().placement_limit
    return [t for t in chinese_territories(data, state) if counts_at_start.get(t, 0) < limit]


def check_placement(data: AnniversaryData, state: State, placements: Any,
                    counts_at_start: dict[str, int]) -> dict[str, int]:
    """Validate ``{territory: infantry}`` for China's free infantry (AAE-CHINA-04)."""
    pending = int(state.get("china_pending", 0))
    if not isinstance(placements, dict) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0
            for n in placements.values()):
        raise IllegalOrder("AAE-CHINA-04", "Place China's infantry as territory: count.")
    allowed = placement_territories(data, state, counts_at_start)
    for territory in placements:
        if territory not in allowed:
            raise IllegalOrder("AAE-CHINA-04", "China's new infantry go to a territory China "
                               "controls that holds fewer than three Chinese units, not "
                               "{space}.", {"space": str(territory)})
    if sum(placements.values()) > pending:
        raise IllegalOrder("AAE-CHINA-04", "China has {count} free infantry to place.",
                           {"count": pending})
    return dict(placements)


def check_path(data: AnniversaryData, unit: Unit, path: Sequence[str]) -> None:
    """AAE-CHINA-05/09: Chinese units (the Flying Tigers fighter included, even flying over)
    never leave the Chinese territories, Manchuria, Kiangsu and Kwangtung, nor go to sea."""
    if unit["owner"] != CHINA:
        return
    area = data.china_rules().area
    for space in path:
        if space not in area:
            raise IllegalOrder("AAE-CHINA-05", "Chinese units never leave China: {space} is "
                               "outside it.", {"space": space})


def check_transport(unit: Unit) -> None:
    """AAE-CHINA-08: Chinese units are never carried by transports."""
    if unit["owner"] == CHINA:
        raise IllegalOrder("AAE-CHINA-08", "Chinese units cannot board transports.")


def controller_after_capture(data: AnniversaryData, territory: str, capturer: str,
                             original_owner: str | None) -> str:
    """Who controls ``territory`` after ``capturer`` takes it.

    AAE-CHINA-07: Kwangtung never becomes Chinese; its control goes to the United Kingdom
    (spec E-15) whoever of the Allies takes it. AAE-CHINA-11/12: a Chinese territory
    liberated by another Allied power always returns to China. Other territories: the
    capturer (liberation of other powers' territories is the family's capture rule)."""
    rules = data.china_rules()
    if territory in rules.may_enter_never_control and data.side_of(capturer) == data.side_of(
            CHINA):
        return rules.may_enter_never_control[territory]
    if original_owner == CHINA and data.side_of(capturer) == data.side_of(CHINA):
        return CHINA
    return capturer


def check_block_order(done: Sequence[str], block: str) -> None:
    """AAE-CHINA-10: in the US turn, China's combat move and combat form one block and the
    US's another; a block, once started, is completed before the other starts, and each
    is played once. ``done``: blocks already finished this turn; ``block``: "china"|"usa"."""
    if block in done:
        raise IllegalOrder("AAE-CHINA-10", "The {power} combat block is already over this "
                           "turn.", {"power": block})
