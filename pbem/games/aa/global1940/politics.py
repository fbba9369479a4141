"""Declarations of war and the political history (G40-POL-02…24, G40-FAC-07).

State: ``wars`` (sorted pairs at war); ``politics = {"declarations": [...], "flags": {...},
"acts_of_war": [[actor, victim], ...]}``. Flags: ``axis_declared_on_usa`` (POL-15a),
``london_captured`` (POL-09, POL-15b), ``north_america_captured`` (POL-15c),
``japan_unprovoked_on_west`` (POL-15d), ``euro_axis_declared_on_ussr`` (POL-09),
``japan_attacked_west`` (G40-NO-JPN-01, AMB-26). Checks raise ``IllegalOrder``; ``declare``
returns the event payload and ``apply`` is its evolver.
"""

from __future__ import annotations

from typing import Any

from pbem.engine import IllegalOrder
from pbem.engine.i18n import N_
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war, flags
from pbem.games.aa.state import State

EUROPEAN_AXIS = ("germany", "italy")
WEST = ("uk", "anzac")  # G40-POL-12, -20, -23: a war with one is a war with both
MAY_DECLARE_ON = {  # G40-POL-06, -07, -08, -09, -15, -19, -20, -23, -24
    "germany": ("usa", "ussr", "china"), "italy": ("usa", "ussr", "china"),
    "japan": ("uk", "anzac", "usa", "france", "ussr"), "ussr": ("japan", "germany", "italy"),
    "usa": ("germany", "italy", "japan"), "china": ("germany", "italy"),
    "uk": ("japan",), "anzac": ("japan",), "france": ("japan",)}


def _refuse(rule: str, template: str, **params: Any) -> IllegalOrder:
    return IllegalOrder(rule, template, params)


def check_timing(state: State, declarer: str, at_income: bool = False) -> None:
    """G40-POL-02: at the start of the declarer's own Combat Move, before any move; the US
    round-3 option at the start of its Collect Income (G40-POL-16)."""
    if state["power"] != declarer:
        raise _refuse("G40-POL-02", N_("{power} declares war only in its own turn."), power=declarer)
    if at_income:
        if not us_round3_option(state, declarer):
            raise _refuse("G40-POL-16", N_("Only the United States, at the start of its round-3 "
                                           "Collect Income, may declare war there."))
        return
    if state["phase"] != "combat_move" or state.get("combat_moves_made"):
        raise _refuse("G40-POL-02", N_("War is declared at the start of Combat Move, before any "
                                       "unit moves."))


def us_round3_option(state: State, power: str) -> bool:
    """G40-POL-16: the US in round 3, still not at war with every Axis power."""
    return (power == "usa" and state["round"] == 3 and state["phase"] == "collect_income"
            and not all(at_war(state, "usa", a) for a in ("germany", "italy", "japan")))


def check_declaration(data: G40Data, state: State, declarer: str, target: str,
                      at_income: bool = False) -> None:
    check_timing(state, declarer, at_income)
    if target not in data.power_by_id or data.side_of(target) == data.side_of(declarer):
        raise _refuse("G40-POL-03", N_("{power} cannot declare war on {target}."), power=declarer,
                      target=str(target))
    if at_war(state, declarer, target):
        raise _refuse("G40-POL-03", N_("{power} is already at war with {target}."), power=declarer,
                      target=target)
    if target not in MAY_DECLARE_ON[declarer]:
        raise _refuse("G40-POL-01", N_("{power} may not declare war on {target}."), power=declarer,
                      target=target)
    f = flags(state)
    if declarer == "ussr" and target in EUROPEAN_AXIS and state["round"] < 4 and not (
            f.get("euro_axis_declared_on_ussr") or f.get("london_captured")):
        raise _refuse("G40-POL-09", N_("The Soviet Union may declare war on {target} only from "
                                       "round 4, unless a European Axis power has declared war on it or London "
                                       "has fallen."), target=target)
    if declarer == "usa" and not at_income and state["round"] < 4 and not any(
            f.get(k) for k in ("axis_declared_on_usa", "london_captured",
                               "north_america_captured", "japan_unprovoked_on_west")):
        raise _refuse("G40-POL-15", N_("The United States may not declare war yet: no Axis "
                                       "declaration, no fall of London or of a North American territory, no "
                                       "unprovoked Japanese attack on the UK or ANZAC, and it is before round 4."))
    if declarer == "china" and not any(
            u["owner"] == target for t in data.china_area for u in state["units"].get(t, [])):
        raise _refuse("G40-POL-19", N_("China may declare war on {target} only while {target} has "
                                       "units where Chinese units may go."), target=target)


def war_pairs(declarer: str, target: str) -> list[list[str]]:
    """G40-POL-03, -12, -20, -23: the pairs a declaration puts at war (UK and ANZAC together)."""
    left = list(WEST) if declarer in WEST else [declarer]
    right = list(WEST) if target in WEST else [target]
    return sorted(sorted((a, b)) for a in left for b in right)


def provoked(state: State, declarer: str, target: str) -> bool:
    """G40-POL-05: a declaration answering an act of war of the target (or, for the UK and
    ANZAC, of either) is provoked; any other is unprovoked."""
    acts = state.get("politics", {}).get("acts_of_war", [])
    targets = WEST if target in WEST else (target,)
    return any([t, declarer] in acts for t in targets)


def declare(data: G40Data, state: State, declarer: str, target: str,
            at_income: bool = False) -> dict[str, Any]:
    """Check a declaration and return its event payload (pure)."""
    check_declaration(data, state, declarer, target, at_income)
    pairs = [p for p in war_pairs(declarer, target) if p not in state["wars"]]
    was_provoked = provoked(state, declarer, target)
    new_flags = {}
    if target == "usa":
        new_flags["axis_declared_on_usa"] = True
    if target == "ussr" and declarer in EUROPEAN_AXIS:
        new_flags["euro_axis_declared_on_ussr"] = True
    if declarer == "japan" and target in WEST:
        new_flags["japan_attacked_west"] = True
        if not was_provoked:
            new_flags["japan_unprovoked_on_west"] = True
    usa_at_war = any(at_war(state, "usa", a) for a in data.sides["axis"])
    upgrades = []
    if "usa" in (declarer, target) and not usa_at_war:  # G40-FAC-07
        upgrades = [t for t in data.rules["us_factories_free_upgrade"]
                    if state["owners"].get(t) == "usa"
                    and "minor_complex" in state.get("installations", {}).get(t, {})]
    return {"declarer": declarer, "target": target, "pairs": pairs, "provoked": was_provoked,
            "round": state["round"], "flags": new_flags, "upgrades": upgrades}


def apply(state: State, payload: dict[str, Any]) -> None:
    """Evolver of :func:`declare` (G40-POL-04: the new enemy is hostile at once)."""
    state["wars"] = sorted(state["wars"] + payload["pairs"])
    politics = state.setdefault("politics", {})
    politics.setdefault("declarations", []).append(
        {k: payload[k] for k in ("declarer", "target", "provoked", "round")})
    flags(state).update(payload["flags"])
    for territory in payload["upgrades"]:  # G40-FAC-07, AMB-42: damage carries over
        site = state["installations"][territory]
        site["major_complex"] = site.pop("minor_complex")


def record_act_of_war(state: State, actor: str, victim: str) -> None:
    """An aggression that provokes a later declaration (G40-POL-05), e.g. an Allied power
    entering Chinese territory while not at war with Japan (G40-POL-14), or an attack on a
    Dutch territory, which the UK and ANZAC treat as against themselves (G40-POL-21)."""
    acts = state.setdefault("politics", {}).setdefault("acts_of_war", [])
    if [actor, victim] not in acts:
        acts.append([actor, victim])


def record_capture(data: G40Data, state: State, conqueror: str, territory: str) -> None:
    """AMB-08, AMB-50: London or a North American territory taken by the Axis, ever."""
    if data.side_of(conqueror) != "axis":
        return
    f = flags(state)
    if territory == data.capital_of("uk"):
        f["london_captured"] = True
    if territory in data.rules["north_america"]:
        f["north_america_captured"] = True


def record_japanese_attack(state: State, defenders: set[str], territory: str) -> None:
    """AMB-26: Japan moving into French Indo China in Combat Move, or attacking UK or ANZAC
    units or territory, loses G40-NO-JPN-01 for good."""
    if territory == "French Indo China" or defenders & set(WEST):
        flags(state)["japan_attacked_west"] = True
