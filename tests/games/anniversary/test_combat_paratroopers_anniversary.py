"""Paratroopers (AAE-TECH-03/15/16): a bomber carries one infantry into the first hostile territory."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder
from tests.games.anniversary.combat_kit import KARELIA, combat, events, ids, replays_equal, types_in, unit

ROUTE = ["Poland", "SZ 5", KARELIA]


def _game(advance: bool = True, **kw: Any) -> Any:
    return combat({"Poland": [unit("bomber", "germany"), unit("infantry", "germany", 2)],
                   KARELIA: [unit("infantry", "ussr")]}, end=False,
                  research={"germany": ["paratroopers"]} if advance else None, dice=[1, 6, 6], **kw)


def _drop(game: Any, route: list[str] = ROUTE) -> None:
    bomber = ids(game, "Poland", "bomber")[0]
    game.submit("germany", {"type": "paradrop", "bomber": bomber, "infantry": ids(game, "Poland", "infantry")[0],
                            "route": route, "landing": {str(bomber): "Poland"}})


def test_AAE_TECH_03_the_bomber_drops_one_infantry_that_attacks() -> None:
    game = _game()
    _drop(game)
    assert types_in(game, KARELIA, "germany") == ["bomber", "infantry"]
    assert types_in(game, "Poland", "germany") == ["infantry"]
    (drop,) = events(game, "aa.paradropped")
    assert drop["to"] == KARELIA
    game.submit("germany", {"type": "end_phase"})
    assert sorted(game.state["battles"][KARELIA]["attackers"]) == sorted(ids(game, KARELIA, owner="germany"))
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert game.state["owners"][KARELIA] == "germany"
    assert replays_equal(game)


def test_AAE_TECH_03_the_bomber_stops_at_the_first_hostile_territory() -> None:
    game = _game()
    with pytest.raises(IllegalOrder) as err:
        _drop(game, ["Poland", "Baltic States", KARELIA])
    assert err.value.rule_id == "AAE-TECH-03"


def test_AAE_TECH_03_no_paratroopers_without_the_advance() -> None:
    game = _game(advance=False)
    with pytest.raises(IllegalOrder) as err:
        _drop(game)
    assert err.value.rule_id == "AAE-TECH-03"


def test_AAE_TECH_03_the_combat_move_of_both_ends_there() -> None:
    game = _game()
    _drop(game)
    bomber = ids(game, KARELIA, "bomber")
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "move", "units": bomber, "route": [KARELIA, "SZ 5"]})
    assert "ended its movement" in str(err.value)


def test_AAE_TECH_15_a_paratrooper_bomber_does_not_raid() -> None:
    game = _game()
    _drop(game)
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_raid", "target": KARELIA, "units": ids(game, KARELIA, "bomber")})
    assert err.value.rule_id == "AAE-TECH-15"


def test_AAE_TECH_16_the_infantry_starts_the_turn_with_the_bomber() -> None:
    game = combat({"Poland": [unit("bomber", "germany"), unit("infantry", "germany", t_from="Germany", t_moved=1)],
                   KARELIA: [unit("infantry", "ussr")]}, end=False, research={"germany": ["paratroopers"]})
    with pytest.raises(IllegalOrder) as err:
        _drop(game)
    assert err.value.rule_id == "AAE-TECH-16"


def test_AAE_TECH_03_legal_options_list_the_possible_paradrops() -> None:
    from tests.games.anniversary.combat_kit import RS

    game = _game()
    assert RS.legal_options(game.state, "germany")["paradrop"] == {
        "Poland": {"bombers": ids(game, "Poland", "bomber"), "infantry": ids(game, "Poland", "infantry")}}
    assert RS.legal_options(_game(advance=False).state, "germany")["paradrop"] == {}
