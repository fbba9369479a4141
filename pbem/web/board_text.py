"""Readable, translated sentences for A&A events ("Germany: 2 tanks Eastern Europe → Ukraine").

Events are described from their redacted copy (``Ruleset.event_view``); types without a sentence
here fall back to the log's generic description (``api_log.describe``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask_babel import get_locale, ngettext
from flask_babel import gettext as _

from pbem.engine import Ruleset
from pbem.web import api_log

_CACHE: dict[tuple[str, str], Any] = {}


def per_locale(name: str, build: Any) -> Any:
    """``build()`` once per language (the strings only depend on it)."""
    key = (name, str(get_locale()))
    if key not in _CACHE:
        _CACHE[key] = build()
    return _CACHE[key]


def unit_names() -> dict[str, tuple[str, str]]:
    """Unit type -> (singular, plural), translated."""
    return per_locale("units", _unit_names)


def _unit_names() -> dict[str, tuple[str, str]]:
    return {
        "infantry": (_("infantry"), _("infantry")), "tank": (_("tank"), _("tanks")),
        "fighter": (_("fighter"), _("fighters")), "bomber": (_("bomber"), _("bombers")),
        "submarine": (_("submarine"), _("submarines")), "transport": (_("transport"), _("transports")),
        "destroyer": (_("destroyer"), _("destroyers")), "carrier": (_("aircraft carrier"), _("aircraft carriers")),
        "battleship": (_("battleship"), _("battleships")),
    }


def count_text(counts: dict[str, int]) -> str:
    names = unit_names()
    parts = []
    for utype, n in counts.items():
        one, many = names.get(utype, (utype, utype))
        parts.append(f"{n} {one if n == 1 else many}")
    return ", ".join(parts) or _("nothing")


def side_name(side: str) -> str:
    return {"attacker": _("attacker"), "defender": _("defender"), "none": _("nobody")}.get(side, side)


def step_name(step: str) -> str:
    return {"surprise strike": _("surprise strike"), "attacker fire": _("attacker fire"),
            "defender fire": _("defender fire")}.get(step, step)


def phase_names() -> dict[str, str]:
    return {"purchase": _("purchase units"), "combat_move": _("combat move"), "combat": _("conduct combat"),
            "noncombat_move": _("noncombat move"), "mobilize": _("mobilize new units")}


def describe(event: dict[str, Any], ruleset: Ruleset, names: dict[str, str],
             types: dict[int, str]) -> str:
    """One sentence for an (already redacted) event. ``types``: unit id -> type, for moves."""
    t, p = event["type"], event.get("payload") or {}
    who = names.get(p.get("power") or event.get("seat") or "", "")
    if t == "aa.moved":
        counts = Counter(types.get(i, "?") for i in p.get("units", []))
        return _("%(power)s: %(units)s %(route)s", power=who, units=count_text(dict(counts)),
                 route=" \u2192 ".join(p.get("route", [])))
    if t == "aa.purchased":
        return _("%(power)s buys %(units)s (%(cost)s IPCs)", power=who, units=count_text(p.get("units", {})),
                 cost=p.get("cost"))
    if t == "aa.placed":
        counts = Counter(u.get("type") for u in p.get("units", []))
        return _("%(power)s places %(units)s in %(at)s", power=who, units=count_text(dict(counts)), at=p.get("at"))
    if t == "aa.battle_opened":
        return _("Battle in %(place)s: %(attacker)s attacks", place=p.get("place"),
                 attacker=names.get(p.get("attacker", ""), ""))
    if t == "aa.battle_round":
        return _("Battle in %(place)s, round %(round)s", place=p.get("place"), round=p.get("round"))
    if t == "aa.battle_hits":
        return ngettext("%(place)s: %(num)d hit (%(step)s)", "%(place)s: %(num)d hits (%(step)s)",
                        p.get("total", 0), place=p.get("place"), step=step_name(p.get("step", "")))
    if t == "aa.casualties":
        return _("%(place)s: %(side)s loses %(lost)d unit(s), %(damaged)d damaged", place=p.get("place"),
                 side=side_name(p.get("side", "")), lost=len(p.get("destroyed", [])), damaged=len(p.get("damaged", [])))
    if t == "aa.battle_ended":
        return _("Battle in %(place)s ends (%(winner)s wins)", place=p.get("place"),
                 winner=side_name(p.get("winner", "")))
    if t == "aa.territory_captured":
        return _("%(power)s takes %(territory)s", power=who, territory=p.get("territory"))
    if t == "aa.retreated":
        return _("Retreat from %(place)s to %(to)s", place=p.get("place"), to=p.get("to") or "—")
    if t == "aa.turn_started":
        return _("Round %(round)s: %(power)s's turn", round=p.get("round"), power=who)
    if t == "aa.phase_started":
        return _("Phase: %(phase)s", phase=phase_names().get(p.get("phase", ""), p.get("phase")))
    if t == "aa.income_collected":
        return _("%(power)s collects %(amount)s IPCs", power=who, amount=p.get("amount"))
    if t == "dice.rolled":
        ctx = p.get("context") or {}
        faces = " ".join(str(f) for f in p.get("faces", []))
        if ctx.get("battle"):
            return _("%(power)s rolls in %(place)s (%(step)s): %(faces)s",
                     power=names.get(ctx.get("roller", ""), ""), place=ctx["battle"],
                     step=step_name(ctx.get("step", "")), faces=faces)
    return api_log.describe(event, ruleset, names)


def spaces_of(event: dict[str, Any]) -> list[str]:
    """The board spaces an event is about (for "what happened here this turn")."""
    p = event.get("payload") or {}
    out = list(p.get("route") or [])
    for key in ("place", "territory", "at", "to", "target", "sea_zone", "space"):
        if isinstance(p.get(key), str):
            out.append(p[key])
    ctx = p.get("context") or {}
    if isinstance(ctx.get("battle"), str):
        out.append(ctx["battle"])
    return list(dict.fromkeys(out))
