"""Rules module: lone enemy submarines and transports attacked or ignored (G40-CM-06, G40-CMB-38).

A power whose units end Combat Move in a sea zone holding only enemy submarines and/or
transports may attack them, and then every enemy unit there is attacked (the family's sea battle,
AA41-CM-22: the default), or ignore them, in Combat Move once its units are there::

    {"type": "ignore_enemy", "sea_zone": "SZ 112"}                    # ignore them
    {"type": "ignore_enemy", "sea_zone": "SZ 112", "ignore": false}   # take it back: attack them

The choice is made per zone for every enemy unit and every unit of the power there (all attack
or none). It also covers a zone an amphibious assault is launched from, where the family would
make the battle mandatory (an attacking destroyer against submarines, AA41-AMP-06; warships
that ended their move beside lone transports, AA41-CM-20): the rulebook lets the attacker
ignore them there too ("a meno che non decidano di ignorare i trasporti per appoggiare un
attacco anfibio", G40-CMB-38). Attacking is the default, so the deadline policy and a player
who says nothing fight as before.

An ignored zone (``state["declared"]["ignored"]``, read by ``routes.ignored_zones``):

* fights no sea battle (``combat_open.sea_battle_units``), unless the defender scrambles
  aircraft into it against an assault launched from it: then the battle is mandatory and every
  unit there fights (G40-CMB-38, G40-CM-21b); the defender scrambles there only for an assault
  (``defending.combat_zones``), never to defend the ignored ships;
* is friendly for the power's units ending their move there (G40-CM-03): ships need an
  amphibious assault declared from it or to have left a hostile zone; air units stay there only
  to meet defending aircraft that could scramble against an assault launched from it
  (G40-CM-03c, ``defending.scramble_possible``), else they have nothing to attack there (refused
  by this order and when Combat Move ends);
* still holds the ignored submarines for G40-CM-17 (no unescorted landing past them) and allows
  shore bombardment from it (G40-CMB-37: no naval combat there).

The order is refused where units of the power attack in place, or where an assault's
declaration fights the sea battle (``sea_battle``, air units assigned to it).
``legal_options["ignore_enemy"]``: ``{zone: {"ignored", "enemies", "attackers"}}`` for every
zone where the choice may be made or taken back now. The deadline default takes back an ignore
that a later move has left without a reason to be there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.engine.ruleset import OrderContext
from pbem.games.aa import amphibious, combat_open, movephases
from pbem.games.aa.routes import COMBAT_MOVE, check_active, ignored_zones, utype
from pbem.games.aa.state import State, Unit

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

IGNORED = "aa.g40_enemy_ignored"
RULE = "G40-CM-06"


def _assault(state: State, zone: str) -> list[dict[str, Any]]:
    return [d for d in amphibious.declarations(state) if d["sea_zone"] == zone]


def _with_ignored(state: State, zone: str) -> State:
    """The state as it would be with ``zone`` ignored (nothing else copied)."""
    return {**state, "declared": {**state["declared"], "ignored": sorted(ignored_zones(state) | {zone})}}


def check(rs: AARuleset, state: State, power: str, zone: str, ignore: bool) -> list[Unit]:
    """Refuse (``IllegalOrder``) an ``ignore_enemy`` order of ``power`` now; the enemy units concerned."""
    if zone not in rs.data.spaces or not rs.map.is_sea(zone):
        raise InvalidOrder(RULE, "'sea_zone' names a sea zone; {space} is not one.", {"space": zone})
    foes = combat_open.lone_foes(rs, state, zone, power)
    if not ignore:
        if zone not in ignored_zones(state):
            raise IllegalOrder(RULE, "You do not ignore the enemy in {space}: your units there attack it.",
                               {"space": zone})
        return foes
    if zone in ignored_zones(state):
        raise IllegalOrder(RULE, "You already ignore the enemy in {space}.", {"space": zone})
    if not foes:
        raise IllegalOrder(RULE, "Only enemy submarines and transports alone in a sea zone may be ignored: {space}"
                                 " holds none, or enemy warships or aircraft that must be fought.", {"space": zone})
    assault = _assault(state, zone)
    if not combat_open.sea_battle_units(rs, state, zone, power, assault):
        raise IllegalOrder(RULE, "None of your units attacks the enemy in {space}: there is nothing to ignore.",
                           {"space": zone})
    for unit in state["units"][zone]:
        if unit["owner"] == power and unit.get("t_combat") and not unit.get("t_moved") \
                and utype(rs, unit).domain == "sea":
            raise IllegalOrder(RULE, "Your units attack in place in {space}: every enemy unit there is attacked.",
                               {"space": zone})
    if any(d.get("sea_battle") or "sea" in d["air"].values() for d in assault):
        raise IllegalOrder("G40-CMB-38", "The amphibious assault from {space} is declared with its sea battle"
                                         " (\"sea_battle\" or air units assigned to it): declare it again"
                                         " without, then ignore the enemy.", {"space": zone})
    idle = movephases.idle_attackers(rs, _with_ignored(state, zone), zone, power)
    if idle:
        params = idle[0][2]
        raise IllegalOrder("G40-CM-03", "{unit} {unit_id} would have nothing to do in {space} with the enemy there"
                                        " ignored: ships stay beside ignored submarines and transports only for an"
                                        " amphibious assault declared from there or after leaving a hostile sea"
                                        " zone, and air units only to meet defending aircraft that could scramble"
                                        " against an amphibious assault declared from there.",
                           {"unit": params["unit"], "unit_id": params["unit_id"], "space": zone})
    return foes


def ignore_enemy(rs: AARuleset, ctx: OrderContext, order: dict[str, Any]) -> None:
    state, power, phase = check_active(rs, ctx)
    if phase != COMBAT_MOVE:
        raise IllegalOrder(RULE, "Enemy submarines and transports are attacked or ignored in Combat Move.")
    zone, ignore = order.get("sea_zone"), order.get("ignore", True)
    if not isinstance(zone, str) or not isinstance(ignore, bool):
        raise InvalidOrder(RULE, "Name the 'sea_zone'; 'ignore' is true (ignore the enemy there, the default) or"
                                 " false (attack it after all).")
    foes = check(rs, state, power, zone, ignore)
    ctx.emit(IGNORED, {"power": power, "sea_zone": zone, "ignore": ignore,
                       "enemies": sorted(u["id"] for u in foes)})


def options(rs: AARuleset, state: State, power: str) -> dict[str, dict[str, Any]]:
    """``{zone: {"ignored", "enemies", "attackers"}}``: where the choice may be made or taken back now."""
    zones = set(ignored_zones(state)) | {d["sea_zone"] for d in amphibious.declarations(state)}
    zones |= {z for z in rs.data.sea_zones if any(u["owner"] == power and u.get("t_combat")
                                                   for u in state["units"][z])}
    out: dict[str, dict[str, Any]] = {}
    for zone in rs.map.sorted_spaces(zones):
        ignored = zone in ignored_zones(state)
        try:
            foes = check(rs, state, power, zone, not ignored)
        except (IllegalOrder, InvalidOrder):
            continue
        attackers = combat_open.sea_participants(rs, state, zone, power)
        out[zone] = {"ignored": ignored, "enemies": sorted(u["id"] for u in foes),
                     "attackers": sorted(u["id"] for u in attackers)}
    return out


def _legal_options(rs: AARuleset, state: State, seat: str) -> dict[str, Any]:
    if seat != state["power"] or state["phase"] != COMBAT_MOVE:
        return {}
    found = options(rs, state, seat)
    return {"ignore_enemy": found} if found else {}


def _default_order(rs: AARuleset, state: State, seat: str) -> dict[str, Any] | None:
    """For an absent player: take back an ignore that leaves units with nothing to do (a move made
    after it), so that Combat Move may end (attacking there is always legal)."""
    if seat != state["power"] or state["phase"] != COMBAT_MOVE:
        return None
    for zone in rs.map.sorted_spaces(ignored_zones(state)):
        if movephases.idle_attackers(rs, state, zone, seat):
            return {"type": "ignore_enemy", "sea_zone": zone, "ignore": False}
    return None


def _evolve_ignored(rs: AARuleset, state: State, event: dict[str, Any]) -> None:
    p = event["payload"]
    zones = set(ignored_zones(state))
    if p["ignore"]:
        zones.add(p["sea_zone"])
    else:
        zones.discard(p["sea_zone"])
    state["declared"] = {**state["declared"], "ignored": list(rs.map.sorted_spaces(zones))}


def _describe(rs: AARuleset, event: dict[str, Any]) -> str:
    p = event["payload"]
    what = "ignores" if p["ignore"] else "will attack"
    return f"{rs.power_names[p['power']]} {what} the enemy submarines and transports in {p['sea_zone']}"


ORDERS = {"ignore_enemy": ignore_enemy}
EVOLVERS = {IGNORED: _evolve_ignored}
LEGAL_OPTIONS = [_legal_options]
DEFAULT_ORDERS = [_default_order]
DESCRIBERS = {IGNORED: _describe}
