"""Global 1940's answers to the family's combat hooks (``Edition.combat``, ``combat_rules.py``).

* attack values: combined arms and research (``support.py``, G40-CMB-04, G40-TECH-08/13/14/15);
  Heavy Bombers keep the best of two dice (G40-TECH-19);
* AA guns: every gun fires up to 3 dice, no aircraft twice, hits on 1 (Radar 2), the attacker
  choosing the aircraft lost (G40-AA-02, G40-TECH-17); never at a territory held by guns alone
  (G40-AA-04) nor at raiders (G40-AA-03: installations fire, ``bombing.py``), at paratroopers as at
  aircraft (G40-AA-07, ``airborne``, which also keeps their retreat overland, G40-TECH-10); guns are
  battle casualties with combat value 0 (G40-AA-01) and destroyed with their territory (G40-AA-05);
* damage to battleships and carriers stays after the battle (G40-CMB-20, repaired at naval bases);
* no shore bombardment from a zone struck by kamikaze this turn (G40-KAMI-06, G40-CMB-37);
* the first step: the defender's decisions (scramble, kamikaze, interceptors), then action 1
  (kamikaze) and action 2 (raids) before the battles (G40-CMB-02; ``defending.py``);
* the defender's standing orders for those decisions (``defending.STANDING``);
* air units of the attacker may end Combat Move in the zone an amphibious assault is launched
  from, with nothing to attack there, when defending aircraft could scramble into it, to fight
  them if they come (G40-CM-03c, G40-CM-29; ``defending.scramble_possible``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.combat_rules import CombatRules, State, Unit
from pbem.games.aa.global1940 import defending, paratroopers, support
from pbem.games.aa.global1940.bombing import data_of

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset


def attack_values(rs: AARuleset, state: State, power: str, units: Sequence[Unit]) -> dict[int, int]:
    return support.attack_values(data_of(rs), state, power, units)


def attack_best_of(rs: AARuleset, state: State, power: str, utype: str) -> int:
    """G40-TECH-19: with Heavy Bombers an attacking bomber rolls two dice and keeps the best
    (one hit at most; in normal combat, as in raids; not in the air battle, AMB-45)."""
    unit = data_of(rs).unit(utype)
    if unit.has("strategic_bombing") and "heavy_bombers" in advances(state, power):
        return unit.heavy_bomber_dice
    return 1


def aa_hit(rs: AARuleset, state: State, gun: Unit) -> int:
    """G40-AA-02 hits on 1; G40-TECH-17 on 1-2 with the gun owner's Radar."""
    unit = data_of(rs).unit(gun["type"])
    return unit.aa_hit_with_radar if "radar" in advances(state, gun["owner"]) else unit.aa_hit


def aa_shots(rs: AARuleset, state: State, gun: Unit) -> int:
    """G40-AA-02, G40-UNIT-AAA-01: three shots per gun."""
    return data_of(rs).unit(gun["type"]).aa_shots


def airborne(rs: AARuleset, state: State, unit: Unit) -> str | None:
    """G40-TECH-10: paratroopers are fired on by AA guns as aircraft (G40-AA-07) and retreat
    overland only with the land units that attacked overland."""
    return paratroopers.RULE if paratroopers.dropped(unit) else None


def bombardment_blocked(rs: AARuleset, state: State, zone: str) -> bool:
    """G40-KAMI-06, G40-CMB-37: a kamikaze attack there, hit or miss, cancels bombardment."""
    return zone in state.get("no_bombardment", [])


#: the shared code's Anniversary bombardment IDs as Global 1940 rules (the family's ``AA41-*`` IDs are
#: mapped with the others in ``rule_ids.py``; this module's own refusals name G40 rules directly)
RULE_IDS: Mapping[str, str] = {
    "AAE-BOMB-01": "G40-CMB-29", "AAE-BOMB-02": "G40-CMB-37", "AAE-BOMB-03": "G40-CMB-29",
    "AAE-BOMB-06": "G40-CMB-29", "AAE-CM-21": "G40-AA-06",
}

COMBAT = CombatRules(attack_values=attack_values, attack_best_of=attack_best_of, aa_hit=aa_hit, aa_shots=aa_shots,
                     first_step=defending.start, aa_without_battle=False, repairs_after_battle=False,
                     bombardment_blocked=bombardment_blocked, airborne=airborne, standing=defending.STANDING,
                     scramble_possible=defending.scramble_possible)
#: the edition's rules modules for combat, to list in ``Edition.modules``
MODULES = ("pbem.games.aa.global1940.bombing", "pbem.games.aa.global1940.air_battle",
           "pbem.games.aa.global1940.defending")
