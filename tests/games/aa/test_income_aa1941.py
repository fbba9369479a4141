"""Collect income (AA41-INC) and the national production level (AA41-DEF-10)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import InvalidOrder, load_ruleset
from pbem.games.aa.economy import production_level

RS = load_ruleset("aa1941")


def at_mobilize(power: str = "germany", **extra: Any):
    position = {"round": 1, "power": power, "phase": "mobilize", "units": {}, **extra}
    return RS.from_position(position, seed="income")


def end_turn(g) -> list[dict[str, Any]]:
    return g.submit(g.state["power"], {"type": "end_phase"})


def income_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["payload"] for e in events if e["type"] == "aa.income_collected"]


def test_AA41_INC_01_collect_production_level() -> None:
    g = at_mobilize(ipcs={"germany": 3})
    events = end_turn(g)
    assert income_events(events) == [{"power": "germany", "amount": 12}]
    assert g.state["ipcs"]["germany"] == 15
    assert g.state["ipcs"]["uk"] == 12  # only the active power collects
    assert RS.describe_event(next(e for e in events if e["type"] == "aa.income_collected")) \
        == "Germany collects 12 IPCs"


def test_AA41_INC_02_no_income_while_capital_held_by_enemy() -> None:
    g = RS.from_position({"round": 1, "power": "uk", "phase": "noncombat_move", "units": {},
                          "owners": {"United Kingdom": "germany"}, "ipcs": {"uk": 4}})
    events = end_turn(g)  # mobilize is skipped, the turn ends
    assert income_events(events) == [{"power": "uk", "amount": 0, "capital_lost": True}]
    assert g.state["ipcs"]["uk"] == 4 and g.state["power"] == "japan"
    # held by a friendly power it is not lost: income as usual (9 without the UK's 3)
    g = at_mobilize(power="uk", owners={"United Kingdom": "usa"}, ipcs={"uk": 0})
    end_turn(g)
    assert g.state["ipcs"]["uk"] == 9


def test_AA41_INC_03_income_is_mandatory() -> None:
    g = at_mobilize(ipcs={"germany": 0})
    with pytest.raises(InvalidOrder):
        g.submit("germany", {"type": "decline_income"})
    events = end_turn(g)
    assert len(income_events(events)) == 1 and g.state["ipcs"]["germany"] == 12


def test_AA41_INC_04_income_follows_current_control() -> None:
    g = at_mobilize(owners={"Karelia": "germany", "Western Europe": "uk"}, ipcs={"germany": 0})
    assert production_level(RS, g.state, "germany") == 12 + 1 - 3
    assert production_level(RS, g.state, "ussr") == 6
    assert production_level(RS, g.state, "uk") == 15
    end_turn(g)
    assert g.state["ipcs"]["germany"] == 10


def test_AA41_DEF_10_production_level_is_sum_of_values() -> None:
    g = at_mobilize()
    assert {p: production_level(RS, g.state, p) for p in RS.data.turn_order} == {
        "ussr": 7, "germany": 12, "uk": 12, "japan": 9, "usa": 17}
    g = at_mobilize(owners={"Russia": "germany", "Caucasus": "japan"})
    assert production_level(RS, g.state, "ussr") == 2
    assert production_level(RS, g.state, "germany") == 15
    assert production_level(RS, g.state, "japan") == 11
