"""Antiaircraft guns in battle (AAE-AA-01..07, AAE-TECH-10, AAE-CMB-17/19)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from tests.games.anniversary.combat_kit import (
    KARELIA,
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


def _aa_rolls(game):  # type: ignore[no-untyped-def]
    return [r for r in rolls(game) if r["context"].get("step") == "antiaircraft fire"]


def test_AAE_AA_03_one_die_per_attacking_aircraft_hits_on_one() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), unit("aa_gun", "ussr"), att("tank"), att("fighter", 3)]},
                  dice=[1, 2, 6] + [6] * 10)
    planes = ids(game, KARELIA, "fighter")
    game.submit("germany", {"type": "battle", "place": KARELIA})
    (roll,) = _aa_rolls(game)
    assert [(d["unit_id"], d["target"]) for d in roll["dice"]] == [(p, 1) for p in planes]
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert fire["destroyed"] == [planes[0]]  # AAE-AA-05: the die named for it
    assert planes[0] not in ids(game, KARELIA)
    first_round = events(game, "aa.battle_round")[0]
    assert planes[0] not in [u["id"] for u in first_round["attackers"]]  # destroyed before it fires
    assert replays_equal(game)


def test_AAE_AA_03_no_upper_limit_on_the_dice() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), unit("aa_gun", "ussr"), att("fighter", 5), att("bomber", 2)]},
                  dice=[6] * 30)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert len(_aa_rolls(game)[0]["dice"]) == 7


def test_AAE_TECH_10_radar_hits_on_one_or_two() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), unit("aa_gun", "ussr"), att("fighter", 2)]},
                  dice=[2, 3] + [6] * 10, research={"ussr": ["radar"]})
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert {d["target"] for d in _aa_rolls(game)[0]["dice"]} == {2}
    assert len(events(game, "aa.antiaircraft_fire")[0]["destroyed"]) == 1


def test_AAE_AA_04_one_gun_fires_per_territory() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), unit("aa_gun", "ussr", 2), att("fighter", 2)]},
                  dice=[6] * 20)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert len(_aa_rolls(game)) == 1 and len(_aa_rolls(game)[0]["dice"]) == 2


def test_AAE_AA_01_no_fire_without_attacking_aircraft() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), unit("aa_gun", "ussr"), att("tank", 2)]}, dice=[6] * 20)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert _aa_rolls(game) == [] and events(game, "aa.antiaircraft_fire") == []


def test_AAE_AA_02_the_gun_fires_only_before_round_one() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr", 2), unit("aa_gun", "ussr"), att("fighter")]},
                  dice=[6] * 30)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert game.state["battles"][KARELIA]["round"] == 2
    assert len(_aa_rolls(game)) == 1


def test_AAE_AA_06_the_gun_is_never_a_casualty_and_AAE_AA_07_is_captured() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), unit("aa_gun", "ussr"), att("tank", 2)]}, dice=[1, 6, 6])
    game.submit("germany", {"type": "battle", "place": KARELIA})
    rounds = events(game, "aa.battle_round")
    assert [u["type"] for u in rounds[0]["defenders"]] == ["infantry"]
    assert game.state["owners"][KARELIA] == "germany"
    assert types_in(game, KARELIA, "germany") == ["aa_gun", "tank", "tank"]  # AAE-CMB-17
    assert replays_equal(game)


def test_AAE_CMB_19_a_territory_with_only_an_aa_gun_fires_then_is_captured() -> None:
    game = combat({KARELIA: [unit("aa_gun", "ussr"), att("tank"), att("fighter")]}, dice=[1])
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert len(fire["destroyed"]) == 1
    assert KARELIA not in game.state["battles"]  # no combat rounds
    assert game.state["owners"][KARELIA] == "germany"
    assert types_in(game, KARELIA) == ["aa_gun", "tank"]
    assert all(u["owner"] == "germany" for u in game.state["units"][KARELIA])


def test_AAE_AA_06_an_aa_gun_is_lost_with_its_transport() -> None:
    game = combat({"SZ 4": [unit("transport", "ussr"), {"type": "aa_gun", "owner": "ussr", "aboard_entry": 0},
                            att("destroyer", came_from="SZ 5")]}, dice=[1])
    assert types_in(game, "SZ 4", "ussr") == []


def test_AAE_CM_21_an_aa_gun_is_never_offloaded_in_an_assault() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")],
                   SZ5: [att("transport", came_from="SZ 5"),
                         {"type": "infantry", "owner": "germany", "aboard_entry": 0},
                         {"type": "aa_gun", "owner": "germany", "aboard_entry": 0}]}, end=False)
    transport = ids(game, SZ5, "transport")
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                                "transports": transport,
                                "units": ids(game, SZ5, "aa_gun") + ids(game, SZ5, "infantry")})
    assert err.value.rule_id == "AAE-CM-21"
    game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                            "transports": transport, "units": ids(game, SZ5, "infantry")})


def test_AAE_AA_03_low_luck_pools_each_aircraft_types_dice() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr"), unit("aa_gun", "ussr"), att("fighter", 6), att("bomber")]},
                  dice=[2] + [6] * 20, options={"dice": "low_luck"})
    fighters = ids(game, KARELIA, "fighter")
    game.submit("germany", {"type": "battle", "place": KARELIA})
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert fire["low_luck"] is True
    # six fighters at 1: one sure hit; one bomber at 1: a die hitting on 1 (rolled 2: missed)
    assert fire["destroyed"] == [fighters[0]]


def test_AAE_CMB_18_a_captured_aa_gun_does_not_move_in_that_noncombat_move() -> None:
    game = combat({KARELIA: [unit("aa_gun", "ussr"), att("tank")], "Belorussia": []})
    assert game.state["owners"][KARELIA] == "germany"
    game.submit("germany", {"type": "end_phase"})
    assert game.state["phase"] == "noncombat_move"
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "move", "units": ids(game, KARELIA, "aa_gun"),
                                "route": [KARELIA, "Baltic States"]})
    assert "ended its movement" in str(err.value)
