"""Battles, air and naval combat rules (VIC-CMB-*, VIC-AIR-*, VIC-NAV-*, VIC-UNIT-CV-06, VIC-UNIT-MA-11)."""

from __future__ import annotations

import pytest

from pbem.engine import NotYourTurn
from pbem.games.victory.hexgrid import distance
from tests.games.victory.kit import battle, blk, fire, game, move, owed_kind, refused, scenario, types

TWO = [blk("blue-001", "IN", 2, "0705"), blk("red-001", "IN", 2, "0805")]


def _act(g, seat, bid, action, **kw):
    return g.submit(seat, {"type": "act", "block": bid, "action": action, **kw})


def _rounds(g, pairs, n):
    for _ in range(n):
        for seat, bid, target in pairs:
            if target is None:
                _act(g, seat, bid, "hold")
            else:
                fire(g, seat, bid, target)


def test_VIC_CMB_02_the_attacker_picks_each_battle_in_turn() -> None:
    g = game([*TWO, blk("blue-002", "IN", 2, "1305"), blk("red-002", "IN", 1, "1205")], dice=[6, 6])
    move(g, "blue", "blue-001", ["0705", "0805"])
    move(g, "blue", "blue-002", ["1305", "1205"])
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    assert owed_kind(g) == ("blue", "choose_battle") and g.legal_options("blue")["battles"] == ["0805", "1205"]
    with pytest.raises(NotYourTurn):
        g.submit("red", {"type": "choose_battle", "hex": "0805"})
    assert refused(g, "blue", {"type": "choose_battle", "hex": "0605"}) == "VIC-CMB-02"
    g.submit("blue", {"type": "choose_battle", "hex": "1205"})
    assert g.state["battle"]["hex"] == "1205" and owed_kind(g) == ("red", "act")
    assert refused(g, "red", {"type": "choose_battle", "hex": "0805"}) == "VIC-SEQ-04"  # one battle at a time


def test_VIC_CMB_03_no_retreat_into_a_battle_still_to_be_fought() -> None:
    g = game([*TWO, blk("blue-002", "IN", 2, "0706"), blk("red-002", "IN", 1, "0806")], dice=[])
    move(g, "blue", "blue-001", ["0705", "0805"])
    move(g, "blue", "blue-002", ["0706", "0806"])
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    g.submit("blue", {"type": "choose_battle", "hex": "0805"})
    retreats = [a["to"] for a in g.legal_options("red")["actors"][0]["actions"] if a["action"] == "retreat"]
    assert "0806" not in retreats and "0905" in retreats
    assert refused(g, "red", {"type": "act", "block": "red-001", "action": "retreat", "to": "0806"}) == "VIC-CMB-03"
    _act(g, "red", "red-001", "retreat", to="0905")


def test_VIC_CMB_07_a_block_that_can_fire_fires_or_retreats() -> None:
    g = battle(TWO, [6, 6], [("blue-001", ["0705", "0805"])])
    assert refused(g, "red", {"type": "act", "block": "red-001", "action": "hold"}) == "VIC-CMB-07"
    assert {a["action"] for a in g.legal_options("red")["actors"][0]["actions"]} == {"fire", "retreat"}
    fire(g, "red", "red-001")


def test_VIC_CMB_10_target_groups_air_takes_airborne_blocks() -> None:
    g = game([blk("blue-001", "AB", 2, "0904"), blk("red-001", "FA", 2, "1205"), blk("red-002", "IN", 1, "1205")],
             dice=[1, 6], control={"0904": "blue"})
    move(g, "blue", "blue-001", ["0904", "1205"], mode="para")
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    assert [a["target"] for a in g.legal_options("red")["actors"][0]["actions"] if a["action"] == "fire"] == ["A"]
    assert refused(g, "red", {"type": "act", "block": "red-001", "action": "fire", "target": "G"}) == "VIC-CMB-09"
    fire(g, "red", "red-001", "A")  # the airborne AB is in the Air group
    assert g.state["blocks"]["blue-001"]["steps"] == 1


def test_VIC_CMB_11_blocks_of_one_type_act_one_at_a_time() -> None:
    g = battle([*TWO, blk("red-002", "IN", 1, "0805")], [6, 6, 6], [("blue-001", ["0705", "0805"])])
    assert [a["block"] for a in g.legal_options("red")["actors"]] == ["red-001", "red-002"]
    fire(g, "red", "red-002")
    assert [a["block"] for a in g.legal_options("red")["actors"]] == ["red-001"]
    assert refused(g, "red", {"type": "act", "block": "red-002", "action": "fire", "target": "G"}) == "VIC-CMB-06"


def test_VIC_CMB_15_hits_beyond_the_group_are_lost() -> None:
    g = battle([blk("blue-001", "AR", 2, "0908"), blk("red-001", "IN", 1, "0907"), blk("red-002", "FA", 2, "0907")],
               [6, 6, 1, 1], [("blue-001", ["0908", "0907"])])
    fire(g, "red", "red-002", "G")
    fire(g, "blue", "blue-001", "G")
    assert "red-001" not in g.state["blocks"] and g.state["blocks"]["red-002"]["steps"] == 2
    assert "vic.hits_lost" in types(g.log())


def test_VIC_CMB_24_retreats_obey_hexside_limits_each_round() -> None:
    sc = scenario()
    sc["map"]["hexsides"].append({"hexes": ["0805", "0806"], "terrain": "forest"})
    g = battle([*TWO, blk("red-002", "IN", 1, "0805")], [], [("blue-001", ["0705", "0805"])], scenario=sc)
    _act(g, "red", "red-002", "retreat", to="0806")
    assert refused(g, "red", {"type": "act", "block": "red-001", "action": "retreat", "to": "0806"}) == "VIC-CMB-24"
    _act(g, "red", "red-001", "retreat", to="0905")


def test_VIC_CMB_25_a_block_with_nowhere_to_retreat_is_eliminated() -> None:
    crowd = [blk(f"blue-01{i}", "IN", 1, "0705") for i in range(4)]
    g = battle([blk("blue-001", "AR", 1, "0705"), *crowd, blk("red-001", "IN", 1, "0805")], [6] * 6,
               [("blue-001", ["0705", "0805"])])
    _rounds(g, [("blue", "blue-001", "G"), ("red", "red-001", "G")], 3)
    assert owed_kind(g) == ("blue", "retreat_all") and g.legal_options("blue")["retreats"] == {"blue-001": []}
    g.submit("blue", {"type": "retreat_all", "moves": {}})
    gone = [e for e in g.log() if e["type"] == "vic.eliminated"]
    assert "blue-001" not in g.state["blocks"] and gone[-1]["payload"]["rule"] == "VIC-CMB-25"


def test_VIC_CMB_26_no_retreat_into_enemy_blocks() -> None:
    g = battle([*TWO, blk("blue-002", "IN", 1, "0806")], [], [("blue-001", ["0705", "0805"])])
    assert refused(g, "red", {"type": "act", "block": "red-001", "action": "retreat", "to": "0806"}) == "VIC-CMB-26"
    assert refused(g, "red", {"type": "act", "block": "red-001", "action": "retreat", "to": "0904"}) == "VIC-CMB-27"
    _act(g, "red", "red-001", "retreat", to="0905")


def test_VIC_CMB_28_only_marines_retreat_by_sea() -> None:
    g = battle([blk("red-001", "IN", 2, "0403"), blk("blue-001", "IN", 1, "0402"), blk("blue-002", "MA", 1, "0402")],
               [], [("red-001", ["0403", "0402"])], seat="red")
    _act(g, "blue", "blue-002", "retreat", to="0401")  # defending marines may put to sea
    assert g.state["blocks"]["blue-002"]["sea"] == "convoy"
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "retreat", "to": "0401"}) == "VIC-CMB-28"
    ships = game([blk("red-001", "BB", 1, "0401"), blk("blue-002", "MA", 1, "0402")], dice=[6], active="red")
    move(ships, "red", "red-001", ["0401", "0402"])
    ships.submit("red", {"type": "end_move"})
    ships.submit("blue", {"type": "air_cover", "blocks": {}})
    fire(ships, "red", "red-001", "G")
    assert refused(ships, "blue", {"type": "act", "block": "blue-002", "action": "retreat", "to": "0401"}) \
        == "VIC-CMB-28"  # not to sea past enemy ships
    landed = game([blk("blue-001", "MA", 2, "0502"), blk("red-001", "IN", 2, "0402")], dice=[6, 6, 6, 6])
    move(landed, "blue", "blue-001", ["0502", "0401", "0402"], mode="amphibious")
    landed.submit("blue", {"type": "end_move"})
    landed.submit("red", {"type": "air_cover", "blocks": {}})
    _act(landed, "blue", "blue-001", "land")
    fire(landed, "red", "red-001")
    assert refused(landed, "blue", {"type": "act", "block": "blue-001", "action": "retreat", "to": "0403"}) \
        == "VIC-CMB-28"
    _act(landed, "blue", "blue-001", "retreat", to="0401")


def test_VIC_CMB_29_VIC_NAV_09_VIC_AIR_15_ships_retreat_to_water_air_to_a_base_in_range() -> None:
    g = battle([blk("blue-001", "BB", 1, "0401"), blk("blue-002", "FA", 1, "0502"), blk("red-001", "IN", 1, "0402"),
                blk("red-002", "SS", 1, "0402")], [6],
               [("blue-001", ["0401", "0402"]), ("blue-002", ["0502", "0402"])])
    assert refused(g, "blue", {"type": "act", "block": "blue-002", "action": "retreat", "to": "1607"}) \
        == "VIC-AIR-15"
    assert distance("0402", "0502") <= 3
    _act(g, "blue", "blue-002", "retreat", to="0502")
    fire(g, "red", "red-002", "N")  # the submarine (4) acts before the battleship (5)
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "retreat", "to": "0403"}) \
        == "VIC-NAV-09"
    _act(g, "blue", "blue-001", "retreat", to="0401")


def test_VIC_CMB_30_a_landed_airborne_block_retreats_as_an_army() -> None:
    g = game([blk("blue-001", "IN", 2, "0705"), blk("blue-002", "AB", 1, "0505"), blk("red-001", "IN", 2, "0805")],
             dice=[6, 6, 6, 6])
    move(g, "blue", "blue-001", ["0705", "0805"])
    move(g, "blue", "blue-002", ["0505", "0805"], mode="para")
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    _act(g, "blue", "blue-002", "land")
    fire(g, "red", "red-001")
    fire(g, "blue", "blue-001")
    assert g.state["battle"]["round"] == 2
    assert refused(g, "blue", {"type": "act", "block": "blue-002", "action": "retreat", "to": "0806"}) == "VIC-CMB-27"
    _act(g, "blue", "blue-002", "retreat", to="0705")


def test_VIC_AIR_03_VIC_AIR_05_sortie_out_and_back_within_the_move_no_captured_base() -> None:
    g = game([blk("blue-001", "FA", 2, "0802"), blk("blue-002", "AR", 2, "0905"), blk("red-001", "FA", 1, "0904"),
              blk("red-002", "IN", 2, "1005"), blk("red-003", "FA", 1, "1104")], dice=[6, 1, 1, 6, 6],
             control={"0802": "blue"})
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0802", "1205"]}]}) \
        == "VIC-AIR-03"
    move(g, "blue", "blue-001", ["0802", "0904"])
    move(g, "blue", "blue-002", ["0905", "1005"])
    g.submit("blue", {"type": "end_move"})
    assert refused(g, "red", {"type": "air_cover", "blocks": {"red-001": "1005"}}) == "VIC-AIR-10"
    g.submit("red", {"type": "air_cover", "blocks": {"red-003": "1005"}})
    g.submit("blue", {"type": "choose_battle", "hex": "0904"})
    fire(g, "red", "red-001", "A")  # 6
    fire(g, "blue", "blue-001", "A")  # 1, 1: Redford falls to air alone
    assert owed_kind(g) == ("blue", "rebase")
    bases = g.legal_options("blue")["bases"]["blue-001"]
    assert "0904" not in bases and all(distance("0904", h) <= 3 for h in bases if not h.startswith("carrier"))
    assert refused(g, "blue", {"type": "rebase", "moves": {"blue-001": "0302"}}) == "VIC-AIR-05"  # 5 hexes back
    g.submit("blue", {"type": "rebase", "moves": {"blue-001": "0804"}})
    assert g.state["captured"] == ["0904"]
    fire(g, "red", "red-003", "G")  # second battle: the cover fighter fires, then the armor leaves
    _act(g, "blue", "blue-002", "retreat", to="0905")
    assert owed_kind(g) == ("red", "rebase")
    red_bases = g.legal_options("red")["bases"]["red-003"]
    assert "1104" in red_bases and "0904" not in red_bases  # captured this turn, though vacant and red again


def test_VIC_AIR_05_VIC_AIR_11_VIC_AIR_12_no_base_in_range_eliminates_cover_flies_from_carriers_at_sea() -> None:
    g = game([blk("red-001", "IN", 2, "0403"), blk("blue-001", "IN", 1, "0303"), blk("blue-002", "CV", 2, "0401"),
              blk("blue-003", "FA", 1, "0401", carrier="blue-002"), blk("blue-004", "CV", 2, "0302"),
              blk("blue-005", "FA", 1, "0302", carrier="blue-004")], dice=[6, 6, 6], active="red")
    move(g, "red", "red-001", ["0403", "0303"])
    g.submit("red", {"type": "end_move"})
    assert g.legal_options("blue")["cover"] == {"blue-003": ["0303"]}
    assert refused(g, "blue", {"type": "air_cover", "blocks": {"blue-005": "0303"}}) == "VIC-AIR-12"
    g.submit("blue", {"type": "air_cover", "blocks": {"blue-003": "0303"}})
    fire(g, "blue", "blue-003", "G")
    fire(g, "blue", "blue-001", "G")
    _act(g, "red", "red-001", "retreat", to="0403")
    bases = g.legal_options("blue")["bases"]["blue-003"]
    assert "carrier:blue-002" in bases and all(distance("0303", h) <= 3 for h in bases if h[0].isdigit())
    g.submit("blue", {"type": "rebase", "moves": {}})
    assert g.state["blocks"]["blue-003"]["hex"] in [*bases, "0401"]
    far = game([blk("blue-001", "FA", 1, "1402"), blk("red-001", "SS", 1, "1402"), blk("red-002", "IN", 1, "1403")],
               dice=[6] * 6, control={"1402": "blue"}, blockades={"1402": "red"})
    move(far, "blue", "blue-001", ["1402", "1403"])
    far.submit("blue", {"type": "end_move"})
    far.submit("red", {"type": "air_cover", "blocks": {}})
    _rounds(far, [("blue", "blue-001", "G"), ("red", "red-002", "A")], 3)
    far.submit("blue", {"type": "retreat_all", "moves": {}})
    assert far.legal_options("blue")["bases"] == {"blue-001": []}  # its base now holds an enemy ship
    far.submit("blue", {"type": "rebase", "moves": {}})
    assert "blue-001" not in far.state["blocks"]


def test_VIC_AIR_09_VIC_AIR_10_cover_only_joins_started_battles_not_from_a_base_under_attack() -> None:
    g = game([blk("red-001", "IN", 2, "0403"), blk("red-002", "IN", 2, "0204"), blk("blue-001", "IN", 1, "0303"),
              blk("blue-002", "IN", 1, "0104"), blk("blue-003", "FA", 1, "0104"), blk("blue-004", "FA", 1, "0502")],
             active="red")
    move(g, "red", "red-001", ["0403", "0303"])
    move(g, "red", "red-002", ["0204", "0104"])
    g.submit("red", {"type": "end_move"})
    assert refused(g, "blue", {"type": "air_cover", "blocks": {"blue-003": "0303"}}) == "VIC-AIR-10"
    assert refused(g, "blue", {"type": "air_cover", "blocks": {"blue-004": "0402"}}) == "VIC-AIR-09"
    g.submit("blue", {"type": "air_cover", "blocks": {"blue-004": "0303"}})


def test_VIC_AIR_13_carried_air_is_not_naval_stacking_airborne_blocks_are_air() -> None:
    g = game([blk("blue-001", "CV", 2, "0401"), blk("blue-002", "FA", 1, "0401", carrier="blue-001"),
              blk("blue-003", "FA", 1, "0401", carrier="blue-001"), blk("blue-004", "BB", 1, "0502"),
              blk("red-001", "IN", 1, "1607")])
    move(g, "blue", "blue-001", ["0401", "0402"])
    g.submit("blue", {"type": "end_move"})  # CV + BB are the 2 ships of a coastal hex; the fighters are air
    decks = game([blk("blue-001", "CV", 2, "0401"), blk("blue-002", "FA", 1, "0401", carrier="blue-001"),
                  blk("blue-003", "FA", 1, "0401", carrier="blue-001"), blk("blue-004", "CV", 2, "0401"),
                  blk("blue-005", "FA", 1, "0502"), blk("red-001", "IN", 1, "1607")])
    move(decks, "blue", "blue-005", ["0502", "0401"], onto="blue-004")
    assert refused(decks, "blue", {"type": "end_move"}) == "VIC-AIR-02"  # carried air is air stacking
    air = game([blk("blue-001", "FA", 1, "0707"), blk("blue-002", "FA", 1, "0505"), blk("blue-003", "AB", 1, "0505"),
                blk("red-001", "IN", 1, "0705")])
    move(air, "blue", "blue-001", ["0707", "0705"])
    move(air, "blue", "blue-003", ["0505", "0705"], mode="para")
    air.submit("blue", {"type": "end_move"})
    move2 = game([blk("blue-001", "FA", 1, "0707"), blk("blue-002", "FA", 1, "0505"), blk("blue-003", "AB", 1, "0505"),
                  blk("red-001", "IN", 1, "0705")])
    move(move2, "blue", "blue-001", ["0707", "0705"])
    move(move2, "blue", "blue-002", ["0505", "0705"])
    move(move2, "blue", "blue-003", ["0505", "0705"], mode="para")
    assert refused(move2, "blue", {"type": "end_move"}) == "VIC-AIR-02"


def test_VIC_UNIT_CV_06_an_overloaded_carrier_sheds_aircraft_of_the_owners_choice() -> None:
    g = game([blk("red-001", "SS", 2, "0501"), blk("blue-001", "CV", 2, "0401"),
              blk("blue-002", "FA", 1, "0401", carrier="blue-001"), blk("blue-003", "DB", 1, "0401",
                                                                          carrier="blue-001")],
             dice=[6, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6], active="red")
    move(g, "red", "red-001", ["0501", "0401"])
    g.submit("red", {"type": "end_move"})
    g.submit("blue", {"type": "air_cover", "blocks": {}})
    _rounds(g, [("blue", "blue-002", None), ("blue", "blue-003", "N"), ("red", "red-001", "N"),
                ("blue", "blue-001", "N")], 3)
    assert g.state["blocks"]["blue-001"]["steps"] == 1
    g.submit("red", {"type": "retreat_all", "moves": {}})
    assert owed_kind(g) == ("blue", "rebase")
    assert refused(g, "blue", {"type": "rebase", "moves": {"blue-002": "carrier:blue-001",
                                                           "blue-003": "carrier:blue-001"}}) == "VIC-UNIT-CV-06"
    g.submit("blue", {"type": "rebase", "moves": {"blue-003": "carrier:blue-001", "blue-002": "0302"}})
    assert g.state["blocks"]["blue-003"]["carrier"] == "blue-001" and g.state["blocks"]["blue-002"]["hex"] == "0302"


def test_VIC_NAV_05_ships_pass_a_canal_by_strategic_move() -> None:
    sc = scenario()
    sc["map"]["canals"] = ["0402"]
    g = game([blk("blue-001", "BB", 2, "0401"), blk("red-001", "IN", 1, "1607")], scenario=sc)
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-001", "path": ["0401", "0402", "0502"]}]}) \
        == "VIC-TERR-CANAL-01"
    move(g, "blue", "blue-001", ["0401", "0402", "0502"], mode="strategic")


def test_VIC_NAV_08_shore_bombardment_only_without_enemy_ships() -> None:
    g = battle([blk("blue-001", "BB", 1, "1201"), blk("red-001", "IN", 1, "1202")], [1],
               [("blue-001", ["1201", "1202"])])
    fire(g, "blue", "blue-001", "G")
    g2 = battle([blk("blue-001", "BB", 1, "1201"), blk("red-001", "IN", 1, "1202"), blk("red-002", "SS", 1, "1202")],
                [6], [("blue-001", ["1201", "1202"])])
    fire(g2, "red", "red-002", "N")
    assert refused(g2, "blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"}) == "VIC-NAV-08"


def _port_siege(seat_blocks, hex_="1202", entry="1201"):
    g = battle(seat_blocks, [6] * 3, [("blue-001", [entry, hex_])])
    _rounds(g, [("blue", "blue-001", "G"), ("red", "red-001", None)], 3)
    return g


def test_VIC_NAV_10_VIC_NAV_14_VIC_NAV_16_blockade_declared_restarted_and_lifted() -> None:
    g = _port_siege([blk("blue-001", "BB", 1, "1201"), blk("red-001", "IN", 1, "1202")])
    assert owed_kind(g) == ("blue", "retreat_all") and g.legal_options("blue")["blockade"] is True
    g.submit("blue", {"type": "retreat_all", "moves": {}, "blockade": True})
    assert g.state["blockades"] == {"1202": "blue"} and g.state["blocks"]["blue-001"]["hex"] == "1202"
    sea = battle([blk("blue-001", "BB", 1, "1101"), blk("red-001", "SS", 1, "1201")], [6, 6, 6, 6, 6, 6],
                 [("blue-001", ["1101", "1201"])])
    _rounds(sea, [("red", "red-001", "N"), ("blue", "blue-001", "N")], 3)
    assert refused(sea, "blue", {"type": "retreat_all", "moves": {}, "blockade": True}) == "VIC-NAV-10"
    standing = [blk("blue-001", "BB", 1, "1202"), blk("red-001", "IN", 1, "1202"), blk("red-002", "FA", 1, "1104")]
    again = game(standing, blockades={"1202": "blue"}, control={"1202": "red"})
    assert again.legal_options("blue")["restart"] == ["1202"]
    again.submit("blue", {"type": "end_move", "restart": ["1202"]})
    assert again.state["battles"] == ["1202"] and again.legal_options("red")["cover"] == {"red-002": ["1202"]}
    lift = game(standing, blockades={"1202": "blue"}, control={"1202": "red"})
    move(lift, "blue", "blue-001", ["1202", "1201"])
    lift.submit("blue", {"type": "end_move"})
    lift.submit("blue", {"type": "end_turn"})
    assert lift.state["blockades"] == {}


def test_VIC_UNIT_MA_11_a_beachhead_can_be_blockaded() -> None:
    g = game([blk("red-001", "BB", 1, "0401"), blk("blue-001", "MA", 2, "0402")], dice=[6, 6, 6], active="red",
             beachheads={"0402": "blue-001"})
    move(g, "red", "red-001", ["0401", "0402"])
    g.submit("red", {"type": "end_move"})
    g.submit("blue", {"type": "air_cover", "blocks": {}})
    _rounds(g, [("red", "red-001", "G"), ("blue", "blue-001", None)], 3)
    assert g.legal_options("red")["blockade"] is True
    g.submit("red", {"type": "retreat_all", "moves": {}, "blockade": True})
    assert g.state["blockades"] == {"0402": "red"}
