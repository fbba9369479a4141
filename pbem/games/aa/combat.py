"""Conduct combat (AA41-CMB, AA41-AMP-03..11): battle orders, retreats, owed decisions.

Also carries the tables of ``standing.py`` (standing orders) and ``stranded.py`` (fighters whose
carrier was sunk, landed when noncombat move begins).

When the phase starts every battle is opened from the position (``aa.battle_opened``) and land
units that entered hostile territories holding no enemy unit capture them at once
(AA41-CMB-26). The attacker then fights battle by battle, amphibious assaults first
(AA41-AMP-04, AA41-CMB-02); the phase ends only when no battle is left. Orders (see
``docs/aa1941.md``, "Battle orders and standing orders")::

    {"type": "battle", "place", "submerge": [ids]?}   fight the next round (step 2..6)
    {"type": "press", "place"}                       same as "battle" (press on, step 6)
    {"type": "retreat", "place", "to": space?}       AA41-CMB-22, AA41-AMP-11
    {"type": "casualties", "place", "units": [ids]}  an owed casualty choice
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import Refusal, format_message
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import battle as arith
from pbem.games.aa import combat_open, combat_opening, combat_round, combat_rules, standing, stranded
from pbem.games.aa.combat_state import EVOLVERS as _STATE_EVOLVERS
from pbem.games.aa.combat_state import Battle, attackers, defenders
from pbem.games.aa.retreat import destinations as retreat_destinations
from pbem.games.aa.retreat import movers as retreat_movers
from pbem.games.aa.retreat import retreat_order
from pbem.games.aa.routes import named_twice

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def open_battles(rs: AARuleset, ctx: OrderContext) -> None:
    first_step = combat_rules.rules(rs).first_step
    # AAE-CMB-01, G40-CMB-02: raids and rockets (kamikaze first) come before the battles
    if first_step is not None and first_step(rs, ctx):
        return  # a decision is owed first: the edition opens the battles once it is taken
    combat_open.open_battles(rs, ctx)


def _battle_for(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> Battle:
    state = ctx.state
    if state["phase"] != "combat":
        raise IllegalOrder("AA41-SEQ-03", "Battles are fought in the conduct combat phase.")
    place = order.get("place")
    if not isinstance(place, str):
        raise InvalidOrder("AA41-CMB-02", "Name the battle's space: {{'place': 'Ukraine'}}.")
    b: Battle | None = state["battles"].get(place)
    if b is None:
        raise IllegalOrder("AA41-CMB-01", "There is no battle in {space}.", {"space": place})
    if b["status"] == "over":
        raise IllegalOrder("AA41-CMB-18", "The battle in {space} is over.", {"space": place})
    return b


def pending_battle(state: dict[str, Any]) -> Battle | None:
    battles: dict[str, Battle] = state["battles"]
    return next((b for b in battles.values() if b["pending"] is not None), None)


def check_battle_order(rs: AARuleset, state: dict[str, Any], b: Battle) -> None:
    """AA41-CMB-02, AA41-AMP-04: amphibious assaults first; one battle at a time."""
    waiting = pending_battle(state)
    if waiting is not None:
        raise IllegalOrder("AA41-CMB-33", "A casualty choice is owed in {space} first.", {"space": waiting['place']})
    for other in state["battles"].values():
        if other is b or other["status"] == "over":
            continue
        if other["status"] == "fighting":
            raise IllegalOrder("AA41-CMB-02", "Finish the battle in {space} first.", {"space": other['place']})
        if combat_open.is_amphibious(other) and not combat_open.is_amphibious(b):
            raise IllegalOrder("AA41-AMP-04", "Amphibious assaults are resolved first: {space}.",
                                              {"space": other['place']})
    for landing in b.get("landing", []):
        sea = state["battles"].get(landing["sea_zone"])
        if sea is not None and sea["status"] != "over":
            raise IllegalOrder("AA41-AMP-03", "The sea battle in {space} comes before the landing.",
                                              {"space": landing['sea_zone']})


def battle_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """``battle``/``press``: fight the next round of a battle (steps 2-6)."""
    state = ctx.state
    b = _battle_for(rs, ctx, order)
    if ctx.seat != b["attacker"]:
        raise IllegalOrder("AA41-CMB-33", "Only the attacker decides to fight the next round.")
    check_battle_order(rs, state, b)
    submerge = _submerge_ids(rs, state, b, order.get("submerge", []))
    if b["status"] == "open" and b["amphibious"]:
        combat_open.land_seaborne(rs, ctx, b)
    combat_round.start_round(rs, ctx, b, submerge)


def submerge_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """``submerge``: the attacker's submarines dive before the next round, then it is fought."""
    battle_order(rs, ctx, {**order, "submerge": order.get("units", [])})


def _submerge_ids(rs: AARuleset, state: dict[str, Any], b: Battle, ids: Any) -> list[int]:
    if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
        raise InvalidOrder("AA41-CMB-11", "'submerge' is a list of submarine ids.")
    if named_twice(ids) is not None:
        raise InvalidOrder("AA41-ORDER-2", "'{key}' names a unit twice.", {"key": "submerge"})
    if not ids:
        return []
    own = {u["id"]: u for u in attackers(rs, state, b)}
    for unit_id in ids:
        unit = own.get(unit_id)
        if unit is None or not rs.data.units[unit["type"]].has("submerge"):
            raise IllegalOrder("AA41-CMB-11", "Unit {unit_id} is not one of your submarines in this battle.",
                                              {"unit_id": unit_id})
    if b["kind"] != "sea" or any(rs.data.units[u["type"]].has("detects_submarines") for u in defenders(rs, state, b)):
        raise IllegalOrder("AA41-CMB-15", "Submarines cannot submerge while an enemy destroyer is in the battle.")
    return sorted(set(ids))


def casualties_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """``casualties``: the owed choice of which units take the hits (AA41-CMB-06/07/08, AA41-MNF-05)."""
    state = ctx.state
    b = _battle_for(rs, ctx, order)
    pending = b["pending"]
    if pending is None or ctx.seat not in pending["seats"] or ctx.seat in pending["choices"]:
        raise IllegalOrder("AA41-CMB-33", "No casualty choice is owed by you in {space}.", {"space": b['place']})
    selection = order.get("units")
    if not isinstance(selection, list) or not all(isinstance(i, int) for i in selection):
        raise InvalidOrder("AA41-CMB-08", "'units' is a list of unit ids, one per hit (a battleship twice).")
    cands = combat_round.candidates(rs, state, b, pending["side"])
    problem = arith.selection_problem(rs.data.units, cands, pending["hits"], selection)
    if problem:
        raise IllegalOrder("AA41-CMB-08", *problem)
    by = "attacker" if ctx.seat == b["attacker"] else "defender"
    if by == "defender" and len(pending["seats"]) > 1:
        # AA41-MNF-05, Interp. AMB-20: every defending power chooses; if they differ, the attacker does
        ctx.emit("aa.casualty_choice", {"place": b["place"], "power": ctx.seat, "units": sorted(selection)})
        choices = b["pending"]["choices"]
        if len(choices) < len(pending["seats"]):
            return
        if len({tuple(c) for c in choices.values()}) > 1:
            ctx.emit("aa.casualties_owed", {**_owed_payload(b), "seats": [b["attacker"]]})
            return
    combat_round.apply(rs, ctx, b, pending["side"], selection, pending["step"], by, remove=pending["remove"])
    combat_round.run(rs, ctx, b, pending["resume"])


def _owed_payload(b: Battle) -> dict[str, Any]:
    p = b["pending"]
    return {"place": b["place"], "side": p["side"], "step": p["step"], "hits": p["hits"], "resume": p["resume"],
            "remove": p["remove"]}


# -- phase hooks, owed decisions, defaults ---------------------------------------------


def battles_left(rs: AARuleset, state: dict[str, Any]) -> list[Refusal]:
    left = [b["place"] for b in state["battles"].values() if b["status"] != "over"]
    if not left:
        return []
    return [("AA41-CMB-02", N_("Battles are left to fight: {spaces}."), {"spaces": rs.map.sorted_spaces(left)})]


_CASUALTY_PROMPT = N_("{power}: choose casualties for {count} hit(s) in {space}")


def owed(rs: AARuleset, state: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Casualty choices owed mid-battle (the defender's only under ``ask_defender``); stranded fighters."""
    if state["phase"] != "combat":
        return stranded.owed(rs, state)
    b = pending_battle(state)
    if b is None:
        return None
    p = b["pending"]
    out = []
    for seat in p["seats"]:
        if seat in p["choices"]:
            continue
        total = sum(p["hits"].values())
        params = {"power": seat, "count": total, "space": b["place"]}
        out.append({"seat": seat, "seat_name": rs.power_names[seat], "kind": "casualties",
                    "phase_key": "combat", "phase": rs.edition.phase_labels["combat"], "place": b["place"],
                    "prompt_key": _CASUALTY_PROMPT, "prompt_params": params,
                    "prompt": format_message(_CASUALTY_PROMPT, params, rs.vocabulary)})
    return out or None


def default_order(rs: AARuleset, state: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """The deadline policy's safe order: standing-order casualties, else fight the next battle."""
    if state["phase"] != "combat":
        return None
    b = pending_battle(state)
    if b is not None:
        p = b["pending"]
        if seat not in p["seats"] or seat in p["choices"]:
            return None
        units = combat_round.standing_choice(rs, state, b, p["side"], p["hits"])
        return {"type": "casualties", "place": b["place"], "units": units}
    if seat != state["power"]:
        return None
    for place in next_battles(rs, state):
        return {"type": "battle", "place": place}
    return None


def next_battles(rs: AARuleset, state: dict[str, Any]) -> list[str]:
    """The battles the attacker may fight next, in board order (AA41-CMB-02, AA41-AMP-04)."""
    out = []
    for place in rs.map.sorted_spaces(state["battles"]):
        b = state["battles"][place]
        if b["status"] == "over":
            continue
        try:
            check_battle_order(rs, state, b)
        except IllegalOrder:
            continue
        out.append(place)
    return out


def legal_options(rs: AARuleset, state: dict[str, Any], seat: str) -> dict[str, Any]:
    """For forms and bots: battles the attacker may fight, retreat destinations, an owed choice."""
    if state["phase"] != "combat":
        return {}
    b = pending_battle(state)
    if b is not None:
        p = b["pending"]
        if seat not in p["seats"] or seat in p["choices"]:
            return {"battles": [], "owed_casualties": None}
        cands = combat_round.candidates(rs, state, b, p["side"])
        return {"battles": [], "owed_casualties": b["place"], "casualties": {
            "place": b["place"], "hits": p["hits"], "count": arith.applicable(rs.data.units, cands, p["hits"]),
            "candidates": [c["id"] for c in cands],
            "default": combat_round.standing_choice(rs, state, b, p["side"], p["hits"])}}
    battles = []
    for place in next_battles(rs, state):
        battle = state["battles"][place]
        entry: dict[str, Any] = {"place": place, "round": battle["round"], "kind": battle["kind"]}
        if battle["status"] == "fighting" and battle["round"] >= 1:
            moving, air, _staying = retreat_movers(rs, state, battle)
            entry["retreat_to"] = retreat_destinations(rs, state, battle, moving) if moving else []
            entry["air_retreat"] = bool(air) and not moving
        battles.append(entry)
    return {"battles": battles, "owed_casualties": None}


def _describe_round(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"Battle in {p['place']}, round {p['round']}: {len(p['attackers'])} attacking, " \
           f"{len(p['defenders'])} defending"


def _describe_casualties(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{p['place']}: {len(p['destroyed'])} {p['side']} unit(s) lost, {len(p['damaged'])} damaged " \
           f"({p['step']}, chosen by {p['by']})"


def _describe_ended(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"Battle in {p['place']} ends: {p['reason']}"


def _describe_retreat(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    where = f" to {p['to']}" if p["to"] else ""
    return f"The attacker retreats from {p['place']}{where} ({len(p['units'])} unit(s), {len(p['air'])} air)"


def _describe_submerged(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{p['place']}: {len(p['units'])} {p['side']} submarine(s) submerge ({p['by']})"


def _describe_landed(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    return f"{len(p['units'])} land unit(s) land in {p['place']} from {p['sea_zone']}"


ORDERS = {"battle": battle_order, "press": battle_order, "retreat": retreat_order, "submerge": submerge_order,
          "casualties": casualties_order, **standing.ORDERS, **stranded.ORDERS}
EVOLVERS = {**_STATE_EVOLVERS, **combat_opening.EVOLVERS, **standing.EVOLVERS, **stranded.EVOLVERS}
PHASE_START = {"combat": open_battles, **stranded.PHASE_START}
PHASE_EXIT_CHECKS = {"combat": battles_left}
OWED = owed
DEFAULT_ORDERS = [default_order, stranded.default_order]
LEGAL_OPTIONS = [legal_options]
ANYTIME = standing.ANYTIME
VIEW_REDACTORS = standing.VIEW_REDACTORS
EVENT_REDACTORS = standing.EVENT_REDACTORS
DESCRIBERS = {"aa.battle_round": _describe_round, "aa.casualties": _describe_casualties,
              "aa.battle_ended": _describe_ended, "aa.retreated": _describe_retreat,
              "aa.submerged": _describe_submerged, "aa.battle_landed": _describe_landed, **standing.DESCRIBERS,
              **combat_opening.DESCRIBERS}
