"""Game and turn sequence (AA41-SEQ-02..05, 07) played through ``end_phase``."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder, NotYourTurn, load_ruleset

RS = load_ruleset("aa1941")
PHASES = ["purchase", "combat_move", "combat", "noncombat_move", "mobilize"]


def start(power: str = "ussr", phase: str = "purchase", **extra: Any):
    position = {"round": 1, "power": power, "phase": phase, "units": {}, **extra}
    return RS.from_position(position, seed="sequence")


def play_turn(g) -> list[dict[str, Any]]:
    """End phases until the turn passes; return the events of the whole turn."""
    power, events = g.state["power"], []
    while g.state["power"] == power and g.result() is None:
        events += g.submit(power, {"type": "end_phase"})
    return events


def started_phases(events: list[dict[str, Any]]) -> list[str]:
    return [e["payload"]["phase"] for e in events if e["type"] == "aa.phase_started"]


def test_AA41_SEQ_02_round_is_one_turn_each_in_fixed_order() -> None:
    g = start()
    seen = []
    for _ in range(6):
        seen.append((g.state["round"], g.state["power"]))
        play_turn(g)
    assert seen == [(1, "ussr"), (1, "germany"), (1, "uk"), (1, "japan"), (1, "usa"),
                    (2, "ussr")]


def test_AA41_SEQ_03_phases_in_order_and_never_reopened() -> None:
    g = start(power="germany")
    visited = [g.state["phase"]]
    while g.state["power"] == "germany":
        g.submit("germany", {"type": "end_phase"})
        visited.append(g.state["phase"])
    assert visited == PHASES + ["purchase"]  # the last one is the UK's purchase
    g = start(power="germany", phase="combat_move", ipcs={"germany": 30})
    with pytest.raises(IllegalOrder) as exc:  # purchase is closed for this turn
        g.submit("germany", {"type": "purchase", "units": {"infantry": 1}})
    assert exc.value.rule_id == "AA41-PUR-03"
    with pytest.raises(IllegalOrder) as exc:
        g.submit("germany", {"type": "place", "units": {"infantry": 1}, "at": "Germany"})
    assert exc.value.rule_id == "AA41-MOB-01"


def test_AA41_SEQ_04_turn_ends_with_income_then_next_power() -> None:
    g = start(power="uk", phase="mobilize", ipcs={"uk": 1})
    events = g.submit("uk", {"type": "end_phase"})
    kinds = [e["type"] for e in events if e["type"].startswith("aa.")]
    assert kinds.index("aa.income_collected") < kinds.index("aa.turn_started")
    assert g.state["power"] == "japan" and g.state["phase"] == "purchase"
    assert g.state["ipcs"]["uk"] == 13
    with pytest.raises(NotYourTurn):
        g.submit("uk", {"type": "end_phase"})


def test_AA41_SEQ_05_no_capital_skips_purchase_mobilize_income() -> None:
    g = start(power="usa", phase="mobilize", owners={"Russia": "germany"}, ipcs={"ussr": 5})
    events = play_turn(g)  # the USA's turn ends: the USSR begins without Moscow
    assert g.state["power"] == "ussr" and g.state["phase"] == "combat_move"
    assert started_phases(events) == ["combat_move"]
    events = play_turn(g)
    assert started_phases(events)[:2] == ["combat", "noncombat_move"]
    assert "mobilize" not in started_phases(events)
    income = [e["payload"] for e in events if e["type"] == "aa.income_collected"]
    assert income == [{"power": "ussr", "amount": 0, "capital_lost": True}]
    assert g.state["ipcs"]["ussr"] == 5


def test_AA41_SEQ_05_skip_decided_when_each_phase_begins() -> None:
    # Moscow retaken before Mobilize (Interp. AMB-14): Mobilize is played and income collected.
    g = start(power="ussr", phase="noncombat_move", ipcs={"ussr": 0})
    events = play_turn(g)
    assert "mobilize" in started_phases(events)
    assert g.state["ipcs"]["ussr"] == 7


def test_AA41_SEQ_07_power_without_units_or_territories_still_has_its_turn() -> None:
    ussr_land = [t for t, s in RS.data.spaces.items() if s.original_owner == "ussr"]
    g = start(power="ussr", phase="combat_move", owners={t: "germany" for t in ussr_land},
              ipcs={"ussr": 0})
    events = play_turn(g)
    assert g.state["power"] == "germany"
    assert started_phases(events) == ["combat", "noncombat_move", "purchase"]
    income = [e["payload"] for e in events if e["type"] == "aa.income_collected"]
    assert income == [{"power": "ussr", "amount": 0, "capital_lost": True}]


def test_full_round_replays_to_the_same_state() -> None:
    g = RS.new_game({}, seed="round")
    g.submit("ussr", {"type": "purchase", "units": {"infantry": 2}})
    while g.state["power"] == "ussr":
        if g.state["phase"] == "mobilize" and g.state["bought"]:
            g.submit("ussr", {"type": "place", "units": {"infantry": 2}, "at": "Russia"})
        g.submit("ussr", {"type": "end_phase"})
    assert g.state["ipcs"]["ussr"] == 7 - 6 + 7
    assert len([u for u in g.state["units"]["Russia"] if u["type"] == "infantry"]) == 5
    assert not any(k.startswith("t_") for us in g.state["units"].values() for u in us for k in u)
    assert RS.replay(g.log()).state == g.state
