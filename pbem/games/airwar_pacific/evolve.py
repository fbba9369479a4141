"""``evolve``: apply one ``awp.*`` event to the state (the only code replay runs).

Events carry their computed results (the flow and the decision modules compute them), so each
handler here only moves cards and sets values. Private parts of a payload live under ``secret``
(its ``owner`` may see them) and ``sealed`` (nobody until the game ends); see ``views.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.games.airwar_pacific.state import HAND_START, State, base_entry, card, owner, player

Event = dict[str, Any]


def _secret(p: dict[str, Any]) -> dict[str, Any]:
    s: dict[str, Any] = p.get("secret") or {}
    return s


def _reveal(state: State, *iids: str) -> None:
    for i in iids:
        state["seen"][i] = True


def _to_discard(state: State, iid: str) -> None:
    """A card goes face up to its owner's discard pile (AWP-HID-03, AWP-HID-09); attached Battle cards follow."""
    player(state, owner(iid))["discard"].append(iid)
    _reveal(state, iid)
    for bid, att in list(state["attached"].items()):
        if att["on"] == iid:
            del state["attached"][bid]
            player(state, owner(bid))["discard"].append(bid)


def _unland(state: State, iid: str) -> None:
    p = player(state, owner(iid))
    for b in p["bases"]:
        if iid in b["landed"]:
            b["landed"].remove(iid)
    if iid in p["face_down"]:
        p["face_down"].remove(iid)


def _remove_base(state: State, base_id: str, discard: str | None) -> None:
    """A base leaves play: War cards lost, one landed aircraft discarded, the rest to hand (AWP-BASE-04)."""
    p = player(state, owner(base_id))
    base = base_entry(state, base_id)
    assert base is not None
    for w in base["war"]:
        _to_discard(state, w)
    for i in base["landed"]:
        if i in p["face_down"]:
            p["face_down"].remove(i)
        if i == discard:
            _to_discard(state, i)
        else:
            p["hand"].append(i)
    p["bases"].remove(base)
    _to_discard(state, base_id)


def dealt(state: State, p: dict[str, Any], seat: str) -> None:
    pl = player(state, seat)
    pile = p["sealed"]["pile"]
    for entry in pile:
        state["cards"][entry["id"]] = entry["card"]
    ids = [e["id"] for e in pile]
    pl["hand"], pl["pile"] = ids[:HAND_START], ids[HAND_START:]
    pl["dealt"], pl["fingerprint"] = True, p["fingerprint"]


def turn_started(state: State, p: dict[str, Any], seat: str) -> None:
    pl = player(state, seat)
    state.update(active=seat, round=p["round"], turn=p["turn"], stage=None, phase="mobilize", attacked=False)
    pl["turns"] += 1
    for b in pl["bases"]:  # AWP-MOB-03: landed aircraft return to hand
        pl["hand"].extend(b["landed"])
        b["landed"] = []
    pl["face_down"] = []
    for bid, att in list(state["attached"].items()):  # AWP-MOB-04
        if att["owner"] == seat:
            del state["attached"][bid]
            pl["hand"].append(bid)
    pl["uses"], pl["parafrag_used"] = {}, False
    n = p["draw"]
    pl["hand"].extend(pl["pile"][:n])
    pl["pile"] = pl["pile"][n:]


def mobilized(state: State, p: dict[str, Any], seat: str) -> None:
    pl = player(state, seat)
    for m in p["cards"]:
        iid = m["id"]
        pl["hand"].remove(iid)
        _reveal(state, iid)
        kind = card(state, iid)["kind"]
        if kind in ("airbase", "carrier"):
            pl["bases"].append({"id": iid, "landed": [], "war": [], "damaged_turn": None})
        elif m["host"] in ("industry", "convoy"):
            pl["resource_war"][m["host"]].append(iid)
        else:
            host = base_entry(state, m["host"])
            assert host is not None
            host["war"].append(iid)
    state["phase"] = "stage"


def stage_started(state: State, p: dict[str, Any], seat: str) -> None:
    state.update(stage=p["stage"], phase="attack", attack=None)


def _launch(state: State, launch: dict[str, str]) -> None:
    for iid in launch:
        pl = player(state, owner(iid))
        if iid in pl["hand"]:
            pl["hand"].remove(iid)
        else:
            _unland(state, iid)
        pl["uses"][iid] = int(pl["uses"].get(iid, 0)) + 1


def attack_passed(state: State, p: dict[str, Any], seat: str) -> None:
    state["phase"] = "stage_end"


def mission_formed(state: State, p: dict[str, Any], seat: str) -> None:
    s = _secret(p)
    state["attack"] = {
        "attacker": seat, "defender": p["defender"], "stage": p["stage"], "target": p["target"], "size": p["size"],
        "slots": list(s["slots"]), "launch": dict(s["launch"]), "ra": [], "out": [], "destroyed": [],
        "intercept": [], "int_size": 0, "int_launch": {}, "int_played": [], "fight": None, "next": None,
        "survivor": None, "counter_target": None, "arrived": [], "fights": 0,
    }
    _launch(state, s["launch"])
    state["attacked"] = True
    state["phase"] = "intercept"


def intercept_passed(state: State, p: dict[str, Any], seat: str) -> None:
    state["phase"] = "combat_end"


def intercept_formed(state: State, p: dict[str, Any], seat: str) -> None:
    s, atk = _secret(p), state["attack"]
    atk.update(intercept=list(s["cards"]), int_size=p["size"], int_launch=dict(s["launch"]), next="opening")
    _launch(state, s["launch"])
    state["phase"] = "engage"


def engaged(state: State, p: dict[str, Any], seat: str) -> None:
    atk = state["attack"]
    d, a = p["interceptor"]["id"], p["target"]["id"]
    atk["intercept"].remove(d)
    if p["how"] == "blind":
        atk["slots"][p["slot"]] = None
    _reveal(state, d, a)
    atk["fight"] = {"attacker_card": a, "defender_card": d, "penalized": a if p["how"] != "blind" else None,
                    "battle": [], "to_act": atk["attacker"], "passes": 0}
    atk["fights"] += 1
    state["phase"] = "battle"


def countered(state: State, p: dict[str, Any], seat: str) -> None:
    atk = state["attack"]
    a, d = p["card"]["id"], p["target"]
    atk["slots"] = [None if s == a else s for s in atk["slots"]]
    _reveal(state, a)
    atk["fight"] = {"attacker_card": a, "defender_card": d, "penalized": d, "battle": [],
                    "to_act": atk["attacker"], "passes": 0}
    atk["fights"] += 1
    atk["counter_target"] = None
    state["phase"] = "battle"


def counter_passed(state: State, p: dict[str, Any], seat: str) -> None:
    state["attack"].update(next="free", counter_target=None)
    state["phase"] = "engage"


def battle_played(state: State, p: dict[str, Any], seat: str) -> None:
    fight = state["attack"]["fight"]
    bid = p["card"]["id"]
    player(state, seat)["hand"].remove(bid)
    _reveal(state, bid)
    if p.get("cancels"):
        for b in fight["battle"]:
            if b["card"] == p["cancels"]:
                b["cancelled"] = True
    fight["battle"].append({"card": bid, "by": seat, "on": p["on"], "cancelled": False})
    atk = state["attack"]
    fight["to_act"] = atk["defender"] if seat == atk["attacker"] else atk["attacker"]
    fight["passes"] = 0


def battle_passed(state: State, p: dict[str, Any], seat: str) -> None:
    atk = state["attack"]
    fight = atk["fight"]
    fight["passes"] += 1
    fight["to_act"] = atk["defender"] if seat == atk["attacker"] else atk["attacker"]
    if fight["passes"] >= 2:
        state["phase"] = "resolve"


def fight_resolved(state: State, p: dict[str, Any], seat: str) -> None:
    atk = state["attack"]
    fight = atk["fight"]
    a, d = fight["attacker_card"], fight["defender_card"]
    destroyed = set(p["destroyed"])
    for b in fight["battle"]:  # AWP-CMB-13
        if b["cancelled"] or card(state, b["card"]).get("persistence") != "attach" or b["on"] in destroyed:
            _to_discard(state, b["card"])
        else:
            state["attached"][b["card"]] = {"on": b["on"], "owner": b["by"]}
    for x in (a, d):
        if x in destroyed:  # AWP-CMB-03
            atk["destroyed"].append(x)
            _to_discard(state, x)
    if a in atk["ra"]:
        atk["ra"].remove(a)
    if d in atk["int_played"]:
        atk["int_played"].remove(d)
    if a not in destroyed:
        (atk["out"] if a in p["left"] else atk["ra"]).append(a)  # AWP-CMB-09, AWP-SPECIAL-SCOUTED
    if d not in destroyed:
        atk["int_played"].append(d)
    atk.update(fight=None, next=p["next"], survivor=p.get("survivor"), counter_target=p.get("counter_target"))
    state["phase"] = "counter" if p["next"] == "counter" else "engage"


def combat_ended(state: State, p: dict[str, Any], seat: str) -> None:
    atk = state["attack"]
    revealed = [r["id"] for r in p["revealed"]]  # AWP-DMG-01
    _reveal(state, *revealed)
    atk["slots"] = [None for _ in atk["slots"]]
    atk["arrived"] = atk["ra"] + revealed
    atk["hidden_arrived"] = revealed
    atk["fight"] = None
    state["phase"] = "allocate"


def damage_dealt(state: State, p: dict[str, Any], seat: str) -> None:
    defender = player(state, state["attack"]["defender"])
    defender["industry"], defender["convoy"] = p["industry"]["after"], p["convoy"]["after"]
    if p.get("parafrag"):
        player(state, seat)["parafrag_used"] = True
    state["phase"] = "landing"
    base = p.get("base")
    if base and base.get("damaged"):
        entry = base_entry(state, base["id"])
        assert entry is not None
        entry["damaged_turn"] = state["turn"]
    if base and base.get("destroyed"):
        state["pending"] = {"kind": "base_loss", "base": base["id"]}
        state["phase"] = "base_loss"
    elif p["convoy"].get("zeroed"):
        state["pending"] = {"kind": "convoy_discard", "seat": state["attack"]["defender"]}
        state["phase"] = "convoy_discard"


def base_removed(state: State, p: dict[str, Any], seat: str) -> None:
    discard = p["discarded"]["id"] if p.get("discarded") else None
    _remove_base(state, p["base"]["id"], discard)
    state["pending"] = None
    state["phase"] = "landing"


def convoy_discarded(state: State, p: dict[str, Any], seat: str) -> None:
    pl = player(state, p["seat"])
    for ref in p["cards"]:
        iid = ref["id"]
        if iid in pl["hand"]:
            pl["hand"].remove(iid)
            _to_discard(state, iid)
        elif base_entry(state, iid) is not None:
            _remove_base(state, iid, None)  # AWP-CONV-07: its landed aircraft return to hand
        else:
            _unland(state, iid)
            _to_discard(state, iid)
    state["pending"] = None
    state["phase"] = "landing"


def landed(state: State, p: dict[str, Any], seat: str) -> None:
    entries = list(p["attacker"]) + list(p["defender"]) + list(_secret(p).get("defender", []))
    for e in entries:
        pl = player(state, owner(e["id"]))
        if e["base"] is None:  # AWP-BASE-05: nowhere to land
            pl["hand"].append(e["id"])
            continue
        b = base_entry(state, e["base"])
        assert b is not None
        b["landed"].append(e["id"])
        if e.get("face_down"):
            pl["face_down"].append(e["id"])
        else:
            _reveal(state, e["id"])
    state.update(attack=None, phase="stage_end")


def stage_ended(state: State, p: dict[str, Any], seat: str) -> None:
    state["phase"] = "stage" if p["stage"] == "airbase" else "turn_end"


def turn_ended(state: State, p: dict[str, Any], seat: str) -> None:
    state.update(quiet_turns=p["quiet_turns"], phase="start_turn", stage=None)


def game_ended(state: State, p: dict[str, Any], seat: str) -> None:
    state["result"] = {"winner": p["winner"], "reason": p["reason"], "industry": p["industry"]}
    state["phase"] = "over"


HANDLERS: dict[str, Callable[[State, dict[str, Any], str], None]] = {
    "awp.dealt": dealt, "awp.turn_started": turn_started, "awp.mobilized": mobilized,
    "awp.stage_started": stage_started, "awp.attack_passed": attack_passed, "awp.mission_formed": mission_formed,
    "awp.intercept_passed": intercept_passed, "awp.intercept_formed": intercept_formed, "awp.engaged": engaged,
    "awp.countered": countered, "awp.counter_passed": counter_passed, "awp.battle_played": battle_played,
    "awp.battle_passed": battle_passed, "awp.fight_resolved": fight_resolved, "awp.combat_ended": combat_ended,
    "awp.damage_dealt": damage_dealt, "awp.base_removed": base_removed, "awp.convoy_discarded": convoy_discarded,
    "awp.landed": landed, "awp.stage_ended": stage_ended, "awp.turn_ended": turn_ended,
    "awp.game_ended": game_ended,
}


def evolve(state: State, event: Event) -> None:
    handler = HANDLERS.get(event["type"])
    if handler is None:
        raise ValueError(f"unknown Airwar Pacific event {event['type']!r}")
    p = event["payload"]
    handler(state, p, p.get("seat") or event.get("seat") or state["active"])
