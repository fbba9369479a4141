"""Words of the editions after A&A 1941 (``N_``-marked for the ``aa`` catalog): research advances
and charts, and national objectives described from the rules data (``rules/<folder>/objectives.json``),
so that a new edition with objectives needs no new sentence, only its data.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from pbem.games.rulesdata import rules_file
from pbem.ui.i18n import N_, Translator, names_list

#: Research advances (Anniversary: both development charts; Global 1940's two of its own), as the Italian
#: rulebooks name them.
ADVANCES = {
    "advanced_artillery": N_("Advanced Artillery"), "rockets": N_("Rockets"), "paratroopers": N_("Paratroopers"),
    "increased_factory_production": N_("Increased Factory Production"), "war_bonds": N_("War Bonds"),
    "mechanized_infantry": N_("Mechanized Infantry"), "super_submarines": N_("Super Submarines"),
    "jet_fighters": N_("Jet Fighters"), "improved_shipyards": N_("Improved Shipyards"), "radar": N_("Radar"),
    "long_range_aircraft": N_("Long-Range Aircraft"), "heavy_bombers": N_("Heavy Bombers"),
    # Global 1940's own names (G40-TECH-08, G40-TECH-13)
    "improved_artillery": N_("Improved Artillery"), "improved_mechanized_infantry": N_("Improved Mechanized Infantry"),
}
CHARTS = {1: N_("Development Chart 1"), 2: N_("Development Chart 2")}
#: The edition's own standing orders (Global 1940: the defender's choices), key -> (question, {value: answer}).
STANDING = {
    "scramble": (N_("Scramble fighters and tactical bombers from your air bases"),
                 {"none": N_("never"), "ships": N_("to defend your side's ships"),
                  "all": N_("to defend ships and against amphibious assaults")}),
    "kamikaze": (N_("Kamikaze attacks Japan makes in a turn (the costliest targets first)"), {}),
    "intercept": (N_("Fighters intercept strategic bombing raids over their territory"),
                  {"none": N_("never"), "all": N_("always, every fighter there")}),
    "auto_defence": (N_("When you defend"),
                     {False: N_("ask me each time (these orders are the choice offered, and the deadline's)"),
                      True: N_("decide from these standing orders without asking")}),
}


def standing_choices(_: Translator, allowed: dict[str, tuple[Any, ...]],
                     current: dict[str, Any]) -> list[dict[str, Any]]:
    """The standing-orders page's questions for the edition's own keys (those it has words for):
    ``key``, ``label``, ``options`` [(value as posted, answer, chosen)]."""
    out = []
    for key, values in allowed.items():
        if key not in STANDING:
            continue
        label, answers = STANDING[key]
        chosen = current.get(key, values[0] if values else None)
        out.append({"key": key, "label": _(label), "options": [
            (str(v), _(answers[v]) if v in answers else str(v), v == chosen) for v in values]})
    return out


def advance_name(_: Translator, advance: Any) -> str:
    return _(ADVANCES[advance]) if advance in ADVANCES else _("an advance")


def chart_name(_: Translator, chart: Any) -> str:
    try:
        return _(CHARTS[int(chart)])
    except (KeyError, TypeError, ValueError):
        return _("a development chart")


@lru_cache(maxsize=8)
def objectives_of(folder: str) -> dict[str, dict[str, Any]]:
    """``{objective id: its data}`` of an edition's ``objectives.json`` (none: ``{}``)."""
    path = rules_file(folder, "objectives.json")
    if not path.is_file():
        return {}
    return {o["id"]: o for o in json.loads(path.read_text(encoding="utf-8"))["objectives"]}


def objective_text(_: Translator, objective: dict[str, Any], power: str, side: str) -> str:
    """One national objective as a clause: "the Axis control at least 3 of Baltic States, ...;
    no enemy surface warship in SZ 13, SZ 14, and SZ 15" (``power``/``side``: names, translated;
    the lists as the reader's language writes them: "ZM 13, ZM 14 e ZM 15").
    Global 1940's objectives (``treasury``, ``control``...) are told by :func:`g40_objective_text`."""
    if "treasury" in objective:
        return g40_objective_text(_, objective, power, side)
    if not objective.get("territories"):
        return _("a national objective (%(id)s)", id=objective.get("id", "?"))
    spaces = names_list(_.language, (_(t) for t in objective.get("territories", [])))
    who = power if objective.get("controlled_by") == "power" else side
    needed, total = int(objective.get("needed", 1)), len(objective.get("territories", []))
    if total == 1:
        text = _("%(who)s controls %(spaces)s", who=who, spaces=spaces)
    elif needed >= total:
        text = _("%(who)s controls all of %(spaces)s", who=who, spaces=spaces)
    else:
        text = _("%(who)s controls at least %(n)s of %(spaces)s", who=who, n=needed, spaces=spaces)
    if objective.get("no_enemy_surface_warships_in"):
        zones = names_list(_.language, (_(z) for z in objective["no_enemy_surface_warships_in"]))
        text += "; " + _("no enemy surface warship in %(zones)s", zones=zones)
    if objective.get("no_other_allied_units_in_own_territories"):
        text += "; " + _("no unit of another Allied power in its territories")
    return text


def _powers(_: Translator, powers: list[str]) -> str:
    from pbem.ui.aa.vocabulary import POWERS

    return names_list(_.language, (_(POWERS.get(p, p)) for p in powers))


def g40_objective_text(_: Translator, o: dict[str, Any], power: str, side: str) -> str:
    """A Global 1940 objective (``rules/global1940/objectives.json``) as clauses: who must control
    which territories (``each``: the bonus for every one), the wars it needs, units, waters."""
    parts = []
    spaces = names_list(_.language, (_(t) for t in o.get("territories") or []))
    who = power if o.get("control") == "power" else side
    if spaces and o.get("each"):
        parts.append(_("+%(bonus)s IPCs for each of %(spaces)s %(who)s controls", bonus=o.get("bonus", 0),
                       spaces=spaces, who=who))
    elif spaces and int(o.get("needed", 0) or 0):
        parts.append(_("%(who)s controls at least %(n)s of %(spaces)s", who=who, n=o["needed"], spaces=spaces))
    elif spaces and len(o["territories"]) == 1:
        parts.append(_("%(who)s controls %(spaces)s", who=who, spaces=spaces))
    elif spaces:
        parts.append(_("%(who)s controls all of %(spaces)s", who=who, spaces=spaces))
    if o.get("not_at_war_with"):
        parts.append(_("not at war with %(powers)s", powers=_powers(_, o["not_at_war_with"])))
    if o.get("at_war_with_all"):
        parts.append(_("at war with %(powers)s", powers=_powers(_, o["at_war_with_all"])))
    if o.get("at_war_with_any"):
        parts.append(_("at war with one of %(powers)s", powers=_powers(_, o["at_war_with_any"])))
    unit_in, liberated = str(o.get("own_land_unit_in") or ""), str(o.get("on_liberation_of") or "")
    if unit_in:
        parts.append(_("a land unit of its own in %(space)s", space=_(unit_in)))
    for key in ("no_enemy_warships_in", "no_enemy_surface_warships_in"):
        if o.get(key):
            zones = names_list(_.language, (_(z) for z in o[key]))
            parts.append(_("no enemy warship in %(zones)s", zones=zones) if key == "no_enemy_warships_in"
                         else _("no enemy surface warship in %(zones)s", zones=zones))
    if o.get("no_other_allied_units_in_original_territories"):
        parts.append(_("no unit of another Allied power in its territories"))
    if o.get("own_original_territories_on_map"):
        parts.append(_("it holds all its original territories on the Europe map")
                     if o["own_original_territories_on_map"] == "europe"
                     else _("it holds all its original territories"))
    if o.get("sweden_not_allied"):
        parts.append(_("Sweden has not joined the Allies"))
    if o.get("japan_never_attacked_west"):
        parts.append(_("Japan has never attacked the United Kingdom or ANZAC"))
    if liberated:
        parts.append(_("when %(space)s is liberated", space=_(liberated)))
    if o.get("one_time"):
        parts.append(_("once"))
    return "; ".join(parts) or _("a national objective (%(id)s)", id=o.get("id", "?"))
