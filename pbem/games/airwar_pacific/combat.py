"""The Combat phase: card-by-card interception (AWP-CMB-01..15, AMB-A-09..11).

H is the attacker's hidden mission (``attack.slots``, face-down slots in a committed random
order, AWP-RNG-03); RA the face-up attacker survivors; I the defender's unplayed interceptors.
Every fight has a Battle-card window, attacker first, until two passes in succession (AWP-CMB-12).
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.airwar_pacific.cards import ability, val
from pbem.games.airwar_pacific.state import State, card, player


def hidden(state: State) -> list[str]:
    return [s for s in state["attack"]["slots"] if s is not None]


def blind_slots(state: State) -> list[int]:
    return [i for i, s in enumerate(state["attack"]["slots"]) if s is not None]


def engage_targets(state: State) -> list[dict[str, Any]]:
    """What the defender's next interceptor may fight (AWP-CMB-01, AWP-CMB-07, AWP-CMB-08)."""
    atk = state["attack"]
    out: list[dict[str, Any]] = [{"slot": i} for i in blind_slots(state)]
    if atk["next"] == "after_win" and atk["survivor"] in atk["ra"]:
        out.append({"card": atk["survivor"]})
    elif atk["next"] == "free":
        out += [{"card": r} for r in atk["ra"]]
    return out


def combat_over(state: State) -> str | None:
    """Why the combat ends without a choice (AWP-CMB-10), or ``None``."""
    atk = state["attack"]
    if not atk["intercept"]:
        return "no_interceptors"
    if not engage_targets(state):
        return "no_targets"
    return None


def check_engage(state: State, order: dict[str, Any]) -> dict[str, Any]:
    atk = state["attack"]
    d, target = order.get("interceptor"), order.get("target")
    if not isinstance(d, str) or not isinstance(target, dict):
        raise InvalidOrder("AWP-ORDER-01", "'engage' needs 'interceptor' (a card id) and 'target' "
                           "({{'slot': n}} or {{'card': id}}).")
    if d not in atk["intercept"]:
        raise IllegalOrder("AWP-CMB-09", "{card} is not an unplayed card of your intercept hand.", {"card": d})
    allowed = engage_targets(state)
    if target not in allowed:
        rule = {"opening": "AWP-CMB-01", "after_win": "AWP-CMB-07"}.get(atk["next"], "AWP-CMB-08")
        raise IllegalOrder(rule, "That target cannot be attacked now; you may attack {choices}.",
                           {"choices": ", ".join(f"slot {t['slot']}" if "slot" in t else str(t["card"])
                                                 for t in allowed)})
    if "slot" in target:
        a = atk["slots"][target["slot"]]
        how = "blind"
    else:
        a = target["card"]
        how = "survivor" if atk["next"] == "after_win" else "scouted"
    return {"seat": atk["defender"], "interceptor": {"id": d, "card": state["cards"][d]},
            "target": {"id": a, "card": state["cards"][a]}, "how": how, "slot": target.get("slot")}


def check_counter(state: State, order: dict[str, Any]) -> dict[str, Any]:
    atk = state["attack"]
    a = order.get("card")
    if not isinstance(a, str) or a not in hidden(state):
        raise IllegalOrder("AWP-CMB-06", "Counter-attack with a card still hidden in your mission.")
    return {"seat": atk["attacker"], "card": {"id": a, "card": state["cards"][a]}, "target": atk["counter_target"]}


def check_battle(state: State, seat: str, order: dict[str, Any]) -> dict[str, Any]:
    fight = state["attack"]["fight"]
    b, on = order.get("card"), order.get("on")
    if not isinstance(b, str) or not isinstance(on, str):
        raise InvalidOrder("AWP-ORDER-01", "'battle' needs 'card' (a Battle card in your hand) and 'on' (an aircraft).")
    if b not in player(state, seat)["hand"] or card(state, b)["kind"] != "battle":
        raise IllegalOrder("AWP-CARD-BATTLE-01", "{card} is not a Battle card in your hand.", {"card": b})
    if on not in (fight["attacker_card"], fight["defender_card"]):
        raise IllegalOrder("AWP-CMB-11", "A Battle card modifies one of the two aircraft now fighting.")
    payload: dict[str, Any] = {"seat": seat, "card": {"id": b, "card": state["cards"][b]}, "on": on}
    if ability(card(state, b), "CANCEL_BATTLE"):
        theirs = [x["card"] for x in fight["battle"] if x["by"] != seat and not x["cancelled"]]
        payload["cancels"] = theirs[-1] if theirs else None
    return payload


def _modifier(state: State, iid: str, key: str) -> int:
    fight = state["attack"]["fight"]
    total = 0
    for b in fight["battle"]:
        if b["on"] == iid and not b["cancelled"]:
            total += int((ability(card(state, b["card"]), key) or {}).get("amount", 0))
    for bid, att in state["attached"].items():  # AWP-CMB-13: attached Battle cards keep acting
        if att["on"] == iid:
            total += int((ability(card(state, bid), key) or {}).get("amount", 0))
    return total


def air_to_air(state: State, iid: str) -> int:
    return max(0, val(card(state, iid), "air_to_air") + _modifier(state, iid, "AIR_TO_AIR"))


def effective_defense(state: State, iid: str) -> int:
    """Defense after Battle cards, less 1 if it is a scouted target (AWP-CMB-04, no stacking, floor 0)."""
    penalty = 1 if state["attack"]["fight"]["penalized"] == iid else 0
    return max(0, val(card(state, iid), "defense") + _modifier(state, iid, "DEFENSE") - penalty)


def destroys(a2a: int, defense: int) -> bool:
    """AWP-CMB-02: Air to Air >= Defense destroys; an Air to Air of 0 never does (AMB-A-09)."""
    return a2a >= 1 and a2a >= defense


def resolve(state: State) -> dict[str, Any]:
    """The payload of ``awp.fight_resolved``: both cards fight at once (AWP-CMB-02)."""
    atk = state["attack"]
    fight = atk["fight"]
    a, d = fight["attacker_card"], fight["defender_card"]
    a2a = {a: air_to_air(state, a), d: air_to_air(state, d)}
    dfn = {a: effective_defense(state, a), d: effective_defense(state, d)}
    destroyed = [x for x, y in ((a, d), (d, a)) if destroys(a2a[y], dfn[x])]
    left = [x for x in (a, d) if x not in destroyed and ability(card(state, x), "SCOUTED")]
    if destroyed == [a]:
        outcome, nxt = "defender_won", "counter"
    elif destroyed == [d]:
        outcome, nxt = "attacker_won", "after_win"
    else:
        outcome, nxt = ("both" if destroyed else "neither"), "free"
    payload: dict[str, Any] = {"seat": atk["attacker"], "attacker_card": a, "defender_card": d,
                               "air_to_air": a2a, "defense": dfn, "destroyed": destroyed, "left": left,
                               "outcome": outcome, "next": nxt}
    if nxt == "counter":
        if d in left or not hidden(state):
            payload["next"] = "free"  # nothing to counter with, or the interceptor left (SCOUTED)
        else:
            payload["counter_target"] = d
    if nxt == "after_win":
        payload["survivor"] = None if a in left else a
    return payload
