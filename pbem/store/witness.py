"""The head of a game's log (its last event's seq and hash), as players are shown it.

Every email and webhook about a game, and the game page, carry the head at that moment
(see docs/event-log.md, "Witnessed heads"): a player who keeps them can later prove that
an export extends every head they saw (``pbem-verify FILE --witness SEQ:HASH``), which a
rewrite of the database with every hash recomputed cannot fake.
"""

from __future__ import annotations

from pbem.store.events import head

__all__ = ["HEADER", "head", "header_value", "parse_header"]

#: The email header carrying the head: ``game=<id>; seq=<n>; hash=<64 hex>``.
HEADER = "X-Pbem-Log-Head"


def header_value(game_id: int, seq: int, digest: str) -> str:
    return f"game={game_id}; seq={seq}; hash={digest}"


def parse_header(value: str) -> tuple[int, int, str] | None:
    """``(game_id, seq, hash)`` of a :data:`HEADER` value, or None if it is not one."""
    fields = dict(part.strip().partition("=")[::2] for part in value.split(";"))
    game, seq, digest = fields.get("game", ""), fields.get("seq", ""), fields.get("hash", "")
    if not (game.isascii() and game.isdigit() and seq.isascii() and seq.isdigit()):
        return None
    if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        return None
    return int(game), int(seq), digest
