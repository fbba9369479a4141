"""The Axis & Allies family: one rules package; scenario data under ``rules/<scenario>/``.

Only the factories are public: ``aa1941()`` builds the ruleset registered as ``"aa1941"``,
``anniversary_edition()`` the one registered as ``"anniversary"``, ``global1940_edition()`` the one
registered as ``"global1940"`` (not ``anniversary()``: the
subpackage ``pbem.games.aa.anniversary`` takes that attribute once it is imported).
"""

from __future__ import annotations

from pbem.games.aa.ruleset import AARuleset


def aa1941() -> AARuleset:
    """Axis & Allies 1941 (2012 edition), rules data from ``rules/aa1941/``."""
    from pbem.games.aa.editions.aa1941 import EDITION

    return AARuleset(EDITION)


def anniversary_edition() -> AARuleset:
    """Axis & Allies Anniversary Edition (1941 and 1942 scenarios), data from ``rules/anniversary/``."""
    from pbem.games.aa.editions.anniversary import EDITION

    return AARuleset(EDITION)


def global1940_edition() -> AARuleset:
    """Axis & Allies Global 1940 (2nd edition, Alpha 3+), data from ``rules/global1940/``."""
    from pbem.games.aa.editions.global1940 import EDITION

    return AARuleset(EDITION)
