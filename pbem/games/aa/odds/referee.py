"""The referee's combat rules, asked by the calculator (docs/odds.md "Research advances and paratroopers").

The calculator never works out a rule a second time: what research changes in a battle is read from
the edition's combat hooks (``pbem.games.aa.combat_rules``), the same calls the referee makes, on a
small state holding only each side's advances (the attacker is the power ``"attacker"``, the
defender ``"defender"``; advances belong to their power only, G40-TECH-06):

* attack values: artillery and combined-arms support, Improved/Advanced Artillery, Improved
  Mechanized Infantry, Jet Fighters, Super Submarines (``attack_values``; AAE-UNIT-INF-02,
  AAE-TECH-01/07/08, G40-CMB-04, G40-TECH-08/13/14/15);
* dice per attacking unit (Anniversary's Heavy Bombers, two dice each scoring, AAE-TECH-12) and dice of
  which the best counts (Global 1940's Heavy Bombers, G40-TECH-19) (``attack_dice``, ``attack_best_of``);
* the AA gun: its hit value (Radar, AAE-TECH-10, G40-TECH-17) and its shots (G40-AA-02)
  (``aa_hit``, ``aa_shots``);
* who AA guns fire at: aircraft, and land units dropped by air (paratroopers, G40-AA-07,
  ``fired_on_as_aircraft``), which retreat only with units that came overland (``airborne``,
  G40-TECH-10). Anniversary's bomber-borne infantry is an infantry like any other (AAE-TECH-15).

The advances an edition has are its research charts (``research_rules().charts``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from pbem.games.aa import combat_rules

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

ATTACKER, DEFENDER = "attacker", "defender"
#: the advances that change a battle's dice (the rest, such as War Bonds, never do); the page
#: offers these, the JSON takes any advance of the edition
BATTLE_ADVANCES = frozenset({"advanced_artillery", "improved_artillery", "improved_mechanized_infantry",
                             "paratroopers", "super_submarines", "jet_fighters", "radar", "heavy_bombers"})
_ID = 1000  # synthetic unit id = kind * _ID + n (as the calculator's casualty slots)


@cache
def ruleset(edition: str) -> AARuleset:
    """The referee of ``edition`` (built once per process)."""
    from pbem.engine import load_ruleset
    from pbem.games.aa.ruleset import AARuleset

    rs = load_ruleset(edition)
    assert isinstance(rs, AARuleset)
    return rs


@cache
def advances(edition: str) -> tuple[str, ...]:
    """Every research advance of ``edition``, in the order of its charts (none in A&A 1941)."""
    data = ruleset(edition).data
    research = getattr(data, "research_rules", None)
    if research is None:
        return ()
    charts = research().charts
    return tuple(a for chart in sorted(charts) for a in charts[chart])


def battle_advances(edition: str) -> tuple[str, ...]:
    """The advances of ``edition`` that change a battle (the calculator page's checkboxes)."""
    return tuple(a for a in advances(edition) if a in BATTLE_ADVANCES)


def paratrooper_types(edition: str) -> tuple[str, ...]:
    """Unit types that may be dropped by air (``paratrooper``: infantry, G40-UNIT-INF-02, AAE-TECH-03)."""
    data = ruleset(edition).data
    return tuple(t for t, ut in data.units.items() if ut.has("paratrooper")) if "paratroopers" in advances(
        edition) else ()


def advances_of(state: Mapping[str, Any], powers: Iterable[str]) -> frozenset[str]:
    """The advances of ``powers`` in an A&A board state or view (``state["research"]``, read as the
    referee reads it); several defending powers: any of them."""
    from pbem.games.aa.anniversary.research import advances as owned

    return frozenset(a for power in powers for a in owned(dict(state), power))


@lru_cache(maxsize=8192)
def _attack_values(edition: str, advances: frozenset[str], key: tuple[tuple[int, str, int], ...]
                   ) -> tuple[tuple[int, int, int], ...]:
    """``(kind, value, units)`` of the attackers ``key`` (``(kind, type, units)``): the referee's
    ``attack_values`` for them together (a pure function of its arguments, kept for the next
    battle with the same units)."""
    rs = ruleset(edition)
    units: list[dict[str, Any]] = [{"id": k * _ID + j, "type": t, "owner": ATTACKER, "hits": 0}
                                   for k, t, n in key for j in range(n)]
    values = combat_rules.attack_values(rs, research_state(advances, ()), ATTACKER, units)
    found = Counter((u["id"] // _ID, values[u["id"]] if values is not None else rs.data.units[u["type"]].attack)
                    for u in units)
    return tuple((k, v, n) for (k, v), n in sorted(found.items()))


def paratrooper_rule(edition: str) -> str:
    """The rule of the edition's paratroopers (refusals name it)."""
    return "G40-TECH-10" if edition == "global1940" else "AAE-TECH-03"


def research_state(attacker: Iterable[str], defender: Iterable[str]) -> dict[str, Any]:
    """A state holding only both sides' advances, as the combat hooks read them."""
    return {"research": {ATTACKER: {"tokens": 0, "advances": sorted(set(attacker))},
                         DEFENDER: {"tokens": 0, "advances": sorted(set(defender))}}}


def dropped(utype: str) -> dict[str, Any]:
    """A unit of ``utype`` dropped by air this turn, as the referee marks it (``t_paratrooper``)."""
    return {"id": 0, "type": utype, "owner": ATTACKER, "hits": 0, "t_paratrooper": True}


class Rules:
    """One battle's questions to the referee's combat hooks, each answered once."""

    def __init__(self, edition: str, attacker: Iterable[str], defender: Iterable[str]) -> None:
        self.edition, self.attacker = edition, frozenset(attacker)
        self.rs = ruleset(edition)
        self.state = research_state(self.attacker, defender)
        self.hooks = combat_rules.rules(self.rs)
        self.dice_per: dict[str, int] = combat_rules.attack_dice(self.rs, self.state, ATTACKER) or {}
        self.best_of: dict[str, int] = combat_rules.attack_best_of(self.rs, self.state, ATTACKER) or {}

    def attack_values(self, kinds: Mapping[int, tuple[str, int]]) -> dict[int, Counter[int]]:
        """Attack values of the units of ``kinds`` (kind index -> (unit type, count)), as the
        referee's ``attack_values`` gives them for those attackers together: per kind, how many
        of its units attack at each value."""
        key = tuple(sorted((k, t, n) for k, (t, n) in kinds.items() if n))
        got: dict[int, Counter[int]] = {k: Counter() for k, _t, _n in key}
        for k, value, n in _attack_values(self.edition, self.attacker, key):
            got[k][value] += n
        return got

    def aa_hit(self, gun_type: str) -> int:
        """The defender's AA gun's hit value (1; Radar 2), by the edition's ``aa_hit`` hook."""
        hook = self.hooks.aa_hit
        return hook(self.rs, self.state, {"id": 0, "type": gun_type, "owner": DEFENDER, "hits": 0}) if hook else 0

    def aa_shots(self, gun_type: str) -> int | None:
        """Dice every gun fires, no aircraft twice (G40-AA-02); None: one gun fires one die at each
        aircraft (AAE-AA-03/05)."""
        hook = self.hooks.aa_shots
        return hook(self.rs, self.state, {"id": 0, "type": gun_type, "owner": DEFENDER, "hits": 0}) if hook else None

    def fired_on_as_aircraft(self, utype: str, by_air: bool) -> bool:
        """Whether AA guns fire at an attacking unit of ``utype`` (``by_air``: dropped by air)."""
        unit = dropped(utype) if by_air else {"id": 0, "type": utype, "owner": ATTACKER, "hits": 0}
        return combat_rules.fired_on_as_aircraft(self.rs, self.state, unit)

    def airborne(self, utype: str) -> bool:
        """Whether a unit of ``utype`` dropped by air stays apart from the other land units: fired on
        as aircraft and retreating only with those that came overland (G40-TECH-10)."""
        return combat_rules.airborne(self.rs, self.state, dropped(utype)) is not None
