"""Combat (VIC-CMB-*, firepower of VIC-UNIT-*), driven with scripted dice."""

from __future__ import annotations

import json

from tests.games.victory.kit import RS, blk, game, move, owed_kind, refused


def _battle(blocks, dice, path, mover="blue-001", **kw):
    g = game(blocks, dice=dice, **kw)
    move(g, "blue", mover, path)
    g.submit("blue", {"type": "end_move"})
    g.submit("red", {"type": "air_cover", "blocks": {}})
    return g


def test_VIC_CMB_01_VIC_AIR_08_VIC_FOG_09_battle_starts_and_cover_is_always_asked() -> None:
    g = game([blk("blue-001", "IN", 2, "0805"), blk("red-001", "IN", 1, "0905")])
    move(g, "blue", "blue-001", ["0805", "0905"])
    g.submit("blue", {"type": "end_move"})
    assert owed_kind(g) == ("red", "air_cover")  # red has no air at all, and is asked anyway
    assert g.legal_options("red")["cover"] == {}


def test_VIC_CMB_04_VIC_FOG_04_VIC_CMB_06_battle_reveals_and_defender_acts_first() -> None:
    g = _battle([blk("blue-001", "IN", 2, "0705"), blk("red-001", "IN", 2, "0805")], [], ["0705", "0805"])
    started = next(e for e in g.log() if e["type"] == "vic.battle_started")
    red_copy = RS.event_view(started, "red")
    assert {b["type"] for b in red_copy["payload"]["blocks"]} == {"IN"}
    assert "blue-001" not in json.dumps(red_copy)
    assert owed_kind(g) == ("red", "act")


def test_VIC_CMB_08_VIC_UNIT_IN_01_VIC_CMB_14_dice_equal_strength_hits_at_or_below_firepower_on_strongest() -> None:
    g = _battle([blk("blue-001", "IN", 3, "0705"), blk("red-001", "IN", 2, "0805"), blk("red-002", "IN", 1, "0805")],
                [2, 5, 1, 3, 3], ["0705", "0805"])
    g.submit("red", {"type": "act", "block": "red-001", "action": "fire", "target": "G"})  # 2,5: one hit
    assert g.state["blocks"]["blue-001"]["steps"] == 2
    g.submit("red", {"type": "act", "block": "red-002", "action": "fire", "target": "G"})  # 1: hit
    assert g.state["blocks"]["blue-001"]["steps"] == 1
    g.submit("blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"})  # 3: miss (G2)
    assert g.state["blocks"]["red-001"]["steps"] == 2


def test_VIC_UNIT_IN_02_VIC_CMB_13_infantry_defending_a_city_fires_G3() -> None:
    g = _battle([blk("blue-001", "IN", 2, "0806"), blk("red-001", "IN", 1, "0907")], [3], ["0806", "0907"])
    g.submit("red", {"type": "act", "block": "red-001", "action": "fire", "target": "G"})
    assert g.state["blocks"]["blue-001"]["steps"] == 1


def test_VIC_TERR_RIVER_03_VIC_CMB_12_attackers_across_a_river_lose_round_one_fire() -> None:
    g = _battle([blk("blue-001", "IN", 2, "0806"), blk("red-001", "IN", 1, "0906")], [6], ["0806", "0906"])
    g.submit("red", {"type": "act", "block": "red-001", "action": "fire", "target": "G"})
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"}) \
        == "VIC-TERR-RIVER-03"
    g.submit("blue", {"type": "act", "block": "blue-001", "action": "hold"})


def test_VIC_CMB_16_VIC_UNIT_DB_01_air_cannot_eliminate_armies_on_land() -> None:
    g = _battle([blk("blue-001", "DB", 2, "0707"), blk("red-001", "IN", 1, "0906")], [1, 1], ["0707", "0906"])
    assert owed_kind(g) == ("blue", "act")  # DB (position 2) acts before red infantry
    g.submit("blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"})
    assert g.state["blocks"]["red-001"]["steps"] == 1


def test_VIC_CMB_18_VIC_UNIT_AR_01_anti_aircraft_six_hits_own_air() -> None:
    g = _battle([blk("blue-001", "FA", 2, "0707"), blk("red-001", "AR", 2, "0906"), blk("red-002", "FA", 1, "0906")],
                [5, 5, 6, 6, 1], ["0707", "0906"])
    g.submit("red", {"type": "act", "block": "red-002", "action": "fire", "target": "A"})  # 5: miss (A2)
    g.submit("blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "A"})  # 5,6: miss
    g.submit("red", {"type": "act", "block": "red-001", "action": "fire", "target": "A"})  # 6,1: hit + own hit
    assert g.state["blocks"]["blue-001"]["steps"] == 1
    assert "red-002" not in g.state["blocks"]


def test_VIC_CMB_19_VIC_TERR_MOUNTAIN_03_double_defense_needs_an_army_to_complete() -> None:
    g = game([blk("red-001", "AR", 3, "1005"), blk("blue-001", "IN", 2, "1006")], dice=[1, 6, 6, 6, 6, 1, 6, 6],
             active="red")
    move(g, "red", "red-001", ["1005", "1006"])
    g.submit("red", {"type": "end_move"})
    g.submit("blue", {"type": "air_cover", "blocks": {}})
    g.submit("red", {"type": "act", "block": "red-001", "action": "fire", "target": "G"})
    assert g.state["blocks"]["blue-001"]["steps"] == 2 and g.state["battle"]["halves"] == ["blue-001"]
    g.submit("blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"})
    g.submit("red", {"type": "act", "block": "red-001", "action": "fire", "target": "G"})
    assert g.state["blocks"]["blue-001"]["steps"] == 1 and g.state["battle"]["halves"] == []


def test_VIC_CMB_05_VIC_CMB_21_three_rounds_then_attacker_retreats() -> None:
    dice = [6] * 40
    g = _battle([blk("blue-001", "IN", 1, "0705"), blk("red-001", "IN", 1, "0805")], dice, ["0705", "0805"])
    for _ in range(3):
        g.submit("red", {"type": "act", "block": "red-001", "action": "fire", "target": "G"})
        g.submit("blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"})
    assert owed_kind(g) == ("blue", "retreat_all")
    assert g.legal_options("blue")["retreats"] == {"blue-001": ["0705"]}  # VIC-CMB-27: back the way it came
    g.submit("blue", {"type": "retreat_all", "moves": {}})
    assert g.state["blocks"]["blue-001"]["hex"] == "0705"
    assert owed_kind(g) == ("blue", "end_turn")


def test_VIC_CMB_20_VIC_CMB_31_battle_ends_when_one_side_is_left() -> None:
    g = _battle([blk("blue-001", "IN", 2, "0705"), blk("red-001", "IN", 1, "0805")], [6, 1, 1], ["0705", "0805"])
    g.submit("red", {"type": "act", "block": "red-001", "action": "fire", "target": "G"})
    g.submit("blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"})
    assert "red-001" not in g.state["blocks"] and g.state["battle"] is None
    elim = [e for e in g.log() if e["type"] == "vic.hit" and e["payload"]["steps"] == 0]
    assert elim[0]["payload"]["type"] == "IN"  # VIC-FOG-08: the eliminated block's type is public


def test_VIC_CMB_23_VIC_CMB_27_defender_may_retreat_instead_of_firing_not_into_attack_hexes() -> None:
    g = _battle([blk("blue-001", "IN", 2, "0705"), blk("red-001", "IN", 1, "0805")], [], ["0705", "0805"])
    assert refused(g, "red", {"type": "act", "block": "red-001", "action": "retreat", "to": "0705"}) == "VIC-CMB-27"
    g.submit("red", {"type": "act", "block": "red-001", "action": "retreat", "to": "0806"})
    assert g.state["blocks"]["red-001"]["hex"] == "0806" and g.state["battle"] is None


def test_VIC_CMB_09_VIC_UNIT_SS_01_only_classes_with_value_and_enemies() -> None:
    g = _battle([blk("blue-001", "SS", 2, "0501"), blk("red-001", "BB", 1, "0601")], [], ["0501", "0601"])
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"}) \
        == "VIC-UNIT-GEN-02"
    assert [a for a in g.legal_options("blue")["actors"][0]["actions"] if a["action"] == "fire"] == [
        {"action": "fire", "target": "N"}]
