"""What battles leave behind: landing after a lost carrier, capitals lost and liberated, idle units."""

from __future__ import annotations

from pbem.games.aa.capture import CAPTURED, capture_payloads
from pbem.games.aa.sequence import next_phase
from tests.games.aa.battle_helpers import RS, att, combat, dice_events, events, ids, types_in, unit

Z = "SZ 6"


def test_AA41_AIR_06_fighter_loses_its_planned_carrier_and_is_lost_if_it_cannot_land():
    game = combat({Z: [unit("battleship", "uk"), att("carrier", came_from="SZ 5"),
                       att("fighter", came_from="SZ 5", t_moved=4)]}, dice=[6, 6, 1],
                  declared={"landing": {"3": {"space": Z, "carrier": 2}}})
    game.submit("germany", {"type": "battle", "place": Z})
    game.submit("germany", {"type": "casualties", "place": Z, "units": ids(game, Z, "carrier", "germany")})
    game.submit("germany", {"type": "retreat", "place": Z})  # the fighter stays over the zone
    assert types_in(game, Z, "germany") == ["fighter"]
    game.submit("germany", {"type": "end_phase"})  # the combat move stays legal
    game.submit("germany", {"type": "end_phase"})
    assert events(game, "aa.air_lost")[0]["units"] == [3]
    assert types_in(game, Z, "germany") == []


def test_AA41_CMB_32_idle_units_sharing_a_zone_with_enemy_submarines_fight_no_battle():
    game = combat({Z: [unit("submarine", "uk"), unit("transport", "uk"), unit("destroyer", "germany")]})
    assert game.state["battles"] == {}
    assert types_in(game, Z) == ["destroyer", "submarine", "transport"]


def test_AA41_UNIT_DD_01_destroyer_attacks_and_defends_at_2():
    game = combat({Z: [unit("destroyer", "uk"), att("destroyer", came_from="SZ 5")]}, dice=[3, 2])
    game.submit("germany", {"type": "battle", "place": Z})
    first, second = dice_events(game)
    assert (first["dice"][0]["target"], first["dice"][0]["hit"]) == (2, False)
    assert (second["dice"][0]["target"], second["dice"][0]["hit"]) == (2, True)


def _state(power, owners=None, ipcs=None):
    position = {"round": 2, "power": power, "phase": "purchase", "owners": owners or {}, "ipcs": ipcs or {}}
    return RS.position_to_state(position, RS.normalise_options({}))


def _take(state, territory, power):
    for i, payload in enumerate(capture_payloads(RS, state, territory, power)):
        RS.evolve(state, {"seq": i + 1, "seat": power, "type": CAPTURED, "v": 1, "payload": payload})


def test_AA41_CAP_07_power_without_capital_keeps_territories_and_skips_purchase():
    state = _state("germany", ipcs={"ussr": 8})
    _take(state, "Russia", "germany")
    assert state["owners"]["Karelia"] == "ussr" and RS.map.production("ussr", state["owners"]) > 0
    state["power"] = "ussr"
    assert next_phase(RS, state, None) == "combat_move"  # no purchase (AA41-SEQ-05)
    assert next_phase(RS, state, "noncombat_move") is None  # no mobilize, no income


def test_AA41_CAP_10_liberated_power_purchases_again():
    state = _state("uk", owners={"Russia": "germany"})
    state["power"] = "ussr"
    assert next_phase(RS, state, None) == "combat_move"
    state["power"] = "uk"
    _take(state, "Russia", "uk")
    assert state["owners"]["Russia"] == "ussr"
    state["power"] = "ussr"
    assert next_phase(RS, state, None) == "purchase"
    assert next_phase(RS, state, "noncombat_move") == "mobilize"
