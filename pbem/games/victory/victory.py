"""Victory conditions read from the scenario (VIC-VIC-*)."""

from __future__ import annotations

from typing import Any

from pbem.games.victory.state import SIDES, State, board_of, other

DEFAULT_SUDDEN_DEATH = {"kind": "all_enemy_cities"}  # VIC-VIC-06
DEFAULT_TURNS = 10  # VIC-VIC-06


def controlled_pp(state: State, side: str, enemy_only: bool = False) -> int:
    """PP of the cities ``side`` controls (towns never count, VIC-VIC-03)."""
    board = board_of(state)
    return sum(c["pp"] for h, c in board.cities.items() if state["control"].get(h) == side
               and (not enemy_only or board.owner_of(h) == other(side)))


def holds(state: State, side: str, cond: dict[str, Any]) -> bool:
    """Does ``side`` meet the condition (VIC-VIC-05)?"""
    board = board_of(state)
    if "any" in cond:
        return any(holds(state, side, c) for c in cond["any"])
    if "all" in cond:
        return all(holds(state, side, c) for c in cond["all"])
    kind = cond["kind"]
    if kind == "cities":
        return all(state["control"].get(h) == side for h in cond["cities"])
    if kind == "pp_total":
        return controlled_pp(state, side) >= int(cond["at_least"])
    if kind == "enemy_pp":
        return controlled_pp(state, side, enemy_only=True) >= int(cond["at_least"])
    if kind == "no_enemy_blocks":
        return not any(b["side"] == other(side) for b in state["blocks"].values())
    if kind == "all_enemy_cities":
        enemy = [h for h in board.cities if board.owner_of(h) == other(side)]
        return bool(enemy) and all(state["control"].get(h) == side for h in enemy)
    return False


def check(state: State) -> dict[str, Any] | None:
    """The victory check after both player-turns (VIC-VIC-01, VIC-VIC-04): a result or None."""
    vic = state["scenario"].get("victory", {})
    sudden = vic.get("sudden_death", DEFAULT_SUDDEN_DEATH)
    winners = [s for s in SIDES if holds(state, s, sudden)]
    if len(winners) == 1:
        return {"winner": winners[0], "reason": "sudden_death", "turn": state["turn"]}
    if len(winners) == 2:
        return {"winner": None, "draw": True, "reason": "both_sudden_death", "turn": state["turn"]}
    if state["turn"] >= vic.get("turns", DEFAULT_TURNS):
        pp = {s: controlled_pp(state, s) for s in SIDES}
        if vic.get("at_end", "compare_pp") == "compare_pp" and pp["blue"] != pp["red"]:
            return {"winner": max(SIDES, key=lambda s: pp[s]), "reason": "turn_limit", "pp": pp,
                    "turn": state["turn"]}
        return {"winner": None, "draw": True, "reason": "turn_limit", "pp": pp, "turn": state["turn"]}
    return None
