"""The turn: deployment, initiative, movement, air cover, end of player-turn, production (VIC-SEQ-*)."""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.victory import battle as bt
from pbem.games.victory import movement as mv
from pbem.games.victory import production as prod
from pbem.games.victory import victory
from pbem.games.victory.control import compute_control
from pbem.games.victory.events import emit
from pbem.games.victory.hexgrid import distance
from pbem.games.victory.state import SIDES, State, board_of, cls, enemy_in, other, over_stack
from pbem.games.victory.supply import attrition
from pbem.games.victory.units import AIR_STACK, COVER_RANGE, UNITS


def deploy(ctx: Any, order: dict[str, Any]) -> None:
    """VIC-SETUP-07: a sealed deployment; ``placements`` moves blocks among friendly cities and towns."""
    state, seat = ctx.state, ctx.seat
    if state["sealed"].get(seat) is not None:
        raise IllegalOrder("VIC-SETUP-07", "You have already sent your deployment.")
    placements = order.get("placements", {})
    if not isinstance(placements, dict):
        raise InvalidOrder("VIC-SETUP-07", "placements maps block ids to hexes.")
    board = board_of(state)
    if placements and state["scenario"].get("setup", {}).get("deployment", "fixed") != "free":
        raise IllegalOrder("VIC-SETUP-04", "This scenario fixes where every block starts.")
    trial = {bid: dict(b) for bid, b in state["blocks"].items()}
    for bid, h in placements.items():
        b = trial.get(bid)
        if b is None or b["side"] != seat:
            raise InvalidOrder("VIC-SETUP-07", "You have no block {block}.", {"block": str(bid)[:40]})
        if not isinstance(h, str) or h not in board.hexes or not board.is_base(h) or board.owner_of(h) != seat:
            raise IllegalOrder("VIC-SETUP-05", "Blocks start only in cities and towns of your own sheets; {hex} is "
                               "not one.", {"hex": str(h)[:8]})
        if cls(b) == "naval" and h not in board.ports:
            raise IllegalOrder("VIC-SETUP-08", "Ships start only in ports; {hex} is not one.", {"hex": h})
        b.update(hex=h, carrier=None)
    cap = state["scenario"].get("setup", {}).get("cap", 2)
    shadow = {**state, "blocks": trial}
    for h in sorted({b["hex"] for b in trial.values() if b["side"] == seat}):
        if sum(1 for b in trial.values() if b["side"] == seat and b["hex"] == h) > cap:
            raise IllegalOrder("VIC-SETUP-06", "At most {cap} blocks may start at {hex}.", {"cap": cap, "hex": h})
        if over_stack(shadow, h, seat):
            raise IllegalOrder("VIC-SETUP-06", "The blocks at {hex} exceed its stacking limit.", {"hex": h})
    moves = {bid: h for bid, h in placements.items()}
    emit(ctx, "vic.deployed", {"side": seat}, {seat: moves})
    if all(state["sealed"].get(s) is not None for s in SIDES):
        start_game_turn(ctx)


def start_game_turn(ctx: Any) -> None:
    """VIC-SEQ-02: both roll two dice; the higher total is Player 1; ties roll again (AMB-V-01)."""
    state = ctx.state
    rolls = []
    while True:
        totals = {}
        for side in SIDES:
            faces = ctx.roll(2, 6, context={"initiative": state["turn"], "roller": side})
            totals[side] = sum(faces)
        rolls.append(totals)
        if totals["blue"] != totals["red"]:
            break
    first = max(SIDES, key=lambda s: totals[s])
    emit(ctx, "vic.initiative", {"turn": state["turn"], "rolls": rolls, "order": [first, other(first)]})
    emit(ctx, "vic.player_turn", {"turn": state["turn"], "pt": 0, "active": first})


def move(ctx: Any, order: dict[str, Any]) -> None:
    state, seat = ctx.state, ctx.seat
    moves = order.get("moves")
    if not isinstance(moves, list) or not moves or len(moves) > 60:
        raise InvalidOrder("VIC-MOVE-01", "moves is a non-empty list of moves.")
    for m in moves:
        info = mv.check_move(state, seat, m)
        emit(ctx, "vic.moved", {"side": seat, "path": _public_path(info)}, {seat: info})


def _public_path(info: dict[str, Any]) -> list[str]:
    """VIC-FOG-03: the opponent sees the path, not the block or the kind of move."""
    path: list[str] = info["path"]
    return [path[0], path[-1]] if info["mode"] == "para" else list(path)


def end_move(ctx: Any, order: dict[str, Any]) -> None:
    """VIC-MOVE-03: the whole set is checked for stacking; then the battles are known (VIC-CMB-01)."""
    state, seat = ctx.state, ctx.seat
    problem = mv.stacking_problem(state, seat)
    if problem:
        raise IllegalOrder(problem[0], problem[1], {"hex": problem[2], "klass": _klass(problem[0])})
    for b in state["blocks"].values():
        if b["side"] == seat and cls(b) == "air" and b.get("sortie") and not enemy_in(state, b["hex"], seat):
            raise IllegalOrder("VIC-AIR-04", "An air block ended at {hex}, which is neither a battle nor a base.",
                               {"hex": b["hex"]})
    restart = order.get("restart", [])
    if not isinstance(restart, list):
        raise InvalidOrder("VIC-NAV-14", "restart is a list of hexes.")
    battles = mv.battle_hexes(state, seat, [h for h in restart if isinstance(h, str)])
    emit(ctx, "vic.movement_ended", {"side": seat, "battles": battles})


def _klass(rule: str) -> str:
    return {"VIC-MOVE-04": "army", "VIC-NAV-04": "naval", "VIC-AIR-02": "air"}.get(rule, "")


def cover_candidates(state: State, seat: str) -> dict[str, list[str]]:
    """Air blocks that may fly cover, each with the battles in reach (VIC-AIR-08 to VIC-AIR-12)."""
    out: dict[str, list[str]] = {}
    battles = state["battles"]
    for b in sorted(state["blocks"].values(), key=lambda x: x["id"]):
        if b["side"] != seat or cls(b) != "air" or b["hex"] in battles:  # VIC-AIR-10
            continue
        if b.get("carrier") and not mv.carrier_ok(state, state["blocks"][b["carrier"]], seat):  # VIC-AIR-12
            continue
        reach = [h for h in battles if distance(b["hex"], h) <= COVER_RANGE]
        if reach:
            out[b["id"]] = reach
    return out


def air_cover(ctx: Any, order: dict[str, Any]) -> None:
    """The defender's air cover (VIC-AIR-08): always asked when a battle was started (VIC-FOG-09)."""
    state, seat = ctx.state, ctx.seat
    sends = order.get("blocks", {})
    if not isinstance(sends, dict):
        raise InvalidOrder("VIC-AIR-08", "blocks maps air block ids to battle hexes.")
    options = cover_candidates(state, seat)
    added: dict[str, int] = {}
    for bid, h in sends.items():
        b = state["blocks"].get(bid)
        if b is None or b["side"] != seat:
            raise InvalidOrder("VIC-AIR-08", "You have no block {block}.", {"block": str(bid)[:40]})
        if h not in state["battles"]:
            raise IllegalOrder("VIC-AIR-09", "Air cover only joins a battle the attacker started; there is none at "
                               "{hex}.", {"hex": str(h)[:8]})
        if cls(b) != "air":
            raise IllegalOrder("VIC-SEQ-05", "Only air blocks fly cover ({hex}).", {"hex": h})
        if b["hex"] in state["battles"]:
            raise IllegalOrder("VIC-AIR-10", "An air block whose base {hex} is under attack must fight there.",
                               {"hex": b["hex"]})
        if b.get("carrier") and bid not in options:
            raise IllegalOrder("VIC-AIR-12", "Aircraft cannot launch from that carrier now ({hex}).", {"hex": h})
        if h not in options.get(bid, []):
            raise IllegalOrder("VIC-AIR-08", "{hex} is more than 2 hexes from this air block's base.", {"hex": h})
        added[h] = added.get(h, 0) + 1
        present = sum(1 for x in state["blocks"].values() if x["hex"] == h and x["side"] == seat
                      and cls(x) == "air")
        if present + added[h] > AIR_STACK:
            raise IllegalOrder("VIC-AIR-08", "At most 2 of your air blocks may be in the battle at {hex}.",
                               {"hex": h})
    # VIC-FOG-04: air cover blocks are revealed when they join, not when their battle starts
    public = [{"path": [state["blocks"][bid]["hex"], h], "type": state["blocks"][bid]["type"],
               "steps": state["blocks"][bid]["steps"]} for bid, h in sorted(sends.items())]
    emit(ctx, "vic.air_cover", {"side": seat, "moves": public}, {seat: dict(sorted(sends.items()))})
    if len(state["battles"]) == 1:
        bt.start_battle(ctx, state["battles"][0])


def end_turn(ctx: Any, order: dict[str, Any]) -> None:
    """End of player-turn: beachheads, control, blockades, supply and attrition of the non-phasing side."""
    state, seat = ctx.state, ctx.seat
    board = board_of(state)
    designate = order.get("beachheads", [])
    cancel = order.get("cancel", [])
    if not isinstance(designate, list) or not isinstance(cancel, list):
        raise InvalidOrder("VIC-UNIT-MA-07", "beachheads and cancel are lists of hexes.")
    beaches = state.get("beachheads", {})
    new: dict[str, str] = {}
    for h in designate:
        if h in beaches or h in new:
            raise IllegalOrder("VIC-UNIT-MA-07", "{hex} already holds a beachhead.", {"hex": str(h)[:8]})
        marines = [b for b in state["blocks"].values() if b["hex"] == h and b["side"] == seat
                   and b["type"] == "MA" and not b.get("sea")]
        if not marines or h not in board.coastal or board.terrain(h) not in ("clear", "desert"):
            raise IllegalOrder("VIC-UNIT-MA-07", "A beachhead needs your marines in a coastal clear or desert hex; "
                               "{hex} has none.", {"hex": str(h)[:8]})
        new[h] = sorted(marines, key=lambda b: b["id"])[0]["id"]
    for h in cancel:
        if h not in beaches or state["blocks"].get(beaches[h], {}).get("side") != seat:
            raise IllegalOrder("VIC-UNIT-MA-10", "You have no beachhead at {hex} to cancel.", {"hex": str(h)[:8]})
    reveal = [{"hex": h, "type": "MA", "steps": state["blocks"][bid]["steps"]} for h, bid in new.items()]
    emit(ctx, "vic.beachheads", {"side": seat, "designated": reveal, "cancelled": list(cancel)},
         {seat: {"designated": new}})
    finish_player_turn(ctx)


def finish_player_turn(ctx: Any) -> None:
    state = ctx.state
    seat = state["active"]
    control = compute_control(state)  # VIC-CTRL-04
    emit(ctx, "vic.control", {"control": control})
    foe = other(seat)
    results = attrition(state, foe)  # VIC-SUP-10, AMB-V-18
    eliminated = [{"hex": state["blocks"][r["block"]]["hex"], "type": state["blocks"][r["block"]]["type"]}
                  for r in results if r["loss"] and state["blocks"][str(r["block"])]["steps"] == 1]
    emit(ctx, "vic.attrition", {"side": foe, "eliminated": eliminated}, {foe: results})
    if state["pt"] == 0:
        emit(ctx, "vic.player_turn", {"turn": state["turn"], "pt": 1, "active": state["order"][1]})
        return
    result = victory.check(state)  # VIC-SEQ-01, VIC-VIC-01
    emit(ctx, "vic.victory_check", {"turn": state["turn"], "result": result})
    if result is None:
        emit(ctx, "vic.production_started", {"turn": state["turn"],
                                             "pp": {s: prod.unused(state, s) for s in SIDES}})


def produce(ctx: Any, order: dict[str, Any]) -> None:
    """VIC-SEQ-07: a sealed production order; both are applied together when the second arrives."""
    state, seat = ctx.state, ctx.seat
    if state["sealed"].get(seat) is not None:
        raise IllegalOrder("VIC-SEQ-07", "You have already sent your production orders.")
    builds = prod.check_production(state, seat, order)
    emit(ctx, "vic.production_sealed", {"side": seat}, {seat: builds})
    if any(state["sealed"].get(s) is None for s in SIDES):
        return
    new_public = []
    secret: dict[str, Any] = {}
    for side in SIDES:
        items = state["sealed"][side]
        n = state["next_id"][side]
        ids = []
        for item in items:
            if "new" in item:
                ids.append(prod.block_id(side, n))
                n += 1
                new_public.append({"side": side, "hex": item["city"]})  # VIC-FOG-07
        secret[side] = {"builds": items, "ids": ids}
    emit(ctx, "vic.production_revealed", {"turn": state["turn"], "new_blocks": new_public}, secret)
    start_game_turn(ctx)


def unit_names() -> dict[str, str]:
    return {c: u.name for c, u in UNITS.items()}
