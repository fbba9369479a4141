"""Shore bombardment in support of an amphibious assault (AAE-BOMB, AAE-AMPH-03/04).

``check_bombardment`` validates the ships an attacker names; ``hits`` counts the hits of
their dice (one die each, once: battleship on 4 or less, cruiser on 3 or less); each hit
puts one defending unit in the casualty zone, which still fires in the first round of the
land battle (AAE-BOMB-05: the combat module applies them).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.state import State, Unit


def check_bombardment(data: AnniversaryData, state: State, power: str, target: str,
                      ships: Sequence[tuple[str, Unit]], offload_zones: Collection[str],
                      sea_battle_zones: Collection[str], offloaded: int) -> None:
    """``ships``: (sea zone, unit) pairs; ``offload_zones``: zones from which transports
    offload land units into ``target`` this turn; ``sea_battle_zones``: zones where a sea
    battle (defenceless transports included) was fought this turn; ``offloaded``: land units
    offloaded from transports into ``target``."""
    if len(ships) > offloaded:
        raise IllegalOrder("AAE-BOMB-03", "At most {limit} ships may bombard {space}: one per "
                           "land unit offloaded there.", {"limit": offloaded, "space": target})
    for zone, unit in ships:
        utype = data.unit(unit["type"])
        if unit["owner"] != power or not utype.has("shore_bombardment"):
            raise IllegalOrder("AAE-BOMB-01", "Only the attacker's battleships and cruisers "
                               "bombard, not {unit}.", {"unit": unit["type"]})
        if zone not in offload_zones:
            raise IllegalOrder("AAE-BOMB-01", "Ships bombard {space} only from a sea zone from "
                               "which transports offload into it, not from {zone}.",
                               {"space": target, "zone": zone})
        if zone in sea_battle_zones or unit.get("t_fought"):
            raise IllegalOrder("AAE-BOMB-02", "No ship bombards from {zone}: a sea battle was "
                               "fought there this turn.", {"zone": zone})
        if unit.get("t_bombarded"):
            raise IllegalOrder("AAE-BOMB-06", "A ship bombards once per turn, one territory.")


def hits(data: AnniversaryData, ships: Sequence[Unit], faces: Sequence[int]) -> int:
    """AAE-BOMB-04: one die per ship, hitting at its bombardment value."""
    if len(faces) != len(ships):
        raise InvalidOrder("AAE-BOMB-04", "Each bombarding ship rolls one die.")
    return sum(1 for ship, face in zip(ships, faces, strict=True)
               if face <= data.unit(ship["type"]).bombard)
