"""Combat test kit for Anniversary: small positions in Germany's combat move, moved on to combat.

The ruleset is the registered ``anniversary`` one when it exists; until then a stand-in built
from the family's ``AARuleset`` with the Anniversary data and its combat hooks.
"""

from __future__ import annotations

from typing import Any

from pbem.engine import Game, ScriptedDice, load_ruleset
from pbem.games.aa.anniversary.combat_hooks import COMBAT, MODULES
from pbem.games.aa.anniversary.data import anniversary
from pbem.games.aa.edition import FAMILY_MODULES, Edition
from pbem.games.aa.editions.aa1941 import OPTIONS, PHASE_LABELS, PHASES
from pbem.games.aa.mapgraph import MapGraph
from pbem.games.aa.ruleset import AARuleset
from pbem.games.aa.state import State, build_state
from tests.games.aa.battle_helpers import dice_events as rolls
from tests.games.aa.battle_helpers import events, ids, types_in, unit

__all__ = ["KARELIA", "RS", "SZ5", "att", "combat", "events", "ids", "replays_equal", "rolls", "types_in", "unit"]


class StandIn(AARuleset):
    """The family's ruleset on the Anniversary 1941 data (no research/objective phases)."""

    def __init__(self) -> None:  # noqa: D107 - no data folder to load: the data is given
        self.edition = Edition(key="anniversary", title="Anniversary (combat stand-in)", folder="anniversary",
                               rule_prefix="AAE", phases=PHASES, phase_labels=PHASE_LABELS, options=OPTIONS,
                               combat=COMBAT, modules=FAMILY_MODULES + MODULES)
        self.key, self.title = self.edition.key, self.edition.title
        self.data = anniversary("1941")
        self.map = MapGraph(self.data)
        self.sides = {p.id: p.side for p in self.data.powers}
        self.capitals = {p.id: p.capital for p in self.data.powers}
        self.power_names = {p.id: p.name for p in self.data.powers}
        self._position_validator = None
        self._load_modules()

    def position_to_state(self, position: dict[str, Any], options: dict[str, Any]) -> State:
        state = build_state(self, position, options)
        state["complexes"] = dict(position.get("complexes", self.data.setup()["complexes"]))
        state["research"] = dict(position.get("research", {}))
        return state


def _ruleset() -> AARuleset:
    try:
        rs = load_ruleset("anniversary")
    except (KeyError, ValueError):
        return StandIn()
    assert isinstance(rs, AARuleset)
    return rs


RS = _ruleset()
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
