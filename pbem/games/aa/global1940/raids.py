"""Strategic and tactical bombing raids on installations (G40-SBR-01…12, G40-TECH-15/17/19).

One air battle per territory (escorts and interceptors, one round, everybody hits on 1, jets
on 2), then each raided installation fires at the raiders assigned to it (one die each, 1;
Radar 2), then the survivors roll damage: bombers 1d6+2 (Heavy Bombers: best of two dice,
+2), tactical bombers 1d6 against bases only; damage is capped (``bases.add_damage``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.engine import IllegalOrder, InvalidOrder
from pbem.games.aa.anniversary.research import advances
from pbem.games.aa.global1940 import bases
from pbem.games.aa.global1940.data import G40Data
from pbem.games.aa.global1940.queries import at_war
from pbem.games.aa.state import State, Unit


def check_target(data: G40Data, state: State, power: str, raider: Unit, territory: str,
                 kind: str) -> None:
    """G40-SBR-01, -07: bombers raid complexes and bases, tactical bombers bases only, of a
    power at war with the raider."""
    utype = data.unit(raider["type"])
    if not bases.has(state, territory, kind):
        raise IllegalOrder("G40-SBR-01", "There is no {kind} in {space}.",
                           {"kind": kind, "space": territory})
    if not at_war(state, power, state["owners"].get(territory)):
        raise IllegalOrder("G40-SBR-01", "{space} is not held by a power at war with {power}.",
                           {"space": territory, "power": power})
    if utype.has("strategic_bombing"):
        return
    if utype.has("tactical_bombing") and data.unit(kind).has("tactical_bombing_target"):
        return
    raise IllegalOrder("G40-SBR-07", "A {unit} cannot raid a {kind}.",
                       {"unit": raider["type"], "kind": kind})


def check_escorts_and_interceptors(data: G40Data, escorts: Sequence[Unit],
                                   interceptors: Sequence[Unit]) -> None:
    """G40-SBR-03/04: only fighters escort or intercept."""
    for unit in [*escorts, *interceptors]:
        if unit["type"] != "fighter":
            raise IllegalOrder("G40-SBR-03", "Only fighters escort or intercept, not a {unit}.",
                               {"unit": unit["type"]})


def air_battle_hit(data: G40Data, state: State, unit: Unit) -> int:
    """G40-SBR-05, G40-TECH-15: every aircraft hits on 1; jet fighters on 2."""
    utype = data.unit(unit["type"])
    if utype.air_battle_hit_with_jets and "jet_fighters" in advances(state, unit["owner"]):
        return utype.air_battle_hit_with_jets
    return utype.air_battle_hit


def air_battle(data: G40Data, state: State, attackers: Sequence[Unit],
               defenders: Sequence[Unit], attack_faces: Sequence[int],
               defence_faces: Sequence[int]) -> dict[str, int]:
    """G40-SBR-05: one round, one die per aircraft; returns the hits each side scores (each
    side then chooses its own casualties)."""
    if len(attack_faces) != len(attackers) or len(defence_faces) != len(defenders):
        raise InvalidOrder("G40-SBR-05", "Every aircraft of the air battle rolls one die.")
    return {
        "attacker_hits": sum(f <= air_battle_hit(data, state, u)
                             for u, f in zip(attackers, attack_faces, strict=True)),
        "defender_hits": sum(f <= air_battle_hit(data, state, u)
                             for u, f in zip(defenders, defence_faces, strict=True))}


def installation_hit(state: State, defender: str) -> int:
    """G40-SBR-08, G40-TECH-17: an installation's AA hits on 1, on 1-2 with its owner's Radar."""
    return 2 if "radar" in advances(state, defender) else 1


def installation_aa(state: State, defender: str, raiders: Sequence[int],
                    faces: Sequence[int]) -> list[int]:
    """G40-SBR-08, G40-TECH-17: one die fired at each raider assigned (never at escorts),
    hitting on 1 (Radar 2); returns the raiders shot down: those whose die hit (the rulebook's
    "un dado contro ogni singolo bombardiere": each die is aimed, nobody chooses). AA guns do not
    fire at raiders (G40-AA-03)."""
    hit = installation_hit(state, defender)
    if len(faces) != len(raiders):
        raise InvalidOrder("G40-SBR-08", "The installation rolls one die per raider.")
    return [r for r, f in zip(raiders, faces, strict=True) if f <= hit]


def damage_roll(data: G40Data, state: State, raider: Unit, faces: Sequence[int]) -> int:
    """G40-SBR-09, G40-TECH-19: 1d6 (+2 for a bomber); Heavy Bombers roll two, keep the best."""
    utype = data.unit(raider["type"])
    heavy = utype.has("strategic_bombing") and "heavy_bombers" in advances(state,
                                                                            raider["owner"])
    needed = utype.heavy_bomber_dice if heavy else 1
    if len(faces) != needed:
        raise InvalidOrder("G40-SBR-09", "This raider rolls {count} damage dice.",
                           {"count": needed})
    return max(faces) + utype.raid_bonus


def resolve(data: G40Data, state: State, territory: str, kind: str,
            raiders: Sequence[Unit], damage_faces: Sequence[Sequence[int]]) -> dict[str, Any]:
    """Damage of the surviving raiders on one installation, summed and capped (payload)."""
    rolled = sum(damage_roll(data, state, r, f) for r, f in zip(raiders, damage_faces,
                                                                 strict=True))
    room = data.unit(kind).max_damage - bases.damage(state, territory, kind)
    return {"territory": territory, "kind": kind, "rolled": rolled,
            "damage": max(0, min(rolled, room))}
