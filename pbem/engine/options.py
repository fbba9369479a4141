"""Validation of game options against a ruleset's option schema."""

from __future__ import annotations

from typing import Any

from pbem.engine.errors import InvalidOrder


def normalise(schema: list[dict[str, Any]], options: dict[str, Any]) -> dict[str, Any]:
    """Return the options with defaults filled; ``InvalidOrder`` names the bad option."""
    known = {o["name"]: o for o in schema}
    for name in options:
        if name not in known:
            raise InvalidOrder("ENGINE-OPT-1", f"Unknown game option '{name}'.")
    out: dict[str, Any] = {}
    for name, spec in known.items():
        value = options.get(name, spec.get("default"))
        kind = spec.get("type", "choice")
        if kind == "bool":
            if isinstance(value, str):
                value = value.lower() in ("1", "true", "yes", "on")
            value = bool(value)
        elif kind == "int":
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise InvalidOrder("ENGINE-OPT-2", f"Option '{name}' must be a whole number.") from None
            lo, hi = spec.get("min"), spec.get("max")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise InvalidOrder("ENGINE-OPT-2", f"Option '{name}' must be between {lo} and {hi}.")
        else:
            choices = [c["value"] if isinstance(c, dict) else c for c in spec.get("choices", [])]
            if value not in choices:
                raise InvalidOrder("ENGINE-OPT-3", f"Option '{name}' must be one of {', '.join(map(str, choices))}.")
        out[name] = value
    return out
