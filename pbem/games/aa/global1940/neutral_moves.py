"""Rules module: attacking and entering neutral territories (G40-NEUT-01…13).

Order (the active power, Combat Move)::

    {"type": "attack_neutral", "territory": "Spain"}

declares the attack before units move in (G40-NEUT-08): the army is placed at once, operated
by a power of the other alliance at war with the attacker (``neutrals.attack``, AMB-32), which
holds the territory for the battle; the strict-neutral cascade applies (G40-NEUT-12). Units then
move in as into any hostile territory. A neutral captured becomes an ordinary territory
(G40-NEUT-11); one not captured is neutral again at the end of Conduct Combat, the survivors of
its army staying (G40-NEUT-09). A land unit of a belligerent favoured power that ends Noncombat
Move in a friendly neutral takes control of it (G40-NEUT-07, ``neutrals.enter_friendly``).
``check_route`` refuses every other entry and every passage (G40-NEUT-05, -06, -13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa.global1940 import neutrals
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.purchase import g40
from pbem.games.aa.global1940.queries import at_war
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

ATTACKED, HELD = "aa.g40_neutral_attacked", "aa.g40_neutral_held"
TAKEN, ENTERED = "aa.g40_neutral_taken", "aa.g40_neutral_entered"


def check_route(data: G40Data, state: State, power: str, route: list[str],
                units: list[dict[str, Any]]) -> None:
    """No unit passes through a neutral (G40-NEUT-05, -06, -13); one ends in it only to attack
    it after ``attack_neutral`` (G40-NEUT-08) or, as a land unit, to enter a friendly neutral
    in Noncombat Move (G40-NEUT-07)."""
    kept = state.get("neutrals", {})
    if any(u.get("neutral_army") for u in units):
        raise IllegalOrder("G40-NEUT-09", "A neutral army never moves.")
    flying = all(data.unit(u["type"]).domain == "air" for u in units) and bool(units)
    for space in route[1:-1]:
        if space in kept:  # aircraft never fly over it; other units must stop there
            raise IllegalOrder("G40-NEUT-05" if flying else "G40-NEUT-13", "No unit may pass "
                               "through or over the neutral territory {space}.",
                               {"space": space})
    end = route[-1]
    if end not in kept:
        return
    if state["phase"] == "combat_move":
        if not at_war(state, power, state["owners"].get(end)):
            neutrals.check_attack(data, state, power, end)
            raise IllegalOrder("G40-NEUT-08", "Declare the attack on {space} first "
                               "(attack_neutral).", {"space": end})
        return
    if any(data.unit(u["type"]).domain != "land" for u in units):
        raise IllegalOrder("G40-NEUT-07", "Only land units enter a friendly neutral ({space}).",
                           {"space": end})
    neutrals.check_friendly_entry(data, state, power, end)


def attack_neutral(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state = ctx.state
    territory = order.get("territory")
    if not isinstance(territory, str) or territory not in rs.data.spaces:
        raise InvalidOrder("G40-NEUT-08", "Name the neutral territory to attack.")
    if ctx.seat != state["power"] or state["phase"] != "combat_move":
        raise IllegalOrder("G40-NEUT-08", "A neutral is attacked in its attacker's Combat Move.")
    if state["owners"].get(territory) is not None:
        raise IllegalOrder("G40-NEUT-08", "{space} is already attacked.", {"space": territory})
    payload = neutrals.attack(g40(rs), state, ctx.seat, territory)
    if any(u.get("neutral_army") for u in state["units"].get(territory, [])):
        payload["army"] = 0  # G40-NEUT-09: the survivors of an earlier attack defend again
    ctx.emit(ATTACKED, payload)


def on_capture(rs: AARuleset, ctx: OrderContext, payload: dict[str, Any]) -> None:
    """G40-NEUT-11: a captured neutral is an ordinary territory."""
    if payload["territory"] in ctx.state.get("neutrals", {}):
        ctx.emit(TAKEN, {"territory": payload["territory"], "power": payload["power"]})


def combat_end(rs: AARuleset, ctx: OrderContext) -> None:
    """G40-NEUT-09: an attacked neutral not captured is neutral again."""
    state = ctx.state
    for territory in sorted(state.get("neutrals", {})):
        if state["owners"].get(territory) is not None:
            ctx.emit(HELD, {"territory": territory}, seat=None)


def noncombat_end(rs: AARuleset, ctx: OrderContext) -> None:
    """G40-NEUT-07: the active power's land units in a friendly neutral take control."""
    state = ctx.state
    power = state["power"]
    for territory in sorted(state.get("neutrals", {})):
        if any(u["owner"] == power and not u.get("neutral_army")
               for u in state["units"].get(territory, [])):
            ctx.emit(ENTERED, neutrals.enter_friendly(g40(rs), state, power, territory),
                     seat=None)


def _evolve_attacked(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    neutrals.apply_attack(state, p)
    state["owners"][p["territory"]] = p["operator"]


def _evolve_held(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    state["owners"][event["payload"]["territory"]] = None


def _evolve_taken(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    territory = event["payload"]["territory"]
    state["neutrals"].pop(territory, None)
    for unit in state["units"].get(territory, []):
        unit.pop("neutral_army", None)


def _evolve_entered(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    neutrals.apply_friendly_entry(state, event["payload"])


def _describe_attacked(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return (f"{rs.power_names[p['attacker']]} attacks the neutral {p['territory']}: its "
            f"{p['army']} infantry join {rs.data.side_names[p['joins']]}")


def _describe_held(rs: AARuleset, event: dict[str, Any]) -> str:
    return f"{event['payload']['territory']} holds and stays neutral"


def _describe_taken(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{p['territory']} is no longer neutral: {rs.power_names[p['power']]} holds it"


def _describe_entered(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{rs.power_names[p['power']]} enters the friendly neutral {p['territory']}"


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    """``attack_neutral``: the neutral territories the active power may attack now (G40-NEUT-06,
    -08, -14), each marked ``strict`` when attacking it turns the other strict neutrals
    (G40-NEUT-12), for the Combat Move form."""
    if state["phase"] != "combat_move" or seat != state["power"]:
        return {}
    data, found = g40(rs), []
    for territory in rs.map.sorted_spaces(state.get("neutrals", {})):
        if state["owners"].get(territory) is not None:
            continue  # attacked already this turn
        try:
            neutrals.check_attack(data, state, seat, territory)
        except IllegalOrder:
            continue
        found.append({"territory": territory, "strict": state["neutrals"][territory] == "strict"})
    return {"attack_neutral": found} if found else {}


ORDERS = {"attack_neutral": attack_neutral}
LEGAL_OPTIONS = [_legal_options]
ON_CAPTURE = [on_capture]
PHASE_END = {"combat": combat_end, "noncombat_move": noncombat_end}
EVOLVERS = {ATTACKED: _evolve_attacked, HELD: _evolve_held, TAKEN: _evolve_taken,
            ENTERED: _evolve_entered}
DESCRIBERS = {ATTACKED: _describe_attacked, HELD: _describe_held, TAKEN: _describe_taken,
              ENTERED: _describe_entered}
