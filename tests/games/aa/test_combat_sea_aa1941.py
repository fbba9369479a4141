"""Sea battles: submarines, destroyers, battleships, carriers, transports (AA41-CMB, AA41-UNIT-*)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, InvalidOrder
from tests.games.aa.battle_helpers import att, combat, dice_events, events, ids, replays_equal, types_in, unit

Z = "SZ 6"


def sea(defenders, attackers, dice, **kw):
    units = {Z: [*defenders, *attackers]}
    units.update(kw.pop("extra", {}))
    return combat(units, dice=dice, **kw)


def fight(game, **extra):
    game.submit("germany", {"type": "battle", "place": Z, **extra})


def rolls(game):
    return [(d["context"]["step"], d["context"]["side"], [x["unit"] for x in d["dice"]]) for d in dice_events(game)]


def test_AA41_CMB_11_submarines_strike_first_attacker_then_defender():
    game = sea([unit("submarine", "uk"), unit("carrier", "uk")], [att("submarine", came_from="SZ 5")],
               [6, 6, 6])
    fight(game)
    assert rolls(game) == [("surprise strike", "attacker", ["submarine"]),
                           ("surprise strike", "defender", ["submarine"]),
                           ("defender fire", "defender", ["carrier"])]


def test_AA41_CMB_13_surprise_strike_hits_on_2_and_1_casualties_never_fire():
    # the attacking sub hits (2) the carrier; the defending sub hits (1) the attacking sub
    game = sea([unit("submarine", "uk"), unit("carrier", "uk")],
               [att("submarine", came_from="SZ 5"), att("battleship", came_from="SZ 5")], [2, 1, 6],
               standing={"uk": {"loss_order": ["carrier"]}})
    fight(game)
    first, second = dice_events(game)[:2]
    assert first["dice"][0]["target"] == 2 and second["dice"][0]["target"] == 1
    assert game.owed()[0]["seat"] == "germany"  # the attacker applies the defender's strike hits
    game.submit("germany", {"type": "casualties", "place": Z, "units": ids(game, Z, "submarine", "germany")})
    assert types_in(game, Z, "germany") == ["battleship"]
    assert types_in(game, Z, "uk") == ["submarine"]
    # the carrier hit by the strike never fired; the UK sub struck and fired no more
    assert [d["context"]["step"] for d in dice_events(game)] == ["surprise strike", "surprise strike",
                                                                 "attacker fire"]


def test_AA41_CMB_13_defending_sub_set_aside_still_strikes_AMB_03():
    game = sea([unit("submarine", "uk")], [att("submarine", came_from="SZ 5")], [1, 1])
    fight(game)
    assert types_in(game, Z) == []
    assert game.state["battles"][Z]["winner"] == "none"


def test_AA41_CMB_12_attacker_submerges_before_the_round():
    game = sea([unit("carrier", "uk")], [att("submarine", came_from="SZ 5"), att("fighter", came_from="SZ 5")],
               [6, 6])
    sub = ids(game, Z, "submarine", "germany")
    fight(game, submerge=sub)
    assert events(game, "aa.submerged")[0] == {"place": Z, "side": "attacker", "units": sub, "by": "attacker"}
    assert rolls(game) == [("attacker fire", "attacker", ["fighter"]), ("defender fire", "defender", ["carrier"])]
    sub_unit = [u for u in game.state["units"][Z] if u["id"] == sub[0]][0]
    assert sub_unit["t_submerged"]  # stays in the zone, out of the battle


def test_AA41_ORDER_2_a_submarine_named_twice_to_submerge_is_refused():
    game = sea([unit("carrier", "uk")], [att("submarine", came_from="SZ 5")], [6, 6])
    sub = ids(game, Z, "submarine", "germany")
    for order in ({"type": "battle", "place": Z, "submerge": sub * 2}, {"type": "submerge", "place": Z,
                                                                       "units": sub * 2}):
        with pytest.raises(InvalidOrder) as err:
            game.submit("germany", order)
        assert err.value.rule_id == "AA41-ORDER-2"
    assert events(game, "aa.submerged") == []


def test_AA41_CMB_14_striking_submarine_does_not_fire_again():
    game = sea([unit("carrier", "uk"), unit("battleship", "uk")],
               [att("submarine", came_from="SZ 5"), att("battleship", came_from="SZ 5")], [6, 6, 6, 6])
    fight(game)
    assert rolls(game)[:2] == [("surprise strike", "attacker", ["submarine"]), ("attacker fire", "attacker",
                                                                                 ["battleship"])]


def test_AA41_CMB_15_enemy_destroyer_cancels_strike_and_submerge():
    game = sea([unit("destroyer", "uk")], [att("submarine", came_from="SZ 5")], [6, 6])
    sub = ids(game, Z, "submarine", "germany")
    with pytest.raises(IllegalOrder) as err:
        fight(game, submerge=sub)
    assert err.value.rule_id == "AA41-CMB-15"
    fight(game)
    assert rolls(game) == [("attacker fire", "attacker", ["submarine"]), ("defender fire", "defender", ["destroyer"])]
    assert dice_events(game)[0]["dice"][0]["target"] == 2


def test_AA41_UNIT_DD_03_destroyer_lets_air_hit_submarines():
    game = sea([unit("submarine", "uk")], [att("fighter", came_from="SZ 5"), att("destroyer", came_from="SZ 5")],
               [3, 6, 6])
    fight(game)
    assert "submarine" not in types_in(game, Z, "uk")
    game2 = sea([unit("submarine", "uk")], [att("fighter", came_from="SZ 5")], [1, 6],
                standing={"uk": {"submerge": False}})
    fight(game2)
    # the fighter's hit cannot strike the submarine (AA41-UNIT-SUB-05)
    assert "submarine" in types_in(game2, Z, "uk")


def test_AA41_UNIT_DD_04_friendly_power_destroyer_cancels_nothing():
    # Japan's destroyer shares the zone Germany attacks: not in the battle, it cancels no UK sub
    game = sea([unit("submarine", "uk"), unit("carrier", "uk"), unit("destroyer", "japan")],
               [att("battleship", came_from="SZ 5")], [6, 6, 6])
    fight(game)
    rnd = events(game, "aa.battle_round")[0]
    assert [u["owner"] for u in rnd["attackers"]] == ["germany"]
    assert rnd["strike"]["defender"] is True
    assert rolls(game)[0] == ("surprise strike", "defender", ["submarine"])


def test_AA41_MNF_02_friendly_units_in_attacked_zone_take_no_part():
    game = sea([unit("destroyer", "uk"), unit("battleship", "japan")], [att("destroyer", came_from="SZ 5")],
               [6, 1])
    fight(game)
    assert [u["owner"] for u in events(game, "aa.battle_round")[0]["attackers"]] == ["germany"]
    # the UK destroyer's hit goes to the German destroyer, never to the Japanese battleship
    assert types_in(game, Z, "japan") == ["battleship"]
    assert types_in(game, Z, "germany") == []


def test_AA41_MNF_10_any_defending_power_destroyer_cancels_attacking_subs():
    game = sea([unit("destroyer", "usa"), unit("carrier", "uk")], [att("submarine", came_from="SZ 5")], [6, 6, 6])
    fight(game)
    assert events(game, "aa.battle_round")[0]["strike"]["attacker"] is False
    assert rolls(game)[0] == ("attacker fire", "attacker", ["submarine"])


def test_AA41_CMB_16_abilities_reevaluated_next_round():
    # round 1: the UK destroyer cancels the strike and is sunk; round 2: the sub strikes
    game = sea([unit("destroyer", "uk"), unit("carrier", "uk")],
               [att("submarine", came_from="SZ 5"), att("battleship", came_from="SZ 5")], [6, 1, 6, 6, 6, 6, 6])
    fight(game)
    destroyer = ids(game, Z, "destroyer", "uk")
    assert destroyer == []
    fight(game)
    assert events(game, "aa.battle_round")[1]["strike"]["attacker"] is True
    assert rolls(game)[2][0] == "surprise strike"


def test_AA41_UNIT_SUB_01_submarine_values_attack_2_defense_1():
    game = sea([unit("submarine", "uk")], [att("submarine", came_from="SZ 5"), att("destroyer", came_from="SZ 5")],
               [3, 3, 2])
    fight(game)
    # the German destroyer cancels the UK sub's strike: it fires in step 4 at 1
    by_side = {d["context"]["side"]: d["dice"] for d in dice_events(game)}
    assert [x["target"] for x in by_side["attacker"]] in ([2, 2], [2])
    assert by_side["defender"][0]["target"] == 1


def test_AA41_UNIT_SUB_02_defender_submerges_by_standing_order():
    game = sea([unit("submarine", "uk")], [att("destroyer", came_from="SZ 5"), att("fighter", came_from="SZ 5")],
               [6, 6, 6], standing={"uk": {"submerge": True}})
    fight(game)
    assert events(game, "aa.submerged") == []  # a destroyer is in the battle: no submerging
    game2 = sea([unit("submarine", "uk")], [att("battleship", came_from="SZ 5")], [],
                standing={"uk": {"submerge": True}})
    fight(game2)
    assert events(game2, "aa.submerged")[0]["by"] == "standing orders"
    assert game2.state["battles"][Z]["winner"] == "attacker"
    assert types_in(game2, Z, "uk") == ["submarine"]


def test_AA41_UNIT_SUB_05_submarines_never_hit_air_units():
    # the carrier's own fighter launches to defend (AA41-CMB-27)
    game = sea([unit("carrier", "uk"), {"type": "fighter", "owner": "uk", "aboard_entry": 0}],
               [att("submarine", came_from="SZ 5")], [1, 6, 6])
    fight(game)
    # the sub's strike must take the carrier, never the fighter
    assert types_in(game, Z, "uk") == ["fighter"]


def test_AA41_CMB_27_own_fighters_on_defending_carrier_defend_against_subs():
    game = sea([unit("carrier", "uk"), {"type": "fighter", "owner": "uk", "aboard_entry": 0}],
               [att("submarine", came_from="SZ 5")], [6, 6, 6])
    fight(game)
    step4 = dice_events(game)[1]
    assert sorted(x["unit"] for x in step4["dice"]) == ["carrier", "fighter"]


def test_AA41_UNIT_CV_03_carrier_fighters_launch_guest_fighters_stay_cargo():
    game = sea([unit("carrier", "uk"), {"type": "fighter", "owner": "uk", "aboard_entry": 0},
                {"type": "fighter", "owner": "usa", "aboard_entry": 0}],
               [att("battleship", came_from="SZ 5")], [6, 6, 6])
    fight(game)
    rnd = events(game, "aa.battle_round")[0]
    assert sorted((u["type"], u["owner"]) for u in rnd["defenders"]) == [("carrier", "uk"), ("fighter", "uk")]


def test_AA41_MNF_08_guest_fighters_lost_with_their_carrier():
    game = sea([unit("carrier", "uk"), {"type": "fighter", "owner": "usa", "aboard_entry": 0}],
               [att("battleship", came_from="SZ 5")], [4, 6])
    fight(game)
    assert types_in(game, Z, "usa") == []
    removed = events(game, "aa.set_aside_removed")[0]
    assert len(removed["cargo"]) == 1 and removed["stranded"] == []


def test_AA41_AIR_14_own_fighters_of_a_sunk_carrier_are_stranded():
    game = sea([unit("carrier", "uk"), {"type": "fighter", "owner": "uk", "aboard_entry": 0}],
               [att("battleship", came_from="SZ 5"), att("submarine", came_from="SZ 5")], [1, 6, 6, 6])
    fight(game)
    fighter = [u for u in game.state["units"][Z] if u["type"] == "fighter"][0]
    assert "aboard" not in fighter and fighter["t_stranded"]


def test_AA41_AIR_15_fighter_stays_aboard_a_surviving_carrier():
    game = sea([unit("carrier", "uk"), {"type": "fighter", "owner": "uk", "aboard_entry": 0}],
               [att("destroyer", came_from="SZ 5")], [6, 1, 6])
    fight(game)
    assert game.state["battles"][Z]["winner"] == "defender"
    fighter = [u for u in game.state["units"][Z] if u["type"] == "fighter"][0]
    carrier = [u for u in game.state["units"][Z] if u["type"] == "carrier"][0]
    assert fighter["aboard"] == carrier["id"]


def test_AA41_AIR_16_fighter_aboard_attacking_carrier_takes_part():
    game = sea([unit("destroyer", "uk")],
               [att("carrier", came_from="SZ 5"), {"type": "fighter", "owner": "germany", "aboard_entry": 1,
                                                   "t_combat": True}], [6, 6, 6])
    fight(game)
    assert sorted(x["unit"] for x in dice_events(game)[0]["dice"]) == ["carrier", "fighter"]


def test_AA41_MNF_03_guest_fighter_on_attacking_carrier_is_cargo():
    game = sea([unit("destroyer", "uk")],
               [att("carrier", came_from="SZ 5"), {"type": "fighter", "owner": "japan", "aboard_entry": 1}],
               [6, 1])
    fight(game)
    assert [x["unit"] for x in dice_events(game)[0]["dice"]] == ["carrier"]
    # AA41-MNF-07: the carrier is the only possible casualty; the guest fighter is lost with it
    assert types_in(game, Z, "japan") == [] and types_in(game, Z, "germany") == []


def test_AA41_MNF_07_guest_fighters_destroyed_with_the_carrier():
    game = sea([unit("battleship", "uk")],
               [att("carrier", came_from="SZ 5"), {"type": "fighter", "owner": "japan", "aboard_entry": 1}],
               [6, 2])
    fight(game)
    cas = events(game, "aa.casualties")[-1]
    assert cas["side"] == "attacker" and len(cas["cargo"]) == 1
    assert types_in(game, Z, "japan") == []


def test_AA41_UNIT_BB_01_battleship_attacks_and_defends_at_4():
    game = sea([unit("battleship", "uk")], [att("battleship", came_from="SZ 5")], [5, 5, 4, 4])
    fight(game)
    a, d = dice_events(game)[:2]
    assert a["dice"][0]["target"] == 4 and d["dice"][0]["target"] == 4


def test_AA41_UNIT_BB_02_battleship_absorbs_first_hit():
    game = sea([unit("battleship", "uk")], [att("destroyer", came_from="SZ 5")], [1, 6])
    fight(game)
    bb = [u for u in game.state["units"][Z] if u["type"] == "battleship"][0]
    assert bb["hits"] == 1 and events(game, "aa.casualties")[0]["damaged"] == [bb["id"]]
    # it still fires at full value in step 4
    assert dice_events(game)[1]["dice"][0]["target"] == 4


def test_AA41_CMB_28_hits_stay_until_the_end_of_the_battle_even_from_strikes():
    game = sea([unit("battleship", "uk")], [att("submarine", 2, came_from="SZ 5")], [2, 6, 6, 2, 6, 6])
    fight(game)
    bb = [u for u in game.state["units"][Z] if u["type"] == "battleship"][0]
    assert bb["hits"] == 1
    fight(game)
    assert types_in(game, Z, "uk") == []


def test_AA41_UNIT_BB_03_damaged_battleships_repaired_after_battle():
    game = sea([unit("destroyer", "uk")], [att("battleship", came_from="SZ 5")], [6, 1, 1, 6])
    fight(game)
    bb = [u for u in game.state["units"][Z] if u["type"] == "battleship"][0]
    assert bb["hits"] == 1
    fight(game)
    ended = events(game, "aa.battle_ended")[0]
    assert ended["winner"] == "attacker" and ended["repaired"] == [bb["id"]] and bb["hits"] == 0


def test_AA41_CMB_09_air_hit_on_submarine_needs_own_destroyer_in_battle():
    game = sea([unit("submarine", "uk"), unit("transport", "uk")], [att("fighter", came_from="SZ 5")], [1, 6],
               standing={"uk": {"submerge": False}})
    fight(game)
    # the hit cannot strike the sub, and a transport is chosen only when no other unit can take it
    assert types_in(game, Z, "uk") == ["submarine"]


def test_AA41_CMB_10_cargo_never_fires_and_dies_with_its_ship():
    game = sea([unit("transport", "uk"), {"type": "infantry", "owner": "uk", "aboard_entry": 0},
                unit("destroyer", "uk")], [att("battleship", came_from="SZ 5")], [1, 6, 1, 6])
    fight(game)
    assert [x["unit"] for x in dice_events(game)[1]["dice"]] == ["destroyer"]
    # alone with its cargo, the transport is then defenseless: the infantry is lost with it
    lost = events(game, "aa.casualties")[-1]
    assert lost["step"] == "defenseless transports" and len(lost["cargo"]) == 1
    assert types_in(game, Z, "uk") == []


def test_AA41_UNIT_TRN_01_transports_never_fire():
    game = sea([unit("transport", "uk"), unit("destroyer", "uk")], [att("destroyer", came_from="SZ 5")],
               [6, 6])
    fight(game)
    assert [x["unit"] for x in dice_events(game)[1]["dice"]] == ["destroyer"]


def test_AA41_UNIT_TRN_02_transports_alone_attack_no_submarines():
    game = combat({Z: [unit("submarine", "uk"), att("transport", came_from="SZ 5")]})
    assert game.state["battles"] == {}


def test_AA41_UNIT_TRN_13_transports_chosen_last():
    game = sea([unit("transport", "uk"), unit("destroyer", "uk")], [att("battleship", came_from="SZ 5")],
               [1, 6], standing={"uk": {"loss_order": ["transport"]}})
    fight(game)
    first = events(game, "aa.casualties")[0]
    assert first["destroyed"] == ids(game.ruleset.replay(game.log()[:2]), Z, "destroyer", "uk")
    # then, alone against the battleship, the transport is defenseless (AA41-CMB-20)
    assert events(game, "aa.casualties")[1]["step"] == "defenseless transports"


def test_AA41_CMB_20_defenseless_transports_destroyed_without_dice():
    game = sea([unit("transport", "uk", 2)], [att("destroyer", came_from="SZ 5")], [])
    # destroyed when combat starts: no battle left to conduct (AA41-CM-20)
    assert game.state["battles"][Z]["status"] == "over"
    assert dice_events(game) == []
    assert types_in(game, Z, "uk") == []
    assert events(game, "aa.casualties")[0]["step"] == "defenseless transports"


def test_AA41_CMB_20_transports_lost_when_remaining_units_cannot_hit_each_other():
    # attacking sub vs a defending fighter (no carrier) and a transport: nobody can hit the other's warships
    game = sea([unit("fighter", "uk"), unit("transport", "uk")], [att("submarine", came_from="SZ 5")], [])
    fight(game)
    assert types_in(game, Z, "uk") == ["fighter"]
    assert game.state["battles"][Z]["reason"] == "stalemate"


def test_AA41_CMB_21_stalemate_ends_the_battle_both_sides_stay():
    game = sea([unit("fighter", "uk")], [att("submarine", came_from="SZ 5")], [])
    fight(game)
    battle = game.state["battles"][Z]
    assert battle["status"] == "over" and battle["winner"] == "none"
    assert types_in(game, Z) == ["fighter", "submarine"]


def test_AA41_CMB_19_only_transports_left_on_both_sides():
    game = sea([unit("transport", "uk")], [att("transport", came_from="SZ 5"), att("destroyer", came_from="SZ 5")],
               [6, 6])
    # the destroyer makes the UK transport defenseless: destroyed when combat starts (AA41-CM-20)
    assert types_in(game, Z, "uk") == []
    game2 = combat({Z: [unit("transport", "uk"), unit("destroyer", "uk"), att("transport", came_from="SZ 5"),
                        att("destroyer", came_from="SZ 5")]}, dice=[1, 1])
    game2.submit("germany", {"type": "battle", "place": Z})
    # only transports left on both sides: the attacker may stay (ends the battle) or retreat
    assert game2.state["battles"][Z]["status"] == "fighting"
    game2.submit("germany", {"type": "press", "place": Z})
    assert game2.state["battles"][Z]["reason"] == "stalemate"
    assert types_in(game2, Z) == ["transport", "transport"]
    game3 = combat({Z: [unit("transport", "uk"), unit("destroyer", "uk"), att("transport", came_from="SZ 5"),
                        att("destroyer", came_from="SZ 5")]}, dice=[1, 1])
    game3.submit("germany", {"type": "battle", "place": Z})
    game3.submit("germany", {"type": "retreat", "place": Z, "to": "SZ 5"})
    assert types_in(game3, "SZ 5", "germany") == ["transport"]


def test_AA41_CMB_22_sea_retreat_to_zone_friendly_since_turn_start():
    game = sea([unit("battleship", "uk", 2)], [att("destroyer", 2, came_from="SZ 5")], [6, 6, 6, 6])
    fight(game)
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "retreat", "place": Z, "to": "SZ 7"})
    game.submit("germany", {"type": "retreat", "place": Z, "to": "SZ 5"})
    assert types_in(game, "SZ 5", "germany") == ["destroyer", "destroyer"]
    assert replays_equal(game)


def test_AA41_AIR_14_attacker_fighters_of_a_lost_carrier_are_not_stranded():
    game = sea([unit("battleship", "uk")],
               [att("carrier", came_from="SZ 5"), {"type": "fighter", "owner": "germany", "aboard_entry": 1,
                                                   "t_combat": True}], [6, 6, 1])
    fight(game)
    carrier = ids(game, Z, "carrier", "germany")
    game.submit("germany", {"type": "casualties", "place": Z, "units": carrier})
    fighter = [u for u in game.state["units"][Z] if u["type"] == "fighter"][0]
    assert "aboard" not in fighter and "t_stranded" not in fighter


def test_AA41_MNF_06_friendly_cargo_on_a_defending_transport_is_lost_with_it():
    # US infantry aboard a UK transport: cargo, it does not defend and sinks with the transport
    game = sea([unit("transport", "uk"), {"type": "infantry", "owner": "usa", "aboard_entry": 0}],
               [att("destroyer", came_from="SZ 5")], [])
    lost = events(game, "aa.casualties")[0]
    assert lost["step"] == "defenseless transports" and len(lost["cargo"]) == 1
    assert types_in(game, Z) == ["destroyer"]
