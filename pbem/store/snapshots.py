"""Snapshots: ``Game.snapshot()`` cached at turn boundaries so pages and orders load fast.

A snapshot is a cache. :func:`load_game` uses the newest one whose digest
matches its data and falls back to a full replay when there is none or it
cannot be resumed; ``pbem.services.verify`` deletes any that disagree with a
replay from scratch.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

from sqlmodel import Session, col, select

from pbem.engine import Game as EngineGame
from pbem.engine import ReplayError, load_ruleset
from pbem.engine.events import canonical_json
from pbem.store import events as log
from pbem.store.models.games import Game, Snapshot

logger = logging.getLogger(__name__)


def text_digest(data: str) -> str:
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def save(session: Session, game_row: Game, engine_game: EngineGame) -> Snapshot:
    """Store ``engine_game.snapshot()`` at its seq (replacing one there). Does not commit."""
    data = canonical_json(engine_game.snapshot())
    existing = session.exec(
        select(Snapshot).where(Snapshot.game_id == game_row.id, Snapshot.seq == engine_game.seq)
    ).first()
    snap = existing or Snapshot(
        game_id=game_row.id, seq=engine_game.seq, data="", rules_version="", digest=""
    )
    snap.data, snap.digest = data, text_digest(data)
    snap.rules_version = engine_game.ruleset.version
    session.add(snap)
    return snap


def newest(session: Session, game_id: int, max_seq: int | None = None) -> Snapshot | None:
    """The newest intact snapshot at or before ``max_seq`` (damaged rows are skipped)."""
    query = select(Snapshot).where(Snapshot.game_id == game_id)
    if max_seq is not None:
        query = query.where(Snapshot.seq <= max_seq)
    for snap in session.exec(query.order_by(col(Snapshot.seq).desc())):
        if snap.digest == text_digest(snap.data):
            return snap
        logger.warning("snapshot of game %s at seq %s fails its digest; skipped", game_id, snap.seq)
    return None


def all_for(session: Session, game_id: int) -> list[Snapshot]:
    return list(
        session.exec(
            select(Snapshot).where(Snapshot.game_id == game_id).order_by(col(Snapshot.seq))
        )
    )


def load_game(session: Session, game_row: Game, dice: Any = None) -> EngineGame:
    """The engine game of ``game_row``: newest snapshot + later events, else a full replay."""
    ruleset = load_ruleset(game_row.ruleset_key)
    snap = newest(session, game_row.id, game_row.last_seq)
    if snap is not None and snap.rules_version == ruleset.version:
        try:
            return EngineGame.from_snapshot(
                ruleset, json.loads(snap.data), log.load(session, game_row.id, snap.seq), dice=dice
            )
        except (ReplayError, KeyError, TypeError, ValueError):
            logger.warning(
                "snapshot of game %s at seq %s cannot be resumed; replaying", game_row.id, snap.seq
            )
    return ruleset.replay(log.load(session, game_row.id), dice=dice)
