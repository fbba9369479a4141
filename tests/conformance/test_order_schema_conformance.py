"""Each ruleset publishes a JSON Schema of its orders; unknown fields and oversized orders are refused."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from pbem.engine import InvalidOrder, load_ruleset
from pbem.engine.schemas import MAX_ORDER_BYTES
from tests.conformance.conftest import runs

KEYS = sorted({key for _f, key, _o in runs()})


@pytest.mark.parametrize("key", KEYS)
def test_order_schema_is_a_valid_schema_listing_every_order_type(key: str) -> None:
    rs = load_ruleset(key)
    schema = rs.order_schema()
    assert schema is not None
    Draft202012Validator.check_schema(schema)
    kinds = {b["properties"]["type"]["const"] for b in schema["oneOf"]}
    assert "undo" in kinds
    assert all(b["additionalProperties"] is False for b in schema["oneOf"])
    legal = _owed_order(key)
    assert legal["type"] in kinds


def _owed_order(key: str) -> dict[str, Any]:
    rs = load_ruleset(key)
    game = rs.new_game({}, seed="schema")
    seat = game.owed()[0]["seat"]
    order = rs.default_order(game.state, seat)
    assert order is not None
    return order


@pytest.mark.parametrize("key", KEYS)
def test_ENGINE_ORDER_3_unknown_field_is_refused_and_changes_nothing(key: str) -> None:
    rs = load_ruleset(key)
    game = rs.new_game({}, seed="schema")
    seat = game.owed()[0]["seat"]
    order = rs.default_order(game.state, seat)
    assert order is not None
    before = game.snapshot()
    with pytest.raises(InvalidOrder) as err:
        game.submit(seat, {**order, "colour": "red"})
    assert err.value.rule_id == "ENGINE-ORDER-3" and err.value.params["field"] == "colour"
    assert game.snapshot() == before
    game.submit(seat, order)  # the same order without the typo is accepted


@pytest.mark.parametrize("key", KEYS)
def test_ENGINE_ORDER_4_orders_have_a_size_cap(key: str) -> None:
    rs = load_ruleset(key)
    game = rs.new_game({}, seed="schema")
    seat = game.owed()[0]["seat"]
    with pytest.raises(InvalidOrder) as err:
        game.submit(seat, {"type": "undo", "padding": "x" * MAX_ORDER_BYTES})
    assert err.value.rule_id == "ENGINE-ORDER-4"
