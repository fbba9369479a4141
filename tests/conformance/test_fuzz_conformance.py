"""Random bots play every ruleset; each order is checked (``pbem.engine.conformance.Watched``).

Invariants after every order, refusal identity over every refusal met (the bots' own probes and
deliberately mutated orders), preview and undo on copies, then replay from the log and from a
mid-game snapshot equal to the live game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pbem.engine import Game, load_ruleset
from pbem.engine.conformance import fuzz
from tests.conformance.conftest import fuzz_size, load, runs

RUNS = runs()


@pytest.mark.parametrize("family,key,options", RUNS, ids=[f"{k}-{i}" for i, (_f, k, _o) in enumerate(RUNS)])
def test_fuzzed_games_keep_invariants_refusal_identity_and_replay(family: str, key: str,
                                                                  options: dict[str, Any]) -> None:
    conf = load(family)
    rs = load_ruleset(key)
    games, decisions = fuzz_size(conf)
    refusals = mutated = 0
    for n in range(games):
        seed = f"conformance-{key}-{n}-{sorted(options.items())}"
        rng = random.Random(seed)
        game = rs.new_game(options, seed=seed)
        first = fuzz(conf, rs, game, rng, decisions=decisions // 2)
        snapshot = game.snapshot()
        second = fuzz(conf, rs, game, rng, decisions=decisions - decisions // 2)
        problems = first.problems + second.problems
        assert problems == [], f"{seed}: {problems[:5]}"
        refusals += first.stats.refusals + second.stats.refusals
        mutated += first.stats.mutated + second.stats.mutated
        assert first.stats.accepted + second.stats.accepted > 0
        again = rs.replay(game.log())
        assert again.fingerprint() == game.fingerprint(), f"{seed}: replay differs"
        resumed = Game.from_snapshot(rs, snapshot, game.events_since(snapshot["seq"]))
        assert resumed.fingerprint() == game.fingerprint(), f"{seed}: resume from snapshot differs"
    assert refusals > 0 and mutated > 0  # the refusal paths were exercised


@pytest.mark.parametrize("family,key,options", RUNS[:1] + [r for r in RUNS if r[0] == "race"][:1])
def test_undo_takes_back_an_order_exactly(family: str, key: str, options: dict[str, Any]) -> None:
    conf = load(family)
    rs = load_ruleset(key)
    game = rs.new_game(options, seed="undo")
    watched = fuzz(conf, rs, game, random.Random(3), decisions=20, mutate=1.0)
    assert watched.problems == []
    assert watched.stats.undos > 0
