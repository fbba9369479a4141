"""Collect income (AA41-INC), production level (AA41-DEF-10) and victory checks (AA41-VIC).

Both run when a power's turn ends (the frame's ``TURN_END`` hooks, in this order):
``collect_income`` adds the power's national production level to its treasury unless an
enemy holds its capital (AA41-INC-02); ``check_victory`` applies the conditions of the game's
victory mode that are checked after this power's turn (AA41-SEQ-06, AA41-VIC-03..07).
The production level is never stored: it is computed from ``owners`` whenever needed, so
it follows every change of control at once (AA41-INC-04).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.state import State, capital_lost

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def production_level(rs: AARuleset, state: State, power: str) -> int:
    """AA41-DEF-10: sum of the income values of the territories ``power`` controls now."""
    return rs.map.production(power, state["owners"])


def collect_income(rs: AARuleset, ctx: OrderContext) -> None:
    """AA41-INC-01..03: mandatory; nothing while an enemy holds the capital."""
    state = ctx.state
    power = state["power"]
    if capital_lost(rs, state, power):
        ctx.emit("aa.income_collected", {"power": power, "amount": 0, "capital_lost": True},
                 seat=None)
        return
    ctx.emit("aa.income_collected",
             {"power": power, "amount": production_level(rs, state, power)}, seat=None)


def _evolve_income(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["ipcs"][p["power"]] += p["amount"]


def victory_winner(rs: AARuleset, state: State) -> dict[str, Any] | None:
    """The result if a condition checked after the active power's turn holds, else None."""
    mode = state["options"].get("victory", "two_capitals")
    owners, sides = state["owners"], rs.sides
    for rule in rs.data.victory[mode]:
        if rule.after != state["power"]:
            continue
        held = [c for c in rule.capitals
                if owners.get(c) is not None and sides[owners[c]] == rule.side]
        if len(held) >= rule.needed:
            names = ", ".join(held)
            side = rs.data.side_names[rule.side]
            return {"winner": rule.side, "reason": f"{side} control {names} at the end of "
                    f"{rs.power_names[rule.after]}'s turn ({mode.replace('_', ' ')} game)",
                    "capitals": held, "mode": mode}
    return None


def check_victory(rs: AARuleset, ctx: OrderContext) -> None:
    """AA41-VIC-03..08: end the game when the side's condition holds now."""
    result = victory_winner(rs, ctx.state)
    if result is not None:
        ctx.emit("aa.game_won", result, seat=None)


def _evolve_won(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    state["result"] = {"winner": p["winner"], "reason": p["reason"]}


def _describe_income(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    name = rs.power_names[p["power"]]
    if p.get("capital_lost"):
        return f"{name} collects no income: an enemy holds its capital"
    return f"{name} collects {p['amount']} IPCs"


def _describe_won(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.data.side_names[p['winner']]} win: {p['reason']}"


EVOLVERS = {"aa.income_collected": _evolve_income, "aa.game_won": _evolve_won}
TURN_END = [collect_income, check_victory]
DESCRIBERS = {"aa.income_collected": _describe_income, "aa.game_won": _describe_won}
