"""Issue 11, item 4: every registered ruleset (and the test-only race) publishes an order schema
that names every order type it accepts, so an unknown field is refused (ENGINE-ORDER-3) and an
order over 16 KiB (ENGINE-ORDER-4) whatever the game."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from pbem.engine import InvalidOrder, available, load_ruleset
from pbem.engine.schemas import MAX_ORDER_BYTES

KEYS = sorted({*available(), "race"})


def test_the_registered_games_are_all_here() -> None:
    assert {"aa1941", "victory", "airwar_pacific", "race"} <= set(KEYS)


@pytest.mark.parametrize("key", KEYS)
def test_every_ruleset_has_an_order_schema_with_no_extra_fields(key: str) -> None:
    schema = load_ruleset(key).order_schema()
    assert schema is not None, f"{key} publishes no order schema: its orders would take any field"
    Draft202012Validator.check_schema(schema)
    assert all(branch["additionalProperties"] is False for branch in schema["oneOf"])


@pytest.mark.parametrize("key", KEYS)
def test_ENGINE_ORDER_3_and_4_refuse_junk_in_the_default_order(key: str) -> None:
    rs = load_ruleset(key)
    game = rs.new_game({}, seed="junk")
    seat = game.owed()[0]["seat"]
    order = rs.default_order(game.state, seat)
    assert order is not None
    kinds = {b["properties"]["type"]["const"] for b in rs.order_schema()["oneOf"]}
    assert order["type"] in kinds
    before = game.snapshot()
    with pytest.raises(InvalidOrder) as extra:
        game.submit(seat, {**order, "junk": "x"})
    assert extra.value.rule_id == "ENGINE-ORDER-3"
    with pytest.raises(InvalidOrder) as big:
        game.submit(seat, {**order, "junk": "x" * (8 * 1024 * 1024)})
    assert big.value.rule_id == "ENGINE-ORDER-4" and big.value.params["limit"] == MAX_ORDER_BYTES
    assert game.snapshot() == before
    game.submit(seat, order)


def test_victory_and_airwar_order_types_match_their_handlers() -> None:
    """The schemas list exactly the order types the rules handle (none refused by mistake)."""
    from pbem.games.airwar_pacific import orders as awp_orders
    from pbem.games.victory import ruleset as vic

    assert set(load_ruleset("victory").order_fields) == set(vic.ORDERS)
    assert set(load_ruleset("airwar_pacific").order_fields) == {
        kind for kinds in awp_orders.ORDERS.values() for kind in kinds}


#: Values put into an order's fields by the differential check below (JSON values and the
#: Python values that are not JSON: a tuple, an integer key).
ODD_VALUES = (None, -1, 0, 1, 1.0, 1.5, 10**30, True, False, "", "x", [], [1], [1.0], ["x"], [None],
              [[1]], {}, {"x": 1}, {"x": "y"}, {"x": [1]}, (1, 2), {1: 2}, [{"x": 1}])


@pytest.mark.parametrize("key", KEYS)
def test_ENGINE_ORDER_5_the_compiled_check_agrees_with_jsonschema_on_every_order_type(key: str) -> None:
    """check_order's fast path (jsonschema_rs) accepts exactly the orders jsonschema accepts."""
    from pbem.engine.schemas import _validators, check_order

    rs = load_ruleset(key)
    checked = 0
    for kind, (_compiled, validator) in _validators(rs).items():
        fields = [f for f in validator.schema["properties"] if f != "type"]
        for name in fields:
            for value in ODD_VALUES:
                order = {"type": kind, name: value}
                try:
                    check_order(rs, order)
                    accepted = True
                except InvalidOrder as err:
                    assert err.rule_id in ("ENGINE-ORDER-3", "ENGINE-ORDER-5")
                    accepted = False
                assert accepted == validator.is_valid(order), (key, order)
                checked += 1
        try:
            check_order(rs, {"type": kind, "no_such_field": 1})
        except InvalidOrder as err:
            assert err.rule_id == "ENGINE-ORDER-3"
        else:
            raise AssertionError(f"{key} {kind}: an unknown field was accepted")
    assert checked > 0
