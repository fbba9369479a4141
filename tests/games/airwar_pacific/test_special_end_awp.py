"""Special abilities, card kinds, optional rules and the end of the game (AWP-SPECIAL, AWP-CARD, AWP-WIN)."""

from __future__ import annotations

from pbem.games.airwar_pacific.state import player
from tests.games.airwar_pacific.awp_kit import (
    RS,
    attack,
    base,
    dealt,
    events_of,
    pass_battles,
    refused,
    take,
    to_attack,
)
from tests.games.airwar_pacific.test_damage_awp import allies, raid, unopposed


def test_AWP_SPECIAL_PATROL_intercepts_from_an_airbase_in_the_carrier_stage() -> None:
    game, _ = raid(["d3a-val"], stage="carrier")
    p400, p40 = take(game, "allies", "p-400"), take(game, "allies", "p40-warhawk")
    refused("AWP-INT-06", game, "allies", {"type": "intercept", "cards": [{"card": p40, "slot": "airbase"}]})
    game.submit("allies", {"type": "intercept", "cards": [{"card": p400, "slot": "airbase"}]})
    assert game.state["attack"]["int_launch"][p400] == "allies-start"


def test_AWP_SPECIAL_SCOUTED_leaves_combat_after_one_fight_and_deals_no_damage() -> None:
    game, ids = raid(["h6k-mavis"])
    p400, w = take(game, "allies", "p-400"), take(game, "allies", "f4f-wildcat")
    game.submit("allies", {"type": "intercept", "cards": [{"card": p400}, {"card": w}]})
    game.submit("allies", {"type": "engage", "interceptor": p400, "target": {"slot": 0}})
    pass_battles(game)  # P-400 A2A 2 < Mavis D3: Mavis survives and leaves
    assert events_of(game, "awp.fight_resolved")[-1]["payload"]["left"] == ids
    assert events_of(game, "awp.combat_ended")[-1]["payload"]["reason"] == "no_targets"
    assert events_of(game, "awp.damage_dealt")[-1]["payload"]["hits"] == []
    assert ids[0] in player(game.state, "axis")["bases"][0]["landed"]


def test_AWP_SPECIAL_SCOUTED_option_lets_it_deal_damage() -> None:
    game, ids = raid(["h6k-mavis"], options={"scouted_deals_damage": True})
    p400 = take(game, "allies", "p-400")
    game.submit("allies", {"type": "intercept", "cards": [{"card": p400}]})
    game.submit("allies", {"type": "engage", "interceptor": p400, "target": {"slot": 0}})
    pass_battles(game)
    game.submit("axis", {"type": "allocate", "convoy": ids})
    assert allies(game)["convoy"] == 12


def test_AWP_SPECIAL_TWICE_yorktown_needs_9_then_4_in_a_later_turn() -> None:
    game, _ = raid(["b5n-kate"] * 3, "yorktown")  # 12 >= 9: damaged only
    york = game.state["attack"]["target"]["base"]
    payload = unopposed(game)
    assert payload["base"]["damaged"] and not payload["base"]["destroyed"]
    assert game.view("axis")["players"]["allies"]["bases"][-1]["damaged"] is True
    # the Carrier stage of the same turn cannot count as the second attack
    attack(game, [take(game, "axis", "b5n-kate")], {"kind": "base", "base": york})
    assert unopposed(game)["base"]["destroyed"] is False
    game.submit("allies", {"type": "mobilize", "cards": []})
    while game.state["active"] == "allies":
        game.submit("allies", {"type": "pass"})
    game.submit("axis", {"type": "mobilize", "cards": []})
    attack(game, [take(game, "axis", "b5n-kate")], {"kind": "base", "base": york})
    assert unopposed(game)["base"]["destroyed"] is True  # 4 >= 4 in a later turn


def test_AWP_SPECIAL_REUSE_tainan_wing_flies_twice_between_mobilizations() -> None:
    game = dealt()
    tainan = take(game, "axis", "a6m2-tainan")
    to_attack(game)
    attack(game, [tainan])
    game.submit("allies", {"type": "pass"})  # landed on Lae after one use
    wildcat = take(game, "allies", "f4f-wildcat")
    game.submit("allies", {"type": "mobilize", "cards": []})
    attack(game, [wildcat])
    game.submit("axis", {"type": "intercept", "cards": [{"card": tainan}]})  # second use, from its landing slot
    assert player(game.state, "axis")["uses"][tainan] == 2


def test_AWP_SPECIAL_PARAFRAG_plus_4_once_per_turn() -> None:
    game = dealt()
    pf = take(game, "allies", "para-frag")
    player(game.state, "allies")["hand"].remove(pf)
    player(game.state, "allies")["bases"][0]["war"].append(pf)
    hend = base(game, "axis", "rabaul")
    game.submit("axis", {"type": "mobilize", "cards": []})
    game.submit("axis", {"type": "pass"})
    game.submit("allies", {"type": "mobilize", "cards": []})
    b26 = [take(game, "allies", "b-26d") for _ in range(2)]
    attack(game, b26, {"kind": "base", "base": hend})
    game.submit("axis", {"type": "pass"})
    assert game.owed()[0]["kind"] == "allocate" and game.legal_options("allies")["parafrag"] is True
    game.submit("allies", {"type": "allocate", "parafrag": True})
    payload = events_of(game, "awp.damage_dealt")[-1]["payload"]
    assert payload["base"]["total"] == 12 and payload["base"]["destroyed"] is True  # FAQ: 4 + 4 + 4
    assert player(game.state, "allies")["parafrag_used"] is True


def test_AWP_SPECIAL_HEAVYAAA_never_on_an_airbase() -> None:
    game = dealt()
    aaa = take(game, "axis", "heavy-aaa-axis")
    refused("AWP-MOB-07", game, "axis", {"type": "mobilize", "cards": [{"card": aaa, "host": "axis-start"}]})
    game.submit("axis", {"type": "mobilize", "cards": [{"card": aaa, "host": "convoy"}]})


def test_AWP_SPECIAL_AKAGI_launch_from_akagi_recorded_for_its_ability() -> None:
    game, ids = raid(["d3a-val"], "henderson", stage="carrier", carriers=("akagi", "kaga"))
    akagi = next(b["id"] for b in player(game.state, "axis")["bases"] if game.state["cards"][b["id"]] == "akagi")
    assert game.state["attack"]["launch"][ids[0]] == akagi
    assert unopposed(game)["base"]["total"] == 4


def test_AWP_CARD_AIRCRAFT_01_missions_take_any_aircraft_intercepts_need_air_to_air() -> None:
    game, _ = raid(["b5n-kate"])
    kate = take(game, "allies", "tbd-devastator")
    assert kate not in [a["id"] for a in game.legal_options("allies")["aircraft"]]


def test_AWP_CARD_AIRCRAFT_02_once_per_turn() -> None:
    game = dealt()
    base(game, "axis", "kaga")
    zero = take(game, "axis", "a6m2-zero")
    to_attack(game)
    attack(game, [zero])
    game.submit("allies", {"type": "pass"})
    refused("AWP-ATK-06", game, "axis", {"type": "attack", "target": {"kind": "resources"}, "mission": [zero]})


def test_AWP_CARD_AIRCRAFT_03_destroyed_discarded_survivors_land() -> None:
    game, ids = raid(["a6m2-zero", "g4m-betty"])
    p40 = take(game, "allies", "p40-warhawk")
    game.submit("allies", {"type": "intercept", "cards": [{"card": p40}]})
    game.submit("allies", {"type": "engage", "interceptor": p40, "target": {"slot": 0}})
    pass_battles(game)
    if game.state["phase"] == "counter":
        game.submit("axis", {"type": "counter_pass"})
    if game.state["phase"] == "allocate":
        game.submit("axis", {"type": "allocate", "convoy": []})
    gone = set(player(game.state, "axis")["discard"])
    landed = set(player(game.state, "axis")["bases"][0]["landed"])
    assert gone | landed == set(ids) and not gone & landed


def test_AWP_CARD_ELITE_01_elite_aircraft_fly_like_aircraft_and_carry_an_ability() -> None:
    game = dealt()
    tainan = take(game, "axis", "a6m2-tainan")
    to_attack(game)
    attack(game, [tainan])
    assert game.state["catalogue"]["a6m2-tainan"]["abilities"]


def test_AWP_CARD_INDUSTRY_01_industry_falls_to_bombing_and_to_a_zeroed_convoy() -> None:
    game, ids = raid(["d3a-val", "g4m-betty"])
    allies(game)["convoy"] = 1
    unopposed(game, [ids[0]])
    assert allies(game)["industry"] == 60 - 4 - 4


def test_AWP_OPT_01_indestructible_bases_option_is_off_by_default() -> None:
    opts = {o["name"]: o for o in RS.options_schema()}
    assert opts["indestructible_bases"]["default"] is False
    assert opts["single_mobilization"]["default"] is False and opts["copy_limit"]["default"] == 0


def test_AWP_ERRATA_01_convoy_text_is_the_corrected_one_whatever_the_card_says() -> None:
    game, ids = raid(["d3a-val"])
    game.state["catalogue"]["convoy-allies"]["text"] = "If zeroed: discard 2 cards."  # the misprint
    allies(game)["convoy"] = 2
    unopposed(game, ids)
    assert allies(game)["industry"] == 56


def test_AWP_ERRATA_02_akagi_doubles_even_without_the_corrected_text() -> None:
    game, _ = raid(["d3a-val"], "henderson", stage="carrier", carriers=("akagi",))
    game.state["catalogue"]["akagi"]["text"] = "misprinted"
    assert unopposed(game)["base"]["total"] == 4


def test_AWP_WIN_01_industry_0_loses_at_once_even_from_the_convoy() -> None:
    game, ids = raid(["d3a-val"])
    allies(game)["convoy"], allies(game)["industry"] = 1, 4
    unopposed(game, ids)
    assert game.result()["winner"] == "axis" and game.owed() == []


def play_quiet(game) -> None:  # type: ignore[no-untyped-def]
    while game.result() is None:
        seat = game.owed()[0]["seat"]
        game.submit(seat, RS.default_order(game.state, seat))


def test_AWP_WIN_02_AWP_WIN_03_no_further_action_higher_industry_wins() -> None:
    game = dealt()
    for seat in ("axis", "allies"):
        player(game.state, seat)["pile"] = []
    player(game.state, "allies")["industry"] = 50
    play_quiet(game)
    assert game.result()["winner"] == "axis" and game.result()["reason"] == "no_attacks"
    assert (game.state["round"], game.state["turn"]) == (1, 2)  # a full round without attacks, piles empty


def test_AWP_WIN_03_equal_industry_is_a_draw() -> None:
    game = dealt()
    for seat in ("axis", "allies"):
        player(game.state, seat)["pile"] = []
    play_quiet(game)
    assert game.result()["winner"] == "draw"


def test_AWP_WIN_04_round_limit_option() -> None:
    game = dealt({"round_limit": 2})
    player(game.state, "axis")["industry"] = 30
    play_quiet(game)
    assert game.result()["reason"] == "round_limit" and game.result()["winner"] == "allies"
    assert game.state["round"] == 2
