"""The position format of ``from_position``: a JSON Schema in docs/, validated (AA41-POS-5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from pbem.engine import InvalidOrder, load_ruleset

RS = load_ruleset("aa1941")
DOC = Path(__file__).resolve().parents[3] / "docs" / "aa_position.schema.json"


def test_AA41_POS_5_the_documented_schema_is_the_one_validated() -> None:
    schema = RS.position_schema()
    Draft202012Validator.check_schema(schema)
    assert json.loads(DOC.read_text(encoding="utf-8")) == schema


@pytest.mark.parametrize("setup", ["rulebook", "errata"])
def test_AA41_POS_5_the_setups_are_valid_positions(setup: str) -> None:
    RS.position_validator().validate(RS.initial_position({"setup": setup}))


def test_AA41_POS_5_a_typo_in_a_unit_entry_is_refused_not_kept() -> None:
    position = {"units": {"Germany": [{"type": "tank", "owner": "germany", "cuont": 3}]}}
    with pytest.raises(InvalidOrder) as err:
        RS.from_position(position)
    assert err.value.rule_id == "AA41-POS-5" and err.value.params["field"] == "cuont"


def test_AA41_POS_5_unknown_top_level_key_and_bad_values_are_refused() -> None:
    with pytest.raises(InvalidOrder) as err:
        RS.from_position({"rounds": 3})
    assert err.value.params == {"field": "rounds", "where": "position"}
    with pytest.raises(InvalidOrder) as err:
        RS.from_position({"ipcs": {"germany": -5}})
    assert err.value.rule_id == "AA41-POS-5" and err.value.params["where"] == "ipcs/germany"


def test_AA41_POS_turn_flags_stay_allowed_in_unit_entries() -> None:
    game = RS.from_position({"phase": "noncombat_move", "units": {"Germany": [
        {"type": "fighter", "owner": "germany", "t_moved": 2, "t_combat": True}]}})
    assert game.state["units"]["Germany"][0]["t_moved"] == 2


def test_initial_position_without_options_uses_the_defaults_and_refuses_a_bad_setup() -> None:
    assert RS.initial_position({}) == RS.initial_position({"setup": "rulebook"})
    with pytest.raises(InvalidOrder) as err:
        RS.initial_position({"setup": "nope"})
    assert err.value.rule_id == "ENGINE-OPT-3"
