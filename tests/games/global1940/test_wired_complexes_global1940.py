"""Industrial complexes and bases bought, built and used through the ruleset (G40-PUR-04,
G40-FAC-02…04, G40-MOB-02, -03, -10)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.facade import end, events, game_at, start_position


def _refused(game: Game, seat: str, order: dict[str, Any]) -> str:
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, order)
    return err.value.rule_id


def _to_mobilize(game: Game) -> None:
    while game.state["phase"] != "mobilize":
        end(game)


def test_G40_PUR_04_G40_FAC_02_G40_MOB_02_a_minor_complex_bought_built_and_idle() -> None:
    game = game_at("germany", "purchase")
    game.submit("germany", {"type": "purchase", "units": {"minor_complex": 1, "infantry": 1}})
    assert game.state["ipcs"]["germany"] == 30 - 12 - 3
    _to_mobilize(game)
    offered = game.legal_options("germany")["build"]
    assert offered["kinds"] == {"minor_complex": 1}
    places = offered["places"]["minor_complex"]  # where the build order accepts it (the Mobilize form)
    assert "Poland" in places and "Greece" not in places and "Germany" not in places  # Germany has a complex
    assert "Slovakia Hungary" in places and "Denmark" in places
    assert _refused(game, "germany", {"type": "build", "kind": "minor_complex",
                                      "at": "Greece"}) == "G40-MOB-07"  # not German
    game.submit("germany", {"type": "build", "kind": "minor_complex", "at": "Poland"})
    assert game.state["installations"]["Poland"] == {"minor_complex": 0}
    # G40-MOB-02: a complex built this turn mobilizes nothing yet
    assert _refused(game, "germany", {"type": "place", "units": {"infantry": 1},
                                      "at": "Poland"}) == "G40-MOB-03"  # capacity 0
    game.submit("germany", {"type": "place", "units": {"infantry": 1}, "at": "Germany"})
    end(game)
    assert events(game, "aa.g40_built")[0]["at"] == "Poland"


def test_G40_FAC_03_a_major_complex_needs_a_territory_worth_three() -> None:
    game = game_at("germany", "purchase")
    game.submit("germany", {"type": "purchase", "units": {"major_complex": 1}})
    _to_mobilize(game)
    assert _refused(game, "germany", {"type": "build", "kind": "major_complex",
                                      "at": "Poland"}) == "G40-FAC-03"


def test_G40_FAC_04_an_upgraded_complex_places_as_a_minor_in_its_turn() -> None:
    position = start_position()
    position["ipcs"] = {**position["ipcs"], "italy": 40}
    game = game_at("italy", "purchase", edit=position)
    game.submit("italy", {"type": "purchase", "units": {"complex_upgrade": 1, "infantry": 4}})
    _to_mobilize(game)
    game.submit("italy", {"type": "build", "kind": "complex_upgrade", "at": "Southern Italy"})
    assert game.state["installations"]["Southern Italy"]["major_complex"] == 0
    assert _refused(game, "italy", {"type": "place", "units": {"infantry": 4},
                                    "at": "Southern Italy"}) == "G40-MOB-03"
    game.submit("italy", {"type": "place", "units": {"infantry": 3}, "at": "Southern Italy"})


def test_G40_MOB_03_damage_lowers_what_a_complex_places() -> None:
    position = start_position()
    position["installations"]["Germany"] = {"major_complex": 4}
    game = game_at("germany", "purchase", edit=position)
    game.submit("germany", {"type": "purchase", "units": {"infantry": 7}})
    _to_mobilize(game)
    assert game.legal_options("germany")["mobilize"]["capacity"]["Germany"] == 6
    assert _refused(game, "germany", {"type": "place", "units": {"infantry": 7},
                                      "at": "Germany"}) == "G40-MOB-03"


def test_G40_MOB_10_an_installation_not_built_is_refunded() -> None:
    game = game_at("germany", "purchase")
    game.submit("germany", {"type": "purchase", "units": {"air_base": 1}})
    _to_mobilize(game)
    end(game)
    refund = events(game, "aa.g40_refunded")[0]
    assert refund["units"] == {"air_base": 1} and refund["ipcs"] == 15


def test_G40_MOB_04_land_units_and_bombers_only_in_a_complex_territory() -> None:
    game = game_at("germany", "purchase")
    game.submit("germany", {"type": "purchase", "units": {"infantry": 1, "bomber": 1}})
    _to_mobilize(game)
    for unit, at in (("infantry", "Poland"), ("bomber", "SZ 112"), ("infantry", "SZ 112")):
        assert _refused(game, "germany", {"type": "place", "units": {unit: 1},
                                          "at": at}) == "G40-MOB-04", (unit, at)
    game.submit("germany", {"type": "place", "units": {"bomber": 1}, "at": "Germany"})


def test_G40_MOB_05_ships_next_to_a_complex_count_against_it() -> None:
    game = game_at("germany", "purchase")
    game.submit("germany", {"type": "purchase", "units": {"destroyer": 1, "infantry": 6}})
    _to_mobilize(game)
    for at in ("Western Germany", "SZ 110"):
        assert _refused(game, "germany", {"type": "place", "units": {"destroyer": 1},
                                          "at": at}) == "G40-MOB-05", at
    game.submit("germany", {"type": "place", "units": {"destroyer": 1}, "at": "SZ 112"})
    game.submit("germany", {"type": "place", "units": {"infantry": 6},
                            "at": "Western Germany"})
    assert game.legal_options("germany")["mobilize"]["capacity"]["Western Germany"] == 3


def test_G40_MOB_06_fighters_and_tactical_bombers_in_the_complex_territory() -> None:
    game = game_at("uk", "purchase")
    game.submit("uk", {"type": "purchase", "units": {"fighter": 1, "tactical_bomber": 1}})
    _to_mobilize(game)
    assert _refused(game, "uk", {"type": "place", "units": {"fighter": 1},
                                 "at": "SZ 110"}) == "G40-MOB-06"  # no carrier with room
    game.submit("uk", {"type": "place", "units": {"fighter": 1, "tactical_bomber": 1},
                       "at": "United Kingdom"})


def test_G40_TECH_11_increased_factory_production_places_twelve_and_four() -> None:
    position = start_position()
    position["research"] = {"germany": {"advances": ["increased_factory_production"]}}
    position["installations"]["Germany"] = {"major_complex": 3}
    game = game_at("germany", "purchase", edit=position)
    game.submit("germany", {"type": "purchase", "units": {"infantry": 9}})
    _to_mobilize(game)
    capacity = game.legal_options("germany")["mobilize"]["capacity"]
    assert capacity["Germany"] == 12 - 3 and capacity["Western Germany"] == 12


def test_G40_PUR_05_units_not_placed_are_refunded_at_their_price() -> None:
    position = start_position()
    for territory in ("Germany", "Western Germany"):  # fully damaged: nothing placed
        position["installations"][territory] = {"major_complex": 10}
    game = game_at("germany", "purchase", edit=position)
    game.submit("germany", {"type": "purchase", "units": {"destroyer": 1}})
    _to_mobilize(game)
    end(game)
    refund = events(game, "aa.g40_refunded")[0]
    assert refund["units"] == {"destroyer": 1} and refund["ipcs"] == 8


def test_G40_MOB_09_G40_NCM_07_G40_NCM_08_aircraft_waiting_land_on_the_new_carrier() -> None:
    game = game_at("uk", "purchase")
    game.submit("uk", {"type": "purchase", "units": {"carrier": 1}})
    while game.state["phase"] != "noncombat_move":
        end(game)
    fighter = next(u["id"] for u in game.state["units"]["United Kingdom"]
                   if u["type"] == "fighter")
    move = {"type": "move", "units": [fighter], "route": ["United Kingdom", "SZ 110"]}
    assert _refused(game, "uk", move) == "G40-NCM-07"  # no carrier there: no landing
    game.submit("uk", {**move, "new_carrier": True})  # NCM-08: waits for the new carrier
    _to_mobilize(game)
    game.submit("uk", {"type": "place", "units": {"carrier": 1}, "at": "SZ 110"})
    carrier = next(u["id"] for u in game.state["units"]["SZ 110"] if u["type"] == "carrier")
    plane = next(u for u in game.state["units"]["SZ 110"] if u["id"] == fighter)
    assert plane["aboard"] == carrier and not plane.get("t_waiting")
