"""Multinational forces at mobilization (AA41-MNF-09)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, load_ruleset

RS = load_ruleset("aa1941")


def test_AA41_MNF_09_no_new_fighter_onto_a_friendly_powers_carrier() -> None:
    game = RS.from_position({"round": 1, "power": "germany", "phase": "mobilize", "bought": {"fighter": 1},
                             "units": {"SZ 5": [{"type": "carrier", "owner": "japan"}]}})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "place", "units": {"fighter": 1}, "at": "SZ 5"})
    assert err.value.rule_id.startswith("AA41-MOB")
    assert [u["type"] for u in game.state["units"]["SZ 5"]] == ["carrier"]
    game.submit("germany", {"type": "place", "units": {"fighter": 1}, "at": "Germany"})
    assert [u["type"] for u in game.state["units"]["Germany"]] == ["fighter"]


def test_AA41_MNF_09_no_mobilizing_at_a_friendly_powers_complex() -> None:
    game = RS.from_position({"round": 1, "power": "ussr", "phase": "mobilize", "bought": {"infantry": 1},
                             "units": {}})
    with pytest.raises(IllegalOrder):
        game.submit("ussr", {"type": "place", "units": {"infantry": 1}, "at": "United Kingdom"})
    assert game.state["units"]["United Kingdom"] == []
    game.submit("ussr", {"type": "place", "units": {"infantry": 1}, "at": "Russia"})
    assert [u["owner"] for u in game.state["units"]["Russia"]] == ["ussr"]
