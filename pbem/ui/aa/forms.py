"""The A&A forms (they work without JavaScript): each posted form becomes one engine order.

Nothing here checks a rule: the engine validates every order and refuses with its rule ID.
"""

from __future__ import annotations

from typing import Any

from pbem.int_input import strict_int, strict_ints
from pbem.ui.aa import advance_forms, choices, defence_form
from pbem.ui.aa.board_svg import UNIT_ORDER
from pbem.ui.base import FormFieldError


def unit_types(ruleset: Any) -> list[str]:
    """The edition's unit types, in the order the board and the forms list them."""
    known = list(getattr(getattr(ruleset, "data", None), "units", {}) or UNIT_ORDER)
    return sorted(known, key=lambda t: (UNIT_ORDER.index(t) if t in UNIT_ORDER else len(UNIT_ORDER), t))


def casualty_types(ruleset: Any) -> list[str]:
    """The unit types a battle may take as casualties (the standing loss order's choices): no
    installation (Global 1940's complexes and bases are bought like units but never fight)."""
    units = getattr(getattr(ruleset, "data", None), "units", {}) or {}
    return [t for t in unit_types(ruleset) if getattr(units.get(t), "domain", "") != "installation"]


#: the largest count a form may ask for (purchases, placements)
MOST = 10_000


def _int(form: Any, name: str, default: int = 0) -> int:
    raw = form.get(name)
    if raw in (None, ""):
        return default
    value = strict_int(raw, 0, MOST)
    if value is None:
        raise FormFieldError(name, 0, MOST)
    return value


def _ids(form: Any, name: str) -> list[int]:
    values = strict_ints(form.getlist(name))
    if values is None:
        raise FormFieldError(name)
    return values


def picked_ids(form: Any) -> list[int]:
    """Units picked "N of M" by type: each ``group`` field is ``key|id,id,...`` (the row's units,
    from the page's view), ``n-<key>`` how many of them; the first ``n`` ids are taken (a row of
    second hits names its battleships again)."""
    out: list[int] = []
    for group in form.getlist("group"):
        key, _sep, raw = str(group).partition("|")
        ids = strict_ints([x for x in raw.split(",") if x])
        if ids is None:
            raise FormFieldError("group")
        n = _int(form, f"n-{key}")
        if n > len(ids):
            raise FormFieldError(f"n-{key}", 0, len(ids))
        out.extend(ids[:n])
    return out


def build_order(types: list[str], kind: str, form: Any) -> dict[str, Any] | None:
    """The engine order a form of the A&A page stands for (``None``: no such form)."""
    if kind == "purchase":
        order = {"type": "purchase", "units": {t: _int(form, f"buy-{t}") for t in types if _int(form, f"buy-{t}")}}
        return order | ({"treasury": form["treasury"]} if form.get("treasury") else {})  # G40-UK-04
    if kind == "place":
        order = {"type": "place", "units": {form.get("unit", ""): _int(form, "count", 1)}, "at": form.get("at", "")}
        return order | ({"factory": form["factory"]} if form.get("factory") else {})  # AA41-MOB-10
    if kind in ("battle", "press"):
        subs = _ids(form, "submerge")
        return {"type": "battle", "place": form.get("place", "")} | ({"submerge": subs} if subs else {})
    if kind == "retreat":
        return {"type": "retreat", "place": form.get("place", "")} | ({"to": form["to"]} if form.get("to") else {})
    if kind in ("casualties", "air_battle_casualties"):  # G40-SBR-05: the air battle's, as a battle's
        units = picked_ids(form) if form.getlist("group") else _ids(form, "units")
        return {"type": kind, "place": form.get("place", ""), "units": units}
    if kind == "end_phase":
        return {"type": "end_phase"}
    if kind == "research":  # AAE-RD-02/03: tokens bought now, all held rolled
        return {"type": "research", "tokens": _int(form, "tokens")}
    if kind == "research_chart":  # AAE-RD-05: the chart rolled on after a breakthrough
        return {"type": "research_chart", "chart": _int(form, "chart")}
    if kind == "repair":  # AAE-PUR-03: damage markers removed per territory
        repairs = {str(k)[len("repair-"):]: _int(form, str(k)) for k in form if str(k).startswith("repair-")}
        return {"type": "repair", "complexes": {t: n for t, n in repairs.items() if n}}
    if kind == "combat_block":  # AAE-CHINA-10: whose combat block comes first
        return {"type": "combat_block", "first": form.get("first", "")}
    if kind == "place_free_infantry":  # AAE-CHINA-04
        return {"type": "place_free_infantry", "units": {form.get("at", ""): _int(form, "count", 1)}}
    if kind == "declare_raid":  # AAE-SBR-01: the bombers ticked raid the complex instead of attacking
        order = {"type": "declare_raid", "target": form.get("target", ""), "units": _ids(form, "units")}
        if form.get("installation"):  # G40-SBR-01/03: the installation raided, and the escorts
            order |= {"installation": form["installation"], "escorts": _ids(form, "escorts")}
        return order
    if kind == "repair_installations":  # G40-REP-01: damage removed per installation
        return defence_form.repair_order(form)
    if kind == "build":  # G40-PUR-04, G40-MOB-07: an installation bought this turn built in Mobilize
        return {"type": "build", "kind": form.get("installation", ""), "at": form.get("at", "")}
    if kind == "mobilize_economy":  # G40-SEQ-03: the next UK economy's purchases are placed
        return {"type": "mobilize_economy", "treasury": form.get("treasury", "")}
    if kind == "defend":  # G40-CM-20: the defender's scrambles, kamikaze attacks, interceptors
        return defence_form.order(form)
    if kind == "ignore_enemy":  # G40-CM-06: the lone enemy submarines/transports ignored, or attacked after all
        return {"type": "ignore_enemy", "sea_zone": form.get("sea_zone", ""), "ignore": form.get("ignore") != "0"}
    if kind == "attack_neutral":  # G40-NEUT-08: the attack on a neutral declared before units move in
        return {"type": "attack_neutral", "territory": form.get("territory", "")}
    if kind == "declare_war":  # G40-POL-01: a declaration of war at the start of combat move
        return {"type": "declare_war", "target": form.get("target", "")}
    if kind == "declare_rocket":  # AAE-TECH-13, G40-TECH-09 (``target|installation``)
        return advance_forms.rocket_order(form)
    if kind == "paradrop":  # G40-TECH-10: one infantry from an air base onto an attacked territory
        return advance_forms.paradrop_order(form)
    if kind == "canal_permissions":  # G40-MAP-14, AMB-34: a standing permission per power
        return choices.canal_order(form)
    if kind == "france_bonus":  # G40-NO-FRA-01, AMB-23: France's liberation units
        return choices.france_order(form, _int)
    if kind == "declare_amphibious":
        order = {"type": "declare_amphibious", "target": form.get("target", ""), "sea_zone": form.get("sea_zone", ""),
                 "transports": _ids(form, "transports")}
        if form.get("sea_battle") in ("fight", "ignore"):  # offered where the query says it is a choice
            order["sea_battle"] = form.get("sea_battle") == "fight"
        bombard = _ids(form, "bombard")  # AAE-BOMB: the ships named to bombard the target
        if bombard:
            order["bombard"] = bombard
        return order
    return None


def edition_standing(ruleset: Any) -> dict[str, tuple[Any, ...]]:
    """The edition's own standing-order keys and their allowed values, the first the default
    (Global 1940: the defender's scrambles, kamikaze attacks, interceptors, deciding without being
    asked), as the engine's ``Edition.combat.standing`` lists them."""
    combat = getattr(getattr(ruleset, "edition", None), "combat", None)
    return {str(k): tuple(v) for k, v in (getattr(combat, "standing", None) or {}).items()}


def standing_order(types: list[str], form: Any, extra: dict[str, tuple[Any, ...]] | None = None) -> dict[str, Any]:
    """The standing-orders form as one ``standing`` order (``extra``: the edition's own keys, each
    a ``std-<key>`` field naming one of its allowed values)."""
    loss = [t for t in form.getlist("loss_order") if t in types]
    keep = [t for t in form.getlist("keep_last") if t in types]
    order = {"type": "standing", "loss_order": list(dict.fromkeys(loss)), "keep_last": list(dict.fromkeys(keep)),
             "submerge": form.get("submerge") == "1",
             "damage_battleships_first": form.get("damage_battleships_first") == "1"}
    for key, allowed in (extra or {}).items():
        raw = form.get(f"std-{key}")
        if raw is None:
            continue
        chosen = [v for v in allowed if str(v) == raw]
        if not chosen:
            raise FormFieldError(f"std-{key}")
        order[key] = chosen[0]
    return order
