"""Strategic and tactical bombing raids through the ruleset (G40-CMB-02, G40-SBR-01…11, G40-AA-03)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder, InvalidOrder
from tests.games.global1940.combat_kit import RS, att, combat, events, ids, replays_equal, rolls, unit

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


@pytest.mark.parametrize("hit", [0, 1])
def test_G40_SBR_08_each_installation_die_destroys_the_raider_it_was_fired_at(hit: int) -> None:
    """Rulebook: "Ogni installazione lancia un dado contro ogni singolo bombardiere": the die that
    hits was fired at one raider, which is lost, whatever the attacker's loss order."""
    game = combat({JAPAN: [att("bomber", 1, came_from="SZ 6"), att("tactical_bomber", 1, came_from="SZ 6")]},
                  dice=[1 if k == hit else 6 for k in range(2)] + [4], end=False,
                  standing={"usa": {"loss_order": ["tactical_bomber", "bomber"][::1 - 2 * hit]}})
    raiders = sorted(ids(game, JAPAN, None, "usa"))
    game.submit("usa", {"type": "declare_raid", "target": JAPAN, "installation": "air_base", "units": raiders})
    game.submit("usa", {"type": "end_phase"})
    aa, _damage = rolls(game)
    assert [d["unit_id"] for d in aa["dice"]] == raiders  # one die aimed at each raider
    (raid,) = events(game, "aa.installation_raid")
    assert raid["shot_down"] == [raiders[hit]] and raid["survivors"] == [raiders[1 - hit]]
    assert replays_equal(game)


def test_G40_SBR_01_G40_SBR_03_a_raider_or_escort_named_twice_is_refused() -> None:
    game = combat({JAPAN: [att("bomber", 1, came_from="SZ 6"), att("fighter", 1, came_from="SZ 6")]}, end=False)
    (bomber,), (fighter,) = ids(game, JAPAN, "bomber"), ids(game, JAPAN, "fighter")
    raid = {"type": "declare_raid", "target": JAPAN, "installation": "major_complex"}
    for order, rule in (({"units": [bomber, bomber]}, "G40-SBR-01"),
                        ({"units": [bomber], "escorts": [fighter, fighter]}, "G40-SBR-03"),
                        ({"units": [bomber], "escorts": [bomber]}, "G40-SBR-03")):
        with pytest.raises((IllegalOrder, InvalidOrder)) as err:
            game.submit("usa", {**raid, **order})
        assert err.value.rule_id == rule and str(order.get("escorts", [bomber])[0]) in str(err.value)
    assert game.state["declared"].get("raids", []) == []


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


# -- G40-SBR-05: each side chooses its own air battle casualties -------------------------------


def _dogfight(dice: list[int], **kw: Any) -> Game:
    """A US bomber and its escort over Japan against two intercepting Japanese fighters."""
    units = [unit("fighter", "japan", 2), att("bomber", 1, came_from="SZ 6"), att("fighter", 1, came_from="SZ 6")]
    game = _raid(units, dice, {"bomber": "major_complex"}, escort=True, **kw)
    game.submit("japan", {"type": "defend", "intercept": {JAPAN: ids(game, JAPAN, "fighter", "japan")}})
    return game


def test_G40_SBR_05_the_attacker_chooses_which_of_its_aircraft_fall_in_the_air_battle() -> None:
    game = _dogfight([6, 6] + [1, 6])  # the escort and bomber miss, one interceptor hits
    (bomber,), (escort,) = ids(game, JAPAN, "bomber", "usa"), ids(game, JAPAN, "fighter", "usa")
    (owed,) = game.owed()
    assert (owed["seat"], owed["kind"], owed["place"]) == ("usa", "air_battle_casualties", JAPAN)
    offered = game.legal_options("usa")["casualties"]
    assert offered["kind"] == "air_battle_casualties" and offered["count"] == 1
    assert sorted(offered["candidates"]) == sorted([bomber, escort]) and offered["default"] == [escort]
    assert events(game, "aa.air_battle") == [] and events(game, "aa.installation_raid") == []
    with pytest.raises(IllegalOrder) as err:
        game.submit("usa", {"type": "end_phase"})
    assert err.value.rule_id == "G40-SBR-05"
    with pytest.raises(IllegalOrder) as err:
        game.submit("usa", {"type": "air_battle_casualties", "place": JAPAN, "units": [bomber, escort]})
    assert err.value.rule_id == "G40-SBR-05"
    game.submit("usa", {"type": "air_battle_casualties", "place": JAPAN, "units": [bomber]})
    (battle,) = events(game, "aa.air_battle")
    assert battle["destroyed"] == [bomber] and battle["by"] == {"attacker": "attacker", "defender": "automatic"}
    assert events(game, "aa.installation_raid") == []  # no raider left to bomb
    assert ids(game, JAPAN, "fighter", "usa") == [escort] and game.owed()[0]["kind"] == "combat"
    assert replays_equal(game)


def test_G40_SBR_05_the_deadline_and_auto_casualties_take_the_standing_loss_order() -> None:
    game = _dogfight([6, 6] + [1, 6])
    (escort,) = ids(game, JAPAN, "fighter", "usa")
    assert RS.default_order(game.state, "usa") == {"type": "air_battle_casualties", "place": JAPAN,
                                                    "units": [escort]}
    game = _dogfight([6, 6] + [1, 6], standing={"usa": {"auto_casualties": True, "loss_order": ["bomber"]}})
    (battle,) = events(game, "aa.air_battle")
    assert battle["by"]["attacker"] == "standing orders" and ids(game, JAPAN, "bomber", "usa") == []
    assert battle["destroyed"] == [u for u in battle["attackers"] if u not in ids(game, JAPAN, "fighter", "usa")]


def test_G40_SBR_05_with_ask_defender_the_interceptors_owners_choose_and_the_attacker_settles_a_dispute() -> None:
    uk = "United Kingdom"
    units = [unit("fighter", "uk"), unit("fighter", "usa"), att("bomber", 1, owner="germany", came_from="SZ 110")]
    game = combat({uk: units}, power="germany", dice=[1] + [6, 6] + [6, 2], end=False,
                  options={"ask_defender": True}, installations={uk: {"major_complex": 0}})
    game.submit("germany", {"type": "declare_raid", "target": uk, "installation": "major_complex",
                            "units": ids(game, uk, "bomber")})
    game.submit("germany", {"type": "end_phase"})
    (british,), (american,) = ids(game, uk, "fighter", "uk"), ids(game, uk, "fighter", "usa")
    game.submit("uk", {"type": "defend", "intercept": {uk: [british]}})
    game.submit("usa", {"type": "defend", "intercept": {uk: [american]}})
    assert sorted(o["seat"] for o in game.owed()) == ["uk", "usa"]
    game.submit("uk", {"type": "air_battle_casualties", "place": uk, "units": [american]})
    game.submit("usa", {"type": "air_battle_casualties", "place": uk, "units": [british]})
    assert [o["seat"] for o in game.owed()] == ["germany"]  # AA41-MNF-05: they differ
    game.submit("germany", {"type": "air_battle_casualties", "place": uk, "units": [american]})
    (battle,) = events(game, "aa.air_battle")
    assert battle["destroyed"] == [american] and battle["by"]["defender"] == "attacker"
    assert [r["survivors"] for r in events(game, "aa.installation_raid")] == [ids(game, uk, "bomber")]
    assert replays_equal(game)


# -- G40-SBR-12, G40-NCM-04: interceptors stay; if their territory falls, they land elsewhere ---


def test_G40_SBR_12_interceptors_fight_no_battle_for_their_territory_and_land_first_when_it_falls() -> None:
    korea = "Korea"
    units = [unit("fighter", "japan"), unit("infantry", "japan"), att("bomber", 1, came_from="SZ 6"),
             att("infantry", 3, came_from="Manchuria")]
    # air battle 6 / 6, the base fires 6, damage 3; battle: 1 1 1 against 6
    game = combat({korea: units}, dice=[6, 6, 6, 3, 1, 1, 1, 6], end=False, owners={"Manchuria": "japan"},
                  installations={korea: {"air_base": 0}})
    game.submit("usa", {"type": "declare_raid", "target": korea, "installation": "air_base",
                        "units": ids(game, korea, "bomber")})
    game.submit("usa", {"type": "end_phase"})
    (fighter,) = ids(game, korea, "fighter", "japan")
    game.submit("japan", {"type": "defend", "intercept": {korea: [fighter]}})
    assert events(game, "aa.air_battle")[0]["destroyed"] == []
    assert game.view("usa")["battle_sides"][korea]["defender"] == ids(game, korea, "infantry", "japan")
    game.submit("usa", {"type": "battle", "place": korea})
    assert game.state["owners"][korea] == "usa" and ids(game, korea, "fighter", "japan") == [fighter]
    game.submit("usa", {"type": "end_phase"})
    assert events(game, "aa.interceptors_stranded") == [{"units": [fighter], "territories": [korea]}]
    (landed,) = events(game, "aa.stranded_landed")
    assert (landed["unit"], landed["from"]) == (fighter, korea)
    assert game.state["owners"][landed["to"]] == "japan" and fighter in ids(game, landed["to"], "fighter")
    assert replays_equal(game)


def test_G40_SBR_12_interceptors_whose_territory_holds_simply_stay() -> None:
    korea = "Korea"
    units = [unit("fighter", "japan"), unit("infantry", "japan", 2), att("bomber", 1, came_from="SZ 6"),
             att("infantry", 1, came_from="Manchuria")]
    game = combat({korea: units}, dice=[6, 6, 6, 3, 6, 1, 6], end=False, installations={korea: {"air_base": 0}})
    game.submit("usa", {"type": "declare_raid", "target": korea, "installation": "air_base",
                        "units": ids(game, korea, "bomber")})
    game.submit("usa", {"type": "end_phase"})
    (fighter,) = ids(game, korea, "fighter", "japan")
    game.submit("japan", {"type": "defend", "intercept": {korea: [fighter]}})
    game.submit("usa", {"type": "battle", "place": korea})
    assert rolls(game)[-1]["context"]["step"] == "defender fire" and len(rolls(game)[-1]["faces"]) == 2
    game.submit("usa", {"type": "end_phase"})
    assert game.state["owners"][korea] == "japan" and ids(game, korea, "fighter", "japan") == [fighter]
    assert events(game, "aa.interceptors_stranded") == [] and events(game, "aa.stranded_landed") == []
