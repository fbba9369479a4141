"""Questions an interface may ask (``Ruleset.query``) and what ``view`` adds for it.

Queries (``game.query(seat, name, args)``), answered with the same validation code as the orders:

* ``reachable`` ``{"units": [ids]}``: where that stack (one space, the active power's) may legally
  go in this move phase: ``{"destinations": {space: {"cost", "route", "ends", ...}}}`` (see
  :func:`pbem.games.aa.helpers.reachable`); empty when the seat is not the active power.
* ``retreat`` ``{"place": space}``: the attacker's retreat choices in that battle:
  ``{"may_retreat": bool, "to": [spaces], "air_only": bool, "submarines": [ids]}``.
* ``landing`` ``{"units": [air ids], "route": [spaces]}`` (combat move): every landing plan each air
  unit may name for that move, checked by the move's own code (AA41-AIR-05):
  ``{"plans": {"<id>": [{"space"}, {"space", "carrier"}, ...]}}``, nearest first.
* ``amphibious`` ``{}`` (combat move): per sea zone where the seat's loaded transports are, the
  transports (with their cargo) and the territories an assault may be declared on now (a
  declaration of all of them, their cargo and the air units there passes the order's checks,
  AA41-AMP-01/02/13/14): ``{"zones": {zone: {"transports": [{"id", "cargo": [ids]}],
  "targets": [territories], "sea_battle": "choice"|"mandatory"|null}}}``; ``sea_battle`` says
  whether fighting the enemy submarines/transports alone in the zone is the attacker's choice
  (the declaration's ``sea_battle``, AA41-AMP-05) or imposed (AA41-AMP-06, AA41-CM-20)
  (:func:`pbem.games.aa.combat_open.sea_battle_question`).

``view`` adds ``production`` (each power's production level now, AA41-DEF-10) and
``battle_sides`` (``{place: {"attacker": [unit ids], "defender": [unit ids]}}`` of every battle
not over), so an interface never recomputes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import InvalidOrder, RulesError
from pbem.games.aa import air
from pbem.games.aa.amphibious import declaration_problems, declarations
from pbem.games.aa.combat_open import sea_battle_question
from pbem.games.aa.combat_state import attackers, defenders
from pbem.games.aa.economy import production_level
from pbem.games.aa.helpers import reachable
from pbem.games.aa.retreat import destinations, movers
from pbem.games.aa.routes import movement_left, unit_index, utype
from pbem.games.aa.state import State

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def _unit_ids(args: dict[str, Any]) -> list[int]:
    ids = args.get("units")
    if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
        raise InvalidOrder("AA41-ORDER-2", "'units' must list unit ids (integers).")
    return ids


def query_reachable(rs: AARuleset, state: State, seat: str, args: dict[str, Any]) -> dict[str, Any]:
    ids = _unit_ids(args)
    if seat != state["power"]:
        return {"destinations": {}}
    return {"destinations": reachable(rs, state, ids)}


def query_retreat(rs: AARuleset, state: State, seat: str, args: dict[str, Any]) -> dict[str, Any]:
    place = args.get("place")
    if not isinstance(place, str):
        raise InvalidOrder("AA41-CMB-02", "Name the battle's space: {{'place': 'Ukraine'}}.")
    b = state["battles"].get(place)
    if b is None or b["status"] == "over" or seat != b["attacker"]:
        return {"may_retreat": False, "to": [], "air_only": False, "submarines": []}
    moving, air, _staying = movers(rs, state, b)
    may = b["status"] == "fighting" and b["round"] >= 1
    subs = [u["id"] for u in attackers(rs, state, b) if rs.data.units[u["type"]].has("submerge")]
    return {"may_retreat": may, "to": destinations(rs, state, b, moving) if may and moving else [],
            "air_only": may and bool(air) and not moving, "submarines": subs}


def add_view_extras(rs: AARuleset, seen: State, seat: str | None) -> None:
    """``production`` and ``battle_sides`` (open information in A&A)."""
    if seen.get("owners"):
        seen["production"] = {p.id: production_level(rs, seen, p.id) for p in rs.data.powers}
    seen["battle_sides"] = {
        place: {"attacker": [u["id"] for u in attackers(rs, seen, b)],
                "defender": [u["id"] for u in defenders(rs, seen, b)]}
        for place, b in seen.get("battles", {}).items() if b.get("status") != "over"}


def query_landing(rs: AARuleset, state: State, seat: str, args: dict[str, Any]) -> dict[str, Any]:
    ids = _unit_ids(args)
    route = args.get("route")
    if not isinstance(route, list) or not route or not all(isinstance(s, str) and s in rs.data.spaces for s in route):
        raise InvalidOrder("AA41-ORDER-2", "'route' lists the spaces of the move.")
    if seat != state["power"] or state["phase"] != "combat_move":
        return {"plans": {}}
    index = unit_index(state)
    others = dict(state["declared"].get("landing", {}))
    dest, out = route[-1], {}
    for uid in ids:
        found = index.get(uid)
        if found is None or found[1]["owner"] != seat or utype(rs, found[1]).domain != "air":
            continue
        unit = found[1]
        left = movement_left(rs, unit, state) - (len(route) - 1)
        plans: list[dict[str, Any]] = []
        for space in sorted(rs.map.within_air(dest, max(left, 0)), key=lambda s: (rs.map.air_distance(dest, s), s)):
            if rs.map.is_land(space):
                candidates: list[dict[str, Any]] = [{"space": space}]
            else:
                candidates = [{"space": space, "carrier": u["id"]} for u in state["units"][space]
                              if air.is_carrier(rs, u)]
            for plan in candidates:
                try:
                    air.check_landing_plan(rs, state, unit, dest, left, dict(plan), seat, index, others)
                except RulesError:
                    continue
                plans.append(plan)
        out[str(uid)] = plans
    return {"plans": out}


def query_amphibious(rs: AARuleset, state: State, seat: str, args: dict[str, Any]) -> dict[str, Any]:
    if seat != state["power"] or state["phase"] != "combat_move":
        return {"zones": {}}
    index = unit_index(state)
    zones: dict[str, Any] = {}
    for zone in rs.map.sorted_spaces(state["units"]):
        if not rs.map.is_sea(zone):
            continue
        units = state["units"][zone]
        ships = []
        for ship in units:
            cargo = [u["id"] for u in units if u.get("aboard") == ship["id"] and u["owner"] == seat]
            if ship["owner"] == seat and utype(rs, ship).has("carries_land_units") and cargo:
                ships.append({"id": ship["id"], "cargo": cargo})
        if not ships:
            continue
        targets = []
        for target in rs.map.sorted_spaces(rs.map.land_neighbours(zone)):
            air_units = {str(u["id"]): where for where, space in (("sea", zone), ("land", target))
                         for u in state["units"][space] if u["owner"] == seat and u.get("t_combat")
                         and utype(rs, u).domain == "air"}
            decl = {"target": target, "sea_zone": zone, "transports": [s["id"] for s in ships],
                    "units": sorted(i for s in ships for i in s["cargo"]), "air": air_units}
            if not declaration_problems(rs, state, decl, seat, index):
                targets.append(target)
        zones[zone] = {"transports": ships, "targets": targets,
                       "sea_battle": sea_battle_question(rs, state, zone, seat),
                       "declared": [{k: d[k] for k in ("target", "transports", "bombard") if k in d}
                                    for d in declarations(state) if d["sea_zone"] == zone]}
    return {"zones": zones}


QUERIES = {"reachable": query_reachable, "retreat": query_retreat, "landing": query_landing,
           "amphibious": query_amphibious}
