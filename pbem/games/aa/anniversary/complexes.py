"""Industrial complexes: building new ones and their mobilization capacity (AAE-PUR-06,
AAE-MOB-02, AAE-MOB-07, AAE-MOB-08, AAE-MOB-10, AAE-UNIT-IC-01, AAE-TECH-04).

State: ``state["complexes"] = {territory: damage}``; complexes placed in this Mobilize phase
are listed in ``state["complexes_placed"]`` until the turn ends (they mobilize nothing
this turn, AAE-MOB-10).
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.queries import held_since_turn_start
from pbem.games.aa.anniversary.research import advances, factory_bonus
from pbem.games.aa.state import State


def check_new_complex(data: AnniversaryData, state: State, power: str, territory: Any) -> str:
    """AAE-MOB-08: a bought complex goes to a territory with an IPC value of at least 1 that
    the power has controlled since the start of the turn and that has no complex; it needs
    no existing complex and uses no complex's capacity."""
    space = data.spaces.get(territory) if isinstance(territory, str) else None
    if space is None or not space.is_land:
        raise IllegalOrder("AAE-MOB-08", "An industrial complex is placed on a land territory.")
    name = space.id
    if space.value < 1:
        raise IllegalOrder("AAE-MOB-08", "{space} has no IPC value: no industrial complex can "
                           "be built there.", {"space": name})
    if not held_since_turn_start(state, power, name):
        raise IllegalOrder("AAE-MOB-08", "{power} has not controlled {space} since the start "
                           "of the turn.", {"power": power, "space": name})
    if name in state.get("complexes", {}):
        raise IllegalOrder("AAE-MOB-08", "{space} already has an industrial complex.",
                           {"space": name})
    return name


def place_complex(state: State, territory: str) -> None:
    """Evolver side of :func:`check_new_complex`."""
    state.setdefault("complexes", {})[territory] = 0
    state.setdefault("complexes_placed", []).append(territory)


def capacity(data: AnniversaryData, state: State, power: str, territory: str) -> int:
    """AAE-MOB-02: the territory's IPC value (+2 with Increased Factory Production) minus
    its damage, never below 0; 0 where ``power`` may not mobilize (AAE-MOB-01/07/10)."""
    if territory not in state.get("complexes", {}) or territory in state.get(
            "complexes_placed", []):
        return 0
    if not held_since_turn_start(state, power, territory):
        return 0
    value = data.spaces[territory].value + factory_bonus(advances(state, power))
    return max(0, value - int(state["complexes"][territory]))
