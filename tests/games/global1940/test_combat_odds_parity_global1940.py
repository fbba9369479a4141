"""The odds calculator and the referee agree on Global 1940's round-1 dice: combined arms
(G40-CMB-04), AA volleys (G40-AA-02), and the research advances in effect for each side (Radar
G40-TECH-17, Improved Artillery G40-TECH-08, Improved Mechanized Infantry G40-TECH-13, Super
Submarines G40-TECH-14, Jet Fighters G40-TECH-15, Heavy Bombers G40-TECH-19), and on paratroopers
(G40-TECH-10), fired on by AA guns as aircraft are (G40-AA-07)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

from pbem.games.aa.global1940.data import global1940
from pbem.games.aa.odds import odds
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.spec import BattleSpec, Options
from tests.games.aa.odds_parity import odds_targets, referee_hits, round_one_targets
from tests.games.global1940.combat_kit import att, combat, events, rolls, unit

KOREA, SZ7 = "Korea", "SZ 7"
FIRE = ("fire", False, False, False)


def _referee(attack: dict[str, int], defend: dict[str, int], radar: bool = False, advances: tuple[str, ...] = (),
             extra: list[dict[str, Any]] | None = None, options: dict[str, Any] | None = None) -> Any:
    """The US attacks Korea (Japan's) with ``attack`` and the US ``advances``; ``radar``: Japan's."""
    korea = [unit(t, "japan", n) for t, n in defend.items()]
    korea += [att(t, n, came_from="Manchuria" if global1940().unit(t).domain == "land" else "SZ 6")
              for t, n in attack.items()]
    research = {**({"japan": ["radar"]} if radar else {}), **({"usa": list(advances)} if advances else {})}
    game = combat({KOREA: korea + (extra or [])}, dice=[6] * 80, research=research or None, options=options)
    game.submit("usa", {"type": "battle", "place": KOREA})
    return game


def _dice_match(game: Any, model: Battle, key: tuple[str, bool, bool, bool] = FIRE,
                steps: tuple[str, ...] = ("attacker fire",)) -> None:
    rolled = rolls(game)
    assert round_one_targets(rolled, "attacker", steps) == odds_targets(model.fa.groups(model.att.initial, key))
    assert round_one_targets(rolled, "defender", ("defender fire",)) == odds_targets(
        model.fd.groups(model.dfn.initial, FIRE))


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
    _dice_match(game, model)
    aircraft = sum(n for t, n in attack.items() if global1940().unit(t).domain == "air")
    shots = min(3 * defend.get("aa_gun", 0), aircraft)
    expected = Counter({(2 if radar else 1, 1): shots}) if shots else Counter()
    assert round_one_targets(rolls(game), "defender", ("antiaircraft fire",)) == expected
    assert model.aa_dice(model.att.initial) == shots


def test_G40_TECH_17_radar_as_a_defender_advance_is_the_radar_flag() -> None:
    spec = BattleSpec("global1940", "land", {"fighter": 2}, {"infantry": 1, "aa_gun": 1},
                      defender_advances=frozenset({"radar"}))
    flag = BattleSpec("global1940", "land", {"fighter": 2}, {"infantry": 1, "aa_gun": 1}, radar=True)
    assert Battle(spec, Options())._aa_pmf(2).tolist() == Battle(flag, Options())._aa_pmf(2).tolist()
    assert odds(spec).attacker_wins == pytest.approx(odds(flag).attacker_wins, abs=1e-12)
    assert odds(spec).attacker_wins < odds(BattleSpec("global1940", "land", {"fighter": 2},
                                                      {"infantry": 1, "aa_gun": 1})).attacker_wins


def test_G40_TECH_19_calculator_counts_heavy_bombers_best_of_two() -> None:
    attack, defend = {"infantry": 1, "bomber": 2}, {"infantry": 3}
    game = _referee(attack, defend, advances=("heavy_bombers",))
    spec = BattleSpec("global1940", "land", attack, defend, attacker_advances=frozenset({"heavy_bombers"}))
    model = Battle(spec, Options())
    _dice_match(game, model)
    assert odds_targets(model.fa.groups(model.att.initial, FIRE)) == Counter({(1, 1): 1, (4, 2): 4})
    # the hits: the referee's count_hits over every face of its own dice (a bomber scores once at most)
    (fire,) = [r for r in rolls(game) if r["context"].get("step") == "attacker fire"]
    expected = referee_hits(fire["dice"])
    got = model.fa.dist(model.att.initial, FIRE)
    assert len(expected) == 4 and np.allclose(got[:len(expected)], expected) and got[len(expected):].sum() < 1e-15
    plain = Battle(BattleSpec("global1940", "land", attack, defend), Options())
    assert odds_targets(plain.fa.groups(plain.att.initial, FIRE)) == Counter({(1, 1): 1, (4, 1): 2})


def test_G40_TECH_19_calculator_pools_heavy_bombers_under_low_luck_as_the_referee() -> None:
    attack, defend = {"infantry": 2, "bomber": 1}, {"infantry": 3}
    game = _referee(attack, defend, advances=("heavy_bombers",), options={"dice": "low_luck"})
    hits = next(h for h in events(game, "aa.battle_hits") if h["side"] == "attacker" and h["round"] == 1)
    rest = [d for r in rolls(game) if r["context"].get("side") == "attacker" and r["context"].get("round") == 1
            for d in r["dice"]]
    spec = BattleSpec("global1940", "land", attack, defend, attacker_advances=frozenset({"heavy_bombers"}),
                      low_luck=True)
    model = Battle(spec, Options())
    got = model.fa.dist(model.att.initial, FIRE)
    strength = hits["sure"] * 6 + sum(d["target"] for d in rest)
    assert strength == 1 + 1 + 5  # the bomber: one die at 4 + 1 (G40-TECH-19)
    assert got[1] == pytest.approx(1 - 1 / 6) and got[2] == pytest.approx(1 / 6)


def test_G40_TECH_15_calculator_counts_jet_fighters_at_four() -> None:
    attack, defend = {"fighter": 2, "tactical_bomber": 2, "tank": 1}, {"infantry": 3, "fighter": 1}
    game = _referee(attack, defend, advances=("jet_fighters",))
    model = Battle(BattleSpec("global1940", "land", attack, defend, attacker_advances=frozenset({"jet_fighters"})),
                   Options())
    _dice_match(game, model)
    assert odds_targets(model.fa.groups(model.att.initial, FIRE)) == Counter({(4, 1): 4, (3, 1): 1})
    assert odds_targets(model.fd.groups(model.dfn.initial, FIRE))[(4, 1)] == 1  # defence unchanged


def test_G40_TECH_13_calculator_pairs_improved_artillery_and_mechanized_infantry() -> None:
    attack = {"infantry": 2, "mech_infantry": 3, "artillery": 1, "tank": 2, "tactical_bomber": 1}
    advances = ("improved_artillery", "improved_mechanized_infantry")
    game = _referee(attack, {"infantry": 4}, advances=advances)
    model = Battle(BattleSpec("global1940", "land", attack, {"infantry": 4},
                              attacker_advances=frozenset(advances)), Options())
    _dice_match(game, model)
    # the artillery raises both infantry (G40-TECH-08); one armour the tactical bomber, the other a mech
    assert odds_targets(model.fa.groups(model.att.initial, FIRE)) == Counter(
        {(2, 1): 4, (1, 1): 2, (3, 1): 2, (4, 1): 1})


def test_G40_TECH_14_calculator_counts_super_submarines_at_three() -> None:
    strike, fire = ("strike", False, False, False), ("fire", True, False, False)
    for defenders, key, step in (([unit("cruiser", "japan"), unit("transport", "japan")], strike, "surprise strike"),
                                 ([unit("destroyer", "japan")], fire, "attacker fire")):
        game = combat({SZ7: defenders + [att("submarine", 2, came_from="SZ 8")]}, dice=[6] * 20,
                      research={"usa": ["super_submarines"]})
        game.submit("usa", {"type": "battle", "place": SZ7})
        defend = Counter(u["type"] for u in defenders)
        model = Battle(BattleSpec("global1940", "sea", {"submarine": 2}, dict(defend),
                                  attacker_advances=frozenset({"super_submarines"})), Options())
        assert round_one_targets(rolls(game), "attacker", (step,)) == Counter({(3, 1): 2})
        assert odds_targets(model.fa.groups(model.att.initial, key)) == Counter({(3, 1): 2})


def _paratrooper() -> dict[str, Any]:
    return att("infantry", 1, came_from="Manchuria", t_paratrooper=True, t_stop="combat_move")


def test_G40_AA_07_calculator_fires_aa_at_paratroopers_as_at_aircraft() -> None:
    attack, defend = {"tank": 1, "fighter": 3}, {"infantry": 1, "aa_gun": 1}
    game = _referee(attack, defend, advances=("paratroopers",), extra=[_paratrooper()])
    spec = BattleSpec("global1940", "land", {**attack, "infantry": 1}, defend,
                      attacker_advances=frozenset({"paratroopers"}), paratroopers={"infantry": 1})
    model = Battle(spec, Options())
    (fire,) = events(game, "aa.antiaircraft_fire")
    assert fire["dice"] == model.aa_dice(model.att.initial) == 3  # min(3 shots, 4 targets: 3 fighters, 1 paratrooper)
    assert sorted(k.type for i, k in enumerate(model.att.kinds) if i in model.aa_targets) == ["fighter", "infantry"]
    assert model.aa_dice(Battle(BattleSpec("global1940", "land", spec.attacker, defend), Options()).att.initial) == 3
    # one gun, one paratrooper and a tank: the gun fires one die; a 1 kills the paratrooper (G40-AA-07)
    hit = _referee({"tank": 1}, defend, advances=("paratroopers",), extra=[_paratrooper()])
    (shot,) = events(hit, "aa.antiaircraft_fire")
    assert len(shot["targets"]) == 1 and shot["destroyed"] == []  # all dice 6
    lone = Battle(BattleSpec("global1940", "land", {"tank": 1, "infantry": 1}, defend,
                             attacker_advances=frozenset({"paratroopers"}), paratroopers={"infantry": 1}), Options())
    after = {tuple(sorted(lone.att.units(a).items())): p for a, p in lone.opening.items()}
    assert after == pytest.approx({(("infantry", 1), ("tank", 1)): 5 / 6, (("tank", 1),): 1 / 6})
    walked = Battle(BattleSpec("global1940", "land", {"tank": 1, "infantry": 1}, defend), Options())
    assert walked.opening == {walked.att.initial: 1.0}  # infantry that walked in is never fired on


def test_G40_TECH_10_calculator_keeps_paratroopers_with_no_overland_land_unit_left() -> None:
    spec = BattleSpec("global1940", "land", {"tank": 1, "infantry": 1, "fighter": 1}, {"infantry": 2},
                      attacker_advances=frozenset({"paratroopers"}), paratroopers={"infantry": 1})
    model = Battle(spec, Options(retreat_after_round=1))
    side = model.att
    para = next(i for i, k in enumerate(side.kinds) if k.airborne)
    tank = side.kind_index[type(side.kinds[para])("tank")]
    fighter = side.kind_index[type(side.kinds[para])("fighter")]
    everyone = side.initial
    assert model.stay_behind(everyone) is None and not model.fixed(everyone)  # all retreat, overland
    state = list(side.states[everyone])
    state[tank] = 0
    without_tank = side.add(tuple(state))
    stays = model.stay_behind(without_tank)  # the fighter leaves, the paratrooper fights on
    assert stays is not None and side.units(stays) == {"infantry": 1, "fighter": 1} and model.fixed(stays)
    state[fighter] = 0
    alone = side.add(tuple(state))
    assert model.stay_behind(alone) is None and model.fixed(alone)  # it cannot retreat
    exact = odds(spec, Options(retreat_after_round=1))
    monte = odds(spec, Options(retreat_after_round=1, method="montecarlo", runs=200_000, seed=3))
    assert exact.attacker_wins == pytest.approx(monte.attacker_wins, abs=0.006)
    assert exact.retreat == pytest.approx(monte.retreat, abs=0.006)


def test_G40_TECH_10_paratroopers_need_the_advance_and_infantry() -> None:
    from pbem.games.aa.odds import spec_from_json

    base = {"edition": "global1940", "attacker": {"infantry": 2, "tank": 1}, "defender": {"infantry": 1}}
    with pytest.raises(ValueError, match="G40-TECH-10"):
        spec_from_json({**base, "paratroopers": {"infantry": 1}})
    with pytest.raises(ValueError, match="G40-TECH-10"):
        spec_from_json({**base, "paratroopers": {"tank": 1}, "attacker_advances": ["paratroopers"]})
    with pytest.raises(ValueError, match="Unknown research advance 'war_bond'"):
        spec_from_json({**base, "attacker_advances": ["war_bond"]})
    with pytest.raises(ValueError, match="Unknown research advance 'advanced_artillery'"):
        spec_from_json({**base, "defender_advances": ["advanced_artillery"]})  # Anniversary's name
    spec = spec_from_json({**base, "paratroopers": {"infantry": 2}, "attacker_advances": ["paratroopers"]})
    assert spec.paratroopers == {"infantry": 2}
