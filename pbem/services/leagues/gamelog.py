"""Platform records (``game.*``) appended to a league game's log, in the caller's transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session

from pbem.engine import Game as EngineGame
from pbem.store import events as log
from pbem.store import snapshots
from pbem.store.models.games import Game
from pbem.timeutil import now_or


def append_records(session: Session, game: Game, records: list[tuple[str, dict[str, Any], str | None]],
                   user_id: int | None, now: datetime | None = None) -> EngineGame:
    """Log ``records`` (type, payload, seat) after the game's last event (no commit)."""
    engine = snapshots.load_game(session, game)
    before = engine.seq
    for type_, payload, seat in records:
        engine.record(type_, payload, seat=seat)
    log.append(session, int(game.id), before, engine.events_since(before), user_id=user_id, now=now)  # type: ignore[arg-type]
    game.updated_at = now_or(now)
    game.last_seq = engine.seq
    session.add(game)
    return engine


def league_records(session: Session, game_id: int) -> list[dict[str, Any]]:
    """The game's ``game.result``, ``game.bid`` and ``game.ruling`` records (for the players)."""
    wanted = ("game.result", "game.bid", "game.ruling")
    return [e for e in log.load(session, game_id) if e["type"] in wanted]
