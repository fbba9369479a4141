"""The odds calculator and the referee agree on Global 1940's round-1 dice: combined arms
(G40-CMB-04), AA volleys (G40-AA-02), Radar (G40-TECH-17)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pbem.games.aa.global1940.data import global1940
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.spec import BattleSpec, Options
from tests.games.aa.odds_parity import odds_targets, round_one_targets
from tests.games.global1940.combat_kit import att, combat, rolls, unit

KOREA = "Korea"


def _referee(attack: dict[str, int], defend: dict[str, int], radar: bool) -> Any:
    korea = [unit(t, "japan", n) for t, n in defend.items()]
    korea += [att(t, n, came_from="Manchuria" if global1940().unit(t).domain == "land" else "SZ 6")
              for t, n in attack.items()]
    game = combat({KOREA: korea}, dice=[6] * 80, research={"japan": ["radar"]} if radar else None)
    game.submit("usa", {"type": "battle", "place": KOREA})
    return game


BATTLES = {
    "G40_CMB_04_infantry_mech_artillery": ({"infantry": 2, "mech_infantry": 1, "artillery": 2}, {"infantry": 3},
                                           False),
    "G40_UNIT_TAC_01_tactical_bombers": ({"tactical_bomber": 3, "fighter": 1, "tank": 1}, {"infantry": 2}, False),
    "G40_AA_02_volley": ({"infantry": 2, "fighter": 5, "bomber": 2}, {"infantry": 2, "aa_gun": 2}, False),
    "G40_TECH_17_radar": ({"tank": 1, "fighter": 2}, {"infantry": 2, "aa_gun": 1}, True),
}


@pytest.mark.parametrize("name", sorted(BATTLES))
def test_G40_AA_02_odds_calculator_rolls_the_referees_round_one_dice(name: str) -> None:
    attack, defend, radar = BATTLES[name]
    game = _referee(attack, defend, radar)
    model = Battle(BattleSpec("global1940", "land", attack, defend, radar=radar), Options())
    key = ("fire", False, False, False)
    rolled = rolls(game)
    assert round_one_targets(rolled, "attacker", ("attacker fire",)) == odds_targets(
        model.fa.groups(model.att.initial, key))
    assert round_one_targets(rolled, "defender", ("defender fire",)) == odds_targets(
        model.fd.groups(model.dfn.initial, key))
    aircraft = sum(n for t, n in attack.items() if global1940().unit(t).domain == "air")
    shots = min(3 * defend.get("aa_gun", 0), aircraft)
    expected = Counter({2 if radar else 1: shots}) if shots else Counter()
    assert round_one_targets(rolled, "defender", ("antiaircraft fire",)) == expected
    assert model._aa_pmf(shots).shape[0] == shots + 1
