"""Exact odds against 1,000,000-battle simulations of 28 varied battles (issue 17 acceptance).

Every probability (attacker wins, defender wins, both destroyed, territory taken) of the exact
method must lie within 4 standard errors of the simulated frequency. The simulator rolls the
dice group by group, round by round (:mod:`pbem.games.aa.odds.simulate`); it shares only the
casualty rule and who fires with the exact solver. ``PBEM_ODDS_RUNS`` lowers the count for a
quick run.
"""

from __future__ import annotations

import math
import os
import random

import pytest

from pbem.games.aa.odds import BattleSpec, Options, SideOrder, odds, spec_from_json
from pbem.games.aa.odds.referee import battle_advances
from pbem.games.aa.odds.simulate import simulate
from pbem.games.aa.odds.units import table

RUNS = int(os.environ.get("PBEM_ODDS_RUNS", "1000000"))
ORDER = SideOrder(loss_order=("infantry", "artillery", "mech_infantry", "tank", "submarine", "destroyer", "fighter",
                              "tactical_bomber", "bomber", "cruiser", "carrier", "battleship"))
B = BattleSpec
BATTLES = {
    "AA41_CMB_05_land": (B("aa1941", "land", {"infantry": 3, "tank": 2}, {"infantry": 4}), Options()),
    "AA41_CMB_31_air_defence": (B("aa1941", "land", {"infantry": 2, "fighter": 2, "bomber": 1},
                                  {"infantry": 3, "fighter": 1}), Options()),
    "AAE_UNIT_INF_02_artillery": (B("anniversary", "land", {"infantry": 3, "artillery": 1, "tank": 1},
                                    {"infantry": 3, "tank": 1}), Options()),
    "AAE_AA_03_aa_gun": (B("anniversary", "land", {"infantry": 4, "artillery": 2, "fighter": 2, "bomber": 1},
                           {"infantry": 5, "aa_gun": 1}), Options()),
    "AAE_BOMB_04_bombardment": (B("anniversary", "land", {"infantry": 2, "tank": 1}, {"infantry": 3},
                                  bombard={"battleship": 1, "cruiser": 1}), Options()),
    "G40_CMB_04_combined_arms": (B("global1940", "land", {"infantry": 2, "mech_infantry": 2, "artillery": 2,
                                                          "tactical_bomber": 2, "fighter": 1, "tank": 1},
                                   {"infantry": 6, "artillery": 1, "aa_gun": 1}), Options(attacker=ORDER)),
    "G40_AA_02_three_dice": (B("global1940", "land", {"fighter": 4, "tank": 2}, {"infantry": 3, "aa_gun": 1}),
                             Options()),
    "AA41_CMB_13_strike": (B("aa1941", "sea", {"submarine": 3}, {"carrier": 1, "transport": 1}), Options()),
    "AA41_UNIT_DD_03_destroyers": (B("aa1941", "sea", {"submarine": 2, "destroyer": 1, "fighter": 1},
                                     {"submarine": 2, "destroyer": 1}), Options()),
    "AA41_UNIT_BB_02_battleships": (B("aa1941", "sea", {"battleship": 2}, {"battleship": 1, "destroyer": 2}),
                                    Options()),
    "AAE_UNIT_SS_04_both_strike": (B("anniversary", "sea", {"submarine": 3, "fighter": 1},
                                     {"submarine": 2, "carrier": 1, "fighter": 1}), Options()),
    "AAE_naval_mixed": (B("anniversary", "sea", {"submarine": 2, "destroyer": 2, "cruiser": 1, "fighter": 2,
                                                 "bomber": 1, "battleship": 1},
                          {"battleship": 1, "carrier": 1, "fighter": 2, "destroyer": 2, "submarine": 1}),
                        Options(attacker=ORDER, defender=ORDER)),
    "G40_CMB_20_damaged_carrier": (B("global1940", "sea", {"destroyer": 2, "cruiser": 1},
                                     {"carrier": 2, "destroyer": 1}, defender_damaged={"carrier": 1}), Options()),
    "G40_KAMI_05_kamikaze": (B("global1940", "sea", {"battleship": 1, "cruiser": 2, "destroyer": 1},
                               {"destroyer": 2, "submarine": 1}, kamikaze={"battleship": 2, "cruiser": 1}),
                             Options()),
    "low_luck_land": (B("anniversary", "land", {"infantry": 5, "artillery": 2, "tank": 2},
                        {"infantry": 6, "tank": 1}, low_luck=True), Options()),
    "low_luck_sea": (B("aa1941", "sea", {"submarine": 2, "destroyer": 1, "fighter": 2},
                       {"destroyer": 1, "carrier": 1, "fighter": 1}, low_luck=True), Options()),
    "AA41_CMB_12_submerge": (B("aa1941", "sea", {"destroyer": 1, "fighter": 2}, {"submarine": 2, "transport": 1}),
                             Options(defender=SideOrder(submerge=True))),
    "keep_land": (B("aa1941", "land", {"infantry": 1, "tank": 1, "fighter": 2}, {"infantry": 3}),
                  Options(attacker=SideOrder(loss_order=("infantry", "tank", "fighter")), keep_land=1)),
    "AA41_CMB_22_retreat_below_units": (B("aa1941", "land", {"infantry": 5, "tank": 1}, {"infantry": 4, "tank": 1}),
                                        Options(retreat_below_units=3)),
    "AA41_CMB_22_retreat_after_round": (B("anniversary", "land", {"infantry": 4, "artillery": 2},
                                          {"infantry": 4}), Options(retreat_after_round=2)),
    "AAE_AMPH_08_seaborne_stay_after_round": (B("anniversary", "land", {"infantry": 4, "artillery": 1, "tank": 1,
                                                                         "fighter": 1}, {"infantry": 4, "tank": 1},
                                                seaborne_units={"infantry": 2, "artillery": 1}),
                                              Options(retreat_after_round=2)),
    "AA41_AMP_11_seaborne_stay_below_units": (B("aa1941", "land", {"infantry": 3, "tank": 2, "fighter": 1},
                                                {"infantry": 4}, seaborne_units={"infantry": 2}),
                                              Options(retreat_below_units=4)),
    "AAE_TECH_10_radar": (B("anniversary", "land", {"infantry": 3, "fighter": 2, "bomber": 1},
                            {"infantry": 3, "aa_gun": 1}, radar=True), Options()),
    "AAE_TECH_12_heavy_bombers": (B("anniversary", "land", {"infantry": 2, "artillery": 1, "bomber": 2},
                                    {"infantry": 5}, attacker_advances=frozenset({"heavy_bombers",
                                                                                  "advanced_artillery"})), Options()),
    "G40_TECH_19_heavy_bombers_and_jets": (B("global1940", "land", {"infantry": 2, "bomber": 2, "fighter": 1},
                                             {"infantry": 4, "aa_gun": 1},
                                             attacker_advances=frozenset({"heavy_bombers", "jet_fighters"})),
                                           Options()),
    "G40_TECH_19_low_luck": (B("global1940", "land", {"infantry": 3, "bomber": 2}, {"infantry": 4, "tank": 1},
                               attacker_advances=frozenset({"heavy_bombers"}), low_luck=True), Options()),
    "G40_TECH_14_super_submarines": (B("global1940", "sea", {"submarine": 3, "destroyer": 1},
                                       {"destroyer": 1, "submarine": 1, "transport": 1},
                                       attacker_advances=frozenset({"super_submarines"})), Options()),
    "G40_TECH_10_paratroopers_retreat": (B("global1940", "land", {"infantry": 3, "tank": 1, "fighter": 1},
                                           {"infantry": 3, "aa_gun": 1}, paratroopers={"infantry": 2},
                                           attacker_advances=frozenset({"paratroopers"})),
                                         Options(retreat_after_round=2)),
}


@pytest.mark.parametrize("name", list(BATTLES))
def test_exact_odds_within_four_standard_errors_of_simulation(name: str) -> None:
    spec, options = BATTLES[name]
    exact = odds(spec, Options(**{**options.__dict__, "method": "exact"}))
    assert exact.method == "exact" and exact.pruned <= 1e-9
    sim = simulate(spec, options, runs=RUNS)
    assert abs(exact.attacker_wins + exact.defender_wins + exact.both_destroyed - 1) < 1e-9
    for field in ("attacker_wins", "defender_wins", "both_destroyed", "takes_territory", "retreat", "stalemate"):
        p = getattr(exact, field)
        err = math.sqrt(max(p * (1 - p), 1e-12) / RUNS)
        assert abs(getattr(sim, field) - p) <= 4 * err + 1e-12, (field, p, getattr(sim, field))


def _random_battle(rng: random.Random) -> tuple[BattleSpec, Options] | None:
    edition = rng.choice(["aa1941", "anniversary", "global1940"])
    kind = rng.choice(["land", "sea"])
    units = table(edition)
    usable = [u for u, v in units.items() if v.type.domain in (("land", "air") if kind == "land" else ("sea", "air"))]
    att = {u: rng.randint(1, 3) for u in rng.sample(usable, rng.randint(1, 3)) if not units[u].aa_gun}
    dfn = {u: rng.randint(1, 3) for u in rng.sample(usable, rng.randint(1, 3))}
    land = [u for u in att if units[u].type.domain == "land"]
    seaborne = {land[0]: 1} if kind == "land" and land and rng.random() < 0.3 else {}
    researched = [a for a in battle_advances(edition) if a != "paratroopers"]
    advances = rng.sample(researched, rng.randint(0, len(researched))) if researched and rng.random() < 0.4 else []
    try:
        spec = spec_from_json({"edition": edition, "kind": kind, "attacker": att, "defender": dfn,
                               "low_luck": rng.random() < 0.2, "seaborne": seaborne or None,
                               "attacker_advances": advances, "defender_advances": advances[:1]})
    except ValueError:
        return None
    options = Options(attacker=SideOrder(submerge=rng.random() < 0.3), defender=SideOrder(submerge=rng.random() < 0.3),
                      retreat_after_round=rng.choice([None, None, 1, 2]),
                      retreat_below_units=rng.choice([None, None, 2]))
    return spec, options


def test_random_battles_exact_within_five_standard_errors_of_simulation() -> None:
    """25 random battles of every edition (damage, submerging, low luck, retreats, seaborne units,
    research advances)."""
    rng = random.Random(5)
    runs, done = 40_000, 0
    while done < 25:
        battle = _random_battle(rng)
        if battle is None:
            continue
        spec, options = battle
        exact = odds(spec, Options(**{**options.__dict__, "method": "exact"}))
        sim = simulate(spec, options, runs=runs)
        done += 1
        for field in ("attacker_wins", "defender_wins", "both_destroyed", "takes_territory", "retreat", "stalemate"):
            p = getattr(exact, field)
            err = math.sqrt(max(p * (1 - p), 1e-12) / runs)
            assert abs(getattr(sim, field) - p) <= 5 * err + 1e-9, (spec, options, field)
