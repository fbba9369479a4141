"""Global 1940's transports and amphibious assaults (G40-CM-12/16/17/29/30, G40-CMB-31,
G40-NCM-12/14/15/16), through the facade at positions edited from the set-up."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.facade import advance, end, events, game_at, start_position


def ids(game: Game, space: str, utype: str, owner: str = "germany") -> list[int]:
    return [u["id"] for u in game.state["units"].get(space, [])
            if u["type"] == utype and u["owner"] == owner]


def refused(game: Game, seat: str, order: dict[str, Any]) -> str:
    with pytest.raises(IllegalOrder) as err:
        game.submit(seat, order)
    return err.value.rule_id


def loaded(cargo: int = 2, zone: str = "SZ 113") -> dict[str, Any]:
    """The set-up with Germany's transport in ``zone`` carrying ``cargo`` infantry."""
    position = start_position()
    position["units"][zone] = [{"type": "transport", "owner": "germany", "count": 1},
                               *([{"type": "infantry", "owner": "germany", "count": cargo,
                                   "aboard_entry": 0}] if cargo else [])]
    return position


def test_G40_CMB_31_a_transport_unloads_into_one_territory_only() -> None:
    game = game_at("germany", "noncombat_move", edit=loaded())
    first, second = ids(game, "SZ 113", "infantry")
    game.submit("germany", {"type": "move", "units": [first], "route": ["SZ 113", "Denmark"]})
    assert first in ids(game, "Denmark", "infantry")
    order = {"type": "move", "units": [second], "route": ["SZ 113", "Western Germany"]}
    assert refused(game, "germany", order) == "G40-CMB-31"
    game.submit("germany", {"type": "move", "units": [second], "route": ["SZ 113", "Denmark"]})
    assert second in ids(game, "Denmark", "infantry")
    # it may never pass its cargo to another transport
    position = loaded(1)
    position["units"]["SZ 112"] = [{"type": "transport", "owner": "germany", "count": 1}]
    game = game_at("germany", "noncombat_move", edit=position)
    cargo, other = ids(game, "SZ 113", "infantry")[0], ids(game, "SZ 112", "transport")[0]
    order = {"type": "move", "units": [cargo], "route": ["SZ 113", "SZ 112"], "transport": other}
    assert refused(game, "germany", order) == "G40-CMB-31"


def test_G40_NCM_14_loading_names_the_transport_and_is_the_land_units_whole_move() -> None:
    game = game_at("germany", "noncombat_move", edit=loaded(0))
    transport = ids(game, "SZ 113", "transport")[0]
    first, second = ids(game, "Denmark", "infantry")
    assert refused(game, "germany", {"type": "move", "units": [first],
                                     "route": ["Denmark", "SZ 113"]}) == "G40-NCM-14"
    walker = ids(game, "Germany", "infantry")[0]
    game.submit("germany", {"type": "move", "units": [walker],
                            "route": ["Germany", "Western Germany"]})
    with pytest.raises(IllegalOrder):  # it moved before loading
        game.submit("germany", {"type": "move", "units": [walker],
                                "route": ["Western Germany", "SZ 113"], "transport": transport})
    game.submit("germany", {"type": "move", "units": [first], "route": ["Denmark", "SZ 113"],
                            "transport": transport})
    aboard = [u["id"] for u in game.state["units"]["SZ 113"] if u.get("aboard") == transport]
    assert aboard == [first]


def test_G40_NCM_15_no_loading_or_unloading_in_a_hostile_zone() -> None:
    position = loaded()
    position["units"]["SZ 113"].append({"type": "destroyer", "owner": "uk", "count": 1})
    game = game_at("germany", "noncombat_move", edit=position)
    cargo = ids(game, "SZ 113", "infantry")[0]
    assert refused(game, "germany", {"type": "move", "units": [cargo],
                                     "route": ["SZ 113", "Denmark"]}) == "G40-NCM-15"
    boarding = {"type": "move", "units": ids(game, "Denmark", "infantry")[:1],
                "route": ["Denmark", "SZ 113"], "transport": ids(game, "SZ 113", "transport")[0]}
    assert refused(game, "germany", boarding) == "G40-NCM-15"


def test_G40_NCM_15_a_transport_that_unloaded_moves_no_further() -> None:
    game = game_at("germany", "noncombat_move", edit=loaded())
    game.submit("germany", {"type": "move", "units": ids(game, "SZ 113", "infantry"),
                            "route": ["SZ 113", "Denmark"]})
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": ids(game, "SZ 113", "transport"),
                                "route": ["SZ 113", "SZ 112"]})
    assert ids(game, "SZ 113", "transport")


def test_G40_NCM_16_a_transport_bridges_land_units_between_adjacent_territories() -> None:
    game = game_at("germany", "noncombat_move", edit=loaded(0))
    transport = ids(game, "SZ 113", "transport")[0]
    infantry = ids(game, "Denmark", "infantry")[0]
    game.submit("germany", {"type": "move", "units": [infantry], "route": ["Denmark", "SZ 113"],
                            "transport": transport})
    game.submit("germany", {"type": "move", "units": [infantry],
                            "route": ["SZ 113", "Western Germany"]})
    assert infantry in ids(game, "Western Germany", "infantry")
    with pytest.raises(IllegalOrder):  # it may then do nothing else that turn
        game.submit("germany", {"type": "move", "units": [transport],
                                "route": ["SZ 113", "SZ 112"]})


def assault(zone: str = "SZ 112") -> Game:
    """Germany's loaded transport in ``zone`` (SZ 110 emptied), at Combat Move."""
    position = loaded(zone=zone)
    position["units"]["SZ 110"] = []
    return game_at("germany", "combat_move", edit=position, dice=[1] * 60)


def test_G40_CM_12_in_combat_move_land_units_unload_only_in_a_declared_assault() -> None:
    game = assault()
    transport = ids(game, "SZ 112", "transport")
    game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 112", "SZ 110"]})
    landing = {"type": "move", "units": ids(game, "SZ 110", "infantry")[:1],
               "route": ["SZ 110", "Normandy Bordeaux"]}
    assert refused(game, "germany", landing) == "G40-CM-12"
    game.submit("germany", {"type": "declare_amphibious", "target": "Normandy Bordeaux",
                            "sea_zone": "SZ 110", "transports": transport})
    assert game.state["declared"]["amphibious"][0]["units"] == ids(game, "SZ 110", "infantry")


def test_G40_CM_30_air_units_are_assigned_to_the_sea_or_the_land_battle() -> None:
    game = assault()
    transport = ids(game, "SZ 112", "transport")
    game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 112", "SZ 110"]})
    fighter = ids(game, "Holland Belgium", "fighter")[0]
    declaration = {"type": "declare_amphibious", "target": "Normandy Bordeaux",
                   "sea_zone": "SZ 110", "transports": transport, "air": {str(fighter): "land"}}
    assert refused(game, "germany", declaration) == "G40-CM-30"  # it is not in the battle
    game.submit("germany", {"type": "move", "units": [fighter],
                            "route": ["Holland Belgium", "Normandy Bordeaux"],
                            "landing": {str(fighter): "Holland Belgium"}})
    game.submit("germany", declaration)
    assert game.state["declared"]["amphibious"][0]["air"] == {str(fighter): "land"}


def test_G40_CM_16_a_transport_stops_at_enemy_warships_and_combat_move_cargo_lands() -> None:
    game = game_at("germany", "combat_move", edit=loaded(zone="SZ 112"))
    transport = ids(game, "SZ 112", "transport")
    assert refused(game, "germany", {"type": "move", "units": transport,
                                     "route": ["SZ 112", "SZ 111", "SZ 110"]}) == "G40-CM-16"
    game = game_at("germany", "combat_move", edit=loaded(0))
    game.submit("germany", {"type": "move", "units": ids(game, "Denmark", "infantry")[:1],
                            "route": ["Denmark", "SZ 113"],
                            "transport": ids(game, "SZ 113", "transport")[0]})
    # loaded in Combat Move, it must land in a declared assault
    assert refused(game, "germany", {"type": "end_phase"}) == "G40-CM-16"


def test_G40_CM_29_a_hostile_assault_zone_is_cleared_before_the_landing() -> None:
    game = game_at("germany", "combat_move", edit=loaded(zone="SZ 112"), dice=[1] * 60)
    transport = ids(game, "SZ 112", "transport")
    game.submit("germany", {"type": "move", "units": ids(game, "SZ 113", "battleship"),
                            "route": ["SZ 113", "SZ 112", "SZ 111"]})
    game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 112", "SZ 111"]})
    game.submit("germany", {"type": "declare_amphibious", "target": "Scotland",
                            "sea_zone": "SZ 111", "transports": transport})
    end(game)
    while game.owed()[0]["seat"] != "germany":
        advance(game)
    assert {"SZ 111", "Scotland"} <= set(game.state["battles"])
    assert refused(game, "germany", {"type": "battle", "place": "Scotland"}) == "G40-CM-29"


def test_G40_CM_29_G40_NCM_12_moving_into_an_empty_assault_zone_is_a_combat_move() -> None:
    game = assault()
    transport = ids(game, "SZ 112", "transport")
    game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 112", "SZ 110"]})
    game.submit("germany", {"type": "declare_amphibious", "target": "Normandy Bordeaux",
                            "sea_zone": "SZ 110", "transports": transport})
    end(game)
    while game.state["phase"] == "combat":
        advance(game)
    assert game.state["phase"] == "noncombat_move"
    assert not ids(game, "SZ 110", "infantry")  # the cargo landed (and fought)
    # the transport took part in the assault: no loading, no move in Noncombat Move
    boarding = {"type": "move", "units": ids(game, "Holland Belgium", "infantry")[:1],
                "route": ["Holland Belgium", "SZ 110"], "transport": transport[0]}
    assert refused(game, "germany", boarding) == "G40-NCM-12"
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 110", "SZ 112"]})


def test_G40_CM_17_no_unescorted_landing_past_ignored_submarines() -> None:
    position = loaded(zone="SZ 112")
    position["units"]["SZ 110"] = [{"type": "submarine", "owner": "uk", "count": 1}]
    position["units"]["SZ 112"].append({"type": "submarine", "owner": "germany", "count": 1})
    game = game_at("germany", "combat_move", edit=position, dice=[6])  # interception misses
    transport = ids(game, "SZ 112", "transport")
    game.submit("germany", {"type": "move", "units": transport, "route": ["SZ 112", "SZ 110"]})
    declaration = {"type": "declare_amphibious", "target": "Normandy Bordeaux",
                   "sea_zone": "SZ 110", "transports": transport, "sea_battle": False}
    assert refused(game, "germany", declaration) == "G40-CM-17"
    # a submarine of the attacker is no surface warship: still no landing
    game.submit("germany", {"type": "move", "units": ids(game, "SZ 112", "submarine"),
                            "route": ["SZ 112", "SZ 110"]})
    assert refused(game, "germany", declaration) == "G40-CM-17"
    # a warship of the attacker in the zone at the end of Combat Move allows the landing
    game.submit("germany", {"type": "move", "units": ids(game, "SZ 113", "cruiser"),
                            "route": ["SZ 113", "SZ 112", "SZ 110"]})
    game.submit("germany", declaration)
    assert game.state["declared"]["amphibious"][0]["target"] == "Normandy Bordeaux"


def _boarded_and_intercepted(**options: Any) -> tuple[Game, int, int]:
    """Germany loads Denmark's infantry in Combat Move and sails the transport alone into a
    zone with a British submarine (the interception misses, when the option is on)."""
    position = loaded(0, zone="SZ 112")
    position["units"]["SZ 110"] = [{"type": "submarine", "owner": "uk", "count": 1}]
    game = game_at("germany", "combat_move", edit=position, dice=[6], **options)
    transport, infantry = ids(game, "SZ 112", "transport")[0], ids(game, "Denmark", "infantry")[0]
    game.submit("germany", {"type": "move", "units": [infantry], "route": ["Denmark", "SZ 112"],
                            "transport": transport})
    game.submit("germany", {"type": "move", "units": [transport], "route": ["SZ 112", "SZ 110"]})
    return game, transport, infantry


def test_G40_CM_16_G40_CMB_32_cargo_of_an_intercepted_transport_may_stay_aboard() -> None:
    game, transport, infantry = _boarded_and_intercepted()
    assert [e["hits"] for e in events(game, "aa.g40_intercepted")] == [0]
    declaration = {"type": "declare_amphibious", "target": "Normandy Bordeaux",
                   "sea_zone": "SZ 110", "transports": [transport], "sea_battle": False}
    assert refused(game, "germany", declaration) == "G40-CM-17"  # no escort: no landing here
    assert refused(game, "germany", {"type": "undo"}) == "ENGINE-UNDO-2"  # dice were rolled
    # a unit boarding after the dice can still be taken back: it is held to G40-CM-16
    late = ids(game, "Holland Belgium", "infantry")[0]
    game.submit("germany", {"type": "move", "units": [late], "route": ["Holland Belgium", "SZ 110"],
                            "transport": transport})
    assert refused(game, "germany", {"type": "end_phase"}) == "G40-CM-16"
    assert game.default_order("germany") == {"type": "undo"}
    game.submit("germany", {"type": "undo"})
    # the intercepted move stands: the assault is called off, the cargo stays aboard
    assert game.default_order("germany") == {"type": "end_phase"}
    game.submit("germany", {"type": "end_phase"})
    assert game.state["phase"] == "combat"
    cargo = next(u for u in game.state["units"]["SZ 110"] if u["id"] == infantry)
    assert cargo["aboard"] == transport


def test_G40_CM_16_cargo_loaded_in_combat_move_must_land_when_nothing_fired() -> None:
    game, _transport, _infantry = _boarded_and_intercepted(submarine_interception=False)
    assert events(game, "aa.g40_intercepted") == []
    assert refused(game, "germany", {"type": "end_phase"}) == "G40-CM-16"
    # the form's list of what blocks the end names the rule as the refusal does
    needs = game.legal_options("germany")["phase_requirements"]
    assert [n["rule_id"] for n in needs] == ["G40-CM-16"]
    assert game.default_order("germany") == {"type": "undo"}
