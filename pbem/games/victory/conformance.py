"""The hooks VICTORY hands the shared conformance suite (``pbem.engine.conformance``)."""

from __future__ import annotations

from pbem.engine.conformance import Conformance
from pbem.games.victory.bot import make_bot
from pbem.games.victory.invariants import invariants, secrets

CONFORMANCE = Conformance(
    rulesets={"victory": [{"scenario": "river_line"}, {"scenario": "river_line", "pursuit": True},
                          {"scenario": "crossroads"}]},
    spec="victory.md",
    rule_prefixes=("VIC-",),
    make_bot=make_bot,
    invariants=invariants,
    secrets=secrets,
    short_fuzz={"games": 3, "decisions": 3000},
)
