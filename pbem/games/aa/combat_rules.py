"""The edition hooks of Conduct combat (``Edition.combat``), and the family's reading of them.

The family's battle code asks these questions and never names an edition; each hook left
``None`` gives A&A 1941's answer, so a 1941 game emits exactly the events it always did.

* ``attack_values(rs, state, power, attackers) -> {unit id: attack}``: support between
  units (artillery raising infantry) and research (jet fighters, super submarines), AAE-UNIT-INF-02,
  AAE-TECH-01/07/08. Default: each unit type's ``attack``.
* ``attack_dice(rs, state, power, unit type) -> n``: dice an attacking unit rolls
  (heavy bombers: two, AAE-TECH-12). Default 1.
* ``attack_best_of(rs, state, power, unit type) -> n``: an attacking unit rolls ``n`` dice and
  scores at most one hit (heavy bombers keep the best of two, G40-TECH-19). Default 1.
* ``aa_hit(rs, state, gun) -> n``: an ``anti_aircraft`` unit's hit value (1; 2 with radar,
  AAE-AA-03, AAE-TECH-10). ``None``: the edition has no AA fire.
* ``first_step(rs, ctx) -> bool | None``: the step of Conduct combat before the battles
  (strategic bombing raids and rockets, AAE-CMB-01; Anniversary: ``anniversary/raids.py``). A true
  answer means the step waits for a decision owed by another seat (Global 1940: the defender's
  scrambles and kamikaze attacks); the edition then opens the battles itself
  (``combat_open.open_battles``) once the decision is taken.
* ``aa_shots(rs, state, gun) -> n``: every gun of the territory fires up to ``n`` dice, no
  aircraft twice (dice = min(total shots, aircraft)), and the attacker chooses the aircraft lost
  (by its standing loss order), G40-AA-02. ``None``: one gun fires one die aimed at each
  aircraft (AAE-AA-03/05).
* ``aa_without_battle``: a gun fires at aircraft entering a territory where no battle is fought
  (AAE-CMB-19); False: guns fire only before a battle's first round and a territory holding
  only guns is taken without fire (G40-AA-04).
* ``repairs_after_battle``: damaged two-hit units are repaired when a battle ends (AA41-UNIT-BB-03);
  False: the damage stays until repaired elsewhere (G40-CMB-20).
* ``bombardment_blocked(rs, state, sea zone) -> bool``: no shore bombardment from that zone this
  turn (G40-KAMI-06). ``None``: only a sea battle there blocks it (AAE-BOMB-02).
* ``airborne(rs, state, unit) -> rule id | None``: an attacking land unit that came by air
  (Global 1940's paratroopers, G40-TECH-10) names the rule that brought it: AA guns fire at it as
  at aircraft (G40-AA-07), and it retreats only together with land units that attacked overland,
  to where they came from (refused with that rule otherwise). ``None``: no land unit comes by air
  (the Anniversary's bomber-borne infantry retreats as any land unit, AAE-TECH-15).
* ``scramble_possible(rs, state, zone, attacker) -> bool``: defending aircraft could scramble into
  the sea zone; air units of the attacker may wait there for them when an amphibious assault is
  launched from it (Global 1940, G40-CM-03c/29; ``may_meet_scramble``). ``None``: no scrambles.
* ``standing``: the edition's own standing-order keys (``standing.py``): key -> its allowed values,
  the first being the default (Global 1940: scramble, kamikaze, intercept).

Units are recognised by ability name: ``anti_aircraft`` (fires before round 1, AAE-AA),
``destroyed_on_capture`` (an AA gun that never holds a territory alone and is destroyed with its
territory, G40-AA-04/05),
``never_casualty`` (never on the battle board: AA guns, AAE-AA-06), ``captured_with_territory``
(changes hands with its territory, AAE-AA-07), ``shore_bombardment`` (bombards with its type's
``bombard`` value, AAE-BOMB-04), ``strategic_bombing`` (raids a complex, AAE-SBR-01),
``rocket_launcher`` (fires a rocket with the Rockets advance, AAE-TECH-02).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbem.engine.ruleset import OrderContext
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]
Unit = dict[str, Any]


@dataclass(frozen=True)
class CombatRules:
    """What an edition changes in Conduct combat (all ``None``: A&A 1941)."""

    attack_values: Callable[[AARuleset, State, str, Sequence[Unit]], dict[int, int]] | None = None
    attack_dice: Callable[[AARuleset, State, str, str], int] | None = None
    attack_best_of: Callable[[AARuleset, State, str, str], int] | None = None
    aa_hit: Callable[[AARuleset, State, Unit], int] | None = None
    #: ``first_step(rs, ctx)``: run when Conduct combat starts, before the battles open
    #: (strategic bombing raids and rockets, AAE-CMB-01)
    #: (true: it waits for a decision owed by another seat)
    first_step: Callable[[AARuleset, OrderContext], bool | None] | None = None
    aa_shots: Callable[[AARuleset, State, Unit], int] | None = None
    aa_without_battle: bool = True
    repairs_after_battle: bool = True
    bombardment_blocked: Callable[[AARuleset, State, str], bool] | None = None
    airborne: Callable[[AARuleset, State, Unit], str | None] | None = None
    standing: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    #: ``scramble_possible(rs, state, sea zone, attacker) -> bool``: could defending aircraft
    #: scramble into the zone (G40-CM-21)? The attacker's air units may then end Combat Move there
    #: with nothing to attack, when an amphibious assault is launched from it, to fight them if
    #: they come (G40-CM-03c, G40-CM-29). ``None``: never (A&A 1941, AA41-CM-21).
    scramble_possible: Callable[[AARuleset, State, str, str], bool] | None = None


def rules(rs: AARuleset) -> CombatRules:
    combat: CombatRules | None = getattr(rs.edition, "combat", None)
    return combat if combat is not None else CombatRules()


def attack_values(rs: AARuleset, state: State, power: str, units: Sequence[Unit]) -> dict[int, int] | None:
    """Attack value of each attacking unit, or None when the edition changes nothing."""
    hook = rules(rs).attack_values
    return None if hook is None else hook(rs, state, power, units)


def attack_dice(rs: AARuleset, state: State, power: str) -> dict[str, int] | None:
    """Dice per attacking unit type where not one, or None when the edition changes nothing."""
    hook = rules(rs).attack_dice
    if hook is None:
        return None
    return {t: n for t in rs.data.units if (n := hook(rs, state, power, t)) != 1}


def attack_best_of(rs: AARuleset, state: State, power: str) -> dict[str, int] | None:
    """Dice per attacking unit type of which the best counts, or None when the edition has none."""
    hook = rules(rs).attack_best_of
    if hook is None:
        return None
    return {t: n for t in rs.data.units if (n := hook(rs, state, power, t)) != 1}


def airborne(rs: AARuleset, state: State, unit: Unit) -> str | None:
    """The rule by which an attacking land unit came by air (paratroopers), or None."""
    hook = rules(rs).airborne
    return None if hook is None else hook(rs, state, unit)


def fired_on_as_aircraft(rs: AARuleset, state: State, unit: Unit) -> bool:
    """AA guns fire at aircraft, and at land units that came by air (G40-AA-07)."""
    return rs.data.units[unit["type"]].domain == "air" or airborne(rs, state, unit) is not None


def never_casualty(rs: AARuleset, unit: Unit) -> bool:
    """AAE-AA-06, AAE-UNIT-IC-01: units never on the battle board."""
    return rs.data.units[unit["type"]].has("never_casualty")


def bombard_value(rs: AARuleset, unit: Unit) -> int:
    """AAE-BOMB-04: a ``shore_bombardment`` unit's bombardment value (0: it cannot)."""
    utype = rs.data.units[unit["type"]]
    return int(getattr(utype, "bombard", 0)) if utype.has("shore_bombardment") else 0


def bombard_offers(rs: AARuleset, state: State, power: str) -> dict[str, list[int]]:
    """AAE-BOMB-01, G40-CMB-29: ``power``'s ships that may be named to bombard in an amphibious
    declaration, by sea zone (``legal_options["bombard"]``; the declaration checks the rest)."""
    ships: dict[str, list[int]] = {}
    for zone in rs.data.sea_zones:
        named = [u["id"] for u in state["units"][zone] if u["owner"] == power
                 and bombard_value(rs, u) > 0 and not u.get("t_bombarded")]
        if named:
            ships[zone] = sorted(named)
    return ships


def may_meet_scramble(rs: AARuleset, state: State, zone: str, attacker: str) -> bool:
    """G40-CM-03c, G40-CM-29: may ``attacker``'s air units end Combat Move in sea ``zone`` with
    nothing to attack there, to fight defending aircraft that could scramble into it (an
    amphibious assault launched from the zone is checked by the caller)?"""
    hook = rules(rs).scramble_possible
    return hook is not None and hook(rs, state, zone, attacker)
