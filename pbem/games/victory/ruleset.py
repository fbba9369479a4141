"""``VictoryRuleset``: VICTORY: The Blocks of War on the engine contract (docs/victory.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder, ReplayError, Ruleset
from pbem.games.victory import combat_orders as co
from pbem.games.victory import legal, redact, sequence
from pbem.games.victory.evolve import EVOLVERS
from pbem.games.victory.scenario import RULES_VERSIONS, SCENARIOS, check_scenario, load_builtin
from pbem.games.victory.setup import build_state
from pbem.games.victory.state import State

ORDERS: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "deploy": sequence.deploy, "move": sequence.move, "end_move": sequence.end_move,
    "air_cover": sequence.air_cover, "choose_battle": co.choose_battle, "act": co.act,
    "take_hit": co.take_hit, "retreat_all": co.retreat_all, "rebase": co.rebase,
    "end_turn": sequence.end_turn, "produce": sequence.produce,
}
SEATS = {"blue": "Blue", "red": "Red"}


class VictoryRuleset(Ruleset):
    key = "victory"
    title = "VICTORY: The Blocks of War"
    family = "vic."
    version = "1"
    dice_period = "game"  # hidden information: seeds are revealed only when the game ends
    multi_seat = "none"
    reveal_at_end = True  # the whole log is shown to both players once the game has a result
    #: Every order type and its fields (``Ruleset.order_schema``): any other field is refused
    #: (ENGINE-ORDER-3); the values are checked by the rules, with their own rule ids.
    order_fields = {
        "deploy": {"placements": {}}, "move": {"moves": {}}, "end_move": {"restart": {}},
        "air_cover": {"blocks": {}}, "choose_battle": {"hex": {}},
        "act": {"block": {}, "action": {}, "target": {}, "to": {}}, "take_hit": {"block": {}},
        "retreat_all": {"moves": {}, "blockade": {}}, "rebase": {"moves": {}},
        "end_turn": {"beachheads": {}, "cancel": {}}, "produce": {"builds": {}},
    }

    def options_schema(self) -> list[dict[str, Any]]:
        return [
            {"name": "scenario", "label": "Scenario", "type": "choice", "default": "river_line",
             "choices": [{"value": s, "label": load_builtin(s)["name"]} for s in SCENARIOS]},
            {"name": "rules_version", "label": "Rules edition", "type": "choice", "default": "1999-it",
             "choices": [{"value": k, "label": v} for k, v in RULES_VERSIONS.items()]},
            {"name": "pursuit", "label": "Optional rule: pursuit (4 combat rounds, VIC-OPT-01)", "type": "bool",
             "default": False},
            {"name": "scenario_file", "label": "Your own scenario file (JSON; replaces the scenario above)",
             "type": "json", "default": None},
        ]

    def normalise_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options, with an uploaded scenario checked by :func:`check_scenario` (its first
        problem refused with its rule ID, e.g. VIC-SETUP-02)."""
        opts = super().normalise_options(options)
        if opts.get("scenario_file") is not None:
            check_scenario(opts["scenario_file"])
        return opts

    def seats(self, options: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"id": s, "name": n, "side": s} for s, n in SEATS.items()]

    def initial_position(self, options: dict[str, Any]) -> dict[str, Any]:
        uploaded = options.get("scenario_file")
        return {"scenario": uploaded if uploaded is not None else load_builtin(options.get("scenario", "river_line")),
                "rules_version": options.get("rules_version", "1999-it")}

    def position_to_state(self, position: dict[str, Any], options: dict[str, Any]) -> State:
        return build_state(position, options)

    def owed(self, state: State) -> list[dict[str, Any]]:
        return legal.owed(state)

    def decide(self, ctx: Any, order: dict[str, Any]) -> None:
        kinds = {o["kind"] for o in legal.owed(ctx.state) if o["seat"] == ctx.seat}
        handler = ORDERS.get(order["type"])
        if handler is None:
            raise InvalidOrder("VIC-SEQ-04", "Unknown order type {type}.", {"type": str(order["type"])[:30]})
        if not any(order["type"] in legal.KIND_ORDERS.get(k, ()) for k in kinds):
            if order["type"] in ("move", "end_move", "air_cover") and ctx.state["phase"] == "combat":
                raise IllegalOrder("VIC-SEQ-06", "Every move, air cover included, is finished before combat; no "
                                   "{type} now.", {"type": order["type"]})
            raise InvalidOrder("VIC-SEQ-04", "A {type} order is not what is owed now ({owed}).",
                               {"type": order["type"], "owed": ", ".join(sorted(kinds))})
        handler(ctx, order)

    def evolve(self, state: State, event: dict[str, Any]) -> None:
        fn = EVOLVERS.get(event["type"])
        if fn is None:
            raise ReplayError(f"unknown VICTORY event type {event['type']!r} at seq {event['seq']}")
        fn(state, event)

    def result(self, state: State) -> dict[str, Any] | None:
        result: dict[str, Any] | None = state.get("result")
        return result

    def view(self, state: State, seat: str | None) -> State:
        return redact.view(state, seat)

    def event_view(self, event: dict[str, Any], seat: str | None) -> dict[str, Any] | None:
        return redact.event_view(event, seat)

    def vocabulary(self, kind: str, key: str) -> str:
        """A block type's English name ("IN" -> "infantry"): refusals pass the code as ``unit``."""
        from pbem.games.victory.units import UNITS

        if kind == "unit" and key in UNITS:
            return UNITS[key].name
        return key

    def legal_options(self, state: State, seat: str) -> dict[str, Any]:
        return legal.legal_options(state, seat)

    def default_order(self, state: State, seat: str) -> dict[str, Any] | None:
        return legal.default_order(state, seat)

    def undo_scope(self, state: State) -> Any:
        battle = state.get("battle") or {}
        return [state["turn"], state["pt"], state["phase"], battle.get("hex"), battle.get("round"),
                battle.get("stage")]

    def dice_period_key(self, state: State) -> Any:
        return state["turn"]


def victory() -> VictoryRuleset:
    return VictoryRuleset()
