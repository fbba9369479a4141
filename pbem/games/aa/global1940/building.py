"""Rules module: installations bought in Purchase & Repair are built in Mobilize
(G40-PUR-04, G40-FAC-02…04, G40-BASE-02, G40-MOB-07, G40-UK-06)::

    {"type": "build", "kind": "minor_complex", "at": "Sinkiang"}

The installations of the treasury mobilizing wait in ``state["to_build"]`` (the family's pool
``bought`` holds the units only); ``complexes.check_installation`` decides where one may go
and ``complexes.apply_installation`` places it (a new complex mobilizes nothing this turn, an
upgraded one places as a minor, G40-MOB-02, G40-FAC-04). What is not built is refunded with
the rest of the economy's purchases (G40-MOB-10, ``mobilize_pools``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940 import complexes
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

BUILT = "aa.g40_built"


def build(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    power = state["power"]
    if ctx.seat != power or state["phase"] != "mobilize":
        raise IllegalOrder("G40-PUR-04", "Installations bought this turn are built in the "
                           "active power's Mobilize phase.")
    kind, at = order.get("kind"), order.get("at")
    if not isinstance(kind, str) or not state.get("to_build", {}).get(kind):
        raise IllegalOrder("G40-PUR-04", "No {kind} bought this turn waits to be built.",
                           {"kind": str(kind)})
    if not isinstance(at, str) or at not in rs.data.spaces:
        raise InvalidOrder("G40-MOB-07", "Unknown territory '{space}'.", {"space": str(at)})
    treasury = state.get("mobilizing") or power
    complexes.check_installation(g40(rs), state, power, treasury, at, kind)
    ctx.emit(BUILT, {"power": power, "treasury": treasury, "kind": kind, "at": at})


def _evolve_built(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    complexes.apply_installation(state, p["at"], p["kind"])
    waiting = state["to_build"]
    waiting[p["kind"]] -= 1
    if not waiting[p["kind"]]:
        del waiting[p["kind"]]


def _describe_built(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} builds a {p['kind']} in {p['at']}"


def places(rs: AARuleset, state: State, kind: str) -> list[str]:
    """The territories where the power mobilizing may build one ``kind`` now: every land
    territory ``complexes.check_installation`` accepts (held since the turn began, of the paying
    economy, worth enough, no such installation yet; G40-FAC-02…04, G40-BASE-02, G40-MOB-07)."""
    power, data = state["power"], g40(rs)
    treasury = state.get("mobilizing") or power
    found = []
    for territory in rs.map.sorted_spaces(t for t, owner in state["owners"].items() if owner == power):
        try:
            complexes.check_installation(data, state, power, treasury, territory, kind)
        except IllegalOrder:
            continue
        found.append(territory)
    return found


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """``build``: the installations waiting (``kinds``: kind -> count) and, per kind, where the
    ``build`` order accepts one (``places``), for the Mobilize form."""
    waiting = state.get("to_build") or {}
    if state["phase"] != "mobilize" or seat != state["power"] or not waiting:
        return {}
    return {"build": {"kinds": dict(waiting), "places": {kind: places(rs, state, kind) for kind in waiting}}}


ORDERS = {"build": build}
EVOLVERS = {BUILT: _evolve_built}
DESCRIBERS = {BUILT: _describe_built}
LEGAL_OPTIONS = [_legal_options]
