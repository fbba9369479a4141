"""The battle odds calculator in the web: the JSON of ``pbem-odds`` with the web's limits, and the
standalone page's form (docs/odds.md).

The web caps what one request may cost: at most :data:`MAX_UNITS` units a side and
:data:`MAX_RUNS` Monte Carlo battles. The exact method is used when it fits about a second of work
(``pbem.games.aa.odds.api.MAX_WORK``), else Monte Carlo, labelled so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.games.aa.odds import TooLarge, odds, options_from_json, spec_from_json
from pbem.games.aa.odds.referee import battle_advances, paratrooper_rule, paratrooper_types
from pbem.games.aa.odds.spec import PRESETS
from pbem.games.aa.odds.units import EDITIONS, table
from pbem.int_input import strict_int
from pbem.ui.aa.describe import unit_names
from pbem.ui.aa.editions_words import advance_name
from pbem.ui.i18n import N_, Translator

MAX_UNITS = 150  # units a side in one web request
MAX_RUNS = 20_000  # Monte Carlo battles in one web request (about half a second at 150 units a side)
CHART_LINES = 8  # survivor lines drawn per side
EDITION_NAMES = {"aa1941": N_("Axis & Allies 1941"), "anniversary": N_("Axis & Allies Anniversary Edition"),
                 "global1940": N_("Axis & Allies Global 1940")}
PRESET_NAMES = {"cheapest": N_("cheapest first"), "attack": N_("weakest in attack first"),
                "defense": N_("weakest in defence first"), "custom": N_("custom order")}


def edition_of(ruleset: Any) -> str:
    """The calculator's edition of an A&A ruleset (its key when the calculator knows it)."""
    key = str(getattr(ruleset, "key", ruleset) or "")
    return key if key in EDITIONS else "aa1941"


def compute(raw: Any, default_edition: str) -> dict[str, Any]:
    """The answer of ``pbem-odds`` to ``raw``, within the web's limits (``ValueError`` otherwise)."""
    if not isinstance(raw, dict):
        raise ValueError("The input is a JSON object.")
    battle = raw.get("battle", raw)
    if isinstance(battle, dict) and "edition" not in battle:
        battle = {**battle, "edition": default_edition}
    spec = spec_from_json(battle)
    for side, counts in (("attacker", spec.attacker), ("defender", spec.defender)):
        if sum(counts.values()) > MAX_UNITS:
            raise ValueError(f"At most {MAX_UNITS} units a side here (the {side} has {sum(counts.values())}); "
                             "use pbem-odds for larger battles.")
    options = options_from_json(spec.edition, raw.get("options"))
    if options.runs > MAX_RUNS:
        options = replace(options, runs=MAX_RUNS)
    result = odds(spec, options).to_json()
    result.pop("outcomes", None)
    return result


# -- the page's form -------------------------------------------------------------------------
def _count(args: Mapping[str, str], name: str, hi: int) -> int | None:
    text = (args.get(name) or "").strip()
    if not text:
        return 0
    return strict_int(text, 0, hi)


def _order(args: Mapping[str, str], prefix: str, types: list[str]) -> dict[str, Any] | None:
    preset = args.get(f"{prefix}o") or "cheapest"
    order: dict[str, Any] = {"submerge": args.get(f"{prefix}_submerge") == "1"}
    if preset == "custom":
        ranks = {t: _count(args, f"{prefix}r_{t}", 99) for t in types}
        if any(r is None for r in ranks.values()):
            return None
        order["loss_order"] = sorted((t for t in types if ranks[t]), key=lambda t: ranks[t] or 0)
    else:
        order["loss_order"] = preset if preset in PRESETS else "cheapest"
    return order


def form_json(args: Mapping[str, str], edition: str) -> tuple[dict[str, Any] | None, list[str]]:
    """``(pbem-odds JSON, names of the fields that are not whole numbers in range)`` of the form."""
    types = list(table(edition))
    bad: list[str] = []
    sides: dict[str, dict[str, int]] = {"attacker": {}, "defender": {}}
    for prefix, side in (("a", "attacker"), ("d", "defender")):
        for t in types:
            n = _count(args, f"{prefix}_{t}", MAX_UNITS)
            if n is None:
                bad.append(f"{prefix}_{t}")
            elif n:
                sides[side][t] = n
    options: dict[str, Any] = {}
    for prefix, key in (("a", "attacker_order"), ("d", "defender_order")):
        order = _order(args, prefix, types)
        if order is None:
            bad.append(f"{prefix}o")
        else:
            options[key] = order
    for field, key, lo, hi in (("keep_land", "keep_land", 0, MAX_UNITS),
                               ("retreat_after", "retreat_after_round", 1, 100),
                               ("retreat_below", "retreat_below_units", 1, MAX_UNITS),
                               ("retreat_win", "retreat_below_win", 0, 100)):
        text = (args.get(field) or "").strip()
        if text:
            value = strict_int(text, lo, hi)
            if value is None:
                bad.append(field)
            else:
                options[key] = value / 100 if key == "retreat_below_win" else value
    options["retreat_only_air"] = args.get("retreat_air") == "1"
    battle: dict[str, Any] = {
        "edition": edition, "kind": "sea" if args.get("kind") == "sea" else "land", "attacker": sides["attacker"],
        "defender": sides["defender"], "low_luck": args.get("low_luck") == "1",
        "attacker_advances": [a for a in battle_advances(edition) if args.get(f"aadv_{a}") == "1"],
        "defender_advances": [a for a in battle_advances(edition) if args.get(f"dadv_{a}") == "1"]}
    dropped: dict[str, int] = {}
    for t in paratrooper_types(edition):
        n = _count(args, f"p_{t}", MAX_UNITS)
        if n is None:
            bad.append(f"p_{t}")
        elif n:
            dropped[t] = n
    if dropped:
        battle["paratroopers"] = dropped
    return ({"battle": battle, "options": options} if not bad else None), bad


def _research_error(battle: dict[str, Any], edition: str, names: dict[str, tuple[str, str]],
                    _: Translator) -> str | None:
    """The form's paratroopers against the rules, as a translated sentence (G40-TECH-10, AAE-TECH-03)."""
    dropped = battle.get("paratroopers") or {}
    if dropped and "paratroopers" not in battle["attacker_advances"]:
        return _("Paratroopers drop only when the attacker has the Paratroopers advance (%(rule)s).",
                 rule=paratrooper_rule(edition))
    if dropped and battle["kind"] != "land":
        return _("Paratroopers drop only on a land battle (%(rule)s).", rule=paratrooper_rule(edition))
    over = [names.get(t, (t, t))[1] for t, n in dropped.items() if n > battle["attacker"].get(t, 0)]
    if over:
        return _("There are more paratroopers than attacking %(units)s: count them among the attackers too.",
                 units=", ".join(over))
    return None


def _chart(_: Translator, lines: list[dict[str, Any]], names: dict[str, tuple[str, str]]) -> list[dict[str, Any]]:
    """The most likely survivor lines as bars (width in percent of the most likely one)."""
    top = lines[:CHART_LINES]
    peak = max((s["probability"] for s in top), default=0.0) or 1.0
    out = []
    for s in top:
        units = {**s["units"], **{k: v for k, v in s.get("cargo", {}).items()}}
        text = ", ".join(f"{n} {names.get(t, (t, t))[0 if n == 1 else 1]}" for t, n in sorted(units.items())) \
            or _("nothing")
        out.append({"text": text, "percent": 100 * s["probability"], "width": round(100 * s["probability"] / peak, 1)})
    return out


def page(ruleset: Any, args: Mapping[str, str], language: str, _: Translator) -> dict[str, Any]:
    """The calculator page's context: the form as filled, and the answer when units were given."""
    asked = str(args.get("edition") or "")
    edition = asked if asked in EDITIONS else edition_of(ruleset)
    names = unit_names(language)
    units = table(edition)
    rows = [{"type": t, "name": names.get(t, (t, t))[0], "a": args.get(f"a_{t}", ""), "d": args.get(f"d_{t}", ""),
             "ar": args.get(f"ar_{t}", ""), "dr": args.get(f"dr_{t}", ""), "domain": units[t].type.domain}
            for t in units]
    context: dict[str, Any] = {
        "edition": edition, "editions": [(e, _(EDITION_NAMES[e])) for e in EDITIONS], "rows": rows,
        "presets": [(p, _(PRESET_NAMES[p])) for p in (*PRESETS, "custom")], "args": args, "result": None,
        "error": None, "bad": [], "max_units": MAX_UNITS,
        "advances": [{"key": a, "name": advance_name(_, a), "a": args.get(f"aadv_{a}") == "1",
                      "d": args.get(f"dadv_{a}") == "1"} for a in battle_advances(edition)],
        "paratroopers": [{"type": t, "name": names.get(t, (t, t))[1], "value": args.get(f"p_{t}", "")}
                         for t in paratrooper_types(edition)]}
    if not any((args.get(f"{p}_{t}") or "").strip() for p in "ad" for t in units):
        return context
    raw, bad = form_json(args, edition)
    context["bad"] = bad
    if raw is None:
        context["error"] = _("Each number must be a whole number in its range (counts from 0 to %(max)s).",
                             max=MAX_UNITS)
        return context
    kind = raw["battle"]["kind"]
    wrong = [names.get(t, (t, t))[1] for p in ("attacker", "defender") for t in raw["battle"][p]
             if units[t].type.domain == ("sea" if kind == "land" else "land")]
    if wrong:
        context["error"] = _("These units cannot fight in this battle: %(units)s.", units=", ".join(wrong))
        return context
    if not raw["battle"]["attacker"] or not raw["battle"]["defender"]:
        context["error"] = _("Both sides need at least one unit.")
        return context
    context["error"] = _research_error(raw["battle"], edition, names, _)
    if context["error"]:
        return context
    try:
        result = compute(raw, edition)
    except TooLarge:
        context["error"] = _("Retreating when the chance of winning drops is worked out by the exact method only, "
                             "and this battle is too large for it.")
        return context
    except ValueError as exc:
        context["error"] = _("The calculator cannot take this battle: %(reason)s", reason=str(exc))
        return context
    context["result"] = result
    context["chart"] = {"attacker": _chart(_, result["attacker_survivors"], names),
                        "defender": _chart(_, result["defender_survivors"], names)}
    return context
