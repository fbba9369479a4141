"""Rules module: declarations of war (G40-POL-02…24).

Order (the active power, at the start of its Combat Move before any unit moves)::

    {"type": "declare_war", "target": "japan"}

The United States' round-3 option (G40-POL-16: at the start of its round-3 Collect Income,
which is played by itself here) is ordered in its round-3 Mobilize, the step just before:
nothing happens between the two, and the new wars count for that Collect Income.

``aa.g40_war_declared`` carries ``politics.declare``'s payload: the pairs now at war (the UK
and ANZAC together, G40-POL-12/20/23), whether it was provoked (G40-POL-05), the flags it sets
(G40-POL-09/15) and the US complexes upgraded for free (G40-FAC-07).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940 import politics
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

DECLARED = "aa.g40_war_declared"


def moved_this_phase(state: State, power: str) -> bool:
    """G40-POL-02: a unit of the power has already moved in this Combat Move."""
    return any(u["owner"] == power and u.get("t_moved") for units in state["units"].values()
               for u in units)


def declare_war(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    target = order.get("target")
    if not isinstance(target, str):
        raise InvalidOrder("G40-POL-02", "Name the power to declare war on.")
    if ctx.seat != state["power"]:
        raise IllegalOrder("G40-POL-02", "{power} declares war only in its own turn.",
                           {"power": ctx.seat})
    probe = {**state, "combat_moves_made": moved_this_phase(state, ctx.seat)}
    at_income = round3_option(state, ctx.seat)
    if at_income:
        probe["phase"] = "collect_income"
    ctx.emit(DECLARED, politics.declare(g40(rs), probe, ctx.seat, target, at_income))


def round3_option(state: State, seat: str) -> bool:
    """G40-POL-16: the US in its round-3 Mobilize (just before its Collect Income)."""
    return state["phase"] == "mobilize" and politics.us_round3_option(
        {**state, "phase": "collect_income"}, seat)


def targets(rs: AARuleset, state: State, seat: str) -> list[str]:
    """The powers ``seat`` may declare war on now (for the forms and the bot)."""
    out = []
    at_income = round3_option(state, seat)
    probe = {**state, "combat_moves_made": moved_this_phase(state, seat)}
    if at_income:
        probe["phase"] = "collect_income"
    for target in politics.MAY_DECLARE_ON.get(seat, ()):
        try:
            politics.check_declaration(g40(rs), probe, seat, target, at_income)
        except IllegalOrder:
            continue
        out.append(target)
    return out


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    if state["phase"] not in ("combat_move", "mobilize") or seat != state["power"]:
        return {}
    found = targets(rs, state, seat)
    return {"declare_war": {"targets": found}} if found else {}


def _evolve_declared(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    politics.apply(state, event["payload"])


def _describe_declared(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    kind = "provoked" if p["provoked"] else "unprovoked"
    return (f"{rs.power_names[p['declarer']]} declares war on {rs.power_names[p['target']]}"
            f" ({kind})")


ORDERS = {"declare_war": declare_war}
EVOLVERS = {DECLARED: _evolve_declared}
DESCRIBERS = {DECLARED: _describe_declared}
LEGAL_OPTIONS = [_legal_options]
