"""Collect Income per treasury (G40-INC-01…05, G40-UK-07, G40-CONV-07).

Production + national objectives − convoy losses (never below 0) + War Bonds. Nothing while
the treasury's capital is held (G40-INC-03); each UK economy collects its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.games.aa.anniversary.research import advances, war_bonds
from pbem.games.aa.global1940 import convoy, objectives
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import treasury_capital_lost
from pbem.games.aa.state import State


def production(data: G40Data, state: State, treasury: str) -> int:
    """G40-INC-01/02: the values of the territories the treasury collects from, now."""
    return sum(data.spaces[t].value for t in convoy.territories(data, state, treasury))


def income(data: G40Data, state: State, treasury: str,
           convoy_faces: Mapping[str, Sequence[int]] | None = None,
           war_bonds_face: int | None = None) -> dict[str, Any]:
    """The payload of the income event: every part and the total."""
    power = data.treasury_by_id(treasury).power
    if treasury_capital_lost(data, state, treasury):
        return {"treasury": treasury, "production": 0, "objectives": [], "convoy": 0,
                "war_bonds": 0, "total": 0, "capital_lost": True}
    base = production(data, state, treasury)
    met = objectives.evaluate(data, state, treasury)
    lost = convoy.loss(data, state, treasury, convoy_faces or {})
    earned = max(0, base + sum(o["bonus"] for o in met) - lost)
    bonds = war_bonds(advances(state, power), war_bonds_face)
    return {"treasury": treasury, "production": base, "objectives": met, "convoy": lost,
            "war_bonds": bonds, "total": earned + bonds, "capital_lost": False}


def collect(state: State, payload: dict[str, Any]) -> None:
    """Evolver of :func:`income`; one-time objectives are recorded as paid."""
    state["ipcs"][payload["treasury"]] += payload["total"]
    paid = state.setdefault("objectives_paid", [])
    paid.extend(o["id"] for o in payload["objectives"] if o["one_time"] and o["met"])
