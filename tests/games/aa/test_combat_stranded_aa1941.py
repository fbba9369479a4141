"""Stranded fighters: defending fighters whose carrier sank land when noncombat move begins (AA41-AIR-14)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, NotYourTurn
from tests.games.aa.battle_helpers import RS, att, combat, events, ids, types_in, unit

Z = "SZ 6"


def sink_carrier(extra=None, **kw):
    """Germany's sub sinks the UK carrier by surprise strike, then Germany retreats to SZ 5."""
    units = {Z: [unit("carrier", "uk"), {"type": "fighter", "owner": "uk", "aboard_entry": 0},
                 att("submarine", came_from="SZ 5"), att("battleship", came_from="SZ 5")], **(extra or {})}
    game = combat(units, dice=[1, 6, 6], **kw)
    game.submit("germany", {"type": "battle", "place": Z})
    fighter = [u for u in game.state["units"][Z] if u["type"] == "fighter"][0]
    assert fighter["t_stranded"] and "aboard" not in fighter
    game.submit("germany", {"type": "retreat", "place": Z, "to": "SZ 5"})
    return game, fighter["id"]


def test_AA41_AIR_14_single_landing_place_is_taken_automatically():
    game, fighter = sink_carrier()
    game.submit("germany", {"type": "end_phase"})
    assert game.state["phase"] == "noncombat_move"
    landed = events(game, "aa.stranded_landed")[0]
    assert landed == {"unit": fighter, "from": Z, "to": "United Kingdom", "carrier": None, "by": "automatic"}
    assert types_in(game, "United Kingdom", "uk") == ["fighter"]


def test_AA41_AIR_14_standing_orders_choose_among_landing_places():
    game, fighter = sink_carrier(extra={"SZ 7": [unit("carrier", "uk")]})
    game.submit("germany", {"type": "end_phase"})
    assert events(game, "aa.stranded_landed")[0]["by"] == "standing orders"
    assert fighter in ids(game, "United Kingdom")


def test_AA41_AIR_14_owner_decides_under_ask_defender():
    game, fighter = sink_carrier(extra={"SZ 7": [unit("carrier", "uk")]}, options={"ask_defender": True})
    game.submit("germany", {"type": "end_phase"})
    assert [(o["seat"], o["kind"]) for o in game.owed()] == [("uk", "stranded")]
    with pytest.raises(NotYourTurn):
        game.submit("germany", {"type": "end_phase"})
    carrier = ids(game, "SZ 7", "carrier")[0]
    assert RS.default_order(game.state, "uk") == {"type": "land_stranded", "unit": fighter,
                                                  "to": "United Kingdom", "carrier": None}
    with pytest.raises(IllegalOrder):
        game.submit("uk", {"type": "land_stranded", "unit": fighter, "to": "Western Europe"})
    game.submit("uk", {"type": "land_stranded", "unit": fighter, "to": "SZ 7"})
    unit_ = [u for u in game.state["units"]["SZ 7"] if u["id"] == fighter][0]
    assert unit_["aboard"] == carrier and "t_stranded" not in unit_
    assert game.owed()[0]["seat"] == "germany"


def test_AA41_AIR_14_fighter_with_nowhere_to_land_is_lost():
    game, fighter = sink_carrier(owners={"United Kingdom": "germany"})
    game.submit("germany", {"type": "end_phase"})
    assert events(game, "aa.stranded_lost") == [{"unit": fighter, "space": Z, "by": "automatic"}]
    assert types_in(game, Z, "uk") == []
