"""Optional research in Global 1940 (G40-TECH-01…19): what differs from the Anniversary
research module, which does the dice, charts and most advance effects
(``pbem.games.aa.anniversary.research``; G40 data carries the same charts under the Global
names ``improved_artillery`` and ``improved_mechanized_infantry``).

Differences: off by default (G40-TECH-01); China and the USSR never research (G40-TECH-02,
AMB-29(a), rulebook over data); the dice are bought and rolled in the same R&D phase, and
failed dice are discarded (G40-TECH-07, AMB-29(d)), where Anniversary keeps its tokens; the
UK may pay from either economy or both (G40-TECH-03); Heavy Bombers keep the better of two
dice (G40-TECH-19); Improved Mechanized Infantry (G40-TECH-13); paratroopers from air bases
(G40-TECH-10, paratroopers.py) and rockets from air bases (G40-TECH-09, rockets.py).
Improved Artillery (G40-TECH-08) is the Anniversary ``infantry_per_artillery`` /
``anniversary.artillery.attack_values``, which know the Global name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.anniversary import research as family
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.economy import check_spend
from pbem.games.aa.state import State


def check_may_research(data: G40Data, state: State, power: str) -> None:
    """G40-TECH-01: only with the optional rule on (default off); G40-TECH-02: never China
    nor the USSR."""
    if not state["options"].get("research", False):
        raise IllegalOrder("G40-TECH-01", "Research and development is not used in this game.")
    if power in data.rules["research"]["excluded"]:
        raise IllegalOrder("G40-TECH-02", "{power} may not research.", {"power": power})


def check_dice_purchase(data: G40Data, state: State, power: str, dice: int,
                        paid: Mapping[str, int]) -> dict[str, int]:
    """G40-TECH-03: any number of dice at 5 IPCs each; ``paid`` = ``{treasury: IPCs}`` (the
    UK's two economies may share the cost, G40-UK-03); each treasury pays from its own IPCs
    and not while its capital is held (G40-UK-08). Returns the IPCs per treasury."""
    check_may_research(data, state, power)
    if isinstance(dice, bool) or not isinstance(dice, int) or dice < 0:
        raise InvalidOrder("G40-TECH-03", "The number of research dice must be a whole number "
                           "of 0 or more.")
    cost = dice * data.research_rules().token_cost
    shares = {t: n for t, n in sorted(paid.items()) if n}
    if sum(shares.values()) != cost or any(n < 0 for n in shares.values()):
        raise IllegalOrder("G40-TECH-03", "{dice} research dice cost {cost} IPCs.",
                           {"dice": dice, "cost": cost})
    for treasury, ipcs in shares.items():
        check_spend(data, state, treasury, power, ipcs)
    return shares


def apply_dice_purchase(state: State, power: str, dice: int, shares: Mapping[str, int]
                        ) -> None:
    """The dice are held until the roll of the same phase (Anniversary's ``tokens``)."""
    for treasury, ipcs in shares.items():
        state["ipcs"][treasury] -= ipcs
    family.record(state, power)["tokens"] += dice


def resolve(data: G40Data, state: State, power: str, research_faces: Sequence[int],
            chart: int | None, development_faces: Sequence[int]) -> dict[str, Any]:
    """G40-TECH-04: one breakthrough if any die shows 6, however many; G40-TECH-05: chart
    chosen, an advance already owned is rolled again; G40-TECH-07: failed dice are
    discarded. The payload is applied by ``anniversary.research.apply`` (G40-TECH-06: the
    advance is the power's only, at once)."""
    try:
        outcome = family.resolve(data, state, power, research_faces, chart, development_faces)
    except (IllegalOrder, InvalidOrder) as err:
        raise type(err)("G40-TECH-05" if "chart" in err.key or "development" in err.key
                        else "G40-TECH-04", err.key, err.params) from None
    return {**outcome, "tokens": 0}


# -- effects that differ from the Anniversary ones ------------------------------------------
def mech_infantry_attack(data: G40Data, owned: frozenset[str], with_artillery: bool,
                         with_tank: bool) -> int:
    """G40-CMB-04: a mech infantry paired with an artillery attacks at 2; G40-TECH-13: with
    Improved Mechanized Infantry, paired with an armour too."""
    unit = data.unit("mech_infantry")
    improved = "improved_mechanized_infantry" in owned
    if with_artillery or (improved and with_tank):
        return unit.attack + 1
    return unit.attack


def mech_blitz_needs_tank(owned: frozenset[str]) -> bool:
    """G40-UNIT-MECH-01, G40-CM-32: a mech infantry blitzes only paired with an armour;
    G40-TECH-13: Improved Mechanized Infantry lifts that need."""
    return "improved_mechanized_infantry" not in owned


def bomber_attack_hits(data: G40Data, owned: frozenset[str], faces: Sequence[int]) -> bool:
    """G40-TECH-19: with Heavy Bombers an attacking bomber rolls two dice and keeps the better
    (the lower face); else one die. Hits on its attack value (G40-GEN-03). Defence and
    air battles roll one die (AMB-45)."""
    dice = family.bomber_dice(data, owned, attacking=True)
    if len(faces) != dice:
        raise InvalidOrder("G40-TECH-19", "An attacking bomber rolls {dice} dice.",
                           {"dice": dice})
    return min(faces) <= family.attack_value(data, owned, "bomber")


def attack_value(data: G40Data, state: State, power: str, utype: str) -> int:
    """G40-TECH-14 Super Submarines attack 3, G40-TECH-15 Jet Fighters attack 4 (defence
    unchanged): the Anniversary effect, on this power's advances only (G40-TECH-06)."""
    return family.attack_value(data, advances(state, power), utype)
