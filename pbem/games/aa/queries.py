"""Questions an interface may ask (``Ruleset.query``) and what ``view`` adds for it.

Queries (``game.query(seat, name, args)``), answered with the same validation code as the orders:

* ``reachable`` ``{"units": [ids]}``: where that stack (one space, the active power's) may legally
  go in this move phase: ``{"destinations": {space: {"cost", "route", "ends", ...}}}`` (see
  :func:`pbem.games.aa.helpers.reachable`); empty when the seat is not the active power.
* ``retreat`` ``{"place": space}``: the attacker's retreat choices in that battle:
  ``{"may_retreat": bool, "to": [spaces], "air_only": bool, "submarines": [ids]}``.

``view`` adds ``production`` (each power's production level now, AA41-DEF-10) and
``battle_sides`` (``{place: {"attacker": [unit ids], "defender": [unit ids]}}`` of every battle
not over), so an interface never recomputes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import InvalidOrder
from pbem.games.aa.combat_state import attackers, defenders
from pbem.games.aa.economy import production_level
from pbem.games.aa.helpers import reachable
from pbem.games.aa.retreat import destinations, movers
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


QUERIES = {"reachable": query_reachable, "retreat": query_retreat}
