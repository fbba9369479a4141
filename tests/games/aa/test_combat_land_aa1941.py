"""Land battles (AA41-CMB, AA41-CAP-01, AA41-AIR-10/11, AA41-UNIT-INF/ARM) through the Game facade."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, NotYourTurn
from tests.games.aa.battle_helpers import att, combat, dice_events, events, ids, replays_equal, types_in, unit

NF = "Norway Finland"


def karelia(defenders, attackers, dice, **kw):
    units = {"Karelia": [*defenders, *attackers]}
    units.update(kw.pop("extra", {}))
    return combat(units, dice=dice, **kw)


def test_AA41_CMB_01_battle_opened_where_attacker_meets_enemy_units():
    game = karelia([unit("infantry", "ussr")], [att("tank", came_from=NF)], [])
    assert list(game.state["battles"]) == ["Karelia"]
    battle = game.state["battles"]["Karelia"]
    assert battle["kind"] == "land" and battle["attacker"] == "germany" and battle["defenders"] == ["ussr"]
    assert game.owed()[0]["seat"] == "germany"


def test_AA41_CMB_26_empty_hostile_territory_captured_without_battle():
    game = combat({"Karelia": [att("infantry", came_from=NF)]})
    assert game.state["battles"] == {}
    assert game.state["owners"]["Karelia"] == "germany"
    assert events(game, "aa.territory_captured")[0]["territory"] == "Karelia"


def test_AA41_CAP_01_land_battle_won_by_surviving_land_unit_captures():
    # tank hits (3), infantry misses; defender misses
    game = karelia([unit("infantry", "ussr")], [att("tank", came_from=NF)], [3, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert game.state["owners"]["Karelia"] == "germany"
    assert game.state["battles"]["Karelia"]["winner"] == "attacker"
    assert replays_equal(game)


def test_AA41_CMB_03_round_steps_in_order_and_recorded():
    game = karelia([unit("infantry", "ussr", 2)], [att("tank", 2, came_from=NF)], [3, 6, 6, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    kinds = [e["type"] for e in game.log()]
    start = kinds.index("aa.battle_round")
    assert kinds[start:start + 6] == ["aa.battle_round", "dice.rolled", "aa.battle_hits", "aa.casualties",
                                      "dice.rolled", "aa.battle_hits"]
    rnd = events(game, "aa.battle_round")[0]
    assert [u["type"] for u in rnd["attackers"]] == ["tank", "tank"]
    assert [u["type"] for u in rnd["defenders"]] == ["infantry", "infantry"]


def test_AA41_CMB_04_land_battle_participants_exclude_sea_units_and_other_spaces():
    game = karelia([unit("infantry", "ussr")], [att("tank", came_from=NF)], [6, 6],
                   extra={"SZ 5": [unit("submarine", "ussr")], "Archangel": [unit("infantry", "ussr")]})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    rnd = events(game, "aa.battle_round")[0]
    assert [u["type"] for u in rnd["defenders"]] == ["infantry"]
    assert len(dice_events(game)) == 2 and [len(d["faces"]) for d in dice_events(game)] == [1, 1]


def test_AA41_CMB_05_one_die_per_unit_hit_at_or_below_value():
    game = karelia([unit("infantry", "ussr", 3)], [att("infantry", came_from=NF), att("tank", came_from=NF)],
                   [2, 3, 6, 6, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    roll = dice_events(game)[0]
    assert [(d["unit"], d["target"], d["hit"]) for d in roll["dice"]] == [("infantry", 1, False),
                                                                          ("tank", 3, True)]
    assert events(game, "aa.battle_hits")[0]["total"] == 1


def test_AA41_CMB_06_defender_casualties_fire_back_before_removal():
    # the tank kills the only defender, which still fires in step 4 and kills the tank
    game = karelia([unit("infantry", "ussr")], [att("tank", came_from=NF)], [1, 2])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert len(dice_events(game)) == 2
    assert game.state["battles"]["Karelia"]["winner"] == "none"
    assert game.state["owners"]["Karelia"] == "ussr"  # AA41-CMB-18: both sides destroyed, defender keeps it


def test_AA41_CMB_07_attacker_chooses_its_casualties_removed_at_once():
    game = karelia([unit("infantry", "ussr", 2)], [att("infantry", came_from=NF), att("tank", came_from=NF)],
                   [6, 6, 1, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    owed = game.owed()
    assert owed[0]["seat"] == "germany" and owed[0]["kind"] == "casualties"
    tank = ids(game, "Karelia", "tank")[0]
    game.submit("germany", {"type": "casualties", "place": "Karelia", "units": [tank]})
    assert "tank" not in types_in(game, "Karelia", "germany")
    cas = events(game, "aa.casualties")[-1]
    assert cas["by"] == "attacker" and cas["destroyed"] == [tank]


def test_AA41_CMB_08_selection_must_apply_every_hit():
    game = karelia([unit("infantry", "ussr", 2)], [att("infantry", came_from=NF), att("tank", came_from=NF)],
                   [6, 6, 1, 1])
    attackers = ids(game, "Karelia", owner="germany")
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    # two hits on two units: forced, no decision owed
    last = events(game, "aa.casualties")[-1]
    assert last["by"] == "automatic" and sorted(last["destroyed"]) == sorted(attackers)
    game2 = karelia([unit("infantry", "ussr", 2)],
                    [att("infantry", 2, came_from=NF), att("tank", came_from=NF)], [6, 6, 6, 1, 1])
    game2.submit("germany", {"type": "battle", "place": "Karelia"})
    inf = ids(game2, "Karelia", "infantry", "germany")
    with pytest.raises(IllegalOrder) as err:
        game2.submit("germany", {"type": "casualties", "place": "Karelia", "units": [inf[0]]})
    assert err.value.rule_id == "AA41-CMB-08"
    with pytest.raises(IllegalOrder):
        game2.submit("germany", {"type": "casualties", "place": "Karelia", "units": [inf[0], inf[0]]})
    game2.submit("germany", {"type": "casualties", "place": "Karelia", "units": inf})
    assert types_in(game2, "Karelia", "germany") == ["tank"]


def test_AA41_CMB_17_step_5_removes_set_aside_defenders():
    game = karelia([unit("infantry", "ussr", 2)], [att("tank", 2, came_from=NF)], [1, 1, 6, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    removed = events(game, "aa.set_aside_removed")[0]
    assert sorted(removed["units"]) == sorted(events(game, "aa.casualties")[0]["destroyed"])
    assert types_in(game, "Karelia", "ussr") == []


def test_AA41_CMB_18_attacker_destroyed_defender_wins():
    game = karelia([unit("infantry", "ussr", 2)], [att("infantry", came_from=NF)], [6, 1, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    battle = game.state["battles"]["Karelia"]
    assert battle["status"] == "over" and battle["winner"] == "defender"
    assert game.state["owners"]["Karelia"] == "ussr"


def test_AA41_CMB_24_battle_continues_round_after_round():
    game = karelia([unit("infantry", "ussr")], [att("tank", came_from=NF)], [6, 6, 6, 6, 1, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert game.state["battles"]["Karelia"]["status"] == "fighting"
    game.submit("germany", {"type": "press", "place": "Karelia"})
    assert game.state["battles"]["Karelia"]["round"] == 2 and game.state["battles"]["Karelia"]["status"] == "fighting"
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert game.state["battles"]["Karelia"]["winner"] == "attacker"
    assert [r["round"] for r in events(game, "aa.battle_round")] == [1, 2, 3]


def test_AA41_CMB_22_retreat_after_a_round_to_a_space_units_came_from():
    game = karelia([unit("infantry", "ussr", 3)],
                   [att("tank", came_from=NF), att("infantry", came_from="Eastern Europe")], [6, 6, 6, 6, 6])
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "retreat", "place": "Karelia", "to": NF})
    assert err.value.rule_id == "AA41-CMB-22"  # not before a round of fire
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "retreat", "place": "Karelia", "to": "West Russia"})
    game.submit("germany", {"type": "retreat", "place": "Karelia", "to": "Eastern Europe"})
    # all land units retreat together, wherever they came from
    assert types_in(game, "Eastern Europe", "germany") == ["infantry", "tank"]
    assert types_in(game, "Karelia", "germany") == []
    battle = game.state["battles"]["Karelia"]
    assert battle["status"] == "over" and game.state["owners"]["Karelia"] == "ussr"
    assert replays_equal(game)


def test_AA41_CMB_22_defender_never_retreats():
    game = karelia([unit("infantry", "ussr", 3)], [att("tank", came_from=NF)], [6, 6, 6, 6],
                   options={"ask_defender": True})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    with pytest.raises(NotYourTurn):
        game.submit("ussr", {"type": "retreat", "place": "Karelia", "to": "Archangel"})


def test_AA41_CMB_23_retreating_air_units_stay_in_the_battle_space():
    game = karelia([unit("infantry", "ussr", 3)], [att("tank", came_from=NF), att("fighter", came_from=NF)],
                   [6, 6, 6, 6, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    game.submit("germany", {"type": "retreat", "place": "Karelia", "to": NF})
    assert types_in(game, "Karelia", "germany") == ["fighter"]
    fighter = game.state["units"]["Karelia"][-1]
    assert fighter["type"] == "fighter" and fighter["t_retreated"]
    tank = [u for u in game.state["units"][NF] if u["type"] == "tank"][0]
    assert tank["t_retreated"]  # cannot move again this turn


def test_AA41_AIR_10_air_units_alone_never_capture():
    game = karelia([unit("infantry", "ussr")], [att("fighter", came_from=NF)], [1, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert game.state["battles"]["Karelia"]["winner"] == "attacker"
    assert game.state["owners"]["Karelia"] == "ussr"
    assert types_in(game, "Karelia", "germany") == ["fighter"]


def test_AA41_CMB_25_capture_needs_a_surviving_attacking_land_unit():
    # the tank dies in step 4, the fighter survives: no capture
    game = karelia([unit("infantry", "ussr")], [att("tank", came_from=NF), att("fighter", came_from=NF)],
                   [1, 6, 2])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    tank = ids(game, "Karelia", "tank")
    game.submit("germany", {"type": "casualties", "place": "Karelia", "units": tank})
    assert game.state["battles"]["Karelia"]["winner"] == "attacker"
    assert game.state["owners"]["Karelia"] == "ussr"


def test_AA41_AIR_11_bombers_and_fighters_defend_on_land():
    game = karelia([unit("bomber", "ussr"), unit("fighter", "ussr")], [att("tank", 2, came_from=NF)],
                   [6, 6, 1, 4])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    roll = dice_events(game)[1]
    assert [(d["unit"], d["target"]) for d in roll["dice"]] == [("bomber", 1), ("fighter", 4)]


def test_AA41_CMB_31_defending_air_values_and_all_land_units_take_part():
    game = karelia([unit("infantry", "ussr"), unit("tank", "ussr"), unit("fighter", "ussr")],
                   [att("tank", 3, came_from=NF)], [6, 6, 6, 6, 6, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    roll = dice_events(game)[1]
    assert sorted(d["target"] for d in roll["dice"]) == [2, 3, 4]


def test_AA41_UNIT_INF_01_infantry_attacks_1_defends_2():
    game = karelia([unit("infantry", "ussr")], [att("infantry", came_from=NF)], [2, 2])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    first, second = dice_events(game)
    assert first["dice"][0]["target"] == 1 and not first["dice"][0]["hit"]
    assert second["dice"][0]["target"] == 2 and second["dice"][0]["hit"]


def test_AA41_UNIT_ARM_01_tank_attacks_3_defends_3():
    game = karelia([unit("tank", "ussr")], [att("tank", came_from=NF)], [4, 3])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    first, second = dice_events(game)
    assert (first["dice"][0]["target"], second["dice"][0]["target"]) == (3, 3)
    assert game.state["battles"]["Karelia"]["winner"] == "defender"


def test_AA41_CMB_02_one_battle_at_a_time_chosen_by_attacker():
    game = combat({"Karelia": [unit("infantry", "ussr"), att("tank", came_from=NF)],
                   "West Russia": [unit("infantry", "ussr"), att("tank", came_from="Ukraine")],
                   "Ukraine": [unit("infantry", "germany")]}, dice=[6, 6, 1, 6, 6, 6], owners={"West Russia": "ussr"})
    game.submit("germany", {"type": "battle", "place": "West Russia"})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert err.value.rule_id == "AA41-CMB-02"
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "end_phase"})
    assert err.value.rule_id == "AA41-CMB-02"
    game.submit("germany", {"type": "battle", "place": "West Russia"})
    assert game.state["owners"]["West Russia"] == "germany"
    game.submit("germany", {"type": "battle", "place": "Karelia"})


def test_AA41_CMB_29_no_unit_joins_a_battle_once_opened():
    game = karelia([unit("infantry", "ussr", 2)], [att("tank", came_from=NF)], [6, 6, 6])
    opened = list(game.state["battles"]["Karelia"]["attackers"])
    # a German unit standing in the space without being among the opened attackers takes no part
    game.state["units"]["Karelia"].append({"id": 999, "type": "tank", "owner": "germany", "hits": 0})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert [u["id"] for u in events(game, "aa.battle_round")[0]["attackers"]] == opened
    assert [d["unit_id"] for d in dice_events(game)[0]["dice"]] == opened


def test_AA41_CMB_30_units_that_fought_keep_their_combat_mark():
    game = karelia([unit("infantry", "ussr")], [att("tank", came_from=NF)], [1, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    game.submit("germany", {"type": "end_phase"})
    assert game.state["phase"] == "noncombat_move"
    tank = ids(game, "Karelia", "tank")[0]
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": [tank], "route": ["Karelia", "Archangel"]})


def test_AA41_CMB_33_only_the_attacker_orders_rounds():
    game = karelia([unit("infantry", "ussr")], [att("tank", came_from=NF)], [])
    with pytest.raises(NotYourTurn):
        game.submit("ussr", {"type": "battle", "place": "Karelia"})
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "casualties", "place": "Karelia", "units": []})


def test_AA41_CAP_06_capital_taken_in_battle_takes_treasury():
    game = combat({"Russia": [unit("infantry", "ussr"), att("tank", 2, came_from="West Russia")],
                   "West Russia": [unit("infantry", "germany")]}, dice=[1, 6, 6], ipcs={"ussr": 9, "germany": 5})
    game.submit("germany", {"type": "battle", "place": "Russia"})
    assert game.state["owners"]["Russia"] == "germany"
    assert game.state["ipcs"]["germany"] == 14 and game.state["ipcs"]["ussr"] == 0
