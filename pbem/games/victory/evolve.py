"""``evolve``: apply one event to the state (the only code replay runs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.engine import ReplayError
from pbem.games.victory.movement import apply_move
from pbem.games.victory.production import apply_production
from pbem.games.victory.state import SIDES, Block, State, board_of, carried, cls, reset_turn_flags

Event = dict[str, Any]


def _by_alias(state: State, alias: str) -> Block:
    battle = state["battle"]
    for bid, a in battle["alias"].items():
        if a == alias:
            return state["blocks"][bid]  # type: ignore[no-any-return]
    raise ReplayError(f"no block {alias} in the battle")


def _remove(state: State, bid: str) -> None:
    state["blocks"].pop(bid, None)
    for b in state["blocks"].values():
        if b.get("carrier") == bid:
            b["carrier"] = None  # aircraft of a sunk carrier are in the air (VIC-UNIT-CV-06)
    state["beachheads"] = {h: x for h, x in state.get("beachheads", {}).items() if x != bid}
    if state.get("battle") and bid in state["battle"]["halves"]:
        state["battle"]["halves"].remove(bid)


def _deployed(state: State, e: Event) -> None:
    side = e["payload"]["side"]
    for bid, h in e["payload"]["secret"][side].items():
        state["blocks"][bid].update(hex=h, carrier=None)
    state["sealed"][side] = True


def _initiative(state: State, e: Event) -> None:
    state["order"] = list(e["payload"]["order"])
    state["sealed"] = {s: None for s in SIDES}


def _player_turn(state: State, e: Event) -> None:
    p = e["payload"]
    state.update(turn=p["turn"], pt=p["pt"], active=p["active"], phase="move", battles=[], battle=None)
    reset_turn_flags(state)
    for b in state["blocks"].values():
        b.pop("sortie", None)
        b.pop("landed_round", None)


def _moved(state: State, e: Event) -> None:
    side = e["payload"]["side"]
    apply_move(state, e["payload"]["secret"][side])


def _movement_ended(state: State, e: Event) -> None:
    state["battles"] = list(e["payload"]["battles"])
    state["phase"] = "cover" if state["battles"] else "end_turn"


def _air_cover(state: State, e: Event) -> None:
    side = e["payload"]["side"]
    for bid, h in e["payload"]["secret"][side].items():
        b = state["blocks"][bid]
        b.update(hex=h, carrier=None, cover=True)
    state["phase"] = "combat"


def _battle_started(state: State, e: Event) -> None:
    p = e["payload"]
    names = {bid: a for side in SIDES for a, bid in p["secret"].get(side, {}).items()}
    state["battles"].remove(p["hex"])
    state["battle"] = {"hex": p["hex"], "attacker": p["attacker"], "defender": p["defender"], "round": 1,
                       "rounds": p["rounds"], "entry": list(p["entry"]), "alias": names, "acted": [], "halves": [],
                       "hit_queue": [], "retreat_use": {}, "stage": "fight", "rebased": [], "tie": None,
                       "retreating": None, "rebase_side": None, "revealed": p["blocks"]}


def _fired(state: State, e: Event) -> None:
    p = e["payload"]
    battle = state["battle"]
    b = _by_alias(state, p["block"])
    battle["acted"].append(b["id"])
    foe = "red" if b["side"] == "blue" else "blue"
    if p["hits"]:
        battle["hit_queue"].append({"side": foe, "class": p["target"], "left": p["hits"], "army": p["army"],
                                    "chosen": None})
    if p["own"]:
        battle["hit_queue"].append({"side": b["side"], "class": "A", "left": p["own"], "army": False,
                                    "chosen": None})


def _hit(state: State, e: Event) -> None:
    p = e["payload"]
    battle = state["battle"]
    b = _by_alias(state, p["block"])
    if p["effect"] == "half":
        battle["halves"].append(b["id"])
    elif p["effect"] == "step":
        if b["id"] in battle["halves"]:
            battle["halves"].remove(b["id"])
        b["steps"] -= 1
        if b["steps"] <= 0:
            _remove(state, b["id"])
    entry = battle["hit_queue"][0]
    entry["left"] -= 1
    entry["chosen"] = None
    battle["tie"] = None


def _hits_lost(state: State, e: Event) -> None:
    state["battle"]["hit_queue"][0]["left"] = 0


def _hits_done(state: State, e: Event) -> None:
    state["battle"]["hit_queue"].pop(0)


def _hit_tie(state: State, e: Event) -> None:
    state["battle"]["tie"] = {"side": e["payload"]["side"], "blocks": e["payload"]["blocks"]}


def _hit_chosen(state: State, e: Event) -> None:
    state["battle"]["hit_queue"][0]["chosen"] = _by_alias(state, e["payload"]["block"])["id"]


def _acted(state: State, e: Event) -> None:
    p = e["payload"]
    battle = state["battle"]
    b = _by_alias(state, p["block"])
    battle["acted"].append(b["id"])
    if p["action"] == "land":
        if b.get("airborne"):
            b.update(airborne=False, landed_ab=True)  # VIC-UNIT-AB-05
        else:
            b.update(sea=None, landed_round=battle["round"])  # VIC-UNIT-MA-03
    elif p["action"] == "abort":
        if p["to"] is None:
            _remove(state, b["id"])
        else:
            b.update(hex=p["to"], airborne=False, moved="para")


def _retreated(state: State, e: Event) -> None:
    p = e["payload"]
    battle = state["battle"]
    b = _by_alias(state, p["block"])
    if b["id"] not in battle["acted"]:
        battle["acted"].append(b["id"])
    to = p.get("secret", {}).get(b["side"], {}).get("to", p["to"])
    if to.startswith("carrier:"):
        carrier = state["blocks"][to.split(":", 1)[1]]
        b.update(hex=carrier["hex"], carrier=carrier["id"])
        return
    if p["class"] != "air":
        key = f"{to}|{p['class']}"
        battle["retreat_use"][key] = battle["retreat_use"].get(key, 0) + 1
    for air in carried(state, b["id"]):
        air["carrier"] = None  # a carrier leaving the battle leaves its aircraft in the fight (VIC-UNIT-CV-06)
    if cls(b) == "army" and p["class"] == "naval" and not b.get("sea"):
        b["sea"] = "convoy"  # marines retreating to sea become a convoy (AMB-V-13)
    b["hex"] = to
    b["carrier"] = None


def _eliminated(state: State, e: Event) -> None:
    _remove(state, _by_alias(state, e["payload"]["block"])["id"])


def _round_ended(state: State, e: Event) -> None:
    battle = state["battle"]
    battle.update(round=battle["round"] + 1, acted=[], retreat_use={})


def _rounds_over(state: State, e: Event) -> None:
    state["battle"].update(stage="forced", retreating=e["payload"]["retreating"], retreat_use={})


def _blockade(state: State, e: Event) -> None:
    state.setdefault("blockades", {})[e["payload"]["hex"]] = e["payload"]["side"]


def _battle_decided(state: State, e: Event) -> None:
    battle = state["battle"]
    h, attacker = battle["hex"], battle["attacker"]
    if e["payload"].get("winner") == attacker and board_of(state).is_base(h) and state["control"].get(h) != attacker:
        state["captured"].append(h)  # captured this player-turn: no rebasing there (VIC-AIR-05, AMB-V-24)
    battle.update(stage="rebase", halves=[])  # half-hits vanish (VIC-CMB-19)


def _rebase_due(state: State, e: Event) -> None:
    battle = state["battle"]
    battle["rebase_side"] = e["payload"]["side"]
    for b in state["blocks"].values():
        if b["hex"] == battle["hex"] and b["side"] == battle["rebase_side"] and cls(b) == "air":
            b["carrier"] = None


def _rebased(state: State, e: Event) -> None:
    battle = state["battle"]
    for m in e["payload"]["secret"][e["payload"]["side"]]:
        b = _by_alias(state, m["block"])
        if m["to"] is None:
            _remove(state, b["id"])
        elif m["to"].startswith("carrier:"):
            carrier = state["blocks"][m["to"].split(":", 1)[1]]
            b.update(hex=carrier["hex"], carrier=carrier["id"])
        else:
            b.update(hex=m["to"], carrier=None)
    battle["rebased"].append(e["payload"]["side"])
    battle["rebase_side"] = None


def _battle_ended(state: State, e: Event) -> None:
    state["fought"].append(e["payload"]["hex"])
    state["battle"] = None
    for b in state["blocks"].values():
        b.pop("cover", None)
    if not state["battles"]:
        state["phase"] = "end_turn"


def _beachheads(state: State, e: Event) -> None:
    side = e["payload"]["side"]
    beaches = state.setdefault("beachheads", {})
    for h in e["payload"]["cancelled"]:
        beaches.pop(h, None)
    beaches.update(e["payload"]["secret"][side]["designated"])


def _control(state: State, e: Event) -> None:
    state["control"] = dict(e["payload"]["control"])
    # a blockade ends when no blockading ship is left in the hex (VIC-NAV-16)
    state["blockades"] = {h: s for h, s in state.get("blockades", {}).items()
                          if any(b["hex"] == h and b["side"] == s and cls(b) == "naval"
                                 for b in state["blocks"].values())}
    state["beachheads"] = {h: bid for h, bid in state.get("beachheads", {}).items()
                           if state["blocks"].get(bid, {}).get("hex") == h}


def _attrition(state: State, e: Event) -> None:
    side = e["payload"]["side"]
    for r in e["payload"]["secret"][side]:
        b = state["blocks"].get(r["block"])
        if b is None:
            continue
        b["unsupplied"] = r["unsupplied"]
        b["steps"] -= r["loss"]
        if b["steps"] <= 0:
            _remove(state, b["id"])


def _victory_check(state: State, e: Event) -> None:
    state["result"] = e["payload"]["result"]
    if state["result"] is not None:
        state["phase"] = "over"


def _production_started(state: State, e: Event) -> None:
    state.update(phase="production", sealed={s: None for s in SIDES}, battle=None, active=None)


def _production_sealed(state: State, e: Event) -> None:
    side = e["payload"]["side"]
    state["sealed"][side] = e["payload"]["secret"][side]


def _production_revealed(state: State, e: Event) -> None:
    for side in SIDES:
        rec = e["payload"]["secret"][side]
        apply_production(state, side, rec["builds"], rec["ids"])
    state["sealed"] = {s: None for s in SIDES}
    state["turn"] += 1


EVOLVERS: dict[str, Callable[[State, Event], None]] = {
    "vic.deployed": _deployed, "vic.initiative": _initiative, "vic.player_turn": _player_turn,
    "vic.moved": _moved, "vic.movement_ended": _movement_ended, "vic.air_cover": _air_cover,
    "vic.battle_started": _battle_started, "vic.fired": _fired, "vic.hit": _hit, "vic.hits_lost": _hits_lost,
    "vic.hits_done": _hits_done, "vic.hit_tie": _hit_tie, "vic.hit_chosen": _hit_chosen, "vic.acted": _acted,
    "vic.retreated": _retreated, "vic.eliminated": _eliminated, "vic.round_ended": _round_ended,
    "vic.rounds_over": _rounds_over, "vic.blockade": _blockade, "vic.battle_decided": _battle_decided,
    "vic.rebase_due": _rebase_due, "vic.rebased": _rebased, "vic.battle_ended": _battle_ended,
    "vic.beachheads": _beachheads, "vic.control": _control, "vic.attrition": _attrition,
    "vic.victory_check": _victory_check, "vic.production_started": _production_started,
    "vic.production_sealed": _production_sealed, "vic.production_revealed": _production_revealed,
}
