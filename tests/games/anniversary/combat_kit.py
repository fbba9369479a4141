"""Combat test kit for Anniversary: small positions in Germany's combat move, moved on to combat."""

from __future__ import annotations

from typing import Any

from pbem.engine import Game, ScriptedDice, load_ruleset
from pbem.games.aa.anniversary.data import anniversary
from tests.games.aa.battle_helpers import dice_events as rolls
from tests.games.aa.battle_helpers import events, ids, types_in, unit

__all__ = ["KARELIA", "RS", "SZ5", "att", "combat", "events", "ids", "replays_equal", "rolls", "types_in", "unit"]


RS = load_ruleset("anniversary")
KARELIA, SZ5 = "Karelia S.S.R.", "SZ 5"


def combat(units: dict[str, list[dict[str, Any]]], *, power: str = "germany", dice: list[int] | None = None,
           owners: dict[str, str] | None = None, options: dict[str, Any] | None = None,
           declared: dict[str, Any] | None = None, research: dict[str, list[str]] | None = None,
           complexes: dict[str, int] | None = None, phase: str = "combat_move", end: bool = True) -> Game:
    """A game in ``power``'s combat move with ``units`` placed (then moved on to combat if ``end``)."""
    position: dict[str, Any] = {"round": 1, "power": power, "phase": phase, "owners": owners or {},
                                "units": units, "declared": declared or {}}
    if research:
        position["research"] = {p: {"tokens": 0, "advances": sorted(a)} for p, a in research.items()}
    if complexes is not None:
        position["complexes"] = {**anniversary("1941").setup()["complexes"], **complexes}
    game = RS.from_position(position, dice=ScriptedDice(list(dice or [])), options=options or {})
    if end:
        game.submit(power, {"type": "end_phase"})
        assert game.state["phase"] == "combat"
    return game


def att(type_: str, count: int = 1, owner: str = "germany", came_from: str = "Baltic States",
        **extra: Any) -> dict[str, Any]:
    """An attacking unit entry (moved in combat move)."""
    return {"type": type_, "owner": owner, "count": count, "t_combat": True, "t_moved": 1,
            "t_route_from": came_from, "t_from": came_from, **extra}


def replays_equal(game: Game) -> bool:
    return bool(RS.replay(game.log()).state == game.state)
