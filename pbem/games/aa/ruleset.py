"""``AARuleset``: the A&A rules as one :class:`~pbem.engine.Ruleset`, assembled from modules.

Each rules module listed in :data:`MODULES` may expose these tables, merged here:

* ``ORDERS``: order type -> ``handler(rs, ctx, order)`` (validates, then emits events);
* ``EVOLVERS``: event type -> ``evolver(rs, state, event)`` (the only code replay runs);
* ``PHASE_EXIT_CHECKS``: phase -> ``fn(rs, state) -> [(rule_id, message)]`` blocking ``end_phase``;
* ``PHASE_END`` / ``PHASE_START``: phase -> ``fn(rs, ctx)`` emitting events at phase boundaries;
* ``TURN_END``: ``[fn(rs, ctx)]`` run in module order when a power's turn ends (income, victory);
* ``ON_CAPTURE``: ``[fn(rs, ctx, payload)]`` after each ``aa.territory_captured`` of a capture;
* ``ON_MOVE``: ``[fn(rs, ctx, payload, order)]`` after each ``aa.moved`` of a move order (and
  its captures): the edition's consequences of entering a space;
* ``OWED``: ``fn(rs, state) -> [owed] | None``, decisions owed by a non-active seat mid-phase;
* ``ANYTIME``: order types a seat may send at any time (standing orders);
* ``VIEW_REDACTORS``: ``[fn(state_copy, seat)]`` removing what the seat may not see (the copy
  is shallow: replace top-level keys, never mutate nested values);
* ``EVENT_REDACTORS``: ``[fn(event, seat) -> event | None]``;
* ``DEFAULT_ORDERS``: ``[fn(rs, state, seat) -> order | None]`` for the deadline policy;
* ``LEGAL_OPTIONS``: ``[fn(rs, state, seat) -> dict]`` merged into ``legal_options``;
* ``DESCRIBERS``: event type -> ``fn(rs, event) -> str`` for readable logs;
* ``QUERIES``: query name -> ``fn(rs, state, seat, args) -> JSON`` answering ``Ruleset.query``.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pbem.engine import InvalidOrder, ReplayError, RulesError, Ruleset
from pbem.engine.errors import format_message
from pbem.engine.i18n import N_
from pbem.engine.ruleset import Event, OrderContext
from pbem.games.aa.data import ScenarioData, load_scenario
from pbem.games.aa.edition import Edition
from pbem.games.aa.orders import ORDER_FIELDS
from pbem.games.aa.state import State, build_state
from pbem.games.rulesdata import rules_dir

# What the frame reads from the data engineer's modules: ``data.load_scenario(dir)`` returns a
# ScenarioData with ``powers`` (each: id, name, side, capital, ipcs), ``turn_order`` (power ids),
# ``spaces`` {name: Space(kind "land"|"sea", original_owner, neutral, ...)}, ``units``
# {type: UnitType}, ``setups`` {"rulebook": position, "errata": position}; and
# ``mapgraph.MapGraph(data)`` is the precomputed map (``rs.map``).

_PHASE_PROMPT = N_("{power}: {phase}")


class AARuleset(Ruleset):
    family = "aa."
    multi_seat = "side"
    dice_period = "turn"
    has_bids = True

    def __init__(self, edition: Edition, *, data_dir: Path | None = None) -> None:
        self.edition = edition
        self.key = edition.key
        self.title = edition.title
        #: scenario name -> its data (one entry, ``""``, for a one-scenario edition)
        self.scenario_data: dict[str, ScenarioData]
        if edition.load is not None:
            self.scenario_data = {name: edition.load(name) for name in edition.scenarios}
        else:
            folder = data_dir if data_dir is not None else rules_dir(edition.folder)
            self.scenario_data = {"": load_scenario(folder)}
        #: the board, roster and powers (shared by every scenario); the default scenario's data
        self.data = next(iter(self.scenario_data.values()))
        from pbem.games.aa.mapgraph import MapGraph

        self.map = MapGraph(self.data, neutrals_enterable=edition.neutrals_enterable)
        self.sides = {p.id: p.side for p in self.data.powers}
        self.capitals = {p.id: p.capital for p in self.data.powers}
        self.power_names = {p.id: p.name for p in self.data.powers}
        self._position_validator: Any = None
        self._load_modules()

    # -- assembly ------------------------------------------------------------------
    def _load_modules(self) -> None:
        self.orders: dict[str, Callable[..., None]] = {}
        self.evolvers: dict[str, Callable[..., None]] = {}
        self.exit_checks: dict[str, list[Callable[..., Any]]] = {}
        self.phase_end: dict[str, list[Callable[..., None]]] = {}
        self.phase_start: dict[str, list[Callable[..., None]]] = {}
        self.turn_end: list[Callable[..., None]] = []
        self.capture_hooks: list[Callable[..., None]] = []
        self.move_hooks: list[Callable[..., None]] = []
        self.owed_hooks: list[Callable[..., Any]] = []
        self.view_redactors: list[Callable[..., None]] = []
        self.event_redactors: list[Callable[..., Any]] = []
        self.default_orders: list[Callable[..., Any]] = []
        self.legal_option_hooks: list[Callable[..., dict[str, Any]]] = []
        self.describers: dict[str, Callable[..., str]] = {}
        self.query_hooks: dict[str, Callable[..., Any]] = {}
        anytime: set[str] = set()
        for name in self.edition.modules:
            module = importlib.import_module(name)
            self._merge(self.orders, getattr(module, "ORDERS", {}), name)
            self._merge(self.evolvers, getattr(module, "EVOLVERS", {}), name)
            self._merge(self.describers, getattr(module, "DESCRIBERS", {}), name)
            self._merge(self.query_hooks, getattr(module, "QUERIES", {}), name)
            for table, target in (("PHASE_EXIT_CHECKS", self.exit_checks),
                                  ("PHASE_END", self.phase_end), ("PHASE_START", self.phase_start)):
                for phase, fn in getattr(module, table, {}).items():
                    target.setdefault(phase, []).append(fn)
            self.turn_end.extend(getattr(module, "TURN_END", []))
            self.capture_hooks.extend(getattr(module, "ON_CAPTURE", []))
            self.move_hooks.extend(getattr(module, "ON_MOVE", []))
            if hasattr(module, "OWED"):
                self.owed_hooks.append(module.OWED)
            self.view_redactors.extend(getattr(module, "VIEW_REDACTORS", []))
            self.event_redactors.extend(getattr(module, "EVENT_REDACTORS", []))
            self.default_orders.extend(getattr(module, "DEFAULT_ORDERS", []))
            self.legal_option_hooks.extend(getattr(module, "LEGAL_OPTIONS", []))
            anytime.update(getattr(module, "ANYTIME", ()))
        self.anytime_orders = frozenset(anytime)
        # A&A is a game of open information: every order is public but the standing orders
        # (anytime orders), which stay private to their seat.
        self.public_orders = frozenset({"*"})
        self.order_fields = {kind: ORDER_FIELDS.get(kind, {}) for kind in self.orders}
        extra = getattr(self.edition.combat, "standing", {})  # the edition's standing-order keys
        if extra and "standing" in self.order_fields:
            self.order_fields["standing"] = {**self.order_fields["standing"], **{k: {} for k in extra}}
        if self.edition.standing_keys and "standing" in self.order_fields:  # JSON shape checked
            self.order_fields["standing"] = {**self.order_fields["standing"], **{
                k: {"anyOf": [dict(spec.schema), {"type": "null"}]}
                for k, spec in self.edition.standing_keys.items()}}
        self.queries = frozenset(self.query_hooks)

    @staticmethod
    def _merge(target: dict[str, Any], table: dict[str, Any], module: str) -> None:
        for key, fn in table.items():
            if key in target:
                raise ValueError(f"{module} redefines {key!r}")
            target[key] = fn

    # -- set-up --------------------------------------------------------------------
    def scenario(self, options: dict[str, Any]) -> ScenarioData:
        """The data of the game's scenario (its turn order, treasuries and set-up): the board
        and roster are ``self.data``, the same in every scenario."""
        if not self.edition.scenarios:
            return self.data
        name = options.get(self.edition.scenario_option) or self.edition.scenarios[0]
        return self.scenario_data.get(str(name), self.data)

    def turn_order(self, state: State) -> tuple[str, ...]:
        return self.scenario(state["options"]).turn_order

    def options_schema(self) -> list[dict[str, Any]]:
        return copy.deepcopy([dict(option) for option in self.edition.options])

    def seats(self, options: dict[str, Any]) -> list[dict[str, Any]]:
        by_id = {p.id: p for p in self.data.powers}
        order = list(self.scenario(options).turn_order)
        for guest, host in self.edition.hosts.items():  # China is seated after the US
            order.insert(order.index(host) + 1, guest)
        return [{"id": pid, "name": by_id[pid].name, "side": by_id[pid].side} for pid in order]

    def initial_position(self, options: dict[str, Any]) -> dict[str, Any]:
        options = self.normalise_options(options)  # defaults filled; a bad setup name is refused
        data = self.scenario(options)
        position = copy.deepcopy(data.setups[options.get("setup", "rulebook")])
        position.setdefault("round", 1)
        position.setdefault("power", data.turn_order[0])
        position.setdefault("phase", "purchase")
        if self.edition.turn_steps is not None:  # the opening phase may be off (optional research)
            from pbem.games.aa.sequence import next_step

            first = next_step(self, build_state(self, position, options), None)
            if first is not None:
                position["power"], position["phase"] = first
        return position

    def position_to_state(self, position: dict[str, Any], options: dict[str, Any]) -> State:
        from pbem.games.aa.position import validate_position

        validate_position(self, position)
        return build_state(self, position, options)

    def position_schema(self) -> dict[str, Any]:
        from pbem.games.aa.position import position_schema

        return position_schema(self)

    def position_validator(self) -> Any:
        """The compiled validator of :meth:`position_schema` (made once per ruleset)."""
        if self._position_validator is None:
            from pbem.games.aa.position import validator_for

            self._position_validator = validator_for(self)
        return self._position_validator

    # -- play ----------------------------------------------------------------------
    def owed(self, state: State) -> list[dict[str, Any]]:
        if state["result"] is not None:
            return []
        for hook in self.owed_hooks:
            owed: list[dict[str, Any]] | None = hook(self, state)
            if owed:
                return owed
        power, phase = state["power"], state["phase"]
        label = self.edition.phase_labels[phase]
        params = {"power": power, "phase": phase}
        return [{"seat": power, "seat_name": self.power_names[power], "kind": phase, "phase_key": phase,
                 "phase": label, "prompt_key": _PHASE_PROMPT, "prompt_params": params,
                 "prompt": format_message(_PHASE_PROMPT, params, self.vocabulary)}]

    def decide(self, ctx: OrderContext, order: dict[str, Any]) -> None:
        handler = self.orders.get(order["type"])
        if handler is None:
            known = ", ".join(sorted(self.orders))
            raise InvalidOrder("AA41-ORDER-1",
                               "Unknown order type '{type}' (known: {known}).", {"type": order['type'], "known": known})
        try:
            if self.edition.check_order is not None:
                self.edition.check_order(self, ctx.state, ctx.seat, order)
            handler(self, ctx, order)
        except RulesError as err:  # the family's code names rules by their reference (AA41) IDs
            err.rule_id = self.edition.rule_id(err.rule_id)
            raise

    def evolve(self, state: State, event: dict[str, Any]) -> None:
        evolver = self.evolvers.get(event["type"])
        if evolver is None:
            raise ReplayError(f"unknown A&A event type {event['type']!r} at seq {event['seq']}")
        evolver(self, state, event)

    def result(self, state: State) -> dict[str, Any] | None:
        result: dict[str, Any] | None = state["result"]
        return result

    # -- views and helpers -----------------------------------------------------------
    def view(self, state: State, seat: str | None) -> State:
        from pbem.games.aa.queries import add_view_extras

        seen = copy.copy(state)
        for redact in self.view_redactors:
            redact(seen, seat)
        add_view_extras(self, seen, seat)
        return seen

    # -- odds in the record (docs/odds.md) ---------------------------------------------
    battle_events = (frozenset({"aa.battle_opened"}), frozenset({"aa.battle_ended"}))

    def battle_odds(self, view: State, event: Event) -> dict[str, Any] | None:
        from pbem.games.aa.odds.record import battle_odds

        return battle_odds(self.edition.key, self.data.sides, view, event)

    def battle_luck(self, record: dict[str, Any], view: State, event: Event) -> float | None:
        from pbem.games.aa.odds.record import battle_luck

        return battle_luck(record, view, event)

    def query(self, state: State, seat: str, name: str, args: dict[str, Any]) -> Any:
        hook = self.query_hooks.get(name)
        if hook is None:
            return super().query(state, seat, name, args)
        return hook(self, state, seat, args)

    def event_view(self, event: dict[str, Any], seat: str | None) -> dict[str, Any] | None:
        for redact in self.event_redactors:
            event = redact(event, seat)
            if event is None:
                return None
        return event

    def legal_options(self, state: State, seat: str) -> dict[str, Any]:
        options: dict[str, Any] = {"phase": state["phase"], "power": state["power"]}
        for hook in self.legal_option_hooks:
            options.update(hook(self, state, seat))
        return options

    def default_order(self, state: State, seat: str) -> dict[str, Any] | None:
        for hook in self.default_orders:
            order: dict[str, Any] | None = hook(self, state, seat)
            if order is not None:
                return order
        return {"type": "end_phase"} if seat == state["power"] else None

    def vocabulary(self, kind: str, key: str) -> str:
        """English names: unit types, powers, sides and phases (spaces are named by their keys)."""
        if kind == "unit" and key in self.data.units:
            return self.data.units[key].name
        if kind == "power":
            return self.power_names.get(key, key)
        if kind == "side":
            return self.data.side_names.get(key, key)
        if kind == "phase":
            return self.edition.phase_labels.get(key, key)
        return key

    def describe_event(self, event: dict[str, Any]) -> str | None:
        describe = self.describers.get(event["type"])
        return describe(self, event) if describe else None

    def undo_scope(self, state: State) -> Any:
        owing = [o["seat"] for o in self.owed(state)]
        return [state["round"], state["power"], state["phase"], owing]

    def dice_period_key(self, state: State) -> Any:
        return [state["round"], state["power"]]

    def place_bid(self, options: dict[str, Any], *, side: str, ipcs: int, placement: Any,
                  rules: dict[str, Any]) -> dict[str, Any]:
        """A league bid placed on the starting position (:mod:`pbem.games.aa.bids`)."""
        from pbem.games.aa.bids import apply_bid

        position = self.initial_position(self.normalise_options(options))
        return apply_bid(self.data, position, side=side, ipcs=ipcs, placement=placement, rules=rules)
