"""Luck statistics of a game's dice, per player and for the whole game (docs/dice.md, 9).

The formulas live in :mod:`pbem.engine.luck`; this module adds the chi-square
p-value (SciPy) and shapes the figures for the dice page and its JSON export.
"""

from __future__ import annotations

from typing import Any

from scipy.stats import chi2

from pbem.engine import luck

SIDES = 6


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
        "p_value": float(chi2.sf(statistic, dof)) if rolled and dof else None,
    }


def luck_report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``{"players": [{"player", ...figures}], "game": figures}`` over audit rows.

    Figures: ``dice`` (rolled against a target), ``hits``, ``expected``, ``variance``,
    ``z``, ``percentile``; ``faces`` (counts of 1..6 among six-sided dice), ``rolled``,
    ``chi2``, ``dof``, ``p_value``.
    """
    players = [{"player": name, **_figures(dice)} for name, dice in luck.by_player(rows).items()]
    return {"players": players, "game": _figures(rows)}
