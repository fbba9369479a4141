"""Shore bombardment in amphibious assaults (AAE-BOMB-01..06, AAE-AMPH-03/04)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import IllegalOrder
from pbem.games.aa import combat_opening
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
    unit,
)


def _assault(sz5: list[dict[str, Any]], karelia: list[dict[str, Any]], dice: list[int], land: tuple[str, ...],
             bombard: int = 0, **kw: Any) -> Any:
    """Germany lands ``land`` from one transport in SZ 5 on Karelia; the first ``bombard`` ships named."""
    zone = [*sz5, att("transport", came_from="SZ 5")]
    index = len(zone) - 1
    zone += [{"type": t, "owner": "germany", "aboard_entry": index} for t in land]
    game = combat({KARELIA: karelia, SZ5: zone}, dice=dice, end=False, **kw)
    ships = [u["id"] for u in game.state["units"][SZ5] if u["type"] in ("battleship", "cruiser")]
    transport = ids(game, SZ5, "transport", "germany")
    cargo = [u["id"] for u in game.state["units"][SZ5] if "aboard" in u]
    order = {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5, "transports": transport,
             "units": cargo, "bombard": ships[:bombard]}
    game.submit("germany", order)
    game.submit("germany", {"type": "end_phase"})
    return game


def _bombard_roll(game: Any) -> dict[str, Any]:
    return next(r for r in rolls(game) if r["context"].get("step") == "shore bombardment")


def test_AAE_BOMB_04_battleship_at_four_cruiser_at_three_once() -> None:
    game = _assault([att("battleship", came_from="SZ 5"), att("cruiser", came_from="SZ 5")],
                    [unit("infantry", "ussr", 3)], [4, 4] + [6] * 20, ("infantry", "artillery"), bombard=2)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    roll = _bombard_roll(game)
    assert sorted((d["unit"], d["target"], d["hit"]) for d in roll["dice"]) == [
        ("battleship", 4, True), ("cruiser", 3, False)]
    assert events(game, "aa.bombarded")[0]["hits"] == 1
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert len([r for r in rolls(game) if r["context"].get("step") == "shore bombardment"]) == 1
    assert replays_equal(game)


def test_AAE_BOMB_05_bombardment_casualties_fire_back_in_round_one() -> None:
    game = _assault([att("battleship", came_from="SZ 5")], [unit("infantry", "ussr")],
                    [1, 6, 6, 6], ("infantry",), bombard=1)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    (cas,) = [c for c in events(game, "aa.casualties") if c["step"] == "shore bombardment"]
    assert cas["side"] == "defender" and cas["remove"] is False
    defender_roll = next(r for r in rolls(game) if r["context"].get("step") == "defender fire")
    assert [d["unit"] for d in defender_roll["dice"]] == ["infantry"]  # it still fires
    assert game.state["battles"][KARELIA]["winner"] == "attacker"
    assert game.state["owners"][KARELIA] == "germany"


def test_AAE_BOMB_02_no_bombardment_from_a_zone_with_a_sea_battle() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")],
                   SZ5: [unit("destroyer", "ussr"), att("battleship", came_from="SZ 5"),
                         att("transport", came_from="SZ 5"), {"type": "infantry", "owner": "germany",
                                                              "aboard_entry": 2}]}, end=False)
    ship = ids(game, SZ5, "battleship")
    transport, cargo = ids(game, SZ5, "transport"), [u["id"] for u in game.state["units"][SZ5] if "aboard" in u]
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                                "transports": transport, "units": cargo, "bombard": ship})
    assert err.value.rule_id == "AAE-BOMB-02"


def test_AAE_BOMB_02_refused_where_the_attacker_fights_lone_submarines() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")],
                   SZ5: [unit("submarine", "ussr"), att("battleship", came_from="SZ 5"),
                         att("transport", came_from="SZ 5"), {"type": "infantry", "owner": "germany",
                                                              "aboard_entry": 2}]}, end=False)
    cargo = [u["id"] for u in game.state["units"][SZ5] if "aboard" in u]
    order = {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
             "transports": ids(game, SZ5, "transport"), "units": cargo, "bombard": ids(game, SZ5, "battleship")}
    game.submit("germany", order)  # ignoring the submarine (AAE-AMPH-04): the battleship may bombard
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {**order, "sea_battle": True})  # E-25: fighting it is a sea battle
    assert err.value.rule_id == "AAE-BOMB-02"


def test_AAE_BOMB_02_ships_of_a_zone_with_a_fought_sea_battle_do_not_bombard() -> None:
    game = _assault([att("battleship", came_from="SZ 5")], [unit("infantry", "ussr")], [6] * 20, ("infantry",),
                    bombard=1)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    b = game.state["battles"][KARELIA]
    assert [u["type"] for u in combat_opening.bombarding_ships(RS, {**game.state, "battles": {}}, b)] == []  # used
    fought = {**game.state, "battles": {**game.state["battles"], SZ5: {"status": "over"}}}
    for u in game.state["units"][SZ5]:
        u.pop("t_bombarded", None)
    assert combat_opening.bombarding_ships(RS, fought, b) == []
    assert [u["type"] for u in combat_opening.bombarding_ships(RS, {**fought, "battles": {}}, b)] == ["battleship"]


def test_AAE_BOMB_03_no_more_ships_than_land_units_landed() -> None:
    with pytest.raises(IllegalOrder) as err:
        _assault([att("battleship", came_from="SZ 5"), att("cruiser", came_from="SZ 5")],
                 [unit("infantry", "ussr")], [], ("infantry",), bombard=2)
    assert err.value.rule_id == "AAE-BOMB-03"


def test_AAE_BOMB_01_only_battleships_and_cruisers_bombard() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")],
                   SZ5: [att("destroyer", came_from="SZ 5"), att("transport", came_from="SZ 5"),
                         {"type": "infantry", "owner": "germany", "aboard_entry": 1}]}, end=False)
    transport, cargo = ids(game, SZ5, "transport"), [u["id"] for u in game.state["units"][SZ5] if "aboard" in u]
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                                "transports": transport, "units": cargo, "bombard": ids(game, SZ5, "destroyer")})
    assert err.value.rule_id == "AAE-BOMB-01"


def test_AAE_BOMB_01_ships_bombard_only_from_the_landing_zone() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")], "SZ 4": [att("cruiser", came_from="SZ 5")],
                   SZ5: [att("transport", came_from="SZ 5"), {"type": "infantry", "owner": "germany",
                                                              "aboard_entry": 0}]}, end=False)
    transport, cargo = ids(game, SZ5, "transport"), [u["id"] for u in game.state["units"][SZ5] if "aboard" in u]
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                                "transports": transport, "units": cargo, "bombard": ids(game, "SZ 4", "cruiser")})
    assert err.value.rule_id == "AAE-BOMB-01"


def test_AAE_BOMB_06_a_bombarding_ship_is_marked_for_the_turn() -> None:
    game = _assault([att("cruiser", came_from="SZ 5")], [unit("infantry", "ussr")], [6] * 20, ("infantry",),
                    bombard=1)
    game.submit("germany", {"type": "battle", "place": KARELIA})
    (cruiser,) = [u for u in game.state["units"][SZ5] if u["type"] == "cruiser"]
    assert cruiser["t_bombarded"] is True


def test_AAE_AMPH_03_no_bombardment_without_a_named_ship() -> None:
    game = _assault([att("battleship", came_from="SZ 5")], [unit("infantry", "ussr")], [6] * 20, ("infantry",))
    game.submit("germany", {"type": "battle", "place": KARELIA})
    assert events(game, "aa.bombarded") == []


def test_AAE_BOMB_05_the_defender_owes_the_bombardment_casualty_choice() -> None:
    game = _assault([att("battleship", came_from="SZ 5")], [unit("infantry", "ussr"), unit("tank", "ussr")],
                    [2] + [6] * 20, ("infantry",), bombard=1, options={"ask_defender": True})
    game.submit("germany", {"type": "battle", "place": KARELIA})
    owed = RS.owed(game.state)
    assert [(o["seat"], o["kind"]) for o in owed] == [("ussr", "casualties")]
    options = RS.legal_options(game.state, "ussr")
    assert options["owed_casualties"] == KARELIA
    assert sorted(options["casualties"]["candidates"]) == sorted(ids(game, KARELIA, owner="ussr"))
    assert options["casualties"]["count"] == 1
    default = RS.default_order(game.state, "ussr")
    assert default == {"type": "casualties", "place": KARELIA, "units": options["casualties"]["default"]}
    with pytest.raises(IllegalOrder):
        game.submit("ussr", {"type": "casualties", "place": KARELIA, "units": ids(game, KARELIA, owner="ussr")})
    game.submit("ussr", default)  # the deadline default is always legal
    (cas,) = [c for c in events(game, "aa.casualties") if c["step"] == "shore bombardment"]
    assert cas["by"] == "defender" and cas["units"] == default["units"]
    assert replays_equal(game)


def test_AAE_BOMB_01_legal_options_name_the_ships_that_may_bombard() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")],
                   SZ5: [att("battleship", came_from="SZ 5"), att("destroyer", came_from="SZ 5")]}, end=False)
    assert RS.legal_options(game.state, "germany")["bombard"] == {SZ5: ids(game, SZ5, "battleship")}


def test_AAE_AMPH_03_family_refusals_name_the_anniversary_rule() -> None:
    game = combat({KARELIA: [unit("infantry", "ussr")],
                   SZ5: [unit("destroyer", "uk"), att("destroyer", came_from="SZ 5"),
                         att("transport", came_from="SZ 5"), {"type": "infantry", "owner": "germany",
                                                              "aboard_entry": 2}]}, end=False)
    game.submit("germany", {"type": "declare_amphibious", "target": KARELIA, "sea_zone": SZ5,
                            "transports": ids(game, SZ5, "transport"),
                            "units": [u["id"] for u in game.state["units"][SZ5] if "aboard" in u]})
    game.submit("germany", {"type": "end_phase"})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "battle", "place": KARELIA})
    assert err.value.rule_id == "AAE-AMPH-03"  # the sea battle comes before the landing
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "battle", "place": "Russia"})
    assert err.value.rule_id == "AAE-CMB-02"  # no battle there
