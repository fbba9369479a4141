"""Who owes what (``owed``), what they may do (``legal_options``) and the standing defaults.

The shapes are documented in docs/airwar_pacific.md. A default is the order the deadline policy
submits for an absent player (docs/airwar_pacific.md, "Defaults"); it is always legal.
"""

from __future__ import annotations

from typing import Any

from pbem.games.airwar_pacific import combat, damage, mission, mobilize
from pbem.games.airwar_pacific.cards import SEATS, carrier_capable, val
from pbem.games.airwar_pacific.state import State, available_aircraft, bases, card, free, player

NAMES = {"axis": "Axis", "allies": "Allies"}
PROMPTS = {
    "deal": "Shuffle your deck and draw your opening hand", "mobilize": "Mobilize Airbase, Carrier and War cards",
    "attack": "Attack or pass", "intercept": "Intercept the incoming mission or pass",
    "engage": "Play an interceptor or end the combat", "battle": "Play a Battle card or pass",
    "counter": "Counter-attack the surviving interceptor or pass", "allocate": "Allocate the damage",
    "base_loss": "Choose the landed aircraft lost with the base", "convoy_discard": "Discard 2 cards for the Convoy",
}


def owed_seats(state: State) -> list[str]:
    from pbem.games.airwar_pacific.flow import choice_owed

    if state["result"] is not None or not choice_owed(state):
        return []
    ph, atk = state["phase"], state["attack"]
    if ph == "deal":
        return [s for s in SEATS if not player(state, s)["dealt"]]
    if ph in ("mobilize", "attack", "allocate"):
        return [state["active"]]
    if ph in ("intercept", "engage"):
        return [atk["defender"]]
    if ph == "counter":
        return [atk["attacker"]]
    if ph == "battle":
        return [atk["fight"]["to_act"]]
    if ph == "base_loss":
        return [atk["defender"]]
    if ph == "convoy_discard":
        return [state["pending"]["seat"]]
    return []


def owed(state: State) -> list[dict[str, Any]]:
    ph = state["phase"]
    return [{"seat": s, "seat_name": NAMES[s], "kind": ph, "phase": ph, "prompt": PROMPTS[ph],
             "stage": state["stage"]} for s in owed_seats(state)]


def _refs(state: State, ids: list[str]) -> list[dict[str, str]]:
    return [{"id": i, "card": state["cards"][i]} for i in ids]


def legal_options(state: State, seat: str) -> dict[str, Any]:
    if seat not in owed_seats(state):
        return {"kind": None, "orders": []}
    ph, atk = state["phase"], state["attack"]
    out: dict[str, Any] = {"kind": ph, "stage": state["stage"]}
    if ph == "deal":
        out["orders"] = [{"type": "deal"}]
    elif ph == "mobilize":
        hand = player(state, seat)["hand"]
        out["max_cards"] = 1 if state["options"].get("single_mobilization") else None
        out["cards"] = [{"id": i, "card": state["cards"][i], "kind": card(state, i)["kind"],
                         "hosts": mobilize.hosts(state, seat, i, []) if card(state, i)["kind"] == "war" else None}
                        for i in hand if card(state, i)["kind"] in ("airbase", "carrier", "war")]
        out["orders"] = [{"type": "mobilize", "cards": []}]
    elif ph == "attack":
        kind = mission.launch_kind(state)
        ready = [i for i in available_aircraft(state, seat) if kind == "airbase" or carrier_capable(card(state, i))]
        out.update(targets=mission.targets(state, seat), aircraft=_refs(state, ready),
                   capacity=mission.attack_capacity(state, seat),
                   bases=[{"id": b["id"], "card": state["cards"][b["id"]], "free": free(state, b)}
                          for b in bases(state, seat, kind)], orders=[{"type": "pass"}])
    elif ph == "intercept":
        ready = [i for i in available_aircraft(state, seat) if val(card(state, i), "air_to_air") >= 1]
        out.update(size=atk["size"], target=atk["target"],
                   aircraft=[{"id": i, "card": state["cards"][i], "slots": [
                       k for k in mission.slot_kinds(state, i) if k == "airbase" or carrier_capable(card(state, i))]}
                       for i in ready],
                   bases=[{"id": b["id"], "card": state["cards"][b["id"]], "kind": card(state, b["id"])["kind"],
                           "free": free(state, b)} for b in bases(state, seat)], orders=[{"type": "pass"}])
    elif ph == "engage":
        targets = combat.engage_targets(state)
        out["orders"] = [{"type": "engage", "interceptor": d, "target": t} for d in atk["intercept"] for t in targets]
        if atk["next"] != "opening":
            out["orders"].append({"type": "end_combat"})
    elif ph == "battle":
        fight = atk["fight"]
        mine = [i for i in player(state, seat)["hand"] if card(state, i)["kind"] == "battle"]
        out["orders"] = [{"type": "battle", "card": b, "on": on} for b in mine
                         for on in (fight["attacker_card"], fight["defender_card"])] + [{"type": "battle_pass"}]
    elif ph == "counter":
        out["orders"] = [{"type": "counter", "card": a} for a in combat.hidden(state)] + [{"type": "counter_pass"}]
    elif ph == "allocate":
        here = damage.arrived(state)
        out.update(arrived=_refs(state, here), parafrag=damage.parafrag(state) is not None,
                   convoy_eligible=[x for x in here if atk["target"]["kind"] == "resources"
                                    and val(card(state, x), "convoy") > 0])
        out["orders"] = [default_order(state, seat)]
    elif ph == "base_loss":
        out["orders"] = [{"type": "base_loss", "discard": x} for x in damage.loss_candidates(state)]
    elif ph == "convoy_discard":
        out["eligible"] = _refs(state, damage.convoy_eligible(state, seat))
        out["count"] = min(2, len(out["eligible"]))
        out["orders"] = [default_order(state, seat)]
    return out


def default_order(state: State, seat: str) -> dict[str, Any] | None:
    """The standing default of each decision (spec section 8)."""
    if seat not in owed_seats(state):
        return None
    ph, atk = state["phase"], state["attack"]
    if ph == "deal":
        return {"type": "deal"}
    if ph == "mobilize":
        return {"type": "mobilize", "cards": []}
    if ph in ("attack", "intercept"):
        return {"type": "pass"}
    if ph == "engage":
        if atk["next"] == "opening":
            return {"type": "engage", "interceptor": atk["intercept"][0], "target": combat.engage_targets(state)[0]}
        return {"type": "end_combat"}
    if ph == "battle":
        return {"type": "battle_pass"}
    if ph == "counter":
        return {"type": "counter_pass"}
    if ph == "allocate":
        return {"type": "allocate", "convoy": [], "parafrag": True}
    if ph == "base_loss":
        return {"type": "base_loss", "discard": damage.ordered_by_catalogue(state, damage.loss_candidates(state))[0]}
    if ph == "convoy_discard":
        return {"type": "convoy_discard", "cards": damage.default_convoy_discard(state, seat)}
    return None
