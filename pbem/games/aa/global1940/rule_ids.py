"""The family's (A&A 1941) rule IDs whose Global 1940 rule has another number or name: a
refusal of the shared rules names the Global 1940 rule (specs/global1940.md)."""

from __future__ import annotations

RULE_IDS: dict[str, str] = {}
