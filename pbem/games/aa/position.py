"""The A&A position format of ``from_position`` as a JSON Schema, and its validation.

The schema is published as ``docs/aa_position.schema.json`` (a test keeps the file equal to
:func:`position_schema`). Unknown keys are refused (``AA41-POS-5``) instead of silently becoming
unit attributes or state. Space, unit type and power names are checked against the edition's data
by ``state.build_state`` (``AA41-POS-1..4``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jsonschema import Draft202012Validator

from pbem.engine import InvalidOrder

if TYPE_CHECKING:
    from pbem.games.aa.ruleset import AARuleset

_NAME: dict[str, Any] = {"type": "string", "minLength": 1}
_COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}


def position_schema(rs: AARuleset) -> dict[str, Any]:
    """JSON Schema of a position of ``rs`` (its phases, powers and unit types enumerated)."""
    powers = [p.id for p in rs.data.powers]
    unit = {
        "type": "object", "required": ["type", "owner"], "additionalProperties": False,
        "properties": {
            "type": {"enum": list(rs.data.unit_order)}, "owner": {"enum": powers},
            "count": {"type": "integer", "minimum": 1, "maximum": 1000},
            "hits": {"type": "integer", "minimum": 0, "description": "hits taken (a damaged battleship: 1)"},
            "aboard_entry": {"type": "integer", "minimum": 0,
                             "description": "cargo: index of the carrying entry in the same space's list"},
            **rs.edition.unit_keys,
        },
        "patternProperties": {"^t_[a-z_]+$": {"description": "a turn-scoped unit flag (t_moved, t_combat...)"}},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://pbem.invalid/schemas/{rs.key}/position.json",
        "title": f"{rs.title}: a position for Ruleset.from_position",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "round": {"type": "integer", "minimum": 1},
            "power": {"enum": powers, "description": "the active power"},
            "phase": {"enum": list(rs.edition.phases)},
            "options": {"type": "object", "description": "game options (see options_schema)"},
            "owners": {"type": "object", "additionalProperties": {"enum": [*powers, None]},
                       "description": "territory -> controlling power; unnamed ones keep their original owner"},
            "owners_at_turn_start": {"type": "object", "additionalProperties": {"enum": [*powers, None]}},
            "ipcs": {"type": "object", "additionalProperties": _COUNT, "propertyNames": {"enum": powers}},
            "units": {"type": "object", "additionalProperties": {"type": "array", "items": unit},
                      "description": "space -> unit entries"},
            "bought": {"type": "object", "additionalProperties": _COUNT,
                       "description": "the mobilization pool of the active power"},
            "captured_this_turn": {"type": "array", "items": _NAME},
            "declared": {"type": "object", "description": "combat-move declarations (amphibious assaults, landings)"},
            "battles": {"type": "object", "description": "open battles (a position taken during combat)"},
            "standing": {"type": "object", "description": "standing orders per power"},
            "result": {"type": ["object", "null"]},
            **rs.edition.position_keys,
        },
    }


def validate_position(rs: AARuleset, position: Any) -> None:
    """``InvalidOrder`` (``AA41-POS-5``) naming the first problem of ``position`` against the schema."""
    validator = rs.position_validator()
    error = next(iter(sorted(validator.iter_errors(position), key=lambda e: list(e.path))), None)
    if error is None:
        return
    where = "/".join(str(p) for p in error.path) or "position"
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {})) if isinstance(error.schema, dict) else set()
        extra = sorted(k for k in error.instance if k not in allowed and not str(k).startswith("t_"))
        raise InvalidOrder("AA41-POS-5", "Unknown key '{field}' in {where} of the position.",
                           {"field": extra[0] if extra else "", "where": where})
    raise InvalidOrder("AA41-POS-5", "The position is malformed at {where}.", {"where": where})


def validator_for(rs: AARuleset) -> Draft202012Validator:
    return Draft202012Validator(position_schema(rs))
