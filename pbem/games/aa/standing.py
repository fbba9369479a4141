"""Standing orders: how a seat's battle decisions are taken when its player is not online.

Order (any time, by any seat, for its own power; never undone)::

    {"type": "standing", "loss_order": [unit types, first lost first],
     "keep_last": [unit types, the first named kept longest], "submerge": true|false,
     "damage_battleships_first": true|false, "auto_casualties": true|false}

An edition may add its own keys (``CombatRules.standing``: key -> allowed values, the first the
default), e.g. the defender's scrambles and kamikaze attacks of Global 1940, and keys with a
structured value (``Edition.standing_keys``: Global 1940's canal permissions and France's
liberation units, ``global1940/preferences.py``). Omitted keys keep their current value.
Event ``aa.standing`` ``{"power", "orders"}``.
Casualties the defender owes are chosen from these orders unless the game option
``ask_defender`` is set (then they are the deadline default); ``submerge`` says whether the
power's defending submarines submerge when allowed (AA41-CMB-11/12). Standing orders are
hidden information: other seats see neither the orders nor the events (:func:`redact_standing`).
``auto_casualties``: as attacker, let these orders choose the power's own casualties too instead
of being asked each time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import combat_rules
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

STANDING = "aa.standing"
DEFAULTS: dict[str, Any] = {"loss_order": [], "keep_last": [], "submerge": False, "damage_battleships_first": True,
                            "auto_casualties": False}


def prefs(state: State, power: str, rs: AARuleset | None = None) -> dict[str, Any]:
    """A power's standing orders with defaults filled in (the edition's own keys too with ``rs``)."""
    extra = {k: v[0] for k, v in combat_rules.rules(rs).standing.items()} if rs is not None else {}
    if rs is not None:
        for key, spec in rs.edition.standing_keys.items():
            default = spec.default(rs, power)
            if default is not None:
                extra[key] = default
    return {**DEFAULTS, **extra, **state["standing"].get(power, {})}


def _types(rs: AARuleset, order: dict[str, Any], key: str) -> list[str] | None:
    if key not in order:
        return None
    value = order[key]
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise InvalidOrder("AA41-CMB-33", "'{key}' is a list of unit types.", {"key": key})
    unknown = [t for t in value if t not in rs.data.units]
    if unknown:
        raise InvalidOrder("AA41-CMB-33", "Unknown unit type '{unit}' in '{key}'.", {"unit": unknown[0], "key": key})
    if len(set(value)) != len(value):
        raise InvalidOrder("AA41-CMB-33", "A unit type appears twice in '{key}'.", {"key": key})
    return list(value)


def standing_order(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    """``{"type": "standing", ...}``: replace the seat's standing orders (AA41-CMB-33)."""
    power = ctx.seat
    if power not in rs.sides:
        raise InvalidOrder("AA41-CMB-33", "Only a power's seat keeps standing orders.")
    current = prefs(ctx.state, power, rs)
    new = dict(current)
    for key, allowed in combat_rules.rules(rs).standing.items():
        if key in order:
            if order[key] not in allowed or isinstance(order[key], bool) != isinstance(allowed[0], bool):
                raise InvalidOrder("AA41-CMB-33", "'{key}' is one of {values}.",
                                   {"key": key, "values": ", ".join(str(v) for v in allowed)})
            new[key] = order[key]
    kept = ctx.state["standing"].get(power, {})
    for key, spec in rs.edition.standing_keys.items():  # canal permissions, France's bonus...
        if order.get(key) is not None:
            new[key] = spec.check(rs, ctx.state, power, order[key], current.get(key))
        elif key not in kept:
            new.pop(key, None)  # a default is read by ``prefs``, never written down
    for key in ("loss_order", "keep_last"):
        value = _types(rs, order, key)
        if value is not None:
            new[key] = value
    for key in ("submerge", "damage_battleships_first", "auto_casualties"):
        if key in order:
            if not isinstance(order[key], bool):
                raise InvalidOrder("AA41-CMB-33", "'{key}' is true or false.", {"key": key})
            new[key] = order[key]
    both = set(new["loss_order"]) & set(new["keep_last"])
    if both:
        raise InvalidOrder("AA41-CMB-33", "'{unit}' is both in loss_order and keep_last.", {"unit": sorted(both)[0]})
    ctx.emit(STANDING, {"power": power, "orders": new})


def _evolve_standing(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    orders = {k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
              for k, v in p["orders"].items()}
    state["standing"] = {**state["standing"], p["power"]: orders}


def redact_standing(state: State, seat: str | None) -> None:
    """View redactor: a seat sees only its own standing orders (the copy is shallow)."""
    own = state["standing"].get(seat) if seat else None
    state["standing"] = {seat: own} if own is not None else {}


def redact_standing_event(event: dict[str, Any], seat: str | None) -> dict[str, Any] | None:
    """Event redactor: another seat's standing orders (order and event) show only that they changed."""
    if event.get("seat") == seat:
        return event
    if event["type"] == STANDING:
        return {**event, "payload": {"power": event["payload"]["power"], "hidden": True}}
    if event["type"] == "order" and event["payload"].get("order", {}).get("type") == "standing":
        return {**event, "payload": {"order": {"type": "standing"}, "hidden": True}}
    return event


def _describe(rs: AARuleset, event: dict[str, Any]) -> str:
    return f"{rs.power_names.get(event['payload']['power'], '?')} updates its standing orders"


ORDERS = {"standing": standing_order}
EVOLVERS = {STANDING: _evolve_standing}
DESCRIBERS = {STANDING: _describe}
ANYTIME = ("standing",)
VIEW_REDACTORS = [redact_standing]
EVENT_REDACTORS = [redact_standing_event]
