"""Strategic and tactical bombing raids through the ruleset (G40-CMB-02, G40-SBR-01…11, G40-AA-03)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder, InvalidOrder
from tests.games.global1940.combat_kit import att, combat, events, ids, replays_equal, rolls, unit

JAPAN = "Japan"


def _raid(units: list[dict[str, Any]], dice: list[int], raids: dict[str, str], escort: bool = False,
          **kw: Any) -> Game:
    """US raiders in Japan declare ``raids`` ({unit type: installation}), then combat starts."""
    game = combat({JAPAN: units}, dice=dice, end=False, **kw)
    for utype, kind in raids.items():
        order: dict[str, Any] = {"type": "declare_raid", "target": JAPAN, "installation": kind,
                                 "units": ids(game, JAPAN, utype, "usa")}
        if escort:
            order["escorts"] = ids(game, JAPAN, "fighter", "usa")
        game.submit("usa", order)
    game.submit("usa", {"type": "end_phase"})
    return game


def test_G40_SBR_09_G40_UNIT_BMB_01_bombers_roll_d6_plus_2_each_summed() -> None:
    game = _raid([att("bomber", 2, came_from="SZ 6")], [6, 6, 3, 5], {"bomber": "major_complex"})
    (raid,) = events(game, "aa.installation_raid")
    assert (raid["rolled"], raid["damage"]) == (3 + 2 + 5 + 2, 12)
    assert game.state["installations"][JAPAN]["major_complex"] == 12
    assert replays_equal(game)


def test_G40_SBR_10_damage_capped_at_20_on_a_major_complex() -> None:
    installations = {JAPAN: {"major_complex": 15, "air_base": 0, "naval_base": 0}}
    game = _raid([att("bomber", 1, came_from="SZ 6")], [6, 6], {"bomber": "major_complex"},
                 installations=installations)
    (raid,) = events(game, "aa.installation_raid")
    assert (raid["rolled"], raid["damage"]) == (8, 5)
    assert game.state["installations"][JAPAN]["major_complex"] == 20


def test_G40_SBR_09_G40_UNIT_AB_01_tactical_bombers_roll_d6_without_bonus_on_a_base() -> None:
    game = _raid([att("tactical_bomber", 1, came_from="SZ 6")], [6, 4], {"tactical_bomber": "air_base"})
    (raid,) = events(game, "aa.installation_raid")
    assert raid["damage"] == 4 and game.state["installations"][JAPAN]["air_base"] == 4


def test_G40_SBR_07_tactical_bombers_never_raid_a_complex() -> None:
    with pytest.raises(IllegalOrder) as err:
        _raid([att("tactical_bomber", 1, came_from="SZ 6")], [], {"tactical_bomber": "major_complex"})
    assert err.value.rule_id == "G40-SBR-07"


def test_G40_SBR_08_G40_AA_03_G40_UNIT_ICMAJ_01_the_complex_fires_one_die_per_raider_and_AA_guns_do_not() -> None:
    units = [unit("aa_gun", "japan", 2), att("bomber", 3, came_from="SZ 6")]
    game = _raid(units, [1, 6, 1, 6], {"bomber": "major_complex"})
    aa, damage = rolls(game)
    assert aa["context"]["step"] == "installation antiaircraft fire" and len(aa["faces"]) == 3
    (raid,) = events(game, "aa.installation_raid")
    assert len(raid["shot_down"]) == 2 and raid["damage"] == 8
    assert events(game, "aa.antiaircraft_fire") == []  # G40-AA-03
    assert len(ids(game, JAPAN, "aa_gun")) == 2


def test_G40_SBR_05_G40_SBR_12_interceptors_fight_one_air_battle_at_one_and_stay() -> None:
    units = [unit("fighter", "japan", 2), att("bomber", 2, came_from="SZ 6"), att("fighter", 1, came_from="SZ 6")]
    game = _raid(units, [1, 6, 6] + [6, 6] + [6, 1] + [2], {"bomber": "major_complex"}, escort=True)
    assert [o["seat"] for o in game.owed()] == ["japan"]
    game.submit("japan", {"type": "defend", "intercept": {JAPAN: ids(game, JAPAN, "fighter", "japan")}})
    (battle,) = events(game, "aa.air_battle")
    assert (battle["attacker_hits"], battle["defender_hits"]) == (1, 0)
    assert len(battle["destroyed"]) == 1 and len(ids(game, JAPAN, "fighter", "japan")) == 1
    (raid,) = events(game, "aa.installation_raid")
    assert len(raid["survivors"]) == 1 and raid["damage"] == 4
    # G40-SBR-06: the surviving escort is not fired on by the complex and stays
    assert len(rolls(game)[2]["faces"]) == 2 and len(ids(game, JAPAN, "fighter", "usa")) == 1
    assert replays_equal(game)


def test_G40_SBR_04_without_interception_there_is_no_air_battle() -> None:
    units = [unit("fighter", "japan"), att("bomber", 1, came_from="SZ 6")]
    game = _raid(units, [6, 1], {"bomber": "major_complex"})
    game.submit("japan", {"type": "defend"})
    assert events(game, "aa.air_battle") == [] and events(game, "aa.installation_raid")[0]["damage"] == 3


def test_G40_SBR_03_only_fighters_escort() -> None:
    game = combat({JAPAN: [att("bomber", 2, came_from="SZ 6")]}, end=False)
    first, second = ids(game, JAPAN, "bomber")
    with pytest.raises(IllegalOrder) as err:
        game.submit("usa", {"type": "declare_raid", "target": JAPAN, "installation": "major_complex",
                            "units": [first], "escorts": [second]})
    assert err.value.rule_id == "G40-SBR-03"


def test_G40_SBR_11_raiders_fight_no_battle_and_land_in_noncombat_move() -> None:
    units = [unit("infantry", "japan"), att("bomber", 1, came_from="SZ 6")]
    game = _raid(units, [6, 2], {"bomber": "major_complex"})
    assert game.state["battles"] == {}
    (bomber,) = [u for u in game.state["units"][JAPAN] if u["owner"] == "usa"]
    assert bomber["t_combat"] and bomber["t_raided"] == JAPAN


def test_G40_SBR_01_raiders_must_be_in_the_target() -> None:
    game = combat({"Korea": [att("bomber", 1, came_from="SZ 6")]}, end=False)
    with pytest.raises(IllegalOrder) as err:
        game.submit("usa", {"type": "declare_raid", "target": JAPAN, "installation": "air_base",
                            "units": ids(game, "Korea", "bomber")})
    assert err.value.rule_id == "G40-SBR-01"


def test_G40_TECH_15_jet_fighters_hit_on_two_in_the_air_battle() -> None:
    units = [unit("fighter", "japan"), att("bomber", 1, came_from="SZ 6")]
    game = _raid(units, [6] + [2] + [], {"bomber": "major_complex"}, research={"japan": ["jet_fighters"]})
    game.submit("japan", {"type": "defend", "intercept": {JAPAN: ids(game, JAPAN, "fighter", "japan")}})
    _, defence = rolls(game)
    assert defence["dice"][0]["target"] == 2 and events(game, "aa.air_battle")[0]["defender_hits"] == 1
    assert events(game, "aa.installation_raid") == []  # the lone bomber fell


@pytest.mark.parametrize(("kind", "raider"), [("minor_complex", "bomber"), ("naval_base", "tactical_bomber")])
def test_G40_UNIT_ICMIN_01_G40_UNIT_NB_01_minor_complexes_and_bases_take_at_most_6(kind: str, raider: str) -> None:
    installations = {"Korea": {kind: 4}}
    game = combat({"Korea": [att(raider, 1, came_from="SZ 6")]}, dice=[6, 6], end=False,
                  installations=installations)
    game.submit("usa", {"type": "declare_raid", "target": "Korea", "installation": kind,
                        "units": ids(game, "Korea", raider)})
    game.submit("usa", {"type": "end_phase"})
    assert game.state["installations"]["Korea"][kind] == 6


@pytest.mark.parametrize("order", [
    {"target": 3, "installation": "air_base", "units": []}, {"target": JAPAN, "installation": "castle", "units": []},
    {"target": "Atlantis", "installation": "air_base", "units": []},
    {"target": JAPAN, "installation": "air_base", "units": [1, 1]},
    {"target": JAPAN, "installation": "air_base", "units": [999]}])
def test_G40_SBR_01_a_malformed_raid_is_refused_by_rule(order: dict[str, Any]) -> None:
    game = combat({JAPAN: [att("bomber", 1, came_from="SZ 6")]}, end=False)
    with pytest.raises((IllegalOrder, InvalidOrder)) as err:
        game.submit("usa", {"type": "declare_raid", **order})
    assert err.value.rule_id.startswith(("G40-", "ENGINE-ORDER-"))
