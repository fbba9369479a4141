"""Terrain, stacking and unit rules (VIC-TERR-*, VIC-UNIT-*, VIC-MOVE-05, VIC-STRAT-07/09)."""

from __future__ import annotations

from pbem.games.victory import validate_scenario
from pbem.games.victory.hits import group_of
from pbem.games.victory.units import UNITS
from tests.games.victory.kit import battle, blk, fire, game, move, owed_kind, refused, scenario

FAR = blk("red-009", "IN", 1, "1607")


def _act(g, seat, bid, action, **kw):
    return g.submit(seat, {"type": "act", "block": bid, "action": action, **kw})


def test_VIC_TERR_GEN_06_VIC_TERR_COAST_01_VIC_NAV_04_coastal_hex_stacks_armies_plus_two_ships_plus_two_air() -> None:
    port = [*[blk(f"blue-00{i}", "IN", 1, "0502") for i in range(1, 5)], blk("blue-005", "SS", 1, "0502"),
            blk("blue-006", "SS", 1, "0502"), blk("blue-007", "FA", 1, "0502"), blk("blue-008", "FA", 1, "0502"),
            blk("blue-010", "BB", 1, "0501"), FAR]
    g = game(port)
    g.submit("blue", {"type": "end_move"})  # 4 + 2 + 2 blocks: each class within its own limit
    g2 = game(port)
    move(g2, "blue", "blue-010", ["0501", "0502"])  # a third ship
    assert refused(g2, "blue", {"type": "end_move"}) == "VIC-NAV-04"
    g3 = game([blk("blue-001", "BB", 1, "0401"), blk("blue-002", "BB", 1, "0502"), blk("blue-003", "BB", 1, "0502"),
               FAR])
    move(g3, "blue", "blue-001", ["0401", "0502", "0601"])  # passing through an over-full port is fine
    g3.submit("blue", {"type": "end_move"})


def test_VIC_TERR_COAST_02_VIC_NAV_03_coastal_hexside_one_ship_plus_land_limit() -> None:
    g = game([blk("blue-001", "BB", 1, "0401"), blk("blue-002", "BB", 1, "0401"), blk("blue-003", "IN", 1, "0302"),
              blk("blue-004", "IN", 1, "0302"), blk("blue-005", "IN", 1, "0302"), blk("red-001", "IN", 1, "0402")])
    move(g, "blue", "blue-001", ["0401", "0402"])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-002", "path": ["0401", "0402"]}]}) \
        == "VIC-NAV-03"
    move(g, "blue", "blue-003", ["0302", "0402"])
    move(g, "blue", "blue-004", ["0302", "0402"])  # the coastal hexside is clear: 2 armies
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-005", "path": ["0302", "0402"]}]}) \
        == "VIC-MOVE-06"
    sea = game([*[blk(f"blue-00{i}", "BB", 1, "0501") for i in range(1, 4)], blk("red-001", "SS", 1, "0601")])
    move(sea, "blue", "blue-001", ["0501", "0601"])
    move(sea, "blue", "blue-002", ["0501", "0601"])  # 2 per hexside into a sea hex
    assert refused(sea, "blue", {"type": "move", "moves": [{"block": "blue-003", "path": ["0501", "0601"]}]}) \
        == "VIC-NAV-03"


def test_VIC_TERR_GEN_02_the_hexside_terrain_sets_the_limit() -> None:
    sc = scenario()
    sc["map"]["hexsides"].append({"hexes": ["0604", "0705"], "terrain": "forest"})
    g = game([blk("blue-001", "IN", 2, "0604"), blk("blue-002", "IN", 2, "0604"), blk("red-001", "IN", 1, "0705")],
             scenario=sc)
    move(g, "blue", "blue-001", ["0604", "0705"])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-002", "path": ["0604", "0705"]}]}) \
        == "VIC-MOVE-06"


def test_VIC_TERR_GEN_07_one_movement_point_per_hex_whatever_the_terrain() -> None:
    g = game([blk("red-001", "AR", 2, "1005"), blk("blue-001", "IN", 1, "0107")], active="red")
    assert refused(g, "red", {"type": "move", "moves": [{"block": "red-001", "path": ["1005", "1105", "1205", "1305",
                                                                                      "1405"]}]}) == "VIC-MOVE-01"
    move(g, "red", "red-001", ["1005", "1105", "1205", "1305"])  # through forest on the road: 3 points


def test_VIC_TERR_DESERT_01_desert_stacks_three_armies() -> None:
    blocks = [*[blk(f"blue-00{i}", "IN", 1, "1508") for i in range(1, 3)], blk("blue-003", "IN", 1, "1408"),
              blk("blue-004", "IN", 1, "1408"), blk("red-001", "IN", 1, "0107")]
    g = game(blocks)
    move(g, "blue", "blue-003", ["1408", "1508"])
    g.submit("blue", {"type": "end_move"})
    g2 = game(blocks)
    move(g2, "blue", "blue-003", ["1408", "1508"])
    move(g2, "blue", "blue-004", ["1408", "1508"])
    assert refused(g2, "blue", {"type": "end_move"}) == "VIC-MOVE-04"


def test_VIC_TERR_SWAMP_03_armies_in_a_swamp_need_two_hits_per_step() -> None:
    g = battle([blk("red-001", "AR", 2, "0604"), blk("blue-001", "IN", 2, "0603")], [1, 6, 1, 1],
               [("red-001", ["0604", "0603"])], seat="red")
    fire(g, "red", "red-001")
    assert g.state["blocks"]["blue-001"]["steps"] == 2 and g.state["battle"]["halves"] == ["blue-001"]
    fire(g, "blue", "blue-001")
    assert g.state["blocks"]["red-001"]["steps"] == 1  # the attacker in a swamp hex does not... defend double: 1 hit
    sc = [blk("red-001", "AR", 2, "0604"), blk("blue-001", "IN", 2, "0704")]
    clear = battle(sc, [1, 6], [("red-001", ["0604", "0704"])], seat="red")
    fire(clear, "red", "red-001")
    assert clear.state["blocks"]["blue-001"]["steps"] == 1


def test_VIC_TERR_CANAL_03_a_carrier_in_a_canal_cannot_launch_or_recover() -> None:
    sc = scenario()
    sc["map"]["canals"] = ["0402"]
    g = game([blk("blue-001", "CV", 2, "0402"), blk("blue-002", "FA", 1, "0402", carrier="blue-001"),
              blk("blue-003", "FA", 1, "0502"), blk("red-001", "IN", 1, "0503")], scenario=sc)
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-002", "path": ["0402", "0503"]}]}) \
        == "VIC-TERR-CANAL-03"
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-003", "path": ["0502", "0402"],
                                                          "onto": "blue-001"}]}) == "VIC-TERR-CANAL-03"
    at_sea = game([blk("blue-001", "CV", 2, "0401"), blk("blue-002", "FA", 1, "0401", carrier="blue-001"),
                   blk("red-001", "IN", 1, "0503")], scenario=sc)
    move(at_sea, "blue", "blue-002", ["0401", "0503"])


def test_VIC_TERR_SEA_03_armies_at_sea_only_as_convoys_or_marines() -> None:
    g = game([blk("blue-001", "IN", 2, "0302"), blk("blue-002", "IN", 2, "0302"), FAR])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0302", "0401"]}]}) \
        == "VIC-MOVE-07"
    move(g, "blue", "blue-002", ["0302", "0401"], mode="convoy")
    assert g.state["blocks"]["blue-002"]["sea"] == "convoy"


def test_VIC_TERR_CITY_03_VIC_AIR_02_a_city_or_town_bases_two_air_blocks() -> None:
    blocks = [blk("blue-001", "FA", 1, "0505"), blk("blue-002", "FA", 1, "0707"), blk("blue-003", "HB", 1, "0107"),
              FAR]
    g = game(blocks)
    move(g, "blue", "blue-002", ["0707", "0505"])
    g.submit("blue", {"type": "end_move"})
    g2 = game(blocks)
    move(g2, "blue", "blue-002", ["0707", "0505"])
    move(g2, "blue", "blue-003", ["0107", "0505"])
    assert refused(g2, "blue", {"type": "end_move"}) == "VIC-AIR-02"


def test_VIC_UNIT_GEN_01_strength_is_dice_and_the_last_step_lost_eliminates() -> None:
    g = battle([blk("blue-001", "IN", 3, "0705"), blk("red-001", "IN", 1, "0805")], [6, 6, 6, 1],
               [("blue-001", ["0705", "0805"])])
    fire(g, "red", "red-001")
    fire(g, "blue", "blue-001")
    rolls = [e["payload"]["faces"] for e in g.log() if e["type"] == "dice.rolled"]
    assert rolls == [[6], [6, 6, 1]]  # one die per step
    assert "red-001" not in g.state["blocks"] and g.state["battle"] is None
    sc = scenario()
    sc["blocks"]["blue"][0]["steps"] = 5
    assert [p.rule_id for p in validate_scenario(sc)] == ["VIC-SETUP-01"]  # the schema caps steps at 4


def test_VIC_UNIT_GEN_02_VIC_AIR_14_fire_only_at_classes_with_a_value_air_may_hit_ground_past_enemy_air() -> None:
    g = battle([blk("blue-001", "FA", 2, "0707"), blk("blue-002", "DB", 2, "0505"), blk("red-001", "IN", 2, "0806"),
                blk("red-002", "FA", 1, "0806")], [6, 6, 6, 1, 1, 6],
               [("blue-001", ["0707", "0806"]), ("blue-002", ["0505", "0806"])])
    fire(g, "red", "red-002", "A")  # 6: miss
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "N"}) \
        == "VIC-UNIT-GEN-02"  # a fighter has no naval value
    fire(g, "blue", "blue-001", "A")
    fire(g, "blue", "blue-002", "G")  # enemy air present: a dive bomber still hits the ground
    assert g.state["blocks"]["red-001"]["steps"] == 1  # the second hit cannot take an army's last step


def test_VIC_UNIT_GEN_04_classes_of_the_unit_table() -> None:
    assert {c: u.cls for c, u in UNITS.items()} == {
        "FA": "air", "DB": "air", "HB": "air", "SS": "naval", "BB": "naval", "CV": "naval",
        "AR": "army", "AB": "army", "MA": "army", "IN": "army"}
    assert group_of(blk("x-1", "AB", 1, "0101", airborne=True)) == "A"
    assert group_of(blk("x-1", "IN", 1, "0101", sea="convoy")) == "N"


def test_VIC_UNIT_BB_01_battleship_moves_three_fires_N3() -> None:
    g = game([blk("blue-001", "BB", 2, "0301"), blk("red-001", "SS", 2, "0501")], dice=[6, 6, 3, 4])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0301", "0401", "0402",
                                                                                       "0502", "0601"]}]}) \
        == "VIC-MOVE-01"
    move(g, "blue", "blue-001", ["0301", "0401", "0501"])
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    fire(g, "red", "red-001", "N")
    fire(g, "blue", "blue-001", "N")  # 3 hits, 4 misses
    assert g.state["blocks"]["red-001"]["steps"] == 1


def test_VIC_UNIT_CV_01_carrier_moves_three_fires_N1_and_A1() -> None:
    g = game([blk("blue-001", "CV", 2, "0301"), blk("red-001", "SS", 2, "0601")], dice=[6, 6, 1, 2])
    move(g, "blue", "blue-001", ["0301", "0401", "0501", "0601"])
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    fire(g, "red", "red-001", "N")
    assert [a["target"] for a in g.legal_options("blue")["actors"][0]["actions"] if a["action"] == "fire"] == ["N"]
    fire(g, "blue", "blue-001", "N")
    assert g.state["blocks"]["red-001"]["steps"] == 1


def test_VIC_UNIT_AB_04_VIC_UNIT_AB_06_dropped_airborne_lands_or_aborts_never_fires_or_flies_out() -> None:
    g = game([blk("blue-001", "AB", 2, "0505"), blk("red-001", "IN", 1, "0705")], dice=[6])
    move(g, "blue", "blue-001", ["0505", "0705"], mode="para")
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    assert owed_kind(g) == ("blue", "act")  # AB (8) acts before IN (10)
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"}) \
        == "VIC-UNIT-AB-04"
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "hold"}) == "VIC-UNIT-AB-04"
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "retreat", "to": "0605"}) \
        == "VIC-UNIT-AB-06"
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "abort", "to": "1607"}) \
        == "VIC-UNIT-AB-04"
    _act(g, "blue", "blue-001", "abort", to="0505")
    assert g.state["blocks"]["blue-001"]["hex"] == "0505" and g.state["battle"] is None


def test_VIC_UNIT_MA_01_marines_move_two_on_land_and_fire_G2() -> None:
    g = game([blk("blue-001", "MA", 2, "0505"), blk("red-001", "IN", 2, "0705")], dice=[2, 3])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0505", "0605", "0606",
                                                                                       "0706"]}]}) == "VIC-MOVE-01"
    move(g, "blue", "blue-001", ["0505", "0605", "0705"])
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    fire(g, "blue", "blue-001")  # MA (9) before IN (10): 2 hits, 3 misses
    assert g.state["blocks"]["red-001"]["steps"] == 1


def _landing(extra=(), dice=()):
    g = game([blk("blue-001", "MA", 2, "0502"), blk("red-001", "IN", 2, "0402"), *extra], dice=list(dice))
    move(g, "blue", "blue-001", ["0502", "0401", "0402"], mode="amphibious")
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    return g


def test_VIC_UNIT_MA_03_afloat_marines_land_at_their_action_and_fire_from_the_next_round() -> None:
    g = _landing(dice=[6, 6, 6, 6, 1, 1])
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"}) \
        == "VIC-UNIT-MA-03"
    _act(g, "blue", "blue-001", "land")
    assert g.state["blocks"]["blue-001"]["sea"] is None
    fire(g, "red", "red-001")  # round 1 ends
    fire(g, "blue", "blue-001")  # round 2: 6, 6
    assert g.state["battle"]["round"] == 2


def test_VIC_UNIT_MA_04_VIC_UNIT_MA_05_no_landing_past_enemy_ships_afloat_marines_are_naval_targets() -> None:
    g = _landing([blk("red-002", "BB", 1, "0402")], dice=[1])
    assert g.state["blocks"]["blue-001"]["sea"] == "afloat"
    fire(g, "red", "red-002", "N")  # BB (5) acts first: the afloat marines are in the Naval group
    assert g.state["blocks"]["blue-001"]["steps"] == 1
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "land"}) == "VIC-UNIT-MA-04"


def test_VIC_UNIT_MA_07_beachhead_marines_on_a_coastal_clear_hex_one_per_hex_revealed() -> None:
    g = game([blk("blue-001", "MA", 3, "0402"), blk("blue-002", "MA", 1, "0402"), blk("blue-003", "MA", 1, "0505"),
              FAR])
    g.submit("blue", {"type": "end_move"})
    assert refused(g, "blue", {"type": "end_turn", "beachheads": ["0505"]}) == "VIC-UNIT-MA-07"  # inland
    assert refused(g, "blue", {"type": "end_turn", "beachheads": ["0402", "0402"]}) == "VIC-UNIT-MA-07"
    g.submit("blue", {"type": "end_turn", "beachheads": ["0402"]})
    ev = [e for e in g.log() if e["type"] == "vic.beachheads"][-1]
    assert ev["payload"]["designated"] == [{"hex": "0402", "type": "MA", "steps": 3}]
    assert g.state["beachheads"] == {"0402": "blue-001"}


def test_VIC_UNIT_MA_08_VIC_UNIT_MA_10_beachhead_lands_one_block_and_its_marines_stay_put() -> None:
    g = game([blk("blue-001", "MA", 2, "0402"), blk("blue-002", "IN", 1, "0401", sea="convoy"),
              blk("blue-003", "IN", 1, "0301", sea="convoy"), FAR], beachheads={"0402": "blue-001"})
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0402", "0403"]}]}) \
        == "VIC-UNIT-MA-10"
    move(g, "blue", "blue-002", ["0401", "0402"], mode="convoy")
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-003", "mode": "convoy",
                                                          "path": ["0301", "0401", "0402"]}]}) == "VIC-UNIT-MA-08"
    g.submit("blue", {"type": "end_move"})
    assert refused(g, "blue", {"type": "end_turn", "cancel": ["0502"]}) == "VIC-UNIT-MA-10"
    g.submit("blue", {"type": "end_turn", "cancel": ["0402"]})
    assert g.state["beachheads"] == {}


def test_VIC_MOVE_05_a_battle_hex_holds_each_players_full_stack() -> None:
    blocks = [*[blk(f"blue-00{i}", "IN", 1, "0605") for i in range(1, 5)], blk("blue-005", "IN", 1, "0604"),
              *[blk(f"red-00{i}", "IN", 1, "0705") for i in range(1, 5)]]
    g = game(blocks)
    for i in range(1, 3):
        move(g, "blue", f"blue-00{i}", ["0605", "0705"])
    g.submit("blue", {"type": "end_move"})  # 2 blue + 4 red armies in a clear hex
    g2 = game([*blocks, *[blk(f"blue-01{i}", "IN", 1, "0704") for i in range(1, 3)],
               *[blk(f"blue-02{i}", "IN", 1, "0804") for i in range(1, 2)]])
    for bid, frm in (("blue-001", "0605"), ("blue-002", "0605"), ("blue-011", "0704"), ("blue-012", "0704"),
                     ("blue-021", "0804")):
        move(g2, "blue", bid, [frm, "0705"])
    assert refused(g2, "blue", {"type": "end_move"}) == "VIC-MOVE-04"  # 5 of Blue's own


def test_VIC_STRAT_07_VIC_CMB_17_an_attacked_convoy_cannot_fire_and_sinks_under_any_fire() -> None:
    g = game([blk("red-001", "DB", 1, "1002"), blk("blue-001", "IN", 1, "0901", sea="convoy")], dice=[1],
             active="red")
    move(g, "red", "red-001", ["1002", "0901"])
    g.submit("red", {"type": "end_move"})
    g.submit("blue", {"type": "air_cover", "blocks": {}})
    fire(g, "red", "red-001", "N")  # the convoy is in the Naval group: eliminated by air
    assert "blue-001" not in g.state["blocks"]
    g2 = game([blk("red-001", "SS", 2, "1001"), blk("blue-001", "IN", 2, "0901", sea="convoy")], dice=[6, 6],
              active="red")
    move(g2, "red", "red-001", ["1001", "0901"])
    g2.submit("red", {"type": "end_move"})
    g2.submit("blue", {"type": "air_cover", "blocks": {}})
    fire(g2, "red", "red-001", "N")
    assert refused(g2, "blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "N"}) \
        == "VIC-STRAT-07"


def test_VIC_STRAT_09_landing_at_a_port_uses_its_army_stacking_not_its_naval() -> None:
    ships = [blk("blue-001", "BB", 1, "0302"), blk("blue-002", "SS", 1, "0302")]
    g = game([*ships, blk("blue-003", "IN", 1, "0401", sea="convoy"), FAR])
    move(g, "blue", "blue-003", ["0401", "0302"], mode="convoy")
    g.submit("blue", {"type": "end_move"})
    full = game([*ships, *[blk(f"blue-01{i}", "IN", 1, "0302") for i in range(4)],
                 blk("blue-003", "IN", 1, "0401", sea="convoy"), FAR])
    move(full, "blue", "blue-003", ["0401", "0302"], mode="convoy")
    assert refused(full, "blue", {"type": "end_move"}) == "VIC-MOVE-04"
