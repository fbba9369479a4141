"""League bids for the A&A family: validate a bid's placement and apply it to the start.

A league pairing is settled by sealed bids (docs/leagues.md): the higher bidder plays the
side they bid for and spends the bid (IPCs) under the league's bid rules before the game
starts. This module is pure: it checks the placement against the *starting position* and
the rules and returns the adjusted position the game is created from.

A placement is ``{"units": [{"power", "territory", "type", "count"}...],
"keep": {power: ipcs}}``. Bid rules (``DEFAULT_RULES`` overridden by the league):

* ``max_per_territory``: most bid units in one territory or sea zone (LEAGUE-BID-03);
* ``where``: ``"held"`` (land the power holds at the start) or ``"with_units"`` (only
  where the power has units at the start) (LEAGUE-BID-02);
* ``sea_units``: whether sea units may be bought (placed in a sea zone where the power
  has units at the start) (LEAGUE-BID-06);
* ``keep_ipcs``: whether IPCs may be kept instead of placed (LEAGUE-BID-05).

Rule ids: LEAGUE-BID-01 (the power is on the bidding side), -02 (where), -03 (per
territory), -04 (the bid's total), -05 (keeping IPCs), -06 (unit kind for the space).
"""

from __future__ import annotations

import copy
from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.data import ScenarioData

DEFAULT_RULES: dict[str, Any] = {"max_per_territory": 1, "where": "held", "sea_units": False,
                                 "keep_ipcs": True}
WHERE = ("held", "with_units")


def bid_rules(rules: dict[str, Any] | None) -> dict[str, Any]:
    """``rules`` completed with the defaults and checked (InvalidOrder LEAGUE-BID-00)."""
    merged = {**DEFAULT_RULES, **(rules or {})}
    if merged["where"] not in WHERE:
        raise InvalidOrder("LEAGUE-BID-00", "Bid placement is 'held' or 'with_units'.")
    if not isinstance(merged["max_per_territory"], int) or merged["max_per_territory"] < 1:
        raise InvalidOrder("LEAGUE-BID-00", "At most N units per territory: N is 1 or more.")
    return merged


def _units_of(position: dict[str, Any], space: str, power: str) -> int:
    return sum(int(u.get("count", 1)) for u in position.get("units", {}).get(space, [])
               if u.get("owner") == power)


def _items(placement: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    if not isinstance(placement, dict):
        raise InvalidOrder("LEAGUE-BID-00", "A bid placement lists units and IPCs kept.")
    units, keep = placement.get("units", []), placement.get("keep", {})
    if not isinstance(units, list) or not isinstance(keep, dict):
        raise InvalidOrder("LEAGUE-BID-00", "A bid placement lists units and IPCs kept.")
    for item in units:
        if not (isinstance(item, dict) and isinstance(item.get("count", 1), int)
                and item.get("count", 1) >= 1):
            raise InvalidOrder("LEAGUE-BID-00", "Each bid unit names a power, a territory, "
                                                "a unit type and a count of 1 or more.")
    for amount in keep.values():
        if not isinstance(amount, int) or amount < 0:
            raise InvalidOrder("LEAGUE-BID-00", "IPCs kept are a whole number, 0 or more.")
    return units, keep


def _check_power(data: ScenarioData, power: Any, side: str) -> str:
    if power not in data.power_by_id:
        raise InvalidOrder("LEAGUE-BID-00", "There is no power {power}.", {"power": str(power)})
    if data.power_by_id[power].side != side:
        raise IllegalOrder("LEAGUE-BID-01", "{power} is not on the side you bid for ({side}).",
                           {"power": power, "side": side})
    return str(power)


def _check_unit(data: ScenarioData, position: dict[str, Any], item: dict[str, Any],
                power: str, rules: dict[str, Any]) -> tuple[str, str, int]:
    space, utype = item.get("territory"), item.get("type")
    if space not in data.spaces or utype not in data.units:
        raise InvalidOrder("LEAGUE-BID-00", "There is no territory {territory} or unit type {type}.",
                           {"territory": str(space), "type": str(utype)})
    kind, domain = data.spaces[space].kind, data.units[utype].domain
    if domain == "sea" and not rules["sea_units"]:
        raise IllegalOrder("LEAGUE-BID-06", "This league's bids may not buy sea units ({type}).",
                           {"type": utype})
    if (domain == "sea") != (kind == "sea"):
        raise IllegalOrder("LEAGUE-BID-06", "A {type} cannot be placed in {territory}.",
                           {"type": utype, "territory": space})
    held = position.get("owners", {}).get(space) == power
    present = _units_of(position, space, power) > 0
    if kind == "sea" and not present:
        raise IllegalOrder("LEAGUE-BID-02", "Bid sea units go only where {power} has ships at "
                           "the start; {territory} has none.", {"power": power, "territory": space})
    if kind == "land" and not held:
        raise IllegalOrder("LEAGUE-BID-02", "Bid units go only in territories {power} holds at "
                           "the start; {territory} is not one.", {"power": power, "territory": space})
    if kind == "land" and rules["where"] == "with_units" and not present:
        raise IllegalOrder("LEAGUE-BID-02", "Bid units go only where {power} has units at the "
                           "start; {territory} has none.", {"power": power, "territory": space})
    return str(space), str(utype), int(item.get("count", 1))


def apply_bid(data: ScenarioData, position: dict[str, Any], *, side: str, ipcs: int,
              placement: Any, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """The starting ``position`` with the bid placed, or IllegalOrder / InvalidOrder."""
    rules = bid_rules(rules)
    units, keep = _items(placement)
    result = copy.deepcopy(position)
    per_space: dict[str, int] = {}
    spent = 0
    for item in units:
        power = _check_power(data, item.get("power"), side)
        space, utype, count = _check_unit(data, position, item, power, rules)
        per_space[space] = per_space.get(space, 0) + count
        if per_space[space] > rules["max_per_territory"]:
            raise IllegalOrder("LEAGUE-BID-03", "At most {max} bid unit(s) per territory; "
                               "{territory} would get {count}.",
                               {"max": rules["max_per_territory"], "territory": space,
                                "count": per_space[space]})
        spent += data.units[utype].cost * count
        result.setdefault("units", {}).setdefault(space, []).append(
            {"count": count, "owner": power, "type": utype})
    kept = 0
    for power, amount in keep.items():
        _check_power(data, power, side)
        if amount and not rules["keep_ipcs"]:
            raise IllegalOrder("LEAGUE-BID-05", "This league's bids are placed as units; IPCs "
                               "cannot be kept.")
        kept += amount
        ipc_table = result.setdefault("ipcs", {})
        ipc_table[power] = int(ipc_table.get(power, 0)) + amount
    if spent + kept > ipcs:
        raise IllegalOrder("LEAGUE-BID-04", "The placement costs {total} IPCs; the bid was {bid}.",
                           {"total": spent + kept, "bid": ipcs})
    if spent + kept < ipcs and rules["keep_ipcs"]:
        raise IllegalOrder("LEAGUE-BID-04", "Spend or keep the whole bid: {left} of {bid} IPCs "
                           "are not placed.", {"left": ipcs - spent - kept, "bid": ipcs})
    return result
