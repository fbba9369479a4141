"""Anniversary's answers to the family's combat hooks (``Edition.combat``, ``combat_rules.py``).

Research effects are read from the state at the moment of each roll, so an advance gained this
turn counts at once (AAE-RD-08): artillery support and Advanced Artillery (AAE-UNIT-INF-02,
AAE-TECH-01), Super Submarines (AAE-TECH-07), Jet Fighters (AAE-TECH-08), Heavy Bombers two dice
in attack (AAE-TECH-12), Radar (AAE-TECH-10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pbem.games.aa.anniversary import antiaircraft, artillery, raids
from pbem.games.aa.anniversary.data import AnniversaryData
from pbem.games.aa.anniversary.research import advances, bomber_dice
from pbem.games.aa.combat_rules import CombatRules, State, Unit

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def _data(rs: AARuleset) -> AnniversaryData:
    assert isinstance(rs.data, AnniversaryData)
    return rs.data


def attack_values(rs: AARuleset, state: State, power: str, units: Sequence[Unit]) -> dict[int, int]:
    return artillery.attack_values(_data(rs), state, power, units)


def attack_dice(rs: AARuleset, state: State, power: str, utype: str) -> int:
    if not rs.data.units[utype].has("strategic_bombing"):
        return 1
    return bomber_dice(_data(rs), advances(state, power), attacking=True)


def aa_hit(rs: AARuleset, state: State, gun: Unit) -> int:
    return antiaircraft.hit_value(_data(rs), state, gun)


#: the family's (A&A 1941) combat rule IDs whose Anniversary numbers differ (``Edition.rule_ids``)
RULE_IDS = {
    "AA41-AMP-01": "AAE-AMPH-01", "AA41-AMP-02": "AAE-AMPH-01", "AA41-AMP-03": "AAE-AMPH-03",
    "AA41-AMP-04": "AAE-CMB-01", "AA41-AMP-05": "AAE-AMPH-04", "AA41-AMP-09": "AAE-AMPH-06",
    "AA41-AMP-11": "AAE-AMPH-08", "AA41-AMP-12": "AAE-AMPH-10", "AA41-AMP-13": "AAE-AMPH-01",
    "AA41-AMP-14": "AAE-AMPH-01", "AA41-CMB-01": "AAE-CMB-02", "AA41-CMB-08": "AAE-CMB-10",
    "AA41-CMB-11": "AAE-UNIT-SS-02", "AA41-CMB-15": "AAE-UNIT-DD-02", "AA41-CMB-18": "AAE-CMB-07",
    "AA41-CMB-22": "AAE-CMB-08", "AA41-CMB-23": "AAE-CMB-08", "AA41-CMB-33": "AAE-CMB-03",
    "AA41-UNIT-TRN-02": "AAE-UNIT-TT-01", "AA41-UNIT-TRN-07": "AAE-AMPH-11",
}

COMBAT = CombatRules(attack_values=attack_values, attack_dice=attack_dice, aa_hit=aa_hit,
                     first_step=raids.resolve)
#: the edition's rules modules for combat, to list in ``Edition.modules``
MODULES = ("pbem.games.aa.anniversary.raids", "pbem.games.aa.anniversary.paratroopers")
