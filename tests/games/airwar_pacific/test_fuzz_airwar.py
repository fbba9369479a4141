"""Random games to the end (the conformance bot): invariants after every order, replay equality,
re-dealing from the revealed seeds, and nothing secret in the other player's view or events.

Short by default (a few games); ``PBEM_FUZZ=long`` plays 200.
"""

from __future__ import annotations

import os
import random

import pytest

from pbem.engine import load_ruleset
from pbem.engine.dice_verify import verify_dice
from pbem.games.airwar_pacific.conformance import CONFORMANCE
from pbem.games.airwar_pacific.state import other

RS = load_ruleset("airwar_pacific")
GAMES = 200 if os.environ.get("PBEM_FUZZ") == "long" else CONFORMANCE.short_fuzz["games"]
OPTIONS = CONFORMANCE.rulesets["airwar_pacific"]


def leaks(game, seen_from: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Secret ids of each seat found in what the other seat (or a spectator) receives."""
    found = []
    for seat in ("axis", "allies"):
        needles = CONFORMANCE.secrets(RS, game.state, seat) if CONFORMANCE.secrets else []
        if not needles:
            continue
        for viewer in (other(seat), None):
            text = str(game.view(viewer)) + str([RS.event_view(e, viewer) for e in game.log()[seen_from:]])
            found += [f"{seat}'s {n} seen by {viewer}" for n in needles if n in text]
    return found


def play(seed: int) -> None:
    options = OPTIONS[seed % len(OPTIONS)]
    game = RS.new_game(options, seed=f"fuzz-{seed}")
    bot = CONFORMANCE.make_bot(RS, random.Random(seed))
    for n in range(CONFORMANCE.short_fuzz["decisions"] * 10):
        if game.result() is not None:
            break
        start = game.seq
        bot.act(game)
        problems = CONFORMANCE.invariants(RS, game.state)
        assert not problems, f"seed {seed}, seq {game.seq}: {problems}"
        if n % 7 == 0 or game.result() is not None:
            assert not leaks(game, 0 if n % 50 == 0 else start), f"seed {seed}, seq {game.seq}"
    assert game.result() is not None, f"seed {seed}: no result"
    log = game.log()
    again = RS.replay(log)
    assert again.state == game.state and again.meta == game.meta
    assert verify_dice(log).ok
    assert RS.verify_deals(log) == []


@pytest.mark.parametrize("seed", range(GAMES))
def test_fuzz_random_games_keep_the_invariants_and_leak_nothing(seed: int) -> None:
    play(seed)
