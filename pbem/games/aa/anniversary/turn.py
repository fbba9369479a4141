"""The Anniversary turn: seven phases (AAE-SEQ-04), the scenario's turn order (AAE-SEQ-01..03),
China inside the US turn (AAE-SEQ-10, AAE-CHINA-10) and the power whose capital is held
(AAE-SEQ-09).
"""

from __future__ import annotations

from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.queries import capital_lost
from pbem.games.aa.state import State

PHASES = ("research", "purchase", "combat_move", "combat", "noncombat_move", "mobilize",
          "collect_income")
CAPITAL_LOST_PHASES = ("combat_move", "combat", "noncombat_move")  # AAE-SEQ-09
BLOCK = ("combat_move", "combat")  # AAE-CHINA-10


def phases(data: AnniversaryData, state: State, power: str) -> tuple[str, ...]:
    """The phases ``power`` plays this turn, in order (AAE-SEQ-04): without Research when the
    optional rule is off (AAE-RD-01) or for China (AAE-RD-11); only combat move, combat and
    noncombat move while its capital is held (AAE-SEQ-09)."""
    if capital_lost(data, state, power):
        return CAPITAL_LOST_PHASES
    skip = set()
    if not state["options"].get("research", True) or power not in data.treasury:
        skip.add("research")
    return tuple(p for p in PHASES if p not in skip)


def steps(data: AnniversaryData, state: State, power: str,
          first_block: str | None = None) -> tuple[tuple[str, str], ...]:
    """The (power, phase) steps of ``power``'s turn. For the power that plays another inside
    its turn (the United States with China, AAE-SEQ-10): China's free infantry are computed
    with the US purchase and placed with the US mobilization; China's combat move + combat
    form one block, before or after the US block as the player chooses (``first_block``);
    then both noncombat moves. China plays even while Washington is held (spec E-14)."""
    own = phases(data, state, power)
    guests = [g for g, host in sorted(data.inside_turn_of.items()) if host == power]
    if not guests:
        return tuple((power, p) for p in own)
    guest = guests[0]
    order = [power, guest] if first_block in (None, power) else [guest, power]
    out: list[tuple[str, str]] = [(power, p) for p in own if p in ("research", "purchase")]
    out.append((guest, "purchase"))
    for who in order:
        out += [(who, p) for p in BLOCK if who == guest or p in own]
    out += [(who, "noncombat_move") for who in (power, guest) if who == guest or
            "noncombat_move" in own]
    out += [(power, "mobilize")] if "mobilize" in own else []
    out.append((guest, "mobilize"))
    out += [(power, "collect_income")] if "collect_income" in own else []
    return tuple(out)


def next_power(data: AnniversaryData, power: str) -> tuple[str, bool]:
    """The power after ``power`` and whether a new round starts (AAE-SEQ-01)."""
    order = data.turn_order
    index = order.index(power) + 1
    return order[index % len(order)], index == len(order)
