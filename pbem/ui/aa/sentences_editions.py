"""Sentences of the events the editions after A&A 1941 add (research, strategic bombing raids,
rockets, antiaircraft fire, shore bombardment, repairs, China's free infantry, income with
national objectives, victory cities): ``fn(story, payload, event) -> sentence``, merged into
``sentences.SENTENCES``. Units are counted by type, spaces and powers named in the reader's
language; nothing here decides a rule, the payloads carry the outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.ui.aa.describe import power_name, space_name
from pbem.ui.aa.editions_words import advance_name, chart_name, objective_text, objectives_of
from pbem.ui.aa.vocabulary import SIDE_NAMES

if TYPE_CHECKING:
    from pbem.ui.aa.describe import AAStory


def _who(s: AAStory, p: dict[str, Any], event: dict[str, Any], key: str = "power") -> str:
    return power_name(s._, p.get(key) or event.get("seat"), s.names)


# -- research and development -------------------------------------------------------------


def research_rolled(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.aae_research_rolled``: tokens bought (and their cost), the dice, a breakthrough or not."""
    _, power = s._, _who(s, p, event)
    bought, faces = int(p.get("bought", 0) or 0), " ".join(str(f) for f in p.get("faces") or [])
    text = _.ngettext("%(power)s buys %(num)d research token for %(cost)s IPCs",
                      "%(power)s buys %(num)d research tokens for %(cost)s IPCs", bought, power=power,
                      cost=p.get("cost", 0)) + "; " if bought else ""
    if p.get("success"):
        return text + _("%(power)s rolls %(faces)s for research: a breakthrough!", power=power, faces=faces)
    held = int(p.get("tokens", 0) or 0)
    return text + _.ngettext("%(power)s rolls %(faces)s for research: no breakthrough; %(num)d token is kept",
                             "%(power)s rolls %(faces)s for research: no breakthrough; %(num)d tokens are kept",
                             held, power=power, faces=faces)


def breakthrough(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.aae_breakthrough``: the chart chosen, its dice, the advance (in effect at once)."""
    faces = " ".join(str(f) for f in p.get("faces") or [])
    return s._("%(power)s rolls %(faces)s on %(chart)s: %(advance)s, in effect at once", power=_who(s, p, event),
               faces=faces, chart=chart_name(s._, p.get("chart")), advance=advance_name(s._, p.get("advance")))


# -- strategic bombing raids, rockets, repairs ----------------------------------------------


def raid_declared(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    units = list(p.get("units") or [])
    if not units:
        return s._("%(power)s calls off the raid on %(target)s", power=_who(s, p, event),
                   target=space_name(s._, p.get("target")))
    return s._("%(power)s sends %(units)s on a strategic bombing raid against the industrial complex in "
               "%(target)s", power=_who(s, p, event), units=s.units(units), target=space_name(s._, p.get("target")))


def raid(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    _ = s._
    target, power = space_name(_, p.get("target")), _who(s, p, event)
    survivors = list(p.get("survivors") or [])
    if not survivors:
        return _("Strategic bombing raid on %(target)s: no bomber of %(power)s gets through", target=target,
                 power=power)
    return _("Strategic bombing raid on %(target)s: %(units)s of %(power)s roll %(rolled)s; the industrial "
             "complex takes %(damage)s damage markers", target=target, units=s.units(survivors), power=power,
             rolled=p.get("rolled", 0), damage=p.get("damage", 0))


def rocket_declared(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(power)s aims a rocket from %(site)s at the industrial complex in %(target)s",
               power=_who(s, p, event), site=space_name(s._, p.get("from")), target=space_name(s._, p.get("target")))


def rocket(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("Rocket attack from %(site)s on %(target)s: %(power)s rolls %(rolled)s; the industrial complex takes "
               "%(damage)s damage markers", site=space_name(s._, p.get("from")),
               target=space_name(s._, p.get("target")), power=_who(s, p, event), rolled=p.get("rolled", 0),
               damage=p.get("damage", 0))


def repaired(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    repairs = p.get("complexes") or p.get("repairs") or {}
    parts = ", ".join(s._("%(n)s in %(space)s", n=n, space=space_name(s._, t)) for t, n in repairs.items())
    return s._("%(power)s repairs damage markers (%(repairs)s) for %(cost)s IPCs", power=_who(s, p, event),
               repairs=parts or s._("nothing"), cost=p.get("cost", 0))


# -- combat openings -----------------------------------------------------------------------


def antiaircraft_fire(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    _ = s._
    place, owner = space_name(_, p.get("place")), power_name(_, p.get("owner"), s.names)
    targets, lost = list(p.get("targets") or []), list(p.get("destroyed") or [])
    if not lost:
        return _("Antiaircraft fire of %(power)s in %(place)s at %(units)s: no aircraft is hit", power=owner,
                 place=place, units=s.units(targets))
    return _("Antiaircraft fire of %(power)s in %(place)s at %(units)s: %(lost)s shot down", power=owner,
             place=place, units=s.units(targets), lost=s.by_owner(lost))


def bombarded(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    place, ships = space_name(s._, p.get("place")), s.units(p.get("ships") or [])
    return s._.ngettext("Shore bombardment of %(place)s by %(ships)s: %(num)d hit",
                        "Shore bombardment of %(place)s by %(ships)s: %(num)d hits", int(p.get("hits", 0) or 0),
                        place=place, ships=ships)


# -- China, complexes ------------------------------------------------------------------------


def china_infantry(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.aae_china_infantry``: China's free infantry this turn, and how many wait to be placed."""
    china, count = power_name(s._, "china", s.names), int(p.get("count", 0) or 0)
    return s._.ngettext("%(power)s receives %(num)d free infantry (%(pending)s to place)",
                        "%(power)s receives %(num)d free infantry (%(pending)s to place)", count, power=china,
                        pending=p.get("pending", count))


def free_infantry_placed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    placements = p.get("placements") or {}
    where = ", ".join(s._("%(n)s in %(space)s", n=n, space=space_name(s._, t)) for t, n in placements.items())
    return s._("%(power)s places its free infantry: %(where)s", power=power_name(s._, "china", s.names),
               where=where or s._("nothing"))


def combat_block(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(power)s moves and fights first in this turn", power=power_name(s._, p.get("first"), s.names))


def site_placed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(power)s builds an industrial complex in %(at)s", power=_who(s, p, event),
               at=space_name(s._, p.get("at")))


# -- income, national objectives, victory --------------------------------------------------


def _side_of(s: AAStory, power: str) -> str:
    sides = getattr(s.ruleset, "sides", None) or {}
    side = sides.get(power) if isinstance(sides, dict) else None
    return s._(SIDE_NAMES[side]) if side in SIDE_NAMES else power_name(s._, power, s.names)


def income(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    _, power = s._, _who(s, p, event)
    if p.get("capital_lost"):
        return _("%(power)s collects no income: an enemy holds its capital", power=power)
    text = _("%(power)s collects %(total)s IPCs: %(production)s of production", power=power,
             total=p.get("total", 0), production=p.get("production", 0))
    objectives = list(p.get("objectives") or [])
    data = objectives_of(_folder(s))
    side = _side_of(s, str(p.get("power") or event.get("seat") or ""))
    met = [o for o in objectives if o.get("met")]
    missed = [o for o in objectives if not o.get("met")]
    if met:
        text += "; " + _("national objectives met (+%(bonus)s IPCs): %(list)s",
                         bonus=sum(int(o.get("bonus", 0)) for o in met),
                         list=" / ".join(objective_text(_, data.get(o["id"], o), power, side) for o in met))
    if missed:
        text += "; " + _("missed: %(list)s",
                         list=" / ".join(objective_text(_, data.get(o["id"], o), power, side) for o in missed))
    if p.get("war_bonds"):
        text += "; " + _("War Bonds: +%(n)s IPCs", n=p["war_bonds"])
    return text


def _folder(s: AAStory) -> str:
    edition = getattr(s.ruleset, "edition", None)
    return str(getattr(edition, "folder", "") or getattr(s.ruleset, "key", ""))


def victory(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    winner = p.get("winner", "")
    args = {"cities": p.get("cities", 0), "needed": p.get("needed", 0), "round": p.get("round", "")}
    if winner == "axis":
        return s._("The Axis win the game: they hold %(cities)s victory cities (%(needed)s needed) at the end "
                   "of round %(round)s", **args)
    if winner == "allies":
        return s._("The Allies win the game: they hold %(cities)s victory cities (%(needed)s needed) at the end "
                   "of round %(round)s", **args)
    return s._("%(winner)s wins the game", winner=s.team_text(winner))


SENTENCES = {
    "aa.aae_research_rolled": research_rolled, "aa.aae_breakthrough": breakthrough,
    "aa.raid_declared": raid_declared, "aa.raid": raid, "aa.rocket_declared": rocket_declared,
    "aa.rocket": rocket, "aa.aae_repaired": repaired, "aa.antiaircraft_fire": antiaircraft_fire,
    "aa.bombarded": bombarded, "aa.aae_china_infantry": china_infantry,
    "aa.aae_free_infantry_placed": free_infantry_placed, "aa.aae_combat_block": combat_block,
    "aa.site_placed": site_placed, "aa.aae_income_collected": income, "aa.aae_game_won": victory,
}
