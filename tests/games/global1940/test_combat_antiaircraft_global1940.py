"""AA guns in Global 1940 (G40-AA-01…05, G40-TECH-17, G40-CMB-03/22), through the family's battle code."""

from __future__ import annotations

from typing import Any

from pbem.engine import Game
from tests.games.global1940.combat_kit import att, combat, events, ids, replays_equal, rolls, types_in, unit

KOREA = "Korea"


def _attack(korea: list[dict[str, Any]], dice: list[int], **kw: Any) -> Game:
    game = combat({KOREA: korea}, dice=dice, **kw)
    if game.state["battles"].get(KOREA, {}).get("status") == "open":
        game.submit("usa", {"type": "battle", "place": KOREA})
    return game


def test_G40_AA_02_G40_UNIT_AAA_01_each_gun_fires_three_dice_no_aircraft_twice() -> None:
    game = _attack([unit("aa_gun", "japan", 2), unit("infantry", "japan"), att("fighter", 5, came_from="SZ 6")],
                   [1, 1, 6, 6, 6] + [6, 6, 6] + [6])
    aa = rolls(game)[0]
    assert aa["context"]["step"] == "antiaircraft fire" and len(aa["faces"]) == 5  # min(2 x 3, 5)
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert fire["hits"] == 2 and len(fire["destroyed"]) == 2
    assert len(ids(game, KOREA, "fighter", "usa")) == 3
    assert replays_equal(game)


def test_G40_AA_02_one_gun_fires_at_most_three_dice() -> None:
    game = _attack([unit("aa_gun", "japan"), unit("infantry", "japan"), att("fighter", 5, came_from="SZ 6")],
                   [6, 6, 6] + [6] * 5 + [6])
    assert len(rolls(game)[0]["faces"]) == 3


def test_G40_TECH_17_radar_makes_aa_guns_hit_on_two() -> None:
    game = _attack([unit("aa_gun", "japan"), unit("infantry", "japan"), att("fighter", 2, came_from="SZ 6")],
                   [2, 3] + [6, 6] + [6], research={"japan": ["radar"]})
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert fire["hit_on"] == 2 and fire["hits"] == 1


def test_G40_AA_02_the_attacker_chooses_the_aircraft_lost_by_its_loss_order() -> None:
    korea = [unit("aa_gun", "japan"), unit("infantry", "japan"), att("bomber", 1, came_from="SZ 6"),
             att("fighter", 1, came_from="SZ 6")]
    cheapest = _attack(korea, [1, 6] + [6, 6] + [6])
    assert types_left(cheapest) == ["bomber"]  # by default the cheapest aircraft goes
    chosen = _attack(korea, [1, 6] + [6, 6] + [6], standing={"usa": {"loss_order": ["bomber"]}})
    assert types_left(chosen) == ["fighter"]


def types_left(game: Game) -> list[str]:
    return types_in(game, KOREA, "usa")


def test_G40_AA_01_guns_are_casualties_with_combat_value_zero() -> None:
    game = _attack([unit("aa_gun", "japan"), unit("infantry", "japan"), att("infantry", 2, came_from="Manchuria")],
                   [1, 1] + [6])
    assert events(game, "aa.antiaircraft_fire") == []  # no aircraft attack
    defence = rolls(game)[1]
    assert [d["unit"] for d in defence["dice"]] == ["infantry"]  # the gun rolls no die
    assert ids(game, KOREA, owner="japan") == []


def test_G40_AA_04_G40_AA_05_G40_CMB_03_a_territory_held_by_guns_alone_is_taken_without_fire() -> None:
    game = _attack([unit("aa_gun", "japan", 2), att("infantry", 1, came_from="Manchuria"),
                    att("fighter", 2, came_from="SZ 6")], [])
    assert rolls(game) == [] and events(game, "aa.antiaircraft_fire") == []
    assert game.state["owners"][KOREA] == "usa" and KOREA not in game.state["battles"]
    assert ids(game, KOREA, "aa_gun") == []  # G40-AA-05, G40-CMB-22: destroyed, not captured
    assert replays_equal(game)
