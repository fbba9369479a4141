"""Rules module: what Global 1940 records around moves and captures.

* a capture (``ON_CAPTURE``): installations pass to the conqueror, idle until its next turn
  (G40-CMB-23, ``bases.capture``); the Axis taking London or North America is remembered
  (G40-POL-15, AMB-08) — ``aa.g40_captured``;
* the end of Combat Move: the territories the active power attacks (neutral pact triggers
  G40-NEUT-16/17, Japan's attacks on the West AMB-26) — ``aa.g40_attacks``;
* the end of Japan's Conduct Combat: the Soviet–Mongolian pact (G40-NEUT-16) —
  ``aa.g40_mongolia_pact``;
* the first phase of a turn: the power's captured installations come into use (``bases.wake``)
  — ``aa.g40_installations_woken``;
* the start of Combat Move: each unit's movement bonus for the turn, from where it starts
  (air base G40-CM-18, naval base G40-CM-19, Long-Range Aircraft G40-TECH-18) —
  ``aa.g40_move_bonuses``, kept as the unit's ``t_bonus``.

``seize_treasury`` is the edition's hook for the IPCs taken with a capital (G40-CMB-25,
G40-UK-08/09).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940 import bases, economy, neutrals, politics
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.global1940.queries import at_war, units_in
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

CAPTURED, ATTACKS, BONUSES = "aa.g40_captured", "aa.g40_attacks", "aa.g40_move_bonuses"
PACT, WOKEN = "aa.g40_mongolia_pact", "aa.g40_installations_woken"


def seize_treasury(rs: AARuleset, state: State, territory: str, capturer: str
                   ) -> dict[str, Any] | None:
    """G40-CMB-25, G40-UK-08/09: the victim treasury's unspent IPCs, to the conqueror's."""
    seized = economy.capital_capture(g40(rs), state, capturer, territory)
    if not seized or not seized["ipcs"]:
        return None
    return {"ipcs": seized["ipcs"], "ipcs_from": seized["from"], "ipcs_to": seized["to"]}


def on_capture(rs: AARuleset, ctx: OrderContext, payload: dict[str, Any]) -> None:
    """G40-CMB-23, AMB-08: installations taken from an enemy; London / North America."""
    if payload["liberated"]:
        return
    data = g40(rs)
    taken = bases.capture(data, ctx.state, payload["territory"], payload["power"])
    ctx.emit(CAPTURED, {**taken, "by": payload["by"]})


def attacks(rs: AARuleset, ctx: OrderContext) -> None:
    """The hostile territories the active power's units entered this Combat Move."""
    state = ctx.state
    power = state["power"]
    out: dict[str, list[str]] = {}
    for space in rs.map.sorted_spaces(state["units"]):
        if rs.map.is_sea(space):
            continue
        units = units_in(state, space)
        if not any(u["owner"] == power and u.get("t_moved") for u in units):
            continue
        owner = state["owners"].get(space)
        defenders = sorted({u["owner"] for u in units if at_war(state, power, u["owner"])}
                           | ({owner} if owner and at_war(state, power, owner) else set()))
        if defenders or space in state.get("neutrals", {}):
            out[space] = defenders
    if out:
        ctx.emit(ATTACKS, {"power": power, "territories": out}, seat=None)


def mongolia(rs: AARuleset, ctx: OrderContext) -> None:
    """G40-NEUT-16: at the end of Japan's Conduct Combat."""
    if ctx.state["power"] != "japan":
        return
    pact = neutrals.mongolia_pact(g40(rs), ctx.state)
    if pact is not None:
        ctx.emit(PACT, pact, seat=None)


def wake(rs: AARuleset, ctx: OrderContext) -> None:
    power = ctx.state["power"]
    if any(entry[1] == power for entry in ctx.state.get("installations_idle", [])):
        ctx.emit(WOKEN, {"power": power}, seat=None)


def move_bonuses(rs: AARuleset, ctx: OrderContext) -> None:
    """G40-CM-18/19, G40-TECH-18: decided where each unit starts the turn's movement."""
    wake(rs, ctx)
    state = ctx.state
    data = g40(rs)
    power = state["power"]
    found: list[list[int]] = []
    for space in rs.map.sorted_spaces(state["units"]):
        for unit in state["units"][space]:
            if unit["owner"] != power or "aboard" in unit:
                continue
            utype = data.unit(unit["type"])
            if utype.domain == "air":
                bonus = bases.air_move(data, state, power, unit["type"], space) - utype.move
            elif utype.domain == "sea":
                bonus = bases.sea_move(data, state, power, unit["type"], space) - utype.move
            else:
                continue
            if bonus:
                found.append([unit["id"], bonus])
    if found:
        ctx.emit(BONUSES, {"power": power, "units": found}, seat=None)


def move_allowance(rs: AARuleset, state: State, unit: dict[str, Any]) -> int:
    """The edition's hook: the type's move plus the turn's bonus; 0 for an AA gun in Combat
    Move (G40-NCM-06)."""
    utype = rs.data.units[unit["type"]]
    if state.get("phase") == "combat_move" and utype.has("noncombat_move_only"):
        return 0
    return utype.move + int(unit.get("t_bonus", 0))


def _evolve_bonuses(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    bonus = dict((uid, n) for uid, n in event["payload"]["units"])
    for units in state["units"].values():
        for unit in units:
            if unit["id"] in bonus:
                unit["t_bonus"] = bonus[unit["id"]]


def _evolve_captured(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    bases.apply_capture(state, p)
    politics.record_capture(g40(rs), state, p["by"], p["territory"])


def _evolve_attacks(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    for territory, defenders in p["territories"].items():
        neutrals.record_attack(g40(rs), state, p["power"], territory)
        if p["power"] == "japan":
            politics.record_japanese_attack(state, set(defenders), territory)


def _evolve_pact(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    neutrals.apply_mongolia_pact(state, event["payload"])


def _evolve_woken(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    bases.wake(state, event["payload"]["power"])


def _describe_captured(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    kinds = ", ".join(sorted(p["installations"])) or "no installation"
    return f"{p['territory']}: {kinds} now {rs.power_names[p['power']]}'s"


def _describe_attacks(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} attacks {', '.join(p['territories'])}"


def _describe_pact(rs: AARuleset, event: dict[str, Any]) -> str:
    return f"Mongolia joins the Soviet Union: {', '.join(event['payload']['territories'])}"


def _describe_bonuses(rs: AARuleset, event: dict[str, Any]) -> str:
    count = len(event["payload"]["units"])
    return f"{rs.power_names[event['payload']['power']]}: {count} units move farther from bases"


def _describe_woken(rs: AARuleset, event: dict[str, Any]) -> str:
    return f"{rs.power_names[event['payload']['power']]}'s captured installations come into use"


ON_CAPTURE = [on_capture]
PHASE_START = {"research": wake, "purchase": wake, "combat_move": move_bonuses}
PHASE_END = {"combat_move": attacks, "combat": mongolia}
EVOLVERS = {CAPTURED: _evolve_captured, ATTACKS: _evolve_attacks, PACT: _evolve_pact,
            WOKEN: _evolve_woken, BONUSES: _evolve_bonuses}
DESCRIBERS = {CAPTURED: _describe_captured, ATTACKS: _describe_attacks, PACT: _describe_pact,
              WOKEN: _describe_woken, BONUSES: _describe_bonuses}
