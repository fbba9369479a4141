"""Air movement and landing (AA41-AIR-01..05/07/08/09/12/13, AA41-UNIT-FTR-01, AA41-UNIT-BMB-01,
AA41-UNIT-CV-01/02, AA41-MNF-03/07)."""

from __future__ import annotations

import pytest
from aa_move_kit import RS, end_phase, game, ids, move, refused, refused_move, replays, uid, unit, where

from pbem.engine import InvalidOrder, ScriptedDice

G, J = "germany", "japan"
NCM = "noncombat_move"


def u(type_: str, owner: str = G, count: int = 1, **extra: object) -> dict:
    return {"type": type_, "owner": owner, "count": count, **extra}


def lost(g) -> list[int]:  # type: ignore[no-untyped-def]
    return [i for e in g.log() if e["type"] == "aa.air_lost" for i in e["payload"]["units"]]


def test_AA41_AIR_01_air_units_fly_over_hostile_spaces_never_neutral() -> None:
    g = game({"Eastern Europe": [u("fighter")], "Archangel": [u("infantry", "ussr")],
              "Germany": [u("fighter")]})
    f = uid(g, "Eastern Europe", "fighter")
    move(g, [f], ["Eastern Europe", "Karelia", "Archangel"], landing={str(f): "Eastern Europe"})
    assert where(g, f) == "Archangel" and unit(g, f)["t_moved"] == 2
    f2 = uid(g, "Germany", "fighter")
    refused_move(g, [f2], ["Germany", "Switzerland", "Southern Europe"], "AA41-AIR-01",
                 landing={str(f2): "Germany"})


def test_AA41_AIR_02_taking_off_and_landing_on_a_carrier_cost_nothing() -> None:
    g = game({"SZ 45": [u("carrier", J), u("fighter", J, aboard_entry=0)],
              "SZ 44": [u("destroyer", "usa")]}, power=J)
    cv, f = uid(g, "SZ 45", "carrier"), uid(g, "SZ 45", "fighter")
    move(g, [f], ["SZ 45", "SZ 44"], landing={str(f): {"space": "SZ 45", "carrier": cv}})
    assert unit(g, f)["t_moved"] == 1 and "aboard" not in unit(g, f)
    g3 = game({"SZ 45": [u("carrier", J), u("fighter", J, count=2, aboard_entry=0)],
               "SZ 44": [u("destroyer", "usa")]}, power=J)
    cv3 = uid(g3, "SZ 45", "carrier")
    for f3 in ids(g3, "SZ 45", "fighter"):  # both may plan to come back to their carrier
        move(g3, [f3], ["SZ 45", "SZ 44"], landing={str(f3): {"space": "SZ 45", "carrier": cv3}})
    assert ids(g3, "SZ 44", "fighter") == ids(g3, "SZ 44", "fighter", J)
    assert len(ids(g3, "SZ 44", "fighter")) == 2
    g2 = game({"SZ 44": [u("fighter", J, t_moved=1, t_combat=True)], "SZ 45": [u("carrier", J)]},
              power=J, phase=NCM)
    f2 = uid(g2, "SZ 44", "fighter")
    move(g2, [f2], ["SZ 44", "SZ 45"])
    assert unit(g2, f2)["t_moved"] == 2 and unit(g2, f2)["aboard"] == uid(g2, "SZ 45", "carrier")


def test_AA41_AIR_03_combat_and_noncombat_movement_share_the_movement_value() -> None:
    g = game({"Karelia": [u("fighter", t_moved=3, t_combat=True)]}, phase=NCM)
    f = uid(g, "Karelia", "fighter")
    refused_move(g, [f], ["Karelia", "Eastern Europe", "Germany"], "AA41-AIR-03")
    move(g, [f], ["Karelia", "Eastern Europe"])
    assert unit(g, f)["t_moved"] == 4


def test_AA41_AIR_04_safe_landing_friendly_since_turn_start_or_carrier() -> None:
    g = game({"Eastern Europe": [u("fighter", count=2)], "Karelia": [u("infantry")],
              "SZ 5": [u("carrier")]}, phase=NCM, owners={"Karelia": G},
             owners_at_turn_start={"Karelia": "ussr"}, captured_this_turn=["Karelia"])
    a, b = ids(g, "Eastern Europe", "fighter")
    refused_move(g, [a], ["Eastern Europe", "Karelia"], "AA41-AIR-04")
    refused_move(g, [a], ["Eastern Europe", "SZ 5", "SZ 6"], "AA41-AIR-04")
    move(g, [a], ["Eastern Europe", "Germany"])
    move(g, [b], ["Eastern Europe", "SZ 5"])
    assert unit(g, b)["aboard"] == uid(g, "SZ 5", "carrier")


def test_AA41_AIR_05_no_kamikaze_combat_moves_landing_plan_required() -> None:
    g = game({"Germany": [u("fighter", count=3)], "SZ 7": [u("battleship", "uk")],
              "SZ 6": [u("carrier", t_moved=0)]}, owners={"Western Europe": "uk"},
             owners_at_turn_start={"Western Europe": "uk"})
    a, b, c = ids(g, "Germany", "fighter")
    route = ["Germany", "SZ 5", "SZ 6", "SZ 7"]
    refused_move(g, [a], route, "AA41-AIR-05")  # no plan
    refused_move(g, [a], route, "AA41-AIR-05", landing={str(a): "Germany"})  # 3 + 3 > 4
    refused_move(g, [a], route, "AA41-AIR-05", landing={str(a): "Western Europe"})  # hostile
    cv = uid(g, "SZ 6", "carrier")
    move(g, [a], route, landing={str(a): {"space": "SZ 6", "carrier": cv}})
    move(g, [b], route, landing={str(b): {"space": "SZ 6"}})  # the carrier there now
    assert g.state["declared"]["landing"][str(b)] == {"space": "SZ 6", "carrier": cv}
    refused_move(g, [c], route, "AA41-AIR-05", landing={str(c): {"space": "SZ 6",
                                                                  "carrier": cv}})  # full


def test_AA41_ORDER_2_a_landing_plan_names_each_air_unit_once() -> None:
    g = game({"Germany": [u("fighter")], "SZ 5": [u("battleship", "uk")]})
    (f,) = ids(g, "Germany", "fighter")
    before = (g.fingerprint(), len(g.log()))
    with pytest.raises(InvalidOrder) as err:  # "7" and "07" name one fighter: which plan holds?
        move(g, [f], ["Germany", "SZ 5"], landing={str(f): "Germany", f"0{f}": "Eastern Europe"})
    assert err.value.rule_id == "AA41-ORDER-2" and (g.fingerprint(), len(g.log())) == before


def test_AA41_AIR_07_carrier_commitment_is_binding() -> None:
    g = game({"SZ 44": [u("fighter", J, t_moved=2, t_combat=True)], "SZ 45": [u("carrier", J)]},
             power=J, phase=NCM)
    f, cv = uid(g, "SZ 44", "fighter"), uid(g, "SZ 45", "carrier")
    g2 = game({"SZ 44": [u("fighter", J, t_moved=2, t_combat=True)], "SZ 45": [u("carrier", J)]},
              power=J, phase=NCM, declared={"landing": {str(f): {"space": "SZ 44", "carrier": cv}}})
    refused(g2, {"type": "end_phase"}, "AA41-AIR-07")
    move(g2, [cv], ["SZ 45", "SZ 44"])
    end_phase(g2)
    assert unit(g2, f)["aboard"] == cv and not lost(g2)
    # without a commitment the carrier is free (the fighter can still land in Japan)
    refused(g, {"type": "end_phase"}, "AA41-AIR-08")


def test_AA41_AIR_08_air_units_without_a_safe_space_are_lost_after_noncombat_move() -> None:
    g = game({"Karelia": [u("fighter", t_moved=3, t_combat=True),
                          u("bomber", t_moved=6, t_combat=True)],
              "Eastern Europe": [u("fighter")]}, phase=NCM)
    f, b = uid(g, "Karelia", "fighter"), uid(g, "Karelia", "bomber")
    refused(g, {"type": "end_phase"}, "AA41-AIR-08")  # the fighter can still reach E. Europe
    move(g, [f], ["Karelia", "Eastern Europe"])
    end_phase(g)
    assert lost(g) == [b] and where(g, b) is None and where(g, f) == "Eastern Europe"
    assert replays(g)


def test_AA41_AIR_09_fighter_waits_for_a_carrier_bought_this_turn() -> None:
    g = game({"Germany": [u("fighter", count=2)]}, phase=NCM, bought={"carrier": 1})
    a, b = ids(g, "Germany", "fighter")
    refused_move(g, [a], ["Germany", "SZ 5"], "AA41-AIR-04")
    refused_move(g, [a], ["Germany", "SZ 5", "SZ 6"], "AA41-AIR-09", new_carrier=True)
    move(g, [a], ["Germany", "SZ 5"], new_carrier=True)
    assert unit(g, a)["t_waiting"] is True
    end_phase(g)
    assert where(g, a) == "SZ 5" and not lost(g)
    g2 = game({"Germany": [u("fighter")]}, phase=NCM)
    refused_move(g2, [uid(g2, "Germany", "fighter")], ["Germany", "SZ 5"], "AA41-AIR-09",
                 new_carrier=True)
    g3 = game({"SZ 5": [u("fighter", t_waiting=True, t_moved=1)]}, phase="mobilize")
    waiting = uid(g3, "SZ 5", "fighter")
    end_phase(g3)  # no carrier was mobilized under it
    assert lost(g3) == [waiting] and where(g3, waiting) is None
    assert [e["payload"]["rule"] for e in g3.log() if e["type"] == "aa.air_lost"] == [
        "AA41-AIR-09"]


def test_AA41_AIR_12_carrier_moves_first_and_not_after_a_landing() -> None:
    g = game({"SZ 6": [u("carrier")], "Western Europe": [u("fighter", count=2)]}, phase=NCM)
    cv = uid(g, "SZ 6", "carrier")
    a, b = ids(g, "Western Europe", "fighter")
    refused_move(g, [a], ["Western Europe", "SZ 5"], "AA41-AIR-04")  # no carrier there yet
    move(g, [cv], ["SZ 6", "SZ 5"])
    move(g, [a], ["Western Europe", "SZ 5"])
    assert unit(g, a)["aboard"] == cv and unit(g, cv)["t_landed"] is True
    refused_move(g, [cv], ["SZ 5", "SZ 6"], "AA41-AIR-12")


def test_AA41_AIR_13_carrier_must_pick_up_stranded_own_fighters() -> None:
    g = game({"SZ 44": [u("fighter", J, t_moved=4, t_combat=True)], "SZ 45": [u("carrier", J)]},
             power=J, phase=NCM)
    f, cv = uid(g, "SZ 44", "fighter"), uid(g, "SZ 45", "carrier")
    err = refused(g, {"type": "end_phase"}, "AA41-AIR-13")
    assert "SZ 44" in err.message
    move(g, [cv], ["SZ 45", "SZ 44"])
    end_phase(g)
    assert unit(g, f)["aboard"] == cv
    assert [e for e in g.log() if e["type"] == "aa.air_landed"][0]["payload"] == {
        "landings": {str(f): cv}}


def test_AA41_UNIT_FTR_01_at_most_two_fighters_per_carrier() -> None:
    g = game({"SZ 5": [u("carrier"), u("fighter", count=2, aboard_entry=0)],
              "Germany": [u("fighter")]}, phase=NCM)
    refused_move(g, [uid(g, "Germany", "fighter")], ["Germany", "SZ 5"], "AA41-AIR-04")
    g2 = game({"SZ 5": [u("carrier"), u("fighter", count=1, aboard_entry=0)],
               "Germany": [u("fighter")]}, phase=NCM)
    move(g2, [uid(g2, "Germany", "fighter")], ["Germany", "SZ 5"])


def test_AA41_UNIT_BMB_01_bombers_never_land_at_sea() -> None:
    g = game({"Germany": [u("bomber")], "SZ 5": [u("carrier")]}, phase=NCM)
    refused_move(g, [uid(g, "Germany", "bomber")], ["Germany", "SZ 5"], "AA41-UNIT-BMB-01")
    g2 = game({"Germany": [u("bomber")], "SZ 5": [u("carrier")], "SZ 6": [u("destroyer", "uk")]})
    b = uid(g2, "Germany", "bomber")
    refused_move(g2, [b], ["Germany", "SZ 5", "SZ 6"], "AA41-UNIT-BMB-01",
                 landing={str(b): {"space": "SZ 5"}})


def test_AA41_UNIT_CV_01_carrier_holds_fighters_of_friendly_powers() -> None:
    g = game({"SZ 45": [u("carrier", J)], "Japan": [u("fighter", G)]}, power=G, phase=NCM)
    f = uid(g, "Japan", "fighter")
    move(g, [f], ["Japan", "SZ 45"])
    assert unit(g, f)["aboard"] == uid(g, "SZ 45", "carrier")


def test_AA41_UNIT_CV_02_own_fighters_fly_guest_fighters_ride() -> None:
    g = game({"SZ 45": [u("carrier", J), u("fighter", J, aboard_entry=0),
                        u("fighter", G, aboard_entry=0)], "SZ 44": [u("destroyer", "usa")]},
             power=J)
    cv = uid(g, "SZ 45", "carrier")
    own, guest = uid(g, "SZ 45", "fighter", J), uid(g, "SZ 45", "fighter", G)
    move(g, [cv], ["SZ 45", "SZ 44"])
    assert where(g, guest) == "SZ 44" and unit(g, guest)["aboard"] == cv
    assert "t_moved" not in unit(g, guest)
    assert where(g, own) == "SZ 45" and "aboard" not in unit(g, own)


def test_AA41_MNF_03_fighter_takes_off_from_friendly_carrier_which_stays() -> None:
    g = game({"SZ 45": [u("carrier", J), u("fighter", G, aboard_entry=0)],
              "SZ 44": [u("destroyer", "usa")]}, power=G)
    cv, f = uid(g, "SZ 45", "carrier"), uid(g, "SZ 45", "fighter")
    refused_move(g, [cv], ["SZ 45", "SZ 44"], "AA41-MNF-03")
    move(g, [f], ["SZ 45", "SZ 44"], landing={str(f): {"space": "SZ 45", "carrier": cv}})
    assert where(g, f) == "SZ 44" and "aboard" not in unit(g, f)


def test_AA41_MNF_07_guest_fighters_are_cargo_on_the_carrier_owners_turn() -> None:
    g = game({"SZ 45": [u("carrier", J), u("fighter", G, aboard_entry=0)],
              "SZ 44": [u("destroyer", "usa")]}, power=J)
    f = uid(g, "SZ 45", "fighter")
    refused_move(g, [f], ["SZ 45", "SZ 44"], "AA41-MNF-07")
    move(g, [uid(g, "SZ 45", "carrier")], ["SZ 45", "SZ 44"])
    assert where(g, f) == "SZ 44"


def test_AA41_AIR_03_whole_turn_attack_battle_then_land_with_what_is_left() -> None:
    position = {"round": 2, "power": G, "phase": "combat_move", "owners": {},
                "units": {"Eastern Europe": [u("tank", count=2), u("fighter")],
                          "Archangel": [u("infantry", "ussr")]}}
    g = RS.from_position(position, dice=ScriptedDice([1, 1, 1, 6, 6, 6]))
    tanks, f = ids(g, "Eastern Europe", "tank"), uid(g, "Eastern Europe", "fighter")
    move(g, tanks, ["Eastern Europe", "Karelia", "Archangel"])
    move(g, [f], ["Eastern Europe", "Karelia", "Archangel"], landing={str(f): "Eastern Europe"})
    end_phase(g)
    g.submit(G, {"type": "battle", "place": "Archangel"})
    end_phase(g)
    assert g.state["phase"] == NCM and g.state["owners"]["Archangel"] == G
    # Karelia was blitzed this turn: not a landing space (AA41-AIR-04); 2 points are left
    refused_move(g, [f], ["Archangel", "Karelia"], "AA41-AIR-04")
    refused_move(g, [f], ["Archangel", "Karelia", "Eastern Europe", "Germany"], "AA41-AIR-03")
    move(g, [f], ["Archangel", "Karelia", "Eastern Europe"])
    end_phase(g)
    assert where(g, f) == "Eastern Europe" and unit(g, f)["t_moved"] == 4 and not lost(g)
    assert replays(g)
