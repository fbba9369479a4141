"""Turn sequence (VIC-SEQ-*), dice (VIC-RNG-*), fog of war (VIC-FOG-*) and optional rules (VIC-OPT-*)."""

from __future__ import annotations

import json
import random

import pytest

from pbem.engine import NotYourTurn, ScriptedDice
from pbem.engine.dice_verify import verify_dice
from pbem.games.victory.bot import make_bot
from tests.games.victory.kit import RS, battle, blk, end_player_turn, fire, game, move, owed_kind, refused, scenario
from tests.games.victory.kit import types as kinds

TWO = [blk("blue-001", "IN", 2, "0705"), blk("red-001", "IN", 2, "0805")]


def _deploying(blocks, dice):
    return RS.from_position({"scenario": scenario(), "blocks": blocks, "phase": "deploy"}, dice=ScriptedDice(dice))


def test_VIC_SEQ_01_initiative_two_player_turns_victory_check_then_production() -> None:
    g = RS.new_game({}, seed="seq")
    g.submit("blue", {"type": "deploy"})
    g.submit("red", {"type": "deploy"})
    for seat in list(g.state["order"]):
        end_player_turn(g, seat)
    g.submit("blue", {"type": "produce", "builds": []})
    g.submit("red", {"type": "produce", "builds": []})
    t = [x for x in kinds(g.log()) if x in ("vic.initiative", "vic.player_turn", "vic.victory_check",
                                           "vic.production_started", "vic.production_revealed")]
    assert t == ["vic.initiative", "vic.player_turn", "vic.player_turn", "vic.victory_check",
                 "vic.production_started", "vic.production_revealed", "vic.initiative", "vic.player_turn"]
    assert g.state["turn"] == 2


def test_VIC_SEQ_02_higher_two_dice_total_goes_first_ties_roll_again() -> None:
    g = _deploying([blk("blue-001", "IN", 1, "0302"), blk("red-001", "IN", 1, "1402")], [3, 3, 2, 4, 1, 2, 6, 5])
    assert refused(g, "blue", {"type": "end_move"}) == "VIC-SEQ-04"  # deployment first
    g.submit("blue", {"type": "deploy"})
    g.submit("red", {"type": "deploy"})
    ini = next(e for e in g.log() if e["type"] == "vic.initiative")["payload"]
    assert ini["rolls"] == [{"blue": 6, "red": 6}, {"blue": 3, "red": 11}]
    assert ini["order"] == ["red", "blue"] and owed_kind(g) == ("red", "move")


def test_VIC_SEQ_03_the_same_player_may_take_two_player_turns_in_a_row() -> None:
    g = game([blk("blue-001", "IN", 1, "0302"), blk("red-001", "IN", 1, "1402")], dice=[1, 1, 6, 6], active="blue",
             pt=1)
    assert g.state["active"] == "red"
    end_player_turn(g, "red")
    g.submit("blue", {"type": "produce", "builds": []})
    g.submit("red", {"type": "produce", "builds": []})
    assert g.state["turn"] == 2 and g.state["order"] == ["red", "blue"] and owed_kind(g) == ("red", "move")


def test_VIC_SEQ_04_player_turn_is_move_cover_combat_then_end_steps_for_the_other_side() -> None:
    g = battle(TWO, [1, 1, 1, 1], [("blue-001", ["0705", "0805"])])
    fire(g, "red", "red-001")
    assert owed_kind(g) == ("blue", "end_turn")
    g.submit("blue", {"type": "end_turn"})
    t = kinds(g.log())
    order = ["vic.moved", "vic.movement_ended", "vic.air_cover", "vic.battle_started", "vic.battle_ended",
             "vic.beachheads", "vic.control", "vic.attrition"]
    assert [t.index(x) for x in order] == sorted(t.index(x) for x in order)
    assert [e for e in g.log() if e["type"] == "vic.attrition"][-1]["payload"]["side"] == "red"


def test_VIC_SEQ_06_every_move_is_finished_before_combat() -> None:
    g = battle([*TWO, blk("blue-002", "IN", 2, "0505")], [6, 6], [("blue-001", ["0705", "0805"])])
    fire(g, "red", "red-001")
    assert owed_kind(g) == ("blue", "act")
    assert refused(g, "blue", {"type": "move", "moves": [{"block": "blue-002", "path": ["0505", "0605"]}]}) \
        == "VIC-SEQ-06"
    assert refused(g, "blue", {"type": "end_move"}) == "VIC-SEQ-06"


def test_VIC_SEQ_07_production_is_sealed_until_both_are_in() -> None:
    g = game([blk("blue-001", "IN", 1, "0302"), blk("red-001", "IN", 1, "1402")], dice=[6, 6, 1, 1], active="red", pt=1)
    end_player_turn(g, "blue")
    g.submit("blue", {"type": "produce", "builds": [{"city": "0302", "new": "IN", "steps": 3}]})
    with pytest.raises(NotYourTurn):
        g.submit("blue", {"type": "produce", "builds": []})  # sent once, sealed
    assert len(g.state["blocks"]) == 2  # nothing applied yet
    red_view = json.dumps(RS.view(g.state, "red"))
    assert '"blue": true' in red_view and "0302\", \"new\"" not in red_view
    sealed = [e for e in g.log() if e["type"] == "vic.production_sealed"][-1]
    assert "secret" not in RS.event_view(sealed, "red")["payload"]
    g.submit("red", {"type": "produce", "builds": []})
    assert len(g.state["blocks"]) == 3


def _short_game(seed: str):
    sc = scenario()
    sc["victory"] = {"turns": 1}
    g = RS.from_position({"scenario": sc}, seed=seed)
    bot = make_bot(RS, random.Random(seed))
    for _ in range(2000):
        if g.result() is not None:
            break
        bot.act(g)
    assert g.result() is not None
    return g


def test_VIC_RNG_01_VIC_RNG_02_six_sided_engine_dice_committed_first_revealed_at_the_end() -> None:
    g = _short_game("rng")
    log = g.log()
    rolls = [e for e in log if e["type"] == "dice.rolled"]
    assert rolls and all(e["payload"]["sides"] == 6 and all(1 <= f <= 6 for f in e["payload"]["faces"])
                         for e in rolls)
    first_commit = next(i for i, e in enumerate(log) if e["type"] == "dice.committed")
    assert first_commit < log.index(rolls[0])
    assert all("initiative" in e["payload"]["context"] or {"battle", "round", "block", "target"}
               <= set(e["payload"]["context"]) for e in rolls)  # each roll says what it was for
    assert any(e["type"] == "dice.revealed" for e in log)
    report = verify_dice(log)
    assert report.ok and report.checked == len(rolls)


def test_VIC_RNG_03_a_replay_reproduces_every_roll() -> None:
    g = _short_game("again")
    again = RS.replay(g.log())
    assert again.state == g.state
    assert [e["payload"]["faces"] for e in again.log() if e["type"] == "dice.rolled"] == \
        [e["payload"]["faces"] for e in g.log() if e["type"] == "dice.rolled"]


def test_VIC_FOG_02_the_opponent_sees_where_every_block_is_including_carried_air_and_ships() -> None:
    g = game([blk("blue-001", "BB", 2, "0101"), blk("blue-002", "CV", 2, "0201"),
              blk("blue-003", "FA", 1, "0201", carrier="blue-002"), blk("red-001", "IN", 1, "1402")])
    others = RS.view(g.state, "red")["others"]
    assert {"side": "blue", "hex": "0101"} in others
    assert {"side": "blue", "hex": "0201", "aboard": 1} in others and {"side": "blue", "hex": "0201",
                                                                       "carried": True} in others
    assert "BB" not in json.dumps(others) and "blue-00" not in json.dumps(others)


def test_VIC_FOG_03_the_opponent_sees_paths_not_types_a_drop_only_as_an_arrival() -> None:
    g = game([blk("blue-001", "IN", 2, "0505"), blk("blue-002", "AB", 2, "0305"), blk("red-001", "IN", 1, "1607")])
    move(g, "blue", "blue-001", ["0505", "0605", "0705"])
    move(g, "blue", "blue-002", ["0305", "0605"], mode="para")
    seen = [RS.event_view(e, "red")["payload"] for e in g.log() if e["type"] == "vic.moved"]
    assert [p["path"] for p in seen] == [["0505", "0605", "0705"], ["0305", "0605"]]
    assert all("secret" not in p for p in seen) and "para" not in json.dumps(seen) and "AB" not in json.dumps(seen)
    with pytest.raises(NotYourTurn):
        g.submit("red", {"type": "end_move"})


def test_VIC_FOG_04_air_cover_is_revealed_when_it_joins() -> None:
    g = game([blk("blue-001", "IN", 2, "0705"), blk("blue-002", "IN", 2, "1305"), blk("red-001", "IN", 1, "0805"),
              blk("red-002", "IN", 1, "1205"), blk("red-003", "FA", 2, "1104")])
    move(g, "blue", "blue-001", ["0705", "0805"])
    move(g, "blue", "blue-002", ["1305", "1205"])
    g.submit("blue", {"type": "end_move"})
    assert refused(g, "red", {"type": "air_cover", "blocks": {"red-003": "0604"}}) == "VIC-AIR-09"
    g.submit("red", {"type": "air_cover", "blocks": {"red-003": "1205"}})
    assert owed_kind(g) == ("blue", "choose_battle")  # neither battle has started
    cover = [o for o in RS.view(g.state, "blue")["others"] if o["hex"] == "1205" and o.get("revealed")]
    assert [(o["type"], o["steps"]) for o in cover] == [("FA", 2)]
    ev = [e for e in g.log() if e["type"] == "vic.air_cover"][-1]
    assert RS.event_view(ev, "blue")["payload"]["moves"] == [{"path": ["1104", "1205"], "type": "FA", "steps": 2}]
    hidden = [o for o in RS.view(g.state, "blue")["others"] if o["hex"] == "0805"]
    assert hidden == [{"side": "red", "hex": "0805"}]


def test_VIC_FOG_05_every_roll_is_shown_to_both_players() -> None:
    g = battle(TWO, [1, 2], [("blue-001", ["0705", "0805"])])
    fire(g, "red", "red-001")
    roll = [e for e in g.log() if e["type"] == "dice.rolled"][-1]
    for seat in ("blue", "red"):
        assert RS.event_view(roll, seat)["payload"]["faces"] == [1, 2]
    fired = [e for e in g.log() if e["type"] == "vic.fired"][-1]
    assert RS.event_view(fired, "blue")["payload"]["hits"] == 2


def test_VIC_FOG_06_VIC_NAV_11_blockading_ships_and_beachhead_marines_stay_revealed() -> None:
    g = game([blk("blue-001", "SS", 2, "1202"), blk("red-001", "IN", 1, "1202"), blk("blue-002", "MA", 3, "0402"),
              blk("red-002", "IN", 1, "1607")], blockades={"1202": "blue"}, beachheads={"0402": "blue-002"},
             control={"1202": "red"})
    seen = {o["hex"]: o for o in RS.view(g.state, "red")["others"]}
    assert (seen["1202"]["type"], seen["1202"]["steps"]) == ("SS", 2)
    assert (seen["0402"]["type"], seen["0402"]["steps"]) == ("MA", 3)
    assert "type" not in {o["hex"]: o for o in RS.view(g.state, "blue")["others"]}["1202"]  # red's infantry


def test_VIC_FOG_07_new_blocks_appear_hidden_added_steps_are_invisible() -> None:
    g = game([blk("blue-001", "IN", 1, "0302"), blk("red-001", "IN", 1, "1402")], dice=[6, 6, 1, 1], active="red", pt=1)
    end_player_turn(g, "blue")
    g.submit("blue", {"type": "produce", "builds": [{"city": "0302", "new": "AR", "steps": 1},
                                                    {"city": "0302", "block": "blue-001", "steps": 2}]})
    g.submit("red", {"type": "produce", "builds": []})
    rev = [e for e in g.log() if e["type"] == "vic.production_revealed"][-1]
    red = RS.event_view(rev, "red")["payload"]
    assert red["new_blocks"] == [{"side": "blue", "hex": "0302"}] and "blue" not in red.get("secret", {})
    assert "AR" not in json.dumps(red) and "blue-001" not in json.dumps(red)


def test_VIC_FOG_08_attrition_shows_the_opponent_only_eliminations_with_their_type() -> None:
    g = game([blk("blue-001", "IN", 2, "1306"), blk("red-001", "IN", 1, "0106"), blk("red-002", "AR", 3, "0104")])
    end_player_turn(g, "blue")
    att = [e for e in g.log() if e["type"] == "vic.attrition"][-1]
    blue = RS.event_view(att, "blue")["payload"]
    assert blue == {"side": "red", "eliminated": [{"hex": "0106", "type": "IN"}]}
    red = RS.event_view(att, "red")["payload"]["secret"]["red"]
    assert {r["block"]: r["unsupplied"] for r in red} == {"red-001": True, "red-002": True}


def test_VIC_FOG_10_both_players_see_the_same_control_map() -> None:
    g = game([blk("blue-001", "IN", 2, "0705"), blk("red-001", "IN", 1, "1607")])
    end_player_turn(g, "blue")
    assert RS.view(g.state, "blue")["control"] == RS.view(g.state, "red")["control"] == g.state["control"]
    assert g.state["control"]["0705"] == "blue"


def test_VIC_OPT_01_VIC_CMB_22_pursuit_adds_a_fourth_round_where_the_attacker_only_breaks_off() -> None:
    g = battle(TWO, [6] * 20, [("blue-001", ["0705", "0805"])], pursuit=True)
    assert g.state["battle"]["rounds"] == 4
    for _ in range(3):
        fire(g, "red", "red-001")
        fire(g, "blue", "blue-001")
    assert g.state["battle"]["round"] == 4
    fire(g, "red", "red-001")  # the defender acts normally
    assert refused(g, "blue", {"type": "act", "block": "blue-001", "action": "fire", "target": "G"}) == "VIC-OPT-01"
    g.submit("blue", {"type": "act", "block": "blue-001", "action": "retreat", "to": "0705"})
    assert g.state["blocks"]["blue-001"]["hex"] == "0705"
    plain = battle(TWO, [], [("blue-001", ["0705", "0805"])])
    assert plain.state["battle"]["rounds"] == 3


def test_VIC_OPT_02_hits_are_always_die_at_or_below_firepower() -> None:
    g = battle(TWO, [5, 6, 1, 2], [("blue-001", ["0705", "0805"])])
    fire(g, "red", "red-001")
    assert g.state["blocks"]["blue-001"]["steps"] == 2  # 5 and 6 miss at G2
    fire(g, "blue", "blue-001")
    assert "red-001" not in g.state["blocks"]
    assert not any("old" in o["name"] or "5" in o["name"] for o in RS.options_schema())
