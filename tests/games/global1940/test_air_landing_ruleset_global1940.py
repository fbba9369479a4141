"""Global 1940's air landings and carrier duties (G40-CM-28, G40-NCM-07/08/09/13), through
the facade at positions edited from the set-up."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.facade import end, events, game_at, start_position
from tests.games.global1940.test_transports_ruleset_global1940 import ids

G = "germany"


def refused(game: Game, order: dict[str, Any]) -> str:
    with pytest.raises(IllegalOrder) as err:
        game.submit(G, order)
    return err.value.rule_id


def aboard(game: Game, space: str, unit_id: int) -> int | None:
    return next(u.get("aboard") for u in game.state["units"][space] if u["id"] == unit_id)


def lost(game: Game) -> list[int]:
    return [i for e in events(game, "aa.air_lost") for i in e["units"]]


def test_G40_NCM_07_air_units_land_in_old_friendly_territories_or_on_carriers() -> None:
    position = start_position()
    position["units"]["SZ 113"].append({"type": "carrier", "owner": G, "count": 1})
    game = game_at(G, "noncombat_move", edit=position)
    fighter, carrier = ids(game, "Western Germany", "fighter")[0], ids(game, "SZ 113", "carrier")
    assert refused(game, {"type": "move", "units": [fighter],
                          "route": ["Western Germany", "SZ 112"]}) == "G40-NCM-07"
    game.submit(G, {"type": "move", "units": [fighter], "route": ["Western Germany", "SZ 113"]})
    assert [aboard(game, "SZ 113", fighter)] == carrier


def test_G40_NCM_07_no_landing_in_a_territory_captured_this_turn() -> None:
    position = start_position()
    position["units"]["France"] = []
    game = game_at(G, "combat_move", edit=position)
    tank = ids(game, "Holland Belgium", "tank")[0]
    game.submit(G, {"type": "move", "units": [tank], "route": ["Holland Belgium", "France"]})
    end(game)
    while game.state["phase"] == "combat":
        end(game)
    assert game.state["owners"]["France"] == G
    fighter = ids(game, "Holland Belgium", "fighter")
    assert refused(game, {"type": "move", "units": fighter,
                          "route": ["Holland Belgium", "France"]}) == "G40-NCM-07"


def test_G40_NCM_08_a_fighter_waits_for_a_carrier_bought_this_turn() -> None:
    game = game_at(G, "noncombat_move")
    fighter = ids(game, "Western Germany", "fighter")[:1]
    waiting = {"type": "move", "units": fighter, "route": ["Western Germany", "SZ 112"],
               "new_carrier": True}
    assert refused(game, waiting) == "G40-NCM-08"  # no carrier bought
    game = game_at(G, "noncombat_move", edit={"bought": {"carrier": 1}})
    far = {**waiting, "route": ["Western Germany", "SZ 112", "SZ 111"]}
    assert refused(game, far) == "G40-NCM-08"  # SZ 111 is next to no German complex
    game.submit(G, waiting)
    unit = next(u for u in game.state["units"]["SZ 112"] if u["id"] == fighter[0])
    assert unit["t_waiting"] is True
    end(game)  # the check waits for Mobilize
    assert game.state["phase"] == "mobilize" and not lost(game)


def test_G40_NCM_09_air_units_that_cannot_land_are_lost_after_landing_all_they_can() -> None:
    position = start_position()
    position["units"]["SZ 112"] = [{"type": "fighter", "owner": G, "count": 1, "t_moved": 3,
                                    "t_combat": True}]
    position["units"]["SZ 111"] = [{"type": "bomber", "owner": G, "count": 1, "t_moved": 6,
                                    "t_combat": True}]
    game = game_at(G, "noncombat_move", edit=position)
    fighter, bomber = ids(game, "SZ 112", "fighter"), ids(game, "SZ 111", "bomber")
    assert refused(game, {"type": "end_phase"}) == "G40-NCM-09"  # the fighter can still land
    game.submit(G, {"type": "move", "units": fighter, "route": ["SZ 112", "Denmark"]})
    end(game)
    assert lost(game) == bomber and not ids(game, "SZ 111", "bomber")
    assert ids(game, "Denmark", "fighter") == fighter


def stranded_fighter(**edit: Any) -> Game:
    """A German fighter out of movement in SZ 111, a German carrier in SZ 113."""
    position = start_position()
    position["units"]["SZ 111"] = [{"type": "fighter", "owner": G, "count": 1, "t_moved": 4,
                                    "t_combat": True}]
    position["units"]["SZ 113"].append({"type": "carrier", "owner": G, "count": 1})
    return game_at(G, "noncombat_move", edit={**position, **edit})


def test_G40_NCM_13_a_carrier_must_reach_a_fighter_with_no_other_landing() -> None:
    game = stranded_fighter()
    fighter, carrier = ids(game, "SZ 111", "fighter"), ids(game, "SZ 113", "carrier")
    assert refused(game, {"type": "end_phase"}) == "G40-NCM-13"
    # moving part of the way elsewhere does not discharge the duty (regression)
    game.submit(G, {"type": "move", "units": carrier, "route": ["SZ 113", "SZ 112"]})
    assert refused(game, {"type": "end_phase"}) == "G40-NCM-13"
    game.submit(G, {"type": "move", "units": carrier, "route": ["SZ 112", "SZ 111"]})
    end(game)
    assert [aboard(game, "SZ 111", fighter[0])] == carrier and not lost(game)


def test_G40_CM_28_a_declared_carrier_move_is_mandatory() -> None:
    probe = stranded_fighter()
    fighter, carrier = ids(probe, "SZ 111", "fighter")[0], ids(probe, "SZ 113", "carrier")[0]
    plan = {"landing": {str(fighter): {"space": "SZ 112", "carrier": carrier}}}
    position = start_position()
    position["units"]["SZ 112"] = [{"type": "fighter", "owner": G, "count": 1, "t_moved": 2,
                                    "t_combat": True}]
    position["units"]["SZ 111"] = []
    position["units"]["SZ 113"].append({"type": "carrier", "owner": G, "count": 1})
    game = game_at(G, "noncombat_move", edit={**position, "declared": plan})
    assert ids(game, "SZ 112", "fighter") == [fighter]
    # the fighter could still reach Denmark, but the carrier was promised
    assert refused(game, {"type": "end_phase"}) == "G40-CM-28"
    game.submit(G, {"type": "move", "units": [carrier], "route": ["SZ 113", "SZ 112"]})
    end(game)
    assert aboard(game, "SZ 112", fighter) == carrier
    # exception: the aircraft landed elsewhere
    game = game_at(G, "noncombat_move", edit={**position, "declared": plan})
    game.submit(G, {"type": "move", "units": [fighter], "route": ["SZ 112", "Denmark"]})
    end(game)
    assert game.state["phase"] == "mobilize" and carrier in ids(game, "SZ 113", "carrier")
