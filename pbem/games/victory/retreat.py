"""Where a block may go when it leaves a battle: retreats (VIC-CMB-24 to VIC-CMB-30) and air rebasing
(VIC-AIR-05, VIC-AIR-15, VIC-UNIT-CV-06)."""

from __future__ import annotations

from pbem.games.victory.hexgrid import distance
from pbem.games.victory.movement import carrier_ok, carrier_room
from pbem.games.victory.state import Block, State, board_of, cls, enemy_in, stack_counts
from pbem.games.victory.units import AIR_STACK, PARA_RANGE, UNITS


def retreat_class(b: Block) -> str:
    """How a block retreats: "air", "naval" (ships, convoys, afloat marines) or "army"."""
    c = cls(b)
    if c == "air" or b.get("airborne"):
        return "air"
    if c == "naval" or b.get("sea"):
        return "naval"
    return "army"


def _fits(state: State, hex_: str, b: Block, klass: str) -> bool:
    board = board_of(state)
    counts = stack_counts(state, hex_, b["side"])
    if klass == "army":
        return counts["army"] + 1 <= board.army_stack(hex_)
    if klass == "naval":
        return counts["naval"] + 1 <= board.naval_stack(hex_)
    return counts["air"] + 1 <= AIR_STACK


def retreat_limit(state: State, battle_hex: str, dest: str, klass: str) -> int:
    board = board_of(state)
    if klass == "naval":
        return 1 if battle_hex in board.coastal or dest in board.coastal else 2
    return board.side(battle_hex, dest).army_limit()


def retreat_hexes(state: State, b: Block) -> list[str]:
    """Adjacent hexes ``b`` may retreat into now (land and sea blocks)."""
    battle = state["battle"]
    board = board_of(state)
    h = battle["hex"]
    klass = retreat_class(b)
    attacking = b["side"] == battle["attacker"]
    out = []
    for n in board.adj[h]:
        side = board.side(h, n)
        if enemy_in(state, n, b["side"]) or n in state["battles"]:  # VIC-CMB-26, VIC-CMB-03
            continue
        if klass == "army":
            amph = b["type"] == "MA" and b.get("moved") == "amphibious" and attacking
            if amph or (b["type"] == "MA" and not attacking and board.is_sea(n)):
                # VIC-CMB-28: landed marines retreat only to sea; defending marines may go to sea
                if not board.is_sea(n) or not side.naval_passable():
                    continue
                if not attacking and any(cls(e) == "naval" for e in state["blocks"].values()
                                         if e["hex"] == h and e["side"] != b["side"]):
                    continue
            else:
                if not board.is_land(n) or not side.army_passable():
                    continue
                entry = battle["entry"]
                if attacking and n not in entry:  # VIC-CMB-27
                    continue
                if not attacking and n in entry:
                    continue
        else:
            if not board.naval_hex(n) or not side.naval_passable() or board.hexes[n].get("canal"):
                continue
        use_key = f"{n}|{retreat_class_key(b, n, state)}"
        limit = retreat_limit(state, h, n, retreat_class_key(b, n, state))
        if battle["retreat_use"].get(use_key, 0) + 1 > limit:  # VIC-CMB-24
            continue
        if not _fits(state, n, b, retreat_class_key(b, n, state)):
            continue
        out.append(n)
    return out


def _air_room(state: State, hex_: str, b: Block) -> bool:
    """Room for one more air block in ``hex_`` (carried air counts, VIC-AIR-02); ``b`` itself excepted."""
    here = sum(1 for x in state["blocks"].values() if x["hex"] == hex_ and x["side"] == b["side"]
               and cls(x) == "air" and x["id"] != b["id"])
    return here + 1 <= AIR_STACK


def retreat_class_key(b: Block, dest: str, state: State) -> str:
    """The class a retreating block counts as at its destination (marines going to sea count as naval)."""
    klass = retreat_class(b)
    if klass == "army" and board_of(state).is_sea(dest):
        return "naval"
    return klass


def air_bases(state: State, b: Block, origin: str, reach: int | None = None,
              captured: list[str] | None = None) -> list[str]:
    """Friendly bases (hexes, or ``"carrier:<id>"``) within ``reach`` of ``origin`` (VIC-AIR-05)."""
    board = board_of(state)
    rng = reach if reach is not None else (PARA_RANGE if b["type"] == "AB" else UNITS[b["type"]].move)
    lost = set(captured if captured is not None else state.get("captured", []))
    out: list[str] = []
    for h in sorted(board.cities.keys() | board.towns.keys()):
        if distance(origin, h) > rng or h in lost or h in state["battles"]:
            continue
        if state["control"].get(h) != b["side"] or enemy_in(state, h, b["side"]):
            continue
        if b["type"] == "AB":
            if stack_counts(state, h, b["side"])["army"] + 1 > board.army_stack(h):
                continue
        elif h != b["hex"] and stack_counts(state, h, b["side"])["air"] + 1 > AIR_STACK:
            continue
        elif h == b["hex"] and stack_counts(state, h, b["side"])["air"] > AIR_STACK:
            continue
        out.append(h)
    if cls(b) == "air":
        for c in sorted(state["blocks"].values(), key=lambda x: x["id"]):
            if c["type"] == "CV" and c["side"] == b["side"] and distance(origin, c["hex"]) <= rng \
                    and carrier_ok(state, c, b["side"]) and carrier_room(state, c, b) \
                    and _air_room(state, c["hex"], b) \
                    and not (c["hex"] != origin and (enemy_in(state, c["hex"], b["side"]) or
                                                     c["hex"] in state["battles"])):
                out.append(f"carrier:{c['id']}")
    return out
