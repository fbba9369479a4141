"""Odds in the record (docs/odds.md): the pre-battle odds of every battle a game opens, kept in the
``battle_odds`` side table keyed by ``(game, seq)``, and how lucky each battle was.

Why a side table and not the event: the log stays exactly what the referee decided (the hash
chain, ``pbem-verify``, exports and replay are untouched, and an odds calculator improved later
changes no stored game); the odds are a pure, deterministic function of the public position when
the battle opened (``Ruleset.battle_odds`` reads the spectator's view, never a seat's hidden
information or standing orders), so every row can be worked out again from the log
(:func:`record_battles` with ``after=0``).

:func:`record_battles` runs in the transaction that appends the events (``orders._store``): a
battle the calculator cannot take is skipped, never a refused order.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from sqlmodel import Session, col, select

from pbem.engine import load_ruleset
from pbem.engine.events import canonical_json
from pbem.services import reading
from pbem.store.models.games import Game
from pbem.store.models.odds import BattleOdds

logger = logging.getLogger(__name__)


def record_battles(session: Session, game: Game, after: int, new: list[dict[str, Any]] | None = None) -> int:
    """Record the odds of the battles opened, and the luck of those ended, after event ``after``
    (the events must be in the session; ``new``: they, when known, to skip the work when none
    opens or ends a battle). Returns the number of rows written or completed."""
    ruleset = load_ruleset(game.ruleset_key)
    opens, ends = ruleset.battle_events
    if not opens or (new is not None and not any(e.get("type") in opens | ends for e in new)):
        return 0
    session.flush()
    reader = reading.Reader(session, game, None, ruleset)  # the public view: nothing hidden
    reader.last_seq = game.last_seq
    reader.reveal = False
    changed = 0
    for event, view in reader.views_after(opens | ends, after):
        try:
            if event["type"] in opens:
                changed += _opened(session, ruleset, game, event, view)
            if event["type"] in ends:
                changed += _ended(session, ruleset, game, event, view)
        except Exception:  # noqa: BLE001 - the odds must never refuse an order
            logger.exception("battle odds of game %s at event %s", game.id, event.get("seq"))
    return changed


def _opened(session: Session, ruleset: Any, game: Game, event: dict[str, Any], view: dict[str, Any]) -> int:
    found = session.exec(select(BattleOdds).where(BattleOdds.game_id == game.id,
                                                  BattleOdds.seq == event["seq"])).first()
    record = ruleset.battle_odds(view, event)
    if record is None or found is not None:
        return 0
    session.add(BattleOdds(game_id=int(game.id), seq=int(event["seq"]), place=str(record["place"])[:80],  # type: ignore[arg-type]
                           attacker=str(record.get("attacker") or "")[:40], record=canonical_json(record)))
    session.flush()
    return 1


def _ended(session: Session, ruleset: Any, game: Game, event: dict[str, Any], view: dict[str, Any]) -> int:
    """The newest open record the event ends (an undone battle's record stays open, older)."""
    rows = session.exec(select(BattleOdds).where(
        BattleOdds.game_id == game.id, BattleOdds.seq < event["seq"], col(BattleOdds.end_seq).is_(None))
        .order_by(col(BattleOdds.seq).desc())).all()
    for row in rows:
        luck = ruleset.battle_luck(json.loads(row.record), view, event)
        if luck is not None:
            row.end_seq, row.percentile = int(event["seq"]), float(luck)
            session.add(row)
            return 1
    return 0


def battles(session: Session, game_id: int, upto: int | None = None) -> list[dict[str, Any]]:
    """Every recorded battle of the game, oldest first: ``seq``, ``place``, ``attacker``,
    ``end_seq``, ``percentile`` and the record's summary (``attacker_wins``, ``method``...)."""
    stmt = select(BattleOdds).where(BattleOdds.game_id == game_id)
    if upto is not None:
        stmt = stmt.where(BattleOdds.seq <= upto)
    out = []
    for row in session.exec(stmt.order_by(col(BattleOdds.seq))):
        record = json.loads(row.record)
        out.append({k: v for k, v in record.items() if k not in ("scores", "attacker_units", "defender_units")}
                   | {"seq": row.seq, "place": row.place, "attacker": row.attacker, "end_seq": row.end_seq,
                      "percentile": row.percentile})
    return out


def luck_by_seat(rows: list[dict[str, Any]], sides: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """Per seat, the mean percentile of its ended battles as its own luck: the attacker's
    percentile, ``1 - percentile`` for the defending seats (``defenders`` of the record, else none).
    ``{"battles": n, "mean": m}``; 0.5 is average luck."""
    found: dict[str, list[float]] = {}
    for row in rows:
        if row.get("percentile") is None:
            continue
        found.setdefault(row["attacker"], []).append(row["percentile"])
        for seat in row.get("defenders") or []:
            found.setdefault(seat, []).append(1 - row["percentile"])
    return {seat: {"battles": len(v), "mean": sum(v) / len(v)} for seat, v in found.items()}
