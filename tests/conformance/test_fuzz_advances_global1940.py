"""Global 1940's rockets and paratroopers under the conformance fuzz (G40-TECH-09, G40-TECH-10).

The short fuzz starts from the set-up, where no power has an advance yet: it almost never
reaches them (a breakthrough, then the right roll on Chart 1). These games start where the
powers that research already hold Rockets and Paratroopers, and the bots play them with the
suite's checks after every order (invariants, refusal identity, mutated orders, undo and
preview on copies), then replay the log; the bots must fire rockets and drop paratroopers.
"""

from __future__ import annotations

import copy
import random

from pbem.engine import load_ruleset
from pbem.engine.conformance import fuzz
from pbem.engine.dice import SeededDice
from pbem.games.aa.global1940.data import global1940
from tests.conformance.conftest import load

#: the powers that may research (G40-TECH-02: never China nor the USSR)
RESEARCHERS = ("germany", "japan", "uk", "italy", "usa", "anzac", "france")


def test_G40_TECH_09_10_the_fuzzed_bots_fire_rockets_and_drop_paratroopers() -> None:
    conf, rs = load("global1940"), load_ruleset("global1940")
    seen = {"aa.g40_rocket_fired": 0, "aa.g40_paradropped": 0}
    for n in range(4):
        seed = f"conformance-global1940-advances-{n}"
        position = copy.deepcopy(global1940().setup())
        position["research"] = {p: {"advances": ["rockets", "paratroopers"]} for p in RESEARCHERS}
        game = rs.from_position(position, options={"research": True, "dice": "low_luck"},
                                dice=SeededDice(seed, str(n)))
        watched = fuzz(conf, rs, game, random.Random(seed), decisions=60)
        assert watched.problems == [], f"{seed}: {watched.problems[:5]}"
        assert rs.replay(game.log()).fingerprint() == game.fingerprint(), f"{seed}: replay differs"
        for event in game.log():
            if event["type"] in seen:
                seen[event["type"]] += 1
    assert all(seen.values()), seen
