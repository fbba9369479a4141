"""Paratroopers (G40-TECH-10, AMB-43): in Combat Move up to 2 infantry in a territory with an
operational air base drop on an enemy-held territory within 3 spaces that other land units
also attack this turn. They move as aircraft (over hostile spaces, never over neutrals), are
fired on by AA guns in the target only, exactly as aircraft (G40-AA-07: ``aa_targets``; in
battle the combat hooks' ``airborne``), and retreat overland only together with the land units
that attacked overland, to a territory those came from (§13: "possono ritirarsi normalmente per
via terrestre"; with none of them left they stay, as units landed from the sea do). This is the Global rule; the
Anniversary bomber-borne drop (``anniversary/paratroopers.py``) does not apply.
"""

from __future__ import annotations

from collections.abc import Sequence

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.global1940.airpaths import reach
from pbem.games.aa.global1940.bases import operational
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war
from pbem.games.aa.state import State, Unit

RULE = "G40-TECH-10"


def air_bases(data: G40Data, state: State, power: str) -> list[str]:
    """The power's territories paratroopers may start from: an operational air base of its own
    (G40-BASE-05); none without the advance."""
    if "paratroopers" not in advances(state, power):
        return []
    return sorted(t for t, o in state["owners"].items()
                  if o == power and operational(data, state, t, "air_base", power))


def may_drop(data: G40Data, power: str, unit: Unit) -> bool:
    """G40-UNIT-INF-02: only the power's infantry, not aboard a transport, that has not moved."""
    return (unit["owner"] == power and data.unit(unit["type"]).has("paratrooper")
            and "aboard" not in unit and not unit.get("t_moved"))


def drop_zones(data: G40Data, state: State, power: str, site: str) -> list[str]:
    """Enemy-held territories within range of ``site``, reached without crossing a neutral."""
    rng = int(data.rules["research"]["paratrooper_range"])
    return sorted(t for t, d in reach(data, state, site, rng).items()
                  if d and data.spaces[t].is_land
                  and at_war(state, power, state["owners"].get(t)))


def check(data: G40Data, state: State, power: str, site: str, infantry: Sequence[Unit],
          target: str, attacked_by_land: bool) -> None:
    """One drop from ``site``: ``infantry`` are the power's units in ``site`` that have not
    moved; ``attacked_by_land``: other land units attack ``target`` this turn (overland or
    amphibious)."""
    if "paratroopers" not in advances(state, power):
        raise IllegalOrder(RULE, "{power} has not developed Paratroopers.", {"power": power})
    if state["owners"].get(site) != power or not operational(data, state, site, "air_base",
                                                              power):
        raise IllegalOrder(RULE, "Paratroopers start from a territory with an operational air "
                           "base of {power}, not {space}.", {"power": power, "space": site})
    limit = int(data.rules["research"]["paratroopers_per_air_base"])
    if not infantry or len(infantry) > limit:
        raise IllegalOrder(RULE, "Drop 1 to {limit} infantry from each air base.",
                           {"limit": limit})
    for unit in infantry:
        if not may_drop(data, power, unit):
            raise IllegalOrder("G40-UNIT-INF-02", "Only infantry of {power} that has not moved "
                               "can be paratroopers.", {"power": power})
    if target not in drop_zones(data, state, power, site):
        raise IllegalOrder(RULE, "{target} is not an enemy territory within 3 spaces of "
                           "{space} reached without flying over a neutral.",
                           {"target": target, "space": site})
    if not attacked_by_land:
        raise IllegalOrder(RULE, "Paratroopers drop only where other land units also attack "
                           "({target}).", {"target": target})


def dropped(unit: Unit) -> bool:
    """An infantry dropped this turn (``t_paratrooper``, set by ``paradrop_orders.py``)."""
    return bool(unit.get("t_paratrooper"))


def aa_targets(data: G40Data, attacking: Sequence[Unit]) -> list[int]:
    """G40-AA-07: AA guns fire at dropped infantry as at aircraft (the combat hooks' ``airborne``)."""
    return sorted(u["id"] for u in attacking if data.unit(u["type"]).domain == "air" or dropped(u))
