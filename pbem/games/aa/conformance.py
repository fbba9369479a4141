"""What the A&A family hands the shared conformance suite (``tests/conformance``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.engine.conformance import Bot, Conformance, RandomLike
from pbem.games.aa.bot import RandomBot
from pbem.games.aa.invariants import violations
from pbem.games.aa.state import State


def make_bot(rs: Any, rng: RandomLike) -> Bot:
    return RandomBot(rs, rng)


def invariants(rs: Any, state: State) -> list[str]:
    return violations(rs, state)


def secrets(rs: Any, state: State, seat: str) -> list[str]:
    """A seat's standing orders are private (AA41-CMB-33): their loss order, if it was set."""
    standing = state.get("standing", {}).get(seat) or {}
    order = standing.get("loss_order") or []
    return [",".join(order)] if len(order) >= 2 else []


CONFORMANCE = Conformance(
    rulesets={"aa1941": [{}, {"dice": "low_luck", "ask_defender": True, "victory": "one_capital"},
                         {"setup": "errata"}]},
    spec="aa1941.md",
    rule_prefixes=("AA41-",),
    make_bot=make_bot,
    invariants=invariants,
    golden_logs=("tests/golden/aa1941_v1_bot3.json",),
    secrets=secrets,
    short_fuzz={"games": 3, "decisions": 120},
)


def _raid_aa_fire(event: dict[str, Any]) -> bool:
    return bool(event["type"] == "aa.antiaircraft_fire" and event["payload"]["step"] == "strategic bombing raid")


#: Rules the Anniversary bots must reach in the short fuzz (the bot's edition options, bot_options).
MUST_OCCUR: dict[str, Callable[[dict[str, Any]], bool]] = {
    "strategic bombing raid (AAE-SBR-03)": lambda event: event["type"] == "aa.raid",
    "AA fire on raiders (AAE-SBR-02)": _raid_aa_fire,
    "repair of a complex (AAE-PUR-03)": lambda event: event["type"] == "aa.aae_repaired",
    "shore bombardment (AAE-BOMB-04)": lambda event: event["type"] == "aa.bombarded",
}

#: Anniversary Edition: both scenarios, the optional rules off and on (AAE-RD-01, AAE-NO-01).
ANNIVERSARY = Conformance(
    rulesets={"anniversary": [{"scenario": "1941"}, {"scenario": "1942"},
                              {"scenario": "1941", "research": False, "national_objectives": False,
                               "dice": "low_luck", "ask_defender": True, "victory_cities": 13},
                              {"scenario": "1942", "dice": "low_luck", "victory_cities": 18}]},
    spec="anniversary.md",
    rule_prefixes=("AAE-",),
    make_bot=make_bot,
    invariants=invariants,
    golden_logs=("tests/golden/anniversary_1941_v1_bot2.json",
                 "tests/golden/anniversary_1942_v1_bot2.json"),
    secrets=secrets,
    short_fuzz={"games": 2, "decisions": 120},
    # the acceptance: 100 games of up to 12 rounds per scenario (two runs per scenario)
    long_fuzz={"games": 50, "decisions": 100_000, "rounds": 12},
    round_of=lambda state: int(state["round"]),
    must_occur=MUST_OCCUR,
)


#: Global 1940: the default game (national objectives on, research off: G40-TECH-01) and the
#: optional rules switched the other way with low-luck dice.
GLOBAL1940 = Conformance(
    rulesets={"global1940": [{}, {"national_objectives": False, "research": True,
                                  "dice": "low_luck", "ask_defender": True}]},
    spec="global1940.md",
    rule_prefixes=("G40-",),
    make_bot=make_bot,
    invariants=invariants,
    golden_logs=("tests/golden/global1940_v1_bot2.json",),
    secrets=secrets,
    short_fuzz={"games": 2, "decisions": 120},
    # the acceptance: 50 games of up to 10 rounds (two option sets)
    long_fuzz={"games": 25, "decisions": 100_000, "rounds": 10},
    round_of=lambda state: int(state["round"]),
)
