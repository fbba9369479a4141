"""Who owes what (``owed``), what a seat may do (``legal_options``) and the standing defaults
(``default_order``) the deadline policy submits (spec section 7)."""

from __future__ import annotations

from typing import Any

from pbem.games.victory import battle as bt
from pbem.games.victory import hits
from pbem.games.victory.hexgrid import distance
from pbem.games.victory.movement import carrier_ok, carrier_room, friendly_base
from pbem.games.victory.paths import reach
from pbem.games.victory.retreat import air_bases, retreat_hexes
from pbem.games.victory.sequence import cover_candidates
from pbem.games.victory.state import SIDES, Block, State, board_of, cls, enemy_in, other
from pbem.games.victory.units import PARA_RANGE, STRATEGIC_MOVE, UNITS

KIND_ORDERS: dict[str, tuple[str, ...]] = {
    "deploy": ("deploy",), "move": ("move", "end_move"), "air_cover": ("air_cover",),
    "choose_battle": ("choose_battle",), "act": ("act",), "take_hit": ("take_hit",),
    "retreat_all": ("retreat_all",), "rebase": ("rebase",), "end_turn": ("end_turn",), "produce": ("produce",),
}
NAMES = {"blue": "Blue", "red": "Red"}


def _owe(seat: str, kind: str, phase: str, prompt: str) -> dict[str, Any]:
    return {"seat": seat, "seat_name": NAMES[seat], "kind": kind, "phase": phase, "prompt": prompt}


def owed(state: State) -> list[dict[str, Any]]:
    """The decisions owed now. Prompts name hexes and revealed battle facts only (VIC-FOG-09)."""
    if state.get("result") is not None:
        return []
    phase = state["phase"]
    if phase in ("deploy", "production"):
        kind = "deploy" if phase == "deploy" else "produce"
        return [_owe(s, kind, phase, f"{NAMES[s]}: sealed {kind} orders") for s in SIDES
                if state["sealed"].get(s) is None]
    active = state["active"]
    if phase == "move":
        return [_owe(active, "move", "movement", f"{NAMES[active]}: movement")]
    if phase == "cover":
        foe = other(active)
        return [_owe(foe, "air_cover", "air cover", f"{NAMES[foe]}: air cover for the battles at "
                     + ", ".join(state["battles"]))]
    if phase == "end_turn":
        return [_owe(active, "end_turn", "end of player-turn", f"{NAMES[active]}: end the player-turn")]
    battle = state["battle"]
    if battle is None:
        return [_owe(active, "choose_battle", "combat", f"{NAMES[active]}: choose the next battle")]
    where = f"battle at {battle['hex']}, round {battle['round']}"
    if battle["stage"] == "forced":
        s = battle["retreating"]
        return [_owe(s, "retreat_all", "combat", f"{NAMES[s]}: retreat from the {where}")]
    if battle["stage"] == "rebase":
        s = battle["rebase_side"]
        return [_owe(s, "rebase", "combat", f"{NAMES[s]}: rebase air after the {where}")]
    if battle["tie"]:
        s = battle["tie"]["side"]
        return [_owe(s, "take_hit", "combat", f"{NAMES[s]}: choose which block takes the hit ({where})")]
    cur = bt.current_actor(state)
    if cur is None:
        return []
    code, s = cur
    return [_owe(s, "act", "combat", f"{NAMES[s]}: {UNITS[code].name} act ({where})")]


def _air_moves(state: State, b: Block) -> list[dict[str, Any]]:
    board = board_of(state)
    start = state["blocks"][b["carrier"]]["hex"] if b["carrier"] else b["hex"]
    if b["carrier"] and not carrier_ok(state, state["blocks"][b["carrier"]], b["side"]):
        return []
    out = []
    for mode, rng in (("normal", UNITS[b["type"]].move), ("strategic", STRATEGIC_MOVE)):
        for h in sorted(board.hexes):
            if h == start or distance(start, h) > rng:
                continue
            if enemy_in(state, h, b["side"]):
                if mode == "normal":
                    out.append({"mode": mode, "to": h, "path": [start, h], "battle": True})
            elif friendly_base(state, h, b["side"]):
                out.append({"mode": mode, "to": h, "path": [start, h], "battle": False})
        for c in state["blocks"].values():
            if c["type"] == "CV" and c["side"] == b["side"] and c["hex"] != start and \
                    distance(start, c["hex"]) <= rng and carrier_ok(state, c, b["side"]) and carrier_room(state, c, b):
                out.append({"mode": mode, "to": c["hex"], "path": [start, c["hex"]], "battle": False,
                            "onto": c["id"]})
    return out


def block_moves(state: State, b: Block) -> list[dict[str, Any]]:
    """Every destination of one block this movement phase, each with the order entry to send."""
    if b["moved"] or b["launched"] or b["id"] in state.get("beachheads", {}).values():
        return []
    board = board_of(state)
    c = cls(b)
    if c == "air":
        return _air_moves(state, b)
    out: list[dict[str, Any]] = []
    modes: list[str] = []
    if c == "naval" or (c == "army" and not b.get("sea")):
        modes += ["normal", "strategic"]
    if c == "army" and (b.get("sea") == "convoy" or (b["hex"] in board.ports and
                                                     state["control"].get(b["hex"]) == b["side"])):
        modes.append("convoy")
    if b["type"] == "MA":
        modes.append("amphibious")
    for mode in modes:
        if mode == "strategic" and c == "army" and not board.road_adj[b["hex"]]:
            continue
        for h, path in sorted(reach(state, b, mode).items()):
            out.append({"mode": mode, "to": h, "path": path, "battle": enemy_in(state, h, b["side"])})
    if b["type"] == "AB" and friendly_base(state, b["hex"], b["side"]):
        for h in sorted(board.hexes):
            if 0 < distance(b["hex"], h) <= PARA_RANGE and board.is_land(h) and board.terrain(h) in (
                    "clear", "desert"):
                out.append({"mode": "para", "to": h, "path": [b["hex"], h], "battle": enemy_in(state, h, b["side"])})
    return out


def actions(state: State, b: Block) -> list[dict[str, Any]]:
    """The actions one block may take at its position in the firing sequence."""
    battle = state["battle"]
    out: list[dict[str, Any]] = [{"action": "fire", "target": k} for k in hits.fire_classes(state, b)]
    if b.get("airborne"):
        out += [{"action": "land"}]
        out += [{"action": "abort", "to": h} for h in air_bases(state, b, b["hex"], PARA_RANGE)[:6]]
        return out
    if b.get("sea") == "afloat" and not any(cls(e) == "naval" for e in hits.in_battle(state)
                                            if e["side"] != b["side"]):
        out.append({"action": "land"})
    if cls(b) == "air":
        out += [{"action": "retreat", "to": h} for h in air_bases(state, b, b["hex"])]
    else:
        out += [{"action": "retreat", "to": h} for h in retreat_hexes(state, b)]
    pursuit = battle["rounds"] == 4 and battle["round"] == 4 and b["side"] == battle["attacker"]
    if not hits.fire_classes(state, b) and not (pursuit and any(a["action"] == "retreat" for a in out)):
        out.append({"action": "hold"})
    return out


def legal_options(state: State, seat: str) -> dict[str, Any]:
    """What ``seat`` may do now (shapes in docs/victory.md)."""
    kinds = [o["kind"] for o in owed(state) if o["seat"] == seat]
    out: dict[str, Any] = {"phase": state["phase"], "owed": kinds}
    if "move" in kinds:
        out["moves"] = {b["id"]: block_moves(state, b) for b in sorted(state["blocks"].values(),
                                                                          key=lambda x: x["id"])
                        if b["side"] == seat}
        out["restart"] = sorted(h for h in state.get("blockades", {}) if enemy_in(state, h, seat))
    if "air_cover" in kinds:
        out["cover"] = cover_candidates(state, seat)
    if "choose_battle" in kinds:
        out["battles"] = list(state["battles"])
    if "act" in kinds:
        out["actors"] = [{"block": b["id"], "alias": bt.alias(state, b["id"]), "type": b["type"],
                          "actions": actions(state, b)} for b in bt.actors(state)]
    if "take_hit" in kinds:
        q = state["battle"]["hit_queue"][0]
        out["tied"] = [b["id"] for b in hits.strongest(state, q["side"], q["class"])]
    if "retreat_all" in kinds:
        from pbem.games.victory.combat_orders import can_blockade

        out["retreats"] = {b["id"]: retreat_hexes(state, b) for b in hits.in_battle(state)
                           if b["side"] == seat and not (cls(b) == "air" and not b.get("airborne"))}
        out["blockade"] = can_blockade(state, seat)
    if "rebase" in kinds:
        out["bases"] = {b["id"]: air_bases(state, b, state["battle"]["hex"]) for b in bt.air_to_rebase(state, seat)}
    if "end_turn" in kinds:
        board = board_of(state)
        out["beachheads"] = sorted({b["hex"] for b in state["blocks"].values() if b["side"] == seat
                                    and b["type"] == "MA" and not b.get("sea") and b["hex"] in board.coastal
                                    and board.terrain(b["hex"]) in ("clear", "desert")
                                    and b["hex"] not in state.get("beachheads", {})})
        out["cancel"] = sorted(h for h, bid in state.get("beachheads", {}).items()
                               if state["blocks"].get(bid, {}).get("side") == seat)
    if "produce" in kinds:
        out["production"] = production_options(state, seat)
    if "deploy" in kinds:
        board = board_of(state)
        out["bases"] = sorted(h for h in board.cities.keys() | board.towns.keys() if board.owner_of(h) == seat)
        out["free"] = state["scenario"].get("setup", {}).get("deployment", "fixed") == "free"
    return out


def production_options(state: State, seat: str) -> dict[str, Any]:
    board = board_of(state)
    cities = {}
    for h, c in sorted(board.cities.items()):
        if state["control"].get(h) != seat:
            continue
        own = board.owner_of(h) == seat
        new = [t for t, n in sorted(state["pool"][seat].items()) if n > 0 and own and (
            not (UNITS[t].cls == "naval" or t == "MA") or (h in board.ports and h not in state.get("blockades", {})))]
        cities[h] = {"pp": c["pp"], "new": new,
                     "blocks": [b["id"] for b in state["blocks"].values() if b["side"] == seat and b["hex"] == h
                                and b["steps"] < 4]}
    return {"cities": cities, "pool": dict(state["pool"][seat])}


def default_order(state: State, seat: str) -> dict[str, Any] | None:
    """The standing default for each decision (spec section 7)."""
    kinds = [o["kind"] for o in owed(state) if o["seat"] == seat]
    if not kinds:
        return None
    kind = kinds[0]
    simple: dict[str, dict[str, Any]] = {
        "deploy": {"type": "deploy"}, "move": {"type": "end_move"}, "air_cover": {"type": "air_cover", "blocks": {}},
        "retreat_all": {"type": "retreat_all", "moves": {}}, "rebase": {"type": "rebase", "moves": {}},
        "end_turn": {"type": "end_turn"}, "produce": {"type": "produce", "builds": []},
    }
    if kind in simple:
        return simple[kind]
    if kind == "choose_battle":
        return {"type": "choose_battle", "hex": sorted(state["battles"])[0]}
    if kind == "take_hit":
        q = state["battle"]["hit_queue"][0]
        return {"type": "take_hit", "block": sorted(b["id"] for b in hits.strongest(state, q["side"], q["class"]))[0]}
    b = bt.actors(state)[0]
    acts = actions(state, b)
    fires = [a for a in acts if a["action"] == "fire"]
    if fires:  # fire at the class with most enemy blocks
        best = max(fires, key=lambda a: (len(hits.group(state, other(seat), a["target"])), a["target"] == "G"))
        return {"type": "act", "block": b["id"], **best}
    for name in ("land", "hold", "retreat", "abort"):
        pick = next((a for a in acts if a["action"] == name), None)
        if pick:
            return {"type": "act", "block": b["id"], **pick}
    return {"type": "act", "block": b["id"], "action": "abort"}
