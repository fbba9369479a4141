"""Amphibious assault declarations (AA41-AMP-01/02/09/12/13/14, AA41-CM-16/17, AA41-MNF-04).

``{"type": "declare_amphibious", "target": territory, "sea_zone": zone, "transports": [ids],
"units": [land ids], "air": {"<air id>": "sea"|"land"}, "sea_battle": bool, "bombard": [ship ids]}`` in
combat move, after the
transports have reached ``sea_zone``. ``units`` defaults to every land unit of the active
power aboard those transports. A new declaration for the same target and sea zone replaces
the earlier one. ``sea_battle`` (optional) is the attacker's choice where only enemy submarines
and/or transports are in the zone (AA41-AMP-05): fight them (true) or ignore them (false, the
default unless air units are assigned to the sea battle); see ``combat_open.sea_battle_chosen``.
Declarations are stored in ``state["declared"]["amphibious"]`` (a list sorted by target, sea zone)
and checked again when combat move ends.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.errors import Refusal
from pbem.engine.i18n import N_
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import combat_rules
from pbem.games.aa.routes import (
    COMBAT_MOVE,
    check_active,
    enemy_units,
    friendly,
    ignored_zones,
    parse_ids,
    territory_hostile,
    unit_index,
    utype,
    zone_hostile,
)

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]
Problem = Refusal


def declarations(state: State) -> list[dict[str, Any]]:
    return list(state["declared"].get("amphibious", []))


def _shape_problems(rs: AARuleset, state: State, decl: dict[str, Any], power: str) -> list[Problem]:
    target, zone = decl["target"], decl["sea_zone"]
    spaces = rs.data.spaces
    if target not in spaces or not rs.map.is_land(target) or rs.map.is_neutral(target):
        return [("AA41-AMP-01", N_("'{space}' is not a territory that can be attacked."), {"space": target})]
    if zone not in spaces or not rs.map.is_sea(zone) or not rs.map.adjacent(target, zone):
        return [("AA41-AMP-01", N_("An amphibious assault on {space} comes from an adjacent sea zone; {space_2} is not"
                                   " one."), {"space": target, "space_2": zone})]
    if not territory_hostile(rs, state, target, power):
        return [("AA41-AMP-13", N_("{space} is not hostile: a transport unloads into a hostile territory only in an"
                                   " amphibious assault, and into a friendly one only in noncombat move."),
                                {"space": target})]
    return []


def declaration_problems(rs: AARuleset, state: State, decl: dict[str, Any], power: str,
                         index: dict[int, tuple[str, Unit]]) -> list[Problem]:
    """Everything wrong with one declaration, first problem first."""
    problems = _shape_problems(rs, state, decl, power)
    if problems:
        return problems
    target, zone = decl["target"], decl["sea_zone"]
    others = {tid for d in declarations(state)
              if (d["target"], d["sea_zone"]) != (target, zone) for tid in d["transports"]}
    ships: list[Unit] = []
    for tid in decl["transports"]:
        found = index.get(tid)
        if found is None or not utype(rs, found[1]).has("carries_land_units"):
            return [("AA41-AMP-02", N_("There is no transport {unit_id}."), {"unit_id": tid})]
        where, ship = found
        if where != zone:
            return [("AA41-CM-17", N_("Transport {unit_id} must end its move in {space}, next to {space_2}, to take"
                                      " part in the assault."), {"unit_id": tid, "space": zone, "space_2": target})]
        if not friendly(rs, ship["owner"], power):
            return [("AA41-AMP-02", N_("Transport {unit_id} is an enemy transport."), {"unit_id": tid})]
        if tid in others:
            return [("AA41-AMP-09", N_("Transport {unit_id} already takes part in another assault: each transport"
                                       " unloads into one territory only."), {"unit_id": tid})]
        if ship.get("t_unloaded") or ship.get("t_retreated"):
            return [("AA41-UNIT-TRN-07", N_("Transport {unit_id} has unloaded or retreated this turn."),
                     {"unit_id": tid})]
        ships.append(ship)
    aboard = [u for u in state["units"][zone] if u.get("aboard") in set(decl["transports"])]
    chosen = set(decl["units"])
    foreign = {ship["id"] for ship in ships if ship["owner"] != power}
    if not chosen:
        return [("AA41-AMP-02", N_("Name the land units the transports will unload."), {})]
    for unit in aboard:
        if unit["id"] in chosen and unit["owner"] != power:
            return [("AA41-AMP-12", N_("Unit {unit_id} belongs to another power: it can be unloaded only on its own"
                                       " power's turn (AA41-MNF-04)."), {"unit_id": unit['id']})]
        if unit["id"] in chosen and unit.get("t_loaded") and unit.get("aboard") in foreign:
            return [("AA41-MNF-06", N_("Unit {unit_id} boarded a friendly power's transport this turn: it unloads on"
                                       " your next turn at the earliest."), {"unit_id": unit["id"]})]
        if unit.get("t_loaded") == COMBAT_MOVE and unit["id"] not in chosen:
            return [("AA41-AMP-12", N_("Unit {unit_id} was loaded in this combat move: its transport must unload it in"
                                       " the assault."), {"unit_id": unit['id']})]
    for unit in aboard:
        if unit["id"] in chosen and utype(rs, unit).has("noncombat_move_only"):
            return [("AAE-CM-21", N_("Unit {unit_id} ({unit}) is never offloaded into a hostile territory."),
                     {"unit_id": unit["id"], "unit": unit["type"]})]
    missing = chosen - {u["id"] for u in aboard}
    if missing:
        return [("AA41-AMP-02", N_("Units {missing} are not aboard the declared transports."),
                                {"missing": sorted(missing)})]
    return _air_problems(rs, state, decl, power, index) or _escort_problems(
        rs, state, decl, power, ships) or _bombard_problems(rs, state, decl, power, index)


def _bombard_problems(rs: AARuleset, state: State, decl: dict[str, Any], power: str,
                      index: dict[int, tuple[str, Unit]]) -> list[Problem]:
    """AAE-BOMB-01/02/03/06: the ships named to bombard the target (``"bombard": [ids]``)."""
    named = decl.get("bombard", [])
    if not named:
        return []
    if not any(t.has("shore_bombardment") for t in rs.data.units.values()):
        return [("AA41-UNIT-BB-01", N_("There is no shore bombardment in this game."), {})]
    zone, target = decl["sea_zone"], decl["target"]
    others = [d for d in declarations(state) if (d["target"], d["sea_zone"]) != (target, zone)]
    for sid in named:
        found = index.get(sid)
        if found is None or found[1]["owner"] != power or combat_rules.bombard_value(rs, found[1]) <= 0:
            return [("AAE-BOMB-01", N_("Only your battleships and cruisers bombard: unit {unit_id} cannot."),
                     {"unit_id": sid})]
        if found[0] != zone:
            return [("AAE-BOMB-01", N_("Ships bombard {space} only from the sea zone of the landing, {zone}."),
                     {"space": target, "zone": zone})]
        if found[1].get("t_bombarded") or any(sid in d.get("bombard", []) for d in others):
            return [("AAE-BOMB-06", N_("Unit {unit_id} already bombards: a ship bombards one territory once a"
                                       " turn."), {"unit_id": sid})]
    from pbem.games.aa.combat_open import sea_battle_units

    if sea_battle_units(rs, state, zone, power, [decl]):
        return [("AAE-BOMB-02", N_("No ship bombards from {zone}: a sea battle will be fought there."), {"zone": zone})]
    landing = len(decl["units"]) + sum(len(d["units"]) for d in others if d["target"] == target)
    bombarding = len(named) + sum(len(d.get("bombard", [])) for d in others if d["target"] == target)
    if bombarding > landing:
        return [("AAE-BOMB-03", N_("At most {limit} ships may bombard {space}: one per land unit landed there."),
                 {"limit": landing, "space": target})]
    return []


def _air_problems(rs: AARuleset, state: State, decl: dict[str, Any], power: str,
                  index: dict[int, tuple[str, Unit]]) -> list[Problem]:
    target, zone = decl["target"], decl["sea_zone"]
    for key, where in decl["air"].items():
        found = index.get(int(key))
        if found is None or utype(rs, found[1]).domain != "air" or found[1]["owner"] != power:
            return [("AA41-AMP-02", N_("{key} is not one of your air units."), {"key": key})]
        space = zone if where == "sea" else target
        if found[0] != space:
            return [("AA41-AMP-02", N_("Air unit {key} assigned to the {where} battle must be in {space}."),
                                    {"key": key, "where": where, "space": space})]
    if decl.get("sea_battle") is False and "sea" in decl["air"].values():
        return [("AA41-AMP-05", N_("Air units are assigned to the sea battle in {space}: the sea battle is fought"
                                   " (\"sea_battle\": true)."), {"space": zone})]
    if zone in ignored_zones(state) and (decl.get("sea_battle") or "sea" in decl["air"].values()):
        return [("AA41-AMP-05", N_("You ignore the enemy submarines and transports in {space}: no sea battle is"
                                   " fought there unless you take that choice back."), {"space": zone})]
    if enemy_units(rs, state, zone, power) and zone not in ignored_zones(state):
        for space in (zone, target):  # (an ignored enemy: no sea battle, unless defenders scramble)
            for unit in state["units"][space]:
                if (unit["owner"] == power and unit.get("t_combat")
                        and utype(rs, unit).domain == "air" and str(unit["id"]) not in decl["air"]):
                    return [("AA41-AMP-02", N_("A sea battle may occur in {space}: assign air unit {unit_id} to the sea"
                                               " or the land battle."), {"space": zone, "unit_id": unit['id']})]
    return []


def _escort_problems(rs: AARuleset, state: State, decl: dict[str, Any], power: str,
                     ships: list[Unit]) -> list[Problem]:
    """AA41-AMP-14 (Interp. AMB-01): unescorted transports need a friendly zone without subs."""
    zone = decl["sea_zone"]
    escorts = [u for u in state["units"][zone] if u["owner"] == power
               and utype(rs, u).domain == "sea" and utype(rs, u).attack > 0
               and not (rs.edition.surface_escort_lands and utype(rs, u).has("stealth"))]
    if escorts or "sea" in decl["air"].values():
        return []
    if decl.get("sea_battle") and enemy_units(rs, state, zone, power):
        return [("AA41-UNIT-TRN-02", N_("Transports cannot attack on their own: no unit of yours with an attack value"
                                        " can fight the sea battle in {space}."), {"space": zone})]
    subs = any(utype(rs, u).has("stealth") for u in enemy_units(rs, state, zone, power))
    if zone_hostile(rs, state, zone, power) or subs:
        return [("AA41-AMP-14", N_("Transports with no escort able to attack may assault only from a friendly sea zone"
                                   " without enemy submarines; {space} is not."), {"space": zone})]
    return []


def parse_declaration(order: dict[str, Any], state: State, power: str) -> dict[str, Any]:
    target, zone = order.get("target"), order.get("sea_zone")
    if not isinstance(target, str) or not isinstance(zone, str):
        raise InvalidOrder("AA41-AMP-02", "Name the 'target' territory and the 'sea_zone'.")
    transports = sorted(parse_ids(order, "transports"))
    air = order.get("air", {})
    if not isinstance(air, dict) or any(v not in ("sea", "land") for v in air.values()):
        raise InvalidOrder("AA41-AMP-02", "'air' maps air unit ids to \"sea\" or \"land\".")
    if order.get("units") is not None:
        units = sorted(parse_ids(order, "units"))
    else:
        units = sorted(u["id"] for u in state["units"].get(zone, [])
                       if u.get("aboard") in set(transports) and u["owner"] == power)
    try:
        assigned = {str(int(k)): v for k, v in sorted(air.items(), key=lambda kv: int(kv[0]))}
    except (TypeError, ValueError) as exc:
        raise InvalidOrder("AA41-AMP-02", "'air' maps air unit ids to \"sea\" or \"land\".") from exc
    if len(assigned) != len(air):  # "7" and "07": one unit named twice
        raise InvalidOrder("AA41-ORDER-2", "'{key}' names a unit twice.", {"key": "air"})
    decl: dict[str, Any] = {"target": target, "sea_zone": zone, "transports": transports, "units": units,
                            "air": assigned}
    if order.get("bombard"):
        decl["bombard"] = sorted(parse_ids(order, "bombard"))
    sea_battle = order.get("sea_battle")
    if sea_battle is not None:
        if not isinstance(sea_battle, bool):
            raise InvalidOrder("AA41-AMP-05", "'sea_battle' is true (fight the enemy submarines and transports in"
                                              " the zone) or false (ignore them).")
        decl["sea_battle"] = sea_battle
    return decl


def order_declare_amphibious(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state, power, phase = check_active(rs, ctx)
    if phase != COMBAT_MOVE:
        raise IllegalOrder("AA41-AMP-02", "Amphibious assaults are declared in combat move.")
    decl = parse_declaration(order, state, power)
    problems = declaration_problems(rs, state, decl, power, unit_index(state))
    if problems:
        raise IllegalOrder(*problems[0])
    ctx.emit("aa.amphibious_declared", decl)


def combat_move_problems(rs: AARuleset, state: State) -> list[Problem]:
    """Declarations re-checked when combat move ends (units may have moved since)."""
    power = state["power"]
    index = unit_index(state)
    found: list[Problem] = []
    for decl in declarations(state):
        found.extend(declaration_problems(rs, state, decl, power, index)[:1])
    return found


def _evolve_declared(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    decl = event["payload"]
    kept = [d for d in declarations(state)
            if (d["target"], d["sea_zone"]) != (decl["target"], decl["sea_zone"])]
    kept.append(copy.deepcopy(decl))
    kept.sort(key=lambda d: (d["target"], d["sea_zone"]))
    state["declared"] = {**state["declared"], "amphibious": kept}


ORDERS = {"declare_amphibious": order_declare_amphibious}
EVOLVERS = {"aa.amphibious_declared": _evolve_declared}
