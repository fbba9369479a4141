"""Fuzzer: random legal games of River Line to their end, with invariants after every order, replay
equality, and nothing of one seat's secrets in anything the other seat receives (VIC-FOG-01).

Short by default (a few games); ``PBEM_FUZZ=long`` plays 100.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from pbem.engine import load_ruleset
from pbem.games.victory.conformance import CONFORMANCE

GAMES = 100 if os.environ.get("PBEM_FUZZ") == "long" else 3


def _leaks(rs, game, seat: str, secrets: list[str]) -> list[str]:
    seen = json.dumps(rs.view(game.state, seat), sort_keys=True)
    seen += json.dumps(game.legal_options(seat), sort_keys=True) if any(
        o["seat"] == seat for o in game.owed()) else ""
    seen += json.dumps(game.owed(), sort_keys=True)
    return [s for s in secrets if s in seen]


def _event_leaks(rs, events, seat: str, secrets: list[str]) -> list[str]:
    text = json.dumps([rs.event_view(e, seat) for e in events], sort_keys=True)
    return [s for s in secrets if s in text]


@pytest.mark.parametrize("n", range(GAMES))
def test_VIC_FOG_01_fuzz_river_line_to_the_end_with_invariants_replay_and_no_leaks(n: int) -> None:
    rs = load_ruleset("victory")
    rng = random.Random(n)
    options = CONFORMANCE.rulesets["victory"][n % 2]
    game = rs.new_game(options, seed=f"fuzz-{n}")
    bot = CONFORMANCE.make_bot(rs, rng)
    seq = len(game.log())
    for _ in range(CONFORMANCE.short_fuzz["decisions"]):
        if game.result() is not None:
            break
        bot.act(game)
        assert CONFORMANCE.invariants(rs, game.state) == []
        new = game.log()[seq:]
        seq = len(game.log())
        for seat, foe in (("blue", "red"), ("red", "blue")):
            secrets = CONFORMANCE.secrets(rs, game.state, foe)
            assert _leaks(rs, game, seat, secrets) == []
            assert _event_leaks(rs, new, seat, secrets) == []
    assert game.result() is not None
    again = rs.replay(game.log())
    assert again.state == game.state
    # the whole log: no event ever handed one seat the other's block ids
    for seat, foe in (("blue", "red"), ("red", "blue")):
        ids = [e for e in {b for b in _all_ids(game.log()) if b.startswith(foe + "-")}]
        assert _event_leaks(rs, game.log(), seat, ids) == []


def _all_ids(log) -> set[str]:
    out: set[str] = set()
    for e in log:
        for word in json.dumps(e).replace('"', " ").replace(":", " ").split():
            if word.startswith(("blue-", "red-")) and word[-1].isdigit():
                out.add(word.strip(","))
    return out
