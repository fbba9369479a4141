"""Amphibious assaults in Conduct combat: sea battle first, then the landing (AA41-AMP-03..11)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder
from tests.games.aa.battle_helpers import att, combat, events, ids, replays_equal, types_in, unit

NF = "Norway Finland"
DECL = {"amphibious": [{"target": "Karelia", "sea_zone": "SZ 5", "transports": [], "units": [], "air": {}}]}


def assault(karelia, sz5, dice, extra=None, **kw):
    """Karelia's units get ids first (spaces in sorted order), then SZ 5's; fills the declaration."""
    units = {"Karelia": karelia, "SZ 5": sz5, **(extra or {})}
    first = 1 + sum(e.get("count", 1) for space in sorted(units) if space < "SZ 5" for e in units[space])
    transports, cargo = [], []
    next_id = first
    for entry in sz5:
        n = entry.get("count", 1)
        if entry["type"] == "transport" and entry["owner"] == "germany":
            transports.extend(range(next_id, next_id + n))
        if "aboard_entry" in entry:
            cargo.extend(range(next_id, next_id + n))
        next_id += n
    decl = {"amphibious": [{**DECL["amphibious"][0], "transports": transports, "units": cargo}]}
    return combat(units, dice=dice, declared=decl, **kw)


def fleet(defenders, escorts, *land):
    entries = [*defenders, *escorts, att("transport", came_from="SZ 6")]
    index = len(entries) - 1
    entries += [{"type": t, "owner": "germany", "aboard_entry": index} for t in land]
    return entries


def test_AA41_AMP_03_sea_battle_before_any_land_unit_unloads():
    game = assault([unit("infantry", "ussr")],
                   fleet([unit("destroyer", "uk")], [att("destroyer", came_from="SZ 6")], "infantry", "tank"),
                   [1, 6, 6, 3, 6])
    assert sorted(game.state["battles"]) == ["Karelia", "SZ 5"]
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert err.value.rule_id == "AA41-AMP-03"
    assert types_in(game, "Karelia", "germany") == []


def test_AA41_AMP_04_amphibious_assaults_resolved_before_other_battles():
    game = assault([unit("infantry", "ussr")],
                   fleet([unit("destroyer", "uk")], [att("destroyer", came_from="SZ 6")], "infantry"),
                   [], extra={"West Russia": [unit("infantry", "ussr"), att("tank", came_from="Ukraine")]},
                   owners={"West Russia": "ussr"})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "battle", "place": "West Russia"})
    assert err.value.rule_id == "AA41-AMP-04"


def test_AA41_AMP_07_sea_battle_then_AA41_AMP_08_landing_and_capture():
    game = assault([unit("infantry", "ussr")],
                   fleet([unit("destroyer", "uk")], [att("destroyer", came_from="SZ 6")], "infantry", "tank"),
                   [1, 6, 6, 3, 6])
    game.submit("germany", {"type": "battle", "place": "SZ 5"})
    sea_round = events(game, "aa.battle_round")[0]
    assert sorted(u["type"] for u in sea_round["attackers"]) == ["destroyer", "transport"]
    assert game.state["battles"]["SZ 5"]["winner"] == "attacker"
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    landed = events(game, "aa.battle_landed")[0]
    assert len(landed["units"]) == 2
    land_round = events(game, "aa.battle_round")[1]
    assert sorted(u["type"] for u in land_round["attackers"]) == ["infantry", "tank"]
    assert game.state["owners"]["Karelia"] == "germany"
    transport = [u for u in game.state["units"]["SZ 5"] if u["type"] == "transport"][0]
    assert transport["t_unloaded"] == "Karelia"
    assert all(u["t_route_from"] == "SZ 5" for u in game.state["units"]["Karelia"])
    assert replays_equal(game)


def test_AA41_AMP_05_escorted_transports_ignore_lone_submarines():
    game = assault([unit("infantry", "ussr")],
                   fleet([unit("submarine", "uk")], [att("battleship", came_from="SZ 6")], "tank"), [3, 6])
    assert "SZ 5" not in game.state["battles"]
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert game.state["owners"]["Karelia"] == "germany"
    assert types_in(game, "SZ 5", "uk") == ["submarine"]


def test_AA41_AMP_06_attacking_destroyer_makes_the_sea_battle_mandatory():
    game = assault([unit("infantry", "ussr")],
                   fleet([unit("submarine", "uk")], [att("destroyer", came_from="SZ 6")], "tank"), [])
    assert game.state["battles"]["SZ 5"]["for"] == ["Karelia"]


def test_AA41_AMP_08_no_landing_while_defenders_remain_at_sea():
    # round 1 at sea: nobody hits; the attacker retreats the fleet (AA41-UNIT-TRN-09: no unloading)
    game = assault([unit("infantry", "ussr")],
                   fleet([unit("destroyer", "uk")], [att("destroyer", came_from="SZ 6")], "tank"),
                   [6, 6, 6, 6], extra={NF: [unit("infantry", "germany")]})
    game.submit("germany", {"type": "battle", "place": "SZ 5"})
    game.submit("germany", {"type": "retreat", "place": "SZ 5", "to": "SZ 6"})
    assert types_in(game, "SZ 6", "germany") == ["destroyer", "tank", "transport"]
    # nothing left to land and no other attacker: the assault ends (AA41-AMP-10), no battle left
    assert events(game, "aa.battle_landed") == []
    assert game.state["battles"]["Karelia"]["status"] == "over"
    assert game.state["battles"]["Karelia"]["winner"] == "defender"
    assert game.state["owners"]["Karelia"] == "ussr"


def test_AA41_AMP_10_land_attackers_fight_a_round_when_the_sea_battle_fails():
    game = assault([unit("infantry", "ussr", 2), att("tank", came_from=NF)],
                   fleet([unit("battleship", "uk")], [att("destroyer", came_from="SZ 6")], "infantry"),
                   [6, 1, 1, 6, 6, 6], extra={NF: [unit("infantry", "germany")]})
    # the escort is sunk, then the transport with its cargo
    game.submit("germany", {"type": "battle", "place": "SZ 5"})
    game.submit("germany", {"type": "battle", "place": "SZ 5"})
    assert types_in(game, "SZ 5", "germany") == []
    assert game.state["battles"]["SZ 5"]["winner"] == "defender"
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "retreat", "place": "Karelia", "to": NF})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    game.submit("germany", {"type": "retreat", "place": "Karelia", "to": NF})
    assert types_in(game, NF, "germany") == ["infantry", "tank"]


def test_AA41_AMP_11_seaborne_units_never_retreat_others_do():
    game = assault([unit("infantry", "ussr", 3), att("tank", came_from=NF), att("fighter", came_from=NF)],
                   fleet([], [att("battleship", came_from="SZ 6")], "infantry"),
                   [6] * 10, extra={NF: [unit("infantry", "germany")]})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    game.submit("germany", {"type": "retreat", "place": "Karelia", "to": NF})
    retreat = events(game, "aa.retreated")[0]
    assert retreat["partial"] is True and len(retreat["units"]) == 1 and len(retreat["air"]) == 1
    assert types_in(game, NF, "germany") == ["infantry", "tank"]
    assert types_in(game, "Karelia", "germany") == ["fighter", "infantry"]
    battle = game.state["battles"]["Karelia"]
    assert battle["status"] == "fighting"
    seaborne = ids(game, "Karelia", "infantry", "germany")
    assert battle["seaborne"] == seaborne
    # the seaborne infantry fights on alone; it can never retreat
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "retreat", "place": "Karelia"})
    assert err.value.rule_id == "AA41-AMP-11"
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert [len(r["attackers"]) for r in events(game, "aa.battle_round")] == [3, 1]
