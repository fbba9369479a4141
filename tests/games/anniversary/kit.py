"""Test kit: an Anniversary state built from a scenario's starting position."""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

from pbem.games.aa.anniversary.data import AnniversaryData, anniversary
from pbem.games.aa.state import _build_units


def make_state(scenario: str = "1941", **options: Any) -> tuple[AnniversaryData, dict[str, Any]]:
    data = anniversary(scenario)
    position = data.setup()
    units, next_id = _build_units(SimpleNamespace(data=data), position["units"],
                                  [p.id for p in data.powers])
    state = {
        "scenario": scenario, "options": {"scenario": scenario, **options}, "round": 1,
        "power": position["power"], "phase": position["phase"],
        "owners": dict(position["owners"]), "ipcs": dict(position["ipcs"]), "units": units,
        "next_id": next_id, "complexes": dict(position["complexes"]),
        "owners_at_turn_start": copy.deepcopy(position["owners"]), "research": {},
    }
    return data, state


def add_unit(state: dict[str, Any], space: str, utype: str, owner: str, **extra: Any
             ) -> dict[str, Any]:
    unit = {"id": state["next_id"], "type": utype, "owner": owner, "hits": 0, **extra}
    state["next_id"] += 1
    state["units"].setdefault(space, []).append(unit)
    return unit


def give(state: dict[str, Any], power: str, *advances: str) -> None:
    entry = state["research"].setdefault(power, {"tokens": 0, "advances": []})
    entry["advances"] = sorted({*entry["advances"], *advances})


def capture(state: dict[str, Any], territory: str, power: str) -> None:
    state["owners"][territory] = power
