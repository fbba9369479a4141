"""Combat test kit for Global 1940: small positions in a power's combat move, moved on to combat."""

from __future__ import annotations

import copy
from typing import Any

from pbem.engine import Game, ScriptedDice, load_ruleset
from pbem.games.aa.global1940.data import global1940
from tests.games.aa.battle_helpers import dice_events as rolls
from tests.games.aa.battle_helpers import events, ids, types_in, unit

__all__ = ["RS", "att", "combat", "events", "ids", "replays_equal", "rolls", "types_in", "unit"]

RS = load_ruleset("global1940")


def combat(units: dict[str, list[dict[str, Any]]], *, power: str = "usa", dice: list[int] | None = None,
           owners: dict[str, str] | None = None, options: dict[str, Any] | None = None,
           declared: dict[str, Any] | None = None, research: dict[str, list[str]] | None = None,
           installations: dict[str, dict[str, int]] | None = None, wars: list[list[str]] | None = None,
           standing: dict[str, Any] | None = None, position_extra: dict[str, Any] | None = None,
           end: bool = True) -> Game:
    """A game in ``power``'s combat move with ``units`` placed (then moved on to combat if ``end``)."""
    position: dict[str, Any] = {"round": 3, "power": power, "phase": "combat_move", "owners": owners or {},
                                "units": units, "declared": declared or {}, "standing": standing or {}}
    if research:
        position["research"] = {p: {"tokens": 0, "advances": sorted(a)} for p, a in research.items()}
    position["installations"] = installations if installations is not None else copy.deepcopy(
        global1940().setup()["installations"])
    position["wars"] = wars if wars is not None else [
        ["germany", "uk"], ["germany", "france"], ["germany", "usa"], ["italy", "usa"], ["japan", "usa"],
        ["japan", "uk"], ["japan", "anzac"], ["japan", "china"], ["italy", "uk"], ["italy", "france"]]
    position.update(position_extra or {})
    game = RS.from_position(position, dice=ScriptedDice(list(dice or [])), options=options or {})
    if end:
        game.submit(power, {"type": "end_phase"})
        assert game.state["phase"] == "combat"
    return game


def att(type_: str, count: int = 1, owner: str = "usa", came_from: str = "SZ 10", **extra: Any) -> dict[str, Any]:
    """An attacking unit entry (moved in combat move)."""
    return {"type": type_, "owner": owner, "count": count, "t_combat": True, "t_moved": 1,
            "t_route_from": came_from, "t_from": came_from, **extra}


def replays_equal(game: Game) -> bool:
    return bool(RS.replay(game.log()).state == game.state)
