"""Random bots play every ruleset; each order is checked (``pbem.engine.conformance.Watched``).

Invariants after every order, refusal identity over every refusal met (the bots' own probes and
deliberately mutated orders), preview and undo on copies, then replay from the log and from a
mid-game snapshot equal to the live game.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

import pytest

from pbem.engine import Game, load_ruleset
from pbem.engine.conformance import Watched, fuzz
from tests.conformance.conftest import fuzz_size, load, runs

RUNS = runs()


@dataclass
class Played:
    """One fuzzed game: its seed, the game, the snapshot taken half-way and both halves' checks."""

    seed: str
    game: Game
    snapshot: dict[str, Any]
    halves: tuple[Watched, Watched]


@functools.cache
def played(run: int) -> list[Played]:
    """The games of ``RUNS[run]`` (played once per process: the tests below share them)."""
    family, key, options = RUNS[run]
    conf = load(family)
    rs = load_ruleset(key)
    games, decisions, rounds = fuzz_size(conf)
    out = []
    for n in range(games):
        seed = f"conformance-{key}-{n}-{sorted(options.items())}"
        rng = random.Random(seed)
        game = rs.new_game(options, seed=seed)
        first = fuzz(conf, rs, game, rng, decisions=decisions // 2,
                     until_round=None if rounds is None else rounds // 2)
        snapshot = game.snapshot()
        second = fuzz(conf, rs, game, rng, decisions=decisions - decisions // 2, until_round=rounds)
        out.append(Played(seed, game, snapshot, (first, second)))
    return out


@pytest.mark.parametrize("run", range(len(RUNS)), ids=[f"{k}-{i}" for i, (_f, k, _o) in enumerate(RUNS)])
def test_fuzzed_games_keep_invariants_refusal_identity_and_replay(run: int) -> None:
    rs = load_ruleset(RUNS[run][1])
    refusals = mutated = 0
    for one in played(run):
        first, second = one.halves
        game, seed = one.game, one.seed
        problems = first.problems + second.problems
        assert problems == [], f"{seed}: {problems[:5]}"
        refusals += first.stats.refusals + second.stats.refusals
        mutated += first.stats.mutated + second.stats.mutated
        assert first.stats.accepted + second.stats.accepted > 0
        again = rs.replay(game.log())
        assert again.fingerprint() == game.fingerprint(), f"{seed}: replay differs"
        resumed = Game.from_snapshot(rs, one.snapshot, game.events_since(one.snapshot["seq"]))
        assert resumed.fingerprint() == game.fingerprint(), f"{seed}: resume from snapshot differs"
    assert refusals > 0 and mutated > 0  # the refusal paths were exercised


MUST = sorted({family for family, _k, _o in RUNS if load(family).must_occur})


@pytest.mark.parametrize("family", MUST)
def test_fuzzed_games_exercise_the_rules_the_family_names(family: str) -> None:
    """The bots reach the rules the family lists in ``must_occur`` (Anniversary: strategic bombing
    raids AAE-SBR-02/03, repairs AAE-PUR-03, shore bombardment AAE-BOMB-04): counted over the
    events of every game of the family's runs, each must occur at least once."""
    must = load(family).must_occur
    counts = dict.fromkeys(must, 0)
    for run, (owner, _key, _options) in enumerate(RUNS):
        if owner != family:
            continue
        for one in played(run):
            for event in one.game.log():
                for label, test in must.items():
                    counts[label] += bool(test(event))
    assert all(counts.values()), f"never exercised by the {family} fuzz: {counts}"


@pytest.mark.parametrize("family,key,options", RUNS[:1] + [r for r in RUNS if r[0] == "race"][:1])
def test_undo_takes_back_an_order_exactly(family: str, key: str, options: dict[str, Any]) -> None:
    conf = load(family)
    rs = load_ruleset(key)
    game = rs.new_game(options, seed="undo")
    watched = fuzz(conf, rs, game, random.Random(3), decisions=20, mutate=1.0)
    assert watched.problems == []
    assert watched.stats.undos > 0
