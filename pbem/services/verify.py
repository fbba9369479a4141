"""Audit a stored game: hash chain, replay from scratch, denormalised columns, snapshots, dice,
and re-adjudication (every order re-run with the recorded dice makes exactly the stored events).

A snapshot that disagrees with the replay at its seq is evidence that the log was
changed after it was taken: it leaves the cache (so no page is built from it) for the
``snapshot_evidence`` table, where it is kept and reported by every later run until an
administrator clears it (:func:`clear_evidence`, ``flask pbem clear-evidence``). Nothing
``verify`` finds is ever deleted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, col, select

from pbem.engine import Game as EngineGame
from pbem.engine import UnknownRuleset, load_ruleset
from pbem.engine.events import canonical_json
from pbem.services import eventlog as log
from pbem.services.common import get_game, owed_seats
from pbem.services.export import dice_problems
from pbem.services.readjudicate import readjudication_problems
from pbem.store import snapshots
from pbem.store.events import iso
from pbem.store.models.games import FINISHED, Game, Snapshot, as_utc
from pbem.store.models.trust import SnapshotEvidence


@dataclass
class Report:
    """``ok`` when nothing disagreed; ``first_mismatch`` names the first problem."""

    ok: bool
    first_mismatch: str | None
    checked_events: int
    problems: list[str] = field(default_factory=list)
    discarded_snapshots: list[int] = field(default_factory=list)


def verify_game(session: Session, game_id: int) -> Report:
    """Recompute the chain, replay from scratch and compare columns and snapshots; commits."""
    game = get_game(session, game_id)
    rows = log.load_rows(session, game.id)
    problems: list[str] = []
    broken = log.verify_chain(rows)
    if broken is not None:
        problems.append(f"event {broken}: stored hash chain broken (the row was altered)")
    events = [log.to_dict(r) for r in rows]
    discarded: list[int] = []
    engine = None
    if events:
        engine, replay_problems, discarded = _replay_and_check_snapshots(
            session, game, events, repair=broken is None
        )
        problems.extend(replay_problems)
    if engine is not None:
        problems.extend(_column_problems(game, engine))
        problems.extend(dice_problems(events))
        problems.extend(readjudication_problems(events))
    elif not events and game.last_seq:
        problems.append(f"the game says it is at event {game.last_seq} but has no events")
    session.flush()
    problems.extend(evidence_lines(session, game.id))
    session.commit()
    return Report(
        ok=not problems,
        first_mismatch=problems[0] if problems else None,
        checked_events=len(rows),
        problems=problems,
        discarded_snapshots=discarded,
    )


def _replay_and_check_snapshots(
    session: Session, game: Game, events: list[dict[str, Any]], repair: bool
) -> tuple[EngineGame | None, list[str], list[int]]:
    """Replay in stretches between stored snapshots, comparing each.

    With ``repair`` (the chain is intact) a disagreeing snapshot is deleted; with a
    damaged log the snapshots may be the better record, so they are kept.
    """
    problems: list[str] = []
    try:
        ruleset = load_ruleset(game.ruleset_key)
    except UnknownRuleset:
        return None, [f"the ruleset {game.ruleset_key!r} is not installed"], []
    stored = [s for s in snapshots.all_for(session, game.id) if s.seq <= len(events)]
    beyond = [s for s in snapshots.all_for(session, game.id) if s.seq > len(events)]
    discarded = []
    engine: EngineGame | None = None
    done = 0
    try:
        for snap in stored:
            engine = _advance(ruleset, engine, events[done : snap.seq])
            done = snap.seq
            if not _snapshot_agrees(snap, engine):
                if not repair:
                    problems.append(f"snapshot at event {snap.seq} disagrees with the replay")
                    continue
                _keep_as_evidence(session, snap, "disagrees with the replay of the log")
                discarded.append(snap.seq)
        engine = (
            _advance(ruleset, engine, events[done:])
            if done < len(events) or engine is None
            else engine
        )
    except Exception as exc:  # noqa: BLE001  a log that cannot be replayed is the finding
        return None, problems + [f"the log cannot be replayed after event {done}: {exc}"], discarded
    for snap in beyond:
        _keep_as_evidence(session, snap, "is beyond the end of the log (events were removed?)")
        discarded.append(snap.seq)
    return engine, problems, discarded


def _keep_as_evidence(session: Session, snap: Snapshot, problem: str) -> None:
    """Move a snapshot out of the cache into ``snapshot_evidence`` (reported until cleared)."""
    session.add(SnapshotEvidence(game_id=snap.game_id, seq=snap.seq, data=snap.data,
                                 rules_version=snap.rules_version, digest=snap.digest,
                                 taken_at=snap.created_at, problem=problem))
    session.delete(snap)


def evidence(session: Session, game_id: int) -> list[SnapshotEvidence]:
    return list(session.exec(select(SnapshotEvidence).where(SnapshotEvidence.game_id == game_id)
                             .order_by(col(SnapshotEvidence.seq))))


def evidence_lines(session: Session, game_id: int) -> list[str]:
    """One problem per snapshot kept as evidence (every run reports it until it is cleared)."""
    return [f"snapshot at event {e.seq} (taken {iso(as_utc(e.taken_at))}) {e.problem}; kept as "
            f"evidence #{e.id} since {iso(as_utc(e.found_at))} (an administrator clears it "
            f"with: flask pbem clear-evidence {game_id})" for e in evidence(session, game_id)]


def clear_evidence(session: Session, game_id: int) -> list[SnapshotEvidence]:
    """Delete the game's snapshot evidence (an administrator's decision); returns the rows."""
    rows = evidence(session, game_id)
    for row in rows:
        session.delete(row)
    session.commit()
    return rows


def _advance(ruleset: Any, engine: EngineGame | None, events: list[dict[str, Any]]) -> EngineGame:
    if engine is None:
        return ruleset.replay(events)
    return EngineGame.from_snapshot(ruleset, engine.snapshot(), events)


def _snapshot_agrees(snap: Snapshot, engine: EngineGame) -> bool:
    if snap.digest != snapshots.text_digest(snap.data):
        return False
    try:
        return canonical_json(json.loads(snap.data)) == canonical_json(engine.snapshot())
    except ValueError:
        return False


def _column_problems(game: Game, engine: EngineGame) -> list[str]:
    problems = []
    if game.last_seq != engine.seq:
        problems.append(f"game.last_seq is {game.last_seq} but the log ends at event {engine.seq}")
    if json.loads(game.owed_seats) != owed_seats(engine):
        problems.append(
            f"game.owed_seats is {game.owed_seats} but the replay owes {owed_seats(engine)}"
        )
    result = engine.result()
    stored = json.loads(game.result) if game.result else None
    if stored != result:
        problems.append(f"game.result is {stored} but the replay gives {result}")
    if (game.status == FINISHED) != (result is not None):
        problems.append(f"game.status is {game.status} but the replay result is {result}")
    created = engine.meta.get("version")
    if created is not None and str(created) != game.ruleset_version:
        problems.append(
            f"game.ruleset_version is {game.ruleset_version} but the log says {created}"
        )
    return problems
