"""The one option parser (pbem/engine/options.py): JSON and form spellings agree."""

from __future__ import annotations

import pytest

from pbem.engine import InvalidOrder
from pbem.engine.options import normalise, parse_bool, parse_form

SCHEMA = [
    {"name": "fast", "type": "bool", "default": False},
    {"name": "rounds", "type": "int", "default": 3, "min": 1, "max": 9},
    {"name": "mode", "type": "choice", "default": "a", "choices": [{"value": "a"}, {"value": "b"}]},
]


@pytest.mark.parametrize("raw,expected", [("1", True), ("0", False), ("true", True), ("FALSE", False),
                                          ("on", True), ("off", False), ("yes", True), ("no", False),
                                          (True, True), (False, False), (1, True), (0, False)])
def test_ENGINE_OPT_4_boolean_spellings(raw: object, expected: bool) -> None:
    assert parse_bool("fast", raw) is expected
    assert normalise(SCHEMA, {"fast": raw})["fast"] is expected
    assert parse_form(SCHEMA, {"opt_fast": raw})[0]["fast"] is expected


def test_ENGINE_OPT_4_nonsense_boolean_is_refused() -> None:
    with pytest.raises(InvalidOrder) as err:
        normalise(SCHEMA, {"fast": "maybe"})
    assert err.value.rule_id == "ENGINE-OPT-4" and err.value.params == {"name": "fast"}


def test_ENGINE_OPT_form_defaults_and_errors() -> None:
    options, errors = parse_form(SCHEMA, {"opt_rounds": "12", "opt_mode": "b"})
    assert options == {"fast": False, "mode": "b"}
    assert errors["opt_rounds"].rule_id == "ENGINE-OPT-2"
    assert parse_form(SCHEMA, {})[0] == {"fast": False, "rounds": 3, "mode": "a"}


def test_ENGINE_OPT_1_unknown_option() -> None:
    with pytest.raises(InvalidOrder) as err:
        normalise(SCHEMA, {"fats": True})
    assert err.value.rule_id == "ENGINE-OPT-1"
