"""Does an export extend the log heads a player was shown? (``pbem-verify --witness``).

A head is ``(seq, hash)`` taken from an email header (``X-Pbem-Log-Head``), a webhook post
or the game page. The export extends it when its event ``seq`` has that very hash and the
chain from there on is intact (the chain itself is checked by ``verify_export``). Someone
who rewrote an earlier event and recomputed every hash after it cannot keep the hash a
player already holds, so the first witnessed head after the rewrite names where to look.
Pure functions: no database, no server.
"""

from __future__ import annotations

from email import message_from_binary_file, policy
from pathlib import Path
from typing import Any

from pbem.store.witness import HEADER, parse_header

Head = tuple[int, str, str]  # (seq, hash, where it was seen)


def parse_witness(text: str) -> tuple[int, str] | None:
    """``"SEQ:HASH"`` -> ``(seq, hash)``; None if it is not one."""
    seq, _sep, digest = text.strip().partition(":")
    parsed = parse_header(f"game=0; seq={seq}; hash={digest.lower()}")
    return None if parsed is None else (parsed[1], parsed[2])


def mailbox_heads(directory: str | Path, game_id: int | None) -> tuple[list[Head], int]:
    """Heads in the ``.eml`` files under ``directory`` for ``game_id`` (any game if None),
    and how many files were read."""
    heads: list[Head] = []
    files = sorted(Path(directory).rglob("*.eml"))
    for path in files:
        with path.open("rb") as handle:
            message = message_from_binary_file(handle, policy=policy.default)
        for value in message.get_all(HEADER) or []:
            parsed = parse_header(str(value))
            if parsed is not None and (game_id is None or parsed[0] == game_id):
                heads.append((parsed[1], parsed[2], f"{path.name} ({message.get('Date', '')})"))
    return heads, len(files)


def witness_problems(events: list[dict[str, Any]], heads: list[Head]) -> list[str]:
    """Every witnessed head the export does not extend, as a sentence naming its seq."""
    by_seq = {e.get("seq"): e.get("hash") for e in events}
    last = max((s for s in by_seq if isinstance(s, int)), default=0)
    problems = []
    held = sorted({(seq, digest) for seq, digest, _where in heads if by_seq.get(seq) == digest})
    for seq, digest, where in sorted(heads):
        if by_seq.get(seq) == digest:
            continue
        if seq not in by_seq:
            problems.append(f"event {seq}: a player was shown the log at event {seq} "
                            f"(hash {digest[:16]}…, {where}) but the export ends at event "
                            f"{last}: events were removed")
            continue
        earlier = [s for s, _d in held if s < seq]
        since = f" (after event {earlier[-1]}, which still matches)" if earlier else ""
        problems.append(f"event {seq}: the export's hash is {str(by_seq[seq])[:16]}… but a "
                        f"player was shown {digest[:16]}… ({where}): the log was rewritten "
                        f"at or before event {seq}{since}")
    return problems
