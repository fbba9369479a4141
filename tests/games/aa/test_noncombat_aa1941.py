"""Noncombat move and sea movement (AA41-NCM-01..09, AA41-MAP-07..11, AA41-UNIT-SEA-01,
AA41-UNIT-DD-02, AA41-UNIT-SUB-03/04)."""

from __future__ import annotations

from aa_move_kit import end_phase, game, ids, move, refused, refused_move, uid, unit, where

G, UK = "germany", "uk"
NCM = "noncombat_move"


def u(type_: str, owner: str = G, count: int = 1, **extra: object) -> dict:
    return {"type": type_, "owner": owner, "count": count, **extra}


def test_AA41_NCM_01_units_that_moved_in_combat_stay_air_units_land() -> None:
    g = game({"Karelia": [u("infantry", t_combat=True, t_moved=1, t_stop="combat_move"),
                          u("fighter", t_combat=True, t_moved=2)],
              "SZ 6": [u("battleship", t_combat=True)]}, phase=NCM)
    refused_move(g, [uid(g, "Karelia", "infantry")], ["Karelia", "Eastern Europe"], "AA41-NCM-01")
    refused_move(g, [uid(g, "SZ 6", "battleship")], ["SZ 6", "SZ 5"], "AA41-NCM-01")
    f = uid(g, "Karelia", "fighter")
    move(g, [f], ["Karelia", "Eastern Europe"])
    assert where(g, f) == "Eastern Europe"


def test_AA41_NCM_02_full_movement_for_units_that_did_not_move() -> None:
    g = game({"Eastern Europe": [u("tank")], "Western Europe": [u("fighter")]}, phase=NCM)
    t = uid(g, "Eastern Europe", "tank")
    move(g, [t], ["Eastern Europe", "Germany", "Western Europe"])
    assert unit(g, t)["t_moved"] == 2
    f = uid(g, "Western Europe", "fighter")
    move(g, [f], ["Western Europe", "Germany", "Eastern Europe", "Ukraine", "West Russia"])
    refused_move(g, [t], ["Western Europe", "Germany"], "AA41-NCM-02")


def test_AA41_NCM_03_stranded_fighters_move_before_anything_else() -> None:
    g = game({"Germany": [u("infantry")], "SZ 6": [u("fighter", UK, t_stranded=True)]},
             phase=NCM)
    refused_move(g, [uid(g, "Germany", "infantry")], ["Germany", "Western Europe"], "AA41-NCM-03")
    # the active power's own fighters whose carrier sank are not stranded: they just fly
    g2 = game({"Germany": [u("infantry")], "SZ 5": [u("fighter", t_stranded=True)]}, phase=NCM)
    move(g2, [uid(g2, "Germany", "infantry")], ["Germany", "Western Europe"])


def test_AA41_NCM_04_land_units_only_through_friendly_territory_captured_included() -> None:
    g = game({"Eastern Europe": [u("tank", count=2)], "Norway Finland": [u("infantry")]},
             phase=NCM, owners={"Karelia": G}, captured_this_turn=["Karelia"],
             owners_at_turn_start={"Karelia": "ussr"})
    a, b = ids(g, "Eastern Europe", "tank")
    move(g, [a], ["Eastern Europe", "Karelia"])
    refused_move(g, [b], ["Eastern Europe", "West Russia", "Russia"], "AA41-NCM-04")
    refused_move(g, [uid(g, "Norway Finland", "infantry")], ["Norway Finland", "Sweden"],
                 "AA41-NCM-04")
    g2 = game({"Eastern Europe": [u("tank")]}, phase=NCM)
    refused_move(g2, [uid(g2, "Eastern Europe", "tank")], ["Eastern Europe", "Karelia",
                                                           "Archangel"], "AA41-NCM-04")


def test_AA41_NCM_05_ships_only_through_friendly_zones_may_end_with_subs_or_transports() -> None:
    g = game({"SZ 5": [u("battleship", count=2)], "SZ 6": [u("destroyer", UK)],
              "SZ 3": [u("submarine", UK), u("transport", UK)]}, phase=NCM)
    a, b = ids(g, "SZ 5", "battleship")
    refused_move(g, [a], ["SZ 5", "SZ 6", "SZ 3"], "AA41-NCM-05")
    refused_move(g, [a], ["SZ 5", "SZ 6"], "AA41-NCM-05")
    g2 = game({"SZ 6": [u("battleship")], "SZ 3": [u("submarine", UK), u("transport", UK)]},
              phase=NCM)
    move(g2, [uid(g2, "SZ 6", "battleship")], ["SZ 6", "SZ 3"])
    end_phase(g2)
    assert not [e for e in g2.log() if e["type"] == "aa.attacked_in_place"]
    assert g2.state["phase"] == "mobilize"


def test_AA41_NCM_06_submarines_pass_hostile_zones_but_stop_at_destroyers() -> None:
    g = game({"SZ 5": [u("submarine", count=2)], "SZ 6": [u("battleship", UK)],
              "SZ 7": [u("destroyer", UK)]}, phase=NCM)
    a, b = ids(g, "SZ 5", "submarine")
    move(g, [a], ["SZ 5", "SZ 6", "SZ 8"])
    assert where(g, a) == "SZ 8"
    refused_move(g, [b], ["SZ 5", "SZ 6", "SZ 7", "SZ 8"], "AA41-NCM-02")
    g2 = game({"SZ 6": [u("submarine")], "SZ 7": [u("destroyer", UK)]}, phase=NCM)
    s = uid(g2, "SZ 6", "submarine")
    refused_move(g2, [s], ["SZ 6", "SZ 7", "SZ 8"], "AA41-NCM-06")
    move(g2, [s], ["SZ 6", "SZ 7"])
    end_phase(g2)
    assert g2.state["battles"] == {} and where(g2, s) == "SZ 7"


def test_AA41_UNIT_DD_02_enemy_submarine_ends_its_move_at_a_destroyer() -> None:
    g = game({"SZ 6": [u("submarine")], "SZ 7": [u("destroyer", UK)], "SZ 8": [u("battleship",
                                                                                UK)]})
    s = uid(g, "SZ 6", "submarine")
    refused_move(g, [s], ["SZ 6", "SZ 7", "SZ 8"], "AA41-CM-14")
    move(g, [s], ["SZ 6", "SZ 7"])
    assert unit(g, s)["t_stop"] == "combat_move"


def test_AA41_UNIT_SUB_03_submarines_treat_hostile_zones_as_friendly() -> None:
    g = game({"SZ 6": [u("submarine")], "SZ 8": [u("battleship", UK), u("carrier", UK)]},
             phase=NCM)
    s = uid(g, "SZ 6", "submarine")
    move(g, [s], ["SZ 6", "SZ 8", "SZ 9"])
    assert where(g, s) == "SZ 9"


def test_AA41_UNIT_SUB_04_zones_with_only_enemy_submarines_block_nothing() -> None:
    g = game({"SZ 5": [u("carrier")], "SZ 6": [u("submarine", UK, count=2)]}, phase=NCM)
    cv = uid(g, "SZ 5", "carrier")
    move(g, [cv], ["SZ 5", "SZ 6", "SZ 7"])
    assert where(g, cv) == "SZ 7"


def test_AA41_NCM_08_air_units_fly_over_hostile_spaces_and_end_safe() -> None:
    g = game({"Eastern Europe": [u("fighter", count=2)]}, phase=NCM)
    a, b = ids(g, "Eastern Europe", "fighter")
    move(g, [a], ["Eastern Europe", "Karelia", "West Russia"])  # over Soviet Karelia
    assert where(g, a) == "West Russia"
    refused_move(g, [b], ["Eastern Europe", "Karelia"], "AA41-AIR-04")


def test_AA41_NCM_09_carriers_move_in_noncombat_move_to_receive_fighters() -> None:
    g = game({"SZ 7": [u("carrier")], "Germany": [u("fighter")],
              "SZ 8": [u("carrier", t_combat=True, t_moved=1)]}, phase=NCM)
    cv = uid(g, "SZ 7", "carrier")
    move(g, [cv], ["SZ 7", "SZ 6", "SZ 5"])
    f = uid(g, "Germany", "fighter")
    move(g, [f], ["Germany", "SZ 5"])
    assert unit(g, f)["aboard"] == cv
    refused_move(g, [uid(g, "SZ 8", "carrier")], ["SZ 8", "SZ 7"], "AA41-NCM-01")


def test_AA41_UNIT_SEA_01_sea_units_move_two_zones_only_at_sea() -> None:
    g = game({"SZ 5": [u("battleship")], "SZ 8": [u("destroyer", UK)]}, phase=NCM)
    bb = uid(g, "SZ 5", "battleship")
    refused_move(g, [bb], ["SZ 5", "Germany"], "AA41-UNIT-SEA-01")
    refused_move(g, [bb], ["SZ 5", "SZ 6", "SZ 7", "SZ 8"], "AA41-NCM-02")
    g2 = game({"SZ 5": [u("battleship")], "SZ 8": [u("destroyer", UK)]})
    refused_move(g2, [uid(g2, "SZ 5", "battleship")], ["SZ 5", "SZ 6", "SZ 8", "SZ 9"],
                 "AA41-CM-02")


def test_AA41_MAP_07_black_sea_closed_to_ships_open_to_aircraft() -> None:
    g = game({"SZ 17": [u("destroyer")], "Southern Europe": [u("fighter")]}, phase=NCM)
    refused_move(g, [uid(g, "SZ 17", "destroyer")], ["SZ 17", "SZ 18"], "AA41-MAP-07")
    f = uid(g, "Southern Europe", "fighter")
    move(g, [f], ["Southern Europe", "SZ 17", "SZ 18", "Ukraine"])
    assert where(g, f) == "Ukraine"


def test_AA41_MAP_08_panama_canal_needs_central_america() -> None:
    g = game({"SZ 12": [u("destroyer", "usa", count=2)]}, power="usa", phase=NCM)
    a, b = ids(g, "SZ 12", "destroyer")
    move(g, [a], ["SZ 12", "SZ 19"])
    g2 = game({"SZ 12": [u("destroyer", "usa")]}, power="usa", phase=NCM,
              owners={"Central America": "japan"})
    refused_move(g2, [uid(g2, "SZ 12", "destroyer")], ["SZ 12", "SZ 19"], "AA41-MAP-08")


def test_AA41_MAP_09_suez_canal_needs_both_territories() -> None:
    g = game({"SZ 17": [u("destroyer")]}, phase=NCM)
    refused_move(g, [uid(g, "SZ 17", "destroyer")], ["SZ 17", "SZ 28"], "AA41-MAP-09")
    g2 = game({"SZ 17": [u("destroyer")]}, phase=NCM, owners={"Anglo-Egypt Sudan": G})
    refused_move(g2, [uid(g2, "SZ 17", "destroyer")], ["SZ 17", "SZ 28"], "AA41-MAP-09")
    g3 = game({"SZ 17": [u("destroyer")]}, phase=NCM,
              owners={"Anglo-Egypt Sudan": G, "Middle East": "japan"})
    move(g3, [uid(g3, "SZ 17", "destroyer")], ["SZ 17", "SZ 28"])


def test_AA41_MAP_10_canal_territory_captured_this_turn_does_not_open_it() -> None:
    g = game({"SZ 17": [u("destroyer")]}, phase=NCM,
             owners={"Anglo-Egypt Sudan": G, "Middle East": G},
             owners_at_turn_start={"Anglo-Egypt Sudan": G, "Middle East": UK},
             captured_this_turn=["Middle East"])
    refused_move(g, [uid(g, "SZ 17", "destroyer")], ["SZ 17", "SZ 28"], "AA41-MAP-10")


def test_AA41_MAP_11_canals_never_restrict_land_or_air_units() -> None:
    g = game({"Anglo-Egypt Sudan": [u("infantry", UK)], "Middle East": [u("fighter", UK)],
              "SZ 17": [u("destroyer", UK)]}, power=UK, phase=NCM,
             owners={"Central America": "japan"})
    move(g, [uid(g, "Anglo-Egypt Sudan", "infantry")], ["Anglo-Egypt Sudan", "Middle East"])
    g2 = game({"Middle East": [u("fighter", UK)], "SZ 17": [u("destroyer", UK)]}, power=UK,
              phase=NCM, owners={"Anglo-Egypt Sudan": G})
    refused_move(g2, [uid(g2, "SZ 17", "destroyer")], ["SZ 17", "SZ 28"], "AA41-MAP-09")
    f = uid(g2, "Middle East", "fighter")
    move(g2, [f], ["Middle East", "SZ 17", "SZ 28", "Middle East"])
    assert unit(g2, f)["t_moved"] == 3
    refused(g2, {"type": "move", "units": [f], "route": ["Middle East", "Turkey"]}, "AA41-AIR-01")
