"""The standing preferences of Global 1940 played through the ruleset: canal permissions
(G40-MAP-14, AMB-34), France's liberation units (G40-NO-FRA-01, AMB-23) and China placing in a
territory it captured this turn (G40-CHINA-04)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.engine import Game, InvalidOrder
from pbem.games.aa.mobilize import usable_complexes
from tests.games.global1940.facade import RS, end, events, game_at, refused, start_position, unit_id


# -- canal permissions (G40-MAP-14, AMB-34) ---------------------------------------------------
def _italian_cruiser_at_panama() -> Game:
    """Italy, not at war with the United States, with a cruiser beside the Panama Canal (the
    US holds Central America)."""
    position = start_position()
    position["units"]["SZ 89"] = [{"type": "cruiser", "owner": "italy"}]
    return game_at("italy", "noncombat_move", edit=position)


def _through_panama(game: Game) -> dict[str, Any]:
    return {"type": "move", "units": [unit_id(game, "SZ 89", "cruiser", "italy")],
            "route": ["SZ 89", "SZ 64"]}


def test_G40_MAP_14_AMB_34_a_canal_stays_shut_without_its_controllers_permission() -> None:
    game = _italian_cruiser_at_panama()
    assert refused(game, "italy", _through_panama(game)) == "G40-MAP-14"  # default deny
    game.submit("usa", {"type": "standing", "canal_permissions": {"italy": "deny"}})
    assert refused(game, "italy", _through_panama(game)) == "G40-MAP-14"


def test_G40_MAP_14_AMB_34_the_controllers_standing_permission_opens_the_canal() -> None:
    game = _italian_cruiser_at_panama()
    game.submit("usa", {"type": "standing", "canal_permissions": {"italy": "allow"}})
    assert game.state["standing"]["usa"]["canal_permissions"] == {"italy": "allow"}
    game.submit("italy", _through_panama(game))
    assert any(u["type"] == "cruiser" and u["owner"] == "italy"
               for u in game.state["units"]["SZ 64"])


def test_G40_MAP_14_AMB_34_a_permission_changes_only_the_powers_it_names() -> None:
    game = _italian_cruiser_at_panama()
    game.submit("usa", {"type": "standing", "canal_permissions": {"italy": "allow",
                                                                   "japan": "allow"}})
    game.submit("usa", {"type": "standing", "canal_permissions": {"italy": "deny"}})
    assert game.state["standing"]["usa"]["canal_permissions"] == {"japan": "allow",
                                                                   "italy": "deny"}
    assert refused(game, "italy", _through_panama(game)) == "G40-MAP-14"


def test_G40_MAP_14_AMB_34_permissions_go_to_powers_of_the_other_alliance_only() -> None:
    game = _italian_cruiser_at_panama()
    assert refused(game, "usa", {"type": "standing",
                                  "canal_permissions": {"uk": "allow"}}) == "G40-MAP-14"
    for bad in ({"italy": "maybe"}, {"atlantis": "allow"}, ["italy"]):
        with pytest.raises(InvalidOrder) as err:  # the order schema
            game.submit("usa", {"type": "standing", "canal_permissions": bad})
        assert err.value.rule_id == "ENGINE-ORDER-5"
    assert "canal_permissions" not in game.state["standing"].get("usa", {})


def test_G40_MAP_14_AMB_34_legal_options_list_the_permissions_a_power_may_give() -> None:
    game = _italian_cruiser_at_panama()
    game.submit("usa", {"type": "standing", "canal_permissions": {"japan": "allow"}})
    offer = RS.legal_options(game.state, "usa")["standing_choices"]["canal_permissions"]
    assert offer["powers"] == ["germany", "japan", "italy"]
    assert offer["current"] == {"germany": "deny", "japan": "allow", "italy": "deny"}
    assert RS.query(game.state, "usa", "standing_choices", {}) == \
        RS.legal_options(game.state, "usa")["standing_choices"]
    assert "france_bonus" not in RS.legal_options(game.state, "usa")["standing_choices"]


def test_G40_MAP_14_other_seats_never_see_a_canal_permission() -> None:
    game = _italian_cruiser_at_panama()
    game.submit("usa", {"type": "standing", "canal_permissions": {"italy": "allow"}})
    assert "usa" not in RS.view(game.state, "italy")["standing"]
    assert RS.view(game.state, "usa")["standing"]["usa"]["canal_permissions"] == {
        "italy": "allow"}


# -- France's liberation bonus (G40-NO-FRA-01, AMB-23) ----------------------------------------
def _liberate_paris(game: Game) -> None:
    tank = unit_id(game, "Southern France", "tank", "uk")
    game.submit("uk", {"type": "move", "units": [tank], "route": ["Southern France", "France"]})
    end(game)
    while game.state["phase"] == "combat":
        end(game)


def _paris_held_by_germany() -> Game:
    position = start_position()
    position["owners"].update({"France": "germany", "Southern France": "uk"})
    position["units"]["France"] = []
    position["units"]["Southern France"] = [{"type": "tank", "owner": "uk"}]
    return game_at("uk", "combat_move", edit=position)


def test_G40_NO_FRA_01_AMB_23_france_places_the_land_units_it_chose() -> None:
    game = _paris_held_by_germany()
    game.submit("france", {"type": "standing", "france_bonus": {"tank": 1, "artillery": 1}})
    _liberate_paris(game)
    french = sorted(u["type"] for u in game.state["units"]["France"] if u["owner"] == "france")
    assert french == ["artillery", "tank"]  # 10 of the 12 IPCs: the remainder is lost
    assert events(game, "aa.g40_france_bonus")[0]["units"] == {"artillery": 1, "tank": 1}
    assert "france_bonus" not in RS.legal_options(game.state, "france")["standing_choices"]


def test_G40_NO_FRA_01_AMB_23_the_choice_is_worth_at_most_12_ipcs_of_french_land_units() -> None:
    game = _paris_held_by_germany()
    assert refused(game, "france", {"type": "standing",
                                     "france_bonus": {"tank": 2, "infantry": 1}}) \
        == "G40-NO-FRA-01"
    assert refused(game, "uk", {"type": "standing", "france_bonus": {"tank": 2}}) \
        == "G40-NO-FRA-01"
    with pytest.raises(InvalidOrder) as err:  # the order schema: land units only
        game.submit("france", {"type": "standing", "france_bonus": {"fighter": 1}})
    assert err.value.rule_id == "ENGINE-ORDER-5"
    offer = RS.legal_options(game.state, "france")["standing_choices"]["france_bonus"]
    assert offer["ipcs"] == 12 and offer["territory"] == "France"
    assert offer["current"] == {"infantry": 4} and offer["costs"]["tank"] == 6
    assert "fighter" not in offer["costs"]


def test_G40_NO_FRA_01_AMB_23_an_unreadable_kept_choice_falls_back_to_4_infantry() -> None:
    position = start_position()
    position["owners"].update({"France": "germany", "Southern France": "uk"})
    position["units"]["France"] = []
    position["units"]["Southern France"] = [{"type": "tank", "owner": "uk"}]
    position["standing"] = {"france": {"france_bonus": {"tank": 3}}}  # 18 IPCs, not checked
    game = game_at("uk", "combat_move", edit=position)
    _liberate_paris(game)
    assert events(game, "aa.g40_france_bonus")[0]["units"] == {"infantry": 4}


# -- China's placement (G40-CHINA-04) ---------------------------------------------------------
def _china_took_kwangsi() -> Game:
    position = start_position()
    position["units"]["Kwangsi"] = []
    position["owners"]["Kwangtung"] = "china"
    game = game_at("china", "purchase", edit=position)
    game.submit("china", {"type": "purchase", "units": {"infantry": 2}})
    end(game)
    game.submit("china", {"type": "move", "units": [unit_id(game, "Yunnan", "infantry", "china")],
                          "route": ["Yunnan", "Kwangsi"]})
    while game.state["phase"] != "mobilize":
        end(game)
    return game


def test_G40_CHINA_04_china_places_in_a_territory_it_captured_this_turn() -> None:
    game = _china_took_kwangsi()
    assert game.state["owners"]["Kwangsi"] == "china"
    assert "Kwangsi" in game.state["captured_this_turn"]
    assert "Kwangsi" in RS.legal_options(game.state, "china")["mobilize"]["places"]
    game.submit("china", {"type": "place", "units": {"infantry": 2}, "at": "Kwangsi"})
    assert events(game, "aa.placed")[0]["at"] == "Kwangsi"


def test_G40_CHINA_04_never_in_kwangtung_or_burma_even_when_china_holds_them() -> None:
    game = _china_took_kwangsi()
    places = RS.legal_options(game.state, "china")["mobilize"]["places"]
    assert "Kwangtung" not in places and "Burma" not in places
    assert not any(RS.data.spaces[s].is_sea for s in places)
    assert refused(game, "china", {"type": "place", "units": {"infantry": 1},
                                    "at": "Kwangtung"}) == "G40-CHINA-04"


def test_G40_MOB_01_other_powers_still_need_a_complex_held_since_the_turn_began() -> None:
    state = copy.deepcopy(game_at("japan", "mobilize").state)
    state["installations"]["Kwangsi"] = {"minor_complex": 0}
    assert "Kwangsi" in usable_complexes(RS, state, "japan")
    state["owners_at_turn_start"]["Kwangsi"] = "china"  # as if Japan took it this turn
    state["captured_this_turn"].append("Kwangsi")
    assert "Kwangsi" not in usable_complexes(RS, state, "japan")
