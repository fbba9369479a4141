"""Combat move rules of the Anniversary checklist through the ``anniversary`` ruleset."""

from __future__ import annotations

from tests.games.anniversary.facade import advance, events
from tests.games.anniversary.move_kit import (
    NCM,
    G,
    board,
    end_phase,
    ids,
    move,
    refused,
    refused_move,
    u,
    uid,
    unit,
    where,
)


def test_AAE_CM_04_no_movement_once_combat_has_begun() -> None:
    g = board({"Poland": [u("infantry")], "Baltic States": [u("infantry", "ussr")]},
              phase="combat")
    refused_move(g, [uid(g, "Poland", "infantry")], ["Poland", "Baltic States"], "AAE-CM-04")


def test_AAE_CM_08_attacking_lone_submarines_and_transports_is_optional() -> None:
    g = board({"SZ 6": [u("battleship"), u("transport", "uk")], "SZ 5": [u("destroyer")]})
    bb = uid(g, "SZ 6", "battleship")
    g.submit(G, {"type": "attack_in_place", "units": [bb]})
    assert unit(g, bb)["t_combat"] is True
    refused(g, {"type": "attack_in_place", "units": [uid(g, "SZ 5", "destroyer")]}, "AAE-CM-08")
    g2 = board({"SZ 6": [u("battleship"), u("transport", "uk")]})
    end_phase(g2)  # ignored: no battle
    assert not unit(g2, uid(g2, "SZ 6", "battleship")).get("t_combat")
    assert "SZ 6" not in g2.state.get("battles", {})


def test_AAE_CM_09_ships_sharing_a_zone_with_enemy_warships_stay_and_fight_or_leave() -> None:
    g = board({"SZ 6": [u("battleship"), u("transport"), u("destroyer", "uk")]})
    bb = uid(g, "SZ 6", "battleship")
    end_phase(g)
    assert events(g, "aa.attacked_in_place")[0]["units"] == sorted(
        [bb, uid(g, "SZ 6", "transport")])
    assert unit(g, bb)["t_combat"] is True
    g2 = board({"SZ 6": [u("battleship"), u("transport"), u("destroyer", "uk")],
                "Norway": [u("infantry")]})
    transport = uid(g2, "SZ 6", "transport")
    # no loading in the zone shared with the enemy warship
    refused_move(g2, [uid(g2, "Norway", "infantry")], ["Norway", "SZ 6"], "AAE-CM-19",
                 transport=transport)
    bb2 = uid(g2, "SZ 6", "battleship")
    move(g2, [bb2], ["SZ 6", "SZ 7", "SZ 8"])  # leaves without fighting
    assert where(g2, bb2) == "SZ 8"


def test_AAE_CM_10_sea_units_that_fought_do_not_move_in_noncombat() -> None:
    g = board({"SZ 5": [u("battleship"), u("cruiser")], "SZ 6": [u("destroyer", "uk")],
               "Germany": [u("infantry")]}, dice=[1, 1, 1, 1])
    bb, cruiser = uid(g, "SZ 5", "battleship"), uid(g, "SZ 5", "cruiser")
    move(g, [bb], ["SZ 5", "SZ 6"])
    end_phase(g)
    while g.state["phase"] != NCM:
        advance(g)
    assert where(g, bb) == "SZ 6" and ids(g, "SZ 6", "destroyer") == []
    # the family's refusal names the general noncombat rule (AAE-NCM-01), which covers ships too
    refused_move(g, [bb], ["SZ 6", "SZ 5"], "AAE-NCM-01")
    move(g, [cruiser], ["SZ 5", "SZ 6"])  # it stayed out of combat: free in noncombat move


def test_AAE_CM_15_own_fighters_take_off_guest_fighters_ride_with_the_carrier() -> None:
    g = board({"SZ 6": [u("carrier"), u("fighter", aboard_entry=0),
                        u("fighter", "italy", aboard_entry=0)],
               "SZ 7": [u("destroyer", "uk")]})
    cv = uid(g, "SZ 6", "carrier")
    own, guest = uid(g, "SZ 6", "fighter", G), uid(g, "SZ 6", "fighter", "italy")
    refused_move(g, [guest], ["SZ 6", "SZ 7"], "AAE-UNIT-CV-02")  # guest: cargo only
    move(g, [cv], ["SZ 6", "SZ 7"])
    assert where(g, guest) == "SZ 7" and unit(g, guest)["aboard"] == cv
    assert where(g, own) == "SZ 6" and "aboard" not in unit(g, own)  # stays until noncombat
    g2 = board({"Germany": [u("fighter")], "SZ 5": [u("carrier")]})
    # no landing on a carrier in combat move: a fighter's combat move ends where it attacks
    refused_move(g2, [uid(g2, "Germany", "fighter")], ["Germany", "SZ 5"], "AAE-CM-03")


def test_AAE_CM_18_a_transport_stops_at_enemy_surface_warships() -> None:
    g = board({"SZ 5": [u("transport"), u("battleship")], "SZ 6": [u("carrier", "uk")]})
    refused_move(g, [uid(g, "SZ 5", "transport")], ["SZ 5", "SZ 6", "SZ 7"], "AAE-CM-18")
    move(g, [uid(g, "SZ 5", "transport"), uid(g, "SZ 5", "battleship")], ["SZ 5", "SZ 6"])
    assert events(g, "aa.moved")


def test_AAE_CM_19_loading_in_combat_move_in_friendly_zones_for_an_assault() -> None:
    g = board({"France": [u("infantry")], "Northwestern Europe": [u("infantry")],
               "SZ 7": [u("transport")], "SZ 6": [u("transport"), u("destroyer", "uk")]})
    refused_move(g, [uid(g, "Northwestern Europe", "infantry")], ["Northwestern Europe", "SZ 6"],
                 "AAE-CM-19", transport=uid(g, "SZ 6", "transport"))
    inf, transport = uid(g, "France", "infantry"), uid(g, "SZ 7", "transport")
    move(g, [inf], ["France", "SZ 7"], transport=transport)
    assert unit(g, inf)["aboard"] == transport
    refused(g, {"type": "end_phase"}, "AAE-CM-19")  # loaded in combat move: must assault
    g.submit(G, {"type": "declare_amphibious", "target": "United Kingdom", "sea_zone": "SZ 7",
                 "transports": [transport]})
    end_phase(g)
    assert g.state["phase"] == "combat"


def test_AAE_AMPH_02_moving_transports_to_the_offloading_zone_is_a_combat_move() -> None:
    g = board({"SZ 5": [u("transport"), u("infantry", aboard_entry=0)]})
    transport, cargo = uid(g, "SZ 5", "transport"), uid(g, "SZ 5", "infantry")
    refused(g, {"type": "declare_amphibious", "target": "United Kingdom", "sea_zone": "SZ 6",
                "transports": [transport]}, "AAE-AMPH-02")  # not yet next to the target
    move(g, [transport], ["SZ 5", "SZ 6"])  # an empty zone: still combat movement
    assert unit(g, transport)["t_combat"] is True and where(g, cargo) == "SZ 6"
    g.submit(G, {"type": "declare_amphibious", "target": "United Kingdom", "sea_zone": "SZ 6",
                 "transports": [transport]})
    assert g.state["declared"]["amphibious"][0]["target"] == "United Kingdom"


def test_AAE_CM_23_amphibious_assaults_are_declared_in_combat_move() -> None:
    g = board({"SZ 5": [u("transport"), u("infantry", aboard_entry=0)]})
    transport = uid(g, "SZ 5", "transport")
    g.submit(G, {"type": "declare_amphibious", "target": "Karelia S.S.R.", "sea_zone": "SZ 5",
                 "transports": [transport]})
    assert g.state["declared"]["amphibious"][0]["units"] == [uid(g, "SZ 5", "infantry")]
    g2 = board({"SZ 5": [u("transport"), u("infantry", aboard_entry=0)]}, phase=NCM)
    refused(g2, {"type": "declare_amphibious", "target": "Karelia S.S.R.", "sea_zone": "SZ 5",
                 "transports": [uid(g2, "SZ 5", "transport")]}, "AAE-CM-23")


def test_AAE_UNIT_TT_07_allied_cargo_boards_rides_and_offloads_in_three_turns() -> None:
    g = board({"Germany": [u("infantry")], "SZ 5": [u("transport", "italy")]}, phase=NCM)
    transport, inf = uid(g, "SZ 5", "transport"), uid(g, "Germany", "infantry")
    move(g, [inf], ["Germany", "SZ 5"], transport=transport)  # boards on its own turn
    assert unit(g, inf)["aboard"] == transport
    refused_move(g, [inf], ["SZ 5", "Germany"], "AAE-UNIT-TT-07")  # not in the turn it boarded
    refused_move(g, [transport], ["SZ 5", "SZ 6"], "AAE-UNIT-TT-07")  # carried on Italy's turn
    g2 = board({"Germany": [u("infantry")], "SZ 5": [u("transport", "italy")]})
    refused_move(g2, [uid(g2, "Germany", "infantry")], ["Germany", "SZ 5"], "AAE-UNIT-TT-07",
                 transport=uid(g2, "SZ 5", "transport"))  # no boarding for an assault this turn
    g3 = board({"SZ 5": [u("transport", "italy"), u("infantry", aboard_entry=0)]}, power="italy",
               phase=NCM)
    refused_move(g3, [uid(g3, "SZ 5", "infantry")], ["SZ 5", "Germany"], "AAE-UNIT-TT-07")
    g4 = board({"SZ 5": [u("transport", "italy"), u("infantry", aboard_entry=0)]}, phase=NCM)
    cargo = uid(g4, "SZ 5", "infantry")
    move(g4, [cargo], ["SZ 5", "Germany"])  # a later turn of its own power
    assert where(g4, cargo) == "Germany"


def test_AAE_AMPH_12_assault_from_an_allied_transport_boarded_on_an_earlier_turn() -> None:
    g = board({"SZ 5": [u("transport", "italy"), u("infantry", aboard_entry=0)]})
    g.submit(G, {"type": "declare_amphibious", "target": "Karelia S.S.R.", "sea_zone": "SZ 5",
                 "transports": [uid(g, "SZ 5", "transport")]})
    assert g.state["declared"]["amphibious"][0]["units"] == [uid(g, "SZ 5", "infantry")]
    g2 = board({"SZ 5": [u("transport", "italy"),
                         u("infantry", aboard_entry=0, t_loaded="noncombat_move")]})
    refused(g2, {"type": "declare_amphibious", "target": "Karelia S.S.R.", "sea_zone": "SZ 5",
                 "transports": [uid(g2, "SZ 5", "transport")]}, "AAE-UNIT-TT-07")
    g3 = board({"SZ 5": [u("transport", "italy"), u("infantry", aboard_entry=0)]}, power="italy")
    refused(g3, {"type": "declare_amphibious", "target": "Karelia S.S.R.", "sea_zone": "SZ 5",
                 "transports": [uid(g3, "SZ 5", "transport")],
                 "units": [uid(g3, "SZ 5", "infantry")]}, "AAE-AMPH-12")  # not on Italy's turn


def test_AAE_UNIT_TT_06_bridging_without_leaving_the_zone() -> None:
    g = board({"Norway": [u("infantry")], "SZ 5": [u("transport")]}, phase=NCM)
    transport, inf = uid(g, "SZ 5", "transport"), uid(g, "Norway", "infantry")
    move(g, [inf], ["Norway", "SZ 5"], transport=transport)
    move(g, [inf], ["SZ 5", "Germany"])
    assert where(g, inf) == "Germany" and unit(g, transport).get("t_moved") is None
    # done for the turn: the refusal names the general rule for an offloaded transport
    refused_move(g, [transport], ["SZ 5", "SZ 6"], "AAE-AMPH-11")


def test_AAE_UNIT_LAND_01_land_units_ride_transports_and_never_fight_at_sea() -> None:
    g = board({"Germany": [u("aa_gun"), u("infantry")], "SZ 5": [u("transport")]}, phase=NCM)
    transport = uid(g, "SZ 5", "transport")
    move(g, [uid(g, "Germany", "aa_gun")], ["Germany", "SZ 5"], transport=transport)
    assert unit(g, uid(g, "SZ 5", "aa_gun"))["aboard"] == transport  # any land unit is cargo
    g2 = board({"SZ 5": [u("destroyer"), u("transport"), u("tank", aboard_entry=1)],
                "SZ 6": [u("destroyer", "uk")]}, dice=[6, 6])
    move(g2, [uid(g2, "SZ 5", "destroyer"), uid(g2, "SZ 5", "transport")], ["SZ 5", "SZ 6"])
    end_phase(g2)
    g2.submit(G, {"type": "battle", "place": "SZ 6"})
    fired = [d["unit"] for e in events(g2, "dice.rolled") for d in e["dice"]]
    assert fired == ["destroyer", "destroyer"]  # the tank aboard does not fight at sea
