"""The calculator and the referee apply the same casualty rule (issue 17 acceptance).

For many random battles (random units, damage, owners, cargo, standing orders and hits) the
referee's standing-order choice (:func:`pbem.games.aa.battle.choose`, the path of
``combat_round.standing_choice``) equals :func:`pbem.games.aa.odds.casualties.choose`.
"""

from __future__ import annotations

import random

from pbem.games.aa import battle as referee
from pbem.games.aa.odds import casualties
from pbem.games.aa.odds.units import unit_types

TYPES = unit_types("aa1941")
NAMES = list(TYPES)


def _battle(rng: random.Random) -> tuple[list[dict[str, object]], dict[str, int], dict[str, dict[str, object]],
                                          dict[int, int]]:
    units: list[dict[str, object]] = []
    owners = ["germany", "italy"] if rng.random() < 0.3 else ["germany"]
    for uid in range(rng.randint(1, 14)):
        kind = rng.choice(NAMES)
        hits = rng.randint(0, TYPES[kind].hits - 1)
        units.append({"id": 100 + uid, "type": kind, "owner": rng.choice(owners), "hits": hits})
    rng.shuffle(units)
    hits = {"S": rng.randint(0, 4), "A": rng.randint(0, 4), "N": rng.randint(0, 8)}
    prefs = {}
    for owner in owners:
        order = rng.sample(NAMES, rng.randint(0, 5))
        keep = rng.sample([n for n in NAMES if n not in order], rng.randint(0, 2))
        prefs[owner] = {"loss_order": order, "keep_last": keep, "damage_battleships_first": rng.random() < 0.7}
    cargo = {int(u["id"]): rng.randint(0, 2) for u in units if u["type"] == "transport" and rng.random() < 0.5}
    return units, hits, prefs, cargo


def test_AA41_CMB_08_09_referee_and_calculator_choose_the_same_casualties_in_random_battles() -> None:
    rng = random.Random(17)
    for _ in range(20000):
        units, hits, prefs, cargo = _battle(rng)
        expected = referee.choose(TYPES, units, hits, prefs, cargo)
        assert casualties.choose(TYPES, units, hits, prefs, cargo) == expected, (units, hits, prefs, cargo)


def test_AA41_CMB_08_selection_is_legal_by_the_referee_check() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        units, hits, prefs, cargo = _battle(rng)
        selection = casualties.choose(TYPES, units, hits, prefs, cargo)
        assert referee.check_selection(TYPES, units, hits, selection) is None


def test_AA41_CMB_09_submarine_hits_never_strike_air_units() -> None:
    units = [{"id": 1, "type": "fighter", "owner": "g", "hits": 0},
             {"id": 2, "type": "destroyer", "owner": "g", "hits": 0}]
    prefs = {"g": {"loss_order": ["fighter", "destroyer"]}}
    assert casualties.choose(TYPES, units, {"S": 2, "A": 0, "N": 0}, prefs) == [2]
    assert casualties.choose(TYPES, units, {"S": 1, "A": 0, "N": 1}, prefs) == [1, 2]


def test_AA41_UNIT_BB_02_battleship_damage_taken_first_by_default() -> None:
    units = [{"id": 1, "type": "destroyer", "owner": "g", "hits": 0},
             {"id": 2, "type": "battleship", "owner": "g", "hits": 0}]
    assert casualties.choose(TYPES, units, {"S": 0, "A": 0, "N": 2}, {"g": {}}) == [2, 1]
