"""Global 1940's combat hooks until ``global1940/combat_hooks.py`` (AA guns' three shots,
tactical bombers, raids, scramble, kamikaze) is merged: the Anniversary answers that are the
same rule in Global 1940 (artillery support G40-CMB-12, AA fire hitting on 1 G40-AA-02,
bombers' dice), without the Anniversary's raid step (its complexes are not Global's installations).

The edition imports ``COMBAT, MODULES, RULE_IDS`` from here in one line; swap the module name
for ``combat_hooks`` when it exists.
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.games.aa.anniversary.combat_hooks import aa_hit, attack_dice, attack_values
from pbem.games.aa.combat_rules import CombatRules

COMBAT = CombatRules(attack_values=attack_values, attack_dice=attack_dice, aa_hit=aa_hit)
MODULES: tuple[str, ...] = ()
RULE_IDS: Mapping[str, str] = {}
