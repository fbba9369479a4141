"""Sentences of Global 1940's events on the board (``pbem/games/aa/global1940/``: ``building.py``,
``entering.py``, ``liberation_hooks.py``, ``rocket_orders.py``, ``paradrop_orders.py``, ``ignoring.py``):
installations built in Mobilize, the Dutch territories taken over or attacked, submarines intercepting
transports, liberated territories returned to their original controllers and France's liberation bonus,
rockets readied and fired, paratroopers dropped, lone enemy submarines and transports ignored.
``fn(story, payload, event) -> sentence``, merged into ``sentences_global.SENTENCES``; the payloads
carry the outcome, nothing here decides a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.ui.aa.describe import count_text, space_name
from pbem.ui.aa.sentences_defence import installation, power_of, powers_of
from pbem.ui.aa.vocabulary import TREASURIES

if TYPE_CHECKING:
    from pbem.ui.aa.describe import AAStory


def built(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_built``: an installation bought this turn placed (the UK builds per economy)."""
    treasury = str(p.get("treasury") or "")
    who = s._(TREASURIES[treasury]) if treasury in TREASURIES else power_of(s, p.get("power") or event.get("seat"))
    return s._("%(power)s builds in %(place)s: %(kind)s", power=who, place=space_name(s._, p.get("at")),
               kind=installation(s, p.get("kind")))


# -- the Dutch territories --------------------------------------------------------------------


def dutch_taken(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_dutch_taken``: the first UK or ANZAC land unit entering takes it and its income."""
    return s._("%(power)s takes over the Dutch territory %(place)s and its income", power=power_of(s, p.get("power")),
               place=space_name(s._, p.get("territory")))


def dutch_wronged(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_dutch_wronged``: an Axis attack on a Dutch territory, an act of war on its guardians."""
    return s._("%(power)s attacks the Dutch territory %(place)s: an act of war against %(powers)s",
               power=power_of(s, p.get("power")), place=space_name(s._, p.get("territory")),
               powers=powers_of(s, p.get("wronged") or []))


# -- submarine interception -------------------------------------------------------------------


def intercepted(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_intercepted``: the submarines' dice at unescorted transports, the transports lost."""
    _ = s._
    hits, lost = int(p.get("hits", 0) or 0), len(p.get("lost") or [])
    # the names first: a string inside a call among ``ngettext``'s arguments hides its plural from pybabel
    zone, power = space_name(_, p.get("zone")), power_of(s, p.get("power"))
    faces = " ".join(str(f) for f in p.get("dice") or [])
    text = _.ngettext("Submarines in %(zone)s intercept transports of %(power)s: dice %(faces)s, "
                      "%(num)d hit",
                      "Submarines in %(zone)s intercept transports of %(power)s: dice %(faces)s, "
                      "%(num)d hits", hits, zone=zone, power=power, faces=faces)
    if not lost:
        return text + "; " + _("no transport lost")
    return text + "; " + _.ngettext("%(num)d transport sunk with its cargo",
                                    "%(num)d transports sunk with their cargo", lost)


# -- liberation -------------------------------------------------------------------------------


def liberated(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_liberated``: the territories that return to their original controllers."""
    _ = s._
    parts = [_("%(place)s (control back to %(to)s)", place=space_name(_, r.get("territory")),
               to=power_of(s, r.get("to"))) for r in p.get("returns") or []]
    return _("%(power)s liberates: %(list)s", power=power_of(s, p.get("power")), list="; ".join(parts) or _("nothing"))


def france_bonus(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_france_bonus``: the first liberation of Paris places France's bonus units at once."""
    return s._("Liberation bonus for %(power)s, placed at once in %(place)s: %(units)s",
               power=power_of(s, p.get("power") or "france"), place=space_name(s._, p.get("territory")),
               units=count_text(s._, dict(p.get("units") or {})))


# -- rockets and paratroopers ----------------------------------------------------------------------------------


def rocket_declared(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_rocket_declared``: a rocket readied at an air base, fired when Combat Move ends."""
    return s._("%(power)s readies a rocket in %(from)s; target: the %(kind)s in %(target)s",
               power=power_of(s, p.get("power") or event.get("seat")), kind=installation(s, p.get("kind")),
               target=space_name(s._, p.get("target")), **{"from": space_name(s._, p.get("from"))})


def rocket_fired(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_rocket_fired``: the die rolled and the damage that stuck (capped at the maximum)."""
    _ = s._
    damage, rolled = int(p.get("damage", 0) or 0), int(p.get("rolled", 0) or 0)
    # the names first: a string inside a call among ``ngettext``'s arguments hides its plural from pybabel
    names = {"kind": installation(s, p.get("kind")), "place": space_name(_, p.get("territory")),
             "from": space_name(_, p.get("from"))}
    text = _.ngettext("Rocket from %(from)s on the %(kind)s in %(place)s: rolls %(rolled)s; %(num)d damage marker",
                      "Rocket from %(from)s on the %(kind)s in %(place)s: rolls %(rolled)s; %(num)d damage markers",
                      damage, rolled=rolled, **names)
    if damage < rolled:
        text += "; " + _("the rest is beyond its maximum damage")
    return text


def paradropped(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_paradropped``: one infantry flown from an air base to the territory it attacks."""
    return s._("%(power)s drops a paratrooper infantry from the air base in %(from)s on %(to)s",
               power=power_of(s, p.get("power") or event.get("seat")), to=space_name(s._, p.get("to")),
               **{"from": space_name(s._, p.get("from"))})


def enemy_ignored(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_enemy_ignored``: lone enemy submarines and transports ignored (no sea battle), or
    attacked after all (G40-CM-06)."""
    who, zone = power_of(s, p.get("power") or event.get("seat")), space_name(s._, p.get("sea_zone"))
    if p.get("ignore"):
        return s._("%(power)s ignores the enemy submarines and transports in %(zone)s: no sea battle there",
                   power=who, zone=zone)
    return s._("%(power)s will attack the enemy submarines and transports in %(zone)s after all", power=who,
               zone=zone)


SENTENCES = {
    "aa.g40_built": built, "aa.g40_dutch_taken": dutch_taken, "aa.g40_dutch_wronged": dutch_wronged,
    "aa.g40_intercepted": intercepted, "aa.g40_liberated": liberated, "aa.g40_france_bonus": france_bonus,
    "aa.g40_rocket_declared": rocket_declared, "aa.g40_rocket_fired": rocket_fired,
    "aa.g40_paradropped": paradropped, "aa.g40_enemy_ignored": enemy_ignored,
}
