"""Axis & Allies Global 1940 (2nd edition, Alpha 3+): data in ``rules/global1940/``, rule IDs
``G40-*`` (specs/global1940.md), mechanics in ``pbem/games/aa/global1940/`` (docs/global1940.md).

War is decided by the declarations kept in the state (``queries.at_war``); the UK has two
treasuries (purchase, mobilize and income per economy); Collect Income is its own phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine.i18n import N_
from pbem.games.aa.anniversary import research
from pbem.games.aa.edition import FAMILY_MODULES, Edition, State
from pbem.games.aa.editions import anniversary
from pbem.games.aa.global1940 import (
    checks,
    china,
    combat_hooks,
    complexes,
    dutch,
    entering,
    preferences,
    queries,
    restrictions,
    straits,
    turn,
    turn_hooks,
)
from pbem.games.aa.global1940.data import G40Data, global1940
from pbem.games.aa.global1940.rule_ids import RULE_IDS

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

PHASE_LABELS = {**anniversary.PHASE_LABELS, "purchase": N_("purchase and repair")}

OPTIONS = (
    {"name": "national_objectives", "label": N_("National objectives (G40-INC-04)"),
     "type": "bool", "default": True},
    {"name": "research", "label": N_("Research and development (G40-TECH-01)"), "type": "bool",
     "default": False},
    {"name": "submarine_interception", "label": N_("Submarines intercept unescorted "
                                                    "transports (G40-CMB-32)"),
     "type": "bool", "default": True},
    *(o for o in anniversary.OPTIONS if o["name"] in ("dice", "ask_defender")),
)

#: family modules replaced by Global 1940's (treasuries, income per economy, refunds)
_REPLACED = {"pbem.games.aa.purchase": "pbem.games.aa.global1940.purchase",
             "pbem.games.aa.economy": "pbem.games.aa.global1940.collect",
             "pbem.games.aa.mobzone": "pbem.games.aa.global1940.mobilize_pools",
             "pbem.games.aa.capture": "pbem.games.aa.global1940.liberation_hooks"}
#: ``ignoring`` first: its deadline default (taking back an ignore that blocks the end of Combat
#: Move, G40-CM-06) comes before the family's move defaults
MODULES = ("pbem.games.aa.global1940.ignoring", *(_REPLACED.get(m, m) for m in FAMILY_MODULES),
           "pbem.games.aa.global1940.research_orders", "pbem.games.aa.global1940.declarations",
           "pbem.games.aa.global1940.turn_hooks", "pbem.games.aa.global1940.neutral_moves",
           "pbem.games.aa.global1940.building", "pbem.games.aa.global1940.entering",
           "pbem.games.aa.global1940.rocket_orders", "pbem.games.aa.global1940.paradrop_orders",
           "pbem.games.aa.global1940.preferences",
           *combat_hooks.MODULES)

_COUNTS: dict[str, Any] = {"type": "object", "additionalProperties": {"type": "integer",
                                                                      "minimum": 0}}
_PAIRS: dict[str, Any] = {"type": "array", "items": {"type": "array", "items": {
    "type": "string"}, "minItems": 2, "maxItems": 2}}


def _data(rs: AARuleset) -> G40Data:
    data = rs.data
    assert isinstance(data, G40Data)
    return data


def position_keys(data: G40Data) -> dict[str, dict[str, Any]]:
    """The position keys Global 1940 adds (docs/global1940.md "State keys")."""
    return {
        "ipcs": {**_COUNTS, "propertyNames": {"enum": [t.id for t in data.treasuries]},
                 "description": "treasury -> IPCs (the UK has uk_europe and uk_pacific)"},
        "wars": {**_PAIRS, "description": "sorted pairs of powers at war (G40-POL-01)"},
        "politics": {"type": "object", "description": "declarations, flags, acts of war"},
        "neutrals": {"type": "object", "additionalProperties": {"enum": [
            "strict", "pro_axis", "pro_allies", "mongolia"]},
            "description": "territory -> kind, while neutral (G40-NEUT-02)"},
        "installations": {"type": "object", "additionalProperties": _COUNTS,
                          "description": "territory -> {kind: damage} (G40-FAC, G40-BASE)"},
        "installations_idle": {**_PAIRS, "description": "[territory, power] captured, idle"},
        "kamikaze_tokens": {"type": "integer", "minimum": 0},
        "no_bombardment": {"type": "array", "items": {"type": "string"}},
        "objectives_paid": {"type": "array", "items": {"type": "string"}},
        "victory_track": _COUNTS,
        "research": {"type": "object", "description": "power -> {tokens, advances}"},
        "pools": {"type": "object", "description": "this turn's purchases per treasury"},
        "mobilizing": {"type": ["string", "null"], "description": "the treasury mobilizing"},
        "to_build": {**_COUNTS, "description": "installations waiting to be built"},
        "complexes_placed": {**_PAIRS, "description": "[territory, kind] built this turn"},
    }


def extra_state(rs: AARuleset, position: dict[str, Any], options: dict[str, Any]) -> State:
    """The G40 state keys from a position (docs/global1940.md): ten treasuries, wars,
    politics, neutrals, installations, kamikaze tokens, objectives paid, the victory track."""
    data = _data(rs)
    given = position.get("ipcs", {})
    return {
        "ipcs": {t.id: int(given.get(t.id, t.starting_ipcs)) for t in data.treasuries},
        "wars": sorted(sorted(p) for p in position.get(
            "wars", [list(w) for w in data.wars_at_start])),
        "politics": {"declarations": [], "flags": {}, "acts_of_war": [],
                     **position.get("politics", {})},
        "neutrals": dict(sorted(position.get("neutrals", {}).items())),
        "installations": {t: dict(k) for t, k in sorted(position.get("installations",
                                                                     {}).items())},
        "installations_idle": [list(e) for e in position.get("installations_idle", [])],
        "kamikaze_tokens": int(position.get("kamikaze_tokens",
                                            data.rules["kamikaze_tokens"])),
        "no_bombardment": list(position.get("no_bombardment", [])),
        "objectives_paid": list(position.get("objectives_paid", [])),
        "victory_track": {"axis": 0, "allies": 0, **position.get("victory_track", {})},
        "research": {p: {"tokens": int(r.get("tokens", 0)),
                         "advances": sorted(r.get("advances", []))}
                     for p, r in sorted(position.get("research", {}).items())},
        "pools": dict(position.get("pools", {})),
        "mobilizing": position.get("mobilizing"),
        "to_build": dict(position.get("to_build", {})),
        "complexes_placed": [list(e) for e in position.get("complexes_placed", [])],
    }


def at_war(rs: AARuleset, state: State | None, a: str, b: str) -> bool:
    """G40-POL-01/03: from the wars kept in the state (at the start outside a game)."""
    if state is None:
        return sorted((a, b)) in [sorted(w) for w in _data(rs).wars_at_start]
    return queries.at_war(state, a, b)


def turn_steps(rs: AARuleset, state: State, power: str) -> tuple[tuple[str, str], ...]:
    """G40-SEQ-02/03/04: the steps of ``power``'s turn."""
    return turn.steps(_data(rs), state, power)


def load(name: str) -> G40Data:
    """The one scenario: the rulebook's 1940 set-up."""
    return global1940()


def complex_sites(rs: AARuleset, state: State) -> tuple[str, ...]:
    """The territories with an industrial complex now (G40-FAC: kept in ``installations``)."""
    if china.mobilizing(state):  # G40-CHINA-04: China's territories, no complex
        return tuple(rs.map.sorted_spaces(china.placement_territories(_data(rs), state)))
    sites = state.get("installations", {})
    found = [t for t, kinds in sites.items() if any(k in kinds for k in complexes.COMPLEXES)]
    economy = state.get("mobilizing")
    if state.get("phase") == "mobilize" and economy and economy != state["power"]:
        data = _data(rs)  # G40-UK-06: the UK economy mobilizing places at its own complexes
        found = [t for t in found if queries.treasury_for(data, state["power"], t) == economy]
    return tuple(rs.map.sorted_spaces(found))


def usable_complexes(rs: AARuleset, state: State, power: str) -> tuple[str, ...] | None:
    """G40-CHINA-04: China places in every Chinese territory it controls now, those it captured
    this turn included; every other power keeps the family's rule (G40-MOB-01/02)."""
    if power == china.CHINA and china.mobilizing(state):
        return complex_sites(rs, state)
    return None


def capacity(rs: AARuleset, state: State, power: str, territory: str) -> int:
    """G40-MOB-03: ``complexes.capacity`` (damage, upgrade turn, Increased Factory
    Production); China's territories without limit (G40-MOB-08)."""
    if china.mobilizing(state):
        return china.placement_capacity(state, territory)
    return complexes.capacity(_data(rs), state, power, territory)


def unit_cost(rs: AARuleset, state: State, power: str, utype: str) -> int:
    """G40-TECH-16: Improved Shipyards prices, from the moment the advance is gained."""
    return research.unit_cost(_data(rs), research.advances(state, power), utype)


def holder(rs: AARuleset, state: State, territory: str) -> str | None:
    """G40-POL-21: a still-Dutch territory is held for the UK and ANZAC (the UK's wars decide)."""
    if dutch.still_dutch(_data(rs), state, territory):
        return dutch.GUARDIANS[0]
    owner: str | None = state["owners"].get(territory)
    return owner


EDITION = Edition(
    key="global1940",
    title="Axis & Allies Global 1940",
    folder="global1940",
    rule_prefix="G40",
    phases=turn.PHASES,
    phase_labels=PHASE_LABELS,
    skipped_without_capital=("research", "purchase", "mobilize", "collect_income"),
    options=OPTIONS,
    at_war=at_war,
    combat=combat_hooks.COMBAT,
    modules=MODULES,
    scenarios=("global1940",),
    scenario_option="scenario",
    load=load,
    position_keys=position_keys(global1940()),
    extra_state=extra_state,
    unit_keys={"neutral_army": {"type": "boolean", "description": "a neutral's army (G40-NEUT-09)"}},
    turn_steps=turn_steps,
    automatic_phases=("collect_income",),
    complexes=complex_sites,
    capacity=capacity,
    usable_complexes=usable_complexes,
    standing_keys=preferences.standing_keys(global1940()),
    unit_cost=unit_cost,
    seize_treasury=turn_hooks.seize_treasury,
    check_order=checks.check_order,
    move_notes=entering.notes,
    holder=holder,
    move_allowance=turn_hooks.move_allowance,
    canal_passage=straits.canal_passage,
    neutrals_enterable=True,
    surface_escort_lands=True,
    may_share=lambda rs, state, a, b, space: restrictions.may_share(_data(rs), state, a, b,
                                                                   space),
    rule_ids={**combat_hooks.RULE_IDS, **RULE_IDS},
)
