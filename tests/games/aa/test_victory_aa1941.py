"""Victory (AA41-VIC) and when it is checked (AA41-SEQ-06)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import GameOver, InvalidOrder, load_ruleset

RS = load_ruleset("aa1941")


def ending(power: str, owners: dict[str, str], mode: str = "two_capitals",
           phase: str = "mobilize"):
    """A game at the last phase of ``power``'s turn, with the given control changes."""
    position = {"round": 3, "power": power, "phase": phase, "units": {}, "owners": owners}
    return RS.from_position(position, seed="victory", options={"victory": mode})


def end_turn(g) -> list[dict[str, Any]]:
    return g.submit(g.state["power"], {"type": "end_phase"})


def test_AA41_VIC_01_mode_fixed_at_creation() -> None:
    g = ending("japan", {}, mode="one_capital")
    assert g.state["options"]["victory"] == "one_capital"
    assert RS.new_game({}).state["options"]["victory"] == "two_capitals"  # the default
    with pytest.raises(InvalidOrder):
        RS.new_game({"victory": "three_capitals"})
    with pytest.raises(InvalidOrder):
        g.submit("japan", {"type": "set_option", "victory": "two_capitals"})
    assert g.state["options"]["victory"] == "one_capital"


def test_AA41_VIC_02_any_power_of_the_side_holds_the_capital() -> None:
    g = ending("japan", {"Germany": "uk", "Japan": "usa"})
    end_turn(g)
    assert g.result() == {"winner": "allies", "reason": "Allies control Germany, Japan at the "
                          "end of Japan's turn (two capitals game)"}


def test_AA41_VIC_03_two_city_allies_need_berlin_and_tokyo() -> None:
    g = ending("japan", {"Germany": "ussr"})
    end_turn(g)
    assert g.result() is None and g.state["power"] == "usa"
    g = ending("japan", {"Germany": "ussr", "Japan": "ussr"})
    end_turn(g)
    assert g.result()["winner"] == "allies"


def test_AA41_VIC_04_two_city_axis_need_two_of_three() -> None:
    g = ending("usa", {"United Kingdom": "germany"})
    end_turn(g)
    assert g.result() is None and g.state["power"] == "ussr" and g.state["round"] == 4
    # Washington and Moscow, although the Allies hold Berlin and Tokyo
    g = ending("usa", {"Eastern United States": "japan", "Russia": "germany",
                       "Germany": "uk", "Japan": "usa"})
    end_turn(g)
    assert g.result()["winner"] == "axis"


def test_AA41_VIC_05_one_city_allies_need_berlin_or_tokyo() -> None:
    g = ending("japan", {"Japan": "usa"}, mode="one_capital")
    end_turn(g)
    assert g.result()["winner"] == "allies"
    g = ending("japan", {"Japan": "usa"}, mode="two_capitals")
    end_turn(g)
    assert g.result() is None


def test_AA41_VIC_06_one_city_axis_moscow_never_counts() -> None:
    g = ending("usa", {"Russia": "germany"}, mode="one_capital")
    end_turn(g)
    assert g.result() is None
    g = ending("usa", {"United Kingdom": "germany"}, mode="one_capital")
    end_turn(g)
    assert g.result()["winner"] == "axis"


def test_AA41_VIC_07_control_at_other_moments_has_no_effect() -> None:
    # the Allies hold Berlin and Tokyo at the end of the UK's turn: no check then
    g = ending("uk", {"Germany": "uk", "Japan": "uk"})
    end_turn(g)
    assert g.result() is None and g.state["power"] == "japan"
    # the Axis hold two capitals at the end of Japan's turn: checked only after the US turn
    g = ending("japan", {"United Kingdom": "germany", "Russia": "germany"})
    end_turn(g)
    assert g.result() is None
    # checked after Japan's last phase even though Tokyo is lost (mobilize skipped)
    g = ending("japan", {"Germany": "ussr", "Japan": "usa"}, phase="noncombat_move")
    end_turn(g)
    assert g.result()["winner"] == "allies"


def test_AA41_VIC_08_game_ends_at_once() -> None:
    g = ending("usa", {"United Kingdom": "japan", "Eastern United States": "germany"})
    events = end_turn(g)
    assert [e["type"] for e in events if e["type"].startswith("aa.")][-1] == "aa.game_won"
    assert not any(e["type"] == "aa.turn_started" for e in events)
    assert g.owed() == [] and g.state["power"] == "usa"
    with pytest.raises(GameOver):
        g.submit("ussr", {"type": "end_phase"})
    assert RS.replay(g.log()).result() == g.result()


def test_AA41_SEQ_06_victory_checked_after_japan_and_usa_only() -> None:
    owners = {"Germany": "uk", "Japan": "usa", "United Kingdom": "germany",
              "Russia": "japan"}
    for power in ("ussr", "germany", "uk"):
        g = ending(power, owners)
        end_turn(g)
        assert g.result() is None, power
    g = ending("japan", owners)
    end_turn(g)
    assert g.result()["winner"] == "allies"
    g = ending("usa", owners)
    end_turn(g)
    assert g.result()["winner"] == "axis"
