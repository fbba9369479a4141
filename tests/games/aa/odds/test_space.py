"""The exact method's vectorised state spaces and dice equal the shared casualty rule and ``Firing``.

:class:`~pbem.games.aa.odds.space.Space` applies hits by arithmetic on chains of losses; every
transition of every reachable state must equal :meth:`Side.apply` (the shared rule of
:mod:`pbem.games.aa.odds.casualties`, the referee's). :class:`~pbem.games.aa.odds.dice.Dice`
must give, state by state and key by key, the distribution of :meth:`Firing.dist`.
"""

from __future__ import annotations

import numpy as np
import pytest

from pbem.games.aa.odds import BattleSpec, Options, SideOrder
from pbem.games.aa.odds import casualties as cas
from pbem.games.aa.odds.dice import Dice
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.space import Space

ORDER = SideOrder(loss_order=("infantry", "artillery", "tank", "submarine", "destroyer", "fighter", "bomber",
                              "cruiser", "carrier", "battleship"))
NAVY = SideOrder(loss_order=("transport", "fighter", "submarine"), keep_last=("battleship",), damage_first=False)
B = BattleSpec
CASES = {
    "AAE_AA_03_land_with_aa": (B("anniversary", "land", {"infantry": 5, "artillery": 2, "tank": 2, "fighter": 2,
                                                          "bomber": 1}, {"infantry": 6, "fighter": 1, "aa_gun": 1}),
                               Options(attacker=ORDER, keep_land=1)),
    "AA41_CMB_09_naval_categories": (B("aa1941", "sea", {"submarine": 3, "destroyer": 1, "fighter": 2,
                                                         "battleship": 1, "transport": 2},
                                       {"submarine": 2, "carrier": 1, "fighter": 2, "battleship": 1, "transport": 1},
                                       attacker_damaged={"battleship": 1}), Options(attacker=NAVY, defender=ORDER)),
    "AA41_CMB_12_submerging": (B("aa1941", "sea", {"submarine": 2, "fighter": 2}, {"submarine": 2, "transport": 2}),
                               Options(attacker=SideOrder(submerge=True), defender=SideOrder(submerge=True))),
    "G40_CMB_20_carriers_and_kamikaze": (B("global1940", "sea", {"battleship": 2, "cruiser": 1, "carrier": 1,
                                                                 "tactical_bomber": 1, "submarine": 1},
                                           {"carrier": 2, "fighter": 3, "destroyer": 1, "submarine": 1},
                                           defender_damaged={"carrier": 1}, kamikaze={"battleship": 2}),
                                         Options(defender=NAVY)),
    "G40_TECH_19_research_and_paratroopers": (B("global1940", "land", {"infantry": 4, "mech_infantry": 2,
                                                                       "artillery": 1, "tank": 2, "bomber": 2,
                                                                       "tactical_bomber": 1, "fighter": 1},
                                                {"infantry": 5, "aa_gun": 1}, paratroopers={"infantry": 2},
                                                attacker_advances=frozenset({"heavy_bombers", "paratroopers",
                                                                             "improved_mechanized_infantry",
                                                                             "improved_artillery", "jet_fighters"})),
                                              Options(attacker=ORDER)),
    "AAE_TECH_12_two_dice_per_bomber": (B("anniversary", "sea", {"submarine": 2, "bomber": 2, "fighter": 1},
                                          {"destroyer": 1, "submarine": 1, "carrier": 1},
                                          attacker_advances=frozenset({"heavy_bombers", "super_submarines"})),
                                        Options()),
}


def _spaces(spec: BattleSpec, options: Options) -> tuple[Battle, Space, Space, np.ndarray, np.ndarray]:
    battle = Battle(spec, options)
    inc_a = np.stack(battle.fd.vectors(), axis=1)
    inc_d = np.stack(battle.fa.vectors(), axis=1)
    att = Space(battle.att, list(battle.opening), inc_a, battle._submerges(battle.att))
    dfn = Space(battle.dfn, [battle.dfn.initial], inc_d, battle._submerges(battle.dfn))
    return battle, att, dfn, inc_a, inc_d


@pytest.mark.parametrize("name", list(CASES))
def test_AA41_CMB_08_every_transition_follows_the_shared_casualty_rule(name: str) -> None:
    battle, att, dfn, inc_a, inc_d = _spaces(*CASES[name])
    for space, hits in ((att, inc_a), (dfn, inc_d)):
        side = space.side
        assert space.n > 1
        for i in range(space.n):
            idx = space.ids[i]
            for g, vector in enumerate(hits.tolist()):
                expected = side.apply(idx, cas.limits(dict(zip("SAN", vector, strict=True)), side.caps(idx)))
                assert space.ids[space.app[i, g]] == expected, (name, side.states[idx], vector)
            if space is att and battle._submerges(side) or space is dfn and battle._submerges(side):
                assert space.ids[space.dive[i]] == side.submerge(idx)
        assert all(space.level[space.app[i]].max() <= space.level[i] for i in range(space.n))


@pytest.mark.parametrize("name", list(CASES))
def test_AA41_CMB_05_dice_of_all_states_match_firing_state_by_state(name: str) -> None:
    battle, att, dfn, _inc_a, _inc_d = _spaces(*CASES[name])
    for space, firing, other, other_fire in ((att, battle.fa, dfn, battle.fd), (dfn, battle.fd, att, battle.fa)):
        dice = Dice(firing)
        flags = sorted(set(Dice(other_fire).flags(other.counts)))
        assert dice.flags(space.counts) == [space.side.flags(i) for i in space.ids]
        keys = [(stage, *f) for stage in ("strike", "fire") for f in flags]
        if firing is battle.fa:
            keys += [("opening", *f) for f in flags]
        grids = dice.grids(space.counts, keys)
        for key in keys:
            got = grids.get(key)
            for row, idx in enumerate(space.ids):
                assert np.allclose(got[row], firing.dist(idx, key), atol=1e-15), (name, key, space.side.states[idx])
