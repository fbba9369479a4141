"""Attack values in Global 1940: combined arms and research (G40-CMB-04, G40-UNIT-*, G40-TECH).

Every pairing is one-to-one and a supporting unit supports one unit per battle (G40-CMB-04):

* an artillery raises one infantry or one mechanized infantry to attack 2 (two of them with
  Improved Artillery, G40-TECH-08; G40-UNIT-INF-01, G40-UNIT-ART-01, G40-UNIT-MECH-01);
* a fighter or an armour raises one tactical bomber to attack 4 (G40-UNIT-TAC-01,
  G40-UNIT-ARM-01);
* with Improved Mechanized Infantry an armour may instead raise a mechanized infantry to 2
  (G40-TECH-13);
* Super Submarines attack 3 (G40-TECH-14), Jet Fighters 4 (G40-TECH-15).

Every pairing is worth +1, so pairing greedily (artillery with infantry before mechanized
infantry, fighters with tactical bombers before armour) reaches the most pairs. Never on
defence: the family asks this only for the attacker.
"""

from __future__ import annotations

from collections.abc import Sequence

from pbem.games.aa.anniversary.research import advances, attack_value
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.state import State, Unit


def _raise(values: dict[int, int], units: list[Unit], supporters: int) -> tuple[list[Unit], int]:
    """Raise up to ``supporters`` of ``units`` (lowest ids first) by one; returns the units left
    unsupported and the supporters left over."""
    for unit in units[:supporters]:
        values[unit["id"]] += 1
    used = min(supporters, len(units))
    return units[used:], supporters - used


def attack_values(data: G40Data, state: State, power: str, attackers: Sequence[Unit]
                  ) -> dict[int, int]:
    """The attack value of every attacking unit, by id (G40-CMB-04)."""
    owned = advances(state, power)
    values = {u["id"]: attack_value(data, owned, u["type"]) for u in attackers}  # G40-TECH-14/15
    ordered = sorted(attackers, key=lambda u: u["id"])

    def having(ability: str) -> list[Unit]:
        return [u for u in ordered if data.unit(u["type"]).has(ability)]

    per_artillery = 2 if "improved_artillery" in owned else 1
    artillery = len(having("artillery_support")) * per_artillery
    infantry = [u for u in having("supported_by_artillery") if not data.unit(u["type"]).has(
        "blitz_with_tank")]
    mechanized = having("blitz_with_tank")
    _, artillery = _raise(values, infantry, artillery)
    mechanized, _ = _raise(values, mechanized, artillery)
    tactical = [u for u in ordered if data.unit(u["type"]).attack_supported]
    fighters = [u for u in having("supports_tactical_bomber") if data.unit(u["type"]).domain == "air"]
    armour = [u for u in having("supports_tactical_bomber") if data.unit(u["type"]).domain == "land"]
    for unit in tactical[:len(fighters) + len(armour)]:
        values[unit["id"]] = max(values[unit["id"]], data.unit(unit["type"]).attack_supported)
    free_armour = max(0, len(armour) - max(0, len(tactical) - len(fighters)))
    if "improved_mechanized_infantry" in owned:
        _raise(values, mechanized, free_armour)  # G40-TECH-13: an armour pairs with a mech
    return values
