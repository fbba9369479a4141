"""Set-up, deck legality, the card-list validator and the verifiable shuffles (AWP-SETUP, AWP-DECK, AWP-RNG)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.engine import InvalidOrder
from pbem.games import rulesdata
from pbem.games.airwar_pacific import validate_decks
from pbem.games.airwar_pacific.state import player
from tests.games.airwar_pacific.awp_kit import RS, dealt, events_of


def sample() -> tuple[dict[str, Any], dict[str, Any]]:
    return (copy.deepcopy(rulesdata.load_json("airwar_pacific", "sample_cards.json")),
            copy.deepcopy(rulesdata.load_json("airwar_pacific", "sample_decks.json")))


def rules_of(problems: list[dict[str, Any]]) -> list[str]:
    return [p["rule"] for p in problems if p["level"] == "error"]


def test_sample_card_list_and_decks_are_valid_and_labelled_sample() -> None:
    cards, decks = sample()
    assert validate_decks(cards, decks) == []
    assert cards["sample"] is True and "NOT THE PUBLISHER" in cards["notice"]


def test_AWP_SETUP_01_two_seats_each_with_its_own_faction_deck() -> None:
    assert [s["id"] for s in RS.seats({})] == ["axis", "allies"]
    cards, decks = sample()
    del decks["decks"]["allies"]
    assert "AWP-SETUP-01" in rules_of(validate_decks(cards, decks))


def test_AWP_SETUP_02_industry_60_convoy_15_face_up() -> None:
    game = RS.new_game({}, seed="s")
    for seat in ("axis", "allies"):
        v = game.view("axis")["players"][seat]
        assert (v["industry"], v["convoy"]) == (60, 15)


def test_AWP_SETUP_03_lae_and_midway_start_mobilized_outside_the_shuffle() -> None:
    game = dealt()
    view = game.view(None)
    assert [b["card"] for b in view["players"]["axis"]["bases"]] == ["lae"]
    assert [b["card"] for b in view["players"]["allies"]["bases"]] == ["midway"]
    shuffle = [e for e in game.log() if e["type"] == "dice.shuffled"][0]
    assert shuffle["payload"]["n"] == 42 - 3  # Industry, Convoy and Lae are placed first


def test_AWP_SETUP_04_each_player_shuffles_and_draws_seven() -> None:
    game = dealt()
    for seat, size in (("axis", 42), ("allies", 44)):
        p = player(game.state, seat)
        assert len(p["hand"]) == 7 and len(p["pile"]) == size - 3 - 7
    assert len(events_of(game, "dice.shuffled")) == 2


def test_AWP_SETUP_05_axis_always_takes_the_first_turn() -> None:
    game = dealt()
    assert game.owed()[0]["seat"] == "axis" and game.owed()[0]["kind"] == "mobilize"


def test_AWP_SETUP_06_starting_base_is_not_a_mobilization_even_with_single_mobilization() -> None:
    game = dealt({"single_mobilization": True})
    carrier = next(i for i in player(game.state, "axis")["pile"] if game.state["cards"][i] == "akagi")
    p = player(game.state, "axis")
    p["pile"].remove(carrier)
    p["hand"].append(carrier)
    game.submit("axis", {"type": "mobilize", "cards": [{"card": carrier}]})  # Lae did not use the one card
    assert len(player(game.state, "axis")["bases"]) == 2


def test_AWP_DECK_01_at_least_41_cards_named_rule_in_message() -> None:
    cards, decks = sample()
    decks["decks"]["axis"]["cards"]["a6m2-zero"] = 4  # 42 - 3 = 39
    problem = next(p for p in validate_decks(cards, decks) if p["rule"] == "AWP-DECK-01")
    assert problem["message"] == ("The axis deck has 39 cards; at least 41 are needed, including Industry and "
                                  "Convoy. (AWP-DECK-01)")


def test_AWP_DECK_02_exactly_one_industry_convoy_and_starting_base() -> None:
    cards, decks = sample()
    decks["decks"]["axis"]["cards"]["convoy-axis"] = 2
    del decks["decks"]["allies"]["cards"]["midway"]
    decks["decks"]["allies"]["cards"]["henderson"] = 2
    assert rules_of(validate_decks(cards, decks)).count("AWP-DECK-02") == 2


def test_AWP_DECK_03_every_card_has_the_deck_nationality() -> None:
    cards, decks = sample()
    decks["decks"]["axis"]["cards"]["f4f-wildcat"] = 1
    assert "AWP-DECK-03" in rules_of(validate_decks(cards, decks))


def test_AWP_DECK_04_no_copy_limit_unless_the_option_sets_one_AWP_OPT_03() -> None:
    cards, decks = sample()
    decks["decks"]["axis"]["cards"]["a6m2-zero"] = 30
    assert validate_decks(cards, decks) == []
    assert "AWP-OPT-03" in rules_of(validate_decks(cards, decks, {"copy_limit": 4}))


def test_AWP_DECK_05_card_sets_are_a_game_option() -> None:
    cards, decks = sample()
    problems = validate_decks(cards, decks, {"card_sets": "base"})
    assert {p["params"]["card"] for p in problems if p["rule"] == "AWP-DECK-05"} >= {"para-frag", "b-26d"}
    assert validate_decks(cards, decks, {"card_sets": "base+1942"}) == []


def test_AWP_DECK_06_unknown_cards_abilities_and_formats_are_refused() -> None:
    cards, decks = sample()
    decks["decks"]["axis"]["cards"]["no-such-card"] = 1
    assert "AWP-DECK-06" in rules_of(validate_decks(cards, decks))
    cards, decks = sample()
    cards["cards"][10]["abilities"] = [{"key": "KAMIKAZE"}]
    assert "AWP-DECK-06" in rules_of(validate_decks(cards, decks))
    assert validate_decks(cards, decks, {"manual_abilities": True}) == []
    cards["cards"][10]["defense"] = "high"
    problem = validate_decks(cards, decks)[0]
    assert problem["rule"] == "AWP-DECK-06" and "cards/10/defense" in problem["message"]


def test_AWP_DECK_06_a_game_cannot_start_with_invalid_decks() -> None:
    cards, decks = sample()
    decks["decks"]["allies"]["cards"]["f4f-wildcat"] = 1
    decks["decks"]["allies"]["cards"]["b-17"] = 0
    with pytest.raises(InvalidOrder):
        RS.from_position({"card_list": cards, "decks": decks}, seed="x")
    decks["decks"]["allies"]["cards"]["b-17"] = 2
    decks["decks"]["allies"]["cards"]["f4f-wildcat"] = 1
    with pytest.raises(InvalidOrder) as err:
        RS.from_position({"card_list": cards, "decks": decks}, seed="x")
    assert err.value.rule_id == "AWP-DECK-01"


def test_AWP_DECK_07_no_hand_size_limit() -> None:
    game = dealt()
    p = player(game.state, "axis")
    p["hand"] += p["pile"][:20]
    p["pile"] = p["pile"][20:]
    game.submit("axis", {"type": "mobilize", "cards": []})
    assert len(player(game.state, "axis")["hand"]) == 27


def test_AWP_RNG_01_the_engine_shuffles_through_the_verifiable_dice() -> None:
    game = RS.new_game({}, seed="r")
    events = game.submit("axis", {"type": "deal"})
    shuffle = next(e for e in events if e["type"] == "dice.shuffled")
    assert shuffle["payload"]["context"] == {"awp": "deck", "seat": "axis"} and shuffle["payload"]["public"] is False
    assert [o["seat"] for o in game.owed()] == ["allies"]  # the Axis deck is dealt once


def test_AWP_RNG_02_deck_fingerprint_committed_before_the_first_draw() -> None:
    game = dealt()
    dealt_event = events_of(game, "awp.dealt")[0]
    fp = dealt_event["payload"]["fingerprint"]
    assert len(fp) == 64 and game.view("allies")["players"]["axis"]["fingerprint"] == fp
    assert any(e["type"] == "dice.committed" and e["seq"] < dealt_event["seq"] for e in game.log())


def test_AWP_RNG_03_mission_cards_sit_in_committed_random_slots() -> None:
    from tests.games.airwar_pacific.awp_kit import attack, take, to_attack

    game = dealt()
    ids = [take(game, "axis", "a6m2-zero"), take(game, "axis", "g4m-betty"), take(game, "axis", "d3a-val")]
    to_attack(game)
    attack(game, ids)
    shuffle = events_of(game, "dice.shuffled")[-1]
    assert shuffle["payload"]["context"]["awp"] == "mission" and shuffle["payload"]["n"] == 3
    assert sorted(x for x in game.state["attack"]["slots"] if x) == sorted(ids)
    assert game.state["attack"]["slots"] == [sorted(ids)[j] for j in shuffle["payload"]["order"]]
