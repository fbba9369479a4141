"""The UK's two economies and capital capture (G40-UK-01…09, G40-CMB-25, G40-PUR-01/06).

A UK territory's economy is fixed by the map (``G40Space.uk_economy``); each economy buys,
repairs, places and collects on its own; a lost regional capital freezes only its economy.
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import treasury_capital_lost, treasury_for
from pbem.games.aa.state import State

UK_SEIZURES = {"Germany": "uk_europe", "Southern Italy": "uk_europe", "Japan": "uk_pacific"}


def check_spend(data: G40Data, state: State, treasury: str, power: str, cost: int) -> None:
    """G40-PUR-01, -06, G40-UK-04, -08: a treasury spends only its own IPCs, and nothing while
    its (regional) capital is held."""
    if data.treasury_by_id(treasury).power != power:
        raise IllegalOrder("G40-UK-04", "{power} cannot spend from {treasury}.",
                           {"power": power, "treasury": treasury})
    if treasury_capital_lost(data, state, treasury):
        rule = "G40-UK-08" if power == "uk" else "G40-PUR-06"
        raise IllegalOrder(rule, "{treasury} cannot spend while its capital is held by the "
                           "enemy.", {"treasury": treasury})
    if cost > state["ipcs"][treasury]:
        raise IllegalOrder("G40-PUR-01", "This costs {cost} IPCs; {treasury} holds {ipcs}.",
                           {"cost": cost, "treasury": treasury, "ipcs": state["ipcs"][treasury]})


def check_economy_site(data: G40Data, power: str, treasury: str, territory: str) -> None:
    """G40-UK-06, G40-REP-06: an economy places and repairs only in its own territories."""
    if power == "uk" and treasury_for(data, power, territory) != treasury:
        raise IllegalOrder("G40-UK-06", "{territory} belongs to the other UK economy.",
                           {"territory": territory})


def capital_capture(data: G40Data, state: State, conqueror: str, territory: str
                    ) -> dict[str, Any] | None:
    """G40-CMB-25, G40-UK-08/09, AMB-51: the conqueror of a capital takes the victim
    treasury's unspent IPCs (only that UK economy's); the UK credits Berlin and Rome to
    Europe, Tokyo to the Pacific, even when that economy's own capital is held."""
    victim = next((t for t in data.treasuries if t.capital == territory), None)
    if victim is None or data.side_of(victim.power) == data.side_of(conqueror):
        return None
    if conqueror == "uk":
        credited = UK_SEIZURES.get(territory, treasury_for(data, "uk", territory))
    else:
        credited = conqueror
    return {"from": victim.id, "to": credited, "ipcs": state["ipcs"][victim.id]}


def apply_capital_capture(state: State, payload: dict[str, Any]) -> None:
    state["ipcs"][payload["to"]] += payload["ipcs"]
    state["ipcs"][payload["from"]] -= payload["ipcs"]
