"""Game options: the one parser and validator of a ruleset's option schema.

``normalise(schema, options)`` fills defaults and validates typed values (JSON, the API,
stored games); ``parse_form(schema, form)`` reads the same options from form fields
(``opt_<name>``: text from an HTML form). Both accept the same spellings of a boolean:
``true/false``, ``1/0``, ``yes/no``, ``on/off`` (any case), and JSON ``true``/``false``.

An option of type ``"json"`` holds a JSON object or nothing (e.g. an uploaded scenario file):
the API passes the object, the new-game form a file field whose text is parsed here; the ruleset
checks its content in its own ``normalise_options``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pbem.engine.errors import InvalidOrder, RulesError

TRUE = frozenset({"1", "true", "yes", "on"})
FALSE = frozenset({"0", "false", "no", "off", ""})


def parse_bool(name: str, value: Any) -> bool:
    """A boolean option value from JSON or a form string; ``InvalidOrder`` for anything else."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in TRUE | FALSE:
        return value.strip().lower() in TRUE
    if value is None:
        return False
    raise InvalidOrder("ENGINE-OPT-4", "Option '{name}' is yes or no.", {"name": name})


def parse_value(spec: Mapping[str, Any], value: Any) -> Any:
    """One option's value, typed and checked against its schema entry ``spec``."""
    name, kind = spec["name"], spec.get("type", "choice")
    if kind == "bool":
        return parse_bool(name, value)
    if kind == "json":
        return parse_json_option(name, value)
    if kind == "int":
        try:
            if isinstance(value, bool):
                raise TypeError
            number = int(value)
        except (TypeError, ValueError):
            raise InvalidOrder("ENGINE-OPT-2", "Option '{name}' must be a whole number.", {"name": name}) from None
        lo, hi = spec.get("min"), spec.get("max")
        if (lo is not None and number < lo) or (hi is not None and number > hi):
            raise InvalidOrder("ENGINE-OPT-2", "Option '{name}' must be between {lo} and {hi}.",
                               {"name": name, "lo": lo, "hi": hi})
        return number
    choices = [c["value"] if isinstance(c, dict) else c for c in spec.get("choices", [])]
    match = [c for c in choices if c == value or (isinstance(value, str) and str(c) == value)]
    if not match:
        raise InvalidOrder("ENGINE-OPT-3", "Option '{name}' must be one of {choices}.",
                           {"name": name, "choices": ", ".join(map(str, choices))})
    return match[0]


def values_schema(schema: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries that are option values: a ``file`` entry is a document the ruleset takes into
    its starting position (``position_key``), never an option value (``pbem.services.player_files``)."""
    return [o for o in schema if o.get("type") != "file"]


def parse_json_option(name: str, value: Any) -> dict[str, Any] | None:
    """A ``"json"`` option: an object, JSON text of one, or nothing (``None`` / empty text)."""
    if value is None or (isinstance(value, str | bytes) and not value.strip()):
        return None
    if isinstance(value, str | bytes):
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            raise InvalidOrder("ENGINE-OPT-5", "Option '{name}' is not valid JSON.", {"name": name}) from None
    if not isinstance(value, dict):
        raise InvalidOrder("ENGINE-OPT-5", "Option '{name}' must be a JSON object.", {"name": name})
    return value


def normalise(schema: list[dict[str, Any]], options: dict[str, Any]) -> dict[str, Any]:
    """Return the options with defaults filled; ``InvalidOrder`` names the bad option."""
    known = {o["name"]: o for o in values_schema(schema)}
    for name in options:
        if name not in known:
            raise InvalidOrder("ENGINE-OPT-1", "Unknown game option '{name}'.", {"name": name})
    return {name: parse_value(spec, options.get(name, spec.get("default"))) for name, spec in known.items()}


def parse_form(schema: list[dict[str, Any]], form: Mapping[str, Any], prefix: str = "opt_"
               ) -> tuple[dict[str, Any], dict[str, RulesError]]:
    """Options from submitted form fields ``<prefix><name>``, and the errors per field name.

    A missing checkbox is ``False`` (browsers send nothing for it); a missing or empty other
    field takes the default. Values are typed and validated as :func:`normalise` does.
    """
    options: dict[str, Any] = {}
    errors: dict[str, RulesError] = {}
    for spec in values_schema(schema):
        name, field = spec["name"], prefix + spec["name"]
        raw = form.get(field)
        if spec.get("type", "choice") != "bool" and raw in (None, ""):
            raw = spec.get("default")
        try:
            options[name] = parse_value(spec, raw)
        except RulesError as err:
            errors[field] = err
    return options, errors
