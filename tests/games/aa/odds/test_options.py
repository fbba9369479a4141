"""Players' options and the rules added to the exact core: retreat when the chance of winning drops,
radar, transport cargo, carrier fighters against lone submarines, survivors if the attacker wins."""

from __future__ import annotations

from fractions import Fraction as F
from functools import cache
from math import comb

import pytest

from pbem.games.aa.odds import BattleSpec, Options, odds, options_from_json, spec_from_json

EXACT = Options(method="exact")


def close(x: float, y: F | float, tol: float = 1e-12) -> bool:
    return abs(x - float(y)) < tol


def _binom(n: int, p: float) -> list[float]:
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _reference_win(attackers: int, defenders: int, threshold: float) -> float:
    """Infantry against infantry (A&A 1941: attack 1, defence 2), retreating at the start of any
    round after the first when the chance of winning by fighting on is below ``threshold``: the
    chance of winning, by a plain recursion over (attackers, defenders). A round in which nobody
    is hit leads to the same decision again, so fighting on from a state sums its repeats."""

    def moves(i: int, j: int) -> tuple[float, float]:
        """(chance nobody is hit, value of the rounds in which somebody is)."""
        hits_a, hits_d = _binom(i, 1 / 6), _binom(j, 2 / 6)
        total = 0.0
        for k, pk in enumerate(hits_a):
            for m, pm in enumerate(hits_d):
                if k or m:
                    total += pk * pm * start(max(0, i - m), max(0, j - k))
        return hits_a[0] * hits_d[0], total

    @cache
    def fight_on(i: int, j: int) -> float:
        stay, total = moves(i, j)
        return total / (1 - stay)

    @cache
    def start(i: int, j: int) -> float:  # a round after the first begins (or the battle is over)
        if j == 0:
            return 1.0 if i else 0.0
        if i == 0:
            return 0.0
        value = fight_on(i, j)
        return 0.0 if value < threshold else value

    stay, total = moves(attackers, defenders)  # round 1 is always fought
    return total + stay * start(attackers, defenders)


def test_AA41_CMB_22_retreat_when_the_chance_of_winning_drops_below_a_threshold() -> None:
    """One infantry against one: fighting on wins 1/4. Below a 0.3 threshold the attacker
    fights round 1 (no retreat before it) and then retreats: attacker 4/36, defender 10/36,
    both 2/36, retreat 20/36."""
    spec = BattleSpec("aa1941", "land", {"infantry": 1}, {"infantry": 1})
    r = odds(spec, Options(retreat_below_win=0.3, method="exact"))
    assert close(r.attacker_wins, F(4, 36)) and close(r.retreat, F(20, 36)) and close(r.both_destroyed, F(2, 36))
    assert close(r.average_rounds, 1)
    plain = odds(spec, Options(retreat_below_win=0.2, method="exact"))
    assert close(plain.attacker_wins, F(1, 4)) and plain.retreat == 0


@pytest.mark.parametrize("threshold", [0.1, 0.3, 0.5, 0.7])
def test_AA41_CMB_22_retreat_below_win_matches_a_direct_recursion(threshold: float) -> None:
    spec = BattleSpec("aa1941", "land", {"infantry": 6}, {"infantry": 4})
    r = odds(spec, Options(retreat_below_win=threshold, method="exact"))
    assert r.attacker_wins == pytest.approx(_reference_win(6, 4, threshold), abs=1e-12)
    assert abs(r.attacker_wins + r.defender_wins + r.both_destroyed - 1) < 1e-9
    if threshold >= 0.5:
        assert r.retreat > 0.05


def test_AAE_TECH_10_radar_aa_hits_on_one_or_two() -> None:
    """Radar: the AA gun kills the fighter 2/6. Then fighter v infantry: 1/2, 1/4, 1/4."""
    r = odds(BattleSpec("anniversary", "land", {"fighter": 1}, {"infantry": 1, "aa_gun": 1}, radar=True), EXACT)
    assert close(r.attacker_wins, F(1, 3)) and close(r.defender_wins, F(1, 2)) and close(r.both_destroyed, F(1, 6))
    with pytest.raises(ValueError, match="AAE-TECH-10"):
        spec_from_json({"edition": "anniversary", "attacker": {"fighter": 1}, "defender": {"infantry": 1},
                        "radar": True})


def test_AAE_CMB_14_cargo_is_lost_with_defenceless_transports() -> None:
    """Destroyers against a lone loaded transport (AA41-CMB-20): it sinks with its 2 infantry."""
    spec = BattleSpec("aa1941", "sea", {"destroyer": 2}, {"transport": 1}, defender_cargo=({"infantry": 2},))
    r = odds(spec, EXACT)
    assert r.attacker_wins == 1 and close(r.defender_ipc_loss, 7 + 2 * 3)


def test_AAE_UNIT_TT_03_transports_lost_emptiest_first_with_their_cargo() -> None:
    """A destroyer escorting two transports (one with an infantry, one with an infantry and a
    tank). The first transport lost is the emptier one; the IPC lost over the cargo-free battle
    is exactly the cargo of the transports lost."""
    loads = ({"infantry": 1, "tank": 1}, {"infantry": 1})
    plain = BattleSpec("aa1941", "sea", {"destroyer": 1, "fighter": 1}, {"destroyer": 1, "transport": 2})
    loaded = BattleSpec("aa1941", "sea", {"destroyer": 1, "fighter": 1}, {"destroyer": 1, "transport": 2},
                        defender_cargo=loads)
    a, b = odds(plain, EXACT), odds(loaded, EXACT)
    assert a.attacker_wins == pytest.approx(b.attacker_wins)
    lost = {2: 0, 1: 3, 0: 3 + 3 + 6}  # transports left -> cargo lost
    extra = sum(s.probability * lost[s.units.get("transport", 0)] for s in a.defender_survivors)
    assert b.defender_ipc_loss == pytest.approx(a.defender_ipc_loss + extra, abs=1e-12)
    for s in b.defender_survivors:
        assert s.cargo == ({"infantry": 1, "tank": 1} if s.units.get("transport") == 1 else
                           {"infantry": 2, "tank": 1} if s.units.get("transport") == 2 else {})
    with pytest.raises(ValueError, match="AAE-UNIT-TT-02"):
        spec_from_json({"edition": "aa1941", "kind": "sea", "attacker": {"destroyer": 1},
                        "defender": {"transport": 1}, "defender_cargo": [{"tank": 2}]})


def test_AAE_UNIT_CV_03_carrier_fighters_against_lone_submarines() -> None:
    """Two submarines against a carrier with two fighters and no destroyer: the fighters neither
    fire nor are hit; the submarines strike first. From (2 subs, carrier) a round ends the
    carrier 5/9, a sub 4/27; from (1 sub, carrier) the carrier 1/3, the sub 2/9. When the carrier
    sinks nobody can hit anybody: stalemate 87/95, defender wins 8/95, never the attacker."""
    r = odds(BattleSpec("anniversary", "sea", {"submarine": 2}, {"carrier": 1, "fighter": 2}), EXACT)
    assert r.attacker_wins == 0 and close(r.stalemate, F(87, 95)) and close(r.defender_wins, 1)
    assert all(s.units.get("fighter") == 2 for s in r.defender_survivors)
    assert close(r.defender_ipc_loss, 14 * F(87, 95))


def test_survivors_if_the_attacker_wins_are_conditional() -> None:
    r = odds(BattleSpec("anniversary", "land", {"infantry": 3, "tank": 2}, {"infantry": 3}), EXACT)
    assert sum(s.probability for s in r.attacker_survivors_if_win) == pytest.approx(1.0)
    assert all(sum(s.units.values()) >= 1 for s in r.attacker_survivors_if_win)
    assert r.to_json()["attacker_survivors_if_win"][0]["probability"] > 0


def test_options_from_json_reads_the_new_options() -> None:
    opts = options_from_json("aa1941", {"retreat_below_win": 0.4})
    assert opts.retreat_below_win == 0.4
    with pytest.raises(ValueError):
        options_from_json("aa1941", {"retreat_below_win": 2})


def test_AAE_AMPH_08_seaborne_units_fight_on_when_the_others_retreat() -> None:
    """A seaborne infantry and an overland fighter against an infantry, retreating after round 1.
    Round 1: the defender dies 7/12, the attacking infantry (lost first) 1/3. If both sides are
    left (10/36) the fighter retreats and the infantry fights on alone (1/4, 5/8, 1/8); if only
    the fighter is left (5/36) it retreats. Only a surviving infantry takes the territory."""
    spec = BattleSpec("aa1941", "land", {"infantry": 1, "fighter": 1}, {"infantry": 1},
                      seaborne_units={"infantry": 1})
    r = odds(spec, Options(retreat_after_round=1, method="exact"))
    on = F(10, 36)
    assert close(r.attacker_wins, F(21, 36) + on / 4) and close(r.takes_territory, F(14, 36) + on / 4)
    assert close(r.retreat, F(5, 36)) and close(r.both_destroyed, on / 8)
    assert close(r.attacker_ipc_loss, (F(7, 36) + F(5, 36)) * 3 + on * F(6, 8) * 3)
    assert close(r.average_rounds, 1 + on * F(9, 4))
    assert any(s.units == {"infantry": 1, "fighter": 1} for s in r.attacker_survivors_if_win)
    plain = odds(BattleSpec("aa1941", "land", {"infantry": 1, "fighter": 1}, {"infantry": 1}),
                 Options(retreat_after_round=1, method="exact"))
    assert close(plain.retreat, F(15, 36))


def test_AAE_AMPH_08_only_seaborne_units_never_retreat() -> None:
    spec = BattleSpec("anniversary", "land", {"infantry": 3}, {"infantry": 2}, seaborne_units={"infantry": 3})
    r = odds(spec, Options(retreat_after_round=1, retreat_below_units=3, method="exact"))
    assert r.retreat == 0 and r.average_rounds > 1.5
    with pytest.raises(ValueError, match="AAE-AMPH-08"):
        spec_from_json({"edition": "anniversary", "attacker": {"infantry": 1}, "defender": {"infantry": 1},
                        "seaborne": {"tank": 1}})
    assert spec_from_json({"edition": "anniversary", "attacker": {"infantry": 2}, "defender": {"infantry": 1},
                           "seaborne": {"infantry": 1}}).seaborne == 1


def test_G40_KAMI_05_attacks_on_a_named_ship() -> None:
    """Two kamikaze attacks on one named battleship (of two): it sinks with 1/9, is damaged with
    4/9. Named by type only, the hits follow the loss order (damage first): both are damaged."""
    from pbem.games.aa.odds.model import Battle

    named = BattleSpec("global1940", "sea", {"battleship": 2}, {"destroyer": 1},
                       kamikaze_ships=(("battleship", 2, False),))
    b = Battle(named, EXACT)
    left = {(b.att.units(a).get("battleship", 0), b.att.damaged(a).get("battleship", 0)): p
            for a, p in b.opening.items()}
    assert close(left[1, 0], F(1, 9)) and close(left[2, 1], F(4, 9)) and close(left[2, 0], F(4, 9))
    by_type = Battle(BattleSpec("global1940", "sea", {"battleship": 2}, {"destroyer": 1},
                                kamikaze={"battleship": 2}), EXACT)
    hurt = {b_.get("battleship", 0): p for a, p in by_type.opening.items() for b_ in [by_type.att.damaged(a)]}
    assert close(hurt[2], F(1, 9)) and 0 not in {by_type.att.units(a).get("battleship", 0) for a in by_type.opening}
    spec = spec_from_json({"edition": "global1940", "kind": "sea", "attacker": {"battleship": 1, "cruiser": 1},
                           "defender": {"destroyer": 1},
                           "kamikaze": [{"target": "battleship", "attacks": 2}, {"target": "cruiser"}]})
    assert spec.kamikaze_ships == (("battleship", 2, False), ("cruiser", 1, False))
    assert odds(spec, EXACT).pruned <= 1e-9
    with pytest.raises(ValueError, match="G40-KAMI-04"):
        spec_from_json({"edition": "global1940", "kind": "sea", "attacker": {"battleship": 1},
                        "defender": {"destroyer": 1}, "kamikaze": [{"target": "battleship"}, {"target": "battleship"}]})


def test_AAE_CMB_19_territory_with_only_an_aa_gun() -> None:
    """No combat rounds: the AA gun fires at the two fighters (1/6 each), then the infantry takes
    the territory. The attacker loses 10 IPC per fighter shot down: 2 x 1/6 x 10."""
    r = odds(BattleSpec("anniversary", "land", {"fighter": 2, "infantry": 1}, {"aa_gun": 1}), EXACT)
    assert close(r.attacker_wins, 1) and close(r.takes_territory, 1) and r.average_rounds == 0
    assert close(r.attacker_ipc_loss, F(10, 3))
