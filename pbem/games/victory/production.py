"""Simultaneous production (VIC-PROD-*, VIC-SEQ-07): sealed orders, applied when both are in.

An order: ``{"type": "produce", "builds": [{"city": "0302", "new": "IN", "steps": 2},
{"city": "0505", "block": "blue-004", "steps": 1}]}``.
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.i18n import N_
from pbem.games.victory.board import Board
from pbem.games.victory.state import State, board_of, cls, stack_counts
from pbem.games.victory.units import MAX_STEPS, UNITS


def _refuse(rule: str, template: str, **params: Any) -> IllegalOrder:
    return IllegalOrder(rule, template, params)


def check_production(state: State, seat: str, order: dict[str, Any]) -> list[dict[str, Any]]:
    """Validate a production order; return its normalised build list."""
    board = board_of(state)
    builds = order.get("builds", [])
    if not isinstance(builds, list) or len(builds) > 40:
        raise InvalidOrder("VIC-PROD-01", "builds is a list of build items.")
    spent: dict[str, int] = {}
    added: dict[str, int] = {}
    pool = dict(state["pool"][seat])
    new_in: dict[str, list[str]] = {}
    out = []
    for item in builds:
        if isinstance(item, dict) and "from" in item:
            raise _refuse("VIC-PROD-07", N_("Steps can never be transferred from one block to another."))
        if isinstance(item, dict) and (item.get("disband") or (isinstance(item.get("steps"), int)
                                                               and item["steps"] < 0)):
            raise _refuse("VIC-PROD-08", N_("Blocks can never be reduced or eliminated voluntarily."))
        if not isinstance(item, dict) or not isinstance(item.get("steps"), int) or item["steps"] < 1:
            raise InvalidOrder("VIC-PROD-03", "Each build item names a city and a number of steps (1 or more).")
        city = item.get("city")
        if city not in board.cities:
            raise InvalidOrder("VIC-PROD-02", "{city} is not a city.", {"city": str(city)[:8]})
        if state["control"].get(city) != seat:  # VIC-PROD-12
            raise _refuse("VIC-PROD-02", N_("You do not control {city}; only controlled cities produce."), city=city)
        steps = item["steps"]
        spent[city] = spent.get(city, 0) + steps
        if spent[city] > board.cities[city]["pp"]:
            raise _refuse("VIC-PROD-02", N_("{city} produces {pp} PP; its PP can be spent only there."), city=city,
                          pp=board.cities[city]["pp"])
        if "new" in item:
            out.append(_check_new(state, board, seat, city, item["new"], steps, pool, new_in))
        elif "block" in item:
            b = state["blocks"].get(item["block"])
            if b is None or b["side"] != seat:
                raise InvalidOrder("VIC-PROD-11", "You have no block {block}.", {"block": str(item["block"])[:40]})
            if b["hex"] != city:
                raise _refuse("VIC-PROD-11", N_("Steps are added only to blocks in the producing city ({city})."),
                              city=city)
            added[b["id"]] = added.get(b["id"], 0) + steps
            if b["steps"] + added[b["id"]] > MAX_STEPS:
                raise _refuse("VIC-PROD-09", N_("No block may exceed strength 4 (at {city})."), city=city)
            out.append({"city": city, "block": b["id"], "steps": steps})
        else:
            raise InvalidOrder("VIC-PROD-03", "A build item has either new (a unit type) or block (a block id).")
    return out


def _check_new(state: State, board: Board, seat: str, city: str, code: Any, steps: int, pool: dict[str, int],
               new_in: dict[str, list[str]]) -> dict[str, Any]:
    if code not in UNITS:
        raise InvalidOrder("VIC-PROD-10", "Unknown unit type {type}.", {"type": str(code)[:4]})
    if board.owner_of(city) != seat:
        raise _refuse("VIC-PROD-05", N_("New blocks are built only in your own cities; in captured {city} PP only "
                         "add steps."), city=city)
    if UNITS[code].cls == "naval" or code == "MA":
        if city not in board.ports:
            raise _refuse("VIC-PROD-06", N_("Ships and marines are built only in coastal cities; {city} is inland."),
                          city=city)
        if city in state.get("blockades", {}):
            raise _refuse("VIC-NAV-13", N_("The blockaded port {city} cannot build ships or marines."), city=city)
    if steps > MAX_STEPS:
        raise _refuse("VIC-PROD-09", N_("No block may exceed strength 4 (at {city})."), city=city)
    if pool.get(code, 0) < 1:
        raise _refuse("VIC-PROD-10", N_("Your force pool has no unbuilt {unit} block left."), unit=code)
    pool[code] -= 1
    new_in.setdefault(city, []).append(code)
    counts = stack_counts(state, city, seat)
    for c in new_in[city]:
        k = UNITS[c].cls
        counts[k if k != "army" else "army"] += 1
    if counts["army"] > board.army_stack(city) or counts["naval"] > board.naval_stack(city) or counts["air"] > 2:
        raise _refuse("VIC-PROD-10", N_("New blocks must fit the stacking limits of {city}."), city=city)
    return {"city": city, "new": code, "steps": steps}


def apply_production(state: State, side: str, builds: list[dict[str, Any]], new_ids: list[str]) -> None:
    from pbem.games.victory.state import new_block

    ids = iter(new_ids)
    for item in builds:
        if "new" in item:
            bid = next(ids)
            state["blocks"][bid] = new_block(bid, side, item["new"], item["steps"], item["city"])
            state["pool"][side][item["new"]] -= 1
            state["next_id"][side] += 1
        else:
            state["blocks"][item["block"]]["steps"] += item["steps"]


def block_id(side: str, n: int) -> str:
    return f"{side}-{n:03d}"


def is_naval(code: str) -> bool:
    return UNITS[code].cls == "naval"


def unused(state: State, seat: str) -> int:
    board = board_of(state)
    return sum(c["pp"] for h, c in board.cities.items() if state["control"].get(h) == seat)


__all__ = ["apply_production", "block_id", "check_production", "cls", "is_naval", "unused"]
