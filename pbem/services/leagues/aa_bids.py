"""The A&A family's bid placement for leagues: the rules engine's :mod:`pbem.games.aa.bids`."""

from __future__ import annotations

from typing import Any

from pbem.games.aa.bids import apply_bid


def place(ruleset: Any, options: dict[str, Any], *, side: str, ipcs: int, placement: Any,
          rules: dict[str, Any]) -> dict[str, Any]:
    """The starting position of ``options`` with the bid placed (IllegalOrder if refused)."""
    position = ruleset.initial_position(ruleset.normalise_options(options))
    return apply_bid(ruleset.data, position, side=side, ipcs=ipcs, placement=placement, rules=rules)
