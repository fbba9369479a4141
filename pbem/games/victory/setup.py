"""Building the first state from a position (a scenario plus, optionally, a position in play)."""

from __future__ import annotations

import copy
from typing import Any

from pbem.engine import InvalidOrder
from pbem.games.victory.control import compute_control
from pbem.games.victory.production import block_id
from pbem.games.victory.scenario import RULES_VERSIONS, check_scenario
from pbem.games.victory.state import SIDES, State, map_key, new_block


def build_state(position: dict[str, Any], options: dict[str, Any]) -> State:
    """Validate the scenario (VIC-SETUP-*) and build the state.

    ``position``: ``{"scenario": {...}, "rules_version"?, "blocks"?: [block records], "phase"?,
    "turn"?, "order"?, "active"?}``; the optional keys let tests and organisers start mid-game.
    """
    if not isinstance(position, dict) or not isinstance(position.get("scenario"), dict):
        raise InvalidOrder("VIC-SETUP-01", "A position needs the scenario it is played on.")
    sc = copy.deepcopy(position["scenario"])
    check_scenario(sc)
    version = position.get("rules_version", sc["rules_version"])
    if version not in RULES_VERSIONS:
        raise InvalidOrder("VIC-SETUP-01", "Unknown rules version {version}.", {"version": str(version)[:20]})
    opts = dict(sc.get("optional_rules", {}))
    opts["pursuit"] = bool(options.get("pursuit", opts.get("pursuit", False)))
    opts.setdefault("bridge_fire_loss", True)
    state: State = {
        "scenario": sc, "map_key": map_key(sc["map"]), "rules_version": version, "options": opts,
        "turn": int(position.get("turn", 1)), "pt": 0, "phase": "deploy", "order": list(SIDES),
        "active": None, "blocks": {}, "next_id": {}, "pool": copy.deepcopy(sc["force_pool"]),
        "control": {}, "battles": [], "battle": None, "fought": [], "captured": [], "port_use": {},
        "hexside_use": {}, "beachheads": {}, "blockades": {}, "sealed": {s: None for s in SIDES}, "result": None,
    }
    if "blocks" in position:
        for rec in position["blocks"]:
            b = new_block(rec["id"], rec["side"], rec["type"], rec["steps"], rec["hex"], rec.get("carrier"))
            b.update({k: v for k, v in rec.items() if k in b})
            state["blocks"][b["id"]] = b
        for side in SIDES:
            nums = [int(bid.rsplit("-", 1)[1]) for bid in state["blocks"] if bid.startswith(side + "-")]
            state["next_id"][side] = max(nums, default=0) + 1
    else:
        for side in SIDES:
            ids = [block_id(side, i + 1) for i in range(len(sc["blocks"][side]))]
            for i, rec in enumerate(sc["blocks"][side]):
                carrier = ids[rec["aboard"]] if "aboard" in rec else None
                state["blocks"][ids[i]] = new_block(ids[i], side, rec["type"], rec["steps"], rec["hex"], carrier)
            state["next_id"][side] = len(ids) + 1
    for key in ("pool", "beachheads", "blockades"):
        if key in position:
            state[key] = copy.deepcopy(position[key])
    state["control"] = compute_control(state)  # VIC-SETUP-03
    if "control" in position:
        state["control"].update(position["control"])
    phase = position.get("phase", "deploy")
    if phase not in ("deploy", "move"):
        raise InvalidOrder("VIC-SETUP-01", "A position starts in deployment or movement, not {phase}.",
                           {"phase": str(phase)[:20]})
    state["phase"] = phase
    if phase == "move":
        order = position.get("order", list(SIDES))
        state.update(order=order, active=order[int(position.get("pt", 0))], pt=int(position.get("pt", 0)))
    return state
