"""Strategic bombing raids, rockets, damage to industrial complexes and repair (AAE-SBR,
AAE-TECH-02/13/14, AAE-PUR-03, AAE-MOB-02).

State: ``state["complexes"] = {territory: damage markers}`` for every territory with an
industrial complex; the complex belongs to whoever controls the territory (AAE-SBR-07:
damage stays when it changes hands). Raid and rocket dice come from the caller.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.anniversary import antiaircraft
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.queries import capital_lost
from pbem.games.aa.anniversary.research import advances, bomber_dice, repair_cost
from pbem.games.aa.state import State, Unit

ROCKET_RANGE = 3  # AAE-TECH-02


def max_damage(data: AnniversaryData, territory: str) -> int:
    """AAE-SBR-04: never more than twice the territory's IPC value."""
    return 2 * data.spaces[territory].value


def add_damage(data: AnniversaryData, state: State, territory: str, markers: int) -> int:
    """Place ``markers`` (AAE-SBR-03) up to the cap (AAE-SBR-04); return those placed."""
    current = int(state["complexes"][territory])
    placed = max(0, min(markers, max_damage(data, territory) - current))
    state["complexes"][territory] = current + placed
    return placed


def _enemy_complex(data: AnniversaryData, state: State, power: str, territory: Any) -> str:
    if territory not in state.get("complexes", {}):
        raise IllegalOrder("AAE-SBR-01", "There is no industrial complex in {space}.",
                           {"space": str(territory)})
    owner = state["owners"].get(territory)
    if owner is None or data.side_of(owner) == data.side_of(power):
        raise IllegalOrder("AAE-SBR-01", "The industrial complex in {space} is not an enemy's.",
                           {"space": territory})
    return str(territory)


def check_raid(data: AnniversaryData, state: State, power: str, target: Any,
               raiders: Sequence[Unit]) -> str:
    """AAE-SBR-01: only bombers raid, only an enemy complex; AAE-TECH-15: a bomber that
    carried paratroopers this turn may not raid."""
    territory = _enemy_complex(data, state, power, target)
    if not raiders:
        raise InvalidOrder("AAE-SBR-01", "Name the bombers that raid {space}.",
                           {"space": territory})
    for unit in raiders:
        if unit["owner"] != power or not data.unit(unit["type"]).has("strategic_bombing"):
            raise IllegalOrder("AAE-SBR-01", "Only bombers make strategic bombing raids, not "
                               "{unit}.", {"unit": unit["type"]})
        if unit.get("t_paratroopers"):
            raise IllegalOrder("AAE-TECH-15", "A bomber that carried paratroopers cannot make a "
                               "strategic bombing raid in the same turn.")
    return territory


def resolve_raid(data: AnniversaryData, state: State, power: str, target: str,
                 bombers: Sequence[int], aa_faces: Sequence[int],
                 damage_faces: Sequence[int]) -> dict[str, Any]:
    """AAE-SBR-02..04: AA fire, one die per bomber (AAE-AA-03); then each survivor rolls one
    die, two with Heavy Bombers, and the total is the damage, capped. Payload of the event.

    ``damage_faces`` are the survivors' dice in order (``dice_needed`` of them)."""
    gun = antiaircraft.firing_gun(data, state, target, power)
    shot: list[int] = []
    if gun is not None:
        shot = antiaircraft.fire(sorted(bombers), aa_faces,
                                 antiaircraft.hit_value(data, state, gun))
    elif aa_faces:
        raise InvalidOrder("AAE-SBR-02", "No AA gun fires in {space}.", {"space": target})
    survivors = [b for b in sorted(bombers) if b not in shot]
    needed = len(survivors) * bomber_dice(data, advances(state, power), attacking=True)
    if len(damage_faces) != needed:
        raise InvalidOrder("AAE-SBR-03", "Each surviving bomber rolls its raid dice "
                           "({count} in all).", {"count": needed})
    rolled = sum(damage_faces)
    room = max_damage(data, target) - state["complexes"][target]
    return {"power": power, "target": target, "shot_down": shot, "survivors": survivors,
            "rolled": rolled, "damage": max(0, min(rolled, room))}


def rocket_targets(data: AnniversaryData, state: State, power: str, site: str) -> list[str]:
    """AAE-TECH-02/14: enemy complexes within 3 spaces of the gun's territory, counted like
    air movement and never through a neutral territory."""
    seen = {site: 0}
    queue = deque([site])
    while queue:
        here = queue.popleft()
        if seen[here] == ROCKET_RANGE:
            continue
        for nxt in data.adjacency[here]:
            if nxt not in seen and not data.spaces[nxt].neutral:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    out = []
    for territory in sorted(state.get("complexes", {})):
        owner = state["owners"].get(territory)
        if territory in seen and owner and data.side_of(owner) != data.side_of(power):
            out.append(territory)
    return out


def check_rockets(data: AnniversaryData, state: State, power: str,
                  launches: Sequence[tuple[str, str]]) -> None:
    """AAE-TECH-02/13: with Rockets, one AA gun per territory fires one rocket at an enemy
    complex in range; each complex is hit by at most one rocket per turn."""
    if "rockets" not in advances(state, power):
        raise IllegalOrder("AAE-TECH-02", "{power} has not developed Rockets.",
                           {"power": power})
    sites = [s for s, _ in launches]
    targets = [t for _, t in launches]
    if len(set(sites)) != len(sites) or len(set(targets)) != len(targets):
        raise IllegalOrder("AAE-TECH-13", "One rocket per territory and one rocket per "
                           "industrial complex in a turn.")
    for site, target in launches:
        if not any(data.unit(u["type"]).has("rocket_launcher") and u["owner"] == power and "aboard" not in u
                   for u in state["units"].get(site, [])):
            raise IllegalOrder("AAE-TECH-02", "{power} has no AA gun in {space}.",
                               {"power": power, "space": site})
        if target not in rocket_targets(data, state, power, site):
            raise IllegalOrder("AAE-TECH-14", "{target} is not an enemy industrial complex "
                               "within 3 spaces of {space}.", {"target": target, "space": site})


def check_repair(data: AnniversaryData, state: State, power: str, repairs: Any) -> int:
    """AAE-PUR-03/07: a power repairs damage on its own complexes in Purchase, paying 1 IPC
    per marker (1 per two with Increased Factory Production). Returns the cost."""
    if capital_lost(data, state, power):
        raise IllegalOrder("AAE-PUR-07", "{power} cannot repair while its capital is held by the "
                           "enemy.", {"power": power})
    if not isinstance(repairs, dict):
        raise InvalidOrder("AAE-PUR-03", "Repairs are a map of territory to markers removed.")
    total = 0
    for territory, markers in sorted(repairs.items()):
        if territory not in state.get("complexes", {}) or state["owners"].get(
                territory) != power:
            raise IllegalOrder("AAE-PUR-03", "{power} has no industrial complex in {space}.",
                               {"power": power, "space": str(territory)})
        if not isinstance(markers, int) or isinstance(markers, bool) or not (
                0 < markers <= state["complexes"][territory]):
            raise IllegalOrder("AAE-PUR-03", "{space} has {damage} damage markers to repair.",
                               {"space": territory, "damage": state["complexes"][territory]})
        total += markers
    cost = repair_cost(advances(state, power), total)
    if cost > state["ipcs"][power]:
        raise IllegalOrder("AAE-PUR-01", "Repairs cost {cost} IPCs; {power} holds {ipcs}.",
                           {"cost": cost, "power": power, "ipcs": state["ipcs"][power]})
    return cost


def repair(state: State, repairs: dict[str, int]) -> None:
    """Evolver side of :func:`check_repair` (repairs take effect at once)."""
    for territory, markers in repairs.items():
        state["complexes"][territory] -= markers
