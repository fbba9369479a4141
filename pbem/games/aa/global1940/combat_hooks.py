"""Global 1940's answers to the family's combat hooks (``Edition.combat``, ``combat_rules.py``).

* attack values: combined arms and research (``support.py``, G40-CMB-04, G40-TECH-08/13/14/15);
* AA guns: every gun fires up to 3 dice, no aircraft twice, hits on 1 (Radar 2), the attacker
  choosing the aircraft lost (G40-AA-02, G40-TECH-17); never at a territory held by guns alone
  (G40-AA-04) nor at raiders (G40-AA-03: installations fire, ``bombing.py``); guns are
  battle casualties with combat value 0 (G40-AA-01) and destroyed with their territory (G40-AA-05);
* damage to battleships and carriers stays after the battle (G40-CMB-20, repaired at naval bases);
* no shore bombardment from a zone struck by kamikaze this turn (G40-KAMI-06, G40-CMB-37);
* the first step: the defender's decisions (scramble, kamikaze, interceptors), then action 1
  (kamikaze) and action 2 (raids) before the battles (G40-CMB-02; ``defending.py``);
* the defender's standing orders for those decisions (``defending.STANDING``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.combat_rules import CombatRules, State, Unit
from pbem.games.aa.global1940 import defending, support
from pbem.games.aa.global1940.bombing import data_of

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def attack_values(rs: AARuleset, state: State, power: str, units: Sequence[Unit]) -> dict[int, int]:
    return support.attack_values(data_of(rs), state, power, units)


def aa_hit(rs: AARuleset, state: State, gun: Unit) -> int:
    """G40-AA-02 hits on 1; G40-TECH-17 on 1-2 with the gun owner's Radar."""
    unit = data_of(rs).unit(gun["type"])
    return unit.aa_hit_with_radar if "radar" in advances(state, gun["owner"]) else unit.aa_hit


def aa_shots(rs: AARuleset, state: State, gun: Unit) -> int:
    """G40-AA-02, G40-UNIT-AAA-01: three shots per gun."""
    return data_of(rs).unit(gun["type"]).aa_shots


def bombardment_blocked(rs: AARuleset, state: State, zone: str) -> bool:
    """G40-KAMI-06, G40-CMB-37: a kamikaze attack there, hit or miss, cancels bombardment."""
    return zone in state.get("no_bombardment", [])


#: the family's (A&A 1941) combat rule IDs and their Global 1940 rules (``Edition.rule_ids``)
RULE_IDS = {
    "AA41-AIR-14": "G40-NCM-04", "AA41-AMP-01": "G40-CM-12", "AA41-AMP-02": "G40-CM-12",
    "AA41-AMP-03": "G40-CM-29", "AA41-AMP-04": "G40-CMB-02", "AA41-AMP-05": "G40-CMB-38",
    "AA41-AMP-09": "G40-CMB-31", "AA41-AMP-11": "G40-CMB-30", "AA41-AMP-12": "G40-CM-16",
    "AA41-AMP-13": "G40-NCM-15", "AA41-AMP-14": "G40-CM-27", "AA41-CM-17": "G40-CM-16",
    "AA41-CMB-01": "G40-CMB-05", "AA41-CMB-02": "G40-CMB-02", "AA41-CMB-08": "G40-CMB-10",
    "AA41-CMB-11": "G40-CMB-07", "AA41-CMB-15": "G40-CMB-08", "AA41-CMB-18": "G40-CMB-14",
    "AA41-CMB-22": "G40-CMB-15", "AA41-CMB-23": "G40-CMB-15", "AA41-CMB-33": "G40-CMB-27",
    "AA41-MNF-06": "G40-CMB-26", "AA41-UNIT-TRN-02": "G40-CM-27", "AA41-UNIT-TRN-07": "G40-NCM-15",
}

COMBAT = CombatRules(attack_values=attack_values, aa_hit=aa_hit, aa_shots=aa_shots, first_step=defending.start,
                     aa_without_battle=False, repairs_after_battle=False,
                     bombardment_blocked=bombardment_blocked, standing=defending.STANDING)
#: the edition's rules modules for combat, to list in ``Edition.modules``
MODULES = ("pbem.games.aa.global1940.bombing", "pbem.games.aa.global1940.defending")
