"""Collect Income (AAE-INC): production, national objectives and War Bonds.

The only mandatory phase (AAE-SEQ-05). A power whose capital is held collects nothing,
no bonus of any kind, War Bonds included (AAE-INC-02, spec E-29); China never collects
(AAE-INC-05).
"""

from __future__ import annotations

from typing import Any

from pbem.games.aa.anniversary import objectives
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.queries import capital_lost
from pbem.games.aa.anniversary.research import advances, war_bonds
from pbem.games.aa.state import State


def production(data: AnniversaryData, state: State, power: str) -> int:
    """AAE-INC-01: the IPC values of every territory the power controls now."""
    return sum(data.spaces[t].value for t, owner in state["owners"].items() if owner == power)


def needs_war_bonds_die(state: State, power: str) -> bool:
    return "war_bonds" in advances(state, power)


def income(data: AnniversaryData, state: State, power: str,
           war_bonds_face: int | None = None) -> dict[str, Any]:
    """The payload of the income event: every part and the total."""
    if power not in data.treasury or capital_lost(data, state, power):
        return {"power": power, "production": 0, "objectives": [], "war_bonds": 0, "total": 0,
                "capital_lost": power in data.treasury}
    base = production(data, state, power)
    met = objectives.evaluate(data, state, power)
    bonds = war_bonds(advances(state, power), war_bonds_face)
    return {"power": power, "production": base, "objectives": met, "war_bonds": bonds,
            "total": base + sum(o["bonus"] for o in met) + bonds, "capital_lost": False}


def collect(state: State, payload: dict[str, Any]) -> None:
    """Evolver side of :func:`income`."""
    if payload["total"]:
        state["ipcs"][payload["power"]] += payload["total"]
