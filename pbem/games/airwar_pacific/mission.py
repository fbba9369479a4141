"""Attack and Intercept phases: the secret mission hand and the defender's intercept hand.

Capacity and eligibility: AWP-ATK-01..12, AWP-INT-01..12, AWP-CARRIER-01/02/05/06, AWP-BASE-09,
AWP-SPECIAL-PATROL, AWP-SPECIAL-REUSE. Each aircraft takes a slot of a specific base; it lands
back on that base after the stage (AMB-A-07), so the slot is never freed (AWP-INT-08).
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.airwar_pacific.cards import ability, carrier_capable, val
from pbem.games.airwar_pacific.state import (
    State,
    available_aircraft,
    base_entry,
    bases,
    card,
    free,
    other,
    owner,
)


def _id_list(order: dict[str, Any], field: str) -> list[str]:
    value = order.get(field)
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise InvalidOrder("AWP-ORDER-01", "'{field}' must be a list of card ids.", {"field": field})
    if len(set(value)) != len(value):
        raise InvalidOrder("AWP-ORDER-01", "A card is named twice in '{field}'.", {"field": field})
    return value


def launch_kind(state: State) -> str:
    """The kind of base the attacker launches from in this stage (AWP-ATK-04, AWP-ATK-07)."""
    return "airbase" if state["stage"] == "airbase" else "carrier"


def attack_capacity(state: State, seat: str) -> int:
    """Free slots the attacker may fill now (0: the stage is passed without a prompt, AWP-BASE-09)."""
    return sum(max(0, free(state, b)) for b in bases(state, seat, launch_kind(state)))


def targets(state: State, seat: str) -> list[dict[str, Any]]:
    """What the attacker may announce (AWP-ATK-02): Resources, or one mobilized enemy base."""
    out: list[dict[str, Any]] = [{"kind": "resources"}]
    out += [{"kind": card(state, b["id"])["kind"], "base": b["id"]} for b in bases(state, other(seat))]
    return out


def _assign(state: State, seat: str, cards: list[str], kind: str, given: dict[str, str], rule: str,
            busy: dict[str, int] | None = None) -> dict[str, str]:
    """Each card's launching base: the one given, else the first base of ``kind`` with room."""
    used: dict[str, int] = dict(busy or {})
    out: dict[str, str] = {}
    own = {b["id"]: b for b in bases(state, seat, kind)}
    for iid in cards:
        chosen = given.get(iid)
        if chosen is not None:
            if chosen not in own:
                raise IllegalOrder(rule, "{card} cannot take off from {base}: it is not one of your mobilized "
                                   "{kind} cards.", {"card": state["cards"][iid], "base": chosen, "kind": kind})
        else:
            chosen = next((b for b in own if free(state, own[b]) - used.get(b, 0) > 0), None)
            if chosen is None:
                raise IllegalOrder(rule, "There is no free {kind} slot left for {card}.",
                                   {"card": state["cards"][iid], "kind": kind})
        used[chosen] = used.get(chosen, 0) + 1
        if used[chosen] > free(state, own[chosen]):
            raise IllegalOrder(rule, "{base} has {free} free slots; more aircraft cannot take off from it.",
                               {"base": state["cards"][chosen], "free": max(0, free(state, own[chosen]))})
        out[iid] = chosen
    return out


def check_attack(state: State, seat: str, order: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Validate an ``attack`` order; return the target and each mission card's launching base."""
    target = order.get("target")
    if not isinstance(target, dict) or target.get("kind") not in ("resources", "base"):
        raise InvalidOrder("AWP-ATK-02", "The target is {{'kind': 'resources'}} or {{'kind': 'base', 'base': id}}.")
    if target["kind"] == "base":
        base = base_entry(state, str(target.get("base"))) if isinstance(target.get("base"), str) else None
        if base is None or owner(base["id"]) != other(seat):
            raise IllegalOrder("AWP-ATK-02", "The target must be one of your opponent's mobilized Airbases or "
                               "Carriers.")
        target = {"kind": card(state, base["id"])["kind"], "base": base["id"]}
    mission = _id_list(order, "mission")
    if not mission:
        raise IllegalOrder("AWP-ATK-10", "A mission holds at least 1 aircraft; to attack with none, pass.")
    kind = launch_kind(state)
    if kind == "carrier" and not bases(state, seat, "carrier"):
        raise IllegalOrder("AWP-CARRIER-01", "You need a mobilized Carrier to attack in the Carrier stage.")
    ready = set(available_aircraft(state, seat))
    for iid in mission:
        if iid not in state["cards"] or owner(iid) != seat:
            raise InvalidOrder("AWP-ORDER-02", "You have no card {card}.", {"card": iid})
        if card(state, iid)["kind"] not in ("aircraft", "elite"):
            raise IllegalOrder("AWP-ATK-03", "Only Aircraft and Elite Aircraft fly missions; {card} is not one.",
                               {"card": state["cards"][iid]})
        if iid not in ready:
            rule = "AWP-ATK-06" if state["stage"] == "carrier" else "AWP-CARD-AIRCRAFT-02"
            raise IllegalOrder(rule, "{card} is not in your hand: it has already flown this turn.",
                               {"card": state["cards"][iid]})
        if kind == "carrier" and not carrier_capable(card(state, iid)):
            raise IllegalOrder("AWP-ATK-05", "{card} is land-based; only carrier-capable aircraft fly in the "
                               "Carrier stage.", {"card": state["cards"][iid]})
    if len(mission) > attack_capacity(state, seat):
        rule = "AWP-ATK-04" if kind == "airbase" else "AWP-ATK-05"
        raise IllegalOrder(rule, "The mission has {count} aircraft; your {kind} cards have room for {capacity}.",
                           {"count": len(mission), "kind": kind, "capacity": attack_capacity(state, seat)})
    given = order.get("launch") or {}
    if not isinstance(given, dict):
        raise InvalidOrder("AWP-ORDER-01", "'launch' maps card ids to base ids.")
    rule = "AWP-ATK-04" if kind == "airbase" else "AWP-ATK-08"
    return target, _assign(state, seat, mission, kind, given, rule)


# -- Intercept --------------------------------------------------------------------------


def slot_kinds(state: State, iid: str | None = None) -> list[str]:
    """The base kinds whose slots the defender may use now (AWP-INT-05, AWP-INT-06, AWP-SPECIAL-PATROL)."""
    atk = state["attack"]
    target = atk["target"]["kind"]
    if atk["stage"] == "airbase":
        kinds = ["airbase", "carrier"] if target == "carrier" else ["airbase"]
    else:
        kinds = ["carrier", "airbase"] if target == "airbase" else ["carrier"]
        if iid is not None and "airbase" not in kinds and ability(card(state, iid), "PATROL"):
            kinds.append("airbase")
    return kinds


def intercept_capacity(state: State) -> int:
    defender = state["attack"]["defender"]
    kinds = set(slot_kinds(state)) | ({"airbase"} if state["attack"]["stage"] == "carrier" else set())
    return sum(max(0, free(state, b)) for k in kinds for b in bases(state, defender, k))


def check_intercept(state: State, seat: str, order: dict[str, Any]) -> dict[str, str]:
    """Validate an ``intercept`` order; return each card's base."""
    entries = order.get("cards")
    if not isinstance(entries, list) or not all(isinstance(e, dict) and isinstance(e.get("card"), str)
                                                for e in entries):
        raise InvalidOrder("AWP-ORDER-01", "'cards' is a list of {{'card': id, 'slot': 'airbase'|'carrier'}}.")
    ids = [e["card"] for e in entries]
    if len(set(ids)) != len(ids):
        raise InvalidOrder("AWP-ORDER-01", "A card is named twice in 'cards'.")
    ready = set(available_aircraft(state, seat))
    busy: dict[str, int] = {}
    out: dict[str, str] = {}
    for e in entries:
        iid = e["card"]
        if iid not in state["cards"] or owner(iid) != seat:
            raise InvalidOrder("AWP-ORDER-02", "You have no card {card}.", {"card": iid})
        c = card(state, iid)
        if c["kind"] not in ("aircraft", "elite"):
            raise IllegalOrder("AWP-CARD-AIRCRAFT-01", "{card} is not an aircraft.", {"card": c["id"]})
        if iid not in ready:
            raise IllegalOrder("AWP-INT-03", "{card} is landed: it flew earlier and cannot intercept now.",
                               {"card": c["id"]})
        if val(c, "air_to_air") < 1:
            raise IllegalOrder("AWP-INT-02", "{card} has Air to Air 0: it cannot intercept.", {"card": c["id"]})
        slot = e.get("slot") or ("carrier" if state["attack"]["stage"] == "carrier" else "airbase")
        if slot not in slot_kinds(state, iid):
            rule = "AWP-INT-06" if state["attack"]["stage"] == "carrier" else "AWP-INT-05"
            raise IllegalOrder(rule, "{card} cannot take a {slot} slot against this attack.",
                               {"card": c["id"], "slot": slot})
        if slot == "carrier" and not carrier_capable(c):
            raise IllegalOrder("AWP-INT-07", "{card} is land-based: it cannot take a Carrier slot.", {"card": c["id"]})
        given = {iid: e["base"]} if isinstance(e.get("base"), str) else {}
        chosen = _assign(state, seat, [iid], slot, given, "AWP-INT-04", busy)[iid]
        busy[chosen] = busy.get(chosen, 0) + 1
        out[iid] = chosen
    return out
