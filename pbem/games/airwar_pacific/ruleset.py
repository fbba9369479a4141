"""The Airwar Pacific! ruleset (key ``airwar_pacific``): the engine contract wired to the modules."""

from __future__ import annotations

from typing import Any

from pbem.engine import Ruleset
from pbem.engine.ruleset import OrderContext
from pbem.games import rulesdata
from pbem.games.airwar_pacific import evolve as evolve_mod
from pbem.games.airwar_pacific import orders, prompts, views
from pbem.games.airwar_pacific.state import State, build_state

SEATS = [{"id": "axis", "name": "Axis", "side": "axis"}, {"id": "allies", "name": "Allies", "side": "allies"}]

OPTIONS: list[dict[str, Any]] = [
    {"name": "indestructible_bases", "label": "Lae and Midway cannot be destroyed (AWP-OPT-01)", "type": "bool",
     "default": False},
    {"name": "single_mobilization", "label": "Mobilize at most 1 card per turn (AWP-OPT-02)", "type": "bool",
     "default": False},
    {"name": "copy_limit", "label": "Most copies of one card in a deck, 0 for no limit (AWP-OPT-03)", "type": "int",
     "default": 0, "min": 0, "max": 40},
    {"name": "card_sets", "label": "Card sets allowed in the decks (AWP-DECK-05)", "type": "choice",
     "choices": ["all", "base", "base+1942"], "default": "all"},
    {"name": "first_turn_draw", "label": "No draw on the first turn of (AWP-MOB-01)", "type": "choice",
     "choices": ["each_player", "axis_only"], "default": "each_player"},
    {"name": "round_limit", "label": "Round limit, 0 for none (AWP-WIN-04)", "type": "int", "default": 0,
     "min": 0, "max": 200},
    {"name": "scouted_deals_damage", "label": "'Cannot be attacked once scouted' aircraft still deal damage "
     "(AWP-SPECIAL-SCOUTED)", "type": "bool", "default": False},
    {"name": "card_list", "type": "file", "position_key": "card_list",
     "label": "Card list (JSON, docs/airwar_pacific_cards.md)", "sample_label": "Sample card list (invented values for "
     "trying the game, not the publisher's)"},
    {"name": "decks", "type": "file", "position_key": "decks", "label": "Decks of both sides (JSON)",
     "sample_label": "Sample decks (built from the sample card list)"},
    {"name": "manual_abilities", "label": "Allow abilities the engine does not know; the players adjudicate "
     "them (AWP-DECK-06)", "type": "bool", "default": False},
]


class AirwarPacific(Ruleset):
    key = "airwar_pacific"
    title = "Airwar Pacific!"
    family = "awp."
    dice_period = "game"
    multi_seat = "none"
    #: Every order type and its fields (``Ruleset.order_schema``): any other field is refused
    #: (ENGINE-ORDER-3); the values are checked by the rules, with their own rule ids.
    order_fields = {
        "deal": {}, "mobilize": {"cards": {}}, "attack": {"target": {}, "mission": {}, "launch": {}},
        "pass": {}, "intercept": {"cards": {}}, "engage": {"interceptor": {}, "target": {}},
        "end_combat": {}, "battle": {"card": {}, "on": {}}, "battle_pass": {}, "counter": {"card": {}},
        "counter_pass": {}, "allocate": {"convoy": {}, "parafrag": {}}, "base_loss": {"discard": {}},
        "convoy_discard": {"cards": {}},
    }

    def options_schema(self) -> list[dict[str, Any]]:
        return [dict(o) for o in OPTIONS]

    def seats(self, options: dict[str, Any]) -> list[dict[str, Any]]:
        return [dict(s) for s in SEATS]

    def initial_position(self, options: dict[str, Any]) -> dict[str, Any]:
        """The sample card list and decks (sample values for trying the game, not the publisher's)."""
        return {"card_list": rulesdata.load_json("airwar_pacific", "sample_cards.json"),
                "decks": rulesdata.load_json("airwar_pacific", "sample_decks.json")}

    def position_to_state(self, position: dict[str, Any], options: dict[str, Any]) -> State:
        return build_state(position, options)

    def owed(self, state: State) -> list[dict[str, Any]]:
        return prompts.owed(state)

    def decide(self, ctx: OrderContext, order: dict[str, Any]) -> None:
        orders.decide(ctx, order)

    def evolve(self, state: State, event: dict[str, Any]) -> None:
        evolve_mod.evolve(state, event)

    def result(self, state: State) -> dict[str, Any] | None:
        r: dict[str, Any] | None = state["result"]
        return r

    def view(self, state: State, seat: str | None) -> State:
        return views.view(state, seat)

    def event_view(self, event: dict[str, Any], seat: str | None) -> dict[str, Any] | None:
        return views.event_view(event, seat)

    def legal_options(self, state: State, seat: str) -> dict[str, Any]:
        return prompts.legal_options(state, seat)

    def default_order(self, state: State, seat: str) -> dict[str, Any] | None:
        return prompts.default_order(state, seat)

    def undo_scope(self, state: State) -> Any:
        atk = state["attack"] or {}
        return [state["turn"], state["stage"], state["phase"], atk.get("fights", 0),
                [o["seat"] for o in prompts.owed(state)]]

    def dice_period_key(self, state: State) -> Any:
        return state["turn"]

    def verify_deals(self, log: list[dict[str, Any]]) -> list[str]:
        """Re-deal every shuffle of a finished game's log (see ``verify.py``)."""
        from pbem.games.airwar_pacific.verify import verify_deals

        return verify_deals(log)
