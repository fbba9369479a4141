"""Rules defects found by the independent reviews of issue 10: each rule's legal and illegal variant."""

from __future__ import annotations

import pytest
from aa_move_kit import end_phase, game, move, refused_move, replays, uid, unit, where

from pbem.engine import IllegalOrder
from tests.games.aa.battle_helpers import att, combat, dice_events, events
from tests.games.aa.battle_helpers import unit as bunit

G, U, UK, US = "germany", "ussr", "uk", "usa"


def u(type_: str, owner: str = G, count: int = 1, **extra: object) -> dict:
    return {"type": type_, "owner": owner, "count": count, **extra}


# -- AA41-CM-12 / AA41-CAP-01: only a tank passing through takes a territory during movement ----------
def test_AA41_CM_12_tank_stopping_in_empty_territory_takes_it_in_combat_not_during_movement() -> None:
    g = game({"Eastern Europe": [u("tank", count=2)], "Archangel": [u("infantry", U)],
              "Germany": [u("fighter")], "SZ 5": [u("transport"), u("infantry", aboard_entry=0)]})
    passing, stopping = [uid(g, "Eastern Europe", "tank", n=n) for n in (0, 1)]
    move(g, [stopping], ["Eastern Europe", "Karelia"])
    assert g.state["owners"]["Karelia"] == U  # stopped there: still hostile during combat move
    assert unit(g, stopping)["t_stop"] == "combat_move"
    # so air units and an amphibious assault may still be sent there this turn (AA41-CAP-01b)
    fighter = uid(g, "Germany", "fighter")
    move(g, [fighter], ["Germany", "Eastern Europe", "Karelia"], landing={str(fighter): "Germany"})
    transport = uid(g, "SZ 5", "transport")
    g.submit(G, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                 "transports": [transport]})
    end_phase(g)
    assert g.state["phase"] == "combat" and g.state["owners"]["Karelia"] == U
    g.submit(G, {"type": "battle", "place": "Karelia"})
    assert g.state["owners"]["Karelia"] == G and g.state["battles"]["Karelia"]["winner"] == "attacker"
    assert dice_events(g) == []  # nobody to fire at (no defender)
    assert replays(g)
    # the tank passing through still takes it at once (AA41-CM-12, AA41-CAP-01c)
    g2 = game({"Eastern Europe": [u("tank")], "Archangel": [u("infantry", U)]})
    move(g2, [uid(g2, "Eastern Europe", "tank")], ["Eastern Europe", "Karelia", "Archangel"])
    assert g2.state["owners"]["Karelia"] == G


# -- a land unit routed into a sea zone without a transport: 422, not 400 ------------------------------
def test_AA41_UNIT_TRN_04_land_unit_into_sea_zone_without_transport_is_illegal_not_malformed() -> None:
    g = game({"Norway Finland": [u("infantry")], "SZ 5": [u("transport")]}, phase="noncombat_move")
    inf = uid(g, "Norway Finland", "infantry")
    err = refused_move(g, [inf], ["Norway Finland", "SZ 6"], "AA41-UNIT-TRN-04")
    assert err.status == 422 and "no" in err.message.lower()
    err = refused_move(g, [inf], ["Norway Finland", "SZ 5"], "AA41-UNIT-TRN-04")
    assert err.status == 422 and "transport" in err.message
    move(g, [inf], ["Norway Finland", "SZ 5"], transport=uid(g, "SZ 5", "transport"))
    assert where(g, inf) == "SZ 5" and unit(g, inf)["aboard"] == uid(g, "SZ 5", "transport")


def test_AA41_UNIT_TRN_04_sea_route_of_land_unit_refused_through_the_api_order_path() -> None:
    g = game({"Norway Finland": [u("infantry")]}, phase="noncombat_move")
    with pytest.raises(IllegalOrder) as err:
        g.submit(G, {"type": "move", "units": [uid(g, "Norway Finland", "infantry")],
                     "route": ["Norway Finland", "SZ 6"]})
    assert err.value.to_dict()["rule_id"] == "AA41-UNIT-TRN-04" and err.value.status == 422
    assert events(g, "aa.moved") == []


# -- a firing step with no enemy unit left to hit rolls no dice (AA41-CMB-05/09) -----------------------
def test_AA41_CMB_05_firing_step_with_no_enemy_left_to_hit_rolls_no_dice() -> None:
    # the submarine's surprise strike sinks the lone carrier: the battleship has nothing to fire at
    g = combat({"SZ 6": [att("submarine", came_from="SZ 5"), att("battleship", came_from="SZ 5"),
                         bunit("carrier", UK)]}, dice=[1])
    g.submit(G, {"type": "battle", "place": "SZ 6"})
    rolls = dice_events(g)
    assert [len(r["faces"]) for r in rolls] == [1] and rolls[0]["dice"][0]["unit"] == "submarine"
    assert g.state["battles"]["SZ 6"]["winner"] == "attacker"
    # with a second carrier left to hit, the battleship fires, then the surviving carrier
    g2 = combat({"SZ 6": [att("submarine", came_from="SZ 5"), att("battleship", came_from="SZ 5"),
                          bunit("carrier", UK, 2)]}, dice=[1, 6, 6])
    g2.submit(G, {"type": "battle", "place": "SZ 6"})
    assert [r["dice"][0]["unit"] for r in dice_events(g2)] == ["submarine", "battleship", "carrier"]


# -- fighters leaving a carrier in one order, planning to land back on it (AA41-AIR-05, AA41-UNIT-CV-01)
def test_AA41_AIR_05_fighters_leaving_a_carrier_together_counted_once_each_against_its_room() -> None:
    g = game({"SZ 5": [u("carrier"), u("fighter", count=2, aboard_entry=0)], "SZ 6": [u("destroyer", UK)],
              "Norway Finland": [u("fighter")]})
    carrier = uid(g, "SZ 5", "carrier")
    pair = [uid(g, "SZ 5", "fighter", n=n) for n in (0, 1)]
    back = {"space": "SZ 5", "carrier": carrier}
    move(g, pair, ["SZ 5", "SZ 6"], landing={str(f): back for f in pair})
    assert all(where(g, f) == "SZ 6" for f in pair)
    assert g.state["declared"]["landing"] == {str(f): back for f in pair}
    # the carrier is full with their two plans: a third fighter cannot plan to land on it
    third = uid(g, "Norway Finland", "fighter")
    err = refused_move(g, [third], ["Norway Finland", "SZ 5", "SZ 6"], "AA41-AIR-05",
                       landing={str(third): back})
    assert "no room" in err.message
    assert replays(g)


# -- AA41-MNF-06: cargo on an ally's transport unloads on its owner's next turn at the earliest --------
def test_AA41_MNF_06_land_units_on_an_allys_transport_unload_on_their_next_turn_not_the_one_they_boarded() -> None:
    g = game({"Germany": [u("infantry")], "SZ 5": [u("transport", "japan")]}, phase="noncombat_move")
    t = uid(g, "SZ 5", "transport")
    a = uid(g, "Germany", "infantry")
    move(g, [a], ["Germany", "SZ 5"], transport=t)  # boarding in noncombat move: legal
    assert unit(g, a)["aboard"] == t
    err = refused_move(g, [a], ["SZ 5", "Germany"], "AA41-MNF-06")  # never in the turn it boarded
    assert err.params["power"] == "japan"
    # in combat move it may not board at all: it could not unload in an assault this turn
    g2 = game({"Germany": [u("infantry")], "SZ 5": [u("transport", "japan")]})
    refused_move(g2, [uid(g2, "Germany", "infantry")], ["Germany", "SZ 5"], "AA41-MNF-06",
                 transport=uid(g2, "SZ 5", "transport"))
    # next turn (no turn-scoped flags), it unloads on its own power's turn: noncombat unload...
    g3 = game({"SZ 5": [u("transport", "japan"), u("infantry", aboard_entry=0)]}, phase="noncombat_move")
    inf = uid(g3, "SZ 5", "infantry")
    move(g3, [inf], ["SZ 5", "Germany"])
    assert where(g3, inf) == "Germany"
    # ...or an amphibious assault from the ally's transport
    g4 = game({"SZ 5": [u("transport", "japan"), u("infantry", aboard_entry=0)]})
    g4.submit(G, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                  "transports": [uid(g4, "SZ 5", "transport")]})
    assert g4.state["declared"]["amphibious"][0]["units"] == [uid(g4, "SZ 5", "infantry")]
    # while a unit flagged as boarded this turn is refused in the declaration too
    g5 = game({"SZ 5": [u("transport", "japan"), u("infantry", aboard_entry=0, t_loaded="noncombat_move")]})
    with pytest.raises(IllegalOrder) as refusal:
        g5.submit(G, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                      "transports": [uid(g5, "SZ 5", "transport")]})
    assert refusal.value.rule_id == "AA41-MNF-06"


# -- AA41-UNIT-TRN-02, AA41-CM-07: transports cannot attack on their own -------------------------------
def test_AA41_UNIT_TRN_02_transports_cannot_attack_alone() -> None:
    g = game({"SZ 6": [u("transport"), u("destroyer")], "SZ 5": [u("destroyer", UK)]})
    transport, destroyer = uid(g, "SZ 6", "transport"), uid(g, "SZ 6", "destroyer")
    err = refused_move(g, [transport], ["SZ 6", "SZ 5"], "AA41-UNIT-TRN-02")
    assert err.params == {"unit": "transport", "unit_id": transport, "space": "SZ 5"}
    move(g, [destroyer], ["SZ 6", "SZ 5"])  # with a unit that has an attack value: legal
    move(g, [transport], ["SZ 6", "SZ 5"])
    end_phase(g)
    assert sorted(g.state["battles"]["SZ 5"]["attackers"]) == sorted([transport, destroyer])


def test_AA41_CM_07_transports_left_alone_in_a_battle_block_the_end_of_combat_move() -> None:
    # escorted by a battleship already there when the transport came in; then the battleship leaves
    g = game({"SZ 6": [u("transport")], "SZ 5": [u("battleship"), u("destroyer", UK)]})
    transport, battleship = uid(g, "SZ 6", "transport"), uid(g, "SZ 5", "battleship")
    move(g, [transport], ["SZ 6", "SZ 5"])
    move(g, [battleship], ["SZ 5", "SZ 6"])  # leaving the hostile zone it started in (AA41-CM-07c)
    with pytest.raises(IllegalOrder) as err:
        end_phase(g)
    assert err.value.rule_id == "AA41-UNIT-TRN-02" and err.value.params == {"space": "SZ 5"}
    g.undo(G)
    end_phase(g)  # the battleship stays and fights with the transport
    assert set(g.state["battles"]["SZ 5"]["attackers"]) == {transport, battleship}


# -- AA41-MNF-03: fighters on an allied carrier take off and fight on their own power's turn ----------
def test_AA41_MNF_03_fighters_on_an_allied_carrier_fight_on_their_own_turn_in_that_sea_zone_too() -> None:
    g = game({"SZ 5": [u("carrier", UK), u("fighter", US, aboard_entry=0), u("fighter", UK, aboard_entry=0),
                       u("transport", G)],
              "SZ 6": [u("submarine", G), u("fighter", US, count=2)]}, power=US)
    carrier = uid(g, "SZ 5", "carrier")
    ours, guest = uid(g, "SZ 5", "fighter", US), uid(g, "SZ 5", "fighter", UK)
    refused_move(g, [guest], ["SZ 5", "SZ 6"], "AA41-MNF-07")  # the UK fighter flies on the UK's turn
    refused_move(g, [carrier], ["SZ 5", "SZ 6"], "AA41-MNF-03")  # the carrier moves on its owner's turn
    g.submit(US, {"type": "attack_in_place", "units": [ours]})  # it takes off and attacks where it is
    assert "aboard" not in unit(g, ours)
    end_phase(g)
    battle = g.state["battles"]["SZ 5"]
    assert battle["attackers"] == [ours] and battle["status"] == "over"  # AA41-CM-20: transport destroyed
    assert [u_["type"] for u_ in g.state["units"]["SZ 5"] if u_["owner"] == G] == []
    assert unit(g, guest)["aboard"] == carrier  # the guest stays cargo
    assert replays(g)
    # and from the allied carrier to a battle next door, planning to land back on it
    g2 = game({"SZ 5": [u("carrier", UK), u("fighter", US, aboard_entry=0)], "SZ 6": [u("submarine", G),
                                                                                     u("destroyer", US)]},
              power=US)
    fighter = uid(g2, "SZ 5", "fighter")
    move(g2, [fighter], ["SZ 5", "SZ 6"], landing={str(fighter): {"space": "SZ 5",
                                                                  "carrier": uid(g2, "SZ 5", "carrier")}})
    end_phase(g2)
    assert fighter in g2.state["battles"]["SZ 6"]["attackers"]


# -- AA41-CMB-01/32: every unit of the attacker in a battle space takes part ----------------------------
def test_AA41_CMB_01_every_attacking_unit_already_in_the_battle_space_takes_part() -> None:
    g = game({"SZ 6": [u("destroyer")], "SZ 5": [u("battleship"), u("transport"), u("submarine", UK)]})
    destroyer, battleship = uid(g, "SZ 6", "destroyer"), uid(g, "SZ 5", "battleship")
    transport = uid(g, "SZ 5", "transport")
    move(g, [destroyer], ["SZ 6", "SZ 5"])  # an attack on the submarine is made in SZ 5
    end_phase(g)
    assert sorted(g.state["battles"]["SZ 5"]["attackers"]) == sorted([destroyer, battleship, transport])
    assert unit(g, battleship)["t_combat"] is True  # it fought: no noncombat move (AA41-CMB-30)


def test_AA41_CMB_32_units_where_no_attack_is_made_are_in_no_battle() -> None:
    g = game({"SZ 5": [u("battleship"), u("submarine", UK)]})
    end_phase(g)
    assert g.state["battles"] == {} and not unit(g, uid(g, "SZ 5", "battleship")).get("t_combat")


# -- AA41-AMP-05/06, AA41-CMB-33: fight or ignore submarines/transports in the assault's zone ----------
def _assault(extra_sz5: list[dict], **decl: object):
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0), *extra_sz5]})
    g.submit(G, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                 "transports": [uid(g, "SZ 5", "transport")], **decl})
    end_phase(g)
    return g


def test_AA41_AMP_05_attacker_chooses_to_fight_or_ignore_submarines_in_the_assault_zone() -> None:
    ignored = _assault([u("battleship"), u("submarine", UK)])  # default: ignore them, whatever the escort
    assert sorted(ignored.state["battles"]) == ["Karelia"]
    fought = _assault([u("battleship"), u("submarine", UK)], sea_battle=True)
    assert sorted(fought.state["battles"]) == ["Karelia", "SZ 5"]
    assert uid(fought, "SZ 5", "battleship") in fought.state["battles"]["SZ 5"]["attackers"]
    # transports alone may not choose to fight (AA41-UNIT-TRN-02)
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0), u("transport", UK)]})
    with pytest.raises(IllegalOrder) as err:
        g.submit(G, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                     "transports": [uid(g, "SZ 5", "transport", G)], "sea_battle": True})
    assert err.value.rule_id == "AA41-UNIT-TRN-02"


def test_AA41_AMP_06_an_attacking_destroyer_present_moved_or_not_makes_the_sea_battle_mandatory() -> None:
    g = _assault([u("destroyer"), u("submarine", UK)], sea_battle=False)  # unmoved destroyer
    assert sorted(g.state["battles"]) == ["Karelia", "SZ 5"]
    with pytest.raises(IllegalOrder) as err:
        g.submit(G, {"type": "battle", "place": "Karelia"})
    assert err.value.rule_id == "AA41-AMP-03"  # the sea battle first


# -- AA41-CM-20, AA41-CMB-30: enemy transports alone are destroyed automatically ----------------------
def test_AA41_CM_20_enemy_transports_alone_destroyed_automatically_no_battle_left() -> None:
    g = game({"SZ 6": [u("destroyer")], "SZ 5": [u("transport", UK, 2), u("infantry", UK, aboard_entry=0)]})
    destroyer = uid(g, "SZ 6", "destroyer")
    move(g, [destroyer], ["SZ 6", "SZ 5"])
    end_phase(g)
    assert g.state["battles"]["SZ 5"]["status"] == "over" and dice_events(g) == []
    assert [x["type"] for x in g.state["units"]["SZ 5"]] == ["destroyer"]
    with pytest.raises(IllegalOrder) as err:
        g.submit(G, {"type": "battle", "place": "SZ 5"})
    assert err.value.rule_id == "AA41-CMB-18"
    end_phase(g)  # nothing left to conduct
    assert g.state["phase"] == "noncombat_move"
    refused_move(g, [destroyer], ["SZ 5", "SZ 6"], "AA41-NCM-01")  # it fought (AA41-CMB-30)


# -- AA41-AMP-10: an assault with nothing left to land ends ------------------------------------------
def _failed_assault(karelia: list[dict]):
    units = {"Karelia": karelia,
             "SZ 5": [bunit("destroyer", UK), att("destroyer", came_from="SZ 6"), att("transport", came_from="SZ 6"),
                      {"type": "tank", "owner": G, "aboard_entry": 2}]}
    first = 1 + sum(e.get("count", 1) for e in karelia)
    decl = {"amphibious": [{"target": "Karelia", "sea_zone": "SZ 5", "transports": [first + 2],
                            "units": [first + 3], "air": {}}]}
    g = combat(units, dice=[6, 6], declared=decl)
    g.submit(G, {"type": "battle", "place": "SZ 5"})
    g.submit(G, {"type": "retreat", "place": "SZ 5", "to": "SZ 6"})  # the landing fails
    return g


def test_AA41_AMP_10_assault_with_no_land_or_air_unit_left_to_land_ends() -> None:
    g = _failed_assault([bunit("infantry", U)])
    karelia = g.state["battles"]["Karelia"]
    assert karelia["status"] == "over" and karelia["winner"] == "defender"
    end_phase(g)  # no land battle pending without an attacker
    assert g.state["phase"] == "noncombat_move"
    # with a tank attacking from Norway Finland too, the land battle is still fought
    g2 = _failed_assault([bunit("infantry", U), att("tank", came_from="Norway Finland")])
    assert g2.state["battles"]["Karelia"]["status"] == "open"
