"""JSON Schemas of a ruleset's orders and positions, and the checks the Game runs with them.

Orders: ``Ruleset.order_schema()`` is a JSON Schema whose ``oneOf`` lists one object schema per
order type (``properties.type.const``), each with ``additionalProperties: false``: a field the
order type does not have is refused (``ENGINE-ORDER-3``) instead of being silently ignored, and a
field of the wrong JSON type is refused (``ENGINE-ORDER-5``). Values are checked further by the
rules themselves (with their own rule ids). Every order is at most :data:`MAX_ORDER_BYTES` bytes
of canonical JSON (``ENGINE-ORDER-4``). An order type the schema does not list is left to the
ruleset (which refuses it with its own rule id).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

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
def _validators(ruleset: Ruleset) -> dict[str, Draft202012Validator]:
    schema = ruleset.order_schema()
    if schema is None:
        return {}
    out = {}
    for branch in schema.get("oneOf", []):
        kind = branch.get("properties", {}).get("type", {}).get("const")
        if isinstance(kind, str):
            out[kind] = Draft202012Validator(branch)
    return out


def check_order(ruleset: Ruleset, order: dict[str, Any]) -> None:
    """Refuse an order that is too large or does not match the ruleset's order schema."""
    try:
        size = len(canonical_json(order).encode("utf-8"))
    except (TypeError, ValueError):
        raise InvalidOrder("ENGINE-ORDER-5", "An order holds only JSON values.") from None
    if size > MAX_ORDER_BYTES:
        raise InvalidOrder("ENGINE-ORDER-4", "An order is at most {limit} bytes; this one has {count}.",
                           {"limit": MAX_ORDER_BYTES, "count": size})
    validator = _validators(ruleset).get(order["type"])
    if validator is None:
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
