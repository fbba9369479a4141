"""Words of the editions after A&A 1941 (``N_``-marked for the ``aa`` catalog): research advances
and charts, and national objectives described from the rules data (``rules/<folder>/objectives.json``),
so that a new edition with objectives needs no new sentence, only its data.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from pbem.games.rulesdata import rules_file
from pbem.ui.i18n import N_, Translator

#: Research advances (Anniversary: both development charts), as the Italian rulebook names them.
ADVANCES = {
    "advanced_artillery": N_("Advanced Artillery"), "rockets": N_("Rockets"), "paratroopers": N_("Paratroopers"),
    "increased_factory_production": N_("Increased Factory Production"), "war_bonds": N_("War Bonds"),
    "mechanized_infantry": N_("Mechanized Infantry"), "super_submarines": N_("Super Submarines"),
    "jet_fighters": N_("Jet Fighters"), "improved_shipyards": N_("Improved Shipyards"), "radar": N_("Radar"),
    "long_range_aircraft": N_("Long-Range Aircraft"), "heavy_bombers": N_("Heavy Bombers"),
}
CHARTS = {1: N_("Development Chart 1"), 2: N_("Development Chart 2")}


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
    no enemy surface warship in SZ 13, SZ 14 or SZ 15" (``power``/``side``: names, translated)."""
    if not objective.get("territories"):
        return _("a national objective (%(id)s)", id=objective.get("id", "?"))
    spaces = ", ".join(_(t) for t in objective.get("territories", []))
    who = power if objective.get("controlled_by") == "power" else side
    needed, total = int(objective.get("needed", 1)), len(objective.get("territories", []))
    if total == 1:
        text = _("%(who)s controls %(spaces)s", who=who, spaces=spaces)
    elif needed >= total:
        text = _("%(who)s controls all of %(spaces)s", who=who, spaces=spaces)
    else:
        text = _("%(who)s controls at least %(n)s of %(spaces)s", who=who, n=needed, spaces=spaces)
    if objective.get("no_enemy_surface_warships_in"):
        zones = ", ".join(_(z) for z in objective["no_enemy_surface_warships_in"])
        text += "; " + _("no enemy surface warship in %(zones)s", zones=zones)
    if objective.get("no_other_allied_units_in_own_territories"):
        text += "; " + _("no unit of another Allied power in its territories")
    return text
