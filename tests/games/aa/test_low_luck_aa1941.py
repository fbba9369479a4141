"""Low luck dice (game option ``dice: "low_luck"``): hits = total strength // 6, one die for the rest."""

from __future__ import annotations

from tests.games.aa.battle_helpers import att, combat, dice_events, events, unit

NF = "Norway Finland"


def test_low_luck_option_recorded_in_the_log():
    game = combat({"Karelia": [unit("infantry", "ussr"), att("tank", came_from=NF)]},
                  options={"dice": "low_luck"})
    assert game.log()[0]["payload"]["options"]["dice"] == "low_luck"


def test_low_luck_hits_equal_the_formula_on_tested_forces():
    # 5 tanks + 3 infantry attack: 5*3 + 3*1 = 18 -> 3 hits, no die;
    # 4 infantry defend: 4*2 = 8 -> 1 hit and one die hitting on 2 or less
    game = combat({"Karelia": [unit("infantry", "ussr", 4), att("tank", 5, came_from=NF),
                               att("infantry", 3, came_from=NF)]}, dice=[2], options={"dice": "low_luck"})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    hits = events(game, "aa.battle_hits")
    assert hits[0]["side"] == "attacker" and hits[0]["total"] == 3 and hits[0]["low_luck"]
    assert hits[0]["sure"] == 3 and hits[1]["sure"] == 1
    rolls = dice_events(game)
    assert len(rolls) == 1
    assert rolls[0]["context"]["low_luck"] is True and rolls[0]["context"]["side"] == "defender"
    assert [(d["target"], d["hit"]) for d in rolls[0]["dice"]] == [(2, True)]
    assert hits[1]["total"] == 2


def test_low_luck_remainder_die_hits_at_or_below_the_remainder():
    # 2 tanks = 6 -> exactly 1 hit, no die; 2 infantry defend: 4 -> no sure hit, one die for 4
    game = combat({"Karelia": [unit("infantry", "ussr", 2), att("tank", 2, came_from=NF)]}, dice=[3],
                  options={"dice": "low_luck"})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    hits = events(game, "aa.battle_hits")
    assert [h["total"] for h in hits] == [1, 1]  # the face 3 is at or below 4: a hit
    assert dice_events(game)[0]["dice"][0]["target"] == 4
    game2 = combat({"Karelia": [unit("infantry", "ussr", 2), att("tank", 2, came_from=NF)]}, dice=[5],
                   options={"dice": "low_luck"})
    game2.submit("germany", {"type": "battle", "place": "Karelia"})
    assert [h["total"] for h in events(game2, "aa.battle_hits")] == [1, 0]


def test_low_luck_pools_restricted_hits_apart_at_sea():
    # 2 attacking subs (4, cannot hit air) and a fighter (3, cannot hit subs without a destroyer)
    # against a destroyer and a fighter: the subs' hits cannot strike the fighter, so the two
    # pools stay apart: two remainder dice, for 4 and for 3
    game = combat({"SZ 6": [unit("destroyer", "uk"), unit("fighter", "uk"),
                            att("submarine", 2, came_from="SZ 5"), att("fighter", came_from="SZ 5")]},
                  dice=[6, 6, 6], options={"dice": "low_luck"})
    game.submit("germany", {"type": "battle", "place": "SZ 6"})
    first = dice_events(game)[0]
    assert first["context"]["step"] == "attacker fire" and first["context"]["low_luck"]
    assert sorted(d["target"] for d in first["dice"]) == [3, 4]
