"""Production (VIC-PROD-*), victory (VIC-VIC-*) and the cities and towns they use."""

from __future__ import annotations

import copy

from pbem.games.victory.victory import controlled_pp, holds
from tests.games.victory.kit import RS, blk, game, refused, scenario, types


def production(blocks, **kw):
    """A game whose second player-turn (Blue's) ends now: the victory check, then production."""
    g = game(blocks, active="red", pt=1, **kw)
    g.submit("blue", {"type": "end_move"})
    g.submit("blue", {"type": "end_turn"})
    return g


def _produce(g, seat, *builds):
    return g.submit(seat, {"type": "produce", "builds": list(builds)})


BASE = [blk("blue-001", "IN", 1, "0302"), blk("red-001", "IN", 1, "1607")]


def test_VIC_PROD_01_VIC_VIC_01_production_follows_the_victory_check_once_per_game_turn() -> None:
    first = game(BASE)
    first.submit("blue", {"type": "end_move"})
    first.submit("blue", {"type": "end_turn"})
    assert "vic.victory_check" not in types(first.log()) and first.owed()[0]["seat"] == "red"
    g = production(BASE)
    t = types(g.log())
    assert t.index("vic.attrition") < t.index("vic.victory_check") < t.index("vic.production_started")
    assert sorted((o["seat"], o["kind"]) for o in g.owed()) == [("blue", "produce"), ("red", "produce")]


def test_VIC_PROD_02_VIC_TERR_CITY_02_each_controlled_city_spends_its_own_pp_there() -> None:
    g = production(BASE)
    assert g.legal_options("blue")["production"]["cities"]["0302"]["pp"] == 3
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0702", "new": "IN", "steps": 3}]}) \
        == "VIC-PROD-02"  # Cobalt gives 2 PP; Azure's cannot be spent there
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "1402", "new": "IN", "steps": 1}]}) \
        == "VIC-PROD-02"  # a city Blue does not control
    _produce(g, "blue", {"city": "0302", "new": "IN", "steps": 3}, {"city": "0702", "new": "AR", "steps": 2})


def test_VIC_PROD_03_VIC_PROD_11_one_pp_per_step_new_or_added_several_steps_per_block() -> None:
    g = production(BASE, dice=[6, 6, 1, 1])
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0302", "block": "blue-001", "steps": 0}]}) \
        == "VIC-PROD-03"
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0302", "new": "IN", "steps": 2},
                                                             {"city": "0302", "block": "blue-001", "steps": 2}]}) \
        == "VIC-PROD-02"  # 4 steps cost 4 PP; Azure has 3
    _produce(g, "blue", {"city": "0302", "new": "IN", "steps": 1}, {"city": "0302", "block": "blue-001", "steps": 2})
    _produce(g, "red")
    assert g.state["blocks"]["blue-001"]["steps"] == 3


def test_VIC_PROD_04_unspent_pp_are_lost() -> None:
    g = production(BASE, dice=[6, 6, 1, 1])
    first = [e for e in g.log() if e["type"] == "vic.production_started"][-1]["payload"]["pp"]
    _produce(g, "blue")
    _produce(g, "red")
    for seat in g.state["order"]:
        g.submit(seat, {"type": "end_move"})
        g.submit(seat, {"type": "end_turn"})
    second = [e for e in g.log() if e["type"] == "vic.production_started"][-1]["payload"]["pp"]
    assert first == second == {"blue": 10, "red": 10}  # nothing carried over
    assert "pp_bank" not in g.state and "saved" not in g.state


def test_VIC_PROD_05_new_blocks_only_in_own_cities_captured_ones_only_add_steps() -> None:
    g = production([blk("red-002", "IN", 2, "0505"), *BASE], control={"0505": "red"})
    assert g.legal_options("red")["production"]["cities"]["0505"]["new"] == []
    assert refused(g, "red", {"type": "produce", "builds": [{"city": "0505", "new": "IN", "steps": 1}]}) \
        == "VIC-PROD-05"
    _produce(g, "red", {"city": "0505", "block": "red-002", "steps": 2})


def test_VIC_PROD_06_VIC_NAV_13_ships_and_marines_only_in_unblockaded_coastal_cities() -> None:
    g = production(BASE)
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0505", "new": "SS", "steps": 1}]}) \
        == "VIC-PROD-06"
    _produce(g, "blue", {"city": "0302", "new": "SS", "steps": 1})
    blocked = production([*BASE, blk("red-002", "SS", 1, "0302")], blockades={"0302": "red"})
    assert refused(blocked, "blue", {"type": "produce", "builds": [{"city": "0302", "new": "SS", "steps": 1}]}) \
        == "VIC-NAV-13"
    _produce(blocked, "blue", {"city": "0302", "new": "IN", "steps": 2})  # armies may still be built


def test_VIC_PROD_07_VIC_PROD_08_no_transfer_of_steps_no_voluntary_elimination() -> None:
    g = production([*BASE, blk("blue-002", "IN", 3, "0302")])
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0302", "block": "blue-001", "from": "blue-002",
                                                              "steps": 1}]}) == "VIC-PROD-07"
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0302", "block": "blue-002", "steps": -1}]}) \
        == "VIC-PROD-08"
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0302", "block": "blue-002", "disband": True,
                                                              "steps": 1}]}) == "VIC-PROD-08"


def test_VIC_PROD_09_no_block_above_strength_four() -> None:
    g = production([*BASE, blk("blue-002", "IN", 3, "0302")])
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0302", "block": "blue-002", "steps": 1},
                                                             {"city": "0302", "block": "blue-002", "steps": 1}]}) \
        == "VIC-PROD-09"
    _produce(g, "blue", {"city": "0302", "block": "blue-002", "steps": 1})


def test_VIC_PROD_10_new_block_from_the_pool_at_strength_spent_within_stacking() -> None:
    g = production(BASE, dice=[6, 6, 1, 1])
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0302", "new": "BB", "steps": 1}]}) \
        == "VIC-PROD-10"  # River Line's pool has no battleship
    _produce(g, "blue", {"city": "0302", "new": "IN", "steps": 3})
    _produce(g, "red")
    new = [b for b in g.state["blocks"].values() if b["side"] == "blue" and b["id"] != "blue-001"]
    assert [(b["type"], b["steps"], b["hex"]) for b in new] == [("IN", 3, "0302")]
    assert g.state["pool"]["blue"]["IN"] == 1
    full = production([*BASE, *[blk(f"blue-00{i}", "IN", 1, "0707") for i in range(2, 6)]])
    assert refused(full, "blue", {"type": "produce", "builds": [{"city": "0707", "new": "IN", "steps": 1}]}) \
        == "VIC-PROD-10"


def test_VIC_PROD_11_steps_only_to_blocks_in_the_city_including_carried_air_in_port() -> None:
    g = production([*BASE, blk("blue-002", "CV", 2, "0302"), blk("blue-003", "FA", 1, "0302", carrier="blue-002"),
                    blk("blue-004", "IN", 1, "0303")])
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0302", "block": "blue-004", "steps": 1}]}) \
        == "VIC-PROD-11"
    _produce(g, "blue", {"city": "0302", "block": "blue-003", "steps": 1})


def test_VIC_PROD_12_a_controlled_city_produces_even_out_of_supply() -> None:
    g = production([blk("blue-001", "IN", 1, "1607", unsupplied=True), blk("red-001", "IN", 1, "0302")],
                   control={"1607": "blue"})
    assert g.state["control"]["1607"] == "blue"
    cities = g.legal_options("blue")["production"]["cities"]
    assert "1607" in cities and "0302" not in cities  # Azure is held by Red
    _produce(g, "blue", {"city": "1607", "block": "blue-001", "steps": 1})


def test_VIC_TERR_TOWN_01_VIC_VIC_03_towns_neither_produce_nor_count_but_belong_to_their_owner() -> None:
    g = production(BASE)
    assert refused(g, "blue", {"type": "produce", "builds": [{"city": "0502", "new": "IN", "steps": 1}]}) \
        == "VIC-PROD-02"
    assert "0502" not in g.legal_options("blue")["production"]["cities"]
    assert g.state["control"]["0502"] == "blue"
    towns = game([blk("red-001", "IN", 1, "0502"), blk("red-002", "IN", 1, "0104"), blk("red-003", "IN", 1, "0804"),
                  blk("blue-001", "IN", 1, "1607")], control={"0502": "red", "0104": "red", "0804": "red"})
    assert controlled_pp(towns.state, "red", enemy_only=True) == 0


def test_VIC_VIC_04_control_settled_at_the_end_of_the_last_player_turn_decides() -> None:
    g = game([blk("red-001", "IN", 2, "0402"), blk("red-002", "IN", 2, "0702"), blk("blue-001", "IN", 1, "1607")],
             active="blue", pt=1, control={"0702": "red"})
    from tests.games.victory.kit import move

    move(g, "red", "red-001", ["0402", "0302"])  # Azure (3) + Cobalt (2) = 5 enemy PP
    assert g.state["control"]["0302"] == "blue"
    g.submit("red", {"type": "end_move"})
    g.submit("red", {"type": "end_turn"})
    assert g.result() == {"winner": "red", "reason": "sudden_death", "turn": 1}


def test_VIC_VIC_05_condition_kinds_and_combinations() -> None:
    g = game([blk("red-001", "IN", 2, "0302"), blk("blue-001", "IN", 1, "1607")],
             control={"0302": "red", "1607": "blue"})
    s = g.state
    assert holds(s, "red", {"kind": "cities", "cities": ["0302", "1402"]})
    assert not holds(s, "red", {"kind": "cities", "cities": ["0302", "0702"]})
    assert holds(s, "red", {"kind": "pp_total", "at_least": 12}) and not holds(s, "red", {"kind": "pp_total",
                                                                                           "at_least": 13})
    assert holds(s, "red", {"kind": "enemy_pp", "at_least": 3}) and not holds(s, "blue", {"kind": "enemy_pp",
                                                                                           "at_least": 2})
    assert not holds(s, "red", {"kind": "no_enemy_blocks"})
    assert holds(s, "red", {"any": [{"kind": "no_enemy_blocks"}, {"kind": "enemy_pp", "at_least": 3}]})
    assert not holds(s, "red", {"all": [{"kind": "no_enemy_blocks"}, {"kind": "enemy_pp", "at_least": 3}]})
    sc = scenario()
    sc["victory"] = {"turns": 1, "at_end": "compare_pp"}
    end = production([blk("red-001", "IN", 1, "0302"), blk("blue-001", "IN", 1, "1607")], scenario=sc)
    assert end.result()["winner"] == "red" and end.result()["reason"] == "turn_limit"
    sc2 = copy.deepcopy(sc)
    sc2["victory"]["at_end"] = "draw"
    assert production(BASE, scenario=sc2).result()["draw"] is True


def test_VIC_VIC_06_default_victory_all_enemy_cities_else_pp_after_turn_ten() -> None:
    sc = scenario()
    del sc["victory"]
    assert RS.from_position({"scenario": sc}).state["phase"] == "deploy"
    g = production(BASE, scenario=sc, control={"0302": "red"})
    assert g.result() is None  # turn 1 of 10, and Red holds one blue city only
    assert g.owed()[0]["kind"] == "produce"
    red_cities = ["1402", "1002", "1205", "1104", "1607", "0907"]
    held = [blk(f"blue-00{i}", "IN", 1, h) for i, h in enumerate(red_cities, start=2)]
    win = production([*held, blk("red-001", "IN", 1, "0302")], scenario=sc,
                     control={h: "blue" for h in red_cities})
    assert win.result() == {"winner": "blue", "reason": "sudden_death", "turn": 1}
    late = production(BASE, scenario=sc, turn=10)
    assert late.result()["reason"] == "turn_limit" and late.result()["draw"] is True
