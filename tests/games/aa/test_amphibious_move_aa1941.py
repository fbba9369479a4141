"""Amphibious assault declarations (AA41-AMP-01/02/09/12/13/14, AA41-MNF-04)."""

from __future__ import annotations

import pytest
from aa_move_kit import end_phase, game, ids, move, refused, uid, unit, where

from pbem.engine import InvalidOrder

G = "germany"


def u(type_: str, owner: str = G, count: int = 1, **extra: object) -> dict:
    return {"type": type_, "owner": owner, "count": count, **extra}


def declare(g, **fields) -> None:  # type: ignore[no-untyped-def]
    g.submit(g.state["power"], {"type": "declare_amphibious", **fields})


def test_AA41_AMP_01_assault_on_coastal_territory_from_adjacent_zone() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0)]})
    t = uid(g, "SZ 5", "transport")
    refused(g, {"type": "declare_amphibious", "target": "United Kingdom", "sea_zone": "SZ 5",
                "transports": [t]}, "AA41-AMP-01")  # SZ 5 does not border the UK
    refused(g, {"type": "declare_amphibious", "target": "Russia", "sea_zone": "SZ 5",
                "transports": [t]}, "AA41-AMP-01")  # landlocked
    declare(g, target="Karelia", sea_zone="SZ 5", transports=[t])
    assert g.state["declared"]["amphibious"] == [
        {"target": "Karelia", "sea_zone": "SZ 5", "transports": [t],
         "units": [uid(g, "SZ 5", "infantry")], "air": {}}]


def test_AA41_AMP_02_declared_in_combat_move_with_air_assignments() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0), u("battleship"),
                       u("destroyer", "ussr")],
              "Germany": [u("fighter", count=2)]})
    t = uid(g, "SZ 5", "transport")
    f1, f2 = ids(g, "Germany", "fighter")
    move(g, [f1], ["Germany", "SZ 5"], landing={str(f1): "Germany"})
    move(g, [f2], ["Germany", "Eastern Europe", "Karelia"], landing={str(f2): "Eastern Europe"})
    # a sea battle may occur in SZ 5 (Soviet destroyer): every attacking air unit is assigned
    refused(g, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                "transports": [t], "air": {str(f1): "sea"}}, "AA41-AMP-02")
    refused(g, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                "transports": [t], "air": {str(f1): "land", str(f2): "land"}}, "AA41-AMP-02")
    declare(g, target="Karelia", sea_zone="SZ 5", transports=[t],
            air={str(f1): "sea", str(f2): "land"})
    assert g.state["declared"]["amphibious"][0]["air"] == {str(f1): "sea", str(f2): "land"}
    end_phase(g)
    g2 = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0)]},
              phase="noncombat_move")
    refused(g2, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                 "transports": [uid(g2, "SZ 5", "transport")]}, "AA41-AMP-02")


def test_AA41_ORDER_2_an_assault_assigns_each_air_unit_once() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0), u("destroyer", "ussr")],
              "Germany": [u("fighter")]})
    t, (f,) = uid(g, "SZ 5", "transport"), ids(g, "Germany", "fighter")
    move(g, [f], ["Germany", "SZ 5"], landing={str(f): "Germany"})
    with pytest.raises(InvalidOrder) as err:  # "7" and "07": the sea battle and the landing at once
        declare(g, target="Karelia", sea_zone="SZ 5", transports=[t], air={str(f): "sea", f"0{f}": "land"})
    assert err.value.rule_id == "AA41-ORDER-2" and "amphibious" not in g.state["declared"]


def test_AA41_AMP_09_each_transport_unloads_into_one_territory() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", count=2, aboard_entry=0)]},
             owners={"Western Europe": "uk"})
    t = uid(g, "SZ 5", "transport")
    a, b = ids(g, "SZ 5", "infantry")
    declare(g, target="Karelia", sea_zone="SZ 5", transports=[t], units=[a])
    refused(g, {"type": "declare_amphibious", "target": "Western Europe", "sea_zone": "SZ 5",
                "transports": [t], "units": [b]}, "AA41-AMP-09")
    # re-declaring the same assault replaces it
    declare(g, target="Karelia", sea_zone="SZ 5", transports=[t], units=[a, b])
    assert len(g.state["declared"]["amphibious"]) == 1
    assert g.state["declared"]["amphibious"][0]["units"] == [a, b]


def test_AA41_AMP_12_loaded_units_must_unload_and_other_powers_units_cannot() -> None:
    g = game({"Norway Finland": [u("infantry")],
              "SZ 5": [u("transport"), u("infantry", aboard_entry=0)],
              "SZ 6": [u("transport"), u("infantry", "japan", aboard_entry=0)]},
             owners={"Western Europe": "uk"})
    t = uid(g, "SZ 5", "transport")
    old = uid(g, "SZ 5", "infantry")
    new = uid(g, "Norway Finland", "infantry")
    move(g, [new], ["Norway Finland", "SZ 5"], transport=t)
    refused(g, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                "transports": [t], "units": [old]}, "AA41-AMP-12")
    declare(g, target="Karelia", sea_zone="SZ 5", transports=[t], units=[new])  # old stays
    t2 = uid(g, "SZ 6", "transport")
    refused(g, {"type": "declare_amphibious", "target": "Western Europe", "sea_zone": "SZ 6",
                "transports": [t2], "units": [uid(g, "SZ 6", "infantry")]}, "AA41-AMP-12")


def test_AA41_AMP_13_unloading_into_hostile_territory_only_by_assault() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0)]})
    i = uid(g, "SZ 5", "infantry")
    refused(g, {"type": "move", "units": [i], "route": ["SZ 5", "Karelia"]}, "AA41-AMP-13")
    refused(g, {"type": "declare_amphibious", "target": "Germany", "sea_zone": "SZ 5",
                "transports": [uid(g, "SZ 5", "transport")]}, "AA41-AMP-13")
    g2 = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0)]},
              phase="noncombat_move")
    i2 = uid(g2, "SZ 5", "infantry")
    refused(g2, {"type": "move", "units": [i2], "route": ["SZ 5", "Karelia"]}, "AA41-AMP-13")
    move(g2, [i2], ["SZ 5", "Germany"])
    assert where(g2, i2) == "Germany" and "aboard" not in unit(g2, i2)


def test_AA41_AMP_14_unescorted_transport_needs_friendly_zone_without_submarines() -> None:
    g = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0), u("submarine", "ussr")]})
    t = uid(g, "SZ 5", "transport")
    refused(g, {"type": "declare_amphibious", "target": "Karelia", "sea_zone": "SZ 5",
                "transports": [t]}, "AA41-AMP-14")
    g2 = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0), u("submarine", "ussr"),
                        u("battleship")]})
    declare(g2, target="Karelia", sea_zone="SZ 5", transports=[uid(g2, "SZ 5", "transport")])
    g3 = game({"SZ 5": [u("transport"), u("infantry", aboard_entry=0), u("submarine", "ussr"),
                        u("battleship")], "SZ 6": [u("destroyer", "uk")]})
    declare(g3, target="Karelia", sea_zone="SZ 5", transports=[uid(g3, "SZ 5", "transport")])
    move(g3, [uid(g3, "SZ 5", "battleship")], ["SZ 5", "SZ 6"])
    refused(g3, {"type": "end_phase"}, "AA41-AMP-14")


def test_AA41_MNF_04_land_unit_attacks_from_a_friendly_powers_transport() -> None:
    g = game({"SZ 45": [u("transport", "germany"), u("infantry", "japan", aboard_entry=0)]},
             power="japan")
    t = uid(g, "SZ 45", "transport")
    declare(g, target="Siberia", sea_zone="SZ 45", transports=[t])
    assert g.state["declared"]["amphibious"][0]["units"] == [uid(g, "SZ 45", "infantry")]
