"""Paratroopers in battle (G40-TECH-10, G40-AA-07): AA guns fire at them as at aircraft, and they
retreat overland only with the land units that attacked overland, through the family's battle code."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Game, IllegalOrder
from tests.games.global1940.combat_kit import RS, att, combat, events, ids, replays_equal, rolls, unit

FRANCE = "France"


def _drop(france: list[dict[str, Any]], dice: list[int]) -> Game:
    """Germany attacks France: ``france`` holds the defenders and the attackers; a paratrooper
    dropped from the air base in Western Germany (next to France, German) is ``para()``."""
    game = combat({FRANCE: france}, power="germany", dice=dice)
    game.submit("germany", {"type": "battle", "place": FRANCE})
    return game


def para() -> dict[str, Any]:
    return att("infantry", 1, owner="germany", came_from="Western Germany", t_paratrooper=True, t_stop="combat_move")


def _para_id(game: Game) -> int:
    return next(u["id"] for u in game.state["units"][FRANCE] if u.get("t_paratrooper"))


def test_G40_AA_07_aa_guns_fire_at_paratroopers_as_at_aircraft() -> None:
    game = _drop([unit("aa_gun", "france"), unit("infantry", "france"),
                  att("tank", 1, owner="germany", came_from="Holland Belgium"), para()],
                 [1] + [6, 6] + [6])
    aa = rolls(game)[0]
    assert aa["context"]["step"] == "antiaircraft fire" and len(aa["faces"]) == 1  # one target: the paratrooper
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert fire["destroyed"] == fire["targets"] and len(fire["destroyed"]) == 1
    assert not any(u.get("t_paratrooper") for u in game.state["units"][FRANCE])
    assert ids(game, FRANCE, "tank", "germany")  # the tank that came overland is never fired on
    assert replays_equal(game)


def test_G40_AA_07_paratroopers_and_aircraft_share_the_guns_dice_no_unit_twice() -> None:
    game = _drop([unit("aa_gun", "france"), unit("infantry", "france"),
                  att("tank", 1, owner="germany", came_from="Holland Belgium"), para(),
                  att("fighter", 3, owner="germany", came_from="Western Germany")],
                 [6, 6, 6] + [6] * 5 + [6])
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert fire["dice"] == 3 and len(fire["targets"]) == 4  # min(3 shots, 4 targets)


def test_G40_TECH_10_paratroopers_retreat_overland_with_the_land_units_to_where_those_came_from() -> None:
    game = _drop([unit("infantry", "france", 2), att("tank", 1, owner="germany", came_from="Holland Belgium"),
                  para()], [6, 6] + [6, 6])
    (battle,) = [b for b in game.legal_options("germany")["battles"] if b["place"] == FRANCE]
    assert battle["retreat_to"] == ["Holland Belgium"]  # not the air base the paratrooper took off from
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "retreat", "place": FRANCE, "to": "Western Germany"})
    assert err.value.rule_id == "G40-CMB-15"
    paratrooper = _para_id(game)
    game.submit("germany", {"type": "retreat", "place": FRANCE, "to": "Holland Belgium"})
    (retreat,) = events(game, "aa.retreated")
    assert paratrooper in retreat["units"] and paratrooper in ids(game, "Holland Belgium", "infantry", "germany")


def test_G40_TECH_10_paratroopers_left_without_the_overland_attackers_cannot_retreat() -> None:
    game = _drop([unit("infantry", "france"), att("tank", 1, owner="germany", came_from="Holland Belgium"),
                  para()], [6, 6] + [1])
    tank = ids(game, FRANCE, "tank", "germany")
    game.submit("germany", {"type": "casualties", "place": FRANCE, "units": tank})
    assert RS.query(game.state, "germany", "retreat", {"place": FRANCE})["to"] == []
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "retreat", "place": FRANCE, "to": "Western Germany"})
    assert err.value.rule_id == "G40-TECH-10"
