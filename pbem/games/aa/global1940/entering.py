"""Rules module: what entering a space does in Global 1940 (the family's ``ON_MOVE`` hook).

* the Dutch territories (G40-POL-13, -21, AMB-10, ``dutch.py``): the first UK or ANZAC land
  unit entering a still-Dutch territory takes it and its income at once —
  ``aa.g40_dutch_taken``; an Axis power moving in to attack one commits an act of war against
  the UK and ANZAC — ``aa.g40_dutch_wronged``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940 import dutch, politics
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

TAKEN, WRONGED = "aa.g40_dutch_taken", "aa.g40_dutch_wronged"


def dutch_entry(rs: AARuleset, ctx: OrderContext, payload: dict[str, Any]) -> None:
    data, state = g40(rs), ctx.state
    power = state["power"]
    moved = [u for units in state["units"].values() for u in units
             if u["id"] in set(payload["units"])]
    land = [u["type"] for u in moved if data.unit(u["type"]).domain == "land"]
    for space in payload["route"][1:]:
        if not data.spaces[space].is_land or not dutch.still_dutch(data, state, space):
            continue
        wronged = dutch.wronged_by_attack(data, state, power, space)
        if wronged and payload["phase"] == "combat_move":
            ctx.emit(WRONGED, {"power": power, "territory": space, "wronged": list(wronged)},
                     seat=None)
        taken = next((t for utype in land
                      if (t := dutch.takeover(data, state, power, space, utype))), None)
        if taken is not None:
            ctx.emit(TAKEN, taken, seat=None)


def _evolve_taken(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    dutch.apply_takeover(state, event["payload"])


def _evolve_wronged(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    for victim in p["wronged"]:
        politics.record_act_of_war(state, p["power"], victim)


def _describe_taken(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} takes over the Dutch territory {p['territory']}"


def _describe_wronged(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"{rs.power_names[p['power']]} attacks the Dutch territory {p['territory']}: an act "
            f"of war against {', '.join(rs.power_names[w] for w in p['wronged'])}")


ON_MOVE = [dutch_entry]
EVOLVERS = {TAKEN: _evolve_taken, WRONGED: _evolve_wronged}
DESCRIBERS = {TAKEN: _describe_taken, WRONGED: _describe_wronged}
