"""Rules module: what entering a space does in Global 1940 (the family's ``ON_MOVE`` hook).

* the Dutch territories (G40-POL-13, -21, AMB-10, ``dutch.py``): the first UK or ANZAC land
  unit entering a still-Dutch territory takes it and its income at once —
  ``aa.g40_dutch_taken``; an Axis power moving in to attack one commits an act of war against
  the UK and ANZAC — ``aa.g40_dutch_wronged``;
* submarine interception (G40-CMB-32, AMB-16, option ``submarine_interception``, default on,
  ``interception.py``): unescorted transports moving through or into a zone with enemy
  submarines draw one die per submarine per transport, hits on 2 —
  ``aa.g40_intercepted``. The submarines always fire (their owners' standing preference
  by default). The mover chooses its losses in the move order itself, so its turn never
  waits: ``"interception_losses": [transport ids]``, first lost first (checked by
  ``checks.check_order``); transports it leaves out follow, empty ones first, then the lowest
  ids (the default, the deadline's and the bot's). ``reachable`` shows each destination's
  interception (:func:`notes`) so the move form can offer the choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940 import dutch, interception, politics
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.state import State, Unit

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

TAKEN, WRONGED = "aa.g40_dutch_taken", "aa.g40_dutch_wronged"
INTERCEPTED = "aa.g40_intercepted"


def dutch_entry(rs: AARuleset, ctx: OrderContext, payload: dict[str, Any],
                order: dict[str, Any]) -> None:
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


def intercept(rs: AARuleset, ctx: OrderContext, payload: dict[str, Any],
              order: dict[str, Any]) -> None:
    """G40-CMB-32: each sea zone the moved transports passed or reached, in route order."""
    data, state = g40(rs), ctx.state
    if not interception.enabled(state):
        return
    power, dest = state["power"], payload["route"][-1]
    moved = set(payload["units"])
    preference = order.get("interception_losses") or []
    group = [u for u in state["units"].get(dest, []) if u["id"] in moved]
    for zone in payload["route"][1:]:
        count = interception.dice(data, state, power, zone, group) if data.spaces[
            zone].is_sea else 0
        if not count:
            continue
        context = {"battle": zone, "game_round": state["round"], "turn": power,
                   "side": "defender", "step": "submarine interception"}
        result = interception.resolve(data, state, power, zone, group,
                                      ctx.roll(count, 6, context=context))
        loaded = {u.get("aboard") for u in state["units"].get(dest, [])}
        chosen = interception.loss_order(result["transports"], loaded, preference)[:result["hits"]]
        lost = interception.check_losses(result, chosen) if result["hits"] else []
        ctx.emit(INTERCEPTED, {**result, "at": dest, "lost": lost}, seat=None)
        group = [u for u in group if u["id"] not in lost]


def notes(rs: AARuleset, state: State, power: str, units: list[Unit], route: list[str]
          ) -> dict[str, Any]:
    """For ``reachable`` (``Edition.move_notes``): where submarines would fire at the move's
    unescorted transports, and those transports in the default loss order (G40-CMB-32):
    ``{"interception": {"zones": [...], "transports": [...]}}``, or nothing."""
    data = g40(rs)
    if not interception.enabled(state):
        return {}
    zones = [z for z in route[1:] if data.spaces[z].is_sea
             and interception.dice(data, state, power, z, units)]
    if not zones:
        return {}
    transports = sorted({t for z in zones for t in interception.unescorted(data, state, power, z, units)})
    loaded = {u.get("aboard") for u in state["units"].get(route[0], [])}
    return {"interception": {"zones": zones,
                             "transports": interception.loss_order(transports, loaded)}}


def _evolve_intercepted(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    interception.apply_losses(state, p["at"], p["lost"], p["transports"])


def _describe_intercepted(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"Submarines in {p['zone']} fire at {rs.power_names[p['power']]}'s transports: "
            f"{p['hits']} hit(s), {len(p['lost'])} transport(s) lost")


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


ON_MOVE = [dutch_entry, intercept]
EVOLVERS = {TAKEN: _evolve_taken, WRONGED: _evolve_wronged, INTERCEPTED: _evolve_intercepted}
DESCRIBERS = {TAKEN: _describe_taken, WRONGED: _describe_wronged,
              INTERCEPTED: _describe_intercepted}
