"""Antiaircraft fire (AAE-AA): one die per attacking aircraft, from one gun per territory.

Used before the first round of a combat in a territory (general or amphibious, AAE-AA-02)
and before a strategic bombing raid (AAE-SBR-02); a territory both raided and attacked
fires once in each (AAE-AA-10). Each die is aimed at one named aircraft (AAE-AA-05): the
caller rolls ``len(targets)`` dice and passes the faces in the order of ``targets``.
"""

from __future__ import annotations

from collections.abc import Sequence

from pbem.engine import InvalidOrder
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.research import aa_hit_value, advances
from pbem.games.aa.state import State, Unit


def is_aircraft(data: AnniversaryData, unit: Unit) -> bool:
    return data.unit(unit["type"]).domain == "air"


def firing_gun(data: AnniversaryData, state: State, territory: str, attacker: str
               ) -> Unit | None:
    """AAE-AA-04: the one AA gun that fires in ``territory`` (the defenders' best one: with
    Radar if any of their guns has it), or None. Guns of the attacker's side never fire at it."""
    guns = [u for u in state["units"].get(territory, [])
            if data.unit(u["type"]).has("anti_aircraft") and "aboard" not in u
            and data.side_of(u["owner"]) != data.side_of(attacker)]
    if not guns:
        return None
    best: Unit = max(guns, key=lambda g: (aa_hit_value(data, advances(state, g["owner"])),
                                          -g["id"]))
    return best


def targets(data: AnniversaryData, attacking: Sequence[Unit]) -> list[int]:
    """AAE-AA-01/03: every attacking aircraft, no upper limit; ids in a stable order."""
    return sorted(u["id"] for u in attacking if is_aircraft(data, u))


def hit_value(data: AnniversaryData, state: State, gun: Unit) -> int:
    """AAE-AA-03 hits on 1; AAE-TECH-10 on 1 or 2 with the gun owner's Radar."""
    return aa_hit_value(data, advances(state, gun["owner"]))


def fire(aircraft: Sequence[int], faces: Sequence[int], hit_on: int) -> list[int]:
    """AAE-AA-03/05: the aircraft destroyed, each by the die aimed at it."""
    if len(faces) != len(aircraft):
        raise InvalidOrder("AAE-AA-03", "An AA gun rolls one die per attacking aircraft "
                           "({count}).", {"count": len(aircraft)})
    return [plane for plane, face in zip(aircraft, faces, strict=True) if face <= hit_on]
