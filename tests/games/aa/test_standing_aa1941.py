"""Standing orders, the "ask the defender" option and the deadline defaults (AA41-CMB-33, AA41-MNF-05)."""

from __future__ import annotations

import pytest

from pbem.engine import IllegalOrder, InvalidOrder, NotYourTurn
from tests.games.aa.battle_helpers import RS, att, combat, events, ids, replays_equal, types_in, unit

NF = "Norway Finland"


def karelia(defenders, dice, **kw):
    return combat({"Karelia": [*defenders, att("tank", 2, came_from=NF)]}, dice=dice, **kw)


def test_AA41_CMB_33_standing_orders_may_be_sent_any_time_by_any_seat():
    game = karelia([unit("infantry", "ussr"), unit("tank", "ussr")], [])
    game.submit("ussr", {"type": "standing", "loss_order": ["tank"], "submerge": True})
    assert game.state["standing"]["ussr"]["loss_order"] == ["tank"]
    assert game.state["standing"]["ussr"]["submerge"] is True
    game.submit("uk", {"type": "standing", "keep_last": ["battleship"]})
    assert game.state["standing"]["uk"]["keep_last"] == ["battleship"]
    with pytest.raises(InvalidOrder):
        game.submit("ussr", {"type": "standing", "loss_order": ["cruiser"]})
    with pytest.raises(InvalidOrder):
        game.submit("ussr", {"type": "standing", "loss_order": ["tank"], "keep_last": ["tank"]})
    # standing orders do not make anyone else owe anything: Germany still plays
    assert game.owed()[0]["seat"] == "germany"


def test_AA41_CMB_33_defender_casualties_taken_from_standing_orders():
    game = karelia([unit("infantry", "ussr"), unit("tank", "ussr")], [3, 6, 6, 6])
    game.submit("ussr", {"type": "standing", "loss_order": ["tank"]})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    cas = events(game, "aa.casualties")[0]
    assert cas["side"] == "defender" and cas["by"] == "standing orders"
    assert types_in(game, "Karelia", "ussr") == ["infantry"]
    assert replays_equal(game)


def test_AA41_CMB_33_default_loss_order_is_cheapest_first():
    game = karelia([unit("tank", "ussr"), unit("infantry", "ussr")], [3, 6, 6, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert types_in(game, "Karelia", "ussr") == ["tank"]


def test_ask_defender_makes_the_casualty_choice_owed_by_the_defender():
    game = karelia([unit("infantry", "ussr"), unit("tank", "ussr")], [3, 6, 6, 6], options={"ask_defender": True})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    owed = game.owed()
    assert [(o["seat"], o["kind"]) for o in owed] == [("ussr", "casualties")]
    with pytest.raises(NotYourTurn):
        game.submit("germany", {"type": "battle", "place": "Karelia"})
    # the deadline default is the standing-order choice
    default = RS.default_order(game.state, "ussr")
    assert default == {"type": "casualties", "place": "Karelia", "units": ids(game, "Karelia", "infantry", "ussr")}
    tank = ids(game, "Karelia", "tank", "ussr")
    game.submit("ussr", {"type": "casualties", "place": "Karelia", "units": tank})
    cas = events(game, "aa.casualties")[0]
    assert cas["by"] == "defender" and cas["destroyed"] == tank
    # the round went on: the defender fired back
    assert events(game, "aa.battle_hits")[-1]["side"] == "defender"
    assert replays_equal(game)


def test_AA41_MNF_05_multinational_defenders_choose_jointly_else_attacker():
    defenders = [unit("infantry", "ussr"), unit("infantry", "uk")]
    game = karelia(defenders, [3, 6, 6, 6], options={"ask_defender": True})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert sorted(o["seat"] for o in game.owed()) == ["uk", "ussr"]
    ussr_inf, uk_inf = ids(game, "Karelia", "infantry", "ussr"), ids(game, "Karelia", "infantry", "uk")
    game.submit("ussr", {"type": "casualties", "place": "Karelia", "units": uk_inf})
    assert [o["seat"] for o in game.owed()] == ["uk"]
    game.submit("uk", {"type": "casualties", "place": "Karelia", "units": ussr_inf})
    # they disagree (Interp. AMB-20): the attacker chooses
    assert [o["seat"] for o in game.owed()] == ["germany"]
    game.submit("germany", {"type": "casualties", "place": "Karelia", "units": uk_inf})
    assert events(game, "aa.casualties")[0]["by"] == "attacker"
    assert types_in(game, "Karelia", "uk") == []


def test_AA41_MNF_05_agreeing_defenders_choice_applies():
    game = karelia([unit("infantry", "ussr"), unit("infantry", "uk")], [3, 6, 6, 6], options={"ask_defender": True})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    uk_inf = ids(game, "Karelia", "infantry", "uk")
    game.submit("ussr", {"type": "casualties", "place": "Karelia", "units": uk_inf})
    game.submit("uk", {"type": "casualties", "place": "Karelia", "units": uk_inf})
    assert events(game, "aa.casualties")[0]["by"] == "defender"
    assert types_in(game, "Karelia", "uk") == []


def test_AA41_MNF_01_multinational_force_defends_together():
    game = karelia([unit("infantry", "ussr"), unit("fighter", "uk")], [6, 6, 6, 6])
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    rnd = events(game, "aa.battle_round")[0]
    assert sorted(u["owner"] for u in rnd["defenders"]) == ["uk", "ussr"]
    assert game.state["owners"]["Karelia"] == "ussr"  # sharing the space changed no control


def test_standing_orders_are_hidden_from_other_seats():
    game = karelia([unit("infantry", "ussr")], [])
    game.submit("ussr", {"type": "standing", "loss_order": ["infantry"]})
    assert RS.view(game.state, "ussr")["standing"] == {"ussr": game.state["standing"]["ussr"]}
    assert RS.view(game.state, "germany")["standing"] == {}
    assert RS.view(game.state, None)["standing"] == {}
    order_event = [e for e in game.log() if e["type"] == "order"][-1]
    standing_event = game.log()[-1]
    assert RS.event_view(order_event, "germany")["payload"] == {"order": {"type": "standing"}, "hidden": True}
    assert "orders" not in RS.event_view(standing_event, "germany")["payload"]
    assert RS.event_view(standing_event, "ussr") == standing_event
    assert game.state["standing"]["ussr"]["loss_order"] == ["infantry"]  # the real state is untouched


def test_deadline_default_for_the_attacker_fights_the_next_battle():
    game = karelia([unit("infantry", "ussr")], [3, 6, 6])
    assert RS.default_order(game.state, "germany") == {"type": "battle", "place": "Karelia"}
    game.submit("germany", RS.default_order(game.state, "germany"))
    assert RS.default_order(game.state, "germany") == {"type": "end_phase"}


def test_attacker_owed_choice_default_uses_its_standing_orders():
    game = combat({"Karelia": [unit("infantry", "ussr", 2), att("infantry", came_from=NF),
                               att("tank", came_from=NF)]}, dice=[6, 6, 1, 6],
                  standing={"germany": {"loss_order": ["tank"]}})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    default = RS.default_order(game.state, "germany")
    assert default == {"type": "casualties", "place": "Karelia", "units": ids(game, "Karelia", "tank", "germany")}
    with pytest.raises(IllegalOrder):
        game.submit("germany", {"type": "end_phase"})
    game.submit("germany", default, by="deadline")
    assert types_in(game, "Karelia", "germany") == ["infantry"]


def test_AA41_CMB_33_legal_options_offer_battles_retreats_and_the_owed_choice():
    game = combat({"Karelia": [unit("infantry", "ussr", 2), att("infantry", came_from=NF),
                               att("tank", came_from=NF)]}, dice=[6, 6, 1, 6, 6, 6, 6, 6])
    assert RS.legal_options(game.state, "germany")["battles"] == [{"place": "Karelia", "round": 0, "kind": "land"}]
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    owed = RS.legal_options(game.state, "germany")
    assert owed["owed_casualties"] == "Karelia" and owed["casualties"]["count"] == 1
    assert sorted(owed["casualties"]["candidates"]) == sorted(ids(game, "Karelia", owner="germany"))
    game.submit("germany", {"type": "casualties", "place": "Karelia", "units": owed["casualties"]["default"]})
    battle = RS.legal_options(game.state, "germany")["battles"][0]
    assert battle["retreat_to"] == [NF] and battle["air_retreat"] is False
    assert RS.describe_event(game.log()[-1]) is not None


def test_AA41_CMB_33_attacker_may_let_standing_orders_choose_its_casualties():
    game = combat({"Karelia": [unit("infantry", "ussr", 2), att("infantry", came_from=NF),
                               att("tank", came_from=NF)]}, dice=[6, 6, 1, 6],
                  standing={"germany": {"auto_casualties": True, "loss_order": ["tank"]}})
    game.submit("germany", {"type": "battle", "place": "Karelia"})
    assert game.owed()[0]["kind"] != "casualties"
    cas = events(game, "aa.casualties")[-1]
    assert cas["side"] == "attacker" and cas["by"] == "standing orders"
    assert types_in(game, "Karelia", "germany") == ["infantry"]
