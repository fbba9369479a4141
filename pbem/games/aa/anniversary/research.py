"""Research and development (AAE-RD) and what each advance changes (AAE-TECH, table C.4).

State: ``state["research"][power] = {"tokens": int, "advances": [name, ...]}`` (missing means
no tokens, no advances). Dice faces come from the caller (``ctx.roll``): one research die
per token (AAE-RD-03), then development dice one at a time until :func:`advance_for` names
an advance the power lacks (AAE-RD-07). Advances take effect at once (AAE-RD-08): every
effect below reads the power's advances at the moment it is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.queries import capital_lost
from pbem.games.aa.state import State

ALL = frozenset({
    "advanced_artillery", "rockets", "paratroopers", "increased_factory_production",
    "war_bonds", "mechanized_infantry", "super_submarines", "jet_fighters",
    "improved_shipyards", "radar", "long_range_aircraft", "heavy_bombers"})


def record(state: State, power: str) -> dict[str, Any]:
    """The power's research record, created empty if missing (AAE-RD-09: one per power)."""
    research: dict[str, dict[str, Any]] = state.setdefault("research", {})
    return research.setdefault(power, {"tokens": 0, "advances": []})


def advances(state: State, power: str) -> frozenset[str]:
    entry = state.get("research", {}).get(power)
    return frozenset(entry["advances"]) if entry else frozenset()


def tokens(state: State, power: str) -> int:
    entry = state.get("research", {}).get(power)
    return int(entry["tokens"]) if entry else 0


def check_may_research(data: AnniversaryData, state: State, power: str) -> None:
    """AAE-RD-01 (optional rule), AAE-RD-10 (capital lost), AAE-RD-11 (China)."""
    if not state["options"].get("research", True):
        raise IllegalOrder("AAE-RD-01", "Research and development is not used in this game.")
    if power not in data.treasury:
        raise IllegalOrder("AAE-RD-11", "{power} never researches: it has no IPCs.",
                           {"power": power})
    if capital_lost(data, state, power):
        raise IllegalOrder("AAE-RD-10", "{power} cannot research while its capital is held by "
                           "the enemy.", {"power": power})


def check_token_purchase(data: AnniversaryData, state: State, power: str, count: Any) -> int:
    """AAE-RD-02: any number of tokens at 5 IPC each, never more than the IPCs held.
    Returns the cost."""
    check_may_research(data, state, power)
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise InvalidOrder("AAE-RD-02", "The number of research tokens must be a whole number "
                           "of 0 or more.")
    cost = count * data.research_rules().token_cost
    if cost > state["ipcs"][power]:
        raise IllegalOrder("AAE-RD-02", "{count} research tokens cost {cost} IPCs; {power} "
                           "holds {ipcs}.", {"count": count, "cost": cost, "power": power,
                                             "ipcs": state["ipcs"][power]})
    return cost


def research_succeeds(data: AnniversaryData, faces: Sequence[int]) -> bool:
    """AAE-RD-04: success when at least one research die shows 6 (AAE-RD-06: one advance
    however many 6s)."""
    return data.research_rules().success_face in faces


def choosable_charts(data: AnniversaryData, owned: frozenset[str]) -> tuple[int, ...]:
    """AAE-RD-07: a chart whose six advances the power already owns cannot be chosen."""
    charts = data.research_rules().charts
    return tuple(c for c in sorted(charts) if not set(charts[c]) <= owned)


def check_chart(data: AnniversaryData, owned: frozenset[str], chart: Any) -> int:
    """AAE-RD-05: the player chooses chart 1 or 2 after the successful roll."""
    if chart not in data.research_rules().charts:
        raise InvalidOrder("AAE-RD-05", "Choose research chart 1 or 2.")
    if chart not in choosable_charts(data, owned):
        raise IllegalOrder("AAE-RD-07", "Chart {chart} holds no advance you lack.",
                           {"chart": chart})
    return int(chart)


def advance_for(data: AnniversaryData, owned: frozenset[str], chart: int, face: int
                ) -> str | None:
    """AAE-RD-05/07: the advance numbered ``face`` on ``chart``, or None when the power
    already has it (the caller rolls again)."""
    advance = data.research_rules().charts[chart][face - 1]
    return None if advance in owned else advance


def resolve(data: AnniversaryData, state: State, power: str, research_faces: Sequence[int],
            chart: int | None, development_faces: Sequence[int]) -> dict[str, Any]:
    """The outcome of one research step as an event payload (pure: the state is not changed).

    ``research_faces``: one die per token held; ``development_faces``: the development dice
    rolled in order (only read on success). Tokens are discarded on success and kept on
    failure (AAE-RD-04)."""
    held = tokens(state, power)
    if len(research_faces) != held:
        raise InvalidOrder("AAE-RD-03", "Roll one research die per token ({held}).",
                           {"held": held})
    owned = advances(state, power)
    if not research_succeeds(data, research_faces):
        return {"power": power, "success": False, "tokens": held, "advance": None}
    if not choosable_charts(data, owned):  # AAE-RD-07: owns all twelve
        return {"power": power, "success": True, "tokens": 0, "advance": None}
    chosen = check_chart(data, owned, chart)
    for face in development_faces:
        advance = advance_for(data, owned, chosen, face)
        if advance:
            return {"power": power, "success": True, "tokens": 0, "advance": advance,
                    "chart": chosen}
    raise InvalidOrder("AAE-RD-07", "More development dice are needed to reach a new advance.")


def apply(state: State, outcome: dict[str, Any]) -> None:
    """Evolver side of :func:`resolve` (AAE-RD-08: the advance is recorded at once)."""
    entry = record(state, outcome["power"])
    entry["tokens"] = outcome["tokens"]
    if outcome.get("advance") and outcome["advance"] not in entry["advances"]:
        entry["advances"] = sorted([*entry["advances"], outcome["advance"]])


# -- effects of the advances (AAE-TECH) ------------------------------------------------
def unit_cost(data: AnniversaryData, owned: frozenset[str], utype: str) -> int:
    """AAE-TECH-09, AAE-TECH-18: Improved Shipyards prices from the turn they are gained."""
    unit = data.unit(utype)
    if "improved_shipyards" in owned and unit.shipyard_cost is not None:
        return unit.shipyard_cost
    return unit.cost


def attack_value(data: AnniversaryData, owned: frozenset[str], utype: str) -> int:
    """AAE-TECH-07 super submarines attack 3; AAE-TECH-08 jet fighters attack 4."""
    unit = data.unit(utype)
    if "super_submarines" in owned and unit.attack_with_super_submarines:
        return unit.attack_with_super_submarines
    if "jet_fighters" in owned and unit.attack_with_jets:
        return unit.attack_with_jets
    return unit.attack


def move_value(data: AnniversaryData, owned: frozenset[str], utype: str) -> int:
    """AAE-TECH-11: fighters 6, bombers 8 with Long-Range Aircraft."""
    unit = data.unit(utype)
    if "long_range_aircraft" in owned and unit.move_with_long_range:
        return unit.move_with_long_range
    return unit.move


def bomber_dice(data: AnniversaryData, owned: frozenset[str], attacking: bool) -> int:
    """AAE-TECH-12: heavy bombers roll two dice in attack and raids, one in defence."""
    if attacking and "heavy_bombers" in owned:
        return data.unit("bomber").heavy_bomber_dice
    return 1


def aa_hit_value(data: AnniversaryData, owned: frozenset[str]) -> int:
    """AAE-TECH-10: Radar makes AA guns hit on 1 or 2."""
    gun = data.unit("aa_gun")
    return gun.aa_hit_with_radar if "radar" in owned else gun.aa_hit


def infantry_per_artillery(owned: frozenset[str]) -> int:
    """AAE-TECH-01: with Advanced Artillery each artillery supports two infantry (Global 1940
    names the same advance Improved Artillery, G40-TECH-08)."""
    return 2 if owned & {"advanced_artillery", "improved_artillery"} else 1


def factory_bonus(owned: frozenset[str]) -> int:
    """AAE-TECH-04 (spec D-03: at every complex): +2 units per turn."""
    return 2 if "increased_factory_production" in owned else 0


def repair_cost(owned: frozenset[str], markers: int) -> int:
    """AAE-PUR-03 1 IPC per marker; AAE-TECH-04/18 1 IPC per two markers, rounded up."""
    return (markers + 1) // 2 if "increased_factory_production" in owned else markers


def war_bonds(owned: frozenset[str], face: int | None) -> int:
    """AAE-TECH-05: 1d6 extra IPCs at Collect Income."""
    return face if "war_bonds" in owned and face else 0
