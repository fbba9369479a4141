"""Amphibious assaults, submarines and liberation through the Anniversary ruleset (AAE-AMPH, AAE-UNIT-SS,
AAE-CMB-13/22/27/30)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder
from tests.games.anniversary.combat_kit import (
    KARELIA,
    RS,
    SZ5,
    att,
    combat,
    events,
    ids,
    rolls,
    types_in,
    unit,
)


def _zone(*defenders: dict[str, Any], land: tuple[str, ...] = ("infantry",), escort: tuple[str, ...] = ()) -> list:
    zone = [*defenders, *(att(t, came_from=SZ5) for t in escort), att("transport", came_from=SZ5)]
    index = len(zone) - 1
    return zone + [{"type": t, "owner": "germany", "aboard_entry": index} for t in land]


def _declare(game: Any, **extra: Any) -> None:
    game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                            "transports": ids(game, SZ5, "transport", "germany"),
                            "units": [u["id"] for u in game.state["units"][SZ5] if "aboard" in u
                                      and u["owner"] == "germany"], **extra})


def test_AAE_AMPH_01_the_assault_comes_from_an_adjacent_sea_zone() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")], "SZ 7": _zone()}, end=False)
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": "SZ 7",
                                "transports": ids(game, "SZ 7", "transport"), "units": ids(game, "SZ 7", "infantry")})
    assert err.value.rule_id == "AAE-AMPH-01"


def test_AAE_AMPH_04_lone_submarines_may_be_ignored_or_fought() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")], SZ5: _zone(unit("submarine", "ussr"), escort=("cruiser",))},
                  end=False)
    _declare(game)
    game.submit("germany", {"type": "end_phase"})
    assert SZ5 not in game.state["battles"]
    game = combat({KARELIA: [unit("infantry", "ussr")], SZ5: _zone(unit("submarine", "ussr"), escort=("cruiser",))},
                  end=False)
    _declare(game, sea_battle=True)
    game.submit("germany", {"type": "end_phase"})
    assert SZ5 in game.state["battles"]


def test_AAE_AMPH_05_nothing_lands_while_defending_warships_remain() -> None:
    from pbem.games.aa.combat_open import seaborne

    game = combat({KARELIA: [unit("infantry", "ussr")], SZ5: _zone(unit("battleship", "uk"), escort=("destroyer",))},
                  end=False)
    _declare(game)
    game.submit("germany", {"type": "end_phase"})
    assert seaborne(RS, game.state, game.state["battles"][KARELIA]) == []  # the battleship is still there
    game.state["units"][SZ5] = [u for u in game.state["units"][SZ5] if u["type"] != "battleship"]
    assert [p["units"] for p in seaborne(RS, game.state, game.state["battles"][KARELIA])] == [
        ids(game, SZ5, "infantry")]


def test_AAE_AMPH_06_one_transport_unloads_into_one_territory() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")], "Baltic States": [unit("infantry", "ussr")],
                   SZ5: _zone(land=("infantry", "infantry"))}, end=False)
    _declare(game, units=[ids(game, SZ5, "infantry")[0]])
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_amphibious", "target": "Baltic States", "sea_zone": SZ5,
                                "transports": ids(game, SZ5, "transport"), "units": [ids(game, SZ5, "infantry")[1]]})
    assert err.value.rule_id == "AAE-AMPH-06"


def test_AAE_AMPH_09_each_aircraft_is_assigned_to_the_sea_or_the_land_battle() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")],
                   SZ5: _zone(unit("destroyer", "uk"), escort=("destroyer",)) + [att("fighter", came_from="Poland")]},
                  end=False)
    with pytest.raises(IllegalOrder) as err:
        _declare(game)
    assert err.value.rule_id == "AAE-AMPH-01"  # the family's AA41-AMP-02: assign it
    _declare(game, air={str(ids(game, SZ5, "fighter")[0]): "sea"})


def test_AAE_AMPH_13_aircraft_stay_where_they_fought() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), att("fighter")], SZ5: _zone()}, dice=[1, 1, 6], end=False)
    _declare(game)
    game.submit("germany", {"type": "end_phase"})
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert "fighter" in types_in(game, KARELIA, "germany")


def test_AAE_UNIT_SS_04_both_sides_strike_before_normal_fire() -> None:
    game = combat({"SZ 4": [unit("submarine", "ussr"), unit("cruiser", "ussr"), att("submarine", came_from=SZ5),
                            att("cruiser", came_from=SZ5)]}, dice=[6] * 10)
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    steps = [(r["context"]["side"], r["context"]["step"]) for r in rolls(game)]
    assert steps[:2] == [("attacker", "surprise strike"), ("defender", "surprise strike")]


def test_AAE_UNIT_SS_05_a_cancelled_submarine_fires_normally_and_its_casualty_fires_back() -> None:
    game = combat({"SZ 4": [unit("destroyer", "ussr"), att("submarine", came_from=SZ5)]}, dice=[1, 1])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert [r["context"]["step"] for r in rolls(game)] == ["attacker fire", "defender fire"]
    assert game.state["battles"]["SZ 4"]["winner"] == "none"


def test_AAE_UNIT_SS_01_submarine_attacks_at_two_defends_at_one() -> None:
    game = combat({"SZ 4": [unit("submarine", "ussr"), att("submarine", came_from=SZ5)]}, dice=[6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    targets = sorted((r["context"]["side"], d["target"]) for r in rolls(game) for d in r["dice"])
    assert targets == [("attacker", 2), ("defender", 1)]


def test_AAE_CMB_22_the_liberator_keeps_a_territory_while_its_owners_capital_is_lost() -> None:
    game = combat({KARELIA: [unit("infantry", "germany"), att("tank", owner="uk", came_from="Archangel")]},
                  power="uk", dice=[1, 6], owners={KARELIA: "germany", "Russia": "germany"})
    while game.state["battles"][KARELIA]["status"] != "over":
        game.submit("uk", {"type": "battle", "place": KARELIA})
    game.submit("uk", {"type": "end_phase"})
    assert game.state["owners"][KARELIA] == "uk"


def test_AAE_CMB_27_a_fighter_takes_off_from_an_allied_carrier_to_attack() -> None:
    game = combat({"SZ 4": [unit("destroyer", "ussr"), unit("carrier", "italy"),
                            {"type": "fighter", "owner": "germany", "aboard_entry": 1, "t_combat": True}]},
                  dice=[6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    assert [u["type"] for u in events(game, "aa.battle_round")[0]["attackers"]] == ["fighter"]


def test_AAE_CMB_30_fighters_of_a_sunk_defending_carrier_must_land() -> None:
    game = combat({"SZ 4": [unit("carrier", "uk"), {"type": "fighter", "owner": "uk", "aboard_entry": 0},
                            att("submarine", came_from=SZ5)]}, dice=[1, 6, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 4"})
    (fighter,) = [u for u in game.state["units"]["SZ 4"] if u["type"] == "fighter"]
    assert fighter.get("t_stranded") is True  # it lands (or is lost) before noncombat move
