"""Carriers in Global 1940 (G40-UNIT-CV-02, -03, G40-CMB-33, G40-MOB-09): a damaged carrier
neither launches nor lands aircraft, and what it holds is cargo until repaired (rulebook over
data, AMB-39); aboard an undamaged carrier that is attacked, the aircraft (allied ones too)
defend in the air; aircraft waiting for a carrier placed this turn land on it in Mobilize, the
others are destroyed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.engine import IllegalOrder
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.state import State, Unit


def deck_open(carrier: Unit) -> bool:
    """G40-UNIT-CV-02: only an undamaged carrier launches or lands aircraft."""
    return not carrier["hits"]


def check_deck(carrier: Unit) -> None:
    if not deck_open(carrier):
        raise IllegalOrder("G40-UNIT-CV-02", "A damaged carrier can neither launch nor land "
                           "aircraft until it is repaired.")


def aboard(state: State, zone: str, carrier: Unit) -> list[Unit]:
    return [u for u in state["units"].get(zone, []) if u.get("aboard") == carrier["id"]]


def defending_aircraft(data: G40Data, state: State, zone: str, carrier: Unit) -> list[int]:
    """G40-UNIT-CV-03: aircraft aboard an undamaged defending carrier fight, allied ones
    included; aboard a damaged one they are cargo (G40-CMB-33) and never fire."""
    if not deck_open(carrier):
        return []
    return sorted(u["id"] for u in aboard(state, zone, carrier)
                  if data.unit(u["type"]).domain == "air")


def land_waiting(data: G40Data, waiting: Sequence[Unit], new_carriers: Sequence[Unit]
                 ) -> dict[str, Any]:
    """G40-MOB-09: aircraft that ended Noncombat Move waiting for a new carrier land on the
    carriers placed in their zone, as room allows (in id order); the rest are destroyed."""
    room = [[c["id"], data.unit(c["type"]).carrier_capacity] for c in
            sorted(new_carriers, key=lambda c: c["id"])]
    landed: dict[int, int] = {}
    destroyed: list[int] = []
    for plane in sorted(waiting, key=lambda u: u["id"]):
        cost = data.unit(plane["type"]).carrier_cost
        slot = next((r for r in room if cost and r[1] >= cost), None)
        if slot is None:
            destroyed.append(plane["id"])
            continue
        slot[1] -= cost
        landed[plane["id"]] = slot[0]
    return {"landed": landed, "destroyed": destroyed}
