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
