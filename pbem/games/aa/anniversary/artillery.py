"""Artillery support (AAE-UNIT-INF-02, AAE-UNIT-ART-02, AAE-TECH-01).

Each attacking artillery raises one attacking infantry of the same combat to attack 2 (two
with Advanced Artillery); excess infantry attack at 1; never on defence. Only the
attacking power's own units are in an attack (AAE-CMB-25).
"""

from __future__ import annotations

from collections.abc import Sequence

from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.research import advances, attack_value, infantry_per_artillery
from pbem.games.aa.state import State, Unit


def attack_values(data: AnniversaryData, state: State, power: str,
                  attackers: Sequence[Unit]) -> dict[int, int]:
    """Attack value of every attacking unit (research effects included), by unit id."""
    owned = advances(state, power)
    values = {u["id"]: attack_value(data, owned, u["type"]) for u in attackers}
    supporters = sum(1 for u in attackers if data.unit(u["type"]).has("artillery_support"))
    support = supporters * infantry_per_artillery(owned)
    for unit in sorted(attackers, key=lambda u: u["id"]):
        if support and data.unit(unit["type"]).has("supported_by_artillery"):
            values[unit["id"]] += 1
            support -= 1
    return values


def supported_count(data: AnniversaryData, owned: frozenset[str], infantry: int,
                    artillery: int) -> int:
    """How many of ``infantry`` attack at 2 alongside ``artillery`` (e.g. 5 + 2 -> 2)."""
    return min(infantry, artillery * infantry_per_artillery(owned))
