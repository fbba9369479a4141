"""General rules (AA41-GEN-01..03) and the ruleset's seats."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, ScriptedDice, available, load_ruleset
from pbem.games.aa.combat_state import is_cargo
from pbem.games.aa.routes import zone_hostile

RS = load_ruleset("aa1941")


def test_AA41_GEN_01_seats_are_powers_and_one_player_keeps_to_one_side() -> None:
    assert "aa1941" in available()
    seats = RS.seats(RS.normalise_options({}))
    assert [(s["id"], s["side"]) for s in seats] == [
        ("ussr", "allies"), ("germany", "axis"), ("uk", "allies"), ("japan", "axis"),
        ("usa", "allies")]
    # a player may hold several seats only of one side (enforced by the services)
    assert RS.multi_seat == "side"


def test_AA41_GEN_02_each_power_plays_its_own_turn_with_its_own_treasury() -> None:
    g = RS.new_game({}, seed="gen-02")
    g.submit("ussr", {"type": "purchase", "units": {"infantry": 2}})
    assert g.state["ipcs"] == {"ussr": 1, "germany": 12, "uk": 12, "japan": 9, "usa": 17}
    while g.state["power"] == "ussr":
        if g.state["phase"] == "mobilize" and g.state["bought"]:
            g.submit("ussr", {"type": "place", "units": {"infantry": 2}, "at": "Russia"})
        g.submit("ussr", {"type": "end_phase"})
    # Germany's turn: its own phases, purchase against its own treasury only
    assert (g.state["power"], g.state["phase"], g.state["bought"]) == ("germany", "purchase", {})
    g.submit("germany", {"type": "purchase", "units": {"tank": 2}})
    assert g.state["ipcs"] == {"ussr": 8, "germany": 0, "uk": 12, "japan": 9, "usa": 17}


def test_AA41_GEN_03_any_assignment_of_powers_within_a_side() -> None:
    seats = RS.seats(RS.normalise_options({}))
    sides: dict[str, list[str]] = {}
    for seat in seats:
        sides.setdefault(seat["side"], []).append(seat["id"])
    # every power is its own seat: 2, 3, 4 or 5 players can share them out by side
    assert sides == {"allies": ["ussr", "uk", "usa"], "axis": ["germany", "japan"]}
    assert len({s["id"] for s in seats}) == 5
    for setup in ("rulebook", "errata"):
        g = RS.new_game({"setup": setup}, seed="gen-03")
        assert g.owed()[0]["seat"] == "ussr"


# -- definitions and general rules that movement and combat apply ----------------------------
def _game(units: dict, owners: dict | None = None, phase: str = "combat_move", dice=None):
    position = {"round": 2, "power": "germany", "phase": phase, "units": units,
                "owners": owners or {}}
    if dice is not None:
        return RS.from_position(position, dice=dice)
    return RS.from_position(position, seed="general")


def _ids(g, space: str, type_: str) -> list[int]:
    return [u["id"] for u in g.state["units"][space] if u["type"] == type_]


def test_AA41_DEF_05_sea_zone_hostile_only_with_enemy_surface_warship() -> None:
    g = _game({"SZ 6": [{"type": "submarine", "owner": "uk"},
                        {"type": "transport", "owner": "uk"}]})
    assert not zone_hostile(RS, g.state, "SZ 6", "germany")
    for ship in ("destroyer", "carrier", "battleship"):
        g = _game({"SZ 6": [{"type": ship, "owner": "uk"}]})
        assert zone_hostile(RS, g.state, "SZ 6", "germany"), ship
        assert zone_hostile(RS, g.state, "SZ 6", "japan"), ship
        assert not zone_hostile(RS, g.state, "SZ 6", "usa"), ship  # friendly to the USA


def test_AA41_DEF_07_cargo_is_transported_land_units_and_guest_fighters() -> None:
    g = _game({"SZ 42": [{"type": "transport", "owner": "usa"},
                         {"type": "infantry", "owner": "usa", "aboard_entry": 0},
                         {"type": "carrier", "owner": "usa"},
                         {"type": "fighter", "owner": "usa", "aboard_entry": 2},
                         {"type": "fighter", "owner": "uk", "aboard_entry": 2}]})
    units = g.state["units"]["SZ 42"]
    by_id = {u["id"]: u for u in units}
    assert [is_cargo(RS, u, by_id) for u in units] == [False, True, False, False, True]


def test_AA41_DEF_11_battle_spaces_are_where_attackers_meet_enemies() -> None:
    g = _game({"Ukraine": [{"type": "tank", "owner": "germany", "count": 2}],
               "Caucasus": [{"type": "infantry", "owner": "ussr"}],
               "Eastern Europe": [{"type": "infantry", "owner": "germany"}]})
    tanks = _ids(g, "Ukraine", "tank")
    g.submit("germany", {"type": "move", "units": [tanks[0]], "route": ["Ukraine", "Caucasus"]})
    g.submit("germany", {"type": "move", "units": [tanks[1]],
                         "route": ["Ukraine", "West Russia", "Karelia"]})  # empty, unopposed
    g.submit("germany", {"type": "end_phase"})
    assert sorted(g.state["battles"]) == ["Caucasus"]
    assert g.state["owners"]["Karelia"] == "germany"  # entered unopposed: no battle


def test_AA41_GEN_06_d6_rolled_by_server_hit_at_or_below_value() -> None:
    g = _game({"Ukraine": [{"type": "tank", "owner": "germany", "count": 2}],
               "Caucasus": [{"type": "infantry", "owner": "ussr", "count": 2}]},
              dice=ScriptedDice([3, 4, 2, 3]))
    g.submit("germany", {"type": "move", "units": _ids(g, "Ukraine", "tank"),
                         "route": ["Ukraine", "Caucasus"]})
    g.submit("germany", {"type": "end_phase"})
    events = g.submit("germany", {"type": "battle", "place": "Caucasus"})
    rolls = [e["payload"] for e in events if e["type"] == "dice.rolled"]
    assert [r["sides"] for r in rolls] == [6, 6]
    attack, defence = rolls[0]["dice"], rolls[1]["dice"]
    assert [(d["target"], d["face"], d["hit"]) for d in attack] == [(3, 3, True), (3, 4, False)]
    assert [(d["target"], d["face"], d["hit"]) for d in defence] == [(2, 2, True), (2, 3, False)]


def test_AA41_GEN_07_no_attack_on_a_friendly_power() -> None:
    g = _game({"Ukraine": [{"type": "tank", "owner": "germany"}],
               "Caucasus": [{"type": "infantry", "owner": "japan"}]}, owners={"Caucasus": "japan"})
    tank = _ids(g, "Ukraine", "tank")
    with pytest.raises(IllegalOrder) as err:
        g.submit("germany", {"type": "move", "units": tank, "route": ["Ukraine", "Caucasus"]})
    assert err.value.rule_id == "AA41-CM-07" and g.state["battles"] == {}
    # friendly powers share territories in noncombat move
    g = _game({"Ukraine": [{"type": "tank", "owner": "germany"}],
               "Caucasus": [{"type": "infantry", "owner": "japan"}]}, owners={"Caucasus": "japan"},
              phase="noncombat_move")
    g.submit("germany", {"type": "move", "units": tank, "route": ["Ukraine", "Caucasus"]})
    assert sorted(u["owner"] for u in g.state["units"]["Caucasus"]) == ["germany", "japan"]
    assert g.state["owners"]["Caucasus"] == "japan"


def test_AA41_UNIT_IC_02_lone_enemy_complex_no_battle_but_stops_blitz() -> None:
    g = _game({"Ukraine": [{"type": "tank", "owner": "germany"}]})
    tank = _ids(g, "Ukraine", "tank")
    with pytest.raises(IllegalOrder) as err:
        g.submit("germany", {"type": "move", "units": tank,
                             "route": ["Ukraine", "Caucasus", "Russia"]})
    assert err.value.rule_id == "AA41-CM-13"
    g.submit("germany", {"type": "move", "units": tank, "route": ["Ukraine", "Caucasus"]})
    g.submit("germany", {"type": "end_phase"})
    assert g.state["battles"] == {} and g.state["owners"]["Caucasus"] == "germany"
