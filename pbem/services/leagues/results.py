"""League results, each a ``game.result`` record in the game's log (docs/leagues.md).

Kinds: ``win`` (the rules engine ended the game), ``draw`` (offered and accepted),
``concession``, ``forfeit`` (the league's deadline policy, or its abandonment policy) and
``adjudication`` (organisers, with a written reason). An organiser's adjustment of a
result is a further ``game.result`` record with ``"adjusts": true`` and its reason; the
denormalised ``league_result`` row follows the latest record, and keeps the game's end
time (the ratings order).

Abandonment: when a player loses ``abandon_limit`` league games by concession or forfeit
within 7 days, their other unfinished games of the league's running seasons are recorded
as forfeits at once and they are withdrawn from those seasons; a player with forfeits
cannot sign up to the club's seasons until they have finished more games since their first
forfeit than they forfeited (:func:`barred`).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, select

from pbem.engine.events import canonical_json
from pbem.services import notifications as notes
from pbem.services.common import get_game, get_user, holders, rollback_on_error, seats_of
from pbem.services.errors import BadRequest, Conflict, Forbidden, _
from pbem.services.leagues.common import (
    get_row,
    league_of_game,
    loads,
    require_organiser,
    settings,
    sides_of,
)
from pbem.services.leagues.gamelog import append_records
from pbem.store import events as log
from pbem.store.db import begin_write
from pbem.store.models.games import ACTIVE, FINISHED, PAUSED, Game, SeatHolder, as_utc
from pbem.store.models.leagues import (
    ADJUDICATION,
    CONCESSION,
    DONE,
    DRAW,
    FORFEIT,
    PLAYING,
    RUNNING,
    WIN,
    League,
    LeagueResult,
    Pairing,
    Season,
    SeasonEntry,
)
from pbem.timeutil import now_or

ABANDON_WINDOW = timedelta(days=7)


def _side_of(league: League, pairing: Pairing, user_id: int) -> str | None:
    sides = sides_of(league.ruleset_key, loads(league.options))
    if user_id == pairing.player_a:
        return pairing.side_a
    return next((s for s in sides if s != pairing.side_a), None)


def record_result(session: Session, *, game_id: int, kind: str, winner: int | None, reason: str = "",
                  by: int | None, now: datetime | None = None, adjusts: bool = False,
                  commit: bool = True) -> LeagueResult:
    """Log a ``game.result`` (``winner`` None: a draw), finish the game, update the table row."""
    found = league_of_game(session, game_id)
    if found is None:
        raise BadRequest(_("This game is not a league game."))
    pairing, season, league = found
    begin_write(session)
    game = log.lock_game(session, int(get_game(session, game_id).id))  # type: ignore[arg-type]
    existing = session.exec(select(LeagueResult).where(LeagueResult.game_id == game.id)).first()
    if adjusts != (existing is not None):
        raise Conflict(_("This game's result is already recorded.") if not adjusts
                       else _("This game has no result to adjust."))
    if not adjusts and game.status not in (ACTIVE, PAUSED) and kind != WIN:
        raise Conflict(_("Only a game in progress can end this way."))
    a, b = pairing.player_a, int(pairing.player_b)  # type: ignore[arg-type]
    if winner not in (None, a, b):
        raise BadRequest(_("The winner must be one of the game's two players."))
    score_a = 0.5 if winner is None else (1.0 if winner == a else 0.0)
    loser = None if winner is None else (b if winner == a else a)
    now = now_or(now)
    payload = {"kind": kind, "winner": winner, "loser": loser,
               "winner_side": _side_of(league, pairing, winner) if winner else None,
               "score": {str(a): score_a, str(b): 1.0 - score_a}, "reason": reason[:2000],
               "by": by, "adjusts": adjusts}
    append_records(session, game, [("game.result", payload, None)], by, now)
    game.status, game.deadline_at, game.owed_seats = FINISHED, None, "[]"
    game.result = canonical_json({"winner": payload["winner_side"], "reason": kind, "league": True})
    row = existing or LeagueResult(game_id=int(game.id), season_id=season.id, ended_at=now,  # type: ignore[arg-type]
                                   seq=game.last_seq, ruleset_key=league.ruleset_key,
                                   ruleset_version=league.ruleset_version, player_a=a, player_b=b,
                                   score_a=score_a, kind=kind)
    row.score_a, row.kind, row.reason = score_a, kind, reason[:2000]
    pairing.status, pairing.draw_offered_by = DONE, None
    session.add_all([game, row, pairing])
    winner_name = get_user(session, winner).display_name if winner else ""
    notes.notify_users(session, game, [a, b], template="game_over", kind="game_over",
                       context=notes.game_context(game, [], None, winner=payload["winner_side"] or "",
                                                  winner_name=winner_name))
    if commit:
        session.commit()
    return row


def _player(session: Session, game_id: int, user_id: int) -> tuple[Pairing, Season, League]:
    found = league_of_game(session, game_id)
    if found is None:
        raise BadRequest(_("This game is not a league game."))
    if user_id not in (found[0].player_a, found[0].player_b):
        raise Forbidden(_("Only the game's players may do that."))
    return found


def concede(session: Session, *, game_id: int, user_id: int, now: datetime | None = None) -> LeagueResult:
    with rollback_on_error(session):
        pairing, season, league = _player(session, game_id, user_id)
        winner = pairing.player_b if user_id == pairing.player_a else pairing.player_a
        row = record_result(session, game_id=game_id, kind=CONCESSION, winner=winner, by=user_id, now=now)
    abandonment(session, league=league, user_id=user_id, now=now)
    return row


def offer_draw(session: Session, *, game_id: int, user_id: int, now: datetime | None = None) -> LeagueResult | None:
    """Offer a draw, or accept the opponent's offer (then the game ends drawn)."""
    with rollback_on_error(session):
        pairing, _season, _league = _player(session, game_id, user_id)
        if pairing.status != PLAYING:
            raise Conflict(_("Only a game in progress can end this way."))
        offered = pairing.draw_offered_by
        if offered is not None and offered != user_id:
            return record_result(session, game_id=game_id, kind=DRAW, winner=None, by=user_id, now=now,
                                 reason="agreement")
        pairing.draw_offered_by = user_id
        session.add(pairing)
        session.commit()
        return None


def adjudicate(session: Session, *, game_id: int, user_id: int, winner: int | None, reason: str,
               now: datetime | None = None) -> LeagueResult:
    """The organisers decide a game (``winner`` None: a draw), or adjust a recorded result."""
    with rollback_on_error(session):
        found = league_of_game(session, game_id)
        if found is None:
            raise BadRequest(_("This game is not a league game."))
        require_organiser(session, found[2].club_id, user_id)
        if not (reason or "").strip():
            raise BadRequest(_("An adjudication needs a written reason."))
        adjusts = session.exec(select(LeagueResult).where(LeagueResult.game_id == game_id)).first() is not None
        return record_result(session, game_id=game_id, kind=ADJUDICATION, winner=winner, by=user_id,
                             reason=reason.strip(), now=now, adjusts=adjusts)


def forfeit(session: Session, *, game_id: int, loser: int, reason: str, now: datetime | None = None,
            commit: bool = True) -> LeagueResult:
    found = league_of_game(session, game_id)
    assert found is not None
    pairing = found[0]
    winner = pairing.player_b if loser == pairing.player_a else pairing.player_a
    return record_result(session, game_id=game_id, kind=FORFEIT, winner=winner, by=None,
                         reason=reason, now=now, commit=commit)


def sync_engine_results(session: Session, season: Season, now: datetime | None = None) -> int:
    """Record ``win``/``draw`` for the season's games the rules engine has ended."""
    done = 0
    rows = session.exec(select(Pairing, Game).where(Pairing.season_id == season.id,
                                                    Pairing.game_id == Game.id, Game.status == FINISHED,
                                                    Pairing.status == PLAYING)).all()
    for pairing, game in rows:
        if session.exec(select(LeagueResult.id).where(LeagueResult.game_id == game.id)).first():
            continue
        league = session.get(League, season.league_id)
        assert league is not None
        side = _winner_side(game, league)
        other = [s for s in sides_of(league.ruleset_key, loads(league.options)) if s != pairing.side_a]
        winner = (pairing.player_a if side == pairing.side_a
                  else pairing.player_b if side in other else None)
        record_result(session, game_id=int(game.id), kind=WIN if winner else DRAW, winner=winner,  # type: ignore[arg-type]
                      by=None, now=as_utc(game.updated_at) if now is None else now, reason="rules")
        done += 1
    return done


def _winner_side(game: Game, league: League) -> str | None:
    result = json.loads(game.result or "{}")
    winner = result.get("winner")
    seats = {s["id"]: (s.get("side") or s["id"]) for s in seats_of(game)}
    return seats.get(winner, winner)


def abandonment(session: Session, *, league: League, user_id: int, now: datetime | None = None) -> int:
    """Apply the league's abandonment policy after ``user_id`` lost by concession or forfeit."""
    limit = settings(league)["abandon_limit"]
    if not limit:
        return 0
    now = now_or(now)
    seasons = [s.id for s in session.exec(select(Season).where(Season.league_id == league.id))]
    recent = session.exec(select(LeagueResult).where(
        LeagueResult.season_id.in_(seasons),  # type: ignore[union-attr]
        LeagueResult.kind.in_((CONCESSION, FORFEIT)),  # type: ignore[attr-defined]
        LeagueResult.ended_at >= now - ABANDON_WINDOW,
        ((LeagueResult.player_a == user_id) & (LeagueResult.score_a == 0.0))
        | ((LeagueResult.player_b == user_id) & (LeagueResult.score_a == 1.0)))).all()
    if len(recent) < limit:
        return 0
    open_games = session.exec(select(Pairing).join(Season, Season.id == Pairing.season_id).where(
        Season.league_id == league.id, Season.status == RUNNING, Pairing.status == PLAYING,
        (Pairing.player_a == user_id) | (Pairing.player_b == user_id))).all()
    count = 0
    for pairing in open_games:
        game = session.get(Game, pairing.game_id)
        if game is None or game.status not in (ACTIVE, PAUSED):
            continue
        forfeit(session, game_id=int(game.id), loser=user_id, reason="abandonment", now=now)  # type: ignore[arg-type]
        count += 1
    for entry in session.exec(select(SeasonEntry).where(SeasonEntry.season_id.in_(seasons),  # type: ignore[attr-defined]
                                                        SeasonEntry.user_id == user_id,
                                                        SeasonEntry.withdrawn_at.is_(None))).all():  # type: ignore[union-attr]
        entry.withdrawn_at = now
        session.add(entry)
    session.commit()
    return count


def barred(session: Session, league_id: int, user_id: int) -> bool:
    """True while the player has forfeited more games in the league's club than they have
    finished since their first forfeit (see the module docstring)."""
    league = get_row(session, League, league_id, "league")
    clubs_seasons = select(Season.id).join(League, League.id == Season.league_id).where(
        League.club_id == league.club_id)
    lost = session.exec(select(LeagueResult).where(
        LeagueResult.season_id.in_(clubs_seasons), LeagueResult.kind == FORFEIT,  # type: ignore[union-attr]
        ((LeagueResult.player_a == user_id) & (LeagueResult.score_a == 0.0))
        | ((LeagueResult.player_b == user_id) & (LeagueResult.score_a == 1.0)))).all()
    if not lost:
        return False
    first = min(as_utc(r.ended_at) for r in lost)
    lost_ids = {r.game_id for r in lost}
    finished = session.exec(select(Game).join(SeatHolder, SeatHolder.game_id == Game.id).where(
        SeatHolder.user_id == user_id, Game.status == FINISHED)).all()
    since = {g.id for g in finished if as_utc(g.updated_at) > first and g.id not in lost_ids}
    return len(since) <= len(lost)


def seat_users(session: Session, game_id: int) -> dict[str, int]:
    return {seat: h.user_id for seat, h in holders(session, game_id).items()}


def result_payloads(session: Session, game_id: int) -> list[dict[str, Any]]:
    return [e["payload"] for e in log.load(session, game_id) if e["type"] == "game.result"]
