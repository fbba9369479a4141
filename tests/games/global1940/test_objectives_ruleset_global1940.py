"""National objectives paid at the owner's Collect Income, through the facade (G40-NO-*,
G40-INC-04): each is met in one position and missed in another."""

from __future__ import annotations

from typing import Any

from tests.games.global1940.facade import end, events, game_at, start_position


def paid(power: str, *, treasury: str | None = None, wars: tuple[tuple[str, str], ...] = (),
         owners: dict[str, str] | None = None, units: dict[str, list[dict[str, Any]]] | None = None,
         neutrals: dict[str, str] | None = None) -> dict[str, int]:
    """The objectives' bonuses of ``treasury`` at the end of ``power``'s turn."""
    position = start_position()
    position["wars"] = position["wars"] + [sorted(w) for w in wars]
    position["owners"].update(owners or {})
    for space, entries in (units or {}).items():
        position["units"][space] = position["units"].get(space, []) + entries
    position["neutrals"].update(neutrals or {})
    game = game_at(power, "mobilize", edit=position, dice=[6] * 80)
    end(game)
    income = next(p for p in events(game, "aa.g40_income_collected")
                  if p["treasury"] == (treasury or power))
    return {o["id"]: o["bonus"] for o in income["objectives"]}


def test_G40_NO_GER_02_five_per_soviet_city_once_at_war() -> None:
    owners = {"Novgorod": "germany", "Russia": "germany"}
    assert paid("germany", owners=owners)["G40-NO-GER-02"] == 0  # not at war with the USSR
    assert paid("germany", wars=(("germany", "ussr"),), owners=owners)["G40-NO-GER-02"] == 10


def test_G40_NO_GER_03_an_axis_caucasus() -> None:
    war = (("germany", "ussr"),)
    assert paid("germany", wars=war)["G40-NO-GER-03"] == 0
    assert paid("germany", wars=war, owners={"Caucasus": "italy"})["G40-NO-GER-03"] == 5


def test_G40_NO_GER_04_denmark_and_norway_while_sweden_is_not_allied() -> None:
    assert paid("germany")["G40-NO-GER-04"] == 5
    assert paid("germany", neutrals={"Sweden": "pro_allies"})["G40-NO-GER-04"] == 0


def test_G40_NO_GER_05_a_german_land_unit_in_egypt() -> None:
    assert paid("germany")["G40-NO-GER-05"] == 0
    egypt = {"Egypt": [{"type": "infantry", "owner": "germany", "count": 1}]}
    assert paid("germany", owners={"Egypt": "germany"}, units=egypt)["G40-NO-GER-05"] == 5


def test_G40_NO_GER_06_two_per_middle_eastern_territory() -> None:
    owners = {"Iraq": "germany", "Persia": "germany"}
    assert paid("germany", owners=owners)["G40-NO-GER-06"] == 4


def test_G40_NO_SOV_01_three_per_axis_territory_held_at_war() -> None:
    owners = {"Poland": "ussr", "Romania": "ussr"}
    assert paid("ussr", owners=owners)["G40-NO-SOV-01"] == 0
    assert paid("ussr", wars=(("germany", "ussr"),), owners=owners)["G40-NO-SOV-01"] == 6


def test_G40_NO_SOV_02_lend_lease_without_allied_troops_in_soviet_lands() -> None:
    war = (("germany", "ussr"),)
    assert paid("ussr", wars=war)["G40-NO-SOV-02"] == 5
    guests = {"Archangel": [{"type": "infantry", "owner": "uk", "count": 1}]}
    assert paid("ussr", wars=war, units=guests)["G40-NO-SOV-02"] == 0


def test_G40_NO_SOV_03_G40_INC_04_berlin_pays_once() -> None:
    position = start_position()
    position["owners"]["Germany"] = "ussr"
    position["wars"] = position["wars"] + [["germany", "ussr"]]
    position["units"]["Germany"] = [{"type": "infantry", "owner": "ussr", "count": 1}]
    game = game_at("ussr", "mobilize", edit=position, dice=[6] * 80)
    end(game)
    first = {o["id"]: o["bonus"] for o in events(game, "aa.g40_income_collected")[0]["objectives"]}
    assert first["G40-NO-SOV-03"] == 10
    assert game.state["objectives_paid"] == ["G40-NO-SOV-03"]
    position["objectives_paid"] = ["G40-NO-SOV-03"]
    again = game_at("ussr", "mobilize", edit=position, dice=[6] * 80)
    end(again)
    later = {o["id"]: o["bonus"] for o in events(again, "aa.g40_income_collected")[0]["objectives"]}
    assert later["G40-NO-SOV-03"] == 0


def test_G40_NO_JPN_02_G40_NO_JPN_04_islands_and_dutch_oil_all_axis() -> None:
    islands = {t: "japan" for t in ("Guam", "Midway", "Wake Island", "Gilbert Islands",
                                    "Solomon Islands")}
    oil = {t: "japan" for t in ("Sumatra", "Java", "Borneo", "Celebes")}
    start = paid("japan")
    assert start["G40-NO-JPN-02"] == 0 and start["G40-NO-JPN-04"] == 0
    won = paid("japan", owners={**islands, **oil})
    assert won["G40-NO-JPN-02"] == 5 and won["G40-NO-JPN-04"] == 5


def test_G40_NO_JPN_03_five_per_allied_city_taken() -> None:
    assert paid("japan", owners={"India": "japan", "Hawaiian Islands": "japan"})[
        "G40-NO-JPN-03"] == 10


def test_G40_NO_USA_01_G40_NO_USA_02_G40_NO_USA_03_G40_NO_USA_04_the_us_at_war_holds_its_lands() -> None:
    assert paid("usa")["G40-NO-USA-01"] == 0  # not at war (G40-NO-USA-*: at war only)
    at_war = paid("usa", wars=(("japan", "usa"),))
    assert (at_war["G40-NO-USA-01"], at_war["G40-NO-USA-02"], at_war["G40-NO-USA-03"],
            at_war["G40-NO-USA-04"]) == (10, 5, 5, 5)


def test_G40_NO_USA_05_a_us_land_unit_in_france() -> None:
    france = {"France": [{"type": "infantry", "owner": "usa", "count": 1}]}
    wars = (("germany", "usa"),)
    assert paid("usa", wars=wars)["G40-NO-USA-05"] == 0
    assert paid("usa", wars=wars, owners={"France": "usa"}, units=france)["G40-NO-USA-05"] == 5


def test_G40_NO_CHN_01_the_burma_road_allied() -> None:
    assert paid("china")["G40-NO-CHN-01"] == 6
    assert paid("china", owners={"Burma": "japan"})["G40-NO-CHN-01"] == 0


def test_G40_NO_UKP_01_malaya_and_kwangtung_at_war_with_japan() -> None:
    wars = (("japan", "uk"), ("anzac", "japan"))
    assert paid("uk", treasury="uk_pacific", owners={"Kwangtung": "uk"})["G40-NO-UKP-01"] == 0
    assert paid("uk", treasury="uk_pacific", wars=wars, owners={"Kwangtung": "uk"})[
        "G40-NO-UKP-01"] == 5


def test_G40_NO_ITA_01_G40_NO_ITA_03_G40_NO_ITA_04_the_mediterranean_axis() -> None:
    three = {"Egypt": "italy", "Greece": "italy", "Gibraltar": "germany"}
    africa = {t: "italy" for t in ("Morocco", "Algeria", "Tunisia", "Alexandria")}
    got = paid("italy", owners={**three, **africa, "Iraq": "italy"})
    assert (got["G40-NO-ITA-01"], got["G40-NO-ITA-03"], got["G40-NO-ITA-04"]) == (5, 5, 2)
    assert paid("italy", owners={"Egypt": "italy"})["G40-NO-ITA-01"] == 0


def test_G40_NO_ITA_02_mare_nostrum_without_allied_surface_warships() -> None:
    assert paid("italy")["G40-NO-ITA-02"] == 0  # British and French fleets at sea
    position = start_position()
    zones = [f"SZ {n}" for n in range(92, 100)]
    cleared = {z: [u for u in position["units"].get(z, []) if u["owner"] in ("italy", "germany")]
               for z in zones}
    game = game_at("italy", "mobilize", edit={"units": {**position["units"], **cleared}},
                   dice=[6] * 80)
    end(game)
    got = {o["id"]: o["bonus"] for o in events(game, "aa.g40_income_collected")[0]["objectives"]}
    assert got["G40-NO-ITA-02"] == 5


def test_G40_NO_ANZ_01_G40_NO_ANZ_02_the_south_pacific_at_war_with_japan() -> None:
    wars = (("japan", "uk"), ("anzac", "japan"))
    owners = {"Dutch New Guinea": "anzac"}
    assert paid("anzac", owners=owners)["G40-NO-ANZ-01"] == 0
    got = paid("anzac", wars=wars, owners=owners)
    assert got["G40-NO-ANZ-01"] == 5 and got["G40-NO-ANZ-02"] == 5
