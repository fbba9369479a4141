"""Movement rules (VIC-MOVE, VIC-TERR, VIC-STRAT, VIC-NAV movement, VIC-AIR movement, unit moves)."""

from __future__ import annotations

from tests.games.victory.kit import blk, game, move, refused


def test_VIC_MOVE_01_VIC_UNIT_IN_01_infantry_moves_two_and_only_once() -> None:
    g = game([blk("blue-001", "IN", 2, "0505"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0505", "0605", "0705",
                                                                                            "0805"]}]}) == "VIC-MOVE-01"
    move(g, "blue", "blue-001", ["0505", "0605", "0705"])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0705", "0706"]}]}) \
        == "VIC-MOVE-01"


def test_VIC_MOVE_02_VIC_STRAT_05_no_strategic_after_normal_move() -> None:
    g = game([blk("blue-001", "IN", 2, "0505"), blk("red-001", "IN", 1, "1607")])
    move(g, "blue", "blue-001", ["0505", "0605"])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "mode": "strategic",
                                                          "path": ["0605", "0705"]}]}) == "VIC-MOVE-02"


def test_VIC_UNIT_AR_01_VIC_UNIT_GEN_03_armor_moves_three() -> None:
    g = game([blk("blue-001", "AR", 2, "0505"), blk("red-001", "IN", 1, "1607")])
    move(g, "blue", "blue-001", ["0505", "0605", "0705", "0805"])
    assert g.state["blocks"]["blue-001"]["hex"] == "0805"


def test_VIC_MOVE_03_VIC_MOVE_04_overstack_during_movement_is_refused_at_end_of_movement() -> None:
    g2 = game([blk("blue-001", "IN", 1, "0602"), blk("blue-002", "IN", 1, "0704"), blk("blue-003", "IN", 1, "0702"),
               blk("red-001", "IN", 1, "1607")])
    for bid, path in (("blue-001", ["0602", "0703"]), ("blue-002", ["0704", "0703"]), ("blue-003", ["0702", "0703"])):
        move(g2, "blue", bid, path)
    assert refused(g2, "blue", {"type": "end_move"}) == "VIC-MOVE-04"  # swamp stacks 2
    g2.undo("blue")
    g2.submit("blue", {"type": "end_move"})


def test_VIC_TERR_SWAMP_01_VIC_TERR_SWAMP_02_swamp_stacks_two_and_stops_armies() -> None:
    g = game([blk("blue-001", "AR", 2, "0503"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0503", "0603", "0604"]}]}) \
        == "VIC-TERR-SWAMP-02"


def test_VIC_TERR_FOREST_01_VIC_TERR_FOREST_02_VIC_TERR_ROAD_03_forest_stops_unless_on_road() -> None:
    g = game([blk("blue-001", "AR", 2, "0206"), blk("blue-002", "AR", 2, "0404"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0206", "0205", "0204"]}]}) \
        == "VIC-TERR-FOREST-02"
    move(g, "blue", "blue-002", ["0404", "0305", "0205"])  # west spur road through forest


def test_VIC_TERR_MOUNTAIN_01_VIC_TERR_MOUNTAIN_02_mountain_stops_even_on_road() -> None:
    g = game([blk("red-001", "AR", 2, "1005"), blk("blue-001", "IN", 1, "0107")], active="red")
    assert refused(g, "red", {"type": "move", "moves": [{"block": "red-001", "path": ["1005", "1006", "0907"]}]}) \
        == "VIC-TERR-MOUNTAIN-02"


def test_VIC_TERR_ALPINE_01_VIC_MOVE_10_alpine_hexside_is_impassable_to_armies() -> None:
    g = game([blk("blue-001", "IN", 2, "0307"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0307", "0308"]}]}) \
        == "VIC-TERR-ALPINE-01"


def test_VIC_TERR_RIVER_05_VIC_MOVE_10_major_river_only_at_bridges() -> None:
    g = game([blk("blue-001", "IN", 2, "0804"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0804", "0904"]}]}) \
        == "VIC-TERR-RIVER-05"


def test_VIC_TERR_RIVER_02_VIC_MOVE_09_minor_river_stops_but_bridge_does_not() -> None:
    g = game([blk("blue-001", "AR", 2, "0806"), blk("blue-002", "AR", 2, "0805"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0806", "0906", "1006"]}]}) \
        == "VIC-TERR-RIVER-02"
    move(g, "blue", "blue-002", ["0805", "0905", "1005"])


def test_VIC_MOVE_07_armies_stay_on_land() -> None:
    g = game([blk("blue-001", "IN", 2, "0302"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0302", "0301"]}]}) \
        == "VIC-MOVE-07"


def test_VIC_MOVE_08_VIC_NAV_02_entering_an_enemy_hex_stops_the_block() -> None:
    g = game([blk("blue-001", "AR", 2, "0805"), blk("red-001", "IN", 1, "0905")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0805", "0905", "1005"]}]}) \
        == "VIC-MOVE-08"
    g2 = game([blk("blue-001", "BB", 2, "0401"), blk("red-001", "SS", 1, "0501")])
    assert refused(g2, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0401", "0501", "0601"]}]}) \
        == "VIC-MOVE-08"


def test_VIC_MOVE_06_VIC_TERR_RIVER_01_VIC_TERR_GEN_03_hexside_limit_into_battle_only() -> None:
    g = game([blk("blue-001", "IN", 2, "0805"), blk("blue-002", "IN", 2, "0705"), blk("red-001", "IN", 1, "0905")])
    move(g, "blue", "blue-001", ["0805", "0905"])  # bridge: limit 1
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-002", "path": ["0705", "0805", "0905"]}]}) \
        == "VIC-MOVE-06"
    g2 = game([blk("blue-001", "IN", 2, "0805"), blk("blue-002", "IN", 2, "0705"), blk("red-001", "IN", 1, "1607")])
    move(g2, "blue", "blue-001", ["0805", "0905"])
    move(g2, "blue", "blue-002", ["0705", "0805", "0905"])  # no battle: no limit


def test_VIC_TERR_CLEAR_01_VIC_TERR_ROAD_04_clear_and_road_hexsides_admit_two() -> None:
    g = game([blk("blue-001", "IN", 2, "0604"), blk("blue-002", "IN", 2, "0604"), blk("blue-003", "IN", 1, "0604"),
              blk("red-001", "IN", 1, "0705")])
    move(g, "blue", "blue-001", ["0604", "0705"])
    move(g, "blue", "blue-002", ["0604", "0705"])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-003", "path": ["0604", "0705"]}]}) \
        == "VIC-MOVE-06"


def test_VIC_STRAT_01_VIC_STRAT_04_VIC_TERR_ROAD_02_strategic_army_move_six_on_roads() -> None:
    g = game([blk("blue-001", "IN", 2, "0107"), blk("red-001", "IN", 1, "1607")])
    move(g, "blue", "blue-001", ["0107", "0106", "0205", "0305", "0404", "0505", "0605"], mode="strategic")
    g2 = game([blk("blue-001", "IN", 2, "0107"), blk("red-001", "IN", 1, "1607")])
    assert refused(g2, "blue", {"type": "move", "moves": [{"block": "blue-001", "mode": "strategic",
                                                           "path": ["0107", "0207"]}]}) == "VIC-STRAT-04"


def test_VIC_STRAT_01_strategic_move_may_not_enter_enemy_blocks() -> None:
    g = game([blk("blue-001", "IN", 2, "0705"), blk("red-001", "IN", 1, "0805")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "mode": "strategic",
                                                          "path": ["0705", "0805"]}]}) == "VIC-STRAT-01"


def test_VIC_NAV_01_VIC_UNIT_SS_01_naval_moves_through_sea_and_coast_submarine_two() -> None:
    g = game([blk("blue-001", "SS", 2, "0502"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0502", "0503"]}]}) \
        == "VIC-NAV-01"
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0502", "0501", "0601",
                                                                                            "0701"]}]}) == "VIC-MOVE-01"
    move(g, "blue", "blue-001", ["0502", "0501", "0601"])


def test_VIC_TERR_RIVER_04_rivers_are_not_navigable() -> None:
    g = game([blk("blue-001", "BB", 2, "0802"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0802", "0903"]}]}) in (
        "VIC-TERR-RIVER-04", "VIC-NAV-01")


def test_VIC_STRAT_03_strategic_naval_ends_at_sea_or_friendly_port() -> None:
    g = game([blk("blue-001", "BB", 2, "0302"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "mode": "strategic",
                                                          "path": ["0302", "0402"]}]}) == "VIC-STRAT-03"
    move(g, "blue", "blue-001", ["0302", "0401", "0501", "0601", "0701", "0702"], mode="strategic")


def test_VIC_AIR_04_VIC_AIR_01_VIC_UNIT_FA_01_air_move_ends_at_a_friendly_base_within_range() -> None:
    g = game([blk("blue-001", "FA", 2, "0702"), blk("red-001", "IN", 1, "0604")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0702", "0703"]}]}) \
        == "VIC-AIR-04"
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0702", "0107"]}]}) \
        == "VIC-AIR-03"
    move(g, "blue", "blue-001", ["0702", "0502"])


def test_VIC_UNIT_HB_01_VIC_AIR_07_heavy_bomber_sortie_six_into_battle() -> None:
    g = game([blk("blue-001", "HB", 2, "0107"), blk("red-001", "IN", 1, "0604")])
    move(g, "blue", "blue-001", ["0107", "0604"])
    assert g.state["blocks"]["blue-001"]["hex"] == "0604"


def test_VIC_STRAT_02_strategic_air_base_to_base_six() -> None:
    g = game([blk("blue-001", "FA", 2, "0107"), blk("red-001", "IN", 1, "1607")])
    move(g, "blue", "blue-001", ["0107", "0707"], mode="strategic")


def test_VIC_UNIT_HB_02_VIC_AIR_06_heavy_bomber_never_lands_on_a_carrier() -> None:
    g = game([blk("blue-001", "HB", 2, "0104"), blk("blue-002", "CV", 2, "0201"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0104", "0201"],
                                                          "onto": "blue-002"}]}) == "VIC-UNIT-HB-02"


def test_VIC_UNIT_CV_02_VIC_UNIT_CV_03_carrier_capacity_and_carried_air_moves_with_it() -> None:
    g = game([blk("blue-001", "FA", 2, "0302"), blk("blue-002", "CV", 1, "0301"), blk("blue-003", "CV", 2, "0401"),
              blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0302", "0301"],
                                                          "onto": "blue-002"}]}) == "VIC-UNIT-CV-02"
    move(g, "blue", "blue-001", ["0302", "0401"], onto="blue-003")
    g2 = game([blk("blue-001", "FA", 2, "0401", carrier="blue-003"), blk("blue-003", "CV", 2, "0401"),
               blk("red-001", "IN", 1, "1607")])
    move(g2, "blue", "blue-003", ["0401", "0501", "0601"])
    assert g2.state["blocks"]["blue-001"]["hex"] == "0601"


def test_VIC_UNIT_CV_04_VIC_UNIT_CV_05_launch_after_carrier_move_not_from_port() -> None:
    g = game([blk("blue-001", "FA", 2, "0401", carrier="blue-003"), blk("blue-003", "CV", 2, "0401"),
              blk("red-001", "IN", 1, "0803")])
    move(g, "blue", "blue-003", ["0401", "0501", "0601"])
    move(g, "blue", "blue-001", ["0601", "0803"])  # range counted from the carrier's new hex
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-003", "path": ["0601", "0701"]}]}) \
        == "VIC-UNIT-CV-04"
    g2 = game([blk("blue-001", "FA", 2, "0302", carrier="blue-003"), blk("blue-003", "CV", 2, "0302"),
               blk("red-001", "IN", 1, "0604")])
    assert refused(g2, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0302", "0604"]}]}) \
        == "VIC-UNIT-CV-05"


def test_VIC_STRAT_06_VIC_STRAT_08_VIC_TERR_PORT_01_convoy_between_friendly_ports_capacity_two() -> None:
    g = game([blk("blue-001", "IN", 2, "0302"), blk("blue-002", "IN", 2, "0302"), blk("blue-003", "IN", 2, "0302"),
              blk("red-001", "IN", 1, "1607")])
    move(g, "blue", "blue-001", ["0302", "0401", "0501", "0601", "0701", "0702"], mode="convoy")
    move(g, "blue", "blue-002", ["0302", "0401"], mode="convoy")
    assert g.state["blocks"]["blue-002"]["sea"] == "convoy"
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-003", "mode": "convoy",
                                                          "path": ["0302", "0401"]}]}) == "VIC-STRAT-08"
    g2 = game([blk("blue-001", "IN", 2, "0505"), blk("red-001", "IN", 1, "1607")])
    assert refused(g2, "blue", {"type": "move", "moves": [{"block": "blue-001", "mode": "convoy",
                                                           "path": ["0505", "0504"]}]}) == "VIC-TERR-PORT-01"


def test_VIC_STRAT_10_VIC_TERR_SEA_01_convoy_counts_against_naval_stacking_of_four() -> None:
    blocks = [blk(f"blue-00{i}", "BB", 1, "0401") for i in range(1, 5)] + [blk("blue-005", "IN", 1, "0302"),
                                                                             blk("red-001", "IN", 1, "1607")]
    g = game(blocks)
    move(g, "blue", "blue-005", ["0302", "0401"], mode="convoy")
    assert refused(g, "blue", {"type": "end_move"}) == "VIC-NAV-04"


def test_VIC_UNIT_AB_01_VIC_UNIT_AB_02_VIC_UNIT_AB_07_para_drop_into_vacant_clear_lands() -> None:
    g = game([blk("blue-001", "AB", 2, "0305"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "mode": "para",
                                                          "path": ["0305", "0204"]}]}) == "VIC-UNIT-AB-02"
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "mode": "para",
                                                          "path": ["0305", "0805"]}]}) == "VIC-UNIT-AB-02"
    move(g, "blue", "blue-001", ["0305", "0605"], mode="para")
    b = g.state["blocks"]["blue-001"]
    assert b["hex"] == "0605" and not b["airborne"] and b["landed_ab"]


def test_VIC_UNIT_AB_03_VIC_UNIT_AB_05_airborne_counts_as_air_then_both() -> None:
    from pbem.games.victory.state import stack_counts

    g = game([blk("blue-001", "AB", 2, "0505"), blk("red-001", "IN", 1, "0705")])
    move(g, "blue", "blue-001", ["0505", "0705"], mode="para")
    assert stack_counts(g.state, "0705", "blue") == {"army": 0, "naval": 0, "air": 1}
    g2 = game([blk("blue-001", "AB", 2, "0505"), blk("red-001", "IN", 1, "1607")])
    move(g2, "blue", "blue-001", ["0505", "0705"], mode="para")
    assert stack_counts(g2.state, "0705", "blue") == {"army": 1, "naval": 0, "air": 1}


def test_VIC_UNIT_MA_02_VIC_UNIT_MA_06_amphibious_landing_within_two_into_coastal_clear() -> None:
    g = game([blk("blue-001", "MA", 2, "0502"), blk("red-001", "IN", 1, "1607")])
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "mode": "amphibious",
                                                          "path": ["0502", "0501", "0601", "0701", "0702"]}]}) \
        == "VIC-UNIT-MA-02"
    move(g, "blue", "blue-001", ["0502", "0401", "0402"], mode="amphibious")
    assert g.state["blocks"]["blue-001"]["hex"] == "0402" and g.state["blocks"]["blue-001"]["sea"] is None
    g2 = game([blk("blue-001", "MA", 2, "0502"), blk("red-001", "IN", 1, "0402")])
    move(g2, "blue", "blue-001", ["0502", "0401", "0402"], mode="amphibious")
    assert g2.state["blocks"]["blue-001"]["sea"] == "afloat"


def test_VIC_TERR_SHOAL_01_VIC_TERR_SEA_02_shoals_block_ships_lakes_are_sea() -> None:
    from tests.games.victory.kit import scenario

    sc = scenario()
    sc["map"]["shoal"] = ["0501"]
    sc["map"]["lakes"] = ["0206"]
    g = game([blk("blue-001", "BB", 2, "0401"), blk("red-001", "IN", 1, "1607")], scenario=sc)
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0401", "0501"]}]}) \
        == "VIC-TERR-SHOAL-01"
    from pbem.games.victory.state import board_of

    assert board_of(g.state).is_sea("0206")


def test_VIC_TERR_CANAL_01_VIC_TERR_CANAL_02_canal_strategic_for_ships_stop_for_armies() -> None:
    from tests.games.victory.kit import scenario

    sc = scenario()
    sc["map"]["canals"] = ["0402"]
    g = game([blk("blue-001", "BB", 2, "0401"), blk("blue-002", "AR", 2, "0302"), blk("red-001", "IN", 1, "1607")],
             scenario=sc)
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0401", "0402"]}]}) \
        == "VIC-TERR-CANAL-01"
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-002", "path": ["0302", "0402", "0502"]}]}) \
        == "VIC-TERR-CANAL-02"


def test_VIC_MOVE_12_paths_are_recorded_with_the_entry_hexside() -> None:
    g = game([blk("blue-001", "IN", 2, "0505"), blk("red-001", "IN", 1, "1607")])
    move(g, "blue", "blue-001", ["0505", "0605", "0705"])
    b = g.state["blocks"]["blue-001"]
    assert b["path"] == ["0505", "0605", "0705"] and b["entered"] == "0605"
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "red-001", "path": ["1607", "1507"]}]}) \
        == "VIC-MOVE-01"


def test_VIC_SEQ_05_VIC_MOVE_11_only_the_phasing_player_moves_blocks_may_leave_shared_hex() -> None:
    from pbem.engine import NotYourTurn

    g = game([blk("blue-001", "IN", 2, "0302"), blk("red-001", "SS", 1, "0302")], blockades={"0302": "red"})
    try:
        g.submit("red", {"type": "move", "moves": [{"block": "red-001", "path": ["0302", "0301"]}]})
        raise AssertionError("red moved in blue's turn")
    except NotYourTurn:
        pass
    move(g, "blue", "blue-001", ["0302", "0402"])
