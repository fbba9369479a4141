"""Politics through the facade: the US round-3 option, entry conditions, acts recorded."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from tests.games.global1940.facade import RS, end, events, game_at, start_position


def test_G40_POL_16_the_us_may_declare_war_before_its_round_3_income() -> None:
    position = start_position()
    position["round"] = 3
    game = game_at("usa", "mobilize", edit=position, dice=[6] * 40)
    assert RS.legal_options(game.state, "usa")["declare_war"]["targets"] == [
        "germany", "italy", "japan"]
    game.submit("usa", {"type": "declare_war", "target": "japan"})
    assert ["japan", "usa"] in game.state["wars"]
    assert not RS.edition.at_war(RS, game.state, "usa", "germany")
    end(game)
    # the new war already counts for this Collect Income (G40-POL-16)
    assert events(game, "aa.g40_income_collected")[0]["treasury"] == "usa"


def test_G40_POL_15_no_us_declaration_in_round_2_without_a_trigger() -> None:
    position = start_position()
    position["round"] = 2
    game = game_at("usa", "combat_move", edit=position)
    with pytest.raises(IllegalOrder) as err:
        game.submit("usa", {"type": "declare_war", "target": "germany"})
    assert err.value.rule_id == "G40-POL-15"
    game = game_at("usa", "mobilize", edit=position)
    with pytest.raises(IllegalOrder) as err:
        game.submit("usa", {"type": "declare_war", "target": "germany"})
    assert err.value.rule_id == "G40-POL-02"


def test_G40_POL_06_G40_POL_09_germany_declares_on_the_ussr_which_may_then_answer() -> None:
    game = game_at("germany", "combat_move")
    game.submit("germany", {"type": "declare_war", "target": "ussr"})
    assert game.state["politics"]["flags"]["euro_axis_declared_on_ussr"] is True
    declared = events(game, "aa.g40_war_declared")[0]
    assert declared["pairs"] == [["germany", "ussr"]] and declared["provoked"] is False
