"""The ``global1940`` ruleset's turn through the facade: turn order, phases, treasuries."""

from __future__ import annotations

import pytest

from pbem.engine import Game, IllegalOrder
from pbem.games.aa.global1940.data import global1940
from tests.games.global1940.facade import RS, advance, end, events, game_at, start_position, step


def test_G40_SEQ_02_G40_TECH_01_five_phases_without_research_then_income() -> None:
    game = RS.new_game({}, seed="seq")
    seen = [step(game)]
    for _ in range(5):
        end(game)
        seen.append(step(game))
    assert seen == [("germany", "purchase"), ("germany", "combat_move"), ("germany", "combat"),
                    ("germany", "noncombat_move"), ("germany", "mobilize"), ("ussr", "purchase")]
    assert [p["treasury"] for p in events(game, "aa.g40_income_collected")] == ["germany"]


def test_G40_TECH_01_G40_TECH_02_research_first_when_on_never_for_the_ussr() -> None:
    game = RS.new_game({"research": True}, seed="research")
    assert step(game) == ("germany", "research")
    end(game, times=6)
    assert step(game) == ("ussr", "purchase")


def test_G40_SEQ_01_nine_powers_once_per_round_then_round_two() -> None:
    game = RS.new_game({}, seed="round")
    starts: list[str] = []
    while game.state["round"] == 1:
        if game.state["phase"] == "purchase" and game.state["power"] not in starts:
            starts.append(game.state["power"])
        advance(game)
    assert starts == ["germany", "ussr", "japan", "usa", "china", "uk", "italy", "anzac",
                      "france"]
    assert step(game) == ("germany", "purchase")
    assert [s["id"] for s in RS.seats({})] == starts


def test_G40_UK_01_ten_treasuries_at_their_starting_ipcs() -> None:
    game = RS.new_game({}, seed="ipcs")
    assert game.state["ipcs"] == {t.id: t.starting_ipcs for t in global1940().treasuries}
    assert game.state["ipcs"]["uk_europe"] == 28 and game.state["ipcs"]["uk_pacific"] == 17


def test_G40_SEQ_03_G40_UK_04_each_economy_buys_with_its_own_ipcs() -> None:
    game = game_at("uk", "purchase")
    game.submit("uk", {"type": "purchase", "units": {"infantry": 2}, "treasury": "uk_pacific"})
    game.submit("uk", {"type": "purchase", "units": {"tank": 1}, "treasury": "uk_europe"})
    assert game.state["ipcs"]["uk_pacific"] == 11 and game.state["ipcs"]["uk_europe"] == 22
    assert game.state["bought"] == {"infantry": 2, "tank": 1}
    # a new list replaces that economy's list only
    game.submit("uk", {"type": "purchase", "units": {}, "treasury": "uk_pacific"})
    assert game.state["ipcs"]["uk_pacific"] == 17 and game.state["bought"] == {"tank": 1}


def test_G40_PUR_01_a_purchase_above_the_economy_treasury_is_refused() -> None:
    game = game_at("uk", "purchase")
    with pytest.raises(IllegalOrder) as err:
        game.submit("uk", {"type": "purchase", "units": {"battleship": 1},
                           "treasury": "uk_pacific"})
    assert err.value.rule_id == "G40-PUR-01"
    assert game.state["ipcs"]["uk_pacific"] == 17


def test_G40_UK_08_G40_PUR_06_an_economy_whose_capital_is_held_cannot_buy() -> None:
    position = start_position()
    position["owners"]["India"] = "japan"
    game = game_at("uk", "purchase", edit=position)
    with pytest.raises(IllegalOrder) as err:
        game.submit("uk", {"type": "purchase", "units": {"infantry": 1},
                           "treasury": "uk_pacific"})
    assert err.value.rule_id == "G40-UK-08"
    game.submit("uk", {"type": "purchase", "units": {"infantry": 1}})  # Europe still buys
    assert game.state["ipcs"]["uk_europe"] == 25


def test_G40_SEQ_04_a_power_whose_capital_is_held_plays_only_moves_and_combat() -> None:
    position = start_position()
    position["owners"]["France"] = "germany"
    position["units"]["France"] = [{"type": "infantry", "owner": "germany", "count": 1}]
    game = game_at("france", "combat_move", edit=position, dice=[6] * 40)
    end(game, times=3)
    assert step(game) == ("germany", "purchase") and game.state["round"] == 2
    assert events(game, "aa.g40_income_collected") == []


def test_G40_UK_07_G40_INC_01_each_economy_collects_its_own_income() -> None:
    game = game_at("uk", "mobilize", dice=[6] * 60)
    end(game)
    paid = {p["treasury"]: p for p in events(game, "aa.g40_income_collected")}
    assert sorted(paid) == ["uk_europe", "uk_pacific"]
    data = global1940()
    for treasury, p in paid.items():
        land = [t for t, o in game.state["owners"].items()
                if o == "uk" and data.space(t).uk_economy == treasury]
        assert p["production"] == sum(data.spaces[t].value for t in land)
        assert p["total"] == max(0, p["production"] + sum(o["bonus"] for o in p["objectives"])
                                 - p["convoy"])
    assert game.state["ipcs"]["uk_pacific"] == 17 + paid["uk_pacific"]["total"]


def test_G40_POL_01_at_war_from_the_wars_of_the_state() -> None:
    assert RS.edition.at_war(RS, None, "germany", "uk")
    assert not RS.edition.at_war(RS, None, "germany", "ussr")
    assert not RS.edition.at_war(RS, None, "japan", "usa")
    game = RS.new_game({}, seed="wars")
    assert RS.edition.at_war(RS, game.state, "japan", "china")
    assert not RS.edition.at_war(RS, game.state, "japan", "uk")


def test_G40_POL_02_G40_POL_12_war_declared_at_the_start_of_combat_move() -> None:
    game = game_at("japan", "combat_move")
    assert "uk" in RS.legal_options(game.state, "japan")["declare_war"]["targets"]
    game.submit("japan", {"type": "declare_war", "target": "uk"})
    assert ["anzac", "japan"] in game.state["wars"] and ["japan", "uk"] in game.state["wars"]
    assert RS.edition.at_war(RS, game.state, "anzac", "japan")
    declared = events(game, "aa.g40_war_declared")[0]
    assert declared["provoked"] is False


def test_G40_POL_02_no_declaration_after_a_unit_moved() -> None:
    game = game_at("japan", "purchase")
    with pytest.raises(IllegalOrder) as err:
        game.submit("japan", {"type": "declare_war", "target": "uk"})
    assert err.value.rule_id == "G40-POL-02"


def _to_mobilize(game: Game) -> None:
    end(game, times=4)
    assert step(game) == ("uk", "mobilize")


def test_G40_UK_06_G40_MOB_08_each_economy_places_at_its_own_complexes() -> None:
    game = game_at("uk", "purchase", dice=[6] * 40)
    game.submit("uk", {"type": "purchase", "units": {"infantry": 2}, "treasury": "uk_pacific"})
    game.submit("uk", {"type": "purchase", "units": {"tank": 1}, "treasury": "uk_europe"})
    _to_mobilize(game)
    assert game.state["mobilizing"] == "uk_europe" and game.state["bought"] == {"tank": 1}
    with pytest.raises(IllegalOrder) as err:
        game.submit("uk", {"type": "place", "units": {"tank": 1}, "at": "India"})
    assert err.value.rule_id == "G40-MOB-04"
    game.submit("uk", {"type": "place", "units": {"tank": 1}, "at": "United Kingdom"})
    with pytest.raises(IllegalOrder) as err:
        end(game)
    assert err.value.rule_id == "G40-SEQ-03"
    assert RS.legal_options(game.state, "uk")["mobilize_economy"] == {
        "mobilizing": "uk_europe", "waiting": ["uk_pacific"]}
    game.submit("uk", {"type": "mobilize_economy", "treasury": "uk_pacific"})
    assert game.state["bought"] == {"infantry": 2}
    with pytest.raises(IllegalOrder):
        game.submit("uk", {"type": "place", "units": {"infantry": 1}, "at": "United Kingdom"})
    game.submit("uk", {"type": "place", "units": {"infantry": 2}, "at": "India"})
    end(game)
    assert step(game) == ("italy", "purchase")


def test_G40_MOB_10_G40_PUR_05_G40_MOB_03_units_that_cannot_be_placed_are_refunded_to_their_economy(
) -> None:
    position = start_position()
    position["installations"]["India"]["major_complex"] = 8  # G40-MOB-03: places 10 - 8
    game = game_at("uk", "purchase", dice=[6] * 40, edit=position)
    game.submit("uk", {"type": "purchase", "units": {"infantry": 3}, "treasury": "uk_pacific"})
    _to_mobilize(game)
    assert game.state["mobilizing"] == "uk_pacific"
    game.submit("uk", {"type": "place", "units": {"infantry": 2}, "at": "India"})
    assert RS.legal_options(game.state, "uk")["mobilize"]["capacity"]["India"] == 0
    end(game)
    refund = events(game, "aa.g40_refunded")
    assert refund == [{"power": "uk", "treasury": "uk_pacific", "units": {"infantry": 1},
                       "ipcs": 3}]
    assert game.state["ipcs"]["uk_pacific"] == 17 - 9 + 3 + events(
        game, "aa.g40_income_collected")[1]["total"]


def test_G40_TECH_03_G40_TECH_04_G40_TECH_07_uk_research_paid_by_both_economies_dice_discarded() -> None:
    position = start_position()
    position["ipcs"].update({"uk_europe": 3, "uk_pacific": 17})
    game = game_at("uk", "research", dice=[2, 3], edit=position, research=True)
    game.submit("uk", {"type": "research", "tokens": 2})
    assert game.state["ipcs"]["uk_europe"] == 0 and game.state["ipcs"]["uk_pacific"] == 10
    assert game.state["research"]["uk"]["tokens"] == 0
    with pytest.raises(IllegalOrder) as err:
        game.submit("uk", {"type": "research", "tokens": 1})
    assert err.value.rule_id == "G40-TECH-04"


def test_G40_TECH_05_a_six_gives_a_chart_choice_then_an_advance() -> None:
    game = game_at("germany", "research", dice=[6, 5], research=True)
    game.submit("germany", {"type": "research", "tokens": 1})
    assert game.owed()[0]["kind"] == "research_chart"
    game.submit("germany", {"type": "research_chart", "chart": 1})
    assert game.state["research"]["germany"]["advances"] == [
        global1940().research_rules().charts[1][4]]
    assert game.state["ipcs"]["germany"] == 25


def test_G40_TECH_02_G40_SEQ_02_research_comes_first_but_never_for_china_or_the_ussr() -> None:
    state = RS.new_game({"research": True}, seed="steps").state
    phases = {p: [phase for _, phase in RS.edition.turn_steps(RS, state, p)]
              for p in ("germany", "ussr", "china")}
    assert phases["germany"][:2] == ["research", "purchase"]
    assert "research" not in phases["ussr"] and "research" not in phases["china"]
