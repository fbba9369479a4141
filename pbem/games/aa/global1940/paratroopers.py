"""Paratroopers (G40-TECH-10, AMB-43): in Combat Move up to 2 infantry in a territory with an
operational air base drop on an enemy-held territory within 3 spaces that other land units
also attack this turn. They move as aircraft (over hostile spaces, never over neutrals), are
fired on by AA guns in the target only (G40-AA-07: ``aa_targets`` counts them) and
may retreat overland with the land units they attacked with. This is the Global rule; the
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
        if unit["owner"] != power or not data.unit(unit["type"]).has("paratrooper") or (
                "aboard" in unit or unit.get("t_moved")):
            raise IllegalOrder("G40-UNIT-INF-02", "Only infantry of {power} that has not moved "
                               "can be paratroopers.", {"power": power})
    if target not in drop_zones(data, state, power, site):
        raise IllegalOrder(RULE, "{target} is not an enemy territory within 3 spaces of "
                           "{space} reached without flying over a neutral.",
                           {"target": target, "space": site})
    if not attacked_by_land:
        raise IllegalOrder(RULE, "Paratroopers drop only where other land units also attack "
                           "({target}).", {"target": target})


def aa_targets(data: G40Data, attacking: Sequence[Unit]) -> list[int]:
    """G40-AA-07: AA guns fire at dropped infantry (``t_paratrooper``) as at aircraft."""
    return sorted(u["id"] for u in attacking
                  if data.unit(u["type"]).domain == "air" or u.get("t_paratrooper"))
