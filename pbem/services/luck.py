"""Luck statistics of a game's dice, per player and for the whole game (docs/dice.md, 9).

The formulas live in :mod:`pbem.engine.luck`; this module adds the chi-square
p-value and shapes the figures for the dice page and its JSON export.
"""

from __future__ import annotations

import math
from typing import Any

from pbem.engine import luck

SIDES = 6


def chi2_sf(statistic: float, dof: int) -> float:
    """P(X >= statistic) for a chi-square variable with ``dof`` degrees of freedom: the
    regularized upper incomplete gamma Q(dof/2, statistic/2) (Numerical Recipes 6.2: the
    series below a + 1, the Lentz continued fraction above)."""
    if statistic <= 0:
        return 1.0
    a, x = dof / 2, statistic / 2
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # P(a, x) by its series; Q = 1 - P
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def _figures(dice: list[dict[str, Any]]) -> dict[str, Any]:
    stats = luck.hit_stats(dice)
    counts = luck.face_counts(dice, SIDES)
    statistic, dof = luck.chi_square(counts)
    rolled = sum(counts)
    return {
        **stats.to_dict(),
        "faces": counts,
        "rolled": rolled,
        "chi2": statistic,
        "dof": dof,
        "p_value": chi2_sf(statistic, dof) if rolled and dof else None,
    }


def luck_report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``{"players": [{"player", ...figures}], "game": figures}`` over audit rows.

    Figures: ``dice`` (rolled against a target), ``hits``, ``expected``, ``variance``,
    ``z``, ``percentile``; ``faces`` (counts of 1..6 among six-sided dice), ``rolled``,
    ``chi2``, ``dof``, ``p_value``.
    """
    players = [{"player": name, **_figures(dice)} for name, dice in luck.by_player(rows).items()]
    return {"players": players, "game": _figures(rows)}
