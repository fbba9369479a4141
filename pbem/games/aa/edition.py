"""The edition contract of the A&A family: what makes A&A 1941, Anniversary or Global 1940 differ.

The rules modules (``pbem.games.aa.*``) are shared by every edition; an edition is its data
(``rules/<folder>/``: map, powers and turn order, unit roster with abilities, capitals and victory
conditions, set-ups, converted by ``tools/convert_triplea.py``) plus one small module
``pbem/games/aa/editions/<key>.py`` exposing ``EDITION``, an :class:`Edition`. See
``docs/aa_family.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pbem.games.aa.combat_rules import CombatRules

if TYPE_CHECKING:
    from pbem.games.aa.data import ScenarioData
    from pbem.games.aa.ruleset import AARuleset

State = dict[str, Any]

#: The family's rules modules (their tables are merged by ``AARuleset``, see ``ruleset.py``).
FAMILY_MODULES: tuple[str, ...] = (
    "pbem.games.aa.sequence",
    "pbem.games.aa.capture", "pbem.games.aa.combat",
    "pbem.games.aa.purchase", "pbem.games.aa.mobilize", "pbem.games.aa.mobzone",
    "pbem.games.aa.economy",
    "pbem.games.aa.movement", "pbem.games.aa.queries", "pbem.games.aa.sites",
)


def side_based_at_war(rs: AARuleset, state: State | None, a: str, b: str) -> bool:
    """Powers of different sides are always at war (A&A 1941, Anniversary): AA41-DEF-01."""
    return rs.sides[a] != rs.sides[b]


@dataclass(frozen=True)
class StandingKey:
    """A standing-order key of an edition whose value is structured (Global 1940's canal
    permissions, France's liberation units): ``standing.py`` fills its default, the ``standing``
    order sets it and the order schema checks its JSON shape."""

    #: JSON Schema of the value in the ``standing`` order
    schema: Mapping[str, Any]
    #: ``default(rs, power)``: the value before any order; None: the key is not this power's
    default: Callable[[AARuleset, str], Any]
    #: ``check(rs, state, power, sent, current) -> kept``: refuses a bad value with its rule ID,
    #: else returns the value kept (``current``: the value before the order)
    check: Callable[[AARuleset, State, str, Any, Any], Any]


@dataclass(frozen=True)
class Edition:
    """One A&A edition: its key, data folder, sequence, options, rule-ID prefix and war hook."""

    #: ruleset key registered in ``pbem/engine/registry.py`` (``"aa1941"``)
    key: str
    title: str
    #: folder of its data under ``rules/``
    folder: str
    #: prefix of its rule IDs in the spec checklist (``"AA41"``); refusals name rules with it
    rule_prefix: str
    #: the phases of a power's turn, in order, and their English names (``N_``-marked)
    phases: tuple[str, ...]
    phase_labels: Mapping[str, str]
    #: phases a power skips while an enemy holds its capital (AA41-SEQ-05)
    skipped_without_capital: tuple[str, ...] = ()
    #: ``options_schema()`` of the edition's games (``N_``-marked labels)
    options: tuple[dict[str, Any], ...] = ()
    #: ``at_war(rs, state, a, b)``: are powers ``a`` and ``b`` at war now? (``state`` may be
    #: ``None`` outside a game: answer for the start). Global 1940 decides from declarations of
    #: war kept in the state; side-based editions from the sides.
    at_war: Callable[[AARuleset, State | None, str, str], bool] = side_based_at_war
    #: what the edition changes in Conduct combat (``combat_rules.py``; default A&A 1941)
    combat: CombatRules = field(default_factory=CombatRules)
    #: the rules modules of this edition (the family's, plus edition-specific ones)
    modules: tuple[str, ...] = FAMILY_MODULES
    #: rule IDs of this edition that differ from the family's IDs (``"AA41-CM-07" -> "G40-CM-08"``)
    rule_ids: Mapping[str, str] = field(default_factory=dict)

    #: several scenarios on one board (Anniversary 1941/1942): their names (the first is the
    #: default), the option choosing one, and ``load(name)`` returning its data. Empty: one
    #: scenario read from ``rules/<folder>`` by ``data.load_scenario``.
    scenarios: tuple[str, ...] = ()
    scenario_option: str = "scenario"
    load: Callable[[str], ScenarioData] | None = None
    #: position keys the edition adds (JSON schema of each) and ``extra_state(rs, position,
    #: options)`` building the matching state keys (complexes, research...)
    position_keys: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    extra_state: Callable[[AARuleset, dict[str, Any], dict[str, Any]], State] | None = None
    #: unit keys the edition adds to a position's unit entries (JSON schema of each)
    unit_keys: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    #: ``turn_steps(rs, state, power)``: the ``(acting power, phase)`` steps of ``power``'s turn
    #: (None: ``phases`` minus ``skipped_without_capital`` while the capital is held). A power
    #: playing inside another's turn (China in the US turn) acts in its host's steps.
    turn_steps: Callable[[AARuleset, State, str], tuple[tuple[str, str], ...]] | None = None
    #: phases played without an order: their PHASE_START hooks act, then the phase ends
    #: (Anniversary's Collect Income)
    automatic_phases: tuple[str, ...] = ()
    #: powers that play inside another power's turn: guest -> host (``{"china": "usa"}``)
    hosts: Mapping[str, str] = field(default_factory=dict)

    # -- hooks the family's modules call; None keeps the family's (A&A 1941) rule ----------
    #: ``unit_cost(rs, state, power, unit type)``: the price now (research: Improved Shipyards)
    unit_cost: Callable[[AARuleset, State, str, str], int] | None = None
    #: ``move_allowance(rs, state, unit)``: a unit's movement this turn (Long-Range Aircraft)
    move_allowance: Callable[[AARuleset, State, dict[str, Any]], int] | None = None
    #: ``complexes(rs, state)``: the territories with an industrial complex now (None: the
    #: complexes printed on the map, which never change)
    complexes: Callable[[AARuleset, State], tuple[str, ...]] | None = None
    #: ``capacity(rs, state, power, territory)``: units a complex mobilizes this turn (None:
    #: the territory's value, AA41-MOB-03)
    capacity: Callable[[AARuleset, State, str, str], int] | None = None
    #: ``check_site(rs, state, power, territory) -> territory``: where a unit with the
    #: ``mobilization_site`` ability (a new complex) may be placed (None: never)
    check_site: Callable[[AARuleset, State, str, Any], str] | None = None
    #: ``check_order(rs, state, seat, order)``: the edition's own refusals, checked before the
    #: family handles an order (China's area, a power that never purchases...)
    check_order: Callable[[AARuleset, State, str, dict[str, Any]], None] | None = None
    #: ``move_notes(rs, state, power, units, route)``: what a ``reachable`` destination adds for
    #: the move form (Global 1940: submarines firing at the move's transports, G40-CMB-32)
    move_notes: Callable[[AARuleset, State, str, list[dict[str, Any]], list[str]], dict[str, Any]] | None = None
    #: ``capture_controller(rs, state, territory, capturer)``: who controls a territory the
    #: capturer takes (None: the capturer; liberation is the family's rule)
    capture_controller: Callable[[AARuleset, State, str, str], str] | None = None
    #: ``holder(rs, state, territory)``: the power whose control makes a territory hostile or
    #: friendly (None: its owner; Global 1940: a still-Dutch territory counts as the UK's,
    #: G40-POL-21, so an Axis power at war with the UK attacks it)
    holder: Callable[[AARuleset, State, str], str | None] | None = None
    #: ``seize_treasury(rs, state, territory, capturer)``: the IPCs taken with a capital as
    #: ``{"ipcs", "ipcs_from", "ipcs_to"}`` treasuries, or None (None: the family's rule, the
    #: capital owner's whole treasury to the capturer, AA41-CAP-06)
    seize_treasury: Callable[[AARuleset, State, str, str], dict[str, Any] | None] | None = None
    #: ``may_share(rs, state, power, ally, territory)``: may ``power``'s units stand in a
    #: territory of its ally now (None: always; Global 1940: both belligerent, G40-POL-27)
    may_share: Callable[[AARuleset, State, str, str, str], bool] | None = None
    #: neutral territories may be entered (attacked): the family treats no space as neutral
    #: and the edition's ``check_order`` decides (Global 1940's neutrals, kept in the state)
    neutrals_enterable: bool = False
    #: ``canal_passage(rs, state, power, unit type, zone a, zone b)``: refuses a sea step
    #: through a canal or strait (None: the family's rule, AA41-MAP-08..10, side control)
    canal_passage: Callable[[AARuleset, State, str, str, str, str], None] | None = None
    #: ``usable_complexes(rs, state, power)``: the mobilization sites the power may use now, or
    #: None for the family's rule (complexes held since the turn began, AA41-MOB-02; Global
    #: 1940: China's territories, those it captured this turn included, G40-CHINA-04)
    usable_complexes: Callable[[AARuleset, State, str], tuple[str, ...] | None] | None = None
    #: the edition's structured standing-order keys (``standing.py``; its combat ones, each a
    #: choice among values, are ``combat.standing``)
    standing_keys: Mapping[str, StandingKey] = field(default_factory=dict)
    #: units that cannot be placed wait in the mobilization zone (AAE-MOB-09) instead of being
    #: refunded (AA41-MOB-09)
    keeps_unplaced: bool = False
    #: only a surface warship (no submarine) escorts transports landing past ignored enemy
    #: submarines (Global 1940, G40-CM-17); the family's AA41-AMP-14 takes any attacking ship
    surface_escort_lands: bool = False

    def rule_id(self, family_rule: str) -> str:
        """This edition's ID of a rule the family's code names (``AA41-...``, the reference IDs)."""
        if family_rule in self.rule_ids:
            return self.rule_ids[family_rule]
        if family_rule.startswith("AA41-") and self.rule_prefix != "AA41":
            return f"{self.rule_prefix}-{family_rule[5:]}"
        return family_rule
