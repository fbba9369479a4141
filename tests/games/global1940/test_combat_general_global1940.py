"""Global 1940 differences in the family's battles (G40-CMB-04/17/20/38, G40-UNIT-TT-01/SS-01)."""

from __future__ import annotations

from pbem.games.aa import battle as arith
from pbem.games.aa import combat_open
from tests.games.global1940.combat_kit import RS, att, combat, events, ids, replays_equal, rolls, unit

SZ7 = "SZ 7"


def test_G40_CMB_20_damage_to_a_battleship_stays_after_the_battle() -> None:
    game = combat({SZ7: [unit("destroyer", "japan"), att("battleship", 1, came_from="SZ 8")]},
                  dice=[6, 1] + [1, 6])
    game.submit("usa", {"type": "battle", "place": SZ7})
    game.submit("usa", {"type": "battle", "place": SZ7})
    (ended,) = events(game, "aa.battle_ended")
    assert ended["winner"] == "attacker" and ended["repaired"] == []
    assert [u["hits"] for u in game.state["units"][SZ7]] == [1]
    assert replays_equal(game)


def test_G40_UNIT_TT_01_lone_defending_transports_are_destroyed_without_dice() -> None:
    game = combat({SZ7: [unit("transport", "japan", 2), att("destroyer", 1, came_from="SZ 8")]})
    assert rolls(game) == [] and ids(game, SZ7, owner="japan") == []
    assert game.state["battles"][SZ7]["status"] == "over"


def test_G40_CMB_35_attacking_submarines_strike_first_on_two() -> None:
    game = combat({SZ7: [unit("cruiser", "japan"), att("submarine", 1, came_from="SZ 8")]}, dice=[2, 6])
    game.submit("usa", {"type": "battle", "place": SZ7})
    first = rolls(game)[0]
    assert first["context"]["step"] == "surprise strike" and first["dice"][0]["target"] == 2
    assert ids(game, SZ7, "cruiser") == []


def test_G40_CMB_04_supported_infantry_and_tactical_bombers_roll_at_their_raised_values() -> None:
    korea = [unit("infantry", "japan", 3), att("infantry", 1, came_from="Manchuria"),
             att("artillery", 1, came_from="Manchuria"), att("tactical_bomber", 1, came_from="SZ 6"),
             att("fighter", 1, came_from="SZ 6")]
    game = combat({"Korea": korea}, dice=[6] * 4 + [6] * 3)
    game.submit("usa", {"type": "battle", "place": "Korea"})
    attack = rolls(game)[0]
    assert sorted((d["unit"], d["target"]) for d in attack["dice"]) == [
        ("artillery", 2), ("fighter", 3), ("infantry", 2), ("tactical_bomber", 4)]


def test_G40_CMB_38_scrambled_aircraft_make_the_sea_battle_of_an_assault_mandatory() -> None:
    game = combat({"Japan": [unit("fighter", "japan", 2)]}, end=False)
    state = game.state
    state["units"]["SZ 6"].append({"id": 99, "type": "fighter", "owner": "japan", "hits": 0, "t_scrambled": "Japan"})
    state["units"]["SZ 6"].append({"id": 98, "type": "transport", "owner": "usa", "hits": 0, "t_combat": True})
    decl = [{"sea_zone": "SZ 6", "target": "Korea", "transports": [98], "units": [], "air": {},
             "sea_battle": False}]
    assert combat_open.sea_battle_units(RS, state, "SZ 6", "usa", decl) != []
    assert combat_open.sea_battle_question(RS, state, "SZ 6", "usa") is None


def test_G40_TECH_19_heavy_bombers_roll_two_dice_and_keep_the_best() -> None:
    korea = [unit("infantry", "japan", 2), att("bomber", 1, came_from="SZ 6")]
    game = combat({"Korea": korea}, dice=[1, 1] + [6, 6], research={"usa": ["heavy_bombers"]})
    game.submit("usa", {"type": "battle", "place": "Korea"})
    attack = rolls(game)[0]
    assert [d["target"] for d in attack["dice"]] == [4, 4] and attack["faces"] == [1, 1]
    (hits,) = [e for e in events(game, "aa.battle_hits") if e["side"] == "attacker"]
    assert hits["total"] == 1  # two hits rolled, one counts
    assert len(ids(game, "Korea", "infantry", "japan")) == 1


def test_G40_TECH_19_without_heavy_bombers_a_bomber_rolls_one_die() -> None:
    game = combat({"Korea": [unit("infantry", "japan"), att("bomber", 1, came_from="SZ 6")]}, dice=[6, 6])
    game.submit("usa", {"type": "battle", "place": "Korea"})
    assert len(rolls(game)[0]["faces"]) == 1


def test_G40_CMB_10_submarine_hits_go_to_the_carrier_the_cruisers_to_its_fighter() -> None:
    types = RS.data.units
    carrier = {"id": 1, "type": "carrier", "owner": "japan", "hits": 0}
    fighter = {"id": 2, "type": "fighter", "owner": "japan", "hits": 0, "aboard": 1}
    hits = {"S": 2, "A": 0, "N": 1}  # two submarines and a cruiser hit
    assert arith.check_selection(types, [carrier, fighter], hits, [1, 1, 2]) is None
    assert arith.check_selection(types, [carrier, fighter], hits, [1, 2, 2]) is not None
    assert sorted(arith.choose(types, [carrier, fighter], hits, {})) == [1, 1, 2]


def test_G40_CM_25_aircraft_in_a_territory_do_not_defend_the_next_sea_zone() -> None:
    game = combat({"Japan": [unit("fighter", "japan", 2)],
                   "SZ 6": [unit("transport", "japan"), att("destroyer", 1, came_from=SZ7)]})
    game.submit("japan", {"type": "defend"})  # no scramble
    assert ids(game, "SZ 6", owner="japan") == [] and len(ids(game, "Japan", "fighter")) == 2


def test_G40_TECH_19_under_low_luck_a_heavy_bomber_is_one_die_at_its_attack_plus_one() -> None:
    # TripleA's low luck for "best of two dice" (the data's LHTR Heavy Bombers): 4 + 1 for the second die
    korea = [unit("infantry", "japan", 2), att("bomber", 1, came_from="SZ 6")]
    game = combat({"Korea": korea}, dice=[5] + [6], research={"usa": ["heavy_bombers"]},
                  options={"dice": "low_luck"})
    game.submit("usa", {"type": "battle", "place": "Korea"})
    attack = rolls(game)[0]
    assert [d["target"] for d in attack["dice"]] == [5] and attack["faces"] == [5]
    (hits,) = [e for e in events(game, "aa.battle_hits") if e["side"] == "attacker"]
    assert hits["total"] == 1 and hits["low_luck"]
    assert len(ids(game, "Korea", "infantry", "japan")) == 1
    assert replays_equal(game)


def test_G40_TECH_19_under_low_luck_best_of_two_dice_never_passes_six() -> None:
    dice = [{"unit": "bomber", "unit_id": 7, "target": 6, "cat": "N", "group": 7}] * 2
    assert arith.low_luck(dice) == ({"S": 0, "A": 0, "N": 1}, [])
    plain = [{"unit": "bomber", "unit_id": 7, "target": 4, "cat": "N"}] * 2  # two dice that both count
    assert arith.low_luck(plain)[0]["N"] == 1 and arith.low_luck(plain)[1][0]["target"] == 2
