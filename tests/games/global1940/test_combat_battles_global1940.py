"""The family's battle rules as Global 1940 plays them (G40-CMB, G40-UNIT), through the ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.combat_kit import att, combat, events, ids, replays_equal, rolls, types_in, unit

OKINAWA, SZ19, SZ7, KOREA = "Okinawa", "SZ 19", "SZ 7", "Korea"


def _assault(ship: str, kamikaze: bool) -> Game:
    """A US assault on Okinawa from SZ 19, ``ship`` named to bombard; Japan strikes it or not."""
    game = combat({OKINAWA: [unit("infantry", "japan")],
                   SZ19: [att(ship, 1, came_from="SZ 20"), att("transport", 1, came_from="SZ 20"),
                          {"type": "infantry", "owner": "usa", "aboard_entry": 1, "t_combat": True}]},
                  declared={"amphibious": [{"target": OKINAWA, "sea_zone": SZ19, "transports": [3], "units": [4],
                                            "air": {}, "bombard": [2]}]}, dice=[6] * 10)
    game.submit("japan", {"type": "defend", "kamikaze": {SZ19: [2]} if kamikaze else {}})
    game.submit("usa", {"type": "battle", "place": OKINAWA})
    return game


@pytest.mark.parametrize(("ship", "value"), [("battleship", 4), ("cruiser", 3)])
def test_G40_CMB_29_G40_UNIT_BB_01_G40_UNIT_CA_01_battleships_bombard_at_4_cruisers_at_3(ship: str,
                                                                                       value: int) -> None:
    game = _assault(ship, kamikaze=False)
    (bombard,) = [r for r in rolls(game) if r["context"]["step"] == "shore bombardment"]
    assert [d["target"] for d in bombard["dice"]] == [value]
    assert replays_equal(game)


def test_G40_CMB_37_no_bombardment_from_a_zone_struck_by_kamikaze() -> None:
    game = _assault("battleship", kamikaze=True)
    assert events(game, "aa.kamikaze") and events(game, "aa.bombarded") == []
    assert "shore bombardment" not in [r["context"]["step"] for r in rolls(game)]


def test_G40_CMB_01_no_combat_between_powers_not_at_war() -> None:
    at_peace = combat({SZ7: [unit("destroyer", "japan"), att("destroyer", 1, came_from="SZ 8")]}, wars=[], end=False)
    with pytest.raises(IllegalOrder):  # nothing to fight there: the move cannot end there
        at_peace.submit("usa", {"type": "end_phase"})
    at_war = combat({SZ7: [unit("destroyer", "japan"), att("destroyer", 1, came_from="SZ 8")]})
    assert at_war.state["battles"][SZ7]["defenders"] == ["japan"]


def test_G40_CMB_07_G40_UNIT_SS_01_defending_submarines_submerge_by_standing_order() -> None:
    game = combat({SZ7: [unit("submarine", "japan"), att("cruiser", 1, came_from="SZ 8")]},
                  standing={"japan": {"submerge": True}})
    game.submit("usa", {"type": "battle", "place": SZ7})
    assert events(game, "aa.submerged")[0]["side"] == "defender" and rolls(game) == []


def test_G40_CMB_08_G40_UNIT_DD_01_a_destroyer_cancels_the_surprise_strike() -> None:
    game = combat({SZ7: [unit("submarine", "japan"), att("destroyer", 1, came_from="SZ 8")]}, dice=[6, 6])
    game.submit("usa", {"type": "battle", "place": SZ7})
    assert [r["context"]["step"] for r in rolls(game)] == ["attacker fire", "defender fire"]


def test_G40_CMB_34_an_allied_destroyer_that_does_not_attack_cancels_nothing() -> None:
    game = combat({SZ7: [unit("submarine", "japan"), unit("destroyer", "uk"), att("cruiser", 1, came_from="SZ 8")]},
                  dice=[6, 6])
    game.submit("usa", {"type": "battle", "place": SZ7})
    (first,) = events(game, "aa.battle_round")[:1]
    assert first["strike"]["defender"] is True and ids(game, SZ7, "destroyer", "uk")
    assert {u["owner"] for u in first["attackers"]} == {"usa"}


def test_G40_CMB_09_G40_CMB_11_defending_casualties_fire_back() -> None:
    game = combat({KOREA: [unit("infantry", "japan"), att("fighter", 1, came_from="SZ 6")]}, dice=[1, 1])
    game.submit("usa", {"type": "battle", "place": KOREA})
    (ended,) = events(game, "aa.battle_ended")
    assert ended["reason"] == "both sides destroyed" and ids(game, KOREA) == []


def test_G40_CMB_13_G40_CMB_19_aircraft_without_a_destroyer_and_a_lone_submarine_cannot_fight() -> None:
    game = combat({SZ7: [unit("submarine", "japan"), att("fighter", 1, came_from="SZ 8")]}, dice=[6, 6])
    game.submit("usa", {"type": "battle", "place": SZ7})
    (ended,) = events(game, "aa.battle_ended")
    assert ended["winner"] == "none" and len(ids(game, SZ7)) == 2


def test_G40_CMB_12_support_is_evaluated_again_each_round() -> None:
    korea = [unit("infantry", "japan", 3), att("infantry", 1, came_from="Manchuria"),
             att("artillery", 1, came_from="Manchuria")]
    standing = {"usa": {"auto_casualties": True, "loss_order": ["artillery"]}}
    game = combat({KOREA: korea}, dice=[6, 6] + [1, 6, 6] + [6] + [6, 6, 6], standing=standing)
    game.submit("usa", {"type": "battle", "place": KOREA})
    game.submit("usa", {"type": "battle", "place": KOREA})
    first, _, second, _ = rolls(game)
    assert sorted(d["target"] for d in first["dice"]) == [2, 2] and [d["target"] for d in second["dice"]] == [1]


def test_G40_CMB_21_G40_CMB_22_aircraft_alone_never_capture() -> None:
    game = combat({KOREA: [unit("infantry", "japan"), att("fighter", 1, came_from="SZ 6")]}, dice=[1, 6])
    game.submit("usa", {"type": "battle", "place": KOREA})
    assert events(game, "aa.battle_ended")[0]["winner"] == "attacker"
    assert game.state["owners"][KOREA] == "japan"


def test_G40_CMB_22_land_units_capture_and_the_guns_there_are_destroyed() -> None:
    korea = [unit("infantry", "japan"), unit("aa_gun", "japan"), att("tank", 2, came_from="Manchuria")]
    game = combat({KOREA: korea}, dice=[1, 1, 6], standing={"japan": {"loss_order": ["infantry", "aa_gun"]}})
    game.submit("usa", {"type": "battle", "place": KOREA})
    assert game.state["owners"][KOREA] == "usa" and types_in(game, KOREA) == ["tank", "tank"]


def test_G40_CMB_14_G40_CMB_15_the_attacker_retreats_after_a_round_to_where_it_came_from() -> None:
    game = combat({KOREA: [unit("infantry", "japan", 2), att("tank", 1, came_from="Manchuria")]},
                  dice=[6, 6, 6], owners={"Manchuria": "usa"})
    game.submit("usa", {"type": "battle", "place": KOREA})
    game.submit("usa", {"type": "retreat", "place": KOREA, "to": "Manchuria"})
    assert types_in(game, "Manchuria", "usa") == ["tank"]
    assert events(game, "aa.battle_ended")[0]["winner"] == "defender"


def test_G40_CMB_33_cargo_never_fires_and_sinks_with_its_transport() -> None:
    zone = [unit("destroyer", "japan"), unit("transport", "japan"),
            {"type": "infantry", "owner": "japan", "aboard_entry": 1}, att("battleship", 1, came_from="SZ 8")]
    game = combat({SZ7: zone}, dice=[1, 6], standing={"japan": {"loss_order": ["destroyer"]}})
    game.submit("usa", {"type": "battle", "place": SZ7})
    assert [d["unit"] for d in rolls(game)[1]["dice"]] == ["destroyer"]
    assert types_in(game, SZ7, "japan") == []  # the lone transport went, its infantry with it


def test_G40_UNIT_CV_03_aircraft_on_an_attacked_carrier_defend_in_the_air() -> None:
    zone = [unit("carrier", "japan"), {"type": "fighter", "owner": "japan", "aboard_entry": 0},
            att("destroyer", 2, came_from="SZ 8")]
    game = combat({SZ7: zone}, dice=[6, 6, 6, 6])
    game.submit("usa", {"type": "battle", "place": SZ7})
    (first,) = events(game, "aa.battle_round")[:1]
    assert sorted(d["type"] for d in first["defenders"]) == ["carrier", "fighter"]


def _stranded_scramble() -> Game:
    """Korea's air base scrambles its fighter to SZ 6 while US infantry walks into Korea."""
    installations: dict[str, Any] = {KOREA: {"air_base": 0}}
    game = combat({KOREA: [unit("fighter", "japan"), att("infantry", 1, came_from="Manchuria")],
                   "SZ 6": [unit("transport", "japan"), att("destroyer", 1, came_from="SZ 7")]},
                  installations=installations, dice=[6, 6] * 3)
    game.submit("japan", {"type": "defend", "scramble": {KOREA: {"SZ 6": ids(game, KOREA, "fighter")}}})
    return game


def test_G40_CM_24_G40_NCM_04_scrambled_aircraft_whose_base_fell_are_stranded() -> None:
    game = _stranded_scramble()
    assert game.state["owners"][KOREA] == "usa"  # taken at once: its fighter had left (G40-CM-23)
    game.submit("usa", {"type": "battle", "place": "SZ 6"})
    game.submit("usa", {"type": "retreat", "place": "SZ 6", "to": "SZ 7"})
    game.submit("usa", {"type": "end_phase"})
    (back,) = events(game, "aa.scramble_returned")
    assert back["returned"] == [] and len(back["stranded"]) == 1
    assert game.state["phase"] == "noncombat_move"


def test_G40_BASE_06_a_base_captured_this_turn_scrambles_nothing() -> None:
    installations: dict[str, Any] = {KOREA: {"air_base": 0}}
    game = combat({KOREA: [unit("fighter", "japan")],
                   "SZ 6": [unit("transport", "japan"), att("destroyer", 1, came_from="SZ 7")]},
                  installations=installations, position_extra={"installations_idle": [[KOREA, "japan"]]})
    assert game.owed()[0]["seat"] == "usa"


def test_G40_CMB_17_G40_CMB_18_G40_CM_27_a_carrier_alone_cannot_destroy_unescorted_transports() -> None:
    lone = combat({SZ7: [unit("transport", "japan"), att("carrier", 1, came_from="SZ 8")]}, end=False)
    with pytest.raises(IllegalOrder) as err:
        lone.submit("usa", {"type": "end_phase"})
    assert err.value.rule_id == "G40-CM-27"
    escorted = combat({SZ7: [unit("transport", "japan"), att("carrier", 1, came_from="SZ 8"),
                             att("destroyer", 1, came_from="SZ 8")]})
    assert ids(escorted, SZ7, "transport") == [] and rolls(escorted) == []


def test_G40_CMB_30_units_landed_from_the_sea_may_not_retreat() -> None:
    game = _assault("battleship", kamikaze=False)
    with pytest.raises(IllegalOrder):
        game.submit("usa", {"type": "retreat", "place": OKINAWA, "to": SZ19})
    assert ids(game, OKINAWA, "infantry", "usa")


def _contested_assault(bombard: list[int]) -> Game:
    return combat({OKINAWA: [unit("infantry", "japan")],
                   SZ19: [unit("destroyer", "japan"), att("battleship", 1, came_from="SZ 20"),
                          att("transport", 1, came_from="SZ 20"),
                          {"type": "infantry", "owner": "usa", "aboard_entry": 2, "t_combat": True}]},
                  declared={"amphibious": [{"target": OKINAWA, "sea_zone": SZ19, "transports": [4], "units": [5],
                                            "air": {}, "bombard": bombard}]}, dice=[1, 6] + [6, 6], end=False)


def test_G40_CMB_28_G40_CMB_37_a_naval_combat_in_the_zone_comes_first_and_cancels_bombardment() -> None:
    with pytest.raises(IllegalOrder) as err:
        _contested_assault([3]).submit("usa", {"type": "end_phase"})
    assert err.value.rule_id == "G40-CMB-37"
    game = _contested_assault([])
    game.submit("usa", {"type": "end_phase"})
    game.submit("japan", {"type": "defend"})
    with pytest.raises(IllegalOrder):
        game.submit("usa", {"type": "battle", "place": OKINAWA})  # the sea battle first
    game.submit("usa", {"type": "battle", "place": SZ19})
    game.submit("usa", {"type": "battle", "place": OKINAWA})
    assert events(game, "aa.bombarded") == [] and ids(game, OKINAWA, "infantry", "usa")


def test_G40_CMB_06_an_attacking_carrier_takes_part_and_absorbs_hits() -> None:
    zone = [unit("destroyer", "japan"), att("carrier", 1, came_from="SZ 8"), att("destroyer", 1, came_from="SZ 8")]
    game = combat({SZ7: zone}, dice=[6, 1], standing={"usa": {"auto_casualties": True, "loss_order": ["carrier"]}})
    game.submit("usa", {"type": "battle", "place": SZ7})
    assert [d["unit"] for d in rolls(game)[0]["dice"]] == ["destroyer"]  # attack 0: no die
    assert [u["hits"] for u in game.state["units"][SZ7] if u["type"] == "carrier"] == [1]


def test_G40_CMB_26_an_allys_units_in_the_space_do_not_attack() -> None:
    game = combat({KOREA: [unit("infantry", "japan"), unit("tank", "uk"), att("tank", 1, came_from="Manchuria")]},
                  dice=[6, 6])
    (opened,) = events(game, "aa.battle_opened")
    assert [u["owner"] for u in game.state["units"][KOREA] if u["id"] in opened["attackers"]] == ["usa"]


def test_G40_CMB_27_every_defending_power_defends_together() -> None:
    korea = [unit("infantry", "japan"), unit("infantry", "germany"), att("tank", 2, came_from="Manchuria")]
    game = combat({KOREA: korea}, dice=[6, 6, 6, 6])
    game.submit("usa", {"type": "battle", "place": KOREA})
    (opened,) = events(game, "aa.battle_opened")
    assert opened["defenders"] == ["germany", "japan"]
    assert sorted(d["unit"] for d in rolls(game)[1]["dice"]) == ["infantry", "infantry"]


def test_G40_CMB_16_with_only_transports_left_on_both_sides_the_attacker_stays_or_retreats() -> None:
    zone = [unit("destroyer", "japan"), unit("transport", "japan"), att("destroyer", 1, came_from="SZ 8"),
            att("transport", 1, came_from="SZ 8")]
    game = combat({SZ7: zone}, dice=[1, 1], standing={"usa": {"auto_casualties": True}})
    game.submit("usa", {"type": "battle", "place": SZ7})
    (waiting,) = game.legal_options("usa")["battles"]
    assert waiting["retreat_to"] == ["SZ 8"] and game.state["battles"][SZ7]["status"] == "fighting"
    game.submit("usa", {"type": "press", "place": SZ7})
    assert events(game, "aa.battle_ended")[0]["reason"] == "stalemate"
    assert types_in(game, SZ7) == ["transport", "transport"]


def test_G40_UNIT_CV_02_aircraft_aboard_a_carrier_damaged_before_the_battle_are_cargo() -> None:
    zone = [unit("carrier", "japan", hits=1), {"type": "fighter", "owner": "japan", "aboard_entry": 0},
            att("destroyer", 2, came_from="SZ 8")]
    game = combat({SZ7: zone}, dice=[1, 6] + [6])
    game.submit("usa", {"type": "battle", "place": SZ7})
    (first,) = events(game, "aa.battle_round")[:1]
    assert [d["type"] for d in first["defenders"]] == ["carrier"]
    assert types_in(game, SZ7, "japan") == []  # the fighter sank with its carrier (G40-CMB-33)


def test_G40_UNIT_CV_03_aircraft_that_launched_fight_on_when_their_carrier_is_damaged() -> None:
    zone = [unit("carrier", "japan"), {"type": "fighter", "owner": "japan", "aboard_entry": 0},
            att("destroyer", 1, came_from="SZ 8")]
    game = combat({SZ7: zone}, dice=[1] + [6, 6] + [6] + [6, 6],
                  standing={"japan": {"loss_order": ["carrier"]}})
    game.submit("usa", {"type": "battle", "place": SZ7})
    game.submit("usa", {"type": "battle", "place": SZ7})
    second = events(game, "aa.battle_round")[1]
    assert sorted(d["type"] for d in second["defenders"]) == ["carrier", "fighter"]
    assert [u["hits"] for u in game.state["units"][SZ7] if u["type"] == "carrier"] == [1]


def test_G40_CMB_05_a_round_is_surprise_strike_attacker_fire_defender_fire_then_press_or_retreat() -> None:
    zone = [unit("cruiser", "japan"), unit("cruiser", "japan"), att("submarine", 1, came_from="SZ 8"),
            att("battleship", 1, came_from="SZ 8")]
    game = combat({SZ7: zone}, dice=[6] + [6] + [6, 6])
    game.submit("usa", {"type": "battle", "place": SZ7})
    assert [(r["context"]["side"], r["context"]["step"]) for r in rolls(game)] == [
        ("attacker", "surprise strike"), ("attacker", "attacker fire"), ("defender", "defender fire")]
    (waiting,) = game.legal_options("usa")["battles"]
    assert waiting["round"] == 1 and waiting["retreat_to"] == ["SZ 8"]  # step 6: press or retreat


def test_G40_NCM_04_aircraft_of_a_carrier_damaged_in_battle_land_elsewhere_first() -> None:
    zone = [unit("carrier", "japan"), {"type": "fighter", "owner": "japan", "aboard_entry": 0},
            att("destroyer", 1, came_from="SZ 8")]
    game = combat({SZ7: zone}, dice=[1] + [6, 6], standing={"japan": {"loss_order": ["carrier"]}})
    game.submit("usa", {"type": "battle", "place": SZ7})
    game.submit("usa", {"type": "retreat", "place": SZ7, "to": "SZ 8"})
    (ended,) = events(game, "aa.battle_ended")
    (fighter,) = [u for u in game.state["units"][SZ7] if u["type"] == "fighter"]
    assert ended["grounded"] == [fighter["id"]] and fighter["t_stranded"] and "aboard" not in fighter
    game.submit("usa", {"type": "end_phase"})
    landed = events(game, "aa.stranded_landed") + events(game, "aa.stranded_lost")
    assert [e["unit"] for e in landed] == [fighter["id"]]
    assert all(e.get("carrier") is None for e in landed)  # never back on the damaged carrier
    assert replays_equal(game)
