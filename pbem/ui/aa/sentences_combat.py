"""Sentences of the combat events editions add: antiaircraft fire, shore bombardment, strategic
bombing raids and rockets (``pbem/games/aa/combat_opening.py``, ``anniversary/raids.py``); Global
1940's raids on installations, scrambles and kamikaze attacks are told in ``sentences_defence.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.ui.aa.describe import space_name

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


SENTENCES = {f"aa.{fn.__name__}": fn for fn in (antiaircraft_fire, bombarded, raid_declared, rocket_declared,
                                                 raid, rocket)}
