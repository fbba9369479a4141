"""Combat move (AA41-CM-01..23, AA41-UNIT-ARM-01, AA41-UNIT-IC-02): land and sea routes."""

from __future__ import annotations

from aa_move_kit import end_phase, game, ids, move, refused, refused_move, replays, uid, unit, where

G, U = "germany", "ussr"


def inf(owner: str = G, count: int = 1, **extra: object) -> dict:
    return {"type": "infantry", "owner": owner, "count": count, **extra}


def tank(owner: str = G, count: int = 1) -> dict:
    return {"type": "tank", "owner": owner, "count": count}


def ship(type_: str, owner: str, count: int = 1, **extra: object) -> dict:
    return {"type": type_, "owner": owner, "count": count, **extra}


def test_AA41_CM_01_combat_move_ends_in_hostile_territory_never_repositions() -> None:
    g = game({"Eastern Europe": [inf(count=2)], "Karelia": [inf(U)]})
    a, b = ids(g, "Eastern Europe", "infantry")
    move(g, [a], ["Eastern Europe", "Karelia"])
    assert where(g, a) == "Karelia" and unit(g, a)["t_combat"] is True
    refused_move(g, [b], ["Eastern Europe", "Germany"], "AA41-CM-07")
    assert replays(g)


def test_AA41_CM_02_movement_value_spent_over_several_orders_and_converging_attacks() -> None:
    g = game({"SZ 5": [ship("submarine", G)], "SZ 8": [ship("battleship", "uk")],
              "Eastern Europe": [inf()], "Norway Finland": [inf()], "Karelia": [inf(U)]})
    sub = uid(g, "SZ 5", "submarine")
    move(g, [sub], ["SZ 5", "SZ 6"])
    move(g, [sub], ["SZ 6", "SZ 8"])
    assert unit(g, sub)["t_moved"] == 2
    refused_move(g, [sub], ["SZ 8", "SZ 9"], "AA41-CM-02")
    refused_move(g, [uid(g, "Eastern Europe", "infantry")],
                 ["Eastern Europe", "Karelia", "Archangel"], "AA41-CM-02")
    move(g, [uid(g, "Eastern Europe", "infantry")], ["Eastern Europe", "Karelia"])
    move(g, [uid(g, "Norway Finland", "infantry")], ["Norway Finland", "Karelia"])
    assert len(ids(g, "Karelia", "infantry", G)) == 2


def test_AA41_CM_03_units_stop_on_entering_hostile_spaces() -> None:
    g = game({"Germany": [tank()], "SZ 5": [ship("battleship", G)],
              "SZ 6": [ship("destroyer", "uk")], "Karelia": [inf(U)]})
    bb = uid(g, "SZ 5", "battleship")
    refused_move(g, [bb], ["SZ 5", "SZ 6", "SZ 7"], "AA41-CM-03")
    move(g, [bb], ["SZ 5", "SZ 6"])
    assert unit(g, bb)["t_stop"] == "combat_move"
    refused_move(g, [bb], ["SZ 6", "SZ 7"], "AA41-CM-02")
    t = uid(g, "Germany", "tank")
    move(g, [t], ["Germany", "Eastern Europe", "Karelia"])  # friendly -> hostile
    assert where(g, t) == "Karelia"


def test_AA41_CM_04_units_pass_freely_through_friendly_spaces() -> None:
    g = game({"Germany": [tank()], "Karelia": [inf(U)]})
    t = uid(g, "Germany", "tank")
    move(g, [t], ["Germany", "Eastern Europe", "Karelia"])
    assert unit(g, t)["t_route_from"] == "Eastern Europe" and unit(g, t)["t_from"] == "Germany"


def test_AA41_CM_05_entering_empty_hostile_territory_is_combat_movement_never_neutral() -> None:
    g = game({"Eastern Europe": [inf()], "Norway Finland": [inf()]})
    a = uid(g, "Eastern Europe", "infantry")
    move(g, [a], ["Eastern Europe", "Karelia"])  # empty Soviet territory
    assert unit(g, a)["t_combat"] and g.state["owners"]["Karelia"] == U  # captured in combat
    refused_move(g, [uid(g, "Norway Finland", "infantry")], ["Norway Finland", "Sweden"],
                 "AA41-CM-05")


def test_AA41_CM_06_enemy_submarines_and_transports_never_block() -> None:
    g = game({"SZ 5": [ship("battleship", G)],
              "SZ 6": [ship("submarine", "uk"), ship("transport", "uk")],
              "SZ 7": [ship("destroyer", "uk")]})
    bb = uid(g, "SZ 5", "battleship")
    move(g, [bb], ["SZ 5", "SZ 6", "SZ 7"])
    assert where(g, bb) == "SZ 7"


def test_AA41_CM_07_ending_in_friendly_space_only_for_the_listed_exceptions() -> None:
    g = game({"Eastern Europe": [tank(), inf()], "SZ 6": [ship("battleship", G)],
              "SZ 7": [ship("destroyer", "uk")], "SZ 14": [ship("destroyer", G)],
              "SZ 9": [ship("submarine", "uk")]}, owners={"Norway Finland": U})
    t = uid(g, "Eastern Europe", "tank")
    # (a) a tank completing a blitz may end in a friendly territory
    move(g, [t], ["Eastern Europe", "Karelia", "Eastern Europe"])
    assert where(g, t) == "Eastern Europe"
    refused_move(g, [uid(g, "Eastern Europe", "infantry")], ["Eastern Europe", "Germany"],
                 "AA41-CM-07")
    # (d) a sea unit entering a zone with only enemy submarines to attack them
    dd = uid(g, "SZ 14", "destroyer")
    move(g, [dd], ["SZ 14", "SZ 9"])
    # no battle, no amphibious zone, not leaving a hostile zone: refused
    g2 = game({"SZ 14": [ship("destroyer", G)]}, owners={"Gibraltar": G})
    refused_move(g2, [uid(g2, "SZ 14", "destroyer")], ["SZ 14", "SZ 23", "SZ 24"], "AA41-CM-07")


def test_AA41_CM_07_sea_unit_in_amphibious_zone_needs_the_declaration() -> None:
    g = game({"SZ 5": [ship("battleship", G)]})
    bb = uid(g, "SZ 5", "battleship")
    move(g, [bb], ["SZ 5", "SZ 6"])  # next to the United Kingdom: an assault may come from it
    refused(g, {"type": "end_phase"}, "AA41-CM-07")


def test_AA41_CM_08_moving_every_unit_out_never_changes_control() -> None:
    g = game({"Norway Finland": [inf(count=2)], "Karelia": [inf(U)]})
    move(g, ids(g, "Norway Finland", "infantry"), ["Norway Finland", "Karelia"])
    assert g.state["units"]["Norway Finland"] == []
    assert g.state["owners"]["Norway Finland"] == G


def test_AA41_CM_09_no_movement_once_battles_are_fought() -> None:
    g = game({"Eastern Europe": [inf()]}, phase="combat")
    refused_move(g, [uid(g, "Eastern Europe", "infantry")], ["Eastern Europe", "Karelia"],
                 "AA41-CM-09")


def test_AA41_CM_10_ships_starting_in_hostile_zone_stay_and_fight_or_leave() -> None:
    g = game({"SZ 6": [ship("battleship", G), ship("transport", G), ship("destroyer", "uk")]})
    bb = uid(g, "SZ 6", "battleship")
    end_phase(g)
    assert [e for e in g.log() if e["type"] == "aa.attacked_in_place"][0]["payload"] == {
        "units": sorted([bb, uid(g, "SZ 6", "transport")]), "space": "SZ 6",
        "rule": "AA41-CM-10"}
    assert unit(g, bb)["t_combat"] is True
    # leaving without fighting: a friendly zone is a legal end; no move in noncombat move
    g2 = game({"SZ 6": [ship("battleship", G), ship("destroyer", "uk")]})
    bb2 = uid(g2, "SZ 6", "battleship")
    move(g2, [bb2], ["SZ 6", "SZ 9", "SZ 13"])
    assert where(g2, bb2) == "SZ 13"
    end_phase(g2)
    assert not [e for e in g2.log() if e["type"] == "aa.attacked_in_place"]


def test_AA41_CM_10_transports_alone_in_hostile_zone_fight_no_battle() -> None:
    g = game({"SZ 6": [ship("transport", G), ship("destroyer", "uk")]})
    end_phase(g)
    assert not [e for e in g.log() if e["type"] == "aa.attacked_in_place"]


def test_AA41_CM_11_attack_or_ignore_enemy_submarines_and_transports_in_place() -> None:
    g = game({"SZ 6": [ship("battleship", G), ship("transport", "uk")],
              "SZ 5": [ship("destroyer", G)]})
    bb = uid(g, "SZ 6", "battleship")
    g.submit(G, {"type": "attack_in_place", "units": [bb]})
    assert unit(g, bb)["t_combat"] is True
    refused(g, {"type": "attack_in_place", "units": [uid(g, "SZ 5", "destroyer")]},
            "AA41-CM-11")
    g2 = game({"SZ 6": [ship("battleship", G), ship("transport", "uk")]})
    end_phase(g2)  # ignored: no battle declared for them
    assert not unit(g2, uid(g2, "SZ 6", "battleship")).get("t_combat")


def test_AA41_CM_12_tank_blitz_takes_empty_territory_and_moves_on() -> None:
    g = game({"Eastern Europe": [tank()], "Archangel": [inf(U)]})
    t = uid(g, "Eastern Europe", "tank")
    move(g, [t], ["Eastern Europe", "Karelia", "Archangel"])
    assert g.state["owners"]["Karelia"] == G and "Karelia" in g.state["captured_this_turn"]
    assert where(g, t) == "Archangel"
    assert [e["type"] for e in g.log()][-2:] == ["aa.moved", "aa.territory_captured"]
    assert replays(g)


def test_AA41_CM_12_blitz_only_as_first_space_and_only_in_combat_move() -> None:
    g = game({"Germany": [tank()]})
    move(g, [uid(g, "Germany", "tank")], ["Germany", "Eastern Europe", "Karelia"])
    assert g.state["owners"]["Karelia"] == U  # second space: no blitz, captured in combat
    g2 = game({"Eastern Europe": [tank()]}, phase="noncombat_move")
    refused_move(g2, [uid(g2, "Eastern Europe", "tank")], ["Eastern Europe", "Karelia"],
                 "AA41-NCM-04")


def test_AA41_CM_13_tank_stops_at_enemy_units_or_enemy_complex() -> None:
    g = game({"Eastern Europe": [tank()], "Karelia": [inf(U)], "West Russia": [tank()]})
    refused_move(g, [uid(g, "Eastern Europe", "tank")], ["Eastern Europe", "Karelia", "Archangel"],
                 "AA41-CM-13")
    err = refused_move(g, [uid(g, "West Russia", "tank")], ["West Russia", "Russia", "Archangel"],
                       "AA41-CM-13")
    assert "empty enemy territory" in err.message
    move(g, [uid(g, "West Russia", "tank")], ["West Russia", "Russia"])
    assert g.state["owners"]["Russia"] == U  # an industrial complex is not blitzed


def test_AA41_UNIT_IC_02_lone_enemy_complex_stops_a_blitzing_tank() -> None:
    g = game({"West Russia": [tank()]})
    refused_move(g, [uid(g, "West Russia", "tank")], ["West Russia", "Russia", "Urals"],
                 "AA41-CM-13")


def test_AA41_UNIT_ARM_01_tank_moves_two_and_blitzes_infantry_does_not() -> None:
    g = game({"Eastern Europe": [tank(), inf()], "Archangel": [inf(U)]})
    refused_move(g, [uid(g, "Eastern Europe", "infantry")], ["Eastern Europe", "Karelia",
                                                             "Archangel"], "AA41-CM-02")
    move(g, [uid(g, "Eastern Europe", "tank")], ["Eastern Europe", "Karelia", "Archangel"])
    assert g.state["owners"]["Karelia"] == G


def test_AA41_CM_14_submarine_passes_warships_but_stops_at_destroyer() -> None:
    g = game({"SZ 5": [ship("submarine", G, 2)], "SZ 6": [ship("battleship", "uk")],
              "SZ 7": [ship("carrier", "uk")]})
    a, b = ids(g, "SZ 5", "submarine")
    move(g, [a], ["SZ 5", "SZ 6", "SZ 7"])
    assert where(g, a) == "SZ 7"
    g2 = game({"SZ 5": [ship("submarine", G)], "SZ 6": [ship("destroyer", "uk")],
               "SZ 7": [ship("carrier", "uk")]})
    s = uid(g2, "SZ 5", "submarine")
    refused_move(g2, [s], ["SZ 5", "SZ 6", "SZ 7"], "AA41-CM-14")
    move(g2, [s], ["SZ 5", "SZ 6"])
    assert unit(g2, s)["t_stop"] == "combat_move"


def test_AA41_CM_15_transport_stops_in_zone_with_enemy_warship() -> None:
    g = game({"SZ 5": [ship("transport", G), ship("battleship", G)],
              "SZ 6": [ship("carrier", "uk")]})
    refused_move(g, [uid(g, "SZ 5", "transport")], ["SZ 5", "SZ 6", "SZ 7"], "AA41-CM-15")
    move(g, [uid(g, "SZ 5", "transport"), uid(g, "SZ 5", "battleship")], ["SZ 5", "SZ 6"])


def test_AA41_CM_16_loading_in_combat_move_only_in_friendly_zones_and_for_an_assault() -> None:
    g = game({"Western Europe": [inf()], "SZ 7": [ship("transport", G)],
              "SZ 8": [ship("transport", G), ship("destroyer", "uk")]})
    refused_move(g, [uid(g, "Western Europe", "infantry")], ["Western Europe", "SZ 8"],
                 "AA41-CM-16", transport=uid(g, "SZ 8", "transport"))
    i = uid(g, "Western Europe", "infantry")
    move(g, [i], ["Western Europe", "SZ 7"], transport=uid(g, "SZ 7", "transport"))
    assert unit(g, i)["aboard"] == uid(g, "SZ 7", "transport")
    refused(g, {"type": "end_phase"}, "AA41-CM-16")
    g.submit(G, {"type": "declare_amphibious", "target": "United Kingdom", "sea_zone": "SZ 7",
                 "transports": [uid(g, "SZ 7", "transport")]})
    end_phase(g)
    assert g.state["phase"] == "combat"


def test_AA41_CM_17_transport_must_end_next_to_the_target() -> None:
    g = game({"SZ 5": [ship("transport", G), inf(aboard_entry=0)]})
    t = uid(g, "SZ 5", "transport")
    refused(g, {"type": "declare_amphibious", "target": "United Kingdom", "sea_zone": "SZ 6",
                "transports": [t]}, "AA41-CM-17")
    move(g, [t], ["SZ 5", "SZ 6"])
    g.submit(G, {"type": "declare_amphibious", "target": "United Kingdom", "sea_zone": "SZ 6",
                 "transports": [t]})
    assert g.state["declared"]["amphibious"][0]["target"] == "United Kingdom"


def test_AA41_CM_18_moving_loaded_transports_to_assault_zone_is_combat_movement() -> None:
    g = game({"SZ 5": [ship("transport", G), inf(aboard_entry=0)]})
    t = uid(g, "SZ 5", "transport")
    cargo = uid(g, "SZ 5", "infantry")
    move(g, [t], ["SZ 5", "SZ 6"])
    assert unit(g, t)["t_combat"] is True and where(g, cargo) == "SZ 6"
    g.submit(G, {"type": "declare_amphibious", "target": "United Kingdom", "sea_zone": "SZ 6",
                 "transports": [t]})
    end_phase(g)
    assert g.state["phase"] == "combat"


def test_AA41_CM_19_own_fighters_take_off_before_the_carrier_moves() -> None:
    g = game({"SZ 45": [ship("carrier", "japan"), ship("fighter", "japan", 2, aboard_entry=0)],
              "SZ 44": [ship("destroyer", "usa")]}, power="japan")
    cv = uid(g, "SZ 45", "carrier")
    f1, f2 = ids(g, "SZ 45", "fighter")
    move(g, [cv], ["SZ 45", "SZ 44"])
    assert where(g, f1) == "SZ 45" and "aboard" not in unit(g, f1)
    move(g, [f1], ["SZ 45", "SZ 44"], landing={str(f1): {"space": "SZ 44", "carrier": cv}})
    assert unit(g, f1)["t_moved"] == 1
    assert g.state["declared"]["landing"][str(f1)] == {"space": "SZ 44", "carrier": cv}


def test_AA41_CM_20_air_unit_may_end_where_only_enemy_transports_are() -> None:
    g = game({"Western Europe": [ship("fighter", G)], "SZ 7": [ship("transport", "uk")]})
    f = uid(g, "Western Europe", "fighter")
    move(g, [f], ["Western Europe", "SZ 7"], landing={str(f): "Western Europe"})
    assert where(g, f) == "SZ 7" and unit(g, f)["t_combat"]
    end_phase(g)


def test_AA41_CM_21_air_units_attack_only_enemy_units_or_a_land_attack() -> None:
    g = game({"Germany": [ship("fighter", G, 2)], "Eastern Europe": [inf()]})
    a, b = ids(g, "Germany", "fighter")
    refused_move(g, [a], ["Germany", "Southern Europe"], "AA41-CM-21",
                 landing={str(a): "Germany"})
    move(g, [a], ["Germany", "Eastern Europe", "Karelia"], landing={str(a): "Eastern Europe"})
    refused(g, {"type": "end_phase"}, "AA41-CM-21")
    move(g, [uid(g, "Eastern Europe", "infantry")], ["Eastern Europe", "Karelia"])
    end_phase(g)


def test_AA41_CM_22_sea_unit_ending_with_enemy_submarines_declares_an_attack() -> None:
    g = game({"SZ 14": [ship("destroyer", G)], "SZ 9": [ship("submarine", "uk")]},
             owners={"Gibraltar": G})
    dd = uid(g, "SZ 14", "destroyer")
    move(g, [dd], ["SZ 14", "SZ 9"])
    assert unit(g, dd)["t_combat"] is True
    end_phase(g)
    assert "SZ 9" in g.state["battles"]


def test_AA41_CM_23_air_combat_moves_keep_range_for_landing() -> None:
    g = game({"Germany": [ship("bomber", G)], "SZ 10": [ship("transport", "uk")]})
    b = uid(g, "Germany", "bomber")
    # Germany -> SZ 5 -> SZ 6 -> SZ 9 -> SZ 10 costs 4; 2 left, no friendly land within 2
    refused_move(g, [b], ["Germany", "SZ 5", "SZ 6", "SZ 9", "SZ 10"], "AA41-AIR-05",
                 landing={str(b): "Western Europe"})


def test_AA41_CM_07_lone_transport_does_not_end_where_only_enemy_submarines_are() -> None:
    g = game({"SZ 14": [ship("transport", G, 2), ship("destroyer", G)],
              "SZ 9": [ship("submarine", "uk")]}, owners={"Gibraltar": G})
    a, b = ids(g, "SZ 14", "transport")
    refused_move(g, [a], ["SZ 14", "SZ 9"], "AA41-CM-07")  # no battle for transports alone
    move(g, [a, uid(g, "SZ 14", "destroyer")], ["SZ 14", "SZ 9"])  # escorted: part of the attack
    move(g, [b], ["SZ 14", "SZ 9"])
