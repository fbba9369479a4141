"""The one redacting read path: ``view`` and ``event_view`` (VIC-FOG-*).

A seat sees its own blocks in full. The opponent's blocks appear only as ``{"side", "hex"}``
(plus ``"aboard"`` on a carrier, VIC-FOG-02), never with an id, type or strength, except while
rules reveal them: blocks in the battle being fought (VIC-FOG-04, under battle aliases), blockading
ships and beachhead marines (VIC-FOG-06). Events carry a public part and per-seat ``secret`` parts;
a seat receives only its own secret part. The opponent's orders are reduced to their type.
"""

from __future__ import annotations

import copy
from typing import Any

from pbem.games.victory.state import SIDES, Block, State, cls

_HIDDEN_STATE_KEYS = ("port_use", "hexside_use", "next_id")


def _revealed(state: State, b: Block) -> bool:
    battle = state.get("battle")
    if battle and b["hex"] == battle["hex"] and b["id"] in battle["alias"]:
        return True
    if b.get("cover"):
        return True  # air cover, revealed from the moment it joins (VIC-FOG-04)
    if state.get("blockades", {}).get(b["hex"]) == b["side"] and cls(b) == "naval":
        return True
    return bool(state.get("beachheads", {}).get(b["hex"]) == b["id"])


def _public_block(state: State, b: Block) -> dict[str, Any]:
    rec: dict[str, Any] = {"side": b["side"], "hex": b["hex"]}
    if _revealed(state, b):
        rec.update(type=b["type"], steps=b["steps"], revealed=True)
        battle = state.get("battle")
        if battle and b["id"] in battle["alias"] and b["hex"] == battle["hex"]:
            rec["alias"] = battle["alias"][b["id"]]
    n = sum(1 for x in state["blocks"].values() if x.get("carrier") == b["id"])
    if n:
        rec["aboard"] = n
    if b.get("carrier"):
        rec["carried"] = True
    return rec


def view(state: State, seat: str | None) -> State:
    """What ``seat`` may see (None: a spectator, who sees no block's identity)."""
    seen: State = {k: v for k, v in state.items() if k not in ("blocks", "battle", "sealed", "pool", "beachheads",
                                                               *_HIDDEN_STATE_KEYS)}
    seen["seat"] = seat
    seen["scenario"] = _redact_position({"scenario": state["scenario"]}, seat)["scenario"]
    own = [copy.deepcopy(b) for b in state["blocks"].values() if b["side"] == seat]
    foreign = [_public_block(state, b) for b in state["blocks"].values() if b["side"] != seat]
    foreign.sort(key=lambda r: (r["hex"], r["side"], r.get("carried", False), r.get("alias", ""),
                                r.get("type", ""), r.get("steps", 0)))
    seen["blocks"] = {b["id"]: b for b in sorted(own, key=lambda b: b["id"])}
    seen["others"] = foreign
    seen["sealed"] = {s: (copy.deepcopy(v) if s == seat else v is not None) for s, v in state["sealed"].items()}
    seen["pool"] = {seat: dict(state["pool"][seat])} if seat in SIDES else {}
    seen["beachheads"] = {h: state["blocks"][bid]["side"] for h, bid in state.get("beachheads", {}).items()
                          if bid in state["blocks"]}
    if seat is not None and seat == state.get("active"):
        for key in _HIDDEN_STATE_KEYS[:2]:
            seen[key] = copy.deepcopy(state.get(key, {}))
    battle = state.get("battle")
    if battle:
        public = {k: copy.deepcopy(v) for k, v in battle.items() if k not in ("alias", "acted", "halves",
                                                                              "hit_queue", "revealed")}
        names = battle["alias"]
        public["acted"] = sorted(names[i] for i in battle["acted"] if i in names)
        public["halves"] = sorted(names[i] for i in battle["halves"] if i in names)
        public["hits_pending"] = [{k: q[k] for k in ("side", "class", "left")} for q in battle["hit_queue"]]
        public["blocks"] = [{"alias": names[b["id"]], "side": b["side"], "type": b["type"], "steps": b["steps"]}
                            for b in state["blocks"].values() if b["id"] in names and b["hex"] == battle["hex"]]
        public["blocks"].sort(key=lambda r: r["alias"])
        public["mine"] = {a: i for i, a in names.items() if state["blocks"].get(i, {}).get("side") == seat}
        seen["battle"] = public
    else:
        seen["battle"] = None
    return seen


def _redact_position(position: dict[str, Any], seat: str | None) -> dict[str, Any]:
    pos = copy.deepcopy(position)
    sc = pos.get("scenario", {})
    for side in SIDES:
        if side == seat:
            continue
        if isinstance(sc.get("blocks"), dict) and side in sc["blocks"]:
            sc["blocks"][side] = [{"hex": b.get("hex")} for b in sc["blocks"][side]]
        if isinstance(sc.get("force_pool"), dict):
            sc["force_pool"].pop(side, None)
        if isinstance(pos.get("pool"), dict):
            pos["pool"].pop(side, None)
    if isinstance(pos.get("blocks"), list):
        pos["blocks"] = [b if b.get("side") == seat else {"side": b.get("side"), "hex": b.get("hex")}
                         for b in pos["blocks"]]
    if "beachheads" in pos:
        pos["beachheads"] = sorted(pos["beachheads"])
    return pos


def event_view(event: dict[str, Any], seat: str | None) -> dict[str, Any] | None:
    """An event as ``seat`` may see it."""
    t = event.get("type", "")
    payload = event.get("payload", {})
    if t == "game.created":
        shown = {**payload, "position": _redact_position(payload.get("position", {}), seat)}
        options = payload.get("options")
        if isinstance(options, dict) and isinstance(options.get("scenario_file"), dict):  # an uploaded scenario
            uploaded = _redact_position({"scenario": options["scenario_file"]}, seat)["scenario"]
            shown["options"] = {**options, "scenario_file": uploaded}
        return {**event, "payload": shown}
    if t == "order":
        if event.get("seat") == seat:
            return event
        order = payload.get("order", {})
        kept: dict[str, Any] = {"order": {"type": order.get("type") if isinstance(order, dict) else None}}
        if "by" in payload:
            kept["by"] = payload["by"]
        return {**event, "payload": kept}
    if t.startswith("vic.") and "secret" in payload:
        mine = payload["secret"].get(seat) if seat is not None else None
        rest = {k: v for k, v in payload.items() if k != "secret"}
        if mine is not None:
            rest["secret"] = {seat: mine}
        return {**event, "payload": rest}
    return event
