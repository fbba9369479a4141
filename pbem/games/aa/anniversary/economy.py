"""Rules module: Collect Income with national objectives and War Bonds (AAE-INC, AAE-NO,
AAE-TECH-05) and the victory-city condition checked at the end of each round (AAE-VIC).

Takes the place of the family's ``pbem.games.aa.economy`` in the Anniversary edition. The
Collect Income phase is played by itself (``Edition.automatic_phases``): its income event is
emitted when the phase begins and the turn then ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.ruleset import OrderContext
from pbem.games.aa.anniversary import income as income_rules
from pbem.games.aa.anniversary import victory
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def _data(rs: AARuleset, state: State) -> AnniversaryData:
    data = rs.scenario(state["options"])
    assert isinstance(data, AnniversaryData)
    return data


def production_level(rs: AARuleset, state: State, power: str) -> int:
    """AAE-INC-01: the IPC values of the territories ``power`` controls now."""
    return income_rules.production(_data(rs, state), state, power)


def collect_income(rs: AARuleset, ctx: OrderContext) -> None:
    """AAE-INC-01..05: production, each national objective met (AAE-NO-02), War Bonds (one
    die, AAE-TECH-05); nothing while the capital is held (AAE-INC-02)."""
    state = ctx.state
    data = _data(rs, state)
    power = state["power"]
    face = None
    if income_rules.needs_war_bonds_die(state, power) and power in data.treasury:
        face = ctx.roll(1, context={"round": state["round"], "power": power,
                                    "roll": "war_bonds"})[0]
    ctx.emit("aa.aae_income_collected", income_rules.income(data, state, power, face), seat=None)


def check_victory(rs: AARuleset, ctx: OrderContext) -> None:
    """AAE-VIC-02..04: after the last power of the round, a side holding the chosen number of
    victory cities wins."""
    state = ctx.state
    acting = state["power"]
    host = rs.edition.hosts.get(acting, acting)
    result = victory.winner(_data(rs, state), state, host)
    if result is not None:
        ctx.emit("aa.aae_game_won", result, seat=None)


def _evolve_income(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    income_rules.collect(state, event["payload"])


def _evolve_won(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    side = rs.data.side_names[p["winner"]]
    state["result"] = {"winner": p["winner"],
                       "reason": f"{side} control {p['cities']} victory cities of the "
                                 f"{p['needed']} needed at the end of round {p['round']}"}


def _describe_income(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    name = rs.power_names[p["power"]]
    if p.get("capital_lost"):
        return f"{name} collects no income: an enemy holds its capital"
    met = [o["id"] for o in p["objectives"] if o["met"]]
    extra = f" (objectives {', '.join(met)})" if met else ""
    bonds = f" (War Bonds {p['war_bonds']})" if p["war_bonds"] else ""
    return f"{name} collects {p['total']} IPCs{extra}{bonds}"


def _describe_won(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"{rs.data.side_names[p['winner']]} win: {p['cities']} victory cities "
            f"({p['needed']} needed)")


PHASE_START = {"collect_income": collect_income}
TURN_END = [check_victory]
EVOLVERS = {"aa.aae_income_collected": _evolve_income, "aa.aae_game_won": _evolve_won}
DESCRIBERS = {"aa.aae_income_collected": _describe_income, "aa.aae_game_won": _describe_won}
