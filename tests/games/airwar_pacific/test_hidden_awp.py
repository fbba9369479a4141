"""Hidden information through ``view`` and ``event_view`` (AWP-HID-01..11), and the re-deal check."""

from __future__ import annotations

import json

from pbem.games.airwar_pacific.conformance import secrets
from pbem.games.airwar_pacific.state import player
from tests.games.airwar_pacific.awp_kit import RS, attack, base, dealt, events_of, pass_battles, take, to_attack


def seen_by(game, viewer) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(game.view(viewer)) + json.dumps([RS.event_view(e, viewer) for e in game.log()])


def test_AWP_HID_01_hands_are_private_their_size_public() -> None:
    game = dealt()
    hand = player(game.state, "axis")["hand"]
    assert game.view("allies")["players"]["axis"]["hand_count"] == 7
    assert "hand" not in game.view("allies")["players"]["axis"]
    text = seen_by(game, "allies")
    assert not [i for i in hand if i in text]
    assert [c["id"] for c in game.view("axis")["players"]["axis"]["hand"]] == hand


def test_AWP_HID_02_pile_order_hidden_from_everyone_even_its_owner() -> None:
    game = dealt()
    pile = player(game.state, "axis")["pile"]
    for viewer in ("axis", "allies", None):
        text = seen_by(game, viewer)
        assert not [i for i in pile if i in text]
    for e in events_of(game, "dice.shuffled"):
        assert "order" not in RS.event_view(e, "axis")["payload"]
    assert game.view("allies")["players"]["axis"]["pile_count"] == len(pile)


def test_AWP_HID_03_AWP_HID_09_discards_are_public() -> None:
    game = dealt()
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    attack(game, [zero])
    w = take(game, "allies", "f4f-wildcat")
    game.submit("allies", {"type": "intercept", "cards": [{"card": w}]})
    game.submit("allies", {"type": "engage", "interceptor": w, "target": {"slot": 0}})
    pass_battles(game)
    assert {"id": zero, "card": "a6m2-zero"} in game.view("allies")["players"]["axis"]["discard"]


def test_AWP_HID_04_table_cards_values_and_yorktown_marker_are_public() -> None:
    game = dealt()
    york = base(game, "allies", "yorktown")
    next(b for b in player(game.state, "allies")["bases"] if b["id"] == york)["damaged_turn"] = 1
    seen = game.view("axis")["players"]["allies"]
    assert seen["industry"] == 60 and seen["convoy"] == 15
    assert {"card": "yorktown", "damaged": True}.items() <= seen["bases"][-1].items()


def test_AWP_HID_05_target_and_size_public_mission_cards_hidden_until_turned_up() -> None:
    game = dealt()
    ids = [take(game, "axis", "a6m2-zero"), take(game, "axis", "g4m-betty")]
    to_attack(game)
    attack(game, ids)
    text = seen_by(game, "allies")
    assert not [i for i in ids if i in text]
    order = [e for e in game.log() if e["type"] == "order"][-1]
    assert RS.event_view(order, "allies")["payload"]["order"] == {"type": "attack", "target": {"kind": "resources"}}
    w = take(game, "allies", "p-400")
    game.submit("allies", {"type": "intercept", "cards": [{"card": w}]})
    game.submit("allies", {"type": "engage", "interceptor": w, "target": {"slot": 0}})
    picked = game.state["attack"]["fight"]["attacker_card"]
    text = seen_by(game, "allies")
    assert picked in text and [i for i in ids if i != picked][0] not in text


def test_AWP_HID_06_intercept_size_public_cards_hidden_unused_land_face_down() -> None:
    game = dealt()
    base(game, "axis", "kaga")
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    attack(game, [zero])
    fighters = [take(game, "allies", "p-400"), take(game, "allies", "f4f-wildcat")]
    game.submit("allies", {"type": "intercept", "cards": [{"card": f} for f in fighters]})
    assert game.view("axis")["attack"]["intercept_size"] == 2
    assert not [f for f in fighters if f in seen_by(game, "axis")]
    game.submit("allies", {"type": "engage", "interceptor": fighters[0], "target": {"slot": 0}})
    pass_battles(game)
    game.submit("allies", {"type": "end_combat"}) if game.state["phase"] == "engage" else None
    assert fighters[1] in player(game.state, "allies")["face_down"]
    assert fighters[1] not in seen_by(game, "axis") and fighters[1] in secrets(RS, game.state, "allies")


def test_AWP_HID_07_attackers_and_played_interceptors_land_face_up() -> None:
    game = dealt()
    base(game, "axis", "kaga")
    zero = take(game, "axis", "g4m-betty")
    to_attack(game)
    attack(game, [zero])
    w = take(game, "allies", "p-400")
    game.submit("allies", {"type": "intercept", "cards": [{"card": w}]})
    game.submit("allies", {"type": "engage", "interceptor": w, "target": {"slot": 0}})
    pass_battles(game)
    if game.state["phase"] == "allocate":
        game.submit("axis", {"type": "allocate", "convoy": []})
    assert {"id": w, "card": "p-400", "face_down": False} in game.view("axis")["players"]["allies"]["bases"][0][
        "landed"]
    assert {"id": zero, "card": "g4m-betty", "face_down": False} in game.view("allies")["players"]["axis"]["bases"][
        0]["landed"]


def test_AWP_HID_08_battle_cards_revealed_when_played() -> None:
    game = dealt()
    base(game, "axis", "kaga")
    zero = take(game, "axis", "a6m2-zero")
    vet = take(game, "axis", "veteran-axis")
    to_attack(game)
    attack(game, [zero])
    assert vet not in seen_by(game, "allies")
    w = take(game, "allies", "p-400")
    game.submit("allies", {"type": "intercept", "cards": [{"card": w}]})
    game.submit("allies", {"type": "engage", "interceptor": w, "target": {"slot": 0}})
    game.submit("axis", {"type": "battle", "card": vet, "on": zero})
    assert vet in seen_by(game, "allies")
    pass_battles(game)
    assert {"id": vet, "card": "veteran-axis", "on": zero, "owner": "axis"} in game.view("allies")["attached"]


def test_AWP_HID_10_deck_lists_private_fingerprint_public_catalogue_public() -> None:
    game = dealt()
    created = RS.event_view(game.log()[0], "allies")
    assert list(created["payload"]["position"]["decks"]["decks"]) == ["allies"]
    assert RS.event_view(game.log()[0], None)["payload"]["position"]["decks"]["decks"] == {}
    assert "deck_list" not in game.view("allies")["players"]["axis"]
    assert game.view("allies")["catalogue"]["akagi"]["capacity"] == 3


def test_AWP_HID_11_prompts_shown_regardless_of_holdings() -> None:
    game = dealt()
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    player(game.state, "allies")["pile"] += player(game.state, "allies")["hand"]
    player(game.state, "allies")["hand"] = []
    attack(game, [zero])
    assert game.owed()[0]["seat"] == "allies" and game.owed()[0]["kind"] == "intercept"


def test_the_leak_check_has_teeth_raw_events_hold_the_secrets() -> None:
    game = dealt()
    needles = secrets(RS, game.state, "axis")
    raw = json.dumps(game.log())
    assert needles and all(n in raw for n in needles)
    assert not [n for n in needles if n in seen_by(game, "allies")]


def test_AWP_RNG_verify_deals_accepts_a_finished_game_and_catches_a_changed_deal() -> None:
    import random

    from pbem.games.airwar_pacific.bot import RandomBot

    game = RS.new_game({}, seed="deal-check")
    bot = RandomBot(RS, random.Random(5))
    assert RS.verify_deals(game.log())  # nothing revealed yet
    while game.result() is None:
        bot.act(game)
    log = game.log()
    assert RS.verify_deals(log) == []
    bad = json.loads(json.dumps(log))
    dealt_event = next(e for e in bad if e["type"] == "awp.dealt")
    pile = dealt_event["payload"]["sealed"]["pile"]
    pile[0]["card"], pile[-1]["card"] = pile[-1]["card"], pile[0]["card"]
    if pile[0]["card"] != pile[-1]["card"]:
        assert any("differs from the re-dealt deck" in p for p in RS.verify_deals(bad))
    bad = json.loads(json.dumps(log))
    turn = next(e for e in bad if e["type"] == "awp.turn_started" and e["payload"]["draw"])
    turn["payload"]["secret"]["drawn"].reverse()
    assert any("drew cards other than the top" in p for p in RS.verify_deals(bad))
