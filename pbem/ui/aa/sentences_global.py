"""Sentences of the events Global 1940 adds (``pbem/games/aa/global1940/*``, docs/global1940.md):
declarations of war, neutrals attacked and joined, the Mongolian pact, scrambles and kamikaze
attacks, raids on complexes and bases, installations captured and repaired, a capital's treasury
seized, income per treasury (the UK's two economies, convoy disruption) and the victory track;
the turn's bookkeeping told too (attacks recorded, base movement bonuses, research dice).
``fn(story, payload, event) -> sentence``; the payloads carry the outcome, nothing here decides a
rule. Installations are named by kind (``major_complex``...) in the reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.ui.aa.describe import count_text, space_name, spaces_text
from pbem.ui.aa.sentences_defence import SENTENCES as COMBAT
from pbem.ui.aa.sentences_defence import installation, power_of, powers_of
from pbem.ui.aa.sentences_editions import income
from pbem.ui.aa.sentences_global_board import SENTENCES as BOARD
from pbem.ui.aa.vocabulary import TEAMS, TREASURIES
from pbem.ui.i18n import N_

if TYPE_CHECKING:
    from pbem.ui.aa.describe import AAStory

#: Which way a neutral leans (``neutrals`` in the view, ``changes`` of an attack).
LEANINGS = {"strict": N_("strict neutral"), "pro_axis": N_("pro-Axis neutral"),
            "pro_allies": N_("pro-Allied neutral"), "mongolia": N_("Mongolian neutral")}


def treasury_name(s: AAStory, treasury: Any) -> str:
    """A treasury in the reader's language: the UK's two economies by name, else its power."""
    key = str(treasury or "")
    return s._(TREASURIES[key]) if key in TREASURIES else power_of(s, key)


# -- politics -----------------------------------------------------------------------------------


def war_declared(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``declare``: who declares on whom, the pairs now at war beyond the two, the free US upgrades."""
    _ = s._
    declarer, target = power_of(s, p.get("declarer")), power_of(s, p.get("target"))
    if p.get("provoked"):
        text = _("%(declarer)s declares war on %(target)s, provoked by an act of war", declarer=declarer,
                 target=target)
    else:
        text = _("%(declarer)s declares war on %(target)s", declarer=declarer, target=target)
    direct = {p.get("declarer"), p.get("target")}
    others = [pair for pair in p.get("pairs") or [] if set(pair) != direct]
    if others:  # each pair first: a ``_`` inside another's arguments is hidden from pybabel
        pairs = [_("%(a)s and %(b)s", a=power_of(s, a), b=power_of(s, b)) for a, b in others]
        text += "; " + _("also at war now: %(pairs)s", pairs=", ".join(pairs))
    if p.get("upgrades"):
        text += "; " + _("the minor industrial complexes in %(spaces)s become major complexes",
                         spaces=spaces_text(_, p["upgrades"]))
    return text


# -- neutrals -----------------------------------------------------------------------------------


def neutral_attacked(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``neutrals.attack``: the neutral's army defends for the other side; the neutrals that change."""
    _ = s._
    place, army = space_name(_, p.get("territory")), int(p.get("army", 0) or 0)
    team = _(TEAMS.get(str(p.get("joins")), "nobody"))
    text = _.ngettext("%(power)s attacks the neutral %(place)s: its army of %(num)d infantry fights for "
                      "%(team)s (%(operator)s)",
                      "%(power)s attacks the neutral %(place)s: its army of %(num)d infantry fight for "
                      "%(team)s (%(operator)s)", army, power=power_of(s, p.get("attacker")), place=place,
                      team=team, operator=power_of(s, p.get("operator")))
    others = {t: k for t, k in (p.get("changes") or {}).items() if t != p.get("territory")}
    if others:
        text += "; " + _("the other neutrals lean now: %(list)s", list=", ".join(
            f"{space_name(_, t)} ({_(LEANINGS.get(k, k))})" for t, k in sorted(others.items())))
    return text


def neutral_joined(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``neutrals.enter_friendly``: a friendly neutral joins the power that enters it, with its army."""
    _ = s._
    joined = int(p.get("army", 0) or 0) + len(p.get("survivors") or [])
    # the names first: a string inside a call among ``ngettext``'s arguments hides its plural from pybabel
    power, place = power_of(s, p.get("power")), space_name(_, p.get("territory"))
    return _.ngettext("%(power)s enters the friendly neutral %(place)s, which joins it with %(num)d infantry",
                      "%(power)s enters the friendly neutral %(place)s, which joins it with %(num)d infantry",
                      joined, power=power, place=place)


def mongolia_joined(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``neutrals.mongolia_pact``: Mongolia's territories and armies become Soviet."""
    _ = s._
    armies = p.get("armies") or {}
    power, spaces = power_of(s, "ussr"), spaces_text(_, p.get("territories") or [])
    return _.ngettext("Mongolia joins %(power)s: %(spaces)s, with %(num)d infantry",
                      "Mongolia joins %(power)s: %(spaces)s, with %(num)d infantry",
                      sum(int(n) for n in armies.values()), power=power, spaces=spaces)


# -- installations --------------------------------------------------------------------------


def installations_captured(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``bases.capture``: the installations pass to the conqueror, idle until its next turn."""
    _ = s._
    sites = p.get("installations") or {}
    power, place = power_of(s, p.get("power")), space_name(_, p.get("territory"))
    if not sites:  # nothing there, or a Japanese complex gone with China's retaking (G40-CHINA-10)
        return _("%(power)s finds no installation to use in %(place)s", power=power, place=place)
    listed = ", ".join(_("%(kind)s (%(num)s damage)", kind=installation(s, k), num=d) if d else installation(s, k)
                       for k, d in sorted(sites.items()))
    return _("%(power)s captures in %(place)s: %(list)s; idle until its next turn", power=power, place=place,
             list=listed)


def installations_repaired(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """Repairs ``{territory: {kind: points}}`` paid from a treasury."""
    _ = s._
    repairs = p.get("repairs") or {}
    parts = ", ".join(_("%(n)s on the %(kind)s in %(space)s", n=n, kind=installation(s, k),
                        space=space_name(_, t)) for t, kinds in sorted(repairs.items())
                      for k, n in sorted(kinds.items()))
    return _("%(treasury)s repairs damage markers (%(repairs)s) for %(cost)s IPCs",
             treasury=treasury_name(s, p.get("treasury") or p.get("power") or event.get("seat")),
             repairs=parts or _("nothing"), cost=p.get("cost", 0))


# -- turn bookkeeping: attacks, bonuses, pools, research ---------------------------------------


def attacks(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_attacks``: the hostile territories entered this combat move and whom they belong to."""
    _ = s._
    parts = [space_name(_, t) + (f" ({powers_of(s, owners)})" if owners else f" ({_('neutral')})")
             for t, owners in sorted((p.get("territories") or {}).items())]
    return _("%(power)s attacks: %(list)s", power=power_of(s, p.get("power")), list=", ".join(parts))


def move_bonuses(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_move_bonuses``: units starting at an operational air or naval base move farther."""
    by_bonus: dict[int, list[int]] = {}
    for uid, bonus in p.get("units") or []:
        by_bonus.setdefault(int(bonus), []).append(uid)
    parts = [s._("%(units)s +%(n)s", units=s.units(ids), n=n) for n, ids in sorted(by_bonus.items())]
    return s._("Bases give %(power)s extra movement this turn: %(list)s", power=power_of(s, p.get("power")),
               list="; ".join(parts))


def installations_woken(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("The installations %(power)s captured are in use from this turn", power=power_of(s, p.get("power")))


def pool_opened(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_pool_opened``: the units one treasury bought are now placed (the UK: per economy)."""
    return s._("%(treasury)s now places %(units)s", treasury=treasury_name(s, p.get("treasury") or p.get("power")),
               units=count_text(s._, dict(p.get("units") or {})))


def research_rolled(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``aa.g40_research_rolled``: research dice bought and rolled at once (none kept, G40-TECH-03)."""
    _ = s._
    power, bought = power_of(s, p.get("power")), int(p.get("bought", 0) or 0)
    faces = " ".join(str(f) for f in p.get("faces") or [])
    text = _.ngettext("%(power)s buys %(num)d research die for %(cost)s IPCs and rolls %(faces)s",
                      "%(power)s buys %(num)d research dice for %(cost)s IPCs and rolls %(faces)s", bought,
                      power=power, cost=p.get("cost", 0), faces=faces)
    return text + ": " + (_("a breakthrough!") if p.get("success") else _("no breakthrough"))


# -- neutrals taken and held -----------------------------------------------------------------


def neutral_taken(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(place)s is neutral no more: %(power)s holds it", place=space_name(s._, p.get("territory")),
               power=power_of(s, p.get("power")))


def neutral_held(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    return s._("%(place)s holds out and stays neutral", place=space_name(s._, p.get("territory")))


# -- treasuries, income, victory ------------------------------------------------------------


def purchased(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """A treasury's purchase list (the UK buys per economy); ``ipcs``: what is left."""
    return s._("%(treasury)s buys %(units)s for %(cost)s IPCs (%(left)s left)",
               treasury=treasury_name(s, p.get("treasury") or p.get("power")),
               units=count_text(s._, dict(p.get("units") or {})), cost=p.get("cost", 0), left=p.get("ipcs", 0))


def refunded(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """Units bought but not placed: their IPCs go back to the treasury."""
    return s._("%(treasury)s could not place %(units)s: %(ipcs)s IPCs go back to its treasury",
               treasury=treasury_name(s, p.get("treasury") or p.get("power")),
               units=count_text(s._, dict(p.get("units") or {})), ipcs=p.get("ipcs", 0))


def track(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """The victory track after a turn: consecutive turn ends each side held its conditions."""
    held = p.get("track") or {}
    return s._("Victory conditions held at the end of this turn: the Axis %(axis)s turns in a row, the Allies "
               "%(allies)s", axis=held.get("axis", 0), allies=held.get("allies", 0))




def victory_track(s: AAStory, p: dict[str, Any], event: dict[str, Any]) -> str:
    """``victory.after_turn``: the side that held its victory conditions nine turns in a row."""
    winner = str(p.get("winner", ""))
    if winner == "axis":
        return s._("The Axis win the game: they held their victory conditions for a whole round, up to "
                   "round %(round)s", round=p.get("round", ""))
    if winner == "allies":
        return s._("The Allies win the game: they held their victory conditions for a whole round, up to "
                   "round %(round)s", round=p.get("round", ""))
    return s._("%(winner)s wins the game", winner=s.team_text(winner))




SENTENCES = COMBAT | BOARD | {
    "aa.g40_war_declared": war_declared, "aa.g40_repaired": installations_repaired,
    "aa.g40_income_collected": income, "aa.g40_game_won": victory_track,
    "aa.g40_purchased": purchased, "aa.g40_refunded": refunded, "aa.g40_victory_track": track,
    "aa.g40_attacks": attacks, "aa.g40_move_bonuses": move_bonuses, "aa.g40_installations_woken": installations_woken,
    "aa.g40_pool_opened": pool_opened, "aa.g40_research_rolled": research_rolled,
    "aa.g40_neutral_attacked": neutral_attacked, "aa.g40_neutral_entered": neutral_joined,
    "aa.g40_neutral_taken": neutral_taken, "aa.g40_neutral_held": neutral_held,
    "aa.g40_mongolia_pact": mongolia_joined, "aa.g40_captured": installations_captured,
}
