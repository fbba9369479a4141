"""What each seat may see: ``view(state, seat)`` and ``event_view(event, seat)`` (AWP-HID-01..11).

One rule for events: a payload's ``secret`` part (``{"owner": seat, ...}``) is shown to its owner
only, its ``sealed`` part (a draw pile's order) to nobody; a non-public ``dice.shuffled`` loses its
``order``; the opponent's ``attack`` / ``intercept`` orders are cut to what the table announces;
``game.created`` keeps only the viewer's own deck list. The full log is exported when the game ends.
"""

from __future__ import annotations

import copy
from typing import Any

from pbem.games.airwar_pacific import combat
from pbem.games.airwar_pacific.cards import SEATS
from pbem.games.airwar_pacific.state import State, capacity, card, defense, player

Event = dict[str, Any]


def _ref(state: State, iid: str) -> dict[str, str]:
    return {"id": iid, "card": state["cards"][iid]}


def _player_view(state: State, s: str, seat: str | None) -> dict[str, Any]:
    p = player(state, s)
    mine = s == seat
    out: dict[str, Any] = {
        "industry": p["industry"], "convoy": p["convoy"], "hand_count": len(p["hand"]),
        "pile_count": len(p["pile"]), "discard": [_ref(state, i) for i in p["discard"]],
        "fingerprint": p["fingerprint"], "dealt": p["dealt"], "turns": p["turns"],
        "parafrag_used": p["parafrag_used"],
        "resource_war": {k: [_ref(state, i) for i in v] for k, v in p["resource_war"].items()},
        "bases": [],
    }
    for b in p["bases"]:
        landed = [dict(_ref(state, i), face_down=i in p["face_down"]) if mine or i not in p["face_down"]
                  else {"face_down": True} for i in b["landed"]]
        entry = _ref(state, b["id"])
        out["bases"].append({**entry, "kind": card(state, b["id"])["kind"], "capacity": capacity(state, b),
                             "defense": defense(state, b), "landed": landed,
                             "war": [_ref(state, w) for w in b["war"]], "damaged": b["damaged_turn"] is not None})
    if mine:
        out["hand"] = [_ref(state, i) for i in p["hand"]]
        out["deck_list"] = dict(p["deck_list"])
    return out


def _attack_view(state: State, seat: str | None) -> dict[str, Any] | None:
    atk = state["attack"]
    if atk is None:
        return None
    out: dict[str, Any] = {
        "attacker": atk["attacker"], "defender": atk["defender"], "stage": atk["stage"], "target": atk["target"],
        "size": atk["size"], "hidden_slots": combat.blind_slots(state),
        "ra": [_ref(state, i) for i in atk["ra"]], "out": [_ref(state, i) for i in atk["out"]],
        "destroyed": [_ref(state, i) for i in atk["destroyed"]], "intercept_size": atk["int_size"],
        "intercept_left": len(atk["intercept"]), "interceptors_played": [_ref(state, i) for i in atk["int_played"]],
        "next": atk["next"], "survivor": atk["survivor"], "counter_target": atk["counter_target"],
        "arrived": [_ref(state, i) for i in atk["arrived"]],
    }
    fight = atk["fight"]
    if fight:
        out["fight"] = {"attacker_card": _ref(state, fight["attacker_card"]),
                        "defender_card": _ref(state, fight["defender_card"]), "penalized": fight["penalized"],
                        "to_act": fight["to_act"], "passes": fight["passes"],
                        "battle": [{**_ref(state, b["card"]), "by": b["by"], "on": b["on"],
                                    "cancelled": b["cancelled"]} for b in fight["battle"]]}
    if seat == atk["attacker"]:
        out["mission"] = [_ref(state, i) for i in sorted(combat.hidden(state))]
        out["launch"] = dict(atk["launch"])
    else:
        out["launch"] = {i: b for i, b in atk["launch"].items() if state["seen"].get(i)}
    if seat == atk["defender"]:
        out["intercept"] = [_ref(state, i) for i in atk["intercept"]]
        out["intercept_launch"] = dict(atk["int_launch"])
    return out


def view(state: State, seat: str | None) -> dict[str, Any]:
    from pbem.games.airwar_pacific.prompts import owed

    pending = state["pending"]
    return {
        "round": state["round"], "turn": state["turn"], "active": state["active"], "stage": state["stage"],
        "phase": state["phase"], "options": dict(state["options"]), "card_list": dict(state["card_list"]),
        "catalogue": state["catalogue"], "result": state["result"], "quiet_turns": state["quiet_turns"],
        "owed": owed(state), "you": seat,
        "players": {s: _player_view(state, s, seat) for s in SEATS},
        "attached": [{**_ref(state, b), "on": a["on"], "owner": a["owner"]} for b, a in state["attached"].items()],
        "attack": _attack_view(state, seat),
        "pending": dict(pending) if pending else None,
    }


def _public_order(order: dict[str, Any]) -> dict[str, Any] | None:
    """What the table sees of an order (AWP-HID-05, AWP-HID-06): the attack's target, not its cards."""
    if order.get("type") == "attack":
        return {"type": "attack", "target": order.get("target")}
    if order.get("type") == "intercept":
        return {"type": "intercept"}
    return None


def event_view(event: Event, seat: str | None) -> Event | None:
    t = event.get("type", "")
    if t == "game.created":
        shown = copy.deepcopy(event)
        decks = shown["payload"].get("position", {}).get("decks", {})
        if isinstance(decks.get("decks"), dict):
            decks["decks"] = {s: d for s, d in decks["decks"].items() if s == seat}
        return shown
    if t == "dice.shuffled" and not event["payload"].get("public"):
        shown = dict(event)
        shown["payload"] = {k: v for k, v in event["payload"].items() if k != "order"}
        return shown
    if t == "order" and event.get("seat") != seat:
        order = event["payload"].get("order", {})
        cut = _public_order(order)
        if cut is not None:
            return {**event, "payload": {**event["payload"], "order": cut}}
        return event
    if t.startswith("awp."):
        p = event["payload"]
        if "secret" not in p and "sealed" not in p:
            return event
        shown_p = {k: v for k, v in p.items() if k not in ("secret", "sealed")}
        if p.get("secret") and p["secret"].get("owner") == seat:
            shown_p["secret"] = p["secret"]
        return {**event, "payload": shown_p}
    return event


def secrets(state: State, seat: str) -> list[str]:
    """Ids of ``seat``'s cards no other seat may receive yet (the leak check's needles)."""
    p = player(state, seat)
    ids = list(p["hand"]) + list(p["pile"]) + list(p["face_down"])
    atk = state["attack"]
    if atk and atk["attacker"] == seat:
        ids += combat.hidden(state)
    if atk and atk["defender"] == seat:
        ids += atk["intercept"]
    return sorted({i for i in ids if not state["seen"].get(i)})
