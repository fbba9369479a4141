"""Loading and unloading (AA41-UNIT-TRN-03..12, AA41-UNIT-INF-02, AA41-MNF-06, AA41-NCM-07)."""

from __future__ import annotations

from aa_move_kit import end_phase, game, ids, move, refused, refused_move, uid, unit, where

G = "germany"
NCM = "noncombat_move"


def u(type_: str, owner: str = G, count: int = 1, **extra: object) -> dict:
    return {"type": type_, "owner": owner, "count": count, **extra}


def test_AA41_UNIT_TRN_03_one_land_unit_plus_one_infantry() -> None:
    g = game({"Germany": [u("tank", count=2), u("infantry")], "SZ 5": [u("transport")]},
             phase=NCM)
    t = uid(g, "SZ 5", "transport")
    a, b = ids(g, "Germany", "tank")
    move(g, [a], ["Germany", "SZ 5"], transport=t)
    refused_move(g, [b], ["Germany", "SZ 5"], "AA41-UNIT-TRN-03", transport=t)
    move(g, [uid(g, "Germany", "infantry")], ["Germany", "SZ 5"], transport=t)
    assert sorted(x["type"] for x in g.state["units"]["SZ 5"] if x.get("aboard") == t) == [
        "infantry", "tank"]


def test_AA41_UNIT_INF_02_two_infantry_fill_a_transport() -> None:
    g = game({"Germany": [u("infantry", count=3)], "SZ 5": [u("transport")]}, phase=NCM)
    t = uid(g, "SZ 5", "transport")
    a, b, c = ids(g, "Germany", "infantry")
    move(g, [a, b], ["Germany", "SZ 5"], transport=t)
    refused_move(g, [c], ["Germany", "SZ 5"], "AA41-UNIT-TRN-03", transport=t)


def test_AA41_UNIT_TRN_04_loading_before_and_during_the_move_costs_the_transport_nothing() -> None:
    g = game({"Germany": [u("infantry")], "Western Europe": [u("infantry")],
              "SZ 5": [u("transport")]}, phase=NCM)
    t = uid(g, "SZ 5", "transport")
    move(g, [uid(g, "Germany", "infantry")], ["Germany", "SZ 5"], transport=t)
    move(g, [t], ["SZ 5", "SZ 6"])
    move(g, [uid(g, "Western Europe", "infantry")], ["Western Europe", "SZ 6"], transport=t)
    assert unit(g, t)["t_moved"] == 1
    move(g, [t], ["SZ 6", "SZ 7"])
    assert len([x for x in g.state["units"]["SZ 7"] if x.get("aboard") == t]) == 2
    refused(g, {"type": "move", "units": [uid(g, "SZ 7", "infantry")],
                "route": ["SZ 7", "Karelia"]}, "AA41-DEF-03")
    g2 = game({"Germany": [u("infantry")]}, phase=NCM)
    refused_move(g2, [uid(g2, "Germany", "infantry")], ["Germany", "SZ 5"],
                 "AA41-UNIT-TRN-04", transport=99)


def test_AA41_UNIT_TRN_05_loading_costs_one_and_ends_the_land_units_move() -> None:
    g = game({"Southern Europe": [u("tank")], "Eastern Europe": [u("infantry")],
              "SZ 5": [u("transport")]}, phase=NCM)
    t = uid(g, "SZ 5", "transport")
    tank = uid(g, "Southern Europe", "tank")
    move(g, [tank], ["Southern Europe", "Germany", "SZ 5"], transport=t)  # one territory, load
    assert unit(g, tank)["t_moved"] == 2 and unit(g, tank)["t_stop"] == NCM
    inf = uid(g, "Eastern Europe", "infantry")
    refused_move(g, [inf], ["Eastern Europe", "Germany", "SZ 5"], "AA41-NCM-02", transport=t)
    # unloading after the transport's move is allowed for a unit loaded this phase
    move(g, [t], ["SZ 5", "SZ 6"])
    move(g, [tank], ["SZ 6", "Western Europe"])
    assert where(g, tank) == "Western Europe" and unit(g, tank)["t_unloaded"] == NCM
    refused_move(g, [tank], ["Western Europe", "Germany"], "AA41-CM-02")


def test_AA41_UNIT_TRN_06_units_loaded_in_combat_move_cannot_just_stay_aboard() -> None:
    g = game({"Germany": [u("infantry")], "SZ 5": [u("transport")]})
    move(g, [uid(g, "Germany", "infantry")], ["Germany", "SZ 5"], transport=uid(g, "SZ 5",
                                                                                  "transport"))
    refused(g, {"type": "end_phase"}, "AA41-CM-16")
    g2 = game({"Germany": [u("infantry")], "SZ 5": [u("transport")]}, phase=NCM)
    move(g2, [uid(g2, "Germany", "infantry")], ["Germany", "SZ 5"],
         transport=uid(g2, "SZ 5", "transport"))
    end_phase(g2)  # loaded in noncombat move: stays aboard
    assert unit(g2, uid(g2, "SZ 5", "infantry"))["aboard"] == uid(g2, "SZ 5", "transport")


def test_AA41_UNIT_TRN_07_transport_that_unloaded_cannot_move_or_load() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0)],
              "Germany": [u("infantry")]}, phase=NCM)
    t = uid(g, "SZ 5", "transport")
    move(g, [uid(g, "SZ 5", "infantry")], ["SZ 5", "Western Europe"])
    assert unit(g, t)["t_unloaded"] == "Western Europe"
    refused_move(g, [t], ["SZ 5", "SZ 6"], "AA41-UNIT-TRN-07")
    refused_move(g, [uid(g, "Germany", "infantry")], ["Germany", "SZ 5"], "AA41-UNIT-TRN-07",
                 transport=t)


def test_AA41_UNIT_TRN_08_one_territory_per_turn() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", count=2, aboard_entry=0)]}, phase=NCM)
    a, b = ids(g, "SZ 5", "infantry")
    move(g, [a], ["SZ 5", "Western Europe"])
    refused_move(g, [b], ["SZ 5", "Germany"], "AA41-UNIT-TRN-08")
    move(g, [b], ["SZ 5", "Western Europe"])


def test_AA41_UNIT_TRN_09_retreated_transport_cannot_unload() -> None:
    g = game({"SZ 5": [u("transport", t_retreated=True), u("infantry", aboard_entry=0)]},
             phase=NCM)
    refused_move(g, [uid(g, "SZ 5", "infantry")], ["SZ 5", "Germany"], "AA41-UNIT-TRN-09")


def test_AA41_UNIT_TRN_10_no_transfer_between_transports() -> None:
    g = game({"SZ 5": [u("transport", count=2), u("infantry", aboard_entry=0)]}, phase=NCM)
    a, b = ids(g, "SZ 5", "transport")
    inf = uid(g, "SZ 5", "infantry")
    refused_move(g, [inf], ["SZ 5", "SZ 6"], "AA41-UNIT-TRN-10")
    assert unit(g, inf)["aboard"] == a and b != a


def test_AA41_UNIT_TRN_11_no_loading_or_unloading_in_hostile_zone() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0), u("destroyer", "uk")],
              "Germany": [u("infantry")]}, phase=NCM)
    t = uid(g, "SZ 5", "transport")
    refused_move(g, [uid(g, "Germany", "infantry")], ["Germany", "SZ 5"], "AA41-UNIT-TRN-11",
                 transport=t)
    refused_move(g, [uid(g, "SZ 5", "infantry")], ["SZ 5", "Germany"], "AA41-UNIT-TRN-11")
    # enemy submarines and transports do not make the zone hostile
    g2 = game({"SZ 5": [u("transport"), u("submarine", "uk"), u("transport", "uk")],
               "Germany": [u("infantry")]}, phase=NCM)
    move(g2, [uid(g2, "Germany", "infantry")], ["Germany", "SZ 5"],
         transport=uid(g2, "SZ 5", "transport", G))


def test_AA41_UNIT_TRN_12_bridge_load_from_one_territory_unload_into_another() -> None:
    g = game({"Norway Finland": [u("infantry")], "SZ 5": [u("transport")]}, phase=NCM)
    t = uid(g, "SZ 5", "transport")
    inf = uid(g, "Norway Finland", "infantry")
    move(g, [inf], ["Norway Finland", "SZ 5"], transport=t)
    move(g, [inf], ["SZ 5", "Germany"])
    assert where(g, inf) == "Germany" and unit(g, t).get("t_moved") is None


def test_AA41_MNF_06_friendly_transports_carry_but_each_power_unloads_its_own() -> None:
    g = game({"Germany": [u("infantry")], "SZ 5": [u("transport", "japan")]}, phase=NCM)
    t = uid(g, "SZ 5", "transport")
    inf = uid(g, "Germany", "infantry")
    move(g, [inf], ["Germany", "SZ 5"], transport=t)
    assert unit(g, inf)["aboard"] == t
    refused_move(g, [t], ["SZ 5", "SZ 6"], "AA41-MNF-06")
    g2 = game({"SZ 45": [u("transport", "japan"), u("infantry", G, aboard_entry=0)]},
              power="japan", phase=NCM)
    refused_move(g2, [uid(g2, "SZ 45", "infantry")], ["SZ 45", "Japan"], "AA41-MNF-06")


def test_AA41_NCM_07_transport_that_acted_in_combat_move_cannot_load_or_unload() -> None:
    g = game({"SZ 5": [u("transport", t_combat=True, t_moved=1), u("infantry", aboard_entry=0)],
              "SZ 6": [u("transport", t_loaded="combat_move", t_retreated=False),
                       u("infantry", aboard_entry=0, t_loaded="combat_move")],
              "Germany": [u("infantry")]}, phase=NCM)
    refused_move(g, [uid(g, "SZ 5", "infantry")], ["SZ 5", "Germany"], "AA41-NCM-07")
    refused_move(g, [uid(g, "Germany", "infantry")], ["Germany", "SZ 5"], "AA41-NCM-07",
                 transport=uid(g, "SZ 5", "transport"))
    refused_move(g, [uid(g, "SZ 6", "infantry")], ["SZ 6", "Western Europe"], "AA41-NCM-07")
