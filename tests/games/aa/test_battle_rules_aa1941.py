"""Pure battle arithmetic (pbem.games.aa.battle): hit restrictions, selections, low luck."""

from __future__ import annotations

from itertools import count

from pbem.engine import load_ruleset
from pbem.games.aa import battle

TYPES = load_ruleset("aa1941").data.units
_ids = count(1)


def units(*specs: str, owner: str = "germany", hits: int = 0) -> list[dict]:
    return [{"id": next(_ids), "type": t, "owner": owner, "hits": hits} for t in specs]


def H(S: int = 0, A: int = 0, N: int = 0) -> dict[str, int]:
    return {"S": S, "A": A, "N": N}


def ids(us: list[dict]) -> list[int]:
    return [u["id"] for u in us]


def test_AA41_CMB_08_rulebook_example_must_apply_every_hit():
    # destroyer + 2 submarines hit 3 times a destroyer, a carrier and a fighter
    dd, cv, ftr = units("destroyer", "carrier", "fighter", owner="uk")
    cands = [dd, cv, ftr]
    hits = H(S=2, N=1)
    assert battle.applicable(TYPES, cands, hits) == 3
    assert battle.check_selection(TYPES, cands, hits, [ftr["id"], dd["id"], cv["id"]]) is None
    assert "exactly 3" in battle.check_selection(TYPES, cands, hits, [dd["id"], cv["id"]])
    assert sorted(battle.choose(TYPES, cands, hits, {})) == sorted(ids(cands))


def test_AA41_CMB_09_submarine_hits_never_strike_air_units():
    (ftr,) = units("fighter", owner="uk")
    assert battle.applicable(TYPES, [ftr], H(S=2)) == 0
    dd, ftr2 = units("destroyer", "fighter", owner="uk")
    assert battle.check_selection(TYPES, [dd, ftr2], H(S=1), [ftr2["id"]]) is not None
    assert battle.choose(TYPES, [dd, ftr2], H(S=1), {}) == [dd["id"]]


def test_AA41_UNIT_SUB_05_air_hits_strike_submarines_only_with_own_destroyer():
    sub_t, ftr_t = TYPES["submarine"], TYPES["fighter"]
    assert battle.category(ftr_t, own_destroyer=False) == "A"
    assert battle.category(ftr_t, own_destroyer=True) == "N"
    assert not battle.can_hit(ftr_t, sub_t, own_destroyer=False)
    assert battle.can_hit(ftr_t, sub_t, own_destroyer=True)
    assert not battle.can_hit(sub_t, ftr_t, own_destroyer=True)
    (sub,) = units("submarine")
    assert battle.applicable(TYPES, [sub], H(A=3)) == 0
    assert battle.applicable(TYPES, [sub], H(N=3)) == 1


def test_AA41_UNIT_TRN_13_transports_chosen_last():
    dd, trn = units("destroyer", "transport", owner="uk")
    assert battle.check_selection(TYPES, [dd, trn], H(N=1), [trn["id"]]) is not None
    assert battle.check_selection(TYPES, [dd, trn], H(N=1), [dd["id"]]) is None
    assert battle.choose(TYPES, [dd, trn], H(N=1), {"uk": {"loss_order": ["transport"]}}) == [dd["id"]]
    # a submarine hit that cannot strike the fighter may strike the transport
    ftr, trn2 = units("fighter", "transport", owner="uk")
    assert battle.check_selection(TYPES, [ftr, trn2], H(S=1), [trn2["id"]]) is None


def test_AA41_CMB_09_transport_only_when_no_other_unit_can_take_that_hit():
    ftr, trn = units("fighter", "transport", owner="uk")
    # one submarine hit and one normal hit: the normal one to the fighter, the sub's to the transport
    assert battle.applicable(TYPES, [ftr, trn], H(S=1, N=1)) == 2
    assert battle.check_selection(TYPES, [ftr, trn], H(S=1, N=1), [ftr["id"], trn["id"]]) is None


def test_AA41_UNIT_BB_02_battleship_absorbs_first_hit():
    bb, dd = units("battleship", "destroyer", owner="uk")
    cands = [bb, dd]
    assert battle.applicable(TYPES, cands, H(N=3)) == 3
    assert battle.choose(TYPES, cands, H(N=1), {}) == [bb["id"]]
    destroyed, damaged = battle.outcome(TYPES, [bb["id"]], {bb["id"]: bb})
    assert destroyed == [] and damaged == [bb["id"]]
    destroyed, _ = battle.outcome(TYPES, [bb["id"], bb["id"]], {bb["id"]: bb})
    assert destroyed == [bb["id"]]
    assert battle.check_selection(TYPES, cands, H(N=3), [bb["id"]] * 3) is not None


def test_AA41_CMB_28_damaged_battleship_takes_one_more_hit():
    (bb,) = units("battleship", owner="uk", hits=1)
    assert battle.applicable(TYPES, [bb], H(N=2)) == 1
    assert battle.outcome(TYPES, [bb["id"]], {bb["id"]: bb})[0] == [bb["id"]]


def test_AA41_UNIT_TRN_01_transports_never_fire():
    shooters = units("transport", "destroyer")
    dice = battle.firing_dice(TYPES, shooters, "attacker", own_destroyer=True)
    assert [d["unit"] for d in dice] == ["destroyer"]


def test_AA41_UNIT_INF_01_and_ARM_01_combat_values_on_the_dice():
    shooters = units("infantry", "tank")
    att = battle.firing_dice(TYPES, shooters, "attacker", own_destroyer=False)
    dfn = battle.firing_dice(TYPES, shooters, "defender", own_destroyer=False)
    assert [d["target"] for d in att] == [1, 3]
    assert [d["target"] for d in dfn] == [2, 3]


def test_AA41_CMB_05_hit_on_roll_at_or_below_value():
    shooters = units("tank", "tank")
    dice = battle.firing_dice(TYPES, shooters, "attacker", own_destroyer=False)
    assert battle.count_hits(dice, [3, 4]) == H(N=1)


def test_low_luck_hits_equal_the_formula():
    # 5 tanks (15) + 3 infantry (3) attacking: 18 // 6 = 3 sure hits, no remainder
    dice = battle.firing_dice(TYPES, units(*["tank"] * 5, *["infantry"] * 3), "attacker", False)
    hits, rest = battle.low_luck(dice)
    assert hits == H(N=3) and rest == []
    # 2 fighters defending (8) + 1 infantry (2) + 1 bomber (1): 11 -> 1 hit and a die for 5
    targets = units("infantry", "tank", owner="ussr")
    dice = battle.firing_dice(TYPES, units("fighter", "fighter", "infantry", "bomber"), "defender", False,
                              targets=targets)
    hits, rest = battle.low_luck(dice)
    assert hits == H(N=1)
    assert [d["target"] for d in rest] == [5]
    # at sea, hits that may strike different units are pooled apart: 2 submarines (4) and a
    # fighter (3) against a submarine and a carrier: 0 sure hits, one die for 4, one for 3
    dice = battle.firing_dice(TYPES, units("submarine", "submarine", "fighter"), "attacker", False,
                              targets=units("submarine", "carrier", owner="uk"))
    hits, rest = battle.low_luck(dice)
    assert hits == H() and sorted((d["cat"], d["target"]) for d in rest) == [("A", 3), ("N", 4)]


def test_standing_loss_order_and_keep_last():
    inf, tank, ftr = units("infantry", "tank", "fighter")
    prefs = {"germany": {"loss_order": ["tank"], "keep_last": ["infantry"]}}
    assert battle.choose(TYPES, [inf, tank, ftr], H(N=2), prefs) == [tank["id"], ftr["id"]]
    assert battle.choose(TYPES, [inf, tank, ftr], H(N=1), {}) == [inf["id"]]
