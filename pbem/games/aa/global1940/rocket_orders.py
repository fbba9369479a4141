"""Rules module: rockets (G40-TECH-09, ``rockets.py``) with the research option::

    {"type": "declare_rocket", "from": "Germany", "target": "United Kingdom",
     "kind"?: "major_complex"}

declared in Combat Move (one per operational air base of a power with Rockets, kept in
``state["declared"]["rockets"]``), fired when Combat Move ends, just before Conduct Combat:
1d6 damage to the installation (``bases.add_damage``, capped, G40-SBR-10) —
``aa.g40_rocket_fired``. Rockets and raids are Conduct Combat's action 2; firing them as the
phase opens, before kamikaze (action 1), changes nothing: they strike installations, kamikaze
strike ships. ``kind`` defaults to the first of complex, air base, naval base there.

``legal_options["rockets"]`` (the active power's Combat Move, with the advance): every rocket
attack the order would accept now, ``{site: [{"target", "kind", "rule": "G40-TECH-09"}]}`` by
launching air base (a base that has fired this turn is no longer listed). Anniversary's
``rockets`` lists target territories only (one complex each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940 import bases, rockets
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

DECLARED, FIRED = "aa.g40_rocket_declared", "aa.g40_rocket_fired"


def declared(state: State) -> list[dict[str, str]]:
    return list(state["declared"].get("rockets", []))


def declare_rocket(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state, data = ctx.state, g40(rs)
    power = state["power"]
    if ctx.seat != power or state["phase"] != "combat_move":
        raise IllegalOrder("G40-TECH-09", "Rockets are declared in the active power's Combat "
                           "Move.")
    site, target = order.get("from"), order.get("target")
    if not all(isinstance(s, str) and s in data.spaces for s in (site, target)):
        raise InvalidOrder("G40-TECH-09", "Name the launching air base's territory and the "
                           "target territory.")
    assert isinstance(site, str) and isinstance(target, str)
    fired = [d["from"] for d in declared(state)]
    kind = order.get("kind") or next((k for t, k in rockets.targets(data, state, power, site)
                                      if t == target), rockets.TARGETS[0])
    rockets.check(data, state, power, site, target, str(kind), fired)
    ctx.emit(DECLARED, {"power": power, "from": site, "target": target, "kind": kind})


def fire(rs: AARuleset, ctx: OrderContext) -> None:
    state, data = ctx.state, g40(rs)
    for rocket in declared(state):
        context = {"battle": rocket["target"], "game_round": state["round"],
                   "turn": state["power"], "roller": state["power"], "side": "attacker",
                   "step": "rocket"}
        (face,) = ctx.roll(1, 6, context=context)
        hit = rockets.resolve(data, state, state["power"], rocket["from"], rocket["target"],
                              rocket["kind"], face)
        room = data.unit(hit["kind"]).max_damage - bases.damage(state, hit["territory"],
                                                                 hit["kind"])
        ctx.emit(FIRED, {**hit, "rolled": face, "damage": max(0, min(face, room))}, seat=None)


def offers(rs: AARuleset, state: State, seat: str) -> dict[str, list[dict[str, str]]]:
    """Every rocket attack ``declare_rocket`` would accept now, by launching site (G40-TECH-09)."""
    if seat != state["power"] or state["phase"] != "combat_move":
        return {}
    data, fired = g40(rs), [d["from"] for d in declared(state)]
    out = {}
    for site in rockets.launch_sites(data, state, seat, fired):
        found = [{"target": t, "kind": k, "rule": rockets.RULE}
                 for t, k in rockets.targets(data, state, seat, site)]
        if found:
            out[site] = found
    return out


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    found = offers(rs, state, seat)
    return {"rockets": found} if found else {}


def _evolve_declared(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["declared"] = {**state["declared"], "rockets": [
        *declared(state), {"from": p["from"], "target": p["target"], "kind": p["kind"]}]}


def _evolve_fired(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    bases.add_damage(g40(rs), state, p["territory"], p["kind"], p["damage"])
    left = [d for d in declared(state) if d["from"] != p["from"]]
    state["declared"] = {k: v for k, v in state["declared"].items() if k != "rockets"}
    if left:
        state["declared"]["rockets"] = left


def _describe_declared(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} aims a rocket from {p['from']} at {p['target']}"


def _describe_fired(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"A rocket from {p['from']} strikes the {p['kind']} in {p['territory']}"


ORDERS = {"declare_rocket": declare_rocket}
PHASE_END = {"combat_move": fire}
EVOLVERS = {DECLARED: _evolve_declared, FIRED: _evolve_fired}
DESCRIBERS = {DECLARED: _describe_declared, FIRED: _describe_fired}
LEGAL_OPTIONS = [_legal_options]
