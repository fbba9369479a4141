"""The Global 1940 turn (G40-SEQ): nine powers in turn order (G40-SEQ-01), the phases of a
turn with the optional Research first (G40-SEQ-02, G40-TECH-01), the UK's one turn for two
economies (G40-SEQ-03) and the power whose capital is held (G40-SEQ-04).

The UK plays each phase once; Purchase & Repair, Mobilize and Collect Income act per economy
(the purchase order names its treasury, income is collected for each). A UK economy whose
regional capital is held skips its part, the UK skips a phase only when both are held.
"""

from __future__ import annotations

from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import treasury_capital_lost
from pbem.games.aa.state import State

PHASES = ("research", "purchase", "combat_move", "combat", "noncombat_move", "mobilize",
          "collect_income")
#: G40-SEQ-04: what a power whose capital is held still plays
CAPITAL_LOST_PHASES = ("combat_move", "combat", "noncombat_move")


def treasuries(data: G40Data, state: State, power: str) -> tuple[str, ...]:
    """The power's treasuries that may spend and collect now (G40-SEQ-04, G40-UK-08)."""
    return tuple(t.id for t in data.treasuries_of(power)
                 if not treasury_capital_lost(data, state, t.id))


def phases(data: G40Data, state: State, power: str) -> tuple[str, ...]:
    """The phases ``power`` plays this turn, in order (G40-SEQ-02): Research only with the
    optional rule (G40-TECH-01, default off) and never for China or the Soviet Union
    (G40-TECH-02); only the three move/combat phases while every capital is held."""
    if not treasuries(data, state, power):
        return CAPITAL_LOST_PHASES
    skip = set()
    if not state["options"].get("research", False) or power not in data.treasury:
        skip.add("research")
    return tuple(p for p in PHASES if p not in skip)


def steps(data: G40Data, state: State, power: str) -> tuple[tuple[str, str], ...]:
    return tuple((power, p) for p in phases(data, state, power))
