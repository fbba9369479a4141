"""The steps of one power's turn (G40-SEQ-02, -03, -04, G40-TECH-01, -02, G40-PUR-06,
G40-INC-03): research first when the optional rule is on (never China nor the USSR); the UK
plays R&D, Combat Move, Conduct Combat and Noncombat Move once, and Purchase & Repair,
Mobilize and Collect Income once per economy; a treasury whose (regional) capital is
enemy-held skips its own steps, so a power with every capital lost plays only the three
movement and combat steps. ``(phase, treasury)``: ``treasury`` None for the power-wide steps.
"""

from __future__ import annotations

from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import treasury_capital_lost
from pbem.games.aa.state import State

ALWAYS = ("combat_move", "conduct_combat", "noncombat_move")


def steps(data: G40Data, state: State, power: str) -> list[tuple[str, str | None]]:
    """The steps ``power`` plays this turn, in order (never back to an earlier one)."""
    alive = [t.id for t in data.treasuries_of(power)
             if not treasury_capital_lost(data, state, t.id)]
    out: list[tuple[str, str | None]] = []
    if (state["options"].get("research", False)
            and power not in data.rules["research"]["excluded"] and alive):
        out.append(("research", None))
    out += [("purchase", t) for t in alive]
    out += [(phase, None) for phase in ALWAYS]
    out += [("mobilize", t) for t in alive]
    out += [("collect_income", t) for t in alive]
    return out
