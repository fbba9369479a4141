"""Axis & Allies Anniversary Edition: data in ``rules/anniversary/`` (both scenarios, one board),
rule IDs ``AAE-*`` (specs/anniversary.md), mechanics in ``pbem/games/aa/anniversary/``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.engine import IllegalOrder
from pbem.engine.i18n import N_
from pbem.games.aa.anniversary import china, china_turn, complexes, research, turn
from pbem.games.aa.anniversary.combat_hooks import COMBAT
from pbem.games.aa.anniversary.combat_hooks import MODULES as COMBAT_MODULES
from pbem.games.aa.anniversary.combat_hooks import RULE_IDS as COMBAT_RULE_IDS
from pbem.games.aa.anniversary.data import SCENARIOS, AnniversaryData, anniversary
from pbem.games.aa.edition import FAMILY_MODULES, Edition, State, side_based_at_war

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

PHASE_LABELS = {
    "research": N_("research and development"),
    "purchase": N_("purchase units"),
    "combat_move": N_("combat move"),
    "combat": N_("conduct combat"),
    "noncombat_move": N_("noncombat move"),
    "mobilize": N_("mobilize new units"),
    "collect_income": N_("collect income"),
}

OPTIONS = (
    {"name": "scenario", "label": N_("Scenario (AAE-SEQ-02/03)"), "type": "choice",
     "default": "1941", "choices": [{"value": "1941", "label": N_("1941")},
                                    {"value": "1942", "label": N_("1942")}]},
    {"name": "victory_cities", "label": N_("Victory cities needed (AAE-VIC-03)"),
     "type": "choice", "default": 15, "choices": [
         {"value": 13, "label": N_("13 victory cities (short game)")},
         {"value": 15, "label": N_("15 victory cities (standard game)")},
         {"value": 18, "label": N_("18 victory cities (total victory)")}]},
    {"name": "research", "label": N_("Research and development (AAE-RD-01)"), "type": "bool",
     "default": True},
    {"name": "national_objectives", "label": N_("National objectives (AAE-NO-01)"),
     "type": "bool", "default": True},
    {"name": "dice", "label": N_("Dice"), "type": "choice", "default": "standard",
     "choices": [{"value": "standard", "label": N_("Standard dice")},
                 {"value": "low_luck", "label": N_("Low luck")}]},
    {"name": "ask_defender", "label": N_("Ask the defender to choose casualties"),
     "type": "bool", "default": False},
)

_COUNTS: dict[str, Any] = {"type": "object", "additionalProperties": {"type": "integer",
                                                                      "minimum": 0}}
POSITION_KEYS: dict[str, dict[str, Any]] = {
    "complexes": {**_COUNTS, "description": "territory -> damage markers of its industrial complex"},
    "research": {"type": "object", "description": "power -> {tokens, advances}"},
    "waiting": {"type": "object", "additionalProperties": _COUNTS,
                "description": "power -> units waiting in its mobilization zone"},
    "china_pending": {"type": "integer", "minimum": 0,
                      "description": "China's free infantry waiting to be placed"},
}


#: the family's rules modules, the edition's income and victory in place of the family's
MODULES = (*("pbem.games.aa.anniversary.economy" if m == "pbem.games.aa.economy" else m
               for m in FAMILY_MODULES), "pbem.games.aa.anniversary.research_phase",
           "pbem.games.aa.anniversary.china_turn", *COMBAT_MODULES)


def scenario_data(rs: AARuleset, state: State) -> AnniversaryData:
    data = rs.scenario(state["options"])
    assert isinstance(data, AnniversaryData)
    return data


def extra_state(rs: AARuleset, position: dict[str, Any], options: dict[str, Any]) -> State:
    """The state keys the edition adds (docs/anniversary.md): complexes and their damage,
    research records, China's waiting infantry, the US turn's combat blocks."""
    complexes = position.get("complexes")
    if complexes is None:
        complexes = {t: 0 for t in rs.data.factories}
    return {
        "complexes": {t: int(n) for t, n in sorted(complexes.items())},
        "complexes_placed": [],
        "research": {p: {"tokens": int(r.get("tokens", 0)), "advances": sorted(r.get("advances", []))}
                     for p, r in sorted(position.get("research", {}).items())},
        "china_pending": int(position.get("china_pending", 0)),
        "waiting": {p: dict(units) for p, units in sorted(position.get("waiting", {}).items())},
        "first_block": None,
    }


def turn_steps(rs: AARuleset, state: State, power: str) -> tuple[tuple[str, str], ...]:
    """AAE-SEQ-04/09/10, AAE-CHINA-10: the steps of ``power``'s turn, China inside the US's."""
    return turn.steps(scenario_data(rs, state), state, power, china_turn.first_block(state))


def unit_cost(rs: AARuleset, state: State, power: str, utype: str) -> int:
    """AAE-TECH-09/18: Improved Shipyards prices from the turn the advance is gained."""
    return research.unit_cost(scenario_data(rs, state), research.advances(state, power), utype)


def move_allowance(rs: AARuleset, state: State, unit: dict[str, Any]) -> int:
    """AAE-TECH-11: Long-Range Aircraft, read at once (AAE-RD-08)."""
    return research.move_value(scenario_data(rs, state), research.advances(state, unit["owner"]),
                               unit["type"])


def complex_sites(rs: AARuleset, state: State) -> tuple[str, ...]:
    """The territories with an industrial complex (bought ones included, AAE-PUR-06)."""
    return tuple(rs.map.sorted_spaces(state.get("complexes", {})))


def capacity(rs: AARuleset, state: State, power: str, territory: str) -> int:
    """AAE-MOB-02/10, AAE-TECH-04: value (+2 with IFP) minus damage, never below 0."""
    return complexes.capacity(scenario_data(rs, state), state, power, territory)


def check_site(rs: AARuleset, state: State, power: str, territory: Any) -> str:
    """AAE-MOB-08: where a new industrial complex goes."""
    return complexes.check_new_complex(scenario_data(rs, state), state, power, territory)


def _check_noncombat_only(rs: AARuleset, state: State, ids: Any) -> None:
    """AAE-NCM-11, AAE-AA-08: AA guns move only in Noncombat Move."""
    if not isinstance(ids, list):
        return
    wanted = {i for i in ids if isinstance(i, int)}
    for units in state["units"].values():
        for unit in units:
            if unit["id"] in wanted and rs.data.units[unit["type"]].has("noncombat_move_only"):
                raise IllegalOrder("AAE-NCM-11", "An antiaircraft gun moves only in the "
                                   "noncombat move.")


def check_order(rs: AARuleset, state: State, seat: str, order: dict[str, Any]) -> None:
    """The edition's refusals before the family's: China never purchases (AAE-PUR-08), its
    units stay in its area (AAE-CHINA-05/09) and never board transports (AAE-CHINA-08)."""
    data = scenario_data(rs, state)
    kind = order.get("type")
    if kind == "purchase" and seat not in data.treasury:
        raise IllegalOrder("AAE-PUR-08", "{power} never purchases: it receives free infantry.",
                           {"power": seat})
    if kind == "move" and state["phase"] == "combat_move":
        _check_noncombat_only(rs, state, order.get("units"))
    if kind not in ("move", "declare_amphibious") or seat != china.CHINA:
        return
    if kind == "declare_amphibious" or order.get("transport") is not None:
        china.check_transport({"owner": seat})
    route = order.get("route")
    if isinstance(route, list) and all(isinstance(s, str) for s in route):
        china.check_path(data, {"owner": seat}, route)


EDITION = Edition(
    key="anniversary",
    title="Axis & Allies Anniversary Edition",
    folder="anniversary",
    rule_prefix="AAE",
    phases=turn.PHASES,
    phase_labels=PHASE_LABELS,
    skipped_without_capital=("research", "purchase", "mobilize", "collect_income"),
    options=OPTIONS,
    at_war=side_based_at_war,
    combat=COMBAT,
    rule_ids=COMBAT_RULE_IDS,
    modules=MODULES,
    scenarios=SCENARIOS,
    scenario_option="scenario",
    load=anniversary,
    position_keys=POSITION_KEYS,
    extra_state=extra_state,
    turn_steps=turn_steps,
    automatic_phases=("collect_income",),
    hosts={"china": "usa"},
    unit_cost=unit_cost,
    move_allowance=move_allowance,
    complexes=complex_sites,
    capacity=capacity,
    check_site=check_site,
    check_order=check_order,
    keeps_unplaced=True,
)
