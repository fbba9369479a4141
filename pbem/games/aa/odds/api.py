"""The calculator's entry points: :func:`odds` and :func:`battle_spec_from_state`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import numpy as np
from threadpoolctl import ThreadpoolController  # type: ignore[import-untyped]

from pbem.games.aa.odds.exact import solve
from pbem.games.aa.odds.model import Battle
from pbem.games.aa.odds.referee import advances_of
from pbem.games.aa.odds.result import OddsResult, build
from pbem.games.aa.odds.space import TooLarge
from pbem.games.aa.odds.spec import BattleSpec, Options

__all__ = ["TooLarge", "battle_spec_from_state", "exact_odds", "odds"]

# The exact method is used when it fits about a second of work and memory: states per side, and
# the stage tables (attacker states x defender states^2 per stage).
MAX_STATES = 5000
MAX_WORK = 6e6


def odds(spec: BattleSpec, options: Options | None = None) -> OddsResult:
    """Odds of ``spec``: exact when it fits, else Monte Carlo (``result.method`` says which)."""
    options = options or Options()
    if options.method != "montecarlo":
        try:
            return exact_odds(spec, options)
        except TooLarge:
            if options.method == "exact":
                raise
            if options.retreat_below_win is not None:
                raise TooLarge("Retreating below a chance of winning needs the exact method, and this battle is "
                               "too large for it.") from None
    from pbem.games.aa.odds.simulate import simulate

    return simulate(spec, options)


@cache
def _blas() -> ThreadpoolController:
    return ThreadpoolController()


def exact_odds(spec: BattleSpec, options: Options) -> OddsResult:
    battle = Battle(spec, options)
    # The matrices are small: BLAS threads would only spin against each other (and other work).
    with _blas().limit(limits=1, user_api="blas"):
        sol = solve(battle, MAX_STATES, MAX_WORK)
    a, d = np.nonzero(sol.final)
    ids_a, ids_d = np.array(sol.att.ids)[a], np.array(sol.dfn.ids)[d]
    packed = (ids_a * (len(battle.dfn.states) + 1) + ids_d) * 8 + sol.code[a, d]  # states of equal units merge
    keys, inverse = np.unique(packed, return_inverse=True)
    probs = np.bincount(inverse.ravel(), weights=sol.final[a, d])
    rest, codes = np.divmod(keys, 8)
    att, dfn = np.divmod(rest, len(battle.dfn.states) + 1)
    outcomes = list(zip(att.tolist(), dfn.tolist(), codes.tolist(), probs.tolist(), strict=True))
    return build(battle, outcomes, sol.rounds, "exact")


def battle_spec_from_state(state: dict[str, Any], space: str, attacker: str, units: list[int] | None = None,
                           edition: str = "aa1941", kind: str | None = None, visible: bool = True) -> BattleSpec:
    """A spec for ``attacker`` attacking ``space`` of an A&A board ``state``.

    ``units``: ids of the attacking units (anywhere on the board, e.g. the move builder's
    selection); None: the attacker's units already in the space. Defenders: every unit in the
    space of a power at war with the attacker (by side), damage included. The advances of the
    attacker and of the defending powers, and the attacking units dropped by air (``t_paratrooper``,
    G40-TECH-10), come with them. Only what the board shows to every seat is read (unit types,
    counts, damage, research), never standing orders.
    """
    sides = state.get("sides") or {}
    side_of = {p: s for s, powers in sides.items() for p in powers}
    here = state["units"].get(space, [])
    wanted = set(units) if units is not None else None
    everywhere = [u for us in state["units"].values() for u in us] if wanted is not None else here
    att = [u for u in everywhere
           if u["owner"] == attacker and (wanted is None or u["id"] in wanted) and "aboard" not in u]
    dfn = [u for u in here if "aboard" not in u and (
        side_of.get(u["owner"]) != side_of.get(attacker) if side_of else u["owner"] != attacker)]
    if kind is None:
        kind = "sea" if space.lower().startswith("sz") or space.lower().startswith("sea") else "land"
    return BattleSpec(edition=edition, kind=kind, attacker=count_types(att), defender=count_types(dfn),
                      attacker_damaged=count_types(u for u in att if u.get("hits")),
                      defender_damaged=count_types(u for u in dfn if u.get("hits")),
                      attacker_advances=advances_of(state, [attacker]),
                      defender_advances=advances_of(state, sorted({u["owner"] for u in dfn})),
                      paratroopers=count_types(u for u in att if u.get("t_paratrooper")))


def count_types(units: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """``{unit type: count}`` of ``units``."""
    out: dict[str, int] = {}
    for unit in units:
        out[unit["type"]] = out.get(unit["type"], 0) + 1
    return out
