"""Snapshots: ``Game.snapshot()`` cached at turn boundaries so pages and orders load fast.

A snapshot is a cache. :func:`load_game` uses the newest one whose digest
matches its data and falls back to a full replay when there is none or it
cannot be resumed; ``pbem.services.verify`` moves any that disagree with a
replay from scratch out of the cache (kept as evidence, never deleted).

A game keeps its newest :data:`KEEP` snapshots and, further back, one checkpoint per
:data:`CHECKPOINT_EVERY` events (the first snapshot in each stretch): reading the position at
any past event (the history's board, its chart) then folds at most a stretch of events from
a checkpoint instead of replaying the whole log, whatever the game's length.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from sqlalchemy import delete
from sqlmodel import Session, col, select

from pbem.engine import Game as EngineGame
from pbem.engine import ReplayError, load_ruleset
from pbem.engine.events import canonical_json
from pbem.store import events as log
from pbem.store.models.games import Game, Snapshot

logger = logging.getLogger(__name__)
#: The newest snapshots kept per game (older ones are pruned when a new one is saved, but for
#: the checkpoints below): enough to cover a round of an A&A game, so the history's default
#: board ("since your last turn") starts from a snapshot near it.
KEEP = 8
#: Further back, one snapshot is kept per this many events (a checkpoint for past positions).
CHECKPOINT_EVERY = 200
#: Parsed snapshots kept in memory per process, by (database, row id, digest).
CACHE_SIZE = 64
_CACHE: OrderedDict[tuple[str, int, str], Any] = OrderedDict()


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
    session.flush()
    prune(session, game_row.id)
    return snap


def newest(session: Session, game_id: int, max_seq: int | None = None) -> Snapshot | None:
    """The newest intact snapshot at or before ``max_seq`` (damaged rows are skipped).

    The (large) data is read for the candidate rows alone.
    """
    for snap_id, seq, _digest, _version in _newest_first(session, game_id, max_seq):
        snap = session.get(Snapshot, snap_id)
        if snap is not None and snap.digest == text_digest(snap.data):
            return snap
        logger.warning("snapshot of game %s at seq %s fails its digest; skipped", game_id, seq)
    return None


def _newest_first(session: Session, game_id: int,
                  max_seq: int | None) -> Iterator[tuple[int, int, str, str]]:
    """``(id, seq, digest, rules_version)`` of the game's snapshots at or before ``max_seq``, newest
    first, one row per query: ``ORDER BY seq DESC LIMIT 1`` walks ``UNIQUE(game_id, seq)`` backwards
    and stops at the first row, and the newest is nearly always intact, so one probe is the rule
    however many snapshots the game has (tests/store/test_query_plans.py)."""
    upper = max_seq
    while True:
        query = select(Snapshot.id, Snapshot.seq, Snapshot.digest,
                       Snapshot.rules_version).where(Snapshot.game_id == game_id)
        if upper is not None:
            query = query.where(Snapshot.seq <= upper)
        row = session.exec(query.order_by(col(Snapshot.seq).desc()).limit(1)).first()
        if row is None:
            return
        snap_id, seq, digest, version = row
        yield int(snap_id), int(seq), str(digest), str(version)  # type: ignore[arg-type]
        upper = int(seq) - 1


def prune(session: Session, game_id: int, keep: int = KEEP) -> None:
    """Delete the snapshots of a game that are neither among the newest ``keep`` nor the
    checkpoint (the earliest) of their stretch of :data:`CHECKPOINT_EVERY` events."""
    seqs = session.exec(select(Snapshot.seq).where(Snapshot.game_id == game_id)
                        .order_by(col(Snapshot.seq).desc())).all()
    if len(seqs) <= keep:
        return
    kept = set(seqs[:keep])
    checkpoints: dict[int, int] = {}
    for seq in sorted(seqs):
        checkpoints.setdefault(seq // CHECKPOINT_EVERY, seq)
    doomed = [seq for seq in seqs if seq not in kept and seq not in checkpoints.values()]
    if doomed:
        session.exec(delete(Snapshot).where(Snapshot.game_id == game_id,
                                            col(Snapshot.seq).in_(doomed)))


def all_for(session: Session, game_id: int) -> list[Snapshot]:
    return list(
        session.exec(
            select(Snapshot).where(Snapshot.game_id == game_id).order_by(col(Snapshot.seq))
        )
    )


def _parsed(session: Session, game_id: int, max_seq: int) -> tuple[int, str, Any] | None:
    """(seq, rules_version, parsed data) of the newest intact snapshot, through a small cache.

    The cache is keyed by the row id and digest, which are listed without the
    (large) data: a hit costs one narrow query. The cached dict is never handed
    out for mutation (``Game.from_snapshot`` copies what it takes).
    """
    for snap_id, seq, digest, version in _newest_first(session, game_id, max_seq):
        key = (str(session.get_bind().url), snap_id, digest)
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return seq, version, _CACHE[key]
        snap = session.get(Snapshot, snap_id)
        if snap is None or snap.digest != text_digest(snap.data):
            logger.warning("snapshot of game %s at seq %s fails its digest; skipped", game_id, seq)
            continue
        try:
            data = json.loads(snap.data)
        except ValueError:
            continue
        _CACHE[key] = data
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
        return seq, version, data
    return None


def load_game(session: Session, game_row: Game, dice: Any = None, *, at_last_seq: bool = False) -> EngineGame:
    """The engine game of ``game_row``: newest snapshot + later events, else a full replay.

    ``at_last_seq``: the events up to ``game_row.last_seq`` only (a reader outside the game's
    lock: each statement sees the log as it is then, and an order may have added an event since
    the row was read; the position must be the one the row names)."""
    ruleset = load_ruleset(game_row.ruleset_key)
    until = game_row.last_seq if at_last_seq else None
    found = _parsed(session, game_row.id, game_row.last_seq)
    if found is not None and found[1] == ruleset.version:
        seq, _, data = found
        try:
            return EngineGame.from_snapshot(ruleset, data, log.load(session, game_row.id, seq, until),
                                            dice=dice)
        except (ReplayError, KeyError, TypeError, ValueError):
            logger.warning("snapshot of game %s at seq %s cannot be resumed; replaying",
                           game_row.id, seq)
    return ruleset.replay(log.load(session, game_row.id, 0, until), dice=dice)
