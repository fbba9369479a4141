"""The combat-phase orders: choose a battle, act with a block, choose a hit, forced retreat, rebase."""

from __future__ import annotations

from typing import Any, cast

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.victory import battle as bt
from pbem.games.victory import hits
from pbem.games.victory.events import emit
from pbem.games.victory.hexgrid import distance
from pbem.games.victory.retreat import air_bases, retreat_class_key, retreat_hexes
from pbem.games.victory.state import Block, State, board_of, cls, other
from pbem.games.victory.units import PARA_RANGE


def _own_block(state: State, seat: str, bid: Any) -> Block:
    b = state["blocks"].get(bid) if isinstance(bid, str) else None
    if b is None or b["side"] != seat or b["hex"] != state["battle"]["hex"]:
        raise InvalidOrder("VIC-CMB-07", "You have no block {block} in this battle.", {"block": str(bid)[:40]})
    return cast(Block, b)


def choose_battle(ctx: Any, order: dict[str, Any]) -> None:
    """VIC-CMB-02: the attacker picks the next battle."""
    state = ctx.state
    h = order.get("hex")
    if not isinstance(h, str) or h not in state["battles"]:
        raise IllegalOrder("VIC-CMB-02", "There is no battle to fight at {hex}.", {"hex": str(h)[:8]})
    bt.start_battle(ctx, h)


def act(ctx: Any, order: dict[str, Any]) -> None:
    """One block's action at its type's position: fire, retreat, hold, land or abort (VIC-CMB-07)."""
    state, seat = ctx.state, ctx.seat
    b = _own_block(state, seat, order.get("block"))
    if b["id"] not in {x["id"] for x in bt.actors(state)}:
        raise IllegalOrder("VIC-CMB-06", "It is not this block's turn to act in the firing sequence ({hex}).",
                           {"hex": b["hex"]})
    action = order.get("action")
    a = bt.alias(state, b["id"])
    battle = state["battle"]
    if action == "fire":
        _fire(ctx, b, order.get("target"))
    elif action == "retreat":
        _retreat(ctx, b, order.get("to"))
    elif action == "hold":
        if hits.fire_classes(state, b) and not (battle["round"] == 1 and b.get("airborne")):
            raise IllegalOrder("VIC-CMB-07", "A block that can fire must fire or retreat ({hex}).", {"hex": b["hex"]})
        if b.get("airborne"):
            raise IllegalOrder("VIC-UNIT-AB-04", "A dropped airborne block must land or abort ({hex}).",
                               {"hex": b["hex"]})
        emit(ctx, "vic.acted", {"hex": b["hex"], "block": a, "action": "hold"})
    elif action == "land":
        if b.get("airborne"):
            emit(ctx, "vic.acted", {"hex": b["hex"], "block": a, "action": "land"})
        elif b.get("sea") == "afloat":
            if any(cls(e) == "naval" for e in hits.in_battle(state) if e["side"] != seat):
                raise IllegalOrder("VIC-UNIT-MA-04", "Marines cannot land at {hex} while an enemy ship is there.",
                                   {"hex": b["hex"]})
            emit(ctx, "vic.acted", {"hex": b["hex"], "block": a, "action": "land"})
        else:
            raise IllegalOrder("VIC-UNIT-MA-03", "Only dropped airborne or afloat marines land ({hex}).",
                               {"hex": b["hex"]})
    elif action == "abort":
        if not b.get("airborne"):
            raise IllegalOrder("VIC-UNIT-AB-04", "Only a dropped airborne block can abort ({hex}).", {"hex": b["hex"]})
        bases = air_bases(state, b, b["hex"], PARA_RANGE)
        to = order.get("to") or (bases[0] if bases else None)
        if to is not None and to not in bases:
            raise IllegalOrder("VIC-UNIT-AB-04", "An aborting airborne block returns to a friendly base within 4 "
                               "hexes; {hex} is not one.", {"hex": str(to)[:12]})
        emit(ctx, "vic.acted", {"hex": b["hex"], "block": a, "action": "abort", "to": to,
                                "type": b["type"] if to is None else None})
    else:
        raise InvalidOrder("VIC-CMB-07", "An action is fire, retreat, hold, land or abort.")
    bt.settle(ctx)


def _fire(ctx: Any, b: Block, target: Any) -> None:
    state = ctx.state
    battle = state["battle"]
    if target not in ("A", "N", "G"):
        raise InvalidOrder("VIC-CMB-09", "Name a target class: A, N or G.")
    why = hits.cannot_fire(state, b)
    if why:
        raise IllegalOrder(why, "This block cannot fire in this round at {hex}.", {"hex": b["hex"]})
    fp = hits.firepower(state, b, target)
    if fp == 0:
        rule = "VIC-NAV-08" if b["type"] == "BB" and target == "G" else "VIC-UNIT-GEN-02"
        raise IllegalOrder(rule, "This block has no firepower against class {target} here.", {"target": target})
    if not hits.group(state, other(b["side"]), target):
        raise IllegalOrder("VIC-CMB-09", "The enemy has no blocks of class {target} in this battle.",
                           {"target": target})
    a = bt.alias(state, b["id"])
    aa = target == "A" and cls(b) != "air"  # VIC-CMB-18
    faces = ctx.roll(b["steps"], 6, context={"battle": battle["hex"], "round": battle["round"], "block": a,
                                             "type": b["type"], "target": target, "roller": b["side"]},
                     dice=[{"unit": b["type"], "target": fp}] * b["steps"])
    emit(ctx, "vic.fired", {"hex": battle["hex"], "round": battle["round"], "block": a, "type": b["type"],
                            "target": target, "faces": faces, "hits": sum(1 for f in faces if f <= fp),
                            "own": sum(1 for f in faces if f == 6) if aa else 0, "army": cls(b) == "army"})


def _retreat(ctx: Any, b: Block, to: Any) -> None:
    state = ctx.state
    battle = state["battle"]
    if battle["rounds"] == 4 and battle["round"] == 4 and b["side"] == battle["attacker"]:
        pass  # VIC-OPT-01: the attacker's round-4 action is to break off
    a = bt.alias(state, b["id"])
    if cls(b) == "air" and not b.get("airborne"):
        bases = air_bases(state, b, b["hex"])
        if to not in bases:
            raise IllegalOrder("VIC-AIR-15", "A retreating air block goes to a friendly base within its return "
                               "range; {hex} is not one.", {"hex": str(to)[:20]})
        emit(ctx, "vic.retreated", {"hex": b["hex"], "block": a, "to": _hex_of(state, to), "class": "air"},
             {b["side"]: {"to": to}})
        return
    if b.get("airborne"):
        raise IllegalOrder("VIC-UNIT-AB-06", "A dropped airborne block does not retreat through the air ({hex}).",
                           {"hex": b["hex"]})
    legal = retreat_hexes(state, b)
    if to not in legal:
        raise IllegalOrder(_retreat_rule(state, b, to), "The block cannot retreat from {hex} into {to}.",
                           {"hex": b["hex"], "to": str(to)[:8]})
    emit(ctx, "vic.retreated", {"hex": b["hex"], "block": a, "to": to, "class": retreat_class_key(b, to, state)})


def _retreat_rule(state: State, b: Block, to: Any) -> str:
    """The most specific rule a refused retreat breaks."""
    board = board_of(state)
    h = b["hex"]
    if not isinstance(to, str) or to not in board.adj[h]:
        return "VIC-CMB-27"
    if to in state["battles"]:
        return "VIC-CMB-03"  # no reinforcing a battle still to be fought (AMB-V-25)
    if any(e["hex"] == to and e["side"] != b["side"] for e in state["blocks"].values()):
        return "VIC-CMB-26"
    side = board.side(h, to)
    if side.alpine or side.major_river and not side.bridge or side.shoal:
        return "VIC-CMB-26"
    if cls(b) == "army" and not b.get("sea"):
        attacking = b["side"] == state["battle"]["attacker"]
        if board.is_sea(to) or (b["type"] == "MA" and b.get("moved") == "amphibious" and attacking):
            return "VIC-CMB-28"  # only marines put to sea; landed marines retreat only to sea
        return "VIC-CMB-27" if (to in state["battle"]["entry"]) != (b["side"] == state["battle"]["attacker"]) \
            else "VIC-CMB-24"
    if cls(b) == "naval":
        return "VIC-NAV-09" if not board.naval_hex(to) else "VIC-CMB-24"
    return "VIC-CMB-24"


def take_hit(ctx: Any, order: dict[str, Any]) -> None:
    """VIC-CMB-14: the owner picks which of the tied strongest blocks takes the hit."""
    state = ctx.state
    battle = state["battle"]
    b = _own_block(state, ctx.seat, order.get("block"))
    tied = [x["id"] for x in hits.strongest(state, battle["hit_queue"][0]["side"], battle["hit_queue"][0]["class"])]
    if b["id"] not in tied:
        raise IllegalOrder("VIC-CMB-14", "The hit goes to one of the strongest blocks in the group at {hex}.",
                           {"hex": b["hex"]})
    emit(ctx, "vic.hit_chosen", {"hex": battle["hex"], "block": bt.alias(state, b["id"])})
    bt.settle(ctx)


def retreat_all(ctx: Any, order: dict[str, Any]) -> None:
    """The forced retreat after the last round (VIC-CMB-21, VIC-CMB-25), or a blockade (VIC-NAV-10)."""
    state, seat = ctx.state, ctx.seat
    battle = state["battle"]
    moves = order.get("moves", {})
    if not isinstance(moves, dict):
        raise InvalidOrder("VIC-CMB-21", "moves maps each of your blocks to a hex.")
    blockade = bool(order.get("blockade"))
    if blockade and not can_blockade(state, seat):
        raise IllegalOrder("VIC-NAV-10", "You cannot declare a blockade at {hex}: it is not an enemy port or "
                           "beachhead, or enemy ships remain.", {"hex": battle["hex"]})
    staying = [b for b in hits.in_battle(state) if b["side"] == seat and cls(b) == "naval"] if blockade else []
    leaving = [b for b in hits.in_battle(state)
               if b["side"] == seat and b not in staying and not (cls(b) == "air" and not b.get("airborne"))]
    for b in leaving:
        if moves.get(b["id"]) is not None and moves[b["id"]] not in retreat_hexes(state, b):
            raise IllegalOrder(_retreat_rule(state, b, moves[b["id"]]), "The block cannot retreat from {hex} into "
                               "{to}.", {"hex": b["hex"], "to": str(moves[b["id"]])[:8]})
    if blockade:
        emit(ctx, "vic.blockade", {"hex": battle["hex"], "side": seat,
                                   "blocks": [bt._reveal(state, b, battle["alias"]) for b in staying]})
    for b in leaving:
        legal = retreat_hexes(state, b)
        to = moves.get(b["id"])
        to = to if to in legal else (legal[0] if legal else None)
        a = bt.alias(state, b["id"])
        if to is None:  # VIC-CMB-25
            emit(ctx, "vic.eliminated", {"hex": battle["hex"], "block": a, "type": b["type"], "rule": "VIC-CMB-25"})
        else:
            emit(ctx, "vic.retreated", {"hex": battle["hex"], "block": a, "to": to,
                                        "class": retreat_class_key(b, to, state)})
    bt.finish(ctx)


def can_blockade(state: State, seat: str) -> bool:
    """VIC-NAV-10: attacking ships at an enemy port or beachhead with no enemy ships left."""
    battle = state["battle"]
    h = battle["hex"]
    board = board_of(state)
    if seat != battle["attacker"]:
        return False
    enemy_port = h in board.ports and state["control"].get(h) == other(seat)
    beach = state.get("beachheads", {}).get(h)
    enemy_beach = beach is not None and state["blocks"].get(beach, {}).get("side") == other(seat)
    present = hits.in_battle(state)
    return (enemy_port or enemy_beach) and any(b["side"] == seat and cls(b) == "naval" for b in present) \
        and not any(b["side"] != seat and cls(b) == "naval" for b in present)


def rebase(ctx: Any, order: dict[str, Any]) -> None:
    """VIC-AIR-05: every air block of the battle rebases; with no base in range it is eliminated."""
    state, seat = ctx.state, ctx.seat
    battle = state["battle"]
    moves = order.get("moves", {})
    if not isinstance(moves, dict):
        raise InvalidOrder("VIC-AIR-05", "moves maps each of your air blocks to a base.")
    planes = sorted(bt.air_to_rebase(state, seat), key=lambda b: b["id"])
    out = []
    shadow = dict(state["blocks"])  # bases fill up as the blocks land, one after the other
    for b in planes:
        bases = air_bases(state, b, battle["hex"])
        to = moves.get(b["id"])
        if to is not None and to not in bases:
            if isinstance(to, str) and to.startswith("carrier:") and to.split(":", 1)[1] in state["blocks"] \
                    and air_bases(state, b, battle["hex"], reach=99).count(to) == 0:
                raise IllegalOrder("VIC-UNIT-CV-06", "The carrier has no room left for this air block; it must "
                                   "rebase elsewhere ({to}).", {"to": _hex_of(state, to)})
            raise IllegalOrder("VIC-AIR-05", "An air block rebases to a friendly base within its return range "
                               "that was not captured this turn; {to} is not one.", {"to": str(to)[:20]})
        to = to if to is not None else _nearest(bases, battle["hex"], state)
        out.append({"block": bt.alias(state, b["id"]), "to": to, "type": b["type"] if to is None else None})
        if to is not None:  # later planes see this one landed
            state["blocks"] = {**state["blocks"], b["id"]: {**b, **_landing(state, to)}}
    state["blocks"] = shadow
    public = [{**m, "to": _hex_of(state, m["to"]) if m["to"] else None} for m in out]
    emit(ctx, "vic.rebased", {"hex": battle["hex"], "side": seat, "moves": public}, {seat: out})
    bt.next_rebase(ctx)


def _hex_of(state: State, to: str) -> str:
    """The hex of a base: carriers are named only in the owner's secret part of an event."""
    return str(state["blocks"][to.split(":", 1)[1]]["hex"]) if to.startswith("carrier:") else to


def _landing(state: State, to: str) -> dict[str, Any]:
    if to.startswith("carrier:"):
        cid = to.split(":", 1)[1]
        return {"hex": state["blocks"][cid]["hex"], "carrier": cid}
    return {"hex": to, "carrier": None}


def _nearest(bases: list[str], origin: str, state: State) -> str | None:
    def key(x: str) -> tuple[int, str]:
        h = state["blocks"][x.split(":", 1)[1]]["hex"] if x.startswith("carrier:") else x
        return distance(origin, h), x
    return min(bases, key=key) if bases else None
