"""The A&A edition contract: an edition is data plus an ``Edition`` (sequence, options, rule IDs, war)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pbem.engine import IllegalOrder, load_ruleset
from pbem.games.aa.editions.aa1941 import EDITION
from pbem.games.aa.routes import enemy_units, territory_hostile
from pbem.games.aa.ruleset import AARuleset
from pbem.games.aa.state import is_enemy


def _war_from_round_two(rs: AARuleset, state: dict[str, Any] | None, a: str, b: str) -> bool:
    return rs.sides[a] != rs.sides[b] and state is not None and state["round"] >= 2


TRUCE = AARuleset(replace(EDITION, key="aa_truce", rule_prefix="TST", at_war=_war_from_round_two))


def test_AA41_DEF_01_the_1941_edition_is_at_war_by_sides() -> None:
    rs = load_ruleset("aa1941")
    assert rs.edition is EDITION and rs.data.power("germany").side != rs.data.power("ussr").side
    state = rs.new_game({}, seed="e").state
    assert is_enemy(rs, state, "germany", "ussr") and not is_enemy(rs, state, "germany", "japan")
    assert not is_enemy(rs, state, "germany", None)


def test_edition_at_war_hook_decides_enemies_and_hostile_spaces_from_the_state() -> None:
    first = TRUCE.from_position({"round": 1, "units": {"Ukraine": [{"type": "infantry", "owner": "ussr"}]}}).state
    second = TRUCE.from_position({"round": 2, "units": {"Ukraine": [{"type": "infantry", "owner": "ussr"}]}}).state
    assert not is_enemy(TRUCE, first, "germany", "ussr") and is_enemy(TRUCE, second, "germany", "ussr")
    assert enemy_units(TRUCE, first, "Ukraine", "germany") == []
    assert len(enemy_units(TRUCE, second, "Ukraine", "germany")) == 1
    assert not territory_hostile(TRUCE, first, "Russia", "germany")
    assert territory_hostile(TRUCE, second, "Russia", "germany")


def test_refusals_name_the_edition_rule_ids() -> None:
    game = TRUCE.from_position({"round": 2, "power": "germany", "phase": "combat_move"})
    with pytest.raises(IllegalOrder) as err:
        game.submit("germany", {"type": "purchase", "units": {"infantry": 1}})
    assert err.value.rule_id == "TST-PUR-03"
    assert EDITION.rule_id("AA41-PUR-03") == "AA41-PUR-03"
    assert replace(EDITION, rule_ids={"AA41-PUR-03": "G40-PUR-1"}).rule_id("AA41-PUR-03") == "G40-PUR-1"


def test_edition_sequence_and_options_come_from_the_edition_module() -> None:
    rs = load_ruleset("aa1941")
    assert [o["name"] for o in rs.options_schema()] == [o["name"] for o in EDITION.options]
    assert rs.owed(rs.new_game({}, seed="s").state)[0]["phase_key"] == EDITION.phases[0]
    assert rs.vocabulary("phase", "combat_move") == EDITION.phase_labels["combat_move"]
