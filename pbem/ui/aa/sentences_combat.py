"""Sentences of the combat events editions add: antiaircraft fire, shore bombardment, strategic
bombing raids and rockets (``pbem/games/aa/combat_opening.py``, ``anniversary/raids.py``), raids on
installations with their air battles, and the defender's scrambles and kamikaze attacks
(``global1940/bombing.py``, ``global1940/defending.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.i18n import N_
from pbem.ui.aa.describe import power_name, space_name

if TYPE_CHECKING:
    from pbem.ui.aa.describe import AAStory


def antiaircraft_fire(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    place, targets = space_name(s._, p.get("place")), list(p.get("targets", []))
    lost = list(p.get("destroyed", []))
    if lost:
        return s._("%(place)s: the antiaircraft gun fires at %(targets)s and destroys %(units)s", place=place,
                   targets=s.units(targets), units=s.by_owner(lost))
    return s._("%(place)s: the antiaircraft gun fires at %(targets)s and misses", place=place,
               targets=s.units(targets))


def bombarded(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    place, ships = space_name(s._, p.get("place")), s.units(p.get("ships", []))
    if p.get("pooled"):
        return s._("%(place)s: %(ships)s bombard the coast; their dice join the attacker's first fire",
                   place=place, ships=ships)
    return s._.ngettext("%(place)s: %(ships)s bombard the coast, %(num)d hit",
                        "%(place)s: %(ships)s bombard the coast, %(num)d hits", int(p.get("hits", 0)),
                        place=place, ships=ships)


def raid_declared(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    place = space_name(s._, p.get("target"))
    if not p.get("units"):
        return s._("The strategic bombing raid on %(place)s is called off", place=place)
    return s._("%(units)s will raid the industrial complex in %(place)s", units=s.units(p["units"]), place=place)


def rocket_declared(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("A rocket will be fired from %(start)s at the industrial complex in %(place)s",
               start=space_name(s._, p.get("from")), place=space_name(s._, p.get("target")))


def raid(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    place, damage = space_name(s._, p.get("target")), int(p.get("damage", 0))
    return s._.ngettext("Strategic bombing raid on %(place)s: %(units)s get through and roll %(rolled)s; "
                        "%(num)d damage marker", "Strategic bombing raid on %(place)s: %(units)s get through "
                        "and roll %(rolled)s; %(num)d damage markers", damage, place=place,
                        units=s.units(p.get("survivors", [])), rolled=p.get("rolled", 0))


def rocket(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    place, start, damage = space_name(s._, p.get("target")), space_name(s._, p.get("from")), int(p.get("damage", 0))
    return s._.ngettext("Rocket from %(start)s on %(place)s rolls %(rolled)s: %(num)d damage marker",
                        "Rocket from %(start)s on %(place)s rolls %(rolled)s: %(num)d damage markers", damage,
                        start=start, place=place, rolled=p.get("rolled", 0))


INSTALLATIONS = {"major_complex": N_("major industrial complex"), "minor_complex": N_("minor industrial complex"),
                 "air_base": N_("air base"), "naval_base": N_("naval base")}


def _installation(s: AAStory, kind: Any) -> str:
    return s._(INSTALLATIONS[kind]) if kind in INSTALLATIONS else str(kind)


def installation_raid_declared(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    place, kind = space_name(s._, p.get("target")), _installation(s, p.get("installation"))
    if not p.get("units"):
        return s._("The raid on the %(kind)s in %(place)s is called off", kind=kind, place=place)
    return s._("%(units)s will raid the %(kind)s in %(place)s", units=s.units(p["units"]), kind=kind, place=place)


def air_battle(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("Air battle over %(place)s: %(attackers)s against %(defenders)s; lost: %(units)s",
               place=space_name(s._, p.get("place")), attackers=s.units(p.get("attackers", [])),
               defenders=s.units(p.get("defenders", [])), units=s.by_owner(p.get("destroyed", [])))


def installation_raid(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    damage = int(p.get("damage", 0))
    return s._.ngettext("Raid on the %(kind)s in %(place)s: shot down: %(shot)s; %(units)s roll %(rolled)s; "
                        "%(num)d damage point", "Raid on the %(kind)s in %(place)s: shot down: %(shot)s; %(units)s "
                        "roll %(rolled)s; %(num)d damage points", damage, kind=_installation(s, p.get("kind")),
                        place=space_name(s._, p.get("territory")), shot=s.units(p.get("shot_down", [])),
                        units=s.units(p.get("survivors", [])), rolled=p.get("rolled", 0))


def defence_owed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    powers = ", ".join(power_name(s._, w, s.names) for w in p.get("options", {}))
    return s._("Defence decisions owed before the battles: %(powers)s", powers=powers)


def defence_chosen(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    scrambled = [i for by_zone in (p.get("scramble") or {}).values() for ids in by_zone.values() for i in ids]
    strikes = sum(len(ids) for ids in (p.get("kamikaze") or {}).values())
    intercepting = [i for ids in (p.get("intercept") or {}).values() for i in ids]
    return s._("%(power)s decides its defence: scramble: %(scrambled)s; kamikaze attacks: %(strikes)s; "
               "interceptors: %(intercepting)s", power=power_name(s._, p.get("power"), s.names),
               scrambled=s.units(scrambled), strikes=strikes, intercepting=s.units(intercepting))


def kamikaze(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._.ngettext("%(num)d kamikaze attack: ships sunk: %(sunk)s; ships damaged: %(damaged)s",
                        "%(num)d kamikaze attacks: ships sunk: %(sunk)s; ships damaged: %(damaged)s",
                        int(p.get("used", 0)),
                        sunk=s.units(p.get("sunk", [])), damaged=s.units(p.get("damaged", [])))


def scrambled(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    parts = [s._("%(units)s from %(base)s to %(zone)s", units=s.units(ids), base=space_name(s._, base),
                 zone=space_name(s._, zone)) for base, zone, ids in p.get("moves", [])]
    return s._("Scramble: %(moves)s", moves="; ".join(parts))


def scramble_returned(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    back = [i for _zone, _base, i in p.get("returned", [])]
    return s._("Scrambled aircraft return to their bases: %(units)s; stranded: %(stranded)s", units=s.units(back),
               stranded=s.units(p.get("stranded", [])))


SENTENCES = {f"aa.{fn.__name__}": fn for fn in (antiaircraft_fire, bombarded, raid_declared, rocket_declared,
                                                 raid, rocket, installation_raid_declared, air_battle,
                                                 installation_raid, defence_owed, defence_chosen, kamikaze,
                                                 scrambled, scramble_returned)}
