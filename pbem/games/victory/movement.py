"""The phasing player's movement (VIC-MOVE, VIC-AIR, VIC-NAV, VIC-STRAT, VIC-UNIT-AB/MA/CV).

An order ``{"type": "move", "moves": [{"block", "mode", "path", "onto"?}]}`` moves blocks one by one
(each validated against the position left by the previous ones); ``{"type": "end_move"}`` checks the
final stacking of the whole set (VIC-MOVE-03) and starts the battles.
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.i18n import N_
from pbem.games.victory.hexgrid import distance
from pbem.games.victory.paths import path_error
from pbem.games.victory.state import Block, State, board_of, carried, cls, enemy_in, other
from pbem.games.victory.units import CARRIER_LOAD, PARA_RANGE, STRATEGIC_MOVE, UNITS

MODES = ("normal", "strategic", "convoy", "para", "amphibious")


def _refuse(rule: str, template: str, hex_: str | None = None, **params: Any) -> IllegalOrder:
    if hex_ is not None:
        params["hex"] = hex_
    return IllegalOrder(rule, template, params)


def entry_limit(state: State, prev: str, dest: str, klass: str) -> int:
    """Hexside limit for one class entering a battle hex (VIC-TERR-GEN-02, VIC-TERR-COAST-02, VIC-NAV-03)."""
    board = board_of(state)
    if klass == "naval":
        return 2 if board.is_sea(dest) else 1
    return board.side(prev, dest).army_limit()


def friendly_base(state: State, hex_: str, side: str) -> bool:
    board = board_of(state)
    return board.is_base(hex_) and state["control"].get(hex_) == side and not enemy_in(state, hex_, side)


def carrier_ok(state: State, carrier: Block, side: str) -> bool:
    """Can air launch from or land on this carrier (VIC-UNIT-CV-05)?"""
    board = board_of(state)
    return (carrier["type"] == "CV" and carrier["side"] == side and carrier["moved"] != "strategic"
            and carrier["hex"] not in board.ports and not board.hexes[carrier["hex"]].get("canal"))


def carrier_room(state: State, carrier: Block, air: Block) -> bool:
    """VIC-UNIT-CV-02: at most 2 air blocks, never an HB, total strength within the carrier's."""
    load = [b for b in carried(state, carrier["id"]) if b["id"] != air["id"]]
    return air["type"] != "HB" and len(load) < CARRIER_LOAD and \
        sum(b["steps"] for b in load) + air["steps"] <= carrier["steps"]


def _parse(state: State, seat: str, m: Any) -> tuple[Block, str, list[str]]:
    if not isinstance(m, dict):
        raise InvalidOrder("VIC-MOVE-12", "Each move is an object with block, mode and path.")
    block = state["blocks"].get(m.get("block"))
    if block is None or block["side"] != seat:
        raise InvalidOrder("VIC-MOVE-01", "You have no block {block}.", {"block": str(m.get("block"))[:40]})
    mode = m.get("mode", "normal")
    if mode not in MODES:
        raise InvalidOrder("VIC-MOVE-02", "Unknown kind of move {mode}.", {"mode": str(mode)[:20]})
    path = m.get("path")
    if not isinstance(path, list) or len(path) < 2 or not all(isinstance(h, str) and h in board_of(state).hexes
                                                              for h in path):
        raise InvalidOrder("VIC-MOVE-12", "A move needs a path of at least two hexes of the map.")
    return block, mode, path


def check_move(state: State, seat: str, m: Any) -> dict[str, Any]:
    """Validate one move; return the details ``apply_move`` needs. Raises IllegalOrder citing the rule."""
    block, mode, path = _parse(state, seat, m)
    board = board_of(state)
    start = block["hex"]
    if block["carrier"]:
        start = state["blocks"][block["carrier"]]["hex"]
    if path[0] != start:
        raise _refuse("VIC-MOVE-12", N_("A move starts where the block is ({hex})."), start)
    if block["launched"]:
        raise _refuse("VIC-UNIT-CV-04", N_("The carrier at {hex} has launched its aircraft and may not move again."),
                      start)
    if block["moved"]:
        rule = "VIC-MOVE-02" if block["moved"] != mode else "VIC-MOVE-01"
        raise _refuse(rule, N_("The block at {hex} has already moved this turn."), start)
    if block["id"] in state.get("beachheads", {}).values():
        raise _refuse("VIC-UNIT-MA-10", N_("The marines holding the beachhead at {hex} cannot move."), start)
    dest = path[-1]
    c = cls(block)
    info: dict[str, Any] = {"block": block["id"], "mode": mode, "path": path}
    if c == "air":
        _check_air(state, block, mode, path, m.get("onto"), info)
    elif mode == "para":
        _check_para(state, block, path, info)
    elif mode == "amphibious":
        _check_amphibious(state, block, path, info)
    elif mode == "convoy":
        _check_convoy(state, block, path, info)
    else:
        if mode not in ("normal", "strategic"):
            raise _refuse("VIC-MOVE-02", N_("This block cannot make that kind of move from {hex}."), start)
        if c == "army" and block.get("sea"):
            raise _refuse("VIC-STRAT-06", N_("An army at sea at {hex} moves on only by convoy or landing."), start)
        if mode == "strategic" and c == "army" and not board.road_adj[start]:
            raise _refuse("VIC-STRAT-04", N_("A strategic army move must start on a road; {hex} has none."), start)
        err = path_error(state, block, mode, path)
        if err:
            raise _refuse(err[0], err[1], err[2])
        if mode == "strategic" and c == "naval" and not (board.is_sea(dest) or (
                dest in board.ports and state["control"].get(dest) == seat)):
            raise _refuse("VIC-STRAT-03", N_("A strategic naval move ends in open sea or a friendly port, not {hex}."),
                          dest)
        if c == "army":
            side = board.side(path[-2], dest)
            info["river"] = side.river and (not side.bridge or state["options"].get("bridge_fire_loss", True))
    info["entered"] = path[-2]
    if enemy_in(state, dest, seat) and not info.get("no_limit"):
        klass = "naval" if c == "naval" or info.get("sea") else ("army" if c == "army" else "")
        if klass:  # air and airborne AB ignore hexside limits (VIC-MOVE-06)
            key = f"{dest}|{path[-2]}|{klass}"
            limit = entry_limit(state, path[-2], dest, klass)
            if state["hexside_use"].get(key, 0) + 1 > limit:
                rule = "VIC-NAV-03" if klass == "naval" else "VIC-MOVE-06"
                if klass == "naval":
                    raise _refuse(rule, N_("Only {limit} of your naval blocks may enter the battle at {hex} across "
                                           "that hexside."), dest, limit=limit)
                raise _refuse(rule, N_("Only {limit} of your army blocks may enter the battle at {hex} across "
                                       "that hexside."), dest, limit=limit)
            info["hexside"] = key
    return info


def _check_air(state: State, block: Block, mode: str, path: list[str], onto: Any, info: dict[str, Any]) -> None:
    seat, start, dest = block["side"], path[0], path[-1]
    if block["carrier"]:
        carrier = state["blocks"][block["carrier"]]
        if board_of(state).hexes[carrier["hex"]].get("canal"):
            raise _refuse("VIC-TERR-CANAL-03", N_("A carrier in the canal hex {hex} cannot launch aircraft."), start)
        if not carrier_ok(state, carrier, seat):
            raise _refuse("VIC-UNIT-CV-05", N_("Aircraft cannot launch from the carrier at {hex} (in port, in a "
                             "canal, or after a strategic move)."), start)
        info["launch"] = carrier["id"]
    if mode not in ("normal", "strategic"):
        raise _refuse("VIC-MOVE-02", N_("Air blocks make normal or strategic moves only ({hex})."), start)
    reach = STRATEGIC_MOVE if mode == "strategic" else UNITS[block["type"]].move
    if distance(start, dest) > reach:
        rule = "VIC-STRAT-02" if mode == "strategic" else "VIC-AIR-03"
        raise _refuse(rule, N_("{hex} is beyond this air block's range."), dest)
    if enemy_in(state, dest, seat):
        if mode == "strategic":
            raise _refuse("VIC-STRAT-01", N_("A strategic move may not enter {hex}: enemy blocks are there."), dest)
        info["sortie"] = True  # VIC-AIR-07: starts or joins a battle
        info["no_limit"] = True
        return
    if onto is not None:
        carrier = state["blocks"].get(onto)
        if block["type"] == "HB":
            raise _refuse("VIC-UNIT-HB-02", N_("A heavy bomber can never land on a carrier ({hex})."), dest)
        if carrier is not None and carrier["hex"] == dest and board_of(state).hexes[dest].get("canal"):
            raise _refuse("VIC-TERR-CANAL-03", N_("A carrier in the canal hex {hex} cannot recover aircraft."), dest)
        if carrier is None or carrier["hex"] != dest or not carrier_ok(state, carrier, seat):
            raise _refuse("VIC-UNIT-CV-05", N_("There is no carrier at {hex} that can take aircraft now."), dest)
        if not carrier_room(state, carrier, block):
            raise _refuse("VIC-UNIT-CV-02", N_("The carrier at {hex} has no room for this air block."), dest)
        info["onto"] = onto
        return
    if not friendly_base(state, dest, seat):
        rule = "VIC-STRAT-02" if mode == "strategic" else "VIC-AIR-04"
        raise _refuse(rule, N_("An air move that enters no battle must end at a friendly airbase; {hex} is not one."),
                      dest)


def _check_para(state: State, block: Block, path: list[str], info: dict[str, Any]) -> None:
    board = board_of(state)
    start, dest = path[0], path[-1]
    if block["type"] != "AB":
        raise _refuse("VIC-UNIT-AB-01", N_("Only airborne blocks make para drops (from {hex})."), start)
    if not friendly_base(state, start, block["side"]):
        raise _refuse("VIC-UNIT-AB-02", N_("A para drop starts from a friendly city or town; {hex} is not one."), start)
    if distance(start, dest) > PARA_RANGE:
        raise _refuse("VIC-UNIT-AB-02", N_("{hex} is beyond the 4-hex reach of a para drop."), dest)
    if not board.is_land(dest) or board.terrain(dest) not in ("clear", "desert"):
        raise _refuse("VIC-UNIT-AB-02", N_("A para drop lands only in clear or desert hexes; {hex} is not."), dest)
    info["no_limit"] = True  # hexside limits are ignored (VIC-UNIT-AB-02)
    info["airborne"] = enemy_in(state, dest, block["side"])  # VIC-UNIT-AB-04 / VIC-UNIT-AB-07


def _check_amphibious(state: State, block: Block, path: list[str], info: dict[str, Any]) -> None:
    board = board_of(state)
    start, dest, seat = path[0], path[-1], block["side"]
    if block["type"] != "MA":
        raise _refuse("VIC-UNIT-MA-02", N_("Only marines make amphibious landings (from {hex})."), start)
    at_sea = block.get("sea") in ("afloat", "convoy") and board.is_sea(start)
    if not at_sea and not (start in board.ports and state["control"].get(start) == seat):
        raise _refuse("VIC-UNIT-MA-02", N_("A landing starts from a friendly port or from the sea; {hex} is neither."),
                      start)
    if dest not in board.coastal or board.terrain(dest) not in ("clear", "desert"):
        raise _refuse("VIC-UNIT-MA-02", N_("Marines land only in coastal clear or desert hexes; {hex} is not one."),
                      dest)
    err = path_error(state, block, "amphibious", path)
    if err:
        raise _refuse(err[0], err[1], err[2])
    for h in path[1:-1]:
        if enemy_in(state, h, seat):
            raise _refuse("VIC-MOVE-08", N_("A block that enters {hex}, where enemy blocks are, must stop there."), h)
    info["sea"] = "afloat" if enemy_in(state, dest, seat) else None  # VIC-UNIT-MA-03


def _check_convoy(state: State, block: Block, path: list[str], info: dict[str, Any]) -> None:
    board = board_of(state)
    start, dest, seat = path[0], path[-1], block["side"]
    if cls(block) != "army":
        raise _refuse("VIC-STRAT-06", N_("Only armies move by convoy (from {hex})."), start)
    blockades = state.get("blockades", {})
    beach = state.get("beachheads", {})
    if block.get("sea") != "convoy":
        embark = start in board.ports and state["control"].get(start) == seat and start not in blockades
        own_beach = start in beach and state["blocks"].get(beach[start], {}).get("side") == seat
        if not embark and not own_beach:
            rule = "VIC-NAV-12" if start in blockades else "VIC-TERR-PORT-01"
            raise _refuse(rule, N_("Armies embark only at a friendly, unblockaded port; {hex} is not one."), start)
        _use_port(state, start, info, own_beach and not embark)
    err = path_error(state, block, "convoy", path)
    if err:
        raise _refuse(err[0], err[1], err[2])
    for h in path[1:-1]:
        if not board.is_sea(h):
            raise _refuse("VIC-STRAT-06", N_("A convoy sails through sea hexes; {hex} is on the coast."), h)
    if board.is_sea(dest):
        info["sea"] = "convoy"
        return
    own_beach = dest in beach and state["blocks"].get(beach[dest], {}).get("side") == seat
    port = dest in board.ports and state["control"].get(dest) == seat and dest not in blockades
    if not port and not own_beach:
        rule = "VIC-NAV-12" if dest in blockades else "VIC-STRAT-06"
        raise _refuse(rule, N_("A convoy ends at sea or in a friendly, unblockaded port; {hex} is neither."), dest)
    info["sea"] = None
    _use_port(state, dest, info, own_beach and not port)


def _use_port(state: State, hex_: str, info: dict[str, Any], beachhead: bool) -> None:
    used = state["port_use"].get(hex_, 0)
    cap = 1 if beachhead else 2
    if used + 1 > cap:
        rule = "VIC-UNIT-MA-08" if beachhead else "VIC-STRAT-08"
        raise _refuse(rule, N_("{hex} has no capacity left this turn for embarking or disembarking."), hex_)
    info.setdefault("ports", []).append(hex_)


def apply_move(state: State, info: dict[str, Any]) -> None:
    """Apply one validated move (evolve)."""
    block = state["blocks"][info["block"]]
    dest = info["path"][-1]
    if info.get("launch"):
        state["blocks"][info["launch"]]["launched"] = True
        block["carrier"] = None
    block.update(hex=dest, moved=info["mode"], path=list(info["path"]), entered=info.get("entered"),
                 river=bool(info.get("river")))
    if "sea" in info:
        block["sea"] = info["sea"]
    if info["mode"] == "para":
        block["airborne"] = bool(info.get("airborne"))
        block["landed_ab"] = not info.get("airborne")
    if info.get("onto"):
        block["carrier"] = info["onto"]
    if info.get("sortie"):
        block["sortie"] = True
    for b in carried(state, block["id"]):  # VIC-UNIT-CV-03: carried air moves with its carrier
        b["hex"] = dest
    board = board_of(state)
    if board.is_base(dest) and state["control"].get(dest) == other(block["side"]) \
            and not enemy_in(state, dest, block["side"]) and dest not in state["captured"]:
        state["captured"].append(dest)  # entered unopposed: captured this player-turn (AMB-V-24)
    for port in info.get("ports", []):
        state["port_use"][port] = state["port_use"].get(port, 0) + 1
    if info.get("hexside"):
        state["hexside_use"][info["hexside"]] = state["hexside_use"].get(info["hexside"], 0) + 1


#: VIC-MOVE-03/04, VIC-NAV-04, VIC-AIR-02: the rule and refusal of each stacking limit.
STACKING = {"army": ("VIC-MOVE-04", N_("Your blocks would end movement over the army stacking limit at {hex}.")),
            "naval": ("VIC-NAV-04", N_("Your blocks would end movement over the naval stacking limit at {hex}.")),
            "air": ("VIC-AIR-02", N_("Your blocks would end movement over the air stacking limit at {hex}."))}


def stacking_problem(state: State, seat: str) -> tuple[str, str, str] | None:
    """The first hex where ``seat`` ends movement over a stacking limit (VIC-MOVE-03, VIC-MOVE-04)."""
    from pbem.games.victory.state import over_stack

    for h in sorted({b["hex"] for b in state["blocks"].values() if b["side"] == seat}):
        klass = over_stack(state, h, seat)
        if klass:
            return STACKING[klass][0], STACKING[klass][1], h
    return None


def battle_hexes(state: State, seat: str, restart: list[str]) -> list[str]:
    """Hexes holding both players' blocks after movement (VIC-CMB-01): standing blockades only if restarted."""
    out = []
    standing = set(state.get("blockades", {}))
    for h in sorted({b["hex"] for b in state["blocks"].values() if b["side"] == seat}):
        if not enemy_in(state, h, seat):
            continue
        arrived = any(b["hex"] == h and b["side"] == seat and b["moved"] for b in state["blocks"].values())
        if h in standing or not arrived:
            if h not in restart:
                continue  # a blockade (or a shared hex) is fought only when started again (VIC-NAV-14)
        out.append(h)
    return out
