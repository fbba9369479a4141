"""Industrial complexes as mobilization sites: where they are, what they place, building one.

In A&A 1941 the complexes are those printed on the map and each places its territory's value
(AA41-MOB-03). An edition may keep them in the state instead (``Edition.complexes``: the
Anniversary's ``state["complexes"]``, bought and damaged) and compute their capacity
(``Edition.capacity``: damage, Increased Factory Production). A unit type with the
``mobilization_site`` ability is a complex: it is placed by ``place`` on a territory the
edition's ``Edition.check_site`` accepts, counts against no complex and becomes an entry of
``state["complexes"]`` (``aa.site_placed``), listed in ``complexes_placed`` until the turn ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

SITE_PLACED = "aa.site_placed"


def complex_sites(rs: AARuleset, state: State) -> tuple[str, ...]:
    """The territories with an industrial complex now (board order)."""
    hook = rs.edition.complexes
    return hook(rs, state) if hook is not None else rs.map.factories


def has_complex(rs: AARuleset, state: State, territory: str) -> bool:
    if rs.edition.complexes is None:
        return rs.map.has_factory(territory)
    return territory in complex_sites(rs, state)


def complexes_bordering(rs: AARuleset, state: State, sea_zone: str) -> tuple[str, ...]:
    """The complexes on the territories next to ``sea_zone``."""
    if rs.edition.complexes is None:
        return rs.map.complexes_bordering(sea_zone)
    sites = set(complex_sites(rs, state))
    return tuple(t for t in rs.map.territories_of(sea_zone) if t in sites)


def capacity(rs: AARuleset, state: State, power: str, territory: str) -> int:
    """Units the complex in ``territory`` places per turn (AA41-MOB-03 / the edition's rule)."""
    hook = rs.edition.capacity
    return hook(rs, state, power, territory) if hook is not None else rs.map.value(territory)


def site_types(rs: AARuleset) -> frozenset[str]:
    return frozenset(u.id for u in rs.data.with_ability("mobilization_site"))


def place_site(rs: AARuleset, ctx: OrderContext, power: str, at: str, units: dict[str, int]) -> None:
    """Place one complex from the pool on ``at`` (checked by ``Edition.check_site``)."""
    check = rs.edition.check_site
    if check is None or len(units) != 1 or sum(units.values()) != 1:
        raise IllegalOrder("AA41-MOB-01", "Place an industrial complex by itself, one per order.")
    territory = check(rs, ctx.state, power, at)
    ctx.emit(SITE_PLACED, {"power": power, "at": territory, "type": next(iter(units))})


def _evolve_site_placed(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state.setdefault("complexes", {})[p["at"]] = 0
    state.setdefault("complexes_placed", []).append(p["at"])
    bought = state["bought"]
    bought[p["type"]] -= 1
    if not bought[p["type"]]:
        del bought[p["type"]]


def _describe_site_placed(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} builds an industrial complex in {p['at']}"


EVOLVERS = {SITE_PLACED: _evolve_site_placed}
DESCRIBERS = {SITE_PLACED: _describe_site_placed}
