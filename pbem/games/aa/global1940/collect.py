"""Rules module: Collect Income per treasury (G40-INC, G40-CONV, G40-NO, G40-UK-07) and the
victory track kept at the end of every turn (G40-VIC-04).

Takes the place of the family's ``pbem.games.aa.economy`` in Global 1940. Collect Income is
played by itself (``Edition.automatic_phases``): for each of the power's treasuries the convoy
dice are rolled (one roll per disrupted zone, G40-CONV-03), War Bonds' die with the
advance, and ``aa.g40_income_collected`` carries every part. ``TURN_END`` then counts the
consecutive turn ends each side's condition held (``aa.g40_victory_track``) and ends the game
after nine (``aa.g40_game_won``).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.anniversary.income import needs_war_bonds_die
from pbem.games.aa.global1940 import convoy, victory
from pbem.games.aa.global1940 import income as income_rules
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import treasury_capital_lost
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

INCOME, TRACK, WON = "aa.g40_income_collected", "aa.g40_victory_track", "aa.g40_game_won"


def _data(rs: AARuleset) -> G40Data:
    data = rs.data
    assert isinstance(data, G40Data)
    return data


def collect_income(rs: AARuleset, ctx: OrderContext) -> None:
    """G40-INC-01…05, G40-CONV-01…09, G40-UK-07: each treasury of the power, in turn."""
    state = ctx.state
    data = _data(rs)
    power = state["power"]
    for treasury in data.treasuries_of(power):
        tid = treasury.id
        context = {"round": state["round"], "power": power, "treasury": tid}
        faces = {zone: ctx.roll(n, context={**context, "roll": "convoy", "zone": zone})
                 for zone, n in sorted(convoy.dice(data, state, tid).items())}
        bonds = None
        if needs_war_bonds_die(state, power) and not treasury_capital_lost(data, state, tid):
            bonds = ctx.roll(1, context={**context, "roll": "war_bonds"})[0]
        payload = income_rules.income(data, state, tid, faces, bonds)
        payload["power"] = power
        payload["convoy_dice"] = {z: list(f) for z, f in faces.items()}
        ctx.emit(INCOME, payload, seat=None)


def check_victory(rs: AARuleset, ctx: OrderContext) -> None:
    """G40-VIC-04: the condition checked at every turn end, the winner after nine."""
    state = ctx.state
    probe = {"owners": state["owners"], "round": state["round"],
             "victory_track": copy.deepcopy(state.get("victory_track",
                                                      {"axis": 0, "allies": 0}))}
    result = victory.after_turn(_data(rs), probe)
    ctx.emit(TRACK, {"track": probe["victory_track"]}, seat=None)
    if result is not None:
        ctx.emit(WON, result, seat=None)


def _evolve_income(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    income_rules.collect(state, event["payload"])


def _evolve_track(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    state["victory_track"] = dict(event["payload"]["track"])


def _evolve_won(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    side = rs.data.side_names[p["winner"]]
    state["result"] = {"winner": p["winner"], "reason": f"{side} held their victory condition "
                                                        f"for a complete round (round {p['round']})"}


def _describe_income(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    if p.get("capital_lost"):
        return f"{p['treasury']} collects no income: an enemy holds its capital"
    met = [o["id"] for o in p["objectives"] if o["met"]]
    extra = f" (objectives {', '.join(met)})" if met else ""
    lost = f" (convoy losses {p['convoy']})" if p["convoy"] else ""
    return f"{p['treasury']} collects {p['total']} IPCs{extra}{lost}"


def _describe_track(rs: AARuleset, event: dict[str, Any]) -> str:
    track = event["payload"]["track"]
    return f"Victory track: Axis {track['axis']}, Allies {track['allies']}"


def _describe_won(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.data.side_names[p['winner']]} win (round {p['round']})"


PHASE_START = {"collect_income": collect_income}
TURN_END = [check_victory]
EVOLVERS = {INCOME: _evolve_income, TRACK: _evolve_track, WON: _evolve_won}
DESCRIBERS = {INCOME: _describe_income, TRACK: _describe_track, WON: _describe_won}
