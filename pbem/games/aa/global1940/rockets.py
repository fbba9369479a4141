"""Rockets (G40-TECH-09): in Conduct Combat action 2, each operational air base of a power
with the advance fires one rocket per turn at an enemy complex, air base or naval base within
4 spaces, never at or across a neutral territory (AMB-47); 1d6 damage, capped as any damage
(``bases.add_damage``, G40-SBR-10)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.global1940.airpaths import reach
from pbem.games.aa.global1940.bases import has, operational
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war
from pbem.games.aa.state import State

RULE = "G40-TECH-09"
TARGETS = ("major_complex", "minor_complex", "air_base", "naval_base")


def launch_sites(data: G40Data, state: State, power: str, fired: Sequence[str] = ()
                 ) -> list[str]:
    """The power's own territories with an operational air base that have not fired this
    turn (G40-BASE-03, -05: a damaged or just captured base fires nothing)."""
    if "rockets" not in advances(state, power):
        return []
    return sorted(t for t, o in state["owners"].items()
                  if o == power and t not in fired
                  and operational(data, state, t, "air_base", power))


def targets(data: G40Data, state: State, power: str, site: str) -> list[tuple[str, str]]:
    """``(territory, installation)`` pairs a rocket from ``site`` may hit: held by a power at
    war with ``power``, within the rocket range, reached without crossing a neutral."""
    rng = int(data.rules["research"]["rocket_range"])
    out: list[tuple[str, str]] = []
    for territory in sorted(reach(data, state, site, rng)):
        if data.spaces[territory].is_land and at_war(state, power,
                                                     state["owners"].get(territory)):
            out.extend((territory, k) for k in TARGETS if has(state, territory, k))
    return out


def check(data: G40Data, state: State, power: str, site: str, territory: str, kind: str,
          fired: Sequence[str] = ()) -> None:
    if site not in launch_sites(data, state, power, fired):
        raise IllegalOrder(RULE, "{space} cannot launch a rocket this turn.",
                           {"space": site})
    if (territory, kind) not in targets(data, state, power, site):
        raise IllegalOrder(RULE, "A rocket from {space} cannot reach an enemy {kind} "
                           "in {target} (4 spaces, never over a neutral).",
                           {"space": site, "kind": kind, "target": territory})


def resolve(data: G40Data, state: State, power: str, site: str, territory: str, kind: str,
            face: int, fired: Sequence[str] = ()) -> dict[str, Any]:
    """Payload: the rolled damage; the edition then calls ``bases.add_damage`` and records
    ``site`` as fired this turn."""
    check(data, state, power, site, territory, kind, fired)
    return {"power": power, "from": site, "territory": territory, "kind": kind,
            "damage": face}
