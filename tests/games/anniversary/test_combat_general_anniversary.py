"""General combat through the Anniversary ruleset (AAE-CMB, AAE-UNIT-SS/DD/BB/TT, AAE-AMPH): the family's
battle code under the edition's rule IDs."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder, NotYourTurn
from tests.games.anniversary.combat_kit import (
    KARELIA,
    RS,
    SZ5,
    att,
    combat,
    events,
    ids,
    replays_equal,
    rolls,
    types_in,
    unit,
)

BALTIC = {"Baltic States": "germany"}


def _fight(game: Any, place: str = KARELIA) -> None:
    while game.state["battles"][place]["status"] != "over" and game.state["battles"][place]["pending"] is None:
        game.submit("germany", {"type": "battle", "place": place})


def _steps(game: Any) -> list[str]:
    return [r["context"]["step"] for r in rolls(game)]


def test_AAE_CMB_03_a_round_attacker_fires_then_defender_then_removal() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), att("tank")]}, dice=[1, 1])
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert _steps(game) == ["attacker fire", "defender fire"]


def test_AAE_CMB_04_defender_casualties_still_fire_and_AAE_CMB_06_are_then_removed() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), att("tank")]}, dice=[1, 1])
    game.submit("germany", {"type": "battle", "place": KARELIA})
    kinds = [e["type"] for e in game.log() if e["type"] in ("aa.casualties", "aa.set_aside_removed")]
    assert kinds == ["aa.casualties", "aa.casualties", "aa.set_aside_removed"]
    assert game.state["battles"][KARELIA]["winner"] == "none"  # both sides destroyed


def test_AAE_CMB_05_attacker_casualties_are_removed_at_once() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr", 2), att("tank")]}, dice=[6, 1, 6])
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert types_in(game, KARELIA, "germany") == []
    assert game.state["battles"][KARELIA]["winner"] == "defender"


def test_AAE_CMB_07_rounds_repeat_until_a_side_is_destroyed() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), att("tank", 2)]}, dice=[6, 6, 6, 6, 6, 6, 1, 6, 6])
    _fight(game)
    assert game.state["battles"][KARELIA]["round"] == 3
    assert game.state["battles"][KARELIA]["winner"] == "attacker"


def test_AAE_CMB_15_land_units_capture_and_aircraft_alone_do_not() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), att("fighter")]}, dice=[1, 6])
    _fight(game)
    assert game.state["battles"][KARELIA]["winner"] == "attacker"
    assert game.state["owners"][KARELIA] == "ussr"
    game = combat({KARELIA: [unit("infantry", "ussr"), att("infantry"), att("fighter")]}, dice=[1, 6, 6])
    _fight(game)
    assert game.state["owners"][KARELIA] == "germany"


def test_AAE_CMB_16_capturing_a_capital_takes_its_owners_ipcs() -> None:
    game = combat({"Russia": [unit("infantry", "ussr"), att("tank", came_from="Belorussia")]}, dice=[1, 6],
                  owners=BALTIC)
    ussr = game.state["ipcs"]["ussr"]
    before = game.state["ipcs"]["germany"]
    _fight(game, "Russia")
    assert game.state["owners"]["Russia"] == "germany"
    assert (game.state["ipcs"]["ussr"], game.state["ipcs"]["germany"]) == (0, before + ussr)


def test_AAE_CMB_17_control_changes_hands_with_the_capture() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), att("tank")]}, dice=[1, 6])
    _fight(game)
    (captured,) = events(game, "aa.territory_captured")
    assert (captured["territory"], captured["power"], captured["from"]) == (KARELIA, "germany", "ussr")


def test_AAE_CMB_21_liberated_territory_returns_to_its_original_owner() -> None:
    game = combat({KARELIA: [unit("infantry", "germany"), att("tank", owner="uk", came_from="Archangel")]},
                  power="uk", dice=[1, 6], owners={KARELIA: "germany"})
    _fight_as(game, "uk")
    game.submit("uk", {"type": "end_phase"})
    assert game.state["owners"][KARELIA] == "ussr"


def _fight_as(game: Any, power: str, place: str = KARELIA) -> None:
    while game.state["battles"][place]["status"] != "over":
        game.submit(power, {"type": "battle", "place": place})


def test_AAE_CMB_08_the_attacker_retreats_to_a_space_its_units_came_from() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr", 3), att("tank", 2)]}, dice=[6] * 20, owners=BALTIC)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert RS.legal_options(game.state, "germany")["battles"][0]["retreat_to"] == ["Baltic States"]
    with pytest.raises(NotYourTurn):  # never the defender
        game.submit("ussr", {"type": "retreat", "place": KARELIA, "to": "Archangel"})
    game.submit("germany", {"type": "retreat", "place": KARELIA, "to": "Baltic States"})
    assert types_in(game, "Baltic States", "germany") == ["tank", "tank"]


def test_AAE_CMB_09_a_battle_no_side_can_win_ends_at_once() -> None:
    game = combat({"SZ 4": [unit("submarine", "ussr"), att("fighter", came_from="SZ 5")]}, dice=[6] * 5)
    if "SZ 4" in game.state["battles"]:
        _fight(game, "SZ 4")
        assert game.state["battles"]["SZ 4"]["winner"] == "none"
    assert rolls(game) == []  # aircraft without a destroyer never roll against a lone submarine
    assert types_in(game, "SZ 4") == ["fighter", "submarine"]


def test_AAE_CMB_10_submarine_hits_never_fall_on_aircraft() -> None:
    game = combat({"SZ 4": [unit("destroyer", "ussr"), unit("fighter", "ussr"),
                            att("submarine", came_from="SZ 5")]}, dice=[1, 6, 6], options={"ask_defender": True})
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert types_in(game, "SZ 4", "ussr") == ["fighter"]  # the destroyer took the submarine's hit


def test_AAE_CMB_11_defenceless_transports_are_destroyed_without_rolling() -> None:
    game = combat({"SZ 4": [unit("transport", "ussr", 2), att("destroyer", came_from="SZ 5")]})
    assert types_in(game, "SZ 4", "ussr") == []
    assert rolls(game) == []
    assert replays_equal(game)


def test_AAE_CMB_12_destroying_transports_counts_as_combat() -> None:
    game = combat({"SZ 4": [unit("transport", "ussr"), att("destroyer", came_from="SZ 5")]})
    assert game.state["battles"]["SZ 4"]["status"] == "over"
    (destroyer,) = [u for u in game.state["units"]["SZ 4"] if u["type"] == "destroyer"]
    assert destroyer["t_combat"] is True


def test_AAE_CMB_14_cargo_is_lost_with_its_transport() -> None:
    game = combat({"SZ 4": [unit("transport", "ussr"), {"type": "infantry", "owner": "ussr", "aboard_entry": 0},
                            att("destroyer", came_from="SZ 5")]})
    assert types_in(game, "SZ 4", "ussr") == []


def test_AAE_CMB_20_aircraft_stay_in_the_space_they_fought_in() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), att("tank"), att("fighter")]}, dice=[1, 6, 6])
    _fight(game)
    assert "fighter" in types_in(game, KARELIA, "germany")


def test_AAE_CMB_25_allied_units_present_take_no_part() -> None:
    game = combat({"SZ 4": [unit("destroyer", "ussr"), att("destroyer", came_from="SZ 5"),
                            unit("cruiser", "italy")]}, dice=[6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    first = events(game, "aa.battle_round")[0]
    assert [u["type"] for u in first["attackers"]] == ["destroyer"]


def test_AAE_CMB_26_multinational_defenders_choose_together() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), unit("infantry", "uk"), att("tank", 2)]},
                  dice=[1, 6, 6, 6], options={"ask_defender": True})
    game.submit("germany", {"type": "battle", "place": KARELIA})
    owed = RS.owed(game.state)
    assert sorted(o["seat"] for o in owed) == ["uk", "ussr"]
    uk = ids(game, KARELIA, owner="uk")
    game.submit("ussr", {"type": "casualties", "place": KARELIA, "units": uk})
    game.submit("uk", {"type": "casualties", "place": KARELIA, "units": ids(game, KARELIA, owner="ussr")})
    assert [o["seat"] for o in RS.owed(game.state)] == ["germany"]  # they disagree: the attacker chooses
    game.submit("germany", {"type": "casualties", "place": KARELIA, "units": uk})
    assert "infantry" in types_in(game, KARELIA, "ussr")


def test_AAE_CMB_28_defending_land_aircraft_stay_out_of_the_sea_battle() -> None:
    game = combat({"SZ 4": [unit("destroyer", "ussr"), att("destroyer", came_from="SZ 5")],
                   KARELIA: [unit("fighter", "ussr")]}, dice=[6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert [u["type"] for u in events(game, "aa.battle_round")[0]["defenders"]] == ["destroyer"]


def test_AAE_CMB_29_fighters_on_a_defending_carrier_defend() -> None:
    game = combat({"SZ 4": [unit("carrier", "uk"), {"type": "fighter", "owner": "uk", "aboard_entry": 0},
                            att("battleship", came_from="SZ 5")]}, dice=[6, 6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert sorted(u["type"] for u in events(game, "aa.battle_round")[0]["defenders"]) == ["carrier", "fighter"]


def test_AAE_UNIT_SS_03_surprise_strike_casualties_do_not_fire_back() -> None:
    game = combat({"SZ 4": [unit("destroyer", "ussr"), att("submarine", came_from="SZ 5"),
                            att("cruiser", came_from="SZ 5")]}, dice=[6, 6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    # the attacking submarine faces a destroyer: no surprise strike (AAE-UNIT-DD-02, AAE-UNIT-SS-05)
    assert "surprise strike" not in _steps(game)
    game = combat({"SZ 4": [unit("cruiser", "ussr"), att("submarine", came_from="SZ 5")]}, dice=[1, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert _steps(game) == ["surprise strike"]  # the cruiser is gone before it can fire
    assert types_in(game, "SZ 4", "ussr") == []


def test_AAE_UNIT_DD_02_a_destroyer_cancels_the_surprise_strike() -> None:
    game = combat({"SZ 4": [unit("destroyer", "ussr"), att("submarine", came_from="SZ 5")]}, dice=[6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert _steps(game) == ["attacker fire", "defender fire"]


def test_AAE_UNIT_DD_03_aircraft_hit_submarines_only_with_a_destroyer() -> None:
    game = combat({"SZ 4": [unit("submarine", "ussr"), att("fighter", came_from="SZ 5"),
                            att("destroyer", came_from="SZ 5")]}, dice=[6, 1, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert types_in(game, "SZ 4", "ussr") == []


def test_AAE_UNIT_SS_02_defending_submarines_submerge_by_standing_order() -> None:
    game = combat({"SZ 4": [unit("submarine", "ussr"), att("cruiser", came_from="SZ 5")]}, dice=[6, 6])
    game.submit("ussr", {"type": "standing", "submerge": True})
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    (sub,) = events(game, "aa.submerged")
    assert sub["side"] == "defender" and sub["by"] == "standing orders"


def test_AAE_UNIT_SS_06_submarines_never_hit_aircraft() -> None:
    game = combat({"SZ 4": [unit("carrier", "uk"), {"type": "fighter", "owner": "uk", "aboard_entry": 0},
                            att("submarine", came_from="SZ 5")]}, dice=[1, 6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert types_in(game, "SZ 4", "uk") == ["fighter"]


def test_AAE_UNIT_BB_02_a_battleship_takes_two_hits_and_is_repaired() -> None:
    game = combat({"SZ 4": [unit("destroyer", "ussr"), att("battleship", came_from="SZ 5")]}, dice=[1, 1])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    (ship,) = [u for u in game.state["units"]["SZ 4"] if u["type"] == "battleship"]
    assert game.state["battles"]["SZ 4"]["winner"] == "attacker" and ship["hits"] == 0


def test_AAE_UNIT_TT_01_transports_never_roll() -> None:
    game = combat({"SZ 4": [unit("destroyer", "ussr"), att("destroyer", came_from="SZ 5"),
                            att("transport", came_from="SZ 5")]}, dice=[6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert all(d["unit"] != "transport" for r in rolls(game) for d in r["dice"])


def test_AAE_AMPH_08_land_units_from_the_sea_never_retreat() -> None:
    zone = [att("transport", came_from="SZ 5"), {"type": "infantry", "owner": "germany", "aboard_entry": 0}]
    game = combat({KARELIA: [unit("infantry", "ussr", 3)], SZ5: zone}, dice=[6] * 20, end=False)
    game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                            "transports": ids(game, SZ5, "transport"),
                            "units": ids(game, SZ5, "infantry")})
    game.submit("germany", {"type": "end_phase"})
    game.submit("germany", {"type": "battle", "place": KARELIA})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "retreat", "place": KARELIA})
    assert err.value.rule_id == "AAE-AMPH-08"
