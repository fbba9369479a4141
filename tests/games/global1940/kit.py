"""Test kit: a Global 1940 state built from the rulebook's starting position."""

from __future__ import annotations

import copy
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940.data import G40Data, global1940
from pbem.games.aa.state import _build_units


def make_state(**options: Any) -> tuple[G40Data, dict[str, Any]]:
    data = global1940()
    position = data.setup()
    units, next_id = _build_units(SimpleNamespace(data=data), position["units"],
                                  [p.id for p in data.powers])
    state = {
        "scenario": "global1940", "options": dict(options), "round": 1,
        "power": position["power"], "phase": position["phase"],
        "owners": dict(position["owners"]), "ipcs": dict(position["ipcs"]), "units": units,
        "next_id": next_id, "installations": copy.deepcopy(position["installations"]),
        "neutrals": dict(position["neutrals"]), "wars": copy.deepcopy(position["wars"]),
        "kamikaze_tokens": position["kamikaze_tokens"], "politics": {"flags": {}},
        "owners_at_turn_start": dict(position["owners"]), "research": {},
    }
    return data, state


def add_unit(state: dict[str, Any], space: str, utype: str, owner: str, **extra: Any
             ) -> dict[str, Any]:
    unit = {"id": state["next_id"], "type": utype, "owner": owner, "hits": 0, **extra}
    state["next_id"] += 1
    state["units"].setdefault(space, []).append(unit)
    return unit


def turn(state: dict[str, Any], power: str, phase: str = "combat_move", rnd: int = 1) -> None:
    state.update(power=power, phase=phase, round=rnd)


def war(state: dict[str, Any], a: str, b: str) -> None:
    pair = sorted((a, b))
    if pair not in state["wars"]:
        state["wars"] = sorted([*state["wars"], pair])


def refused(rule: str, fn: Callable[..., Any], *args: Any) -> None:
    """``fn(*args)`` refuses with ``IllegalOrder`` naming ``rule``."""
    with pytest.raises(IllegalOrder) as err:
        fn(*args)
    assert err.value.rule_id == rule, err.value
