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

#: the family's (A&A 1941) rule IDs whose Anniversary rule has another number or name: a
#: refusal of the shared rules names the Anniversary rule (specs/anniversary.md)
RULE_IDS = {
    "AA41-AIR-01": "AAE-CM-11", "AA41-AIR-03": "AAE-CM-12", "AA41-AIR-04": "AAE-NCM-04",
    "AA41-AIR-05": "AAE-CM-12", "AA41-AIR-07": "AAE-NCM-07", "AA41-AIR-08": "AAE-NCM-08",
    "AA41-AIR-09": "AAE-NCM-05", "AA41-AIR-12": "AAE-NCM-06", "AA41-AIR-13": "AAE-NCM-07",
    "AA41-AIR-14": "AAE-NCM-08",
    "AA41-AMP-01": "AAE-AMPH-01", "AA41-AMP-02": "AAE-CM-23", "AA41-AMP-03": "AAE-AMPH-04",
    "AA41-AMP-04": "AAE-AMPH-03", "AA41-AMP-05": "AAE-AMPH-04", "AA41-AMP-09": "AAE-AMPH-06",
    "AA41-AMP-11": "AAE-AMPH-08", "AA41-AMP-12": "AAE-AMPH-10", "AA41-AMP-13": "AAE-AMPH-01",
    "AA41-AMP-14": "AAE-AMPH-01",
    "AA41-CMB-33": "AAE-CMB-02", "AA41-DEF-02": "AAE-SEQ-06", "AA41-GEN-07": "AAE-SEQ-08",
    "AA41-GEN-09": "AAE-PUR-01", "AA41-MNF-02": "AAE-CMB-25", "AA41-MNF-03": "AAE-UNIT-CV-02",
    "AA41-MNF-06": "AAE-UNIT-TT-07", "AA41-MNF-07": "AAE-UNIT-CV-02",
    "AA41-UNIT-TRN-02": "AAE-CMB-11", "AA41-UNIT-TRN-03": "AAE-UNIT-TT-02",
    "AA41-UNIT-TRN-04": "AAE-UNIT-TT-04", "AA41-UNIT-TRN-05": "AAE-CM-22",
    "AA41-UNIT-TRN-07": "AAE-AMPH-11", "AA41-UNIT-TRN-08": "AAE-UNIT-TT-05",
    "AA41-UNIT-TRN-09": "AAE-AMPH-11", "AA41-UNIT-TRN-10": "AAE-UNIT-TT-05",
    "AA41-UNIT-TRN-11": "AAE-UNIT-TT-05",
    # same number, another rule in the Anniversary checklist
    "AA41-CM-02": "AAE-CM-05", "AA41-CM-03": "AAE-CM-05", "AA41-CM-05": "AAE-CM-01",
    "AA41-CM-07": "AAE-CM-03", "AA41-CM-09": "AAE-CM-04", "AA41-CM-10": "AAE-CM-09",
    "AA41-CM-11": "AAE-CM-08", "AA41-CM-13": "AAE-CM-05", "AA41-CM-14": "AAE-CM-16",
    "AA41-CM-15": "AAE-CM-18", "AA41-CM-16": "AAE-CM-19", "AA41-CM-17": "AAE-AMPH-02",
    "AA41-CM-21": "AAE-CM-03",
    "AA41-NCM-02": "AAE-NCM-01", "AA41-NCM-03": "AAE-NCM-08", "AA41-NCM-04": "AAE-NCM-03",
    "AA41-NCM-05": "AAE-NCM-09", "AA41-NCM-06": "AAE-CM-16", "AA41-NCM-07": "AAE-NCM-10",
    "AA41-MOB-03": "AAE-MOB-02", "AA41-MOB-07": "AAE-MOB-05", "AA41-MOB-08": "AAE-NCM-07",
    "AA41-MOB-10": "AAE-MOB-03",
    "AA41-PUR-02": "AAE-PUR-01", "AA41-PUR-03": "AAE-PUR-02", "AA41-PUR-06": "AAE-PUR-07",
    "AA41-PUR-07": "AAE-PUR-06", "AA41-SEQ-03": "AAE-SEQ-04",
}

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
           "pbem.games.aa.anniversary.china_turn", "pbem.games.aa.anniversary.paratroopers", *COMBAT_MODULES)


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
    """AAE-TECH-11: Long-Range Aircraft, read at once (AAE-RD-08); AAE-TECH-06: with
    Mechanized Infantry an infantry may move two with a tank (the pairing is checked by
    :func:`_check_mechanized`)."""
    if state.get("phase") == "combat_move" and rs.data.units[unit["type"]].has(
            "noncombat_move_only"):
        return 0  # AAE-NCM-11: AA guns move only in Noncombat Move
    owned = research.advances(state, unit["owner"])
    if "mechanized_infantry" in owned and rs.data.units[unit["type"]].has("mechanized_with_tank"):
        return 2
    return research.move_value(scenario_data(rs, state), owned, unit["type"])


def complex_sites(rs: AARuleset, state: State) -> tuple[str, ...]:
    """The territories with an industrial complex (bought ones included, AAE-PUR-06)."""
    return tuple(rs.map.sorted_spaces(state.get("complexes", {})))


def capacity(rs: AARuleset, state: State, power: str, territory: str) -> int:
    """AAE-MOB-02/10, AAE-TECH-04: value (+2 with IFP) minus damage, never below 0."""
    return complexes.capacity(scenario_data(rs, state), state, power, territory)


def check_site(rs: AARuleset, state: State, power: str, territory: Any) -> str:
    """AAE-MOB-08: where a new industrial complex goes."""
    return complexes.check_new_complex(scenario_data(rs, state), state, power, territory)


def capture_controller(rs: AARuleset, state: State, territory: str, capturer: str) -> str:
    """AAE-CHINA-07 (spec E-15): Kwangtung taken by China goes to the United Kingdom."""
    data = scenario_data(rs, state)
    if capturer != china.CHINA:
        return capturer
    return china.controller_after_capture(data, territory, capturer,
                                          data.spaces[territory].original_owner)


def _check_mechanized(rs: AARuleset, state: State, ids: Any, route: Any) -> None:
    """AAE-TECH-06/19: an infantry moving two spaces goes in one order, along one route, with
    a tank of the same order (one infantry per tank)."""
    if not isinstance(ids, list) or not isinstance(route, list):
        return
    wanted = {i for i in ids if isinstance(i, int)}
    moving = [u for units in state["units"].values() for u in units if u["id"] in wanted]
    types = rs.data.units
    # cargo offloading moves with its transport (bridging, AAE-UNIT-TT-06): not a land move
    riders = [u for u in moving if types[u["type"]].has("mechanized_with_tank")
              and u.get("aboard") is None
              and int(u.get("t_moved", 0)) + len(route) - 1 > types[u["type"]].move]
    if not riders:
        return
    tanks = [u for u in moving if types[u["type"]].has("blitz")]
    if len(tanks) < len(riders) or any(u.get("t_moved") for u in riders):
        raise IllegalOrder("AAE-TECH-19", "With Mechanized Infantry each infantry moves two "
                           "spaces only together with a tank, in the same move (one infantry "
                           "per tank).")


def _named_units(state: State, ids: Any) -> list[dict[str, Any]]:
    """The units of the board an order names by id (nothing when ``ids`` is not a list)."""
    if not isinstance(ids, list):
        return []
    wanted = {i for i in ids if isinstance(i, int)}
    return [unit for units in state["units"].values() for unit in units if unit["id"] in wanted]


def _check_noncombat_only(rs: AARuleset, state: State, ids: Any) -> None:
    """AAE-NCM-11, AAE-AA-08: AA guns move only in Noncombat Move."""
    for unit in _named_units(state, ids):
        if rs.data.units[unit["type"]].has("noncombat_move_only"):
            raise IllegalOrder("AAE-NCM-11", "An antiaircraft gun moves only in the "
                               "noncombat move.")


def _check_own_cargo(state: State, seat: str, ids: Any) -> None:
    """AAE-AMPH-12, AAE-UNIT-TT-07: only the power's own land units offload in its assault."""
    for unit in _named_units(state, ids):
        if unit.get("aboard") is not None and unit["owner"] != seat:
            raise IllegalOrder("AAE-AMPH-12", "Unit {unit_id} belongs to another power: it "
                                   "makes an amphibious assault only on its own power's turn.",
                                   {"unit_id": unit["id"]})


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
    if kind == "move":
        _check_mechanized(rs, state, order.get("units"), order.get("route"))
    if kind == "declare_amphibious":
        _check_own_cargo(state, seat, order.get("units"))
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
    capture_controller=capture_controller,
    rule_ids={**COMBAT_RULE_IDS, **RULE_IDS},
)
