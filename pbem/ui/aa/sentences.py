"""One function per A&A event type: ``fn(story, payload, event) -> sentence`` (see ``describe.py``).

Every event type the A&A rules emit has its sentence here (``tests/web/test_story_aa.py`` checks
that against the rules' ``EVOLVERS``); spaces, powers and units are named in the reader's
language, units counted per type, losses per owner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pbem.ui.aa.describe import count_text, phase_name, power_name, space_name, spaces_text, step_name
from pbem.ui.aa.sentences_combat import SENTENCES as COMBAT_SENTENCES
from pbem.ui.aa.sentences_editions import SENTENCES as EDITIONS
from pbem.ui.aa.sentences_global import SENTENCES as GLOBAL1940
from pbem.ui.aa.vocabulary import TREASURIES
from pbem.ui.i18n import N_

if TYPE_CHECKING:
    from pbem.ui.aa.describe import AAStory

Sentence = Callable[["AAStory", dict[str, Any], dict[str, Any]], str]


def _who(s: AAStory, p: dict[str, Any], event: dict[str, Any], key: str = "power") -> str:
    return power_name(s._, p.get(key) or event.get("seat"), s.names)


def moved(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    _, route = s._, list(p.get("route") or [])
    start, end = (route[0], route[-1]) if route else ("", "")
    args = {"power": _who(s, p, event), "units": s.units(p.get("units", [])), "start": space_name(_, start),
            "end": space_name(_, end)}
    if len(route) > 2:
        text = _("%(power)s moves %(units)s from %(start)s to %(end)s via %(via)s", **args,
                 via=spaces_text(_, route[1:-1]))
    else:
        text = _("%(power)s moves %(units)s from %(start)s to %(end)s", **args)
    extra = []
    if p.get("cargo"):
        extra.append(_("carrying %(units)s", units=s.units(p["cargo"])))
    if p.get("load") is not None:
        extra.append(_("aboard a transport"))
    if p.get("blitzed"):
        extra.append(_("blitzing through %(spaces)s", spaces=spaces_text(_, p["blitzed"])))
    return text + "".join(f" ({x})" for x in extra)


def purchased(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(power)s buys %(units)s for %(cost)s IPCs", power=_who(s, p, event),
               units=count_text(s._, p.get("units") or {}), cost=p.get("cost", 0))


def placed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    counts: dict[str, int] = {}
    for u in p.get("units", []):
        counts[u.get("type", "unit")] = counts.get(u.get("type", "unit"), 0) + 1
    return s._("%(power)s places %(units)s in %(at)s", power=_who(s, p, event), units=count_text(s._, counts),
               at=space_name(s._, p.get("at")))


def refunded(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(power)s gets back %(ipcs)s IPCs for %(units)s it could not place", power=_who(s, p, event),
               ipcs=p.get("ipcs", 0), units=count_text(s._, p.get("units") or {}))


def battle_opened(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    _ = s._
    defenders = [power_name(_, d, s.names) for d in p.get("defenders", [])]
    args = {"place": space_name(_, p.get("place")), "attacker": power_name(_, p.get("attacker"), s.names),
            "defenders": s.names_list(defenders), "units": s.units(p.get("attackers", []))}
    if p.get("amphibious"):  # the units landing from the transports attack too (AA41-AMP-01, G40-CM-12)
        landing = [i for land in p.get("landing") or [] for i in land.get("units") or []]
        args["units"] = s.units([*p.get("attackers", []), *landing])
        zone = space_name(_, p.get("sea_zone"))
        if not defenders:  # no "attacks nobody": Italian would put an article before "nessuno"
            return _("Amphibious assault on %(place)s from %(zone)s: %(attacker)s attacks with %(units)s; "
                     "nobody defends", zone=zone, **args)
        return _("Amphibious assault on %(place)s from %(zone)s: %(attacker)s attacks %(defenders)s with "
                 "%(units)s", zone=zone, **args)
    if not defenders:
        return _("Battle in %(place)s: %(attacker)s attacks with %(units)s; nobody defends", **args)
    return _("Battle in %(place)s: %(attacker)s attacks %(defenders)s with %(units)s", **args)


def battle_round(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("Battle in %(place)s, round %(round)s: %(attackers)s against %(defenders)s",
               place=space_name(s._, p.get("place")), round=p.get("round"),
               attackers=s.by_owner(u["id"] for u in p.get("attackers", [])),
               defenders=s.by_owner(u["id"] for u in p.get("defenders", [])))


def battle_hits(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    # names first: a ``_`` inside an ``ngettext`` call hides its plural from pybabel
    place, step = space_name(s._, p.get("place")), step_name(s._, p.get("step", ""))
    return s._.ngettext("%(place)s, %(step)s: %(num)d hit", "%(place)s, %(step)s: %(num)d hits",
                        int(p.get("total", 0)), place=place, step=step)


def casualties_owed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    hits = p.get("hits")
    total = sum(hits.values()) if isinstance(hits, dict) else int(hits or 0)
    who = s.names_list(power_name(s._, seat, s.names) for seat in p.get("seats", []))
    place, side = space_name(s._, p.get("place")), p.get("side", "")
    if who:
        return s._.ngettext("%(place)s: %(who)s (%(side)s) must choose %(num)d casualty",
                            "%(place)s: %(who)s (%(side)s) must choose %(num)d casualties", total,
                            place=place, who=who, side=s.side_text(side))
    # no power named: the side is the subject ("il difensore deve scegliere"), said once
    if side == "attacker":
        return s._.ngettext("%(place)s: the attacker must choose %(num)d casualty",
                            "%(place)s: the attacker must choose %(num)d casualties", total, place=place)
    if side == "defender":
        return s._.ngettext("%(place)s: the defender must choose %(num)d casualty",
                            "%(place)s: the defender must choose %(num)d casualties", total, place=place)
    return s._.ngettext("%(place)s: %(num)d casualty must be chosen",
                        "%(place)s: %(num)d casualties must be chosen", total, place=place)


def casualty_choice(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(power)s chooses its casualties in %(place)s: %(units)s", power=_who(s, p, event),
               place=space_name(s._, p.get("place")), units=s.units(p.get("units", [])))


def casualties(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    _ = s._
    place, lost, damaged = space_name(_, p.get("place")), list(p.get("destroyed", [])), list(p.get("damaged", []))
    rnd = p.get("round") or 0
    if lost:
        losses = s.by_owner(lost, N_LOSES)
        text = (_("%(place)s, round %(round)s: %(losses)s", place=place, round=rnd, losses=losses) if rnd
                else _("%(place)s: %(losses)s", place=place, losses=losses))
    elif p.get("side") == "attacker":  # per side, as battle_ended: "dell'attaccante", "del difensore"
        text = _("%(place)s: no unit of the attacker is destroyed", place=place)
    elif p.get("side") == "defender":
        text = _("%(place)s: no unit of the defender is destroyed", place=place)
    else:
        text = _("%(place)s: no unit is destroyed", place=place)
    if damaged:
        text += "; " + _("damaged: %(units)s", units=s.by_owner(damaged))
    if p.get("cargo"):
        text += "; " + _("lost with their transports: %(units)s", units=s.by_owner(p["cargo"]))
    if p.get("stranded"):
        text += "; " + _("without a carrier: %(units)s", units=s.units(p["stranded"]))
    return text


#: One owner's part of the losses of a firing step (``AAStory.by_owner``).
N_LOSES = N_("%(power)s loses %(units)s")


def submerged(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(place)s: %(units)s submerge (%(by)s)", place=space_name(s._, p.get("place")),
               units=s.by_owner(p.get("units", [])), by=s.by_text(p.get("by", "")))


def set_aside_removed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    ids = list(p.get("units", [])) + list(p.get("cargo", [])) + list(p.get("stranded", []))
    return s._("%(place)s: the casualties %(units)s fired back and leave the board",
               place=space_name(s._, p.get("place")), units=s.by_owner(ids))


def battle_landed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(units)s land in %(place)s from %(zone)s", units=s.units(p.get("units", [])),
               place=space_name(s._, p.get("place")), zone=space_name(s._, p.get("sea_zone")))


def battle_ended(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    place, why = space_name(s._, p.get("place")), s.ending_text(p.get("reason", ""))
    winner = p.get("winner", "none")
    if winner == "attacker":  # one sentence per side: Italian says "vince l'attaccante", "vince il difensore"
        text = s._("Battle in %(place)s is over: %(why)s; the attacker wins", place=place, why=why)
    elif winner == "defender":
        text = s._("Battle in %(place)s is over: %(why)s; the defender wins", place=place, why=why)
    else:
        text = s._("Battle in %(place)s is over with no winner: %(why)s", place=place, why=why)
    if p.get("repaired"):
        text += "; " + s._("repaired: %(units)s", units=s.units(p["repaired"]))
    return text


def retreated(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    place = space_name(s._, p.get("place"))
    text = ""
    if p.get("units") and p.get("to"):
        text = s._("%(units)s retreat from %(place)s to %(to)s", units=s.units(p["units"]), place=place,
                   to=space_name(s._, p["to"]))
    if p.get("air"):
        air = s._("%(units)s leave the battle in %(place)s", units=s.units(p["air"]), place=place)
        text = f"{text}; {air}" if text else air
    return text or s._("The attacker retreats from %(place)s", place=place)


def _treasury(s: AAStory, key: Any) -> str:
    return s._(TREASURIES[key]) if key in TREASURIES else power_name(s._, key, s.names)


def territory_captured(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    _ = s._
    args = {"power": _who(s, p, event), "territory": space_name(_, p.get("territory")),
            "by": power_name(_, p.get("by"), s.names)}
    if p.get("liberated"):
        text = _("%(by)s liberates %(territory)s: it returns to %(power)s", **args)
    elif p.get("from"):
        text = _("%(power)s takes %(territory)s from %(from)s", **args,
                 **{"from": power_name(_, p["from"], s.names)})
    else:
        text = _("%(power)s takes %(territory)s", **args)
    if p.get("ipcs") and p.get("ipcs_from"):  # Global 1940: treasuries (the UK's two economies)
        seizer = _treasury(s, p["ipcs_to"]) if p.get("ipcs_to") else args["power"]
        text += "; " + _("%(power)s seizes %(ipcs)s IPCs of %(from)s", power=seizer, ipcs=p["ipcs"],
                         **{"from": _treasury(s, p["ipcs_from"])})
    return text


def amphibious_declared(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(power)s declares an amphibious assault on %(target)s from %(zone)s with %(units)s",
               power=_who(s, p, event), target=space_name(s._, p.get("target")),
               zone=space_name(s._, p.get("sea_zone")),
               units=s.units(list(p.get("units", [])) + [int(k) for k in (p.get("air") or {})]))


def attacked_in_place(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(power)s attacks in %(space)s with %(units)s already there", power=_who(s, p, event),
               units=s.units(p.get("units", [])), space=space_name(s._, p.get("space")))


def air_landed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    landings = p.get("landings") or {}
    return s._.ngettext("%(units)s land on %(num)d carrier", "%(units)s land on %(num)d carriers",
                        len(set(landings.values())), units=s.by_owner(int(k) for k in landings))


def air_lost(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(units)s find no place to land and are lost", units=s.by_owner(p.get("units", [])))


def stranded_landed(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(units)s from %(space)s land in %(to)s (%(by)s)", units=s.by_owner([p.get("unit")]),
               space=space_name(s._, p.get("from")), to=space_name(s._, p.get("to")), by=s.by_text(p.get("by", "")))


def stranded_lost(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(units)s in %(space)s cannot land and are lost", units=s.by_owner([p.get("unit")]),
               space=space_name(s._, p.get("space")))


def standing(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(power)s updates its standing orders", power=_who(s, p, event))


def turn_started(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("Round %(round)s: %(power)s's turn", round=p.get("round"), power=_who(s, p, event))


def phase_started(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    if p.get("power"):  # another power plays inside the turn (China in the US turn)
        return s._("Phase: %(phase)s, played by %(power)s", phase=phase_name(s._, p.get("phase")),
                   power=power_name(s._, p["power"], s.names))
    return s._("Phase: %(phase)s", phase=phase_name(s._, p.get("phase")))


def income_collected(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    if p.get("capital_lost"):
        return s._("%(power)s collects no income: an enemy holds its capital", power=_who(s, p, event))
    return s._("%(power)s collects %(amount)s IPCs", power=_who(s, p, event), amount=p.get("amount", 0))


def game_won(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    winner, held = p.get("winner", ""), spaces_text(s._, p.get("capitals") or [])
    mode = s.mode_text(p.get("mode", "")) or s._("game")
    if winner == "axis":
        return (s._("The Axis win the game (%(mode)s): they hold %(capitals)s", mode=mode, capitals=held) if held
                else s._("The Axis win the game"))
    if winner == "allies":
        return (s._("The Allies win the game (%(mode)s): they hold %(capitals)s", mode=mode, capitals=held) if held
                else s._("The Allies win the game"))
    return s._("%(winner)s wins the game", winner=s.team_text(winner))


SENTENCES: dict[str, Sentence] = {
    f"aa.{fn.__name__}": fn for fn in (
        moved, purchased, placed, refunded, battle_opened, battle_round, battle_hits, casualties_owed,
        casualty_choice, casualties, submerged, set_aside_removed, battle_landed, battle_ended, retreated,
        territory_captured, amphibious_declared, attacked_in_place, air_landed, air_lost, stranded_landed,
        stranded_lost, standing, turn_started, phase_started, income_collected, game_won)}

SENTENCES.update(EDITIONS)
SENTENCES.update(COMBAT_SENTENCES)  # the combat events' own sentences
SENTENCES.update(GLOBAL1940)
