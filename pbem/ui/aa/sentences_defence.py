"""Sentences of Global 1940's combat events (``pbem/games/aa/global1940/defending.py``,
``bombing.py``): the defender's decisions (scrambles, kamikaze attacks, interceptors) owed, taken,
carried out and brought back; raids on installations with their escorts, the air battle over the
target (with the casualty choices it waits for), the installation's antiaircraft fire and the damage;
interceptors stranded when their territory falls. ``fn(story, payload, event)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.ui.aa.describe import power_name, space_name, spaces_text
from pbem.ui.aa.vocabulary import UNIT_NAMES
from pbem.ui.i18n import N_

if TYPE_CHECKING:
    from pbem.ui.aa.describe import AAStory


def power_of(s: AAStory, power: Any) -> str:
    return power_name(s._, str(power or ""), s.names)


def powers_of(s: AAStory, powers: Any) -> str:
    return s.names_list(power_of(s, p) for p in powers)


def installation(s: AAStory, kind: Any) -> str:
    """An installation by kind (``air_base``...) in the reader's language."""
    one, _many = UNIT_NAMES.get(str(kind), (N_("installation"), N_("installations")))
    return s._(one)


def _scrambles(s: AAStory, by_base: dict[str, Any]) -> list[str]:
    return [s._("%(units)s from %(base)s into %(zone)s", units=s.units(ids), base=space_name(s._, base),
                zone=space_name(s._, zone))
            for base, zones in sorted(by_base.items()) for zone, ids in sorted(zones.items()) if ids]


def defence_owed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.defence_owed``: the defending powers that may scramble, strike or intercept now."""
    return s._("Before the battles, %(powers)s decide scrambles, kamikaze attacks and interceptors",
               powers=powers_of(s, sorted(p.get("options") or {})))


def defence_chosen(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.defence_chosen``: one defender's decision (by itself or by its standing orders)."""
    _, parts = s._, _scrambles(s, p.get("scramble") or {})
    strikes = sum(len(ids) for ids in (p.get("kamikaze") or {}).values())
    if strikes:
        parts.append(_.ngettext("%(num)d kamikaze attack", "%(num)d kamikaze attacks", strikes))
    for place, ids in sorted((p.get("intercept") or {}).items()):
        if ids:
            parts.append(_("%(units)s intercept over %(place)s", units=s.units(ids), place=space_name(_, place)))
    who = power_of(s, p.get("power") or event.get("seat"))
    by = _(" (by standing orders)") if p.get("by") == "standing orders" else ""
    if not parts:
        return _("%(power)s neither scrambles, strikes nor intercepts", power=who) + by
    return _("%(power)s defends with: %(list)s", power=who, list="; ".join(parts)) + by


def scrambled(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.scrambled``: ``moves`` [[air-base territory, sea zone, [aircraft ids]]]."""
    by_base: dict[str, dict[str, list[int]]] = {}
    for base, zone, ids in p.get("moves") or []:
        by_base.setdefault(str(base), {})[str(zone)] = list(ids)
    return s._("Aircraft scramble: %(list)s", list="; ".join(_scrambles(s, by_base)) or s._("nothing"))


def scramble_returned(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.scramble_returned``: survivors back to their base; those whose base fell are stranded."""
    _, back = s._, {}
    for _zone, base, uid in p.get("returned") or []:
        back.setdefault(str(base), []).append(uid)
    parts = [_("back to base (%(base)s): %(units)s", units=s.units(ids), base=space_name(_, base))
             for base, ids in sorted(back.items())]
    if p.get("stranded"):
        parts.append(_("stranded, their air base lost: %(units)s", units=s.units(p["stranded"])))
    return _("The scrambled aircraft return: %(list)s", list="; ".join(parts)) if parts else \
        _("No scrambled aircraft to bring back")


def kamikaze(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``defence.resolve_kamikaze``: tokens used, ships sunk and damaged, zones without bombardment."""
    _ = s._
    used = int(p.get("used", 0) or 0)
    power, zones = power_of(s, "japan"), spaces_text(_, p.get("no_bombardment") or [])  # before ngettext (pybabel)
    text = _.ngettext("%(power)s makes %(num)d kamikaze attack in %(zones)s",
                      "%(power)s makes %(num)d kamikaze attacks in %(zones)s", used, power=power, zones=zones)
    sunk, damaged = list(p.get("sunk") or []), list(p.get("damaged") or [])
    if sunk:
        text += "; " + _("sunk: %(units)s", units=s.units(sunk))
    if damaged:
        text += "; " + _("damaged: %(units)s", units=s.units(damaged))
    if not sunk and not damaged:
        text += "; " + _("every attack misses")
    return text + "; " + _("no shore bombardment from there this turn")


# -- installations --------------------------------------------------------------------------


def installation_raid_declared(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.installation_raid_declared``: raiders (and escorts) named against one installation."""
    _ = s._
    kind, place = installation(s, p.get("installation")), space_name(_, p.get("target"))
    if not p.get("units"):
        return _("The raid on the %(kind)s in %(place)s is called off", kind=kind, place=place)
    text = _("%(units)s will raid the %(kind)s in %(place)s", units=s.units(p["units"]), kind=kind, place=place)
    if p.get("escorts"):
        text += "; " + _("escorts: %(units)s", units=s.units(p["escorts"]))
    return text


def air_hits(s: AAStory, p: dict[str, Any]) -> tuple[str, str]:
    """The air battle's hits, the attackers' then the defenders': "1 hit", "0 hits"."""
    attacker, defender = int(p.get("attacker_hits", 0) or 0), int(p.get("defender_hits", 0) or 0)
    return (s._.ngettext("%(num)d hit", "%(num)d hits", attacker),
            s._.ngettext("%(num)d hit", "%(num)d hits", defender))


def air_battle(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.air_battle``: raiders and escorts against the interceptors, one round (G40-SBR-05)."""
    _ = s._
    lost = list(p.get("destroyed") or [])
    attackers, defenders = s.units(p.get("attackers") or []), s.units(p.get("defenders") or [])
    a, d = air_hits(s, p)
    return _("Air battle over %(place)s: %(attackers)s against %(defenders)s; %(a)s and %(d)s; lost: %(lost)s",
             place=space_name(_, p.get("place")), attackers=attackers, defenders=defenders, a=a, d=d,
             lost=s.by_owner(lost) if lost else _("nothing"))


def air_battle_owed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.air_battle_owed``: the air battle's hits, waiting for the seats that choose casualties."""
    _ = s._
    seats = sorted({str(seat) for side in (p.get("sides") or {}).values() for seat in side.get("seats") or []})
    a, d = air_hits(s, p)
    return _("Air battle over %(place)s: %(a)s and %(d)s; %(powers)s choose the aircraft lost",
             place=space_name(_, p.get("place")), a=a, d=d, powers=powers_of(s, seats))


def air_battle_choice(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.air_battle_choice``: one seat's choice of the air battle's casualties."""
    return s._("%(power)s chooses its casualties in the air battle over %(place)s", power=power_of(s, p.get("power")),
               place=space_name(s._, p.get("place")))


def interceptors_stranded(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.interceptors_stranded``: interceptors whose territory was captured land first in noncombat move."""
    return s._("Interceptors stranded, their territory captured (%(places)s): %(units)s; they land first in "
               "noncombat move", places=spaces_text(s._, p.get("territories") or []),
               units=s.units(p.get("units") or []))


def installation_raided(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.installation_raid``: the antiaircraft fire of the installation, then the surviving
    raiders' damage roll (``raids.resolve``) and the damage that stuck (capped)."""
    _ = s._
    damage, rolled = int(p.get("damage", 0) or 0), p.get("rolled", 0)
    kind, place = installation(s, p.get("kind")), space_name(_, p.get("territory"))  # before ngettext (pybabel)
    text = _.ngettext("Raid on the %(kind)s in %(place)s: the raiders roll %(rolled)s; %(num)d damage marker",
                      "Raid on the %(kind)s in %(place)s: the raiders roll %(rolled)s; %(num)d damage markers",
                      damage, kind=kind, place=place, rolled=rolled)
    if p.get("shot_down"):
        text += "; " + _("shot down by its antiaircraft fire: %(units)s", units=s.units(p["shot_down"]))
    return text


SENTENCES = {
    "aa.defence_owed": defence_owed, "aa.defence_chosen": defence_chosen, "aa.scrambled": scrambled,
    "aa.scramble_returned": scramble_returned, "aa.kamikaze": kamikaze,
    "aa.installation_raid_declared": installation_raid_declared, "aa.air_battle": air_battle,
    "aa.installation_raid": installation_raided, "aa.air_battle_owed": air_battle_owed,
    "aa.air_battle_choice": air_battle_choice, "aa.interceptors_stranded": interceptors_stranded,
}
