"""Export a game as one JSON document, check such a document offline, import it.

The format is described in docs/event-log.md ("Export format").
``verify_export`` needs no database: ``pbem-verify FILE.json`` runs it.
"""

from __future__ import annotations

import importlib
import json
import secrets
from typing import Any

from sqlmodel import Session

from pbem.engine import Game as EngineGame
from pbem.engine import UnknownRuleset, load_ruleset
from pbem.engine.errors import InvalidOrder
from pbem.engine.events import ORDER, canonical_json
from pbem.engine.schemas import check_order
from pbem.services import eventlog as log
from pbem.services.common import get_game, get_user, holders, rollback_on_error, sync_row
from pbem.services.errors import BadRequest, _
from pbem.services.eventlog import iso, verify_chain
from pbem.services.readjudicate import readjudication_problems
from pbem.store import snapshots
from pbem.store.models.games import FINISHED, PAUSED, PRIVATE, PUBLIC, Game, utcnow

FORMAT = "pbem-game-export"
FORMAT_VERSION = 1
_EVENT_KEYS = (
    "game_id",
    "seq",
    "seat",
    "type",
    "v",
    "payload",
    "user_id",
    "created_at",
    "prev_hash",
    "hash",
)


def export_game(session: Session, game_id: int) -> dict[str, Any]:
    """Every event row of the game (with times and hashes) plus its metadata, as one document."""
    game = get_game(session, game_id)
    rows = log.load_rows(session, game.id)
    events = [
        {
            "game_id": r.game_id,
            "seq": r.seq,
            "seat": r.seat,
            "type": r.type,
            "v": r.v,
            "payload": json.loads(r.payload),
            "user_id": r.user_id,
            "created_at": iso(r.created_at),
            "prev_hash": r.prev_hash,
            "hash": r.hash,
        }
        for r in rows
    ]
    final: dict[str, Any] = {"seq": rows[-1].seq, "hash": rows[-1].hash} if rows else {"seq": 0}
    warning = None
    if rows:
        try:
            final["fingerprint"] = snapshots.load_game(session, game).fingerprint()
        except Exception as exc:  # noqa: BLE001  a broken log is still exported, as it is
            warning = (f"the log cannot be replayed ({type(exc).__name__}: {exc}); the raw "
                       "events are exported without a final fingerprint")
    doc: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": iso(utcnow()),
        "game": {
            "id": game.id,
            "ruleset_key": game.ruleset_key,
            "ruleset_version": game.ruleset_version,
            "title": game.title,
            "visibility": game.visibility,
            "status": game.status,
            "options": json.loads(game.options),
            "last_seq": game.last_seq,
            "owed_seats": json.loads(game.owed_seats),
            "result": json.loads(game.result) if game.result else None,
            "deadline_hours": game.deadline_hours,
            "created_at": iso(game.created_at),
        },
        "seats": [
            {"seat": s, "user_id": h.user_id} for s, h in sorted(holders(session, game.id).items())
        ],
        "events": events,
        "final": final,
    }
    if warning:
        doc["warning"] = warning
    return doc


def check_export(data: Any) -> tuple[list[str], EngineGame | None]:
    """Problems with an export document (empty: it is sound) and the replayed game."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return [f'not a pbem game export (expected "format": "{FORMAT}")'], None
    if data.get("format_version") != FORMAT_VERSION:
        return [f"unsupported export format version {data.get('format_version')!r}"], None
    events = data.get("events")
    if not isinstance(events, list) or not events or not all(isinstance(e, dict) for e in events):
        return ["the export has no events"], None
    missing = [k for k in _EVENT_KEYS if any(k not in e for e in events)]
    if missing:
        return [f"events lack the field(s) {', '.join(missing)}"], None
    problems: list[str] = []
    broken = verify_chain(events)
    if broken is not None:
        problems.append(
            f"event {broken}: the hash chain is broken (the event was altered, "
            "removed or reordered)"
        )
    game_ids = {e["game_id"] for e in events}
    if len(game_ids) != 1:
        problems.append("the events belong to more than one game")
    engine, replay_problem = _replay(events)
    if replay_problem:
        problems.append(replay_problem)
    problems.extend(order_problems(events))
    final = data.get("final") or {}
    if final.get("seq") != events[-1]["seq"] or final.get("hash") != events[-1]["hash"]:
        problems.append("the final seq/hash does not match the last event (the log was cut short)")
    if engine is not None and final.get("fingerprint") not in (None, engine.fingerprint()):
        problems.append(
            f"replaying the events gives fingerprint {engine.fingerprint()[:12]}..., "
            f"the export records {str(final.get('fingerprint'))[:12]}..."
        )
    problems.extend(dice_problems(events))
    return problems, engine


def verify_export(data: Any) -> list[str]:
    """Problems found in an export (chain, replay, final fingerprint, dice, re-adjudication of every
    order with the recorded dice); empty = OK."""
    problems, engine = check_export(data)
    if engine is not None:
        problems.extend(readjudication_problems(data["events"]))
    return problems


def import_game(session: Session, data: Any, *, organiser_id: int) -> Game:
    """Store an exported game under a new id (paused, or finished); refuses a bad file."""
    problems, engine = check_export(data)
    if problems or engine is None:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise BadRequest(_("This file is not a valid game export: %(problem)s%(more)s."),
                         problem=problems[0], more=more)
    with rollback_on_error(session):
        get_user(session, organiser_id)
        meta = data.get("game") or {}
        created = data["events"][0]["payload"]
        title = str(meta.get("title") or f"Imported game {meta.get('id', '')}").strip()[:200]
        visibility = (
            meta.get("visibility") if meta.get("visibility") in (PUBLIC, PRIVATE) else PUBLIC
        )
        game = Game(
            ruleset_key=created["ruleset"],
            ruleset_version=str(created["version"]),
            title=title,
            visibility=visibility,
            organiser_id=organiser_id,
            options=canonical_json(created["options"]),
            status=FINISHED if engine.result() is not None else PAUSED,
            origin=canonical_json(
                {
                    "game_id": meta.get("id"),
                    "hash": data["final"]["hash"],
                    "exported_at": data.get("exported_at"),
                }
            ),
        )
        if visibility == PRIVATE:
            game.invite_token = secrets.token_urlsafe(16)
        session.add(game)
        session.flush()
        log.import_rows(session, game.id, data["events"])
        sync_row(game, engine)
        snapshots.save(session, game, engine)
        session.commit()
        return game


def _replay(events: list[dict[str, Any]]) -> tuple[EngineGame | None, str | None]:
    created = events[0].get("payload") or {}
    if events[0].get("type") != "game.created" or not isinstance(created, dict):
        return None, "event 1 is not game.created"
    try:
        ruleset = load_ruleset(str(created.get("ruleset")))
    except UnknownRuleset:
        return None, f"this server does not know the ruleset {created.get('ruleset')!r}"
    log_ = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in events]
    try:
        return ruleset.replay(log_), None
    except Exception as exc:  # noqa: BLE001  any failure of a foreign file is reported, not raised
        return None, f"the events cannot be replayed: {exc}"


def order_problems(events: list[dict[str, Any]]) -> list[str]:
    """Orders in the log that this server would refuse to store now: a field their order type does
    not have, a malformed field, more than ``MAX_ORDER_BYTES`` (the engine's order schema, as for a
    submitted order), so an import cannot store what the order forms refuse."""
    try:
        ruleset = load_ruleset(str((events[0].get("payload") or {}).get("ruleset")))
    except UnknownRuleset:
        return []  # reported by _replay
    for event in events:
        if event.get("type") != ORDER:
            continue
        order = (event.get("payload") or {}).get("order")
        try:
            if not isinstance(order, dict) or not isinstance(order.get("type"), str):
                raise InvalidOrder("ENGINE-ORDER-1", "An order is a JSON object with a 'type' field.")
            check_order(ruleset, order)
        except InvalidOrder as err:
            return [f"event {event.get('seq')}: {err.message} [{err.rule_id}]"]
    return []


def dice_problems(events: list[dict[str, Any]]) -> list[str]:
    """The dice check of ``pbem.engine.dice_verify`` once that module exists."""
    try:
        module = importlib.import_module("pbem.engine.dice_verify")
    except ModuleNotFoundError:
        return []
    log_ = [{k: e[k] for k in ("seq", "seat", "type", "v", "payload")} for e in events]
    try:
        report = module.verify_dice(log_)
    except ValueError as exc:
        return [f"dice: {exc}"]
    if isinstance(report, list | tuple):
        return [f"dice: {p}" for p in report]
    return [] if getattr(report, "ok", True) else [f"dice: {report.summary()}"]
