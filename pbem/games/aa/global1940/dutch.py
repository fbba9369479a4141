"""The Dutch territories (G40-POL-13, -21, AMB-10): Sumatra, Java, Celebes, Dutch New Guinea
and Suriname start uncontrolled (owner None) and are open to the UK and ANZAC.

The first UK or ANZAC land unit to enter a still-Dutch territory, in Combat or Noncombat
Move, takes control of it and its income at once, without combat; other belligerent Allied
powers may enter without taking control. An Axis attack on a Dutch territory is an act of war
against the UK and ANZAC (``politics.record_act_of_war`` for each); Japan may make one only
at war with both (``restrictions.check_entry``). Once the Axis has taken one, whoever of the
Allies retakes it keeps it: Dutch territories have no original controller
(``liberation.controller``).
"""

from __future__ import annotations

from typing import Any

from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.state import State

GUARDIANS = ("uk", "anzac")


def still_dutch(data: G40Data, state: State, territory: str) -> bool:
    return data.space(territory).dutch and state["owners"].get(territory) is None


def takeover(data: G40Data, state: State, power: str, territory: str, utype: str
             ) -> dict[str, Any] | None:
    """Payload when a ``utype`` of ``power`` entering ``territory`` takes it over, else None."""
    if (power in GUARDIANS and still_dutch(data, state, territory)
            and data.unit(utype).domain == "land"):
        return {"territory": territory, "power": power}
    return None


def apply_takeover(state: State, payload: dict[str, Any]) -> None:
    """Control, and so income (G40-INC-02), change at once."""
    state["owners"][payload["territory"]] = payload["power"]


def wronged_by_attack(data: G40Data, state: State, attacker: str, territory: str
                      ) -> tuple[str, ...]:
    """The powers an Axis attack on a still-Dutch territory wrongs (acts of war)."""
    if data.side_of(attacker) == "axis" and still_dutch(data, state, territory):
        return GUARDIANS
    return ()
