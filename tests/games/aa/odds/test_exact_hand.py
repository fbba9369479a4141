"""Exact odds against battles small enough to work out by hand (issue 17 acceptance).

Notation: a round's outcome probabilities are conditioned on something happening, since a round
in which nobody is hit repeats the same state (a geometric series summed exactly).
"""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest

from pbem.games.aa import battle as referee
from pbem.games.aa.odds import BattleSpec, Options, SideOrder, odds, percentile_of_outcome
from pbem.games.aa.odds.fire import category_pmf

EXACT = Options(method="exact")


def close(x: float, y: F | float) -> bool:
    return abs(x - float(y)) < 1e-12


def test_AA41_CMB_05_one_infantry_against_one_infantry() -> None:
    """Attacker hits on 1 (1/6), defender on 2 (2/6). Per round: only the attacker hits 1/6*4/6 = 4/36,
    only the defender 5/6*2/6 = 10/36, both 2/36, nothing 20/36. Given something happens (16/36):
    attacker 4/16, defender 10/16, both 2/16; rounds 36/16."""
    r = odds(BattleSpec("aa1941", "land", {"infantry": 1}, {"infantry": 1}), EXACT)
    assert (close(r.attacker_wins, F(1, 4)) and close(r.defender_wins, F(5, 8))
            and close(r.both_destroyed, F(1, 8)))
    assert close(r.average_rounds, F(9, 4)) and r.pruned < 1e-9
    assert close(r.takes_territory, F(1, 4))
    assert close(r.attacker_ipc_loss, 3 * F(3, 4)) and close(r.defender_ipc_loss, 3 * F(3, 8))


def test_AA41_UNIT_BB_02_destroyer_against_a_battleship_needing_two_hits() -> None:
    """Destroyer (attack 2: 1/3) v battleship (defence 4: 2/3, two hits). From the start, leaving
    (7/9): to (destroyer, damaged battleship) only when the destroyer hits and the battleship misses
    (1/9 -> 1/7); otherwise the destroyer dies. From there: attacker 1/9 / 7/9 = 1/7, both 2/7,
    defender 4/7. Attacker 1/49, both 2/49, defender 46/49."""
    r = odds(BattleSpec("aa1941", "sea", {"destroyer": 1}, {"battleship": 1}), EXACT)
    assert close(r.attacker_wins, F(1, 49)) and close(r.both_destroyed, F(2, 49))
    assert close(r.defender_wins, F(46, 49))


def test_AA41_CMB_13_surprise_strike_casualties_do_not_fire_back() -> None:
    """Submarine v carrier, no destroyer: the sub strikes first (1/3) and the carrier, if hit, never
    fires; else the carrier fires (1/3). Per round: attacker 1/3, defender 2/9, nothing 4/9:
    attacker 3/5, defender 2/5, never both."""
    r = odds(BattleSpec("aa1941", "sea", {"submarine": 1}, {"carrier": 1}), EXACT)
    assert close(r.attacker_wins, F(3, 5)) and close(r.defender_wins, F(2, 5)) and r.both_destroyed == 0


def test_AA41_UNIT_DD_03_destroyer_cancels_the_surprise_strike() -> None:
    """Submarine v destroyer: both fire together (1/3 each): attacker 2/9 / 5/9 = 2/5, both 1/5."""
    r = odds(BattleSpec("aa1941", "sea", {"submarine": 1}, {"destroyer": 1}), EXACT)
    assert close(r.attacker_wins, F(2, 5)) and close(r.both_destroyed, F(1, 5))


def test_AA41_UNIT_SUB_05_submarine_and_fighter_cannot_hit_each_other() -> None:
    """AA41-CMB-21: nobody can hit anybody, the battle ends at once in a stalemate."""
    r = odds(BattleSpec("aa1941", "sea", {"submarine": 1}, {"fighter": 1}), EXACT)
    assert r.stalemate == 1.0 and r.average_rounds == 0


def test_AAE_UNIT_INF_02_artillery_supports_one_infantry() -> None:
    """Two infantry and one artillery: one infantry at 2, the other at 1, the artillery at 2."""
    from pbem.games.aa.odds.model import Battle

    b = Battle(BattleSpec("anniversary", "land", {"infantry": 2, "artillery": 1}, {"infantry": 1}), Options())
    groups = b.fa.groups(b.att.initial, ("fire", False, False, False))
    assert sorted(groups["N"]) == [(1, 1, 1), (2, 1, 1), (2, 1, 1)]
    defence = b.fd.groups(b.dfn.initial, ("fire", False, False, False))
    assert defence["N"] == [(2, 1, 1)]  # AAE-UNIT-ART-02: never on defence


def test_G40_CMB_04_tactical_bomber_with_a_fighter_and_mech_with_artillery() -> None:
    from pbem.games.aa.odds.model import Battle

    spec = BattleSpec("global1940", "land", {"tactical_bomber": 2, "fighter": 1, "mech_infantry": 1,
                                              "infantry": 1, "artillery": 1}, {"infantry": 1})
    b = Battle(spec, Options())
    values = sorted(r.value for r in b.fa.groups(b.att.initial, ("fire", False, False, False))["N"]
                    for _ in range(r.dice))
    # tac bombers: one at 4 (fighter), one at 3; one of infantry/mech at 2, the other at 1; art 2, ftr 3
    assert values == [1, 2, 2, 3, 3, 4]


def test_AAE_AA_03_one_aa_die_per_aircraft_before_round_one() -> None:
    """Fighter v infantry and an AA gun: the AA gun kills the fighter on a 1 (1/6). Then fighter (1/2)
    v infantry (1/3): attacker 1/3 / 2/3 = 1/2, defender 1/4, both 1/4. Attacker 5/6*1/2 = 5/12,
    defender 1/6 + 5/24 = 3/8, both 5/24; air never takes the territory."""
    r = odds(BattleSpec("anniversary", "land", {"fighter": 1}, {"infantry": 1, "aa_gun": 1}), EXACT)
    assert close(r.attacker_wins, F(5, 12)) and close(r.defender_wins, F(3, 8))
    assert close(r.both_destroyed, F(5, 24)) and r.takes_territory == 0


def test_G40_AA_02_three_dice_per_gun_at_most_one_per_aircraft() -> None:
    """5 fighters, 1 AA gun: 3 dice; the attacker loses each fighter hit (binomial 3, 1/6)."""
    from pbem.games.aa.odds.model import Battle

    b = Battle(BattleSpec("global1940", "land", {"fighter": 5}, {"infantry": 1, "aa_gun": 1}), Options())
    lost = {5 - b.att.units(a).get("fighter", 0): p for a, p in b.opening.items()}
    assert close(lost[0], F(125, 216)) and close(lost[3], F(1, 216))


def test_AAE_BOMB_05_bombardment_fires_round_one_only_and_ships_take_no_hits() -> None:
    """Infantry plus a bombarding battleship v infantry. Round 1: the defender dies unless both the
    infantry (5/6) and the battleship (2/6) miss: 26/36; the attacker dies 1/3. If both survive
    (10/36*2/3) it is one infantry against one (1/4, 5/8, 1/8)."""
    r = odds(BattleSpec("anniversary", "land", {"infantry": 1}, {"infantry": 1}, bombard={"battleship": 1}),
             EXACT)
    go_on = F(10, 36) * F(2, 3)
    assert close(r.attacker_wins, F(26, 36) * F(2, 3) + go_on / 4)
    assert close(r.both_destroyed, F(26, 36) * F(1, 3) + go_on / 8)
    assert close(r.attacker_ipc_loss, 3 * (1 - r.attacker_wins))


def test_AA41_UNIT_BB_01_no_bombardment_in_1941() -> None:
    from pbem.games.aa.odds import spec_from_json

    with pytest.raises(ValueError, match="AA41-UNIT-BB-01"):
        spec_from_json({"edition": "aa1941", "attacker": {"infantry": 1}, "defender": {"infantry": 1},
                        "bombard": {"battleship": 1}})


def test_low_luck_whole_hits_and_one_die_for_the_rest() -> None:
    """Low luck: 3 infantry + 3 artillery attack with strength 12: exactly 2 hits, the 2 defending
    infantry (strength 4) hit once with 4/6. The attacker always wins and loses an infantry 2/3."""
    r = odds(BattleSpec("anniversary", "land", {"infantry": 3, "artillery": 3}, {"infantry": 2}, low_luck=True),
             EXACT)
    assert r.attacker_wins == pytest.approx(1.0) and close(r.attacker_ipc_loss, 2)
    assert r.average_rounds == pytest.approx(1.0)


def test_low_luck_matches_the_referee_rule() -> None:
    """The referee's ``battle.low_luck`` per category: strength // 6 hits and one die on the rest."""
    for values in ([1, 1, 3], [4, 4, 4, 2], [2] * 7, [3, 3]):
        dice = [{"target": v, "cat": "N"} for v in values]
        sure, rest = referee.low_luck(dice)
        pmf = category_pmf([(v, 1) for v in values], low_luck=True)
        expected = np.zeros(len(pmf))
        p = rest[0]["target"] / 6 if rest else 0.0
        expected[sure["N"]] += 1 - p
        expected[sure["N"] + 1] += p
        assert np.allclose(pmf, expected)


def test_AA41_AIR_14_defending_fighters_lost_with_their_carrier_when_they_cannot_land() -> None:
    """Submarines sink the carrier (its fighters cannot hit them, AA41-UNIT-SUB-05); the fighters
    survive the stalemate but have nowhere to land: 20 IPC more lost whenever the carrier sinks."""
    spec = BattleSpec("aa1941", "sea", {"submarine": 2}, {"carrier": 1, "fighter": 2}, defender_air_can_land=False)
    lands = BattleSpec("aa1941", "sea", {"submarine": 2}, {"carrier": 1, "fighter": 2})
    lost, kept = odds(spec, EXACT), odds(lands, EXACT)
    assert lost.stalemate == pytest.approx(kept.stalemate) and kept.stalemate > 0.5
    sunk = kept.defender_ipc_loss / 12
    assert lost.defender_ipc_loss == pytest.approx(kept.defender_ipc_loss + 20 * sunk)


def test_keep_land_units_alive_to_take_the_territory() -> None:
    spec = BattleSpec("aa1941", "land", {"infantry": 1, "fighter": 2}, {"infantry": 2})
    plain = odds(spec, Options(attacker=SideOrder(loss_order=("infantry", "fighter")), method="exact"))
    keep = odds(spec, Options(attacker=SideOrder(loss_order=("infantry", "fighter")), keep_land=1, method="exact"))
    assert keep.takes_territory > plain.takes_territory


def test_retreat_after_round_one_and_below_units() -> None:
    spec = BattleSpec("aa1941", "land", {"infantry": 4}, {"infantry": 4})
    once = odds(spec, Options(retreat_after_round=1, method="exact"))
    assert once.average_rounds == pytest.approx(1.0) and once.retreat > 0.5
    below = odds(spec, Options(retreat_below_units=3, method="exact"))
    assert below.retreat > 0 and abs(below.attacker_wins + below.defender_wins + below.both_destroyed - 1) < 1e-9


def test_percentile_of_outcome_is_the_share_of_worse_outcomes() -> None:
    r = odds(BattleSpec("aa1941", "land", {"infantry": 1}, {"infantry": 1}), EXACT)
    # attacker winning (1/4) is the best outcome: below it 3/4 (defender 5/8 and both 1/8), plus half of 1/4
    assert percentile_of_outcome(r, {"attacker": {"infantry": 1}, "defender": {}}) == pytest.approx(7 / 8)
    assert percentile_of_outcome(r, {"attacker": {}, "defender": {"infantry": 1}}) == pytest.approx(5 / 16)


def test_G40_TECH_19_a_heavy_bomber_scores_on_the_best_of_two_dice() -> None:
    """A heavy bomber (best of two dice at 4: 8/9) against an infantry (2: 1/3): each round the
    bomber alone survives 16/27, both die 8/27, the infantry alone 1/27, nobody 2/27."""
    spec = BattleSpec("global1940", "land", {"bomber": 1}, {"infantry": 1},
                      attacker_advances=frozenset({"heavy_bombers"}))
    r = odds(spec, EXACT)
    assert close(r.attacker_wins, F(16, 25)) and close(r.both_destroyed, F(8, 25)) and close(r.defender_wins, F(1, 25))
    plain = odds(BattleSpec("global1940", "land", {"bomber": 1}, {"infantry": 1}), EXACT)
    assert close(plain.attacker_wins, F(4, 7))  # (2/3 * 2/3) / (1 - 1/3 * 2/3)
