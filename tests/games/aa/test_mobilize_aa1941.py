"""Mobilize new units (AA41-MOB, AA41-DEF-09)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pbem.engine import IllegalOrder, InvalidOrder, load_ruleset
from pbem.games.aa.data import RULES_DIR
from pbem.games.aa.editions.aa1941 import EDITION
from pbem.games.aa.ruleset import AARuleset

RS = load_ruleset("aa1941")


def game(bought: dict[str, int], power: str = "germany", units: dict[str, Any] | None = None,
         rs: AARuleset = RS, **extra: Any):
    position = {"round": 1, "power": power, "phase": "mobilize", "units": units or {},
                "bought": bought, **extra}
    return rs.from_position(position, seed="mobilize")


def place(g, units: dict[str, int], at: str, **extra: Any) -> list[dict[str, Any]]:
    return g.submit(g.state["power"], {"type": "place", "units": units, "at": at, **extra})


def placed(g, space: str) -> list[str]:
    return [u["type"] for u in g.state["units"][space] if "t_placed" in u]


def illegal(g, units: dict[str, int], at: str, **extra: Any) -> str:
    with pytest.raises(IllegalOrder) as exc:
        place(g, units, at, **extra)
    return exc.value.rule_id


def test_AA41_MOB_01_place_units_from_the_pool() -> None:
    g = game({"infantry": 2, "tank": 1})
    place(g, {"infantry": 2}, "Germany")
    assert placed(g, "Germany") == ["infantry", "infantry"]
    assert g.state["bought"] == {"tank": 1}
    assert illegal(g, {"tank": 2}, "Germany") == "AA41-MOB-01"
    new = g.state["units"]["Germany"]
    assert [u["owner"] for u in new] == ["germany", "germany"] and new[0]["id"] != new[1]["id"]
    with pytest.raises(InvalidOrder):
        place(g, {"tank": 1}, "Atlantis")


def test_AA41_MOB_01_only_in_mobilize_phase() -> None:
    g2 = RS.from_position({"round": 1, "power": "germany", "phase": "noncombat_move",
                           "units": {}, "bought": {"infantry": 1}})
    assert illegal(g2, {"infantry": 1}, "Germany") == "AA41-MOB-01"


def test_AA41_MOB_02_complex_captured_this_turn_is_not_usable() -> None:
    g = game({"infantry": 1}, owners={"Caucasus": "germany"},
             owners_at_turn_start={**RS.data.setup()["owners"], "Caucasus": "ussr"},
             captured_this_turn=["Caucasus"])
    assert illegal(g, {"infantry": 1}, "Caucasus") == "AA41-MOB-04"
    place(g, {"infantry": 1}, "Germany")


def test_AA41_MOB_02_friendly_complex_is_not_usable() -> None:
    g = game({"infantry": 1}, power="uk")
    assert illegal(g, {"infantry": 1}, "Eastern United States") == "AA41-MOB-04"
    assert illegal(g, {"infantry": 1}, "Russia") == "AA41-MOB-04"


def test_AA41_DEF_09_captured_this_turn_resets_at_turn_start() -> None:
    g = game({}, owners={"Caucasus": "germany"}, captured_this_turn=["Caucasus"])
    g.submit("germany", {"type": "end_phase"})
    assert g.state["power"] == "uk" and g.state["captured_this_turn"] == []
    assert g.state["owners_at_turn_start"]["Caucasus"] == "germany"


def test_AA41_MOB_03_capacity_counts_territory_and_sea_zones() -> None:
    g = game({"infantry": 3, "battleship": 1, "submarine": 1}, ipcs={"germany": 0})
    place(g, {"infantry": 3}, "Germany")
    assert illegal(g, {"battleship": 1, "submarine": 1}, "SZ 5") == "AA41-MOB-03"
    place(g, {"battleship": 1}, "SZ 5")
    assert illegal(g, {"submarine": 1}, "SZ 5") == "AA41-MOB-03"
    g.submit("germany", {"type": "end_phase"})  # the submarine is refunded
    assert g.state["ipcs"]["germany"] == 6 + 12


def test_AA41_MOB_04_land_units_and_bombers_only_at_a_complex() -> None:
    g = game({"infantry": 1, "bomber": 1, "tank": 1})
    assert illegal(g, {"infantry": 1}, "SZ 5") == "AA41-MOB-04"
    assert illegal(g, {"bomber": 1}, "SZ 5") == "AA41-MOB-04"
    assert illegal(g, {"tank": 1}, "Western Europe") == "AA41-MOB-04"  # no complex there
    units = {"SZ 5": [{"type": "transport", "owner": "germany"}]}
    g = game({"infantry": 1}, units=units)
    assert illegal(g, {"infantry": 1}, "SZ 5") == "AA41-MOB-04"  # never aboard a transport
    place(g, {"infantry": 1}, "Germany")


def test_AA41_MOB_05_sea_units_next_to_a_complex_even_if_hostile() -> None:
    enemy = {"SZ 5": [{"type": "battleship", "owner": "uk"}, {"type": "destroyer",
                                                              "owner": "ussr"}]}
    g = game({"destroyer": 1, "transport": 1}, units=enemy)
    assert illegal(g, {"destroyer": 1}, "Germany") == "AA41-MOB-05"
    assert illegal(g, {"destroyer": 1}, "SZ 6") == "AA41-MOB-05"  # not next to Germany
    place(g, {"destroyer": 1, "transport": 1}, "SZ 5")
    assert sorted(placed(g, "SZ 5")) == ["destroyer", "transport"]
    assert not g.state["battles"]  # no battle results


def test_AA41_MOB_06_fighters_on_new_or_existing_carriers() -> None:
    g = game({"carrier": 1, "fighter": 3}, power="japan")
    place(g, {"carrier": 1, "fighter": 2}, "SZ 45")
    sz = g.state["units"]["SZ 45"]
    carrier = next(u for u in sz if u["type"] == "carrier")
    assert [u.get("aboard") for u in sz if u["type"] == "fighter"] == [carrier["id"]] * 2
    place(g, {"fighter": 1}, "Japan")  # or in the complex's territory
    # an existing carrier with one free place takes one new fighter, not two
    units = {"SZ 45": [{"type": "carrier", "owner": "japan"},
                       {"type": "fighter", "owner": "japan", "aboard_entry": 0}]}
    g = game({"fighter": 2}, power="japan", units=units)
    assert illegal(g, {"fighter": 2}, "SZ 45") == "AA41-MOB-06"
    place(g, {"fighter": 1}, "SZ 45")
    assert illegal(g, {"fighter": 1}, "SZ 45") == "AA41-MOB-06"
    # an allied carrier does not count
    units = {"SZ 45": [{"type": "carrier", "owner": "germany"}]}
    g = game({"fighter": 1}, power="japan", units=units)
    assert illegal(g, {"fighter": 1}, "SZ 45") == "AA41-MOB-06"


def test_AA41_MOB_07_no_ships_into_the_black_sea() -> None:
    g = game({"destroyer": 1, "infantry": 1, "fighter": 1, "bomber": 1}, power="ussr",
             ipcs={"ussr": 0})
    assert illegal(g, {"destroyer": 1}, "SZ 18") == "AA41-MOB-07"
    place(g, {"infantry": 1, "fighter": 1}, "Caucasus")
    place(g, {"bomber": 1}, "Russia")
    g.submit("ussr", {"type": "end_phase"})  # the destroyer cannot be placed: refunded
    assert g.state["ipcs"]["ussr"] == 8 + 7


def test_AA41_MOB_09_must_place_what_capacity_allows_then_refund() -> None:
    g = game({"infantry": 5, "transport": 1}, ipcs={"germany": 0})
    place(g, {"infantry": 3}, "Germany")
    with pytest.raises(IllegalOrder) as exc:
        g.submit("germany", {"type": "end_phase"})
    assert exc.value.rule_id == "AA41-MOB-09"
    place(g, {"infantry": 1}, "Germany")
    events = g.submit("germany", {"type": "end_phase"})
    refund = next(e for e in events if e["type"] == "aa.refunded")["payload"]
    assert refund == {"power": "germany", "units": {"infantry": 1, "transport": 1},
                      "ipcs": 10}
    assert g.state["ipcs"]["germany"] == 10 + 12
    assert g.state["bought"] == {}


def test_AA41_MOB_09_default_order_places_for_an_absent_player() -> None:
    g = game({"tank": 2})
    order = RS.default_order(g.state, "germany")
    assert order == {"type": "place", "units": {"tank": 1}, "at": "Germany",
                     "factory": "Germany"}
    g.submit("germany", order)
    g.submit("germany", RS.default_order(g.state, "germany"))
    assert RS.default_order(g.state, "germany") == {"type": "end_phase"}


def _ruleset_with_extra_complex(tmp: Path) -> AARuleset:
    """The real board plus a complex in Western Europe: SZ 5 then borders two complexes."""
    shutil.copytree(RULES_DIR / "aa1941", tmp / "aa1941")
    path = tmp / "aa1941" / "map.json"
    board = json.loads(path.read_text())
    board["spaces"]["Western Europe"]["factory"] = True
    path.write_text(json.dumps(board))
    return AARuleset(EDITION, data_dir=tmp / "aa1941")


def test_AA41_MOB_10_choose_complex_when_zone_borders_several(tmp_path: Path) -> None:
    rs = _ruleset_with_extra_complex(tmp_path)
    g = game({"destroyer": 3, "infantry": 3}, rs=rs, ipcs={"germany": 0})
    assert illegal(g, {"destroyer": 1}, "SZ 5") == "AA41-MOB-10"
    assert illegal(g, {"destroyer": 1}, "SZ 5", factory="Russia") == "AA41-MOB-10"
    place(g, {"destroyer": 1}, "SZ 5", factory="Western Europe")
    place(g, {"infantry": 3}, "Germany")
    assert illegal(g, {"destroyer": 2}, "SZ 5", factory="Germany") == "AA41-MOB-03"
    place(g, {"destroyer": 1}, "SZ 5", factory="Germany")
    place(g, {"destroyer": 1}, "SZ 5", factory="Western Europe")
    assert [u["t_placed"] for u in g.state["units"]["SZ 5"]] == [
        "Western Europe", "Germany", "Western Europe"]


def test_AA41_MOB_11_no_mobilize_without_capital() -> None:
    g = RS.from_position({"round": 1, "power": "germany", "phase": "noncombat_move",
                          "units": {}, "owners": {"Germany": "ussr"}, "ipcs": {"germany": 5}})
    events = g.submit("germany", {"type": "end_phase"})
    phases = [e["payload"]["phase"] for e in events if e["type"] == "aa.phase_started"]
    assert "mobilize" not in phases and g.state["power"] == "uk"
    assert g.state["ipcs"]["germany"] == 5  # and no income (AA41-INC-02)


def test_placement_replays_and_is_described() -> None:
    g = game({"carrier": 1, "fighter": 1}, power="japan")
    place(g, {"carrier": 1, "fighter": 1}, "SZ 45")
    assert RS.replay(g.log()).state == g.state
    assert RS.describe_event(g.log()[-1]) == "Japan places 1 fighter, 1 aircraft carrier in SZ 45"
    opts = RS.legal_options(g.state, "japan")["mobilize"]
    assert opts["capacity"] == {"Japan": 2} and opts["pool"] == {}


def test_AA41_MOB_08_promised_carrier_goes_where_fighters_wait() -> None:
    units = {"SZ 42": [{"type": "fighter", "owner": "usa", "count": 2, "t_waiting": True}]}
    g = game({"carrier": 1, "fighter": 1}, power="usa", units=units)
    assert illegal(g, {"carrier": 1}, "SZ 11") == "AA41-MOB-08"
    with pytest.raises(IllegalOrder) as exc:
        g.submit("usa", {"type": "end_phase"})
    assert exc.value.rule_id == "AA41-MOB-08"
    events = place(g, {"carrier": 1}, "SZ 42")
    carrier = next(u for u in g.state["units"]["SZ 42"] if u["type"] == "carrier")
    fighters = [u for u in g.state["units"]["SZ 42"] if u["type"] == "fighter"]
    assert [f.get("aboard") for f in fighters] == [carrier["id"]] * 2
    assert not any("t_waiting" in f for f in fighters)
    assert len(events[-1]["payload"]["landed"]) == 2
    assert illegal(g, {"fighter": 1}, "SZ 42") == "AA41-MOB-06"  # the carrier is full
    place(g, {"fighter": 1}, "Western United States")
    assert RS.replay(g.log()).state == g.state


def test_AA41_MOB_09_placement_may_not_waste_capacity_needed_by_ships() -> None:
    # Germany also holds Russia (since its turn began): Germany (4) is its only coastal complex
    owners = {"Russia": "germany"}
    g = game({"infantry": 1, "battleship": 4}, owners=owners, ipcs={"germany": 0},
             owners_at_turn_start={**RS.data.setup()["owners"], **owners})
    assert illegal(g, {"infantry": 1}, "Germany") == "AA41-MOB-09"  # a battleship would be left
    place(g, {"infantry": 1}, "Russia")
    place(g, {"battleship": 4}, "SZ 5")
    events = g.submit("germany", {"type": "end_phase"})
    assert not any(e["type"] == "aa.refunded" for e in events)
    assert g.state["ipcs"]["germany"] == 12 + 3  # income with Russia


def test_AA41_MOB_09_helpers_never_offer_a_placement_that_wastes_capacity_needed_by_ships() -> None:
    """Regression (fuzzer seed 78): with Germany's capacity needed for three ships, the tank must
    go to Russia; the helper offered Germany, the order refused it, and the phase deadlocked."""
    value = RS.map.value("Germany")
    g = game({"infantry": value - 3, "tank": 1, "submarine": 1, "transport": 1, "destroyer": 1},
             owners={"Russia": "germany"},
             owners_at_turn_start={**RS.data.setup()["owners"], "Russia": "germany"})
    place(g, {"infantry": value - 3}, "Germany")
    places = g.legal_options("germany")["mobilize"]["places"]
    assert "tank" not in places.get("Germany", [])
    assert places["Russia"] == ["tank"]
    assert illegal(g, {"tank": 1}, "Germany") == "AA41-MOB-09"
    while g.state["bought"]:
        g.submit("germany", RS.default_order(g.state, "germany"))
    assert placed(g, "Russia") == ["tank"]
    assert sorted(placed(g, "SZ 5")) == ["destroyer", "submarine", "transport"]
    g.submit("germany", {"type": "end_phase"})
