"""Air movement and landing rules of the Anniversary checklist through the ``anniversary``
ruleset."""

from __future__ import annotations

from pbem.engine import Game
from tests.games.anniversary.facade import events
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


def _lost(g: Game) -> list[int]:
    return [i for e in events(g, "aa.air_lost") for i in e["units"]]


def test_AAE_CM_13_a_fighter_spends_all_its_movement_to_meet_its_carrier() -> None:
    g = board({"Germany": [u("fighter")], "SZ 8": [u("destroyer", "uk")], "SZ 12": [u("carrier")]})
    f, cv = uid(g, "Germany", "fighter"), uid(g, "SZ 12", "carrier")
    route = ["Germany", "SZ 5", "SZ 6", "SZ 7", "SZ 8"]  # its whole movement of 4
    refused_move(g, [f], route, "AAE-CM-12", landing={str(f): "Germany"})
    move(g, [f], route, landing={str(f): {"space": "SZ 8", "carrier": cv}})
    assert where(g, f) == "SZ 8" and unit(g, f)["t_moved"] == 4
    assert g.state["declared"]["landing"][str(f)] == {"space": "SZ 8", "carrier": cv}


def test_AAE_NCM_05_a_fighter_waits_for_a_carrier_bought_this_turn() -> None:
    g = board({"Germany": [u("fighter", count=2)]}, phase=NCM, bought={"carrier": 1})
    a, _ = ids(g, "Germany", "fighter")
    refused_move(g, [a], ["Germany", "SZ 5"], "AAE-NCM-04")
    refused_move(g, [a], ["Germany", "SZ 5", "SZ 6"], "AAE-NCM-05", new_carrier=True)
    move(g, [a], ["Germany", "SZ 5"], new_carrier=True)
    assert unit(g, a)["t_waiting"] is True
    end_phase(g)
    assert where(g, a) == "SZ 5" and not _lost(g)
    g2 = board({"Germany": [u("fighter")]}, phase=NCM)  # nothing bought
    refused_move(g2, [uid(g2, "Germany", "fighter")], ["Germany", "SZ 5"], "AAE-NCM-05",
                 new_carrier=True)


def test_AAE_NCM_06_a_fighter_landing_ends_the_carriers_move() -> None:
    g = board({"SZ 6": [u("carrier")], "Northwestern Europe": [u("fighter", count=2)]},
              phase=NCM)
    cv = uid(g, "SZ 6", "carrier")
    a, _ = ids(g, "Northwestern Europe", "fighter")
    refused_move(g, [a], ["Northwestern Europe", "SZ 5"], "AAE-NCM-04")  # no carrier there yet
    move(g, [cv], ["SZ 6", "SZ 5"])
    move(g, [a], ["Northwestern Europe", "SZ 5"])
    assert unit(g, a)["aboard"] == cv and unit(g, cv)["t_landed"] is True
    refused_move(g, [cv], ["SZ 5", "SZ 6"], "AAE-NCM-06")


def test_AAE_NCM_07_a_carrier_must_move_to_its_stranded_fighter() -> None:
    g = board({"SZ 7": [u("fighter", t_moved=4, t_combat=True)], "SZ 6": [u("carrier")]},
              phase=NCM)
    f, cv = uid(g, "SZ 7", "fighter"), uid(g, "SZ 6", "carrier")
    err = refused(g, {"type": "end_phase"}, "AAE-NCM-07")
    assert "SZ 7" in str(err)
    move(g, [cv], ["SZ 6", "SZ 7"])
    end_phase(g)
    assert unit(g, f)["aboard"] == cv and not _lost(g)


def test_AAE_NCM_08_aircraft_out_of_reach_of_a_landing_are_lost() -> None:
    g = board({"East Poland": [u("fighter", t_moved=3, t_combat=True),
                               u("bomber", t_moved=6, t_combat=True)],
               "Poland": [u("infantry")]}, phase=NCM)
    f, b = uid(g, "East Poland", "fighter"), uid(g, "East Poland", "bomber")
    refused(g, {"type": "end_phase"}, "AAE-NCM-08")  # the fighter can still reach Poland
    move(g, [f], ["East Poland", "Poland"])
    end_phase(g)
    assert _lost(g) == [b] and where(g, b) is None and where(g, f) == "Poland"


def test_AAE_UNIT_AIR_01_aircraft_attack_at_sea_carrier_fighters_defend_there() -> None:
    g = board({"Germany": [u("bomber"), u("fighter")],
               "SZ 6": [u("carrier", "uk"), u("fighter", "uk", aboard_entry=0)]}, dice=[6] * 4)
    b, f = uid(g, "Germany", "bomber"), uid(g, "Germany", "fighter")
    move(g, [b, f], ["Germany", "SZ 5", "SZ 6"], landing={str(b): "Germany", str(f): "Germany"})
    end_phase(g)
    assert {b, f} <= set(g.state["battles"]["SZ 6"]["attackers"])
    g.submit(G, {"type": "battle", "place": "SZ 6"})
    fired = {e["context"]["side"]: [(d["unit"], d["target"]) for d in e["dice"]]
             for e in events(g, "dice.rolled")}
    assert fired == {"attacker": [("bomber", 4), ("fighter", 3)],
                     "defender": [("carrier", 2), ("fighter", 4)]}


def test_AAE_UNIT_AIR_02_counting_air_movement() -> None:
    g = board({"SZ 6": [u("carrier"), u("fighter", aboard_entry=0)], "Germany": [u("fighter")],
               "SZ 7": [u("destroyer", "uk")]})
    cv, on_deck = uid(g, "SZ 6", "carrier"), uid(g, "SZ 6", "fighter")
    move(g, [on_deck], ["SZ 6", "SZ 7"], landing={str(on_deck): {"space": "SZ 6", "carrier": cv}})
    assert unit(g, on_deck)["t_moved"] == 1  # the carrier's own zone is not counted
    coastal = uid(g, "Germany", "fighter")
    move(g, [coastal], ["Germany", "SZ 5", "SZ 6", "SZ 7"], landing={str(coastal): {"space": "SZ 6", "carrier": cv}})
    assert unit(g, coastal)["t_moved"] == 3  # the first sea zone entered counts one
    hawaii = board({"Hawaiian Islands": [u("fighter", "usa")]}, power="usa", phase=NCM)
    f = uid(hawaii, "Hawaiian Islands", "fighter")
    move(hawaii, [f], ["Hawaiian Islands", "SZ 53", "Hawaiian Islands"])
    assert unit(hawaii, f)["t_moved"] == 2  # to an island: its zone, then the island
