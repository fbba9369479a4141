"""The ``anniversary`` ruleset's turn through the facade: phases, research, victory."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa.routes import movement_left
from tests.games.anniversary.facade import RS, advance, end, events, game_at, start_position, step


def test_AAE_SEQ_04_seven_phases_then_the_next_power() -> None:
    game = RS.new_game({"scenario": "1941"}, seed="seq")
    seen = [step(game)]
    for _ in range(6):
        end(game)
        seen.append(step(game))
    assert seen == [("germany", "research"), ("germany", "purchase"),
                    ("germany", "combat_move"), ("germany", "combat"),
                    ("germany", "noncombat_move"), ("germany", "mobilize"),
                    ("ussr", "research")]
    # Collect Income is played by itself once Mobilize ends (AAE-SEQ-05: mandatory)
    assert events(game, "aa.aae_income_collected")[0]["power"] == "germany"


def test_AAE_SEQ_01_every_power_plays_once_per_round_then_round_two() -> None:
    game = RS.new_game({"scenario": "1942", "research": False}, seed="round")
    starts = []
    while game.state["round"] == 1:
        if game.state["phase"] == "purchase" and game.state["power"] not in starts:
            starts.append(game.state["power"])
        advance(game)
    assert starts == ["japan", "ussr", "germany", "uk", "italy", "usa", "china"]
    assert step(game) == ("japan", "purchase")


def test_AAE_SETUP_02_china_is_a_seat_next_to_the_united_states() -> None:
    seats = [s["id"] for s in RS.seats({"scenario": "1941"})]
    assert seats == ["germany", "ussr", "japan", "uk", "italy", "usa", "china"]
    assert [s["id"] for s in RS.seats({"scenario": "1942"})][:3] == ["japan", "ussr", "germany"]


def test_AAE_SEQ_09_capital_held_plays_only_moves_and_combat() -> None:
    position = start_position()
    position["owners"]["Russia"] = "germany"
    position["units"]["Russia"] = [{"type": "infantry", "owner": "germany", "count": 1}]
    game = game_at("ussr", "combat_move", edit=position)
    end(game, times=3)
    assert step(game) == ("japan", "research")
    income = [p["power"] for p in events(game, "aa.aae_income_collected")]
    assert "ussr" not in income  # AAE-INC-02


def test_AAE_RD_01_research_off_skips_the_phase() -> None:
    game = RS.new_game({"scenario": "1941", "research": False}, seed="off")
    assert step(game) == ("germany", "purchase")


def test_AAE_RD_02_03_04_tokens_bought_rolled_and_kept_on_failure() -> None:
    game = game_at("germany", "research", dice=[1, 5])
    game.submit("germany", {"type": "research", "tokens": 2})
    rolled = events(game, "aa.aae_research_rolled")[-1]
    assert rolled["faces"] == [1, 5] and not rolled["success"]
    assert game.state["research"]["germany"]["tokens"] == 2
    assert game.state["ipcs"]["germany"] == 31 - 10


def test_AAE_RD_02_tokens_cost_no_more_than_held() -> None:
    game = game_at("germany", "research")
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "research", "tokens": 7})
    assert err.value.rule_id == "AAE-RD-02"


def test_AAE_RD_05_07_08_breakthrough_on_a_chosen_chart_takes_effect_at_once() -> None:
    # a 6 on the research die, then chart 2 rolled 3 (Improved Shipyards)
    game = game_at("germany", "research", dice=[6, 3])
    game.submit("germany", {"type": "research", "tokens": 1})
    assert game.owed()[0]["kind"] == "research_chart"
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "end_phase"})
    assert err.value.rule_id == "AAE-RD-05"
    game.submit("germany", {"type": "research_chart", "chart": 2})
    assert game.state["research"]["germany"]["advances"] == ["improved_shipyards"]
    assert game.state["research"]["germany"]["tokens"] == 0
    end(game)
    costs = game.legal_options("germany")["purchase"]["costs"]
    assert costs["battleship"] == 17 and costs["carrier"] == 11  # AAE-TECH-09, TECH-18


def test_AAE_RD_07_an_advance_owned_is_rerolled() -> None:
    game = game_at("germany", "research", dice=[6, 3, 5],
                   edit={"research": {"germany": {"advances": ["improved_shipyards"]}}})
    game.submit("germany", {"type": "research", "tokens": 1})
    game.submit("germany", {"type": "research_chart", "chart": 2})
    assert events(game, "aa.aae_breakthrough")[-1]["faces"] == [3, 5]
    assert game.state["research"]["germany"]["advances"] == ["improved_shipyards", "long_range_aircraft"]


def test_AAE_RD_06_one_research_roll_per_turn() -> None:
    game = game_at("germany", "research", dice=[2])
    game.submit("germany", {"type": "research", "tokens": 1})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "research", "tokens": 1})
    assert err.value.rule_id == "AAE-RD-06"


def test_AAE_RD_11_china_never_researches() -> None:
    game = game_at("usa", "research")
    end(game, times=2)  # US research, US purchase: China's purchase step follows
    assert step(game) == ("china", "purchase")
    with pytest.raises(IllegalOrder):
        game.submit("china", {"type": "research", "tokens": 1})


def test_AAE_TECH_11_long_range_aircraft_read_at_once() -> None:
    game = game_at("germany", "research", dice=[6, 5])
    fighter = next(u for u in game.state["units"]["Germany"] if u["type"] == "fighter")
    assert movement_left(RS, fighter, game.state) == 4
    game.submit("germany", {"type": "research", "tokens": 1})
    game.submit("germany", {"type": "research_chart", "chart": 2})
    assert movement_left(RS, fighter, game.state) == 6


def _cities(axis: int) -> dict[str, str]:
    """Owners giving the Axis ``axis`` victory cities (Allied cities taken in board order)."""
    data = RS.scenario({"scenario": "1941"})
    capitals = {p.capital for p in data.powers}
    owners = start_position()["owners"]
    allied = [t for t in data.victory_cities if t not in capitals
              and data.side_of(owners[t]) == "allies"]
    return {**owners, **{t: "germany" for t in allied[: axis - 6]}}


def test_AAE_VIC_02_03_04_victory_checked_at_the_end_of_the_round() -> None:
    game = game_at("usa", "mobilize", edit={"owners": _cities(13)}, victory_cities=13)
    end(game)  # US Mobilize -> China's mobilize
    assert step(game) == ("china", "mobilize")
    while game.result() is None and game.state["power"] == "china":
        advance(game)
    won = events(game, "aa.aae_game_won")
    assert won and won[0]["winner"] == "axis" and won[0]["cities"] == 13
    assert game.result() is not None


def test_AAE_VIC_02_no_victory_in_the_middle_of_a_round() -> None:
    game = game_at("germany", "mobilize", edit={"owners": _cities(13)}, victory_cities=13)
    end(game)
    assert events(game, "aa.aae_game_won") == [] and game.result() is None


def test_AAE_VIC_03_fifteen_cities_by_default() -> None:
    game = game_at("usa", "mobilize", edit={"owners": _cities(13)})
    while game.state["round"] == 1:
        advance(game)
    assert events(game, "aa.aae_game_won") == []
    assert step(game) == ("germany", "research") and game.state["round"] == 2
