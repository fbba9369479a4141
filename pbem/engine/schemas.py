"""JSON Schemas of a ruleset's orders and positions, and the checks the Game runs with them.

Orders: ``Ruleset.order_schema()`` is a JSON Schema whose ``oneOf`` lists one object schema per
order type (``properties.type.const``), each with ``additionalProperties: false``: a field the
order type does not have is refused (``ENGINE-ORDER-3``) instead of being silently ignored, and a
field of the wrong JSON type is refused (``ENGINE-ORDER-5``). Values are checked further by the
rules themselves (with their own rule ids). Every order is at most :data:`MAX_ORDER_BYTES` bytes
of canonical JSON (``ENGINE-ORDER-4``). An order type the schema does not list is left to the
ruleset (which refuses it with its own rule id).

Speed: each order type's branch is compiled once per ruleset, twice: by ``jsonschema_rs`` (a
compiled validator, a fraction of a microsecond per order) and by ``jsonschema``. An order made
only of JSON values (it reads back from its canonical JSON unchanged: no tuples, no non-text
keys) that the compiled validator accepts is accepted; any other order is judged by
``jsonschema``, which names the refusal. For JSON values the two agree on the keywords order
schemas use (``tests/engine/test_order_schema_every_ruleset.py`` checks mutated orders against both).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import jsonschema_rs
from jsonschema import Draft202012Validator

from pbem.engine.errors import InvalidOrder
from pbem.engine.events import canonical_json

if TYPE_CHECKING:
    from pbem.engine.ruleset import Ruleset

#: The largest order accepted, in bytes of canonical JSON (UTF-8).
MAX_ORDER_BYTES = 16 * 1024


def schema_from_fields(fields: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The order schema of ``{order type: {field: JSON Schema of its value}}``."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "oneOf": [{"type": "object", "required": ["type"], "additionalProperties": False,
                   "properties": {"type": {"const": kind}, **dict(props)}}
                  for kind, props in sorted(fields.items())],
    }


@lru_cache(maxsize=64)
def _validators(ruleset: Ruleset) -> dict[str, tuple[jsonschema_rs.Draft202012Validator, Draft202012Validator]]:
    """``{order type: (compiled validator, jsonschema validator)}`` of the ruleset's order schema."""
    schema = ruleset.order_schema()
    if schema is None:
        return {}
    out: dict[str, tuple[jsonschema_rs.Draft202012Validator, Draft202012Validator]] = {}
    for branch in schema.get("oneOf", []):
        kind = branch.get("properties", {}).get("type", {}).get("const")
        if isinstance(kind, str):
            out[kind] = (jsonschema_rs.Draft202012Validator(branch), Draft202012Validator(branch))
    return out


def _compiled_accepts(compiled: jsonschema_rs.Draft202012Validator, order: dict[str, Any]) -> bool:
    try:
        return compiled.is_valid(order)
    except (ValueError, OverflowError):  # a value it cannot convert: jsonschema judges
        return False


def check_order(ruleset: Ruleset, order: dict[str, Any]) -> None:
    """Refuse an order that is too large or does not match the ruleset's order schema."""
    try:
        text = canonical_json(order)
    except (TypeError, ValueError):
        raise InvalidOrder("ENGINE-ORDER-5", "An order holds only JSON values.") from None
    size = len(text.encode("utf-8"))
    if size > MAX_ORDER_BYTES:
        raise InvalidOrder("ENGINE-ORDER-4", "An order is at most {limit} bytes; this one has {count}.",
                           {"limit": MAX_ORDER_BYTES, "count": size})
    found = _validators(ruleset).get(order["type"])
    if found is None:
        return
    compiled, validator = found
    if json.loads(text) == order and _compiled_accepts(compiled, order):
        return
    error = next(iter(sorted(validator.iter_errors(order), key=lambda e: list(e.path))), None)
    if error is None:
        return
    if error.validator == "additionalProperties":
        schema = validator.schema
        allowed = set(schema.get("properties", {})) if isinstance(schema, Mapping) else set()
        extra = sorted(k for k in order if k not in allowed)
        raise InvalidOrder("ENGINE-ORDER-3", "A {kind} order has no field '{field}'.",
                           {"kind": order["type"], "field": extra[0] if extra else ""})
    field = str(error.path[0]) if error.path else "type"
    raise InvalidOrder("ENGINE-ORDER-5", "The field '{field}' of a {kind} order is malformed.",
                       {"kind": order["type"], "field": field})
