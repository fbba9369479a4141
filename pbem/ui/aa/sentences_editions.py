"""Sentences of the events the editions after A&A 1941 add: research and breakthroughs, repairs,
complexes built, China's free infantry and combat block, income with national objectives, victory
cities (the combat events' are in ``sentences_combat.py``). ``fn(story, payload, event) ->
sentence``, merged into ``sentences.SENTENCES``; units counted by type, spaces and powers named in
the reader's language; nothing here decides a rule, the payloads carry the outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.ui.aa.describe import count_text, power_name, space_name
from pbem.ui.aa.editions_words import advance_name, chart_name, objective_text, objectives_of
from pbem.ui.aa.vocabulary import SIDE_NAMES, TREASURIES, TREASURY_POWERS

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


def capital_losses(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.aae_capital_losses``: a captured capital costs its power its research tokens and the
    units waiting in its mobilization zone (AAE-MOB-11)."""
    tokens, power = int(p.get("tokens", 0) or 0), _who(s, p, event)
    units = count_text(s._, dict(p.get("units") or {}))  # before ngettext: pybabel must see its plural
    return s._.ngettext("%(power)s loses its capital, and with it %(num)d research token and %(units)s waiting",
                        "%(power)s loses its capital, and with it %(num)d research tokens and %(units)s waiting",
                        tokens, power=power, units=units)


def paradropped(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.aae_paradropped``: a bomber carries one infantry from a territory to the one it attacks
    (Paratroopers, AAE-TECH-03)."""
    return s._("%(power)s drops a paratrooper infantry from %(from)s on %(at)s (bomber #%(bomber)s)",
               power=_who(s, p, event), bomber=p.get("bomber", ""),
               **{"from": space_name(s._, str(p.get("from", ""))), "at": space_name(s._, str(p.get("at", "")))})


# -- repairs ---------------------------------------------------------------------------------


def repaired(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    repairs = p.get("complexes") or p.get("repairs") or {}
    parts = ", ".join(s._("%(n)s in %(space)s", n=n, space=space_name(s._, t)) for t, n in repairs.items())
    return s._("%(power)s repairs damage markers (%(repairs)s) for %(cost)s IPCs", power=_who(s, p, event),
               repairs=parts or s._("nothing"), cost=p.get("cost", 0))


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


def units_waiting(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.units_waiting``: units bought but not placed stay in the mobilization zone (AAE-MOB-09)."""
    return s._("%(power)s could not place %(units)s: they wait in the mobilization zone for the next turn",
               power=_who(s, p, event), units=count_text(s._, dict(p.get("units") or {})))


def units_returned(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.units_returned``: the units waiting from earlier turns join this turn's placement."""
    return s._("%(units)s waiting from an earlier turn join the units %(power)s places this turn",
               power=_who(s, p, event), units=count_text(s._, dict(p.get("units") or {})))


# -- income, national objectives, victory --------------------------------------------------


def _side_of(s: AAStory, power: str) -> str:
    sides = getattr(s.ruleset, "sides", None) or {}
    side = sides.get(power) if isinstance(sides, dict) else None
    return s._(SIDE_NAMES[side]) if side in SIDE_NAMES else power_name(s._, power, s.names)


def income(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """Income with each national objective met or missed and War Bonds; Global 1940's payload names
    its ``treasury`` (the UK's two economies) and what convoy disruption cost."""
    _, treasury = s._, str(p.get("treasury") or "")
    owner = str(p.get("power") or TREASURY_POWERS.get(treasury, treasury) or event.get("seat") or "")
    power = _(TREASURIES[treasury]) if treasury in TREASURIES else power_name(_, owner, s.names)
    if p.get("capital_lost"):
        return _("%(power)s collects no income: an enemy holds its capital", power=power)
    text = _("%(power)s collects %(total)s IPCs: %(production)s of production", power=power,
             total=p.get("total", 0), production=p.get("production", 0))
    objectives = list(p.get("objectives") or [])
    data = objectives_of(_folder(s))
    side = _side_of(s, owner)
    met = [o for o in objectives if o.get("met")]
    missed = [o for o in objectives if not o.get("met")]
    if met:
        text += "; " + _("national objectives met (+%(bonus)s IPCs): %(list)s",
                         bonus=sum(int(o.get("bonus", 0)) for o in met),
                         list=" / ".join(objective_text(_, data.get(o["id"], o), power, side) for o in met))
    if missed:
        text += "; " + _("missed: %(list)s",
                         list=" / ".join(objective_text(_, data.get(o["id"], o), power, side) for o in missed))
    if p.get("convoy"):
        text += "; " + _("convoy disruption: \u2212%(n)s IPCs", n=p["convoy"])
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
    "aa.aae_capital_losses": capital_losses, "aa.aae_paradropped": paradropped,
    "aa.aae_repaired": repaired, "aa.aae_china_infantry": china_infantry,
    "aa.aae_free_infantry_placed": free_infantry_placed, "aa.aae_combat_block": combat_block,
    "aa.site_placed": site_placed, "aa.units_waiting": units_waiting, "aa.units_returned": units_returned,
    "aa.aae_income_collected": income, "aa.aae_game_won": victory,
}
