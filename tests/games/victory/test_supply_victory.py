"""Supply, attrition and control (VIC-SUP-*, VIC-CTRL-*, supply sides of VIC-NAV/AIR/STRAT)."""

from __future__ import annotations

from pbem.games.victory.control import compute_control
from pbem.games.victory.supply import supplied_hexes
from tests.games.victory.kit import RS, blk, end_player_turn, game, move, refused, scenario


def _steps(g, bid: str) -> int | None:
    b = g.state["blocks"].get(bid)
    return None if b is None else b["steps"]


def test_VIC_SUP_01_VIC_AIR_16_VIC_NAV_06_armies_and_based_air_need_supply_ships_and_carried_air_do_not() -> None:
    g = game([blk("blue-001", "IN", 2, "1607"), blk("red-001", "IN", 2, "0106"), blk("red-002", "FA", 2, "0104"),
              blk("red-003", "BB", 2, "0101"), blk("red-004", "CV", 2, "0201"),
              blk("red-005", "FA", 1, "0201", carrier="red-004"), blk("red-006", "IN", 2, "1205")])
    end_player_turn(g, "blue")
    assert (_steps(g, "red-001"), _steps(g, "red-002")) == (1, 1)  # cut off: each loses a step
    assert (_steps(g, "red-003"), _steps(g, "red-004"), _steps(g, "red-005"), _steps(g, "red-006")) == (2, 2, 1, 2)
    assert g.state["blocks"]["red-001"]["unsupplied"] and not g.state["blocks"]["red-003"]["unsupplied"]


def test_VIC_SUP_02_VIC_SUP_07_next_to_a_line_but_never_across_an_alpine_or_major_river_hexside() -> None:
    g = game([blk("blue-001", "IN", 2, "0802"), blk("red-001", "IN", 1, "1607")])
    g.submit("blue", {"type": "end_move"})
    g.submit("blue", {"type": "end_turn"})
    ok = supplied_hexes(g.state, "red")
    assert "0706" in ok  # next to the central road at 0705
    assert "0805" in ok  # across the bridge 0905-0805
    assert "0803" not in ok  # next to Redford 0904 only across the major river
    sc = scenario()
    sc["map"]["hexsides"] += [{"hexes": ["0706", n], "alpine": True} for n in ("0705", "0605", "0805")]
    g2 = game([blk("red-001", "IN", 1, "1607")], scenario=sc)
    assert "0706" not in supplied_hexes(g2.state, "red")


def test_VIC_SUP_03_VIC_CTRL_04_supply_lines_are_roads_from_a_base_and_stop_at_enemy_hexes() -> None:
    g = game([blk("blue-001", "IN", 2, "0705"), blk("red-001", "IN", 2, "0706")])
    end_player_turn(g, "blue")
    assert _steps(g, "red-001") == 2  # the central road from Redhaven reaches 0805, next to 0706... and 0705
    g2 = game([blk("blue-001", "IN", 2, "0705"), blk("red-001", "IN", 2, "0706")])
    move(g2, "blue", "blue-001", ["0705", "0805"])  # control of 0805 changes at the end of the player-turn,
    end_player_turn(g2, "blue")  # before the supply check (VIC-CTRL-04)
    assert g2.state["control"]["0805"] == "blue"
    assert _steps(g2, "red-001") == 1 and g2.state["blocks"]["red-001"]["unsupplied"]


def test_VIC_SUP_04_VIC_CTRL_08_a_garrisoned_captured_city_is_a_supply_base() -> None:
    garrison = game([blk("blue-001", "IN", 2, "0605"), blk("red-001", "IN", 2, "0505"),
                     blk("red-002", "IN", 2, "0506")], control={"0505": "red"})
    end_player_turn(garrison, "blue")
    assert (_steps(garrison, "red-001"), _steps(garrison, "red-002")) == (2, 2)
    vacant = game([blk("blue-001", "IN", 2, "0605"), blk("red-002", "IN", 2, "0506")])
    end_player_turn(vacant, "blue")
    assert vacant.state["control"]["0505"] == "blue" and _steps(vacant, "red-002") == 1


def test_VIC_SUP_05_VIC_NAV_12_VIC_STRAT_11_sea_supply_port_to_port_cut_by_blockade_or_convoys() -> None:
    base = [blk("red-001", "IN", 2, "0502"), blk("red-002", "IN", 2, "0402"), blk("blue-001", "IN", 1, "1607")]
    g = game(base)
    end_player_turn(g, "blue")
    assert (_steps(g, "red-001"), _steps(g, "red-002")) == (2, 2)  # Rubyport -> sea -> Blue Harbor -> road
    blockaded = game([*base, blk("blue-002", "SS", 1, "0502")], blockades={"0502": "blue"})
    end_player_turn(blockaded, "blue")
    assert blockaded.state["control"]["0502"] == "red"  # a blockade does not change control (VIC-NAV-12)
    assert (_steps(blockaded, "red-001"), _steps(blockaded, "red-002")) == (1, 1)
    convoys = [blk(f"blue-00{i}", "IN", 1, h, sea="convoy") for i, h in ((3, "0401"), (4, "0501"), (5, "0601"))]
    cut = game([*base, *convoys])
    end_player_turn(cut, "blue")  # armies in convoy hold the sea lanes (VIC-STRAT-11)
    assert (_steps(cut, "red-001"), _steps(cut, "red-002")) == (1, 1)
    assert all(not cut.state["blocks"][b["id"]]["unsupplied"] for b in convoys)  # and need no supply


def test_VIC_SUP_06_VIC_UNIT_MA_09_beachhead_supplies_only_its_hex_and_neighbours() -> None:
    g = game([blk("red-001", "MA", 2, "0402"), blk("red-002", "IN", 2, "0403"), blk("red-003", "IN", 2, "0404"),
              blk("blue-001", "IN", 1, "1607")], beachheads={"0402": "red-001"})
    end_player_turn(g, "blue")
    assert (_steps(g, "red-001"), _steps(g, "red-002"), _steps(g, "red-003")) == (2, 2, 1)


def test_VIC_SUP_08_VIC_SUP_11_unsupplied_blocks_do_not_cut_lines_and_the_flag_clears() -> None:
    cutting = game([blk("blue-001", "IN", 2, "0805"), blk("red-001", "IN", 2, "0706")])
    end_player_turn(cutting, "blue")
    assert _steps(cutting, "red-001") == 1
    flagged = game([blk("blue-001", "IN", 2, "0805", unsupplied=True),
                    blk("red-001", "IN", 2, "0706", unsupplied=True)])
    end_player_turn(flagged, "blue")
    assert _steps(flagged, "red-001") == 2 and not flagged.state["blocks"]["red-001"]["unsupplied"]


def test_VIC_SUP_09_VIC_NAV_06_a_ship_on_a_coastal_road_cuts_it() -> None:
    g = game([blk("red-001", "IN", 2, "0803"), blk("blue-001", "IN", 1, "1607")])
    end_player_turn(g, "blue")
    assert _steps(g, "red-001") == 2  # next to the coast road at 0802
    ship = game([blk("red-001", "IN", 2, "0803"), blk("blue-001", "BB", 1, "0802")])
    end_player_turn(ship, "blue")
    assert _steps(ship, "red-001") == 1


def test_VIC_SUP_10_attrition_hits_only_the_non_phasing_side_and_eliminates_strength_one() -> None:
    g = game([blk("blue-001", "IN", 2, "1306"), blk("red-001", "IN", 1, "0106"), blk("red-002", "IN", 2, "1205")])
    end_player_turn(g, "blue")
    assert "red-001" not in g.state["blocks"] and _steps(g, "blue-001") == 2  # the phasing side is not checked
    att = [e for e in g.log() if e["type"] == "vic.attrition"][-1]
    assert att["payload"]["side"] == "red" and att["payload"]["eliminated"] == [{"hex": "0106", "type": "IN"}]
    assert RS.event_view(att, "blue")["payload"].get("secret") is None  # VIC-FOG-08: status only to its owner
    assert RS.event_view(att, "red")["payload"]["secret"]["red"]


def test_VIC_CTRL_01_VIC_CTRL_02_occupied_hex_is_controlled_vacant_one_neutral_unless_city_or_town() -> None:
    g = game([blk("blue-001", "IN", 2, "0505"), blk("red-001", "IN", 1, "1607")])
    move(g, "blue", "blue-001", ["0505", "0605"])
    assert "0605" not in g.state["control"]
    end_player_turn(g, "blue")
    assert g.state["control"]["0605"] == "blue" and g.state["control"]["0505"] == "blue"  # vacant city: owner
    assert "0604" not in g.state["control"] and g.state["control"]["0804"] == "blue"  # Ford, a vacant town


def test_VIC_CTRL_03_VIC_NAV_07_who_controls_by_class() -> None:
    g = game([blk("red-001", "FA", 2, "0104"), blk("blue-001", "BB", 1, "0101"), blk("blue-002", "BB", 1, "0402"),
              blk("blue-003", "SS", 1, "0502"), blk("red-002", "FA", 1, "0502"), blk("blue-004", "FA", 1, "0604")])
    control = compute_control(g.state)
    assert control["0104"] == "red"  # air holds an airbase
    assert control["0101"] == "blue" and control["0402"] == "blue"  # ships hold sea and coastal hexes
    assert control["0502"] == "red"  # ... but not against enemy air based there
    assert "0604" not in control  # air away from a base holds nothing


def test_VIC_CTRL_05_a_captured_city_left_vacant_returns_to_its_owner() -> None:
    g = game([blk("red-001", "IN", 2, "0505"), blk("blue-001", "IN", 1, "1607")], active="red", control={"0505": "red"})
    assert g.state["control"]["0505"] == "red"
    move(g, "red", "red-001", ["0505", "0605"])
    end_player_turn(g, "red")
    assert g.state["control"]["0505"] == "blue"


def test_VIC_CTRL_06_a_lone_ship_captures_a_vacant_enemy_port_and_cuts_the_coast_road() -> None:
    g = game([blk("blue-001", "BB", 2, "1001"), blk("red-001", "IN", 2, "0803")])
    move(g, "blue", "blue-001", ["1001", "1002"])
    end_player_turn(g, "blue")
    assert g.state["control"]["1002"] == "blue"
    assert _steps(g, "red-001") == 1


def test_VIC_CTRL_07_VIC_NAV_15_shared_blockaded_hex_stays_with_the_army_and_is_not_fought() -> None:
    g = game([blk("blue-001", "SS", 1, "1202"), blk("red-001", "IN", 2, "1202")], blockades={"1202": "blue"},
             control={"1202": "red"})
    g.submit("blue", {"type": "end_move"})
    assert g.state["battles"] == [] and g.owed()[0]["kind"] == "end_turn"
    g.submit("blue", {"type": "end_turn"})
    assert g.state["control"]["1202"] == "red" and g.state["blockades"] == {"1202": "blue"}


def test_VIC_CTRL_08_control_governs_strategic_moves_and_production() -> None:
    g = game([blk("blue-001", "IN", 2, "0605"), blk("red-001", "IN", 1, "0805")], control={"0705": "red"})
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "mode": "strategic",
                                                          "path": ["0605", "0705"]}]}) == "VIC-STRAT-04"
    move(g, "blue", "blue-001", ["0605", "0505", "0404"], mode="strategic")
