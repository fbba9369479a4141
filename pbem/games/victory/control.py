"""Control of hexes (VIC-CTRL-*), settled at the end of each player-turn (VIC-CTRL-04)."""

from __future__ import annotations

from pbem.games.victory.state import Block, State, blocks_at, board_of, cls


def _controls(b: Block, hex_is_base: bool, naval_hex: bool) -> bool:
    """Can this block alone control its hex (VIC-CTRL-03)?"""
    c = cls(b)
    if c == "army":
        if b.get("sea"):
            return naval_hex  # convoys and afloat marines hold water like naval blocks (VIC-STRAT-11)
        return not b.get("airborne")
    if c == "air":
        return hex_is_base and not b.get("carrier")
    return naval_hex


def _holds_in_blockade(b: Block) -> bool:
    """In a shared hex, armies on land or based air keep control (VIC-CTRL-07)."""
    c = cls(b)
    return (c == "army" and not b.get("sea") and not b.get("airborne")) or (c == "air" and not b.get("carrier"))


def compute_control(state: State) -> dict[str, str]:
    """The control map: hex -> side, for every hex not neutral (VIC-CTRL-01, -02, -05, -06, -07)."""
    board = board_of(state)
    previous = state.get("control", {})
    occupied: dict[str, list[Block]] = {}
    for b in state["blocks"].values():
        occupied.setdefault(b["hex"], []).append(b)
    out: dict[str, str] = {}
    for h in board.hexes:
        blocks = occupied.get(h, [])
        sides = {b["side"] for b in blocks}
        owner: str | None = None
        if len(sides) == 1:
            side = next(iter(sides))
            if any(_controls(b, board.is_base(h), board.naval_hex(h)) for b in blocks):
                owner = side
            elif board.is_base(h):
                owner = board.owner_of(h)
        elif len(sides) == 2:
            holders = {b["side"] for b in blocks if _holds_in_blockade(b)}
            owner = next(iter(holders)) if len(holders) == 1 else previous.get(h)
        elif board.is_base(h):
            owner = board.owner_of(h)  # a vacant city or town returns to its sheet's owner
        if owner is not None:
            out[h] = owner
    return out


def update_control(state: State) -> list[str]:
    """Settle control; return the hexes whose control changed (used by rebasing, VIC-AIR-05)."""
    new = compute_control(state)
    old = state.get("control", {})
    changed = sorted(h for h in set(old) | set(new) if old.get(h) != new.get(h))
    state["control"] = new
    return changed


def garrisoned(state: State, hex_: str, side: str) -> bool:
    return bool(blocks_at(state, hex_, side))
