"""Emitting events with a public part and per-seat secrets (``event_view`` strips the other seat's)."""

from __future__ import annotations

from typing import Any


def emit(ctx: Any, type_: str, public: dict[str, Any], secret: dict[str, Any] | None = None) -> None:
    """Emit ``type_``; ``secret`` maps a seat to what only that seat may read."""
    payload: dict[str, Any] = dict(public)
    if secret:
        payload["secret"] = secret
    ctx.emit(type_, payload)


def secret_of(event: dict[str, Any], side: str) -> Any:
    return event["payload"].get("secret", {}).get(side)
